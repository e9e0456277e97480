// SPDX-License-Identifier: GPL-2.0
/*
 * dot2k: turn a deterministic automaton written in DOT into the skeleton
 * of an RV monitor: the model in C, the monitor's tracepoints and a
 * monitor file whose handlers are left to fill in. With the subcommand
 * "container", write a container instead: a monitor that follows no event
 * and groups the monitors registered under it. The templates are built
 * in, so the tool works from anywhere.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "automaton.h"

enum monitor_kind { GLOBAL, PER_CPU, PER_TASK, PER_OBJ, NR_KINDS };

static const char * const kind_names[] = { "global", "per_cpu", "per_task", "per_obj" };
static const char * const kind_macros[] = {
	"DECLARE_DA_MON_GLOBAL", "DECLARE_DA_MON_PER_CPU", "DECLARE_DA_MON_PER_TASK",
	"DECLARE_DA_MON_PER_OBJ",
};

static const char * const ha_kind_macros[] = {
	"DECLARE_HA_MON_GLOBAL", "DECLARE_HA_MON_PER_CPU", "DECLARE_HA_MON_PER_TASK",
	"DECLARE_HA_MON_PER_OBJ",
};

/* how many objects a per-object monitor follows at once, by default and at most */
#define DEFAULT_CAPACITY	1024
#define MAX_CAPACITY		1048576U	/* 2^20 */

#define CAPACITY_ONLY \
	"dot2k: -c/--capacity is for per_obj monitors and hybrid per_task ones only, "

/* the longest monitor name the RV core takes (RV_NAME_MAX) */
#define NAME_MAX_LEN		31

struct options {
	const char *model;
	const char *name;
	const char *description;
	const char *outdir;
	const char *parent;
	enum monitor_kind kind;
	unsigned int capacity;
	const char *capacity_arg;
	bool container;
	bool force;
	bool model_only;
	bool seen[128];		/* the options given, by their short letter */
};

/* A growing string: each generated file is composed in memory first. */
struct text {
	char *buf;
	size_t len;
	FILE *stream;
};

/* A file to write: its name in the monitor's folder, and its content. */
struct file {
	char *name;
	struct text text;
};

static FILE *text_open(struct text *t)
{
	t->stream = open_memstream(&t->buf, &t->len);
	if (!t->stream) {
		perror("dot2k");
		exit(2);
	}
	return t->stream;
}

static void text_close(struct text *t)
{
	fclose(t->stream);
}

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: dot2k -d MODEL.dot -t global|per_cpu|per_task|per_obj [options]\n"
		"       dot2k container -n NAME [-D TXT] [-o DIR] [-f]\n"
		"\n"
		"Write the skeleton of an RV monitor for the automaton in MODEL.dot\n"
		"into the folder NAME: model.h (the automaton in C), NAME_trace.h\n"
		"(its tracepoints), NAME.c (the monitor, with one handler to fill\n"
		"in per event) and a Makefile; then print its Kconfig entry and the\n"
		"line for kernel/trace/rv/Makefile.\n"
		"\n"
		"With \"container\", write a container of monitors into the folder\n"
		"NAME instead: NAME.c, NAME.h (for its children) and a Makefile.\n"
		"\n"
		"  -d, --dot MODEL.dot    the model\n"
		"  -t, --type KIND        one instance for the system (global), per\n"
		"                         CPU (per_cpu), per task (per_task) or per\n"
		"                         object (per_obj)\n"
		"  -c, --capacity N       per_obj, and per_task for a hybrid model: how\n"
		"                         many objects (tasks) the monitor can follow\n"
		"                         at once, 1 to 1048576 (default 1024)\n"
		"  -p, --parent PARENT    register the monitor under the container\n"
		"                         PARENT, whose folder is next to NAME/\n"
		"  -n, --name NAME        the monitor's name (default: the model's);\n"
		"                         required for a container\n"
		"  -D, --description TXT  what the monitor verifies, one line\n"
		"  -o, --output DIR       where to create NAME/ (default: .)\n"
		"  -m, --model-only       only (re)write model.h and NAME_trace.h,\n"
		"                         the parts generated from the model\n"
		"  -f, --force            overwrite files that differ from what dot2k\n"
		"                         would write (hand-edited ones)\n"
		"  -h, --help             print this help\n");
}

