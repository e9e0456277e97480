// SPDX-License-Identifier: GPL-2.0
/*
 * rv: run the kernel's runtime verification monitors from a shell.
 *
 *   rv list [CONTAINER]  the monitors, containers with their children,
 *                        on or off, and what each checks
 *   rv mon MONITOR ...   enable a monitor, a container or one child of a
 *                        container until interrupted or a time limit, print
 *                        what it finds, then leave the RV interface as it
 *                        was and sum the run up
 *   rv coverage MONITOR  how often MONITOR's last run took each transition
 *                        of its model, as a table, JSON or a Graphviz graph
 *
 * Everything goes through the files of the RV interface (rv/ in the
 * tracing folder) and, for what a monitor reports, its trace events
 * (rv:event_NAME and rv:error_NAME, rv:error_env_NAME of a hybrid
 * automaton, or RV's shared rv:da_event, rv:da_error and their _id
 * variants for monitors written for the merged Linux RV, decoded by
 * decode.c), read from a tracing instance of our own so that the
 * top-level trace buffer of the user is left alone. The stats and coverage
 * files of a monitor, where the kernel has them, give the summary.
 *
 * Exit status: 0 when no violation was seen, 1 when some were, 2 on a
 * usage or system error. RV_TRACEFS_DIR names another tracing folder than
 * the mounted tracefs (for tests on a tree of plain files).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/param.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <graphviz/cgraph.h>
#include <tracefs.h>

#include "rv.h"

/* as in the kernel */
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))

#define POLL_NS		100000000	/* how often the trace buffers are read */
#define PASS_RECORDS	4096		/* records read before looking for a signal */
#define NAME_MAX_LEN	64		/* of a state, an event, a monitor */

static const char *tracing_dir;		/* where tracefs is */

static void msg(const char *prefix, const char *fmt, va_list ap)
{
	fputs(prefix, stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

__printf(1, 2) void rv_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	msg("rv: ", fmt, ap);
	va_end(ap);
}

__printf(1, 2) void rv_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	msg("rv: warning: ", fmt, ap);
	va_end(ap);
}

static void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size);

	if (!p) {
		rv_err("out of memory");
		exit(EXIT_ERROR);
	}
	return p;
}

static char *xstrdup(const char *text)
{
	char *copy = strdup(text);

	if (!copy) {
		rv_err("out of memory");
		exit(EXIT_ERROR);
	}
	return copy;
}

static __printf(1, 2) char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *text;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (ret < 0) {
		rv_err("out of memory");
		exit(EXIT_ERROR);
	}
	return text;
}

static char *chomp(char *text)
{
	size_t len = text ? strlen(text) : 0;

	while (len && isspace((unsigned char)text[len - 1]))
		text[--len] = '\0';
	return text;
}

/*
 * The text of the file PATH (relative to rv/ in the tracing folder), or
 * NULL with errno set. An empty file gives an empty string.
 */
static char *rv_read(const char *path)
{
	char *file = xasprintf("%s/rv/%s", tracing_dir, path);
	char *text = NULL;
	size_t size = 0;
	FILE *stream;
	int saved;

	stream = fopen(file, "re");
	free(file);
	if (!stream)
		return NULL;
	if (getdelim(&text, &size, '\0', stream) < 0) {
		/* at the end of an empty file, the buffer holds no string */
		saved = feof(stream) ? 0 : errno;
		free(text);
		fclose(stream);
		errno = saved;
		return saved ? NULL : xstrdup("");
	}
	fclose(stream);
	return text;
}

/*
 * Write TEXT to the RV file PATH, appending when APPEND is set (an
 * enabled_monitors opened without O_TRUNC keeps the other monitors on).
 * Says what went wrong, with the kernel's errno, on failure.
 */
static int rv_write(const char *path, const char *text, bool append)
{
	char *file = xasprintf("%s/rv/%s", tracing_dir, path);
	size_t len = strlen(text);
	ssize_t written;
	int fd, saved;

	fd = open(file, O_WRONLY | O_CLOEXEC | (append ? O_APPEND : O_TRUNC));
	if (fd < 0)
		goto err;
	written = write(fd, text, len);
	saved = errno;
	if (close(fd) && written == (ssize_t)len) {
		saved = errno;
		written = -1;
	}
	errno = saved;
	if (written == (ssize_t)len) {
		free(file);
		return 0;
	}
	if (written >= 0)
		errno = EIO;
err:
	rv_err("cannot write '%s' to %s: %s", text, file, strerror(errno));
	free(file);
	return -1;
}

/* Whether WORD is one of the lines of TEXT, brackets around it or not. */
static bool has_line(const char *text, const char *word)
{
	size_t len = strlen(word);
	const char *line = text;

	while (line && *line) {
		const char *end = strchrnul(line, '\n');
		bool in_brackets = *line == '[';
		const char *start = line + in_brackets;
		const char *stop = end;

		while (stop > start && isspace((unsigned char)stop[-1]))
			stop--;
		if (in_brackets && stop > start && stop[-1] == ']')
			stop--;
		if ((size_t)(stop - start) == len && !strncmp(start, word, len))
			return true;
		line = *end ? end + 1 : NULL;
	}
	return false;
}

/* The text of TEXT's line that is in brackets, without them, or NULL. */
static char *bracketed_line(const char *text)
{
	const char *line = text;

	while (line && *line) {
		const char *end = strchrnul(line, '\n');
		const char *close = memchr(line, ']', end - line);

		if (*line == '[' && close)
			return strndup(line + 1, close - line - 1);
		line = *end ? end + 1 : NULL;
	}
	return NULL;
}

/* TEXT's lines on one line, brackets dropped: "nop\n[printk]" -> "nop printk" */
static char *one_line(char *text)
{
	char *from, *to = text;

	for (from = text; *from; from++) {
		if (*from == '[' || *from == ']')
			continue;
		*to++ = *from == '\n' ? ' ' : *from;
	}
	*to = '\0';
	return chomp(text);
}

/* A boolean RV file (monitoring_on, reacting_on): 0, 1, or -1 if absent. */
static int rv_read_bool(const char *path)
{
	char *text = chomp(rv_read(path));
	int value = text ? !!strtol(text, NULL, 10) : -1;

	free(text);
	return value;
}

/*
 * The tracing folder: RV_TRACEFS_DIR, else where tracefs is mounted (the
 * first tracefs of /proc/mounts).
 */
static char *find_tracefs(void)
{
	char *line = NULL, *found = NULL;
	size_t size = 0;
	FILE *mounts;

	mounts = fopen("/proc/mounts", "re");
	if (!mounts)
		return NULL;
	while (!found && getline(&line, &size, mounts) > 0) {
		char dir[PATH_MAX], type[64];

		if (sscanf(line, "%*s %4095s %63s", dir, type) == 2 && !strcmp(type, "tracefs"))
			found = xstrdup(dir);
	}
	free(line);
	fclose(mounts);
	return found;
}

/*
 * Finds the RV interface, or says why there is none and what to do: on
 * failure, returns EXIT_ERROR.
 */