/* NAME in upper case, for CONFIG_ symbols and include guards */
static const char *upper(const char *name)
{
	static char buf[64];
	size_t i;

	for (i = 0; name[i] && i < sizeof(buf) - 1; i++)
		buf[i] = (name[i] >= 'a' && name[i] <= 'z') ? name[i] - 'a' + 'A' : name[i];
	buf[i] = '\0';
	return buf;
}

static void write_model(FILE *out, const struct automaton *aut)
{
	automaton_print_c(out, aut);
}

/* Per-task monitors trace the task's pid, per-object ones the object's id. */
static bool traces_id(enum monitor_kind kind)
{
	return kind == PER_TASK || kind == PER_OBJ;
}

/*
 * The monitor's tracepoints: event_NAME and error_NAME of a DA monitor and,
 * for a hybrid automaton, error_env_NAME, a clock's violation with the
 * clock's value.
 */
static void write_trace_header(FILE *out, const char *name, enum monitor_kind kind, bool hybrid)
{
	const char *class = traces_id(kind) ? "DEFINE_RV_DA_TASK" : "DEFINE_RV_DA";

	fprintf(out,
		"/* " SPDX_GPL_2_0 " */\n"
		"/*\n"
		" * Tracepoints of the %s monitor, generated by dot2k.\n"
		" * Do not edit: change the model and generate it again.\n"
		" */\n"
		"#undef TRACE_SYSTEM\n"
		"#define TRACE_SYSTEM rv\n"
		"\n"
		"#if !defined(_RV_MON_%s_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)\n"
		"#define _RV_MON_%s_TRACE_H\n"
		"\n"
		"#include <linux/tracepoint.h>\n"
		"#include <rv/%s.h>\n",
		name, upper(name), upper(name), traces_id(kind) ? "da_trace_task" : "da_trace");
	if (hybrid)
		fprintf(out, "#include <rv/%s.h>\n",
			traces_id(kind) ? "ha_trace_task" : "ha_trace");
	fprintf(out,
		"\n"
		"%s_EVENT(%s);\n"
		"%s_ERROR(%s);\n",
		class, name, class, name);
	if (hybrid)
		fprintf(out, "%s_ERROR_ENV(%s);\n",
			traces_id(kind) ? "DEFINE_RV_HA_TASK" : "DEFINE_RV_HA", name);
	fprintf(out,
		"\n"
		"#endif /* _RV_MON_%s_TRACE_H */\n"
		"\n"
		"#undef TRACE_INCLUDE_PATH\n"
		"#define TRACE_INCLUDE_PATH .\n"
		"#define TRACE_INCLUDE_FILE %s_trace\n"
		"#include <trace/define_trace.h>\n",
		upper(name), name);
}

/* The events with a transition into the initial state: init event candidates. */
static void print_init_candidates(FILE *out, const struct automaton *aut)
{
	const char *sep = "";
	int s, e;

	for (e = 0; e < aut->nr_events; e++) {
		for (s = 0; s < aut->nr_states; s++) {
			if (automaton_next(aut, s, e) == aut->initial) {
				fprintf(out, "%s%s", sep, aut->events[e]);
				sep = ", ";
				break;
			}
		}
	}
	if (!*sep)
		fprintf(out, "(none)");
}

/* Whether the monitor's instances come from a pool of opt->capacity. */
static bool pooled(const struct automaton *aut, const struct options *opt)
{
	return opt->kind == PER_OBJ || (opt->kind == PER_TASK && automaton_hybrid(aut));
}

static void write_declaration(FILE *out, const struct automaton *aut, const struct options *opt)
{
	const char *name = opt->name;

	if (automaton_hybrid(aut)) {
		if (pooled(aut, opt))
			fprintf(out, "/* one instance per %s, for up to %u %ss at a time */\n",
				opt->kind == PER_TASK ? "task" : "object", opt->capacity,
				opt->kind == PER_TASK ? "task" : "object");
		fprintf(out, "static struct rv_monitor rv_%s;\n%s(%s, %s", name,
			ha_kind_macros[opt->kind], name, automaton_state_type(aut));
		if (pooled(aut, opt))
			fprintf(out, ", %u", opt->capacity);
		fprintf(out, ");\n");
		return;
	}
	if (opt->kind == PER_OBJ) {
		fprintf(out,
			"/* one instance per object, for up to %u objects at a time */\n"
			"static struct rv_monitor rv_%s;\n"
			"%s(%s, %s, %u);\n",
			opt->capacity, name, kind_macros[opt->kind], name,
			automaton_state_type(aut), opt->capacity);
		return;
	}
	fprintf(out,
		"static struct rv_monitor rv_%s;\n"
		"%s(%s, %s);\n",
		name, kind_macros[opt->kind], name, automaton_state_type(aut));
}

/* The module's init and exit: register the monitor (under @parent, if any). */
static void write_registration(FILE *out, const char *name, const char *parent,
			       const char *description)
{
	fprintf(out,
		"static int __init register_%s(void)\n"
		"{\n",
		name);
	if (parent)
		fprintf(out, "\treturn rv_register_monitor(&rv_%s, &rv_%s);\n", name, parent);
	else
		fprintf(out, "\treturn rv_register_monitor(&rv_%s);\n", name);
	fprintf(out,
		"}\n"
		"\n"
		"static void __exit unregister_%s(void)\n"
		"{\n"
		"\trv_unregister_monitor(&rv_%s);\n"
		"}\n"
		"\n"
		"module_init(register_%s);\n"
		"module_exit(unregister_%s);\n"
		"\n"
		"MODULE_LICENSE(\"GPL\");\n"
		"MODULE_DESCRIPTION(\"%s: %s\");\n",
		name, name, name, name, name, description);
}

/* The bounds the model names: module parameters, their defaults to fill in. */
static void write_params(FILE *out, const struct automaton *aut)
{
	static const char * const units[] = { "_ns", "_us", "_ms", "_s", "_jiffies" };
	static const char * const unit_names[] = {
		"nanoseconds", "microseconds", "milliseconds", "seconds", "jiffies",
	};
	int i;
	size_t u;

	if (!aut->nr_params)
		return;
	fprintf(out, "/* XXX: give each bound of the model its default */\n");
	for (i = 0; i < aut->nr_params; i++) {
		const char *p = aut->params[i], *unit = "";
		size_t len = strlen(p);

		for (u = 0; u < ARRAY_SIZE(units); u++)
			if (len > strlen(units[u]) && !strcmp(p + len - strlen(units[u]), units[u]))
				unit = unit_names[u];
		fprintf(out,
			"static u64 %s = XXX_default_%s;\n"
			"module_param(%s, ullong, 0644);\n"
			"MODULE_PARM_DESC(%s, \"a bound of the %s model, in %s\");\n\n",
			p, p, p, p, aut->name, unit);
	}
}