static int rv_open_interface(void)
{
	const char *custom = getenv("RV_TRACEFS_DIR");
	bool root = geteuid() == 0;
	struct stat st;
	char *rv_dir;

	if (custom && *custom) {
		if (stat(custom, &st) || !S_ISDIR(st.st_mode)) {
			rv_err("RV_TRACEFS_DIR=%s is no folder: unset it, or name the tracing folder",
			       custom);
			return EXIT_ERROR;
		}
		tracing_dir = custom;
	} else {
		tracing_dir = find_tracefs();
		if (!tracing_dir) {
			if (root)
				rv_err("tracefs is not mounted: mount it with 'mount -t tracefs nodev /sys/kernel/tracing'");
			else
				rv_err("tracefs is not mounted, and rv is not root: as root, mount it with 'mount -t tracefs nodev /sys/kernel/tracing' and run rv");
			return EXIT_ERROR;
		}
	}
	rv_dir = xasprintf("%s/rv", tracing_dir);
	if (access(rv_dir, R_OK | X_OK)) {
		int err = errno;

		/* an unreadable tracing folder hides whether rv/ is there */
		if (err == ENOENT && access(tracing_dir, R_OK | X_OK))
			err = errno;
		if (err == EACCES || err == EPERM)
			rv_err("cannot read %s: %s; rv needs root: run it as root (sudo rv ...)",
			       rv_dir, strerror(err));
		else if (err == ENOENT)
			rv_err("this kernel has no RV: there is no %s; build it with CONFIG_RV=y",
			       rv_dir);
		else
			rv_err("cannot read %s: %s", rv_dir, strerror(err));
		free(rv_dir);
		return EXIT_ERROR;
	}
	free(rv_dir);
	/* libtracefs finds the same folder for the instance and the formats */
	tracefs_set_tracing_dir((char *)tracing_dir);
	return 0;
}

/*
 * JSON output: strings escaped as JSON needs, numbers that may be
 * unknown written as null.
 */
void json_string(FILE *out, const char *text)
{
	const unsigned char *c;

	if (!text) {
		fputs("null", out);
		return;
	}
	fputc('"', out);
	for (c = (const unsigned char *)text; *c; c++) {
		if (*c == '"' || *c == '\\')
			fprintf(out, "\\%c", *c);
		else if (*c == '\n')
			fputs("\\n", out);
		else if (*c == '\t')
			fputs("\\t", out);
		else if (*c < 0x20 || *c == 0x7f)
			fprintf(out, "\\u%04x", *c);
		else
			fputc(*c, out);
	}
	fputc('"', out);
}

static void json_bool(FILE *out, int value)
{
	fputs(value < 0 ? "null" : value ? "true" : "false", out);
}

/* One line of monitors/MONITOR/coverage: a transition and its count. */
struct transition {
	char state[NAME_MAX_LEN];
	char event[NAME_MAX_LEN];
	char next[NAME_MAX_LEN];
	unsigned long long count;
};

/* The counters of monitors/MONITOR/stats. */
struct stats {
	bool present;
	unsigned long long events;
	unsigned long long violations;
	bool per_object;		/* the objects lines */
	unsigned long long objects, objects_followed, objects_dropped, objects_capacity;
	bool last;			/* a last violation recorded */
	char last_state[NAME_MAX_LEN], last_event[NAME_MAX_LEN];
	int last_cpu, last_pid;
	unsigned long long last_time_ns;
};

/*
 * Violations of one event in one state (of an LTL monitor: with these
 * atoms in these states), as the error trace events told.
 */
struct violation_count {
	char state[RV_TEXT_LEN];
	char event[RV_TEXT_LEN];
	unsigned long long count;
};

/* A monitor of available_monitors, and what a run found of it. */
struct monitor {
	char *name;			/* as available_monitors says: NAME, CONTAINER:NAME */
	const char *short_name;		/* the part after the colon */
	char *dir;			/* its folder, under rv/ */
	char *desc;
	char *reactor;			/* selected, or NULL without reactors */
	bool enabled;
	bool container;
	struct monitor *parent;		/* the container of a child */
	/* of a run */
	bool followed;			/* rv mon reads its events */
	bool traced;			/* it has trace events of its own */
	char *old_reactor;		/* to put back */
	struct violation_count *by;	/* traced violations, by state and event */
	int by_count;
	unsigned long long traced_violations;
};

struct monitors {
	struct monitor *list;
	int count;
};

static void monitors_free(struct monitors *all)
{
	int i;

	for (i = 0; i < all->count; i++) {
		struct monitor *m = &all->list[i];

		free(m->name);
		free(m->dir);
		free(m->desc);
		free(m->reactor);
		free(m->old_reactor);
		free(m->by);
	}
	free(all->list);
	all->list = NULL;
	all->count = 0;
}

/* The path of FILE in the folder of M, under rv/. */
static char *monitor_file(const struct monitor *m, const char *file)
{
	return xasprintf("%s/%s", m->dir, file);
}

/*
 * The monitors of available_monitors, with their state. A child of a
 * container, CONTAINER:CHILD, has its folder in its container's.
 */