static void write_monitor(FILE *out, const struct automaton *aut, const struct options *opt,
			  const char *model_name)
{
	const char *name = opt->name;
	const char *first_arg = "";
	int e;

	if (opt->kind == PER_TASK)
		first_arg = "current, ";
	else if (opt->kind == PER_OBJ)
		first_arg = "XXX_object_id, ";

	fprintf(out,
		"// " SPDX_GPL_2_0 "\n"
		"/*\n"
		" * The %s monitor: %s\n"
		" *\n"
		" * Generated by dot2k from %s.dot as a %s %smonitor",
		name, opt->description, model_name, kind_names[opt->kind],
		automaton_hybrid(aut) ? "hybrid " : "");
	if (opt->parent)
		fprintf(out, ",\n * registered under the container %s", opt->parent);
	fprintf(out,
		".\n"
		" * The places left to fill in are marked XXX.\n"
		" */\n"
		"#include <linux/kernel.h>\n"
		"#include <linux/module.h>\n"
		"%s#include <linux/rv.h>\n"
		"#include <linux/sched.h>\n"
		"#include <rv/instrumentation.h>\n"
		"/* XXX: include the headers that declare the tracepoints used below */\n"
		"\n", aut->nr_params ? "#include <linux/moduleparam.h>\n" : "");
	/* the container's folder is next to the monitor's, in the tree and out of it */
	if (opt->parent)
		fprintf(out, "#include \"../%s/%s.h\"\n", opt->parent, opt->parent);
	fprintf(out, "#include \"model.h\"\n\n");
	write_params(out, aut);
	fprintf(out,
		"#define CREATE_TRACE_POINTS\n"
		"#include \"%s_trace.h\"\n"
		"\n"
		"#include <rv/%s_monitor.h>\n"
		"\n",
		name, automaton_hybrid(aut) ? "ha" : "da");
	write_declaration(out, aut, opt);
	fprintf(out,
		"\n"
		"/*\n"
		" * XXX: one handler per event. Give each the arguments of the tracepoint\n"
		" * it is attached to, after void *data, and send the event with\n"
		" * da_handle_init_event_%s() instead if it brings the system to the\n"
		" * initial state, %s (candidates: ",
		name, aut->states[aut->initial]);
	print_init_candidates(out, aut);
	fprintf(out, ").\n");
	if (opt->kind == PER_TASK)
		fprintf(out, " * Pass the task the event is about, not always current.\n");
	if (opt->kind == PER_TASK && automaton_hybrid(aut))
		fprintf(out,
			" * A task takes an instance from the pool of %u at its init event\n"
			" * and gives it back when it is freed.\n",
			opt->capacity);
	if (opt->kind == PER_OBJ)
		fprintf(out,
			" * XXX: replace XXX_object_id with the object's id, an int taken from\n"
			" * the tracepoint's arguments, and call da_monitor_forget_%s(id)\n"
			" * where the object ends, after its last event: that gives its\n"
			" * instance back to the pool of %u.\n",
			name, opt->capacity);
	fprintf(out, " */\n");
	for (e = 0; e < aut->nr_events; e++)
		fprintf(out,
			"static void handle_%s(void *data)\n"
			"{\n"
			"\tda_handle_event_%s(%s%s_%s);\n"
			"}\n"
			"\n",
			aut->events[e], name, first_arg, aut->events[e], name);

	fprintf(out, "static struct rv_probe probes[] = {\n");
	for (e = 0; e < aut->nr_events; e++)
		fprintf(out, "\tRV_PROBE(XXX_tracepoint_of_%s, handle_%s),\n",
			aut->events[e], aut->events[e]);
	fprintf(out,
		"};\n"
		"\n"
		"static int start_%s(void)\n"
		"{\n"
		"\tint ret;\n"
		"\n"
		"\tret = da_monitor_init_%s();\n"
		"\tif (ret)\n"
		"\t\treturn ret;\n"
		"\tret = rv_attach_probes(probes, ARRAY_SIZE(probes));\n"
		"\tif (ret)\n"
		"\t\tda_monitor_destroy_%s();\n"
		"\treturn ret;\n"
		"}\n"
		"\n"
		"static void stop_%s(void)\n"
		"{\n"
		"\trv_detach_probes(probes, ARRAY_SIZE(probes));\n"
		"\tda_monitor_destroy_%s();\n"
		"}\n"
		"\n"
		"static struct rv_monitor rv_%s = {\n"
		"\t.name = \"%s\",\n"
		"\t.description = \"%s\",\n"
		"\t.start = start_%s,\n"
		"\t.stop = stop_%s,\n"
		"\t.reset = da_monitor_reset_all_%s,\n"
		"};\n"
		"\n",
		name, name, name, name, name, name, name, opt->description, name, name,
		name);
	write_registration(out, name, opt->parent, opt->description);
}

static void write_makefile(FILE *out, const char *name)
{
	fprintf(out,
		"# " SPDX_GPL_2_0 "\n"
		"\n"
		"obj-$(CONFIG_RV_MON_%s) += %s.o\n"
		"CFLAGS_%s.o := -I$(src)\n",
		upper(name), name, name);
}

static void write_container(FILE *out, const struct options *opt)
{
	const char *name = opt->name;

	fprintf(out,
		"// " SPDX_GPL_2_0 "\n"
		"/*\n"
		" * The %s container: %s\n"
		" *\n"
		" * Generated by dot2k. A container follows no event of its own: it\n"
		" * groups the monitors registered under it, its children, which the\n"
		" * user enables, disables and gives a reactor together through it.\n"
		" * A child, in a folder next to this one, includes \"../%s/%s.h\"\n"
		" * and registers with rv_register_monitor(&rv_CHILD, &rv_%s):\n"
		" * dot2k -p %s writes one.\n"
		" */\n"
		"#include <linux/kernel.h>\n"
		"#include <linux/module.h>\n"
		"#include <linux/rv.h>\n"
		"\n"
		"#include \"%s.h\"\n"
		"\n"
		"/*\n"
		" * rv_%s - the container, which its children register under\n"
		" *\n"
		" * No start, stop or reset: that makes it a container. (A plain\n"
		" * comment: kernel-doc does not document variables.)\n"
		" */\n"
		"struct rv_monitor rv_%s = {\n"
		"\t.name = \"%s\",\n"
		"\t.description = \"%s\",\n"
		"};\n"
		"EXPORT_SYMBOL_GPL(rv_%s);\n"
		"\n",
		name, opt->description, name, name, name, name, name, name, name, name,
		opt->description, name);
	write_registration(out, name, NULL, opt->description);
}

static void write_container_header(FILE *out, const char *name)
{
	char *up = strdup(upper(name));

	if (!up) {
		perror("dot2k");
		exit(2);
	}
	fprintf(out,
		"/* " SPDX_GPL_2_0 " */\n"
		"/*\n"
		" * The %s container, generated by dot2k: what its children register\n"
		" * under.\n"
		" */\n"
		"#ifndef _RV_MON_%s_H\n"
		"#define _RV_MON_%s_H\n"
		"\n"
		"#include <linux/rv.h>\n"
		"\n"
		"extern struct rv_monitor rv_%s;\n"
		"\n"
		"#endif /* _RV_MON_%s_H */\n",
		name, up, up, name, up);
	free(up);
}

static void write_container_makefile(FILE *out, const char *name)
{
	fprintf(out,
		"# " SPDX_GPL_2_0 "\n"
		"\n"
		"obj-$(CONFIG_RV_MON_%s) += %s.o\n",
		upper(name), name);
}

static void print_kconfig_and_makefile(const struct options *opt)
{
	char *up = strdup(upper(opt->name));
	char *parent_up = opt->parent ? strdup(upper(opt->parent)) : NULL;

	if (!up || (opt->parent && !parent_up)) {
		perror("dot2k");
		exit(2);
	}
	if (opt->container)
		printf("Move %s/ to kernel/trace/rv/monitors/, and add to\n"
		       "kernel/trace/rv/Kconfig:\n\n", opt->name);
	else if (opt->parent)
		printf("Fill in the places marked XXX in %s/%s.c, move %s/ to\n"
		       "kernel/trace/rv/monitors/, next to its container %s/, and add\n"
		       "to kernel/trace/rv/Kconfig:\n\n",
		       opt->name, opt->name, opt->name, opt->parent);
	else
		printf("Fill in the places marked XXX in %s/%s.c, move %s/ to\n"
		       "kernel/trace/rv/monitors/, and add to kernel/trace/rv/Kconfig:\n\n",
		       opt->name, opt->name, opt->name);
	printf("config RV_MON_%s\n"
	       "\tdepends on %s%s\n"
	       "\ttristate \"%s %s\"\n"
	       "\thelp\n"
	       "\t  %s\n\n"
	       "and to kernel/trace/rv/Makefile:\n\n"
	       "obj-$(CONFIG_RV_MON_%s) += monitors/%s/\n\n",
	       up, opt->parent ? "RV_MON_" : "RV", opt->parent ? parent_up : "",
	       opt->name, opt->container ? "container" : "monitor",
	       opt->description, up, opt->name);
	if (opt->parent)
		printf("Out of the tree, with %s/ next to %s/ and built first, build it\n"
		       "as a module with the container's symbols:\n\n"
		       "make -C KERNEL_BUILD M=$PWD/%s CONFIG_RV_MON_%s=m \\\n"
		       "\tKBUILD_EXTRA_SYMBOLS=$PWD/%s/Module.symvers\n",
		       opt->parent, opt->name, opt->name, up, opt->parent);
	else
		printf("Out of the tree, build it as a module with:\n\n"
		       "make -C KERNEL_BUILD M=$PWD/%s CONFIG_RV_MON_%s=m\n",
		       opt->name, up);
	free(up);
	free(parent_up);
}