static int monitors_load(struct monitors *all)
{
	char *available, *enabled, *line, *save = NULL, *path, *reactors;
	int lines = 0, i, j;

	available = rv_read("available_monitors");
	enabled = rv_read("enabled_monitors");
	if (!available || !enabled) {
		rv_err("cannot read %s/rv/%s: %s", tracing_dir,
		       available ? "enabled_monitors" : "available_monitors", strerror(errno));
		free(available);
		free(enabled);
		return -1;
	}
	for (line = available; *line; line++)
		lines += *line == '\n';
	all->list = xcalloc(lines + 1, sizeof(*all->list));
	all->count = 0;
	for (line = strtok_r(available, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		struct monitor *m = &all->list[all->count];
		char *colon;

		chomp(line);
		if (!*line)
			continue;
		all->count++;
		m->name = xstrdup(line);
		colon = strchr(m->name, ':');
		m->short_name = colon ? colon + 1 : m->name;
		m->dir = xasprintf("monitors/%s", m->name);
		colon = strchr(m->dir, ':');
		if (colon)
			*colon = '/';
		path = monitor_file(m, "desc");
		m->desc = chomp(rv_read(path));
		free(path);
		path = monitor_file(m, "reactors");
		reactors = rv_read(path);
		m->reactor = reactors ? bracketed_line(reactors) : NULL;
		free(reactors);
		free(path);
		m->enabled = has_line(enabled, m->name);
	}
	/* the children tell which monitors are containers */
	for (i = 0; i < all->count; i++) {
		struct monitor *m = &all->list[i];
		size_t len = m->short_name - m->name;

		if (m->short_name == m->name)
			continue;
		for (j = 0; j < all->count; j++) {
			struct monitor *c = &all->list[j];

			if (c->short_name == c->name && strlen(c->name) == len - 1 &&
			    !strncmp(c->name, m->name, len - 1)) {
				m->parent = c;
				c->container = true;
			}
		}
	}
	free(available);
	free(enabled);
	return 0;
}

static struct monitor *monitor_find(const struct monitors *all, const char *name)
{
	int i;

	for (i = 0; i < all->count; i++)
		if (!strcmp(all->list[i].name, name))
			return &all->list[i];
	return NULL;
}

/*
 * The monitor NAME names: a monitor, a container, CONTAINER:CHILD, or a
 * child by its own name when no other monitor has it (the kernel takes
 * that too). NULL, having said so, when there is none.
 */
static struct monitor *monitor_resolve(const struct monitors *all, const char *name)
{
	struct monitor *found = monitor_find(all, name);
	int i, matches = 0;

	if (found)
		return found;
	for (i = 0; i < all->count; i++) {
		if (all->list[i].parent && !strcmp(all->list[i].short_name, name)) {
			found = &all->list[i];
			matches++;
		}
	}
	if (matches == 1)
		return found;
	if (matches > 1)
		rv_err("'%s' is a child of several containers: name it as CONTAINER:%s", name,
		       name);
	else
		rv_err("no monitor '%s' in this kernel; rv list shows those there are (a module not loaded?)",
		       name);
	return NULL;
}

/* The list, in order: each top-level monitor, a container followed by its children. */
static void list_text(const struct monitors *all, const struct monitor *only)
{
	int i, j, width = 12;

	for (i = 0; i < all->count; i++) {
		const struct monitor *m = &all->list[i];

		width = MAX(width, (int)strlen(m->name) + (m->parent ? 2 : 0));
	}
	for (i = 0; i < all->count; i++) {
		const struct monitor *m = &all->list[i];

		if (m->parent || (only && m != only))
			continue;
		printf("%-*s %-5s %s\n", width, m->name, m->enabled ? "[ON]" : "[OFF]",
		       m->desc ? m->desc : "");
		for (j = 0; m->container && j < all->count; j++) {
			const struct monitor *c = &all->list[j];

			if (c->parent != m)
				continue;
			printf("  %-*s %-5s %s\n", width - 2, c->name,
			       c->enabled ? "[ON]" : "[OFF]", c->desc ? c->desc : "");
		}
	}
}

static void list_json_monitor(const struct monitors *all, const struct monitor *m)
{
	int j;
	bool first = true;

	fputs("{\"name\": ", stdout);
	json_string(stdout, m->name);
	fputs(", \"description\": ", stdout);
	json_string(stdout, m->desc);
	fputs(", \"enabled\": ", stdout);
	json_bool(stdout, m->enabled);
	fputs(", \"reactor\": ", stdout);
	json_string(stdout, m->reactor);
	fputs(", \"container\": ", stdout);
	json_bool(stdout, m->container);
	if (m->container) {
		fputs(", \"children\": [", stdout);
		for (j = 0; j < all->count; j++) {
			if (all->list[j].parent != m)
				continue;
			fputs(first ? "\n    " : ",\n    ", stdout);
			first = false;
			list_json_monitor(all, &all->list[j]);
		}
		fputs("]", stdout);
	}
	fputs("}", stdout);
}

static void list_json(const struct monitors *all, const struct monitor *only)
{
	bool first = true;
	int i;

	fputs("{\"monitoring_on\": ", stdout);
	json_bool(stdout, rv_read_bool("monitoring_on"));
	fputs(", \"reacting_on\": ", stdout);
	json_bool(stdout, rv_read_bool("reacting_on"));
	fputs(", \"monitors\": [", stdout);
	for (i = 0; i < all->count; i++) {
		const struct monitor *m = &all->list[i];

		if (m->parent || (only && m != only))
			continue;
		fputs(first ? "\n  " : ",\n  ", stdout);
		first = false;
		list_json_monitor(all, m);
	}
	fputs("]}\n", stdout);
}

static void list_usage(FILE *out)
{
	fprintf(out,
		"usage: rv list [--json] [CONTAINER]\n"
		"  lists the monitors of the running kernel, [ON] or [OFF], and what\n"
		"  each checks; the children of a container under it, indented;\n"
		"  with CONTAINER, that container and its children only\n"
		"  -j, --json  print the list as JSON\n"
		"  -h, --help  this text\n");
}

/* Says that the output could not be written; returns EXIT_ERROR. */
int output_failed(void)
{
	rv_err("cannot write the output: %s", strerror(errno ? errno : EIO));
	return EXIT_ERROR;
}

static int cmd_list(int argc, char **argv)
{
	static const struct option long_options[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	struct monitors all = { };
	struct monitor *only = NULL;
	bool json = false;
	int opt, status;

	while ((opt = getopt_long(argc, argv, "jh", long_options, NULL)) != -1) {
		switch (opt) {
		case 'j':
			json = true;
			break;
		case 'h':
			list_usage(stdout);
			return 0;
		default:
			list_usage(stderr);
			return EXIT_ERROR;
		}
	}
	if (argc - optind > 1) {
		rv_err("list takes one container at most: '%s'", argv[optind + 1]);
		list_usage(stderr);
		return EXIT_ERROR;
	}
	status = rv_open_interface();
	if (status)
		return status;
	if (monitors_load(&all))
		return EXIT_ERROR;
	if (optind < argc) {
		only = monitor_find(&all, argv[optind]);
		if (!only || !only->container) {
			rv_err(only ?
			       "%s is a monitor, no container: rv list shows the containers" :
			       "no container '%s' in this kernel; rv list shows the containers",
			       argv[optind]);
			monitors_free(&all);
			return EXIT_ERROR;
		}
	}
	if (json)
		list_json(&all, only);
	else
		list_text(&all, only);
	monitors_free(&all);
	if (fflush(stdout) || ferror(stdout))
		return output_failed();
	return 0;
}

/*
 * The counters of M's stats file (since it was last enabled); false when
 * the kernel has no such file (the merged Linux RV).
 */
static bool read_stats(const struct monitor *m, struct stats *stats)
{
	char *path = monitor_file(m, "stats");
	char *text = rv_read(path), *line, *end, *value;

	free(path);
	memset(stats, 0, sizeof(*stats));
	if (!text)
		return false;
	for (line = text; *line; line = *end ? end + 1 : end) {
		end = strchrnul(line, '\n');
		value = strchr(line, ':');
		if (!value || value > end)
			continue;
		value++;
		if (!strncmp(line, "events:", 7)) {
			stats->events = strtoull(value, NULL, 10);
			stats->present = true;
		} else if (!strncmp(line, "violations:", 11)) {
			stats->violations = strtoull(value, NULL, 10);
		} else if (!strncmp(line, "objects:", 8)) {
			stats->objects = strtoull(value, NULL, 10);
			stats->per_object = true;
		} else if (!strncmp(line, "objects_followed:", 17)) {
			stats->objects_followed = strtoull(value, NULL, 10);
		} else if (!strncmp(line, "objects_dropped:", 16)) {
			stats->objects_dropped = strtoull(value, NULL, 10);
		} else if (!strncmp(line, "objects_capacity:", 17)) {
			stats->objects_capacity = strtoull(value, NULL, 10);
		} else if (!strncmp(line, "last_violation:", 15)) {
			stats->last = sscanf(value,
					     " state=%63s event=%63s cpu=%d pid=%d time_ns=%llu",
					     stats->last_state, stats->last_event,
					     &stats->last_cpu, &stats->last_pid,
					     &stats->last_time_ns) == 5;
		}
	}
	free(text);
	return stats->present;
}

/*
 * The transitions of M's model, from its coverage file, where the kernel
 * has that file: their number, with *TRANSITIONS to be freed, or -1 with
 * errno set (ENOENT: no such file). A line that does not parse is
 * skipped; columns past the fourth are ignored.
 */
static int read_coverage(const struct monitor *m, struct transition **transitions)
{
	struct transition *list = NULL, *grown, t;
	char *path = monitor_file(m, "coverage");
	char *text = rv_read(path), *line, *end;
	int count = 0;

	free(path);
	*transitions = NULL;
	if (!text)
		return -1;
	for (line = text; *line; line = *end ? end + 1 : end) {
		end = strchrnul(line, '\n');
		if (sscanf(line, "%63s %63s %63s %llu", t.state, t.event, t.next, &t.count) != 4)
			continue;
		grown = realloc(list, (count + 1) * sizeof(*list));
		if (!grown) {
			free(list);
			free(text);
			errno = ENOMEM;
			return -1;
		}
		list = grown;
		list[count++] = t;
	}
	free(text);
	*transitions = list;
	return count;
}

static int transitions_taken(const struct transition *transitions, int count)
{
	int i, taken = 0;

	for (i = 0; i < count; i++)
		taken += transitions[i].count > 0;
	return taken;
}

/* "MONITOR: TAKEN of COUNT transitions taken", in TEXT of SIZE bytes */
static void coverage_summary(char *text, size_t size, const char *monitor,
			     const struct transition *transitions, int count)
{
	snprintf(text, size, "%s: %d of %d transitions taken", monitor,
		 transitions_taken(transitions, count), count);
}

struct mon_options {
	const char *name;	/* as given */
	const char *reactor;	/* NULL: leave the reactors as they are */
	bool trace;		/* print every event */
	bool verbose;		/* print the violations as they happen */
	bool self;		/* include what rv itself does */
	bool quiet;		/* a short summary */
	bool json;		/* the summary as JSON */
	double seconds;		/* time limit; 0: none */
};

/* How the records of one trace event are read, and whose they are. */
struct decoder {
	struct rv_format format;
	struct monitor *monitor;	/* an event of its own; NULL: shared */
};

struct mon_run {
	const struct mon_options *opts;
	struct monitors *all;
	struct monitor *target;		/* what was asked for */
	struct tracefs_instance *instance;
	struct tep_handle *tep;
	struct decoder *decoders;
	int decoder_count;
	struct rv_decoded decoded;	/* the record being read */
	FILE *out;			/* where the events go: stdout, or stderr with --json */
	pid_t self;
	int followed;			/* how many monitors */
	unsigned int pass_records;	/* records read in this pass */
	bool draining;			/* the monitors are off: read what is left */
	bool output_broken;		/* the reader of the events went away */
	bool shared_events;		/* rv:da_* are enabled */
	unsigned long long lost;	/* events the instance's buffers overwrote */
};

static struct decoder *decoder_get(struct mon_run *run, struct tep_event *event)
{
	struct decoder *d, *grown;
	int i;

	for (i = 0; i < run->decoder_count; i++)
		if (run->decoders[i].format.id == event->id)
			return &run->decoders[i];
	grown = realloc(run->decoders, (run->decoder_count + 1) * sizeof(*grown));
	if (!grown)
		return NULL;
	run->decoders = grown;
	d = &run->decoders[run->decoder_count++];
	memset(d, 0, sizeof(*d));
	rv_format_init(&d->format, event);
	for (i = 0; d->format.own[0] && i < run->all->count; i++) {
		struct monitor *m = &run->all->list[i];

		if (m->followed && m->traced && !strcmp(m->short_name, d->format.own))
			d->monitor = m;
	}
	return d;
}

static void count_violation(struct monitor *m, const char *state, const char *event)
{
	struct violation_count *grown;
	int i;

	m->traced_violations++;
	for (i = 0; i < m->by_count; i++) {
		if (!strcmp(m->by[i].state, state) && !strcmp(m->by[i].event, event)) {
			m->by[i].count++;
			return;
		}
	}
	grown = realloc(m->by, (m->by_count + 1) * sizeof(*grown));
	if (!grown)
		return;
	m->by = grown;
	snprintf(m->by[m->by_count].state, sizeof(m->by->state), "%s", state);
	snprintf(m->by[m->by_count].event, sizeof(m->by->event), "%s", event);
	m->by[m->by_count].count = 1;
	m->by_count++;
}

/*
 * One record of the rv event system: counted if it is a violation (by
 * its state and event, for an LTL monitor its states and atoms), and
 * printed as -t and -v ask, as
 *	COMM-PID [CPU] [MONITOR ]LINE
 * the monitor named when several are followed, LINE as rv_decode()
 * writes it: for a DA monitor
 *	[id=ID ]STATE x EVENT -> NEXT[ (final)]
 *	[id=ID ]VIOLATION STATE x EVENT
 * with the id for per-task and per-object monitors, and as decode.c
 * says for hybrid and LTL monitors. An event of no monitor that rv knows
 * is printed as the kernel formats it.
 */
static int read_record(struct tep_event *event, struct tep_record *record, int cpu, void *data)
{
	struct mon_run *run = data;
	struct rv_decoded *dec = &run->decoded;
	struct monitor *m;
	struct decoder *d;
	bool show;
	int pid, i;

	(void)cpu;
	run->pass_records++;
	d = decoder_get(run, event);
	if (!d)
		goto out;
	pid = tep_data_pid(run->tep, record);
	show = (d->format.error ? run->opts->verbose || run->opts->trace : run->opts->trace) &&
	       (run->opts->self || pid != run->self) && !run->output_broken;
	rv_decode(&d->format, run->tep, record, dec, show);
	m = d->monitor;
	for (i = 0; !m && dec->monitor[0] && i < run->all->count; i++) {
		struct monitor *c = &run->all->list[i];

		if (c->followed && !c->traced && !strcmp(c->short_name, dec->monitor))
			m = c;
	}
	if (!m)
		goto out;	/* a shared event of a monitor we do not follow */
	if (d->format.error && dec->keyed)
		count_violation(m, dec->state, dec->event);
	else if (d->format.error)
		m->traced_violations++;
	if (!show)
		goto out;
	fprintf(run->out, "%16s-%-7d [%03d] %s%s%s\n", tep_data_comm_from_pid(run->tep, pid), pid,
		record->cpu, run->followed > 1 ? m->short_name : "", run->followed > 1 ? " " : "",
		dec->line.buffer);
	if (ferror(run->out))
		run->output_broken = true;
out:
	/*
	 * With --self, what rv prints makes more events: the buffer may never
	 * run dry, so a pass ends after this record once it has read enough,
	 * for the loop to look for a signal.
	 */
	return !run->draining && run->pass_records >= PASS_RECORDS;
}

/* Enable the trace event rv:NAME in the run's instance; false if there is none. */
static int enable_event(struct mon_run *run, const char *name)
{
	char *path = xasprintf("events/rv/%s/enable", name);
	int ret = 0;

	if (!tracefs_file_exists(run->instance, path)) {
		ret = 1;
	} else if (tracefs_instance_file_write(run->instance, path, "1") < 0) {
		rv_err("cannot enable the trace event rv:%s: %s", name, strerror(errno));
		ret = -1;
	}
	free(path);
	return ret;
}

/*
 * A tracing instance of our own with the trace events of the followed
 * monitors enabled, ready before the monitors are, so that their first
 * events are seen too. The violations are always traced, for the
 * summary; the other events only with -t. A monitor without events of its
 * own may trace RV's shared ones (a monitor written for the merged Linux
 * RV); one with none at all is followed by its counters only.
 */
static int setup_trace(struct mon_run *run)
{
	static const char * const systems[] = { "rv", NULL };
	static const char * const shared[] = {
		"da_error", "da_error_id", "da_event", "da_event_id"
	};
	bool need_shared = false, any_traced = false;
	char name[64];
	int i, ret;

	snprintf(name, sizeof(name), "rv_mon_%d", (int)run->self);
	run->instance = tracefs_instance_create(name);
	if (!run->instance) {
		rv_err("cannot create the tracing instance %s: %s", name, strerror(errno));
		return -1;
	}
	for (i = 0; i < run->all->count; i++) {
		struct monitor *m = &run->all->list[i];
		char *event;

		if (!m->followed)
			continue;
		event = xasprintf("error_%s", m->short_name);
		ret = enable_event(run, event);
		free(event);
		if (ret < 0)
			return -1;
		m->traced = ret == 0;
		if (m->traced) {
			/* a hybrid automaton's violations of its clocks */
			event = xasprintf("error_env_%s", m->short_name);
			ret = enable_event(run, event);
			free(event);
			if (ret < 0)
				return -1;
		}
		if (m->traced && run->opts->trace) {
			event = xasprintf("event_%s", m->short_name);
			ret = enable_event(run, event);
			free(event);
			if (ret < 0)
				return -1;
		}
		need_shared |= !m->traced;
	}
	for (i = 0; need_shared && i < (int)ARRAY_SIZE(shared); i++) {
		if (i >= 2 && !run->opts->trace)
			break;
		ret = enable_event(run, shared[i]);
		if (ret < 0)
			return -1;
		run->shared_events |= ret == 0;
	}
	for (i = 0; i < run->all->count; i++) {
		struct monitor *m = &run->all->list[i];

		any_traced |= m->followed && m->traced;
		if (m->followed && !m->traced && !run->shared_events &&
		    (run->opts->trace || run->opts->verbose))
			rv_warn("%s has no trace events: -t and -v show nothing of it", m->name);
	}
	if (!any_traced && !run->shared_events) {
		/* nothing to read: the counters tell what there is */
		tracefs_instance_destroy(run->instance);
		tracefs_instance_free(run->instance);
		run->instance = NULL;
		return 0;
	}
	trace_seq_init(&run->decoded.line);
	/* only the rv system: parsing every event format takes seconds */
	run->tep = tracefs_local_events_system(NULL, systems);
	if (!run->tep) {
		rv_err("cannot read the formats of the rv trace events: %s", strerror(errno));
		return -1;
	}
	return tracefs_trace_on(run->instance);
}

/* Read what the instance's buffers hold. */
static void read_pass(struct mon_run *run)
{
	if (!run->instance)
		return;
	run->pass_records = 0;
	tracefs_load_cmdlines(NULL, run->tep);
	tracefs_iterate_raw_events(run->tep, run->instance, NULL, 0, read_record, run);
	fflush(run->out);
	if (ferror(run->out))
		run->output_broken = true;
}

/* The events the instance's buffers lost: the overrun lines of per_cpu/cpuN/stats. */
static unsigned long long lost_events(struct tracefs_instance *instance)
{
	long cpu, cpus = sysconf(_SC_NPROCESSORS_CONF);
	unsigned long long lost = 0;

	for (cpu = 0; cpu < cpus; cpu++) {
		char *path = xasprintf("per_cpu/cpu%ld/stats", cpu);
		char *text, *at;

		text = tracefs_instance_file_read(instance, path, NULL);
		free(path);
		at = text ? strstr(text, "overrun: ") : NULL;
		if (at)
			lost += strtoull(at + strlen("overrun: "), NULL, 10);
		free(text);
	}
	return lost;
}

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Read the monitors' trace events until SIGINT, SIGTERM or SIGHUP, which
 * STOP_SIGNALS holds blocked (waiting for them paces the reads), the time
 * limit, or the reader of the output going away. Says why it stopped.
 */
static const char *follow(struct mon_run *run, const sigset_t *stop_signals, double start)
{
	double deadline = run->opts->seconds ? start + run->opts->seconds : 0;

	for (;;) {
		struct timespec wait = { .tv_nsec = POLL_NS };
		double left;
		int sig;

		read_pass(run);
		if (run->output_broken)
			return "output closed";
		if (run->pass_records >= PASS_RECORDS)
			wait.tv_nsec = 0;
		if (deadline) {
			left = deadline - now_seconds();
			if (left <= 0)
				return "time limit";
			if (left < wait.tv_nsec / 1e9)
				wait.tv_nsec = left * 1e9;
		}
		sig = sigtimedwait(stop_signals, NULL, &wait);
		if (sig == SIGINT)
			return "SIGINT";
		if (sig == SIGTERM)
			return "SIGTERM";
		if (sig == SIGHUP)
			return "SIGHUP";
	}
}

static int compare_counts(const void *a, const void *b)
{
	const struct violation_count *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return strcmp(x->state, y->state) ?: strcmp(x->event, y->event);
}

/* What one followed monitor's summary needs, read once the run is over. */
struct summary {
	struct monitor *monitor;
	struct stats stats;
	struct transition *transitions;
	int transition_count;		/* -1: no coverage file; 0: no automaton */
};

static unsigned long long summary_violations(const struct summary *s)
{
	return s->stats.present ? s->stats.violations : s->monitor->traced_violations;
}

static void summary_text(const struct summary *s, bool quiet)
{
	const struct monitor *m = s->monitor;
	const char *name = m->name;
	char line[256];
	int i;

	if (s->stats.present)
		printf("%s: %llu events, %llu violations\n", name, s->stats.events,
		       s->stats.violations);
	else
		printf("%s: %llu violations seen\n", name, m->traced_violations);
	for (i = 0; !quiet && i < m->by_count; i++)
		printf("%s: violations: %s x %s: %llu\n", name, m->by[i].state, m->by[i].event,
		       m->by[i].count);
	if (!quiet && s->stats.present && m->traced_violations < s->stats.violations &&
	    m->traced)
		printf("%s: violations: %llu not in the trace (lost)\n", name,
		       s->stats.violations - m->traced_violations);
	if (!quiet && s->stats.last)
		printf("%s: last violation: event %s in state %s (CPU %d, pid %d)\n", name,
		       s->stats.last_event, s->stats.last_state, s->stats.last_cpu,
		       s->stats.last_pid);
	if (!quiet && s->stats.per_object)
		printf("%s: objects: %llu followed now, %llu in all, %llu dropped, capacity %llu\n",
		       name, s->stats.objects, s->stats.objects_followed,
		       s->stats.objects_dropped, s->stats.objects_capacity);
	if (s->transition_count > 0) {
		coverage_summary(line, sizeof(line), name, s->transitions, s->transition_count);
		puts(line);
	}
	for (i = 0; !quiet && i < s->transition_count; i++)
		if (!s->transitions[i].count)
			printf("%s: never taken: %s x %s -> %s\n", name, s->transitions[i].state,
			       s->transitions[i].event, s->transitions[i].next);
}

static void summary_json_monitor(const struct summary *s)
{
	const struct monitor *m = s->monitor;
	int i;

	fputs("{\"name\": ", stdout);
	json_string(stdout, m->name);
	if (s->stats.present)
		printf(", \"events\": %llu", s->stats.events);
	else
		fputs(", \"events\": null", stdout);
	printf(", \"violations\": %llu, \"traced_violations\": %llu, \"violations_by\": [",
	       summary_violations(s), m->traced_violations);
	for (i = 0; i < m->by_count; i++) {
		fputs(i ? ", {\"state\": " : "{\"state\": ", stdout);
		json_string(stdout, m->by[i].state);
		fputs(", \"event\": ", stdout);
		json_string(stdout, m->by[i].event);
		printf(", \"count\": %llu}", m->by[i].count);
	}
	fputs("], \"last_violation\": ", stdout);
	if (s->stats.last) {
		fputs("{\"state\": ", stdout);
		json_string(stdout, s->stats.last_state);
		fputs(", \"event\": ", stdout);
		json_string(stdout, s->stats.last_event);
		printf(", \"cpu\": %d, \"pid\": %d, \"time_ns\": %llu}", s->stats.last_cpu,
		       s->stats.last_pid, s->stats.last_time_ns);
	} else {
		fputs("null", stdout);
	}
	if (s->stats.per_object)
		fprintf(stdout,
			", \"objects\": {\"now\": %llu, \"followed\": %llu, \"dropped\": %llu, \"capacity\": %llu}",
			s->stats.objects, s->stats.objects_followed,
			s->stats.objects_dropped, s->stats.objects_capacity);
	fputs(", \"coverage\": ", stdout);
	if (s->transition_count <= 0) {
		fputs("null", stdout);
	} else {
		bool first = true;

		printf("{\"transitions\": %d, \"taken\": %d, \"never_taken\": [",
		       s->transition_count, transitions_taken(s->transitions, s->transition_count));
		for (i = 0; i < s->transition_count; i++) {
			if (s->transitions[i].count)
				continue;
			fputs(first ? "{\"state\": " : ", {\"state\": ", stdout);
			first = false;
			json_string(stdout, s->transitions[i].state);
			fputs(", \"event\": ", stdout);
			json_string(stdout, s->transitions[i].event);
			fputs(", \"next\": ", stdout);
			json_string(stdout, s->transitions[i].next);
			fputs("}", stdout);
		}
		fputs("]}", stdout);
	}
	fputs("}", stdout);
}

static void summary_json(const struct mon_run *run, const struct summary *summaries, int count,
			 const char *stopped_by, double seconds)
{
	unsigned long long events = 0, violations = 0;
	bool all_events = true;
	int i;

	for (i = 0; i < count; i++) {
		all_events &= summaries[i].stats.present;
		events += summaries[i].stats.events;
		violations += summary_violations(&summaries[i]);
	}
	fputs("{\"monitor\": ", stdout);
	json_string(stdout, run->target->name);
	fputs(", \"reactor\": ", stdout);
	json_string(stdout, run->opts->reactor);
	printf(", \"seconds\": %.3f, \"stopped_by\": ", seconds);
	json_string(stdout, stopped_by);
	if (all_events && count)
		printf(", \"events\": %llu", events);
	else
		fputs(", \"events\": null", stdout);
	printf(", \"violations\": %llu, \"lost_events\": %llu, \"monitors\": [", violations,
	       run->lost);
	for (i = 0; i < count; i++) {
		fputs(i ? ",\n  " : "\n  ", stdout);
		summary_json_monitor(&summaries[i]);
	}
	fputs("]}\n", stdout);
}

/*
 * The summary of the run, from the kernel's counters and what was traced:
 * the exit status, EXIT_VIOLATION if a monitor saw any.
 */
static int summarize(struct mon_run *run, const char *stopped_by, double seconds)
{
	struct summary *summaries = xcalloc(run->followed, sizeof(*summaries));
	unsigned long long violations = 0;
	int i, count = 0, status;

	for (i = 0; i < run->all->count; i++) {
		struct summary *s = &summaries[count];
		struct monitor *m = &run->all->list[i];

		if (!m->followed)
			continue;
		count++;
		s->monitor = m;
		read_stats(m, &s->stats);
		s->transition_count = read_coverage(m, &s->transitions);
		qsort(m->by, m->by_count, sizeof(*m->by), compare_counts);
		violations += summary_violations(s);
	}
	if (run->opts->json) {
		summary_json(run, summaries, count, stopped_by, seconds);
	} else if (run->output_broken) {
		/* rv mon -t | head: no one reads the summary */
	} else {
		for (i = 0; i < count; i++)
			summary_text(&summaries[i], run->opts->quiet);
		if (run->lost)
			rv_warn("the trace buffers overflowed: %llu events lost", run->lost);
	}
	for (i = 0; i < count; i++)
		free(summaries[i].transitions);
	free(summaries);
	status = violations ? EXIT_VIOLATION : EXIT_CLEAN;
	if ((run->opts->json || !run->output_broken) && (fflush(stdout) || ferror(stdout)))
		status = output_failed();
	return status;
}

static void mon_usage(FILE *out)
{
	fprintf(out,
		"usage: rv mon [OPTIONS] MONITOR|CONTAINER|CONTAINER:MONITOR\n"
		"  enables the monitor (or every monitor of the container) until\n"
		"  interrupted (Ctrl-C, SIGTERM, SIGHUP) or the time limit, then puts\n"
		"  the RV interface back as it was and prints a summary: events,\n"
		"  violations by state and event, transitions never taken\n"
		"  -r, --reactor REACTOR  react to violations with REACTOR meanwhile\n"
		"  -t, --trace            print every event: TASK-PID [CPU] STATE x EVENT -> NEXT\n"
		"  -v, --verbose          print each violation as it happens\n"
		"  -s, --self             include the events of rv itself in -t and -v\n"
		"  -T, --time SECONDS     stop after SECONDS\n"
		"  -q, --quiet            a short summary: the totals and the coverage\n"
		"  -j, --json             print the summary as JSON (the events of -t\n"
		"                         and -v then go to stderr)\n"
		"  -h, --help             this text\n"
		"  exit status: 0 no violation seen, 1 some were, 2 usage or system error\n");
}

/*
 * The reactors of the monitor asked for: checks that REACTOR is one of
 * them, and keeps the reactor of the monitor and, for a container, of
 * each child, to be put back.
 */
static int save_reactors(struct mon_run *run)
{
	struct monitor *target = run->target;
	char *path = monitor_file(target, "reactors");
	char *reactors = rv_read(path);
	int i;

	free(path);
	if (!reactors) {
		rv_err("%s has no reactors: this kernel has no CONFIG_RV_REACTORS", target->name);
		return -1;
	}
	if (!has_line(reactors, run->opts->reactor)) {
		rv_err("no reactor '%s' for %s; there are: %s", run->opts->reactor, target->name,
		       one_line(reactors));
		free(reactors);
		return -1;
	}
	free(reactors);
	for (i = 0; i < run->all->count; i++) {
		struct monitor *m = &run->all->list[i];

		if (m != target && m->parent != target)
			continue;
		if (!m->reactor) {
			rv_err("cannot tell the reactor of %s from %s/reactors", m->name, m->dir);
			return -1;
		}
		m->old_reactor = xstrdup(m->reactor);
	}
	return 0;
}

/* Put the reactors back: the container's first, which sets each child's. */
static int restore_reactors(struct mon_run *run)
{
	int i, ret = 0;

	for (i = 0; i < run->all->count; i++) {
		struct monitor *m = &run->all->list[i];
		char *path;

		if (!m->old_reactor || m != run->target)
			continue;
		path = monitor_file(m, "reactors");
		ret |= rv_write(path, m->old_reactor, false);
		free(path);
	}
	for (i = 0; i < run->all->count; i++) {
		struct monitor *m = &run->all->list[i];
		char *path, *now, *reactors;

		if (!m->old_reactor || m == run->target)
			continue;
		path = monitor_file(m, "reactors");
		reactors = rv_read(path);
		now = reactors ? bracketed_line(reactors) : NULL;
		if (!now || strcmp(now, m->old_reactor))
			ret |= rv_write(path, m->old_reactor, false);
		free(now);
		free(reactors);
		free(path);
	}
	return ret;
}

static int cmd_mon(int argc, char **argv)
{
	static const struct option long_options[] = {
		{ "reactor", required_argument, NULL, 'r' },
		{ "trace", no_argument, NULL, 't' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "self", no_argument, NULL, 's' },
		{ "time", required_argument, NULL, 'T' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	struct mon_options opts = { };
	struct monitors all = { };
	struct mon_run run = { .opts = &opts, .all = &all, .self = getpid(), .out = stdout };
	bool enabled = false, set_monitoring = false, set_reacting = false, reactor_set = false;
	int opt, status = EXIT_ERROR, i, monitoring, reacting;
	const char *stopped_by = "error";
	sigset_t stop_signals;
	double start = 0;
	char *end, *disable;

	while ((opt = getopt_long(argc, argv, "r:tvsT:qjh", long_options, NULL)) != -1) {
		switch (opt) {
		case 'r':
			opts.reactor = optarg;
			break;
		case 't':
			opts.trace = true;
			break;
		case 'v':
			opts.verbose = true;
			break;
		case 's':
			opts.self = true;
			break;
		case 'T':
			errno = 0;
			opts.seconds = strtod(optarg, &end);
			if (errno || end == optarg || *end || !isfinite(opts.seconds) ||
			    opts.seconds <= 0 || opts.seconds > 1e9) {
				rv_err("-T takes a number of seconds greater than 0: '%s'", optarg);
				mon_usage(stderr);
				return EXIT_ERROR;
			}
			break;
		case 'q':
			opts.quiet = true;
			break;
		case 'j':
			opts.json = true;
			break;
		case 'h':
			mon_usage(stdout);
			return 0;
		default:
			mon_usage(stderr);
			return EXIT_ERROR;
		}
	}
	if (optind != argc - 1) {
		rv_err(optind == argc ? "which monitor?" :
		       "one monitor at a time (or a container)");
		mon_usage(stderr);
		return EXIT_ERROR;
	}
	opts.name = argv[optind];
	if (opts.json)
		run.out = stderr;
	status = rv_open_interface();
	if (status)
		return status;
	status = EXIT_ERROR;
	if (monitors_load(&all))
		return EXIT_ERROR;
	run.target = monitor_resolve(&all, opts.name);
	if (!run.target)
		goto out;
	for (i = 0; i < all.count; i++) {
		struct monitor *m = &all.list[i];

		m->followed = m == run.target ? !m->container : m->parent == run.target;
		run.followed += m->followed;
		if ((m == run.target || m->parent == run.target) && m->enabled) {
			rv_err("%s is enabled already: someone else is using it; leave it to them, or disable it with: echo '!%s' >> %s/rv/enabled_monitors",
			       m->name, m->name, tracing_dir);
			goto out;
		}
	}
	if (opts.reactor && save_reactors(&run))
		goto out;
	monitoring = rv_read_bool("monitoring_on");
	reacting = rv_read_bool("reacting_on");

	/* from here, a stop waits until the interface is put back */
	sigemptyset(&stop_signals);
	sigaddset(&stop_signals, SIGINT);
	sigaddset(&stop_signals, SIGTERM);
	sigaddset(&stop_signals, SIGHUP);
	sigprocmask(SIG_BLOCK, &stop_signals, NULL);
	/* a reader of the events that goes away stops the run, not rv */
	signal(SIGPIPE, SIG_IGN);

	if (run.followed && setup_trace(&run))
		goto restore;
	if (monitoring == 0) {
		if (rv_write("monitoring_on", "1", false))
			goto restore;
		set_monitoring = true;
		rv_warn("monitoring_on was 0: it is 1 for the run, 0 again after it");
	}
	if (opts.reactor && reacting == 0) {
		if (rv_write("reacting_on", "1", false))
			goto restore;
		set_reacting = true;
		rv_warn("reacting_on was 0: it is 1 for the run, 0 again after it");
	}
	if (opts.reactor) {
		char *path = monitor_file(run.target, "reactors");

		reactor_set = true;
		i = rv_write(path, opts.reactor, false);
		free(path);
		if (i)
			goto restore;
	}
	if (rv_write("enabled_monitors", run.target->name, true))
		goto restore;
	enabled = true;
	start = now_seconds();
	if (opts.seconds)
		fprintf(stderr, "rv: monitoring %s for %g s, or until interrupted\n",
			run.target->name, opts.seconds);
	else
		fprintf(stderr, "rv: monitoring %s until interrupted\n", run.target->name);
	stopped_by = follow(&run, &stop_signals, start);
	status = EXIT_CLEAN;

restore:
	/* the monitors first, so that what they traced is all in the buffers */
	if (enabled) {
		disable = xasprintf("!%s", run.target->name);
		if (rv_write("enabled_monitors", disable, true))
			status = EXIT_ERROR;
		free(disable);
		if (run.instance) {
			tracefs_trace_off(run.instance);
			run.draining = true;
			read_pass(&run);
		}
	}
	if (reactor_set && restore_reactors(&run))
		status = EXIT_ERROR;
	if (set_reacting && rv_write("reacting_on", "0", false))
		status = EXIT_ERROR;
	if (set_monitoring && rv_write("monitoring_on", "0", false))
		status = EXIT_ERROR;
	if (run.instance) {
		run.lost = lost_events(run.instance);
		tracefs_instance_destroy(run.instance);
		tracefs_instance_free(run.instance);
	}
	tep_free(run.tep);
	trace_seq_destroy(&run.decoded.line);
	free(run.decoders);
	if (status == EXIT_ERROR && enabled)
		rv_err("the interface is not entirely as it was: see the messages above");
	if (enabled && status == EXIT_CLEAN) {
		double seconds = now_seconds() - start;

		if (!opts.json)
			fprintf(stderr, "rv: stopped by %s after %.1f s\n", stopped_by, seconds);
		status = summarize(&run, stopped_by, seconds);
	}
out:
	monitors_free(&all);
	return status;
}

static void coverage_usage(FILE *out)
{
	fprintf(out,
		"usage: rv coverage [OPTIONS] MONITOR|CONTAINER|CONTAINER:MONITOR\n"
		"  prints each transition of the monitor's model (of each monitor of\n"
		"  the container) and how often it was taken since the monitor was\n"
		"  last enabled: in its current run, or its last one\n"
		"  -d, --dot   print the model as a Graphviz graph instead, each edge\n"
		"              labelled with its event and count, those never taken\n"
		"              dashed and red\n"
		"  -j, --json  print the counts as JSON\n"
		"  -h, --help  this text\n");
}

static void print_coverage_table(const char *monitor, const struct transition *transitions,
				 int count)
{
	int i, state_width = 0, event_width = 0;
	char summary[256];

	for (i = 0; i < count; i++) {
		state_width = MAX(state_width, (int)strlen(transitions[i].state));
		event_width = MAX(event_width, (int)strlen(transitions[i].event));
	}
	coverage_summary(summary, sizeof(summary), monitor, transitions, count);
	puts(summary);
	for (i = 0; i < count; i++)
		printf("%-*s x %-*s -> %s: %llu\n", state_width, transitions[i].state,
		       event_width, transitions[i].event, transitions[i].next,
		       transitions[i].count);
}

/* The model as a graph, with cgraph, which quotes what needs quoting. */
static int print_coverage_dot(const char *monitor, const struct transition *transitions,
			      int count)
{
	char text[256];
	Agraph_t *graph;
	Agedge_t *edge;
	int i, status;

	graph = agopen((char *)monitor, Agdirected, NULL);
	if (!graph)
		return -1;
	coverage_summary(text, sizeof(text), monitor, transitions, count);
	agsafeset(graph, "label", text, "");
	for (i = 0; i < count; i++) {
		/* an anonymous edge of a non-strict graph: always a new one */
		edge = agedge(graph, agnode(graph, (char *)transitions[i].state, 1),
			      agnode(graph, (char *)transitions[i].next, 1), NULL, 1);
		snprintf(text, sizeof(text), "%s: %llu", transitions[i].event,
			 transitions[i].count);
		agsafeset(edge, "label", text, "");
		agsafeset(edge, "style", transitions[i].count ? "solid" : "dashed", "solid");
		agsafeset(edge, "color", transitions[i].count ? "black" : "red", "black");
	}
	status = agwrite(graph, stdout);
	agclose(graph);
	return status;
}

static void print_coverage_json(const char *monitor, const struct transition *transitions,
				int count, bool first)
{
	int i;

	fputs(first ? "\n  {\"name\": " : ",\n  {\"name\": ", stdout);
	json_string(stdout, monitor);
	printf(", \"transitions\": %d, \"taken\": %d, \"table\": [", count,
	       transitions_taken(transitions, count));
	for (i = 0; i < count; i++) {
		fputs(i ? ", {\"state\": " : "{\"state\": ", stdout);
		json_string(stdout, transitions[i].state);
		fputs(", \"event\": ", stdout);
		json_string(stdout, transitions[i].event);
		fputs(", \"next\": ", stdout);
		json_string(stdout, transitions[i].next);
		printf(", \"count\": %llu}", transitions[i].count);
	}
	fputs("]}", stdout);
}

static int cmd_coverage(int argc, char **argv)
{
	static const struct option long_options[] = {
		{ "dot", no_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	struct transition *transitions;
	struct monitors all = { };
	struct monitor *target;
	bool dot = false, json = false;
	int opt, count, status, i, shown = 0;

	while ((opt = getopt_long(argc, argv, "djh", long_options, NULL)) != -1) {
		switch (opt) {
		case 'd':
			dot = true;
			break;
		case 'j':
			json = true;
			break;
		case 'h':
			coverage_usage(stdout);
			return 0;
		default:
			coverage_usage(stderr);
			return EXIT_ERROR;
		}
	}
	if (optind != argc - 1 || (dot && json)) {
		rv_err(dot && json ? "--dot or --json, not both" :
		       optind == argc ? "which monitor?" :
		       "one monitor at a time (or a container)");
		coverage_usage(stderr);
		return EXIT_ERROR;
	}
	status = rv_open_interface();
	if (status)
		return status;
	if (monitors_load(&all))
		return EXIT_ERROR;
	status = EXIT_ERROR;
	target = monitor_resolve(&all, argv[optind]);
	if (!target)
		goto out;
	if (json)
		fputs("{\"monitors\": [", stdout);
	for (i = 0; i < all.count; i++) {
		struct monitor *m = &all.list[i];

		if (m != target && m->parent != target)
			continue;
		if (m->container)
			continue;
		count = read_coverage(m, &transitions);
		if (count < 0) {
			if (m->parent == target && errno == ENOENT)
				continue;	/* a child that is no automaton */
			if (errno == ENOENT)
				rv_err("this kernel counts no transitions of %s: there is no %s/rv/%s/coverage",
				       m->name, tracing_dir, m->dir);
			else
				rv_err("cannot read the coverage of %s: %s",
				       m->name, strerror(errno));
			goto out;
		}
		if (count == 0) {
			free(transitions);
			if (m->parent == target)
				continue;
			rv_err("%s has no transition counts: it was never enabled, or it is no automaton; rv mon %s runs it",
			       m->name, m->name);
			goto out;
		}
		if (dot) {
			if (print_coverage_dot(m->name, transitions, count)) {
				free(transitions);
				goto out;
			}
		} else if (json) {
			print_coverage_json(m->name, transitions, count, !shown);
		} else {
			print_coverage_table(m->name, transitions, count);
		}
		shown++;
		free(transitions);
	}
	if (json)
		fputs("]}\n", stdout);
	if (!shown) {
		rv_err("no monitor of %s has transition counts: none was enabled, or none is an automaton",
		       target->name);
		goto out;
	}
	status = 0;
	if (fflush(stdout) || ferror(stdout))
		status = output_failed();
out:
	monitors_free(&all);
	return status;
}

static void print_usage(FILE *out)
{
	fprintf(out,
		"usage: rv COMMAND [OPTIONS]\n"
		"  list [CONTAINER]  list the monitors of the running kernel (rv list -h)\n"
		"  mon MONITOR       run a monitor or a container (rv mon -h)\n"
		"  coverage MONITOR  the transitions its last run took (rv coverage -h)\n"
		"  replay MODEL.dot TRACE.dat\n"
		"                    run a model over a recorded trace, no kernel needed\n"
		"                    (rv replay -h)\n"
		"  -h, --help        this text\n"
		"  exit status: 0 success (rv mon, rv replay: no violation seen),\n"
		"  1 rv mon or rv replay saw violations, 2 usage or system error\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		print_usage(stderr);
		return EXIT_ERROR;
	}
	if (!strcmp(argv[1], "list"))
		return cmd_list(argc - 1, argv + 1);
	if (!strcmp(argv[1], "mon"))
		return cmd_mon(argc - 1, argv + 1);
	if (!strcmp(argv[1], "coverage"))
		return cmd_coverage(argc - 1, argv + 1);
	if (!strcmp(argv[1], "replay"))
		return cmd_replay(argc - 1, argv + 1);
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		print_usage(stdout);
		return 0;
	}
	rv_err("no command '%s'", argv[1]);
	print_usage(stderr);
	return EXIT_ERROR;
}