/* Does path hold something else than content? */
static bool differs(const char *path, const struct text *content)
{
	bool same = false;
	char *old = NULL;
	size_t len = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return errno != ENOENT;
	old = malloc(content->len + 1);
	if (old) {
		len = fread(old, 1, content->len + 1, f);
		same = len == content->len && !memcmp(old, content->buf, len);
	}
	free(old);
	fclose(f);
	return !same;
}

static int write_file(const char *path, const struct text *content)
{
	FILE *f = fopen(path, "w");

	if (!f || fwrite(content->buf, 1, content->len, f) != content->len || fclose(f)) {
		fprintf(stderr, "dot2k: %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Write the files into DIR/NAME, all or none: none when one of them was
 * edited by hand (it differs from what dot2k writes), unless forced.
 */
static int write_files(const struct options *opt, struct file *files, int nr_files)
{
	char *dir, *paths[8];
	int i, refused = 0, ret = 0;

	if (asprintf(&dir, "%s/%s", opt->outdir, opt->name) < 0)
		return 2;
	if (mkdir(dir, 0755) && errno != EEXIST) {
		fprintf(stderr, "dot2k: %s: %s\n", dir, strerror(errno));
		free(dir);
		return 1;
	}
	for (i = 0; i < nr_files; i++) {
		if (asprintf(&paths[i], "%s/%s", dir, files[i].name) < 0)
			exit(2);
		if (!opt->force && differs(paths[i], &files[i].text)) {
			fprintf(stderr,
				"dot2k: %s exists and differs from what dot2k writes (edited by hand?): not overwritten; use -f to overwrite\n",
				paths[i]);
			refused++;
		}
	}
	for (i = 0; !refused && i < nr_files; i++) {
		if (write_file(paths[i], &files[i].text)) {
			ret = 1;
			break;
		}
	}
	for (i = 0; i < nr_files; i++)
		free(paths[i]);
	free(dir);
	return refused ? 1 : ret;
}

static bool valid_name(const char *what, const char *name)
{
	int i;

	if (!*name || strlen(name) > NAME_MAX_LEN) {
		fprintf(stderr, "dot2k: %s name '%s': 1 to %d characters\n",
			what, name, NAME_MAX_LEN);
		return false;
	}
	for (i = 0; name[i]; i++) {
		char c = name[i];

		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) {
			fprintf(stderr,
				"dot2k: %s name '%s': lower-case letters, digits and '_' only\n",
				what, name);
			return false;
		}
	}
	return true;
}

/* 1 to MAX_CAPACITY, in decimal digits only: no sign, no blank, no suffix */
static bool parse_capacity(const char *arg, unsigned int *capacity)
{
	unsigned long value;
	char *end;

	if (*arg < '0' || *arg > '9')
		return false;
	errno = 0;
	value = strtoul(arg, &end, 10);
	if (errno || *end || value < 1 || value > MAX_CAPACITY)
		return false;
	*capacity = value;
	return true;
}

static const struct option long_options[] = {
	{ "dot", required_argument, NULL, 'd' },
	{ "type", required_argument, NULL, 't' },
	{ "capacity", required_argument, NULL, 'c' },
	{ "parent", required_argument, NULL, 'p' },
	{ "name", required_argument, NULL, 'n' },
	{ "description", required_argument, NULL, 'D' },
	{ "output", required_argument, NULL, 'o' },
	{ "model-only", no_argument, NULL, 'm' },
	{ "force", no_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	{}
};

static const char *long_name(int c)
{
	const struct option *o;

	for (o = long_options; o->name; o++)
		if (o->val == c)
			return o->name;
	return "?";
}

/* Parse the command line into opt; 0, or the exit status of a refusal. */
static int parse_options(int argc, char **argv, struct options *opt)
{
	const char *capacity_arg = NULL, *kind_arg = NULL;
	int c, i;

	while ((c = getopt_long(argc, argv, "d:t:c:p:n:D:o:mfh", long_options, NULL)) != -1) {
		if (c > 0 && c < 128)
			opt->seen[c] = true;
		switch (c) {
		case 'd':
			opt->model = optarg;
			break;
		case 'n':
			opt->name = optarg;
			break;
		case 'D':
			opt->description = optarg;
			break;
		case 'o':
			opt->outdir = optarg;
			break;
		case 'p':
			opt->parent = optarg;
			break;
		case 'c':
			capacity_arg = optarg;
			break;
		case 'm':
			opt->model_only = true;
			break;
		case 'f':
			opt->force = true;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		case 't':
			kind_arg = optarg;
			break;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc) {
		if (!strcmp(argv[optind], "container"))
			fprintf(stderr, "dot2k: the subcommand container comes first\n");
		else
			fprintf(stderr, "dot2k: unexpected argument '%s'\n", argv[optind]);
		usage(stderr);
		return 2;
	}

	if (opt->container) {
		static const char monitor_only[] = "dtcpm";

		for (i = 0; monitor_only[i]; i++) {
			c = monitor_only[i];
			if (opt->seen[c]) {
				fprintf(stderr,
					"dot2k container: -%c/--%s is for monitors: a container has no model and follows no event%s\n",
					c, long_name(c),
					c == 'p' ? ", and containers do not nest" : "");
				return 2;
			}
		}
		if (!opt->name) {
			fprintf(stderr, "dot2k container: -n NAME is required\n");
			return 2;
		}
		return valid_name("container", opt->name) ? 0 : 2;
	}

	if (!opt->model || !kind_arg) {
		fprintf(stderr, "dot2k: %s\n", !opt->model ? "-d MODEL.dot is required" :
			"-t KIND is required: global, per_cpu, per_task or per_obj");
		usage(stderr);
		return 2;
	}
	for (i = 0; i < NR_KINDS; i++)
		if (!strcmp(kind_arg, kind_names[i]))
			break;
	if (i == NR_KINDS) {
		fprintf(stderr,
			"dot2k: unknown monitor type '%s': global, per_cpu, per_task or per_obj\n",
			kind_arg);
		return 2;
	}
	opt->kind = i;
	/* per_task: checked when the model is read, for a hybrid one takes it */
	if (capacity_arg && opt->kind != PER_OBJ && opt->kind != PER_TASK) {
		fprintf(stderr, CAPACITY_ONLY "not %s ones\n", kind_names[opt->kind]);
		return 2;
	}
	opt->capacity_arg = capacity_arg;
	if (capacity_arg && !parse_capacity(capacity_arg, &opt->capacity)) {
		fprintf(stderr,
			"dot2k: capacity '%s': the number of objects followed at once, a whole number from 1 to %u\n",
			capacity_arg, MAX_CAPACITY);
		return 2;
	}
	if (opt->name && !valid_name("monitor", opt->name))
		return 2;
	if (opt->parent && !valid_name("container", opt->parent))
		return 2;
	return 0;
}

static int check_description(const struct options *opt)
{
	if (strpbrk(opt->description, "\"\\\n")) {
		fprintf(stderr, "dot2k: the description must be one line without '\"' or '\\'\n");
		return 2;
	}
	return 0;
}

static void free_files(struct file *files, int nr_files)
{
	int i;

	for (i = 0; i < nr_files; i++) {
		free(files[i].name);
		free(files[i].text.buf);
	}
}

static void add_file(struct file *file, const char *format, const char *name)
{
	if (asprintf(&file->name, format, name) < 0) {
		perror("dot2k");
		exit(2);
	}
}

static int container_main(struct options *opt)
{
	char *default_description = NULL;
	struct file files[3] = {};
	int i, ret;

	if (!opt->description) {
		if (asprintf(&default_description, "%s, a container of monitors", opt->name) < 0)
			return 2;
		opt->description = default_description;
	}
	ret = check_description(opt);
	if (ret)
		goto out;

	add_file(&files[0], "%s.c", opt->name);
	write_container(text_open(&files[0].text), opt);
	add_file(&files[1], "%s.h", opt->name);
	write_container_header(text_open(&files[1].text), opt->name);
	add_file(&files[2], "%s", "Makefile");
	write_container_makefile(text_open(&files[2].text), opt->name);
	for (i = 0; i < 3; i++)
		text_close(&files[i].text);

	ret = write_files(opt, files, 3);
	if (!ret)
		print_kconfig_and_makefile(opt);
	free_files(files, 3);
out:
	free(default_description);
	return ret;
}

static int monitor_main(struct options *opt)
{
	char *default_description = NULL, *model_name;
	struct file files[4] = {};
	struct automaton aut;
	int i, nr_files, ret;

	model_name = automaton_name_of(opt->model);
	ret = 2;
	if (!opt->name) {
		opt->name = model_name;
		if (!valid_name("monitor", opt->name)) {
			fprintf(stderr, "dot2k: name the monitor with -n\n");
			goto out;
		}
	}
	if (opt->parent && !strcmp(opt->parent, opt->name)) {
		fprintf(stderr, "dot2k: monitor %s cannot be its own container\n", opt->name);
		goto out;
	}
	if (!opt->description) {
		if (asprintf(&default_description, "%s, generated from the %s model",
			     opt->name, model_name) < 0) {
			default_description = NULL;
			goto out;
		}
		opt->description = default_description;
	}
	ret = check_description(opt);
	if (ret)
		goto out;
	/* the model's C names carry the monitor's name, as the DA macros expect */
	if (automaton_load(&aut, opt->model, opt->name)) {
		ret = 1;
		goto out;
	}
	if (opt->capacity_arg && !pooled(&aut, opt)) {
		fprintf(stderr, CAPACITY_ONLY "not deterministic per_task ones\n");
		automaton_free(&aut);
		ret = 2;
		goto out;
	}

	add_file(&files[0], "%s", "model.h");
	write_model(text_open(&files[0].text), &aut);
	add_file(&files[1], "%s_trace.h", opt->name);
	write_trace_header(text_open(&files[1].text), opt->name, opt->kind,
			   automaton_hybrid(&aut));
	nr_files = 2;
	if (!opt->model_only) {
		add_file(&files[2], "%s.c", opt->name);
		write_monitor(text_open(&files[2].text), &aut, opt, model_name);
		add_file(&files[3], "%s", "Makefile");
		write_makefile(text_open(&files[3].text), opt->name);
		nr_files = 4;
	}
	for (i = 0; i < nr_files; i++)
		text_close(&files[i].text);

	ret = write_files(opt, files, nr_files);
	if (!ret && !opt->model_only)
		print_kconfig_and_makefile(opt);
	free_files(files, nr_files);
	automaton_free(&aut);
out:
	free(default_description);
	free(model_name);
	return ret;
}

int main(int argc, char **argv)
{
	struct options opt = { .outdir = ".", .capacity = DEFAULT_CAPACITY };
	int ret;

	/* "dot2k container ...": the subcommand is the first argument only */
	if (argc > 1 && !strcmp(argv[1], "container")) {
		opt.container = true;
		argv[1] = argv[0];
		argc--;
		argv++;
	}
	ret = parse_options(argc, argv, &opt);
	if (ret)
		return ret;
	return opt.container ? container_main(&opt) : monitor_main(&opt);
}
