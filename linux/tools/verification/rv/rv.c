// SPDX-License-Identifier: GPL-2.0
/*
 * rv: run the kernel's runtime verification monitors from a shell.
 *
 *   rv list              the monitors, on or off, and what each checks
 *   rv mon MONITOR ...   enable MONITOR until interrupted, print what it
 *                        finds, then leave the RV interface as it was
 *   rv coverage MONITOR  how often MONITOR's last run took each transition
 *                        of its model, as a table or a Graphviz graph
 *
 * Everything goes through the tracefs files of the RV interface (rv/ in
 * the tracing folder) and, for what a monitor reports, its trace events
 * (rv:error_MONITOR, rv:event_MONITOR), read from a tracing instance of
 * our own so that the top-level trace buffer of the user is left alone.
 * Only the interface that the merged Linux RV shares with ours is needed;
 * the monitors/MONITOR/stats file, where there is one, adds a summary.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/param.h>
#include <unistd.h>

#include <graphviz/cgraph.h>
#include <tracefs.h>

#define RV_DIR		"rv"
#define POLL_NS		100000000	/* how often the trace buffers are read */
#define PASS_RECORDS	4096		/* records read before looking for a signal */

/* Exit statuses: 1 when something failed, 2 when the command was wrong. */
#define EXIT_USAGE	2

static void fail(const char *fmt, ...)
{
	va_list ap;

	fputs("rv: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/*
 * The text of the RV file PATH (under rv/), or NULL with errno set. An
 * empty file gives an empty string (enabled_monitors with none enabled).
 */
static char *rv_read(const char *path)
{
	char name[256], *file, *text = NULL;
	size_t size = 0;
	FILE *stream;
	int saved;

	snprintf(name, sizeof(name), RV_DIR "/%s", path);
	file = tracefs_instance_get_file(NULL, name);
	if (!file)
		return NULL;
	stream = fopen(file, "r");
	tracefs_put_tracing_file(file);
	if (!stream)
		return NULL;
	if (getdelim(&text, &size, '\0', stream) < 0 && !feof(stream)) {
		saved = errno;
		free(text);
		fclose(stream);
		errno = saved;
		return NULL;
	}
	fclose(stream);
	return text ? text : strdup("");
}

/*
 * Write TEXT to the RV file PATH, appending when APPEND is set (an
 * enabled_monitors written without O_TRUNC keeps the other monitors on).
 * Says what went wrong, with the kernel's errno, on failure.
 */
static int rv_write(const char *path, const char *text, bool append)
{
	char name[256];
	int ret;

	snprintf(name, sizeof(name), RV_DIR "/%s", path);
	errno = 0;
	if (append)
		ret = tracefs_instance_file_append(NULL, name, text);
	else
		ret = tracefs_instance_file_write(NULL, name, text);
	if (ret < 0) {
		fail("cannot write '%s' to %s/%s: %s", text, tracefs_tracing_dir(),
		     name, strerror(errno ? errno : EIO));
		return -1;
	}
	return 0;
}

/*
 * The path, under rv/, of FILE in the folder of MONITOR as
 * available_monitors names it: a container's child CONTAINER:CHILD has
 * its folder in the container's, monitors/CONTAINER/CHILD/.
 */
static void monitor_file(char *path, size_t size, const char *monitor, const char *file)
{
	char *colon;

	snprintf(path, size, "monitors/%s/%s", monitor, file);
	colon = strchr(path + strlen("monitors/"), ':');
	if (colon)
		*colon = '/';
}

/* Whether WORD is one of the lines of TEXT, brackets around it or not. */
static bool has_line(const char *text, const char *word, bool *bracketed)
{
	size_t len = strlen(word);
	const char *line = text;

	while (line && *line) {
		const char *end = strchrnul(line, '\n');
		bool in_brackets = *line == '[';
		const char *start = line + in_brackets;

		if ((size_t)(end - start) == len + in_brackets &&
		    !strncmp(start, word, len) &&
		    (!in_brackets || start[len] == ']')) {
			if (bracketed)
				*bracketed = in_brackets;
			return true;
		}
		line = *end ? end + 1 : NULL;
	}
	return false;
}

/* The text of TEXT's line that is in brackets, without them, or NULL. */
static char *bracketed_line(const char *text)
{
	const char *line = strchr(text, '[');
	const char *end;

	if (!line || (line != text && line[-1] != '\n'))
		return NULL;
	end = strchr(line, ']');
	return end ? strndup(line + 1, end - line - 1) : NULL;
}

static char *chomp(char *text)
{
	size_t len = text ? strlen(text) : 0;

	while (len && (text[len - 1] == '\n' || text[len - 1] == ' '))
		text[--len] = '\0';
	return text;
}

/* TEXT's lines on one line, brackets dropped: "nop [printk]" -> "nop printk" */
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

/* Checks that the kernel has an RV interface; says so when it has none. */
static int rv_present(void)
{
	if (tracefs_tracing_dir() && tracefs_dir_exists(NULL, RV_DIR))
		return 0;
	fail("no RV interface in %s/%s (tracefs mounted? CONFIG_RV? root?)",
	     tracefs_tracing_dir() ? tracefs_tracing_dir() : "the tracing folder", RV_DIR);
	return -1;
}

static int cmd_list(int argc, char **argv)
{
	char *available, *enabled, *line, *save = NULL;

	if (argc > 1) {
		if (strcmp(argv[1], "-h") && strcmp(argv[1], "--help")) {
			fail("list takes no argument: '%s'", argv[1]);
			fprintf(stderr, "usage: rv list\n");
			return EXIT_USAGE;
		}
		printf("usage: rv list\n"
		       "  lists the monitors, whether each is on, and what it checks\n");
		return 0;
	}
	if (rv_present())
		return 1;
	available = rv_read("available_monitors");
	enabled = rv_read("enabled_monitors");
	if (!available || !enabled) {
		fail("cannot read the monitors: %s", strerror(errno));
		free(available);
		free(enabled);
		return 1;
	}
	for (line = strtok_r(available, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char path[256];
		char *desc;

		monitor_file(path, sizeof(path), line, "desc");
		desc = chomp(rv_read(path));
		printf("%-12s %-5s %s\n", line, has_line(enabled, line, NULL) ? "[ON]" : "[OFF]",
		       desc ? desc : "");
		free(desc);
	}
	free(available);
	free(enabled);
	return 0;
}

struct mon_options {
	const char *monitor;
	const char *reactor;	/* NULL: leave the monitor's reactor as it is */
	bool trace;		/* print every event, not only violations */
	bool self;		/* include what rv itself does */
	bool quiet;		/* print the summary only */
};

struct mon_run {
	const struct mon_options *opts;
	struct tracefs_instance *instance;
	struct tep_handle *tep;
	struct trace_seq seq;
	unsigned long long events;
	unsigned long long violations;
	pid_t self;
	unsigned int pass_records;	/* records read in this pass */
	bool draining;			/* tracing is off: read what is left */
};

static int print_record(struct tep_event *event, struct tep_record *record,
			int cpu, void *data)
{
	struct mon_run *run = data;
	bool violation = !strncmp(event->name, "error_", 6);

	(void)cpu;
	/*
	 * With --self, what rv prints makes more events: the buffer may never
	 * run dry, so a pass ends after this record once it has read enough,
	 * for the loop to look for a signal.
	 */
	if (!run->opts->self && tep_data_pid(run->tep, record) == run->self)
		return 0;
	run->pass_records++;
	if (violation)
		run->violations++;
	else
		run->events++;
	if (run->opts->quiet)
		goto out;
	trace_seq_reset(&run->seq);
	/* every %s or %d of the format names a field of the record */
	tep_print_event(run->tep, &run->seq, record,
			violation ? "%16s-%-7d [%03d] VIOLATION %s\n" :
				    "%16s-%-7d [%03d] event     %s\n",
			TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU, TEP_PRINT_INFO);
	trace_seq_do_printf(&run->seq);
	fflush(stdout);
out:
	return !run->draining && run->pass_records >= PASS_RECORDS;
}

/*
 * The counters of the stats file (since the monitor was last enabled), for
 * the summary; a merged Linux RV has no such file.
 */
static bool read_stats(const char *monitor, unsigned long long *events,
		       unsigned long long *violations)
{
	char path[256];
	char *stats, *at;
	bool ok;

	monitor_file(path, sizeof(path), monitor, "stats");
	stats = rv_read(path);
	if (!stats)
		return false;
	at = strstr(stats, "violations: ");
	ok = sscanf(stats, "events: %llu", events) == 1 && at &&
	     sscanf(at, "violations: %llu", violations) == 1;
	free(stats);
	return ok;
}

/* One line of monitors/MONITOR/coverage: a transition and its count. */
struct transition {
	char state[64];
	char event[64];
	char next[64];
	unsigned long long count;
};

/*
 * The transitions of MONITOR's model, from monitors/MONITOR/coverage,
 * where the kernel has that file: their number, with *TRANSITIONS to be
 * freed, or -1 with errno set (ENOENT: no such file). A line that does
 * not parse is skipped; columns past the fourth are ignored.
 */
static int read_coverage(const char *monitor, struct transition **transitions)
{
	struct transition *list = NULL, *grown, t;
	char path[256], *text, *line, *end;
	int count = 0;

	monitor_file(path, sizeof(path), monitor, "coverage");
	text = rv_read(path);
	if (!text)
		return -1;
	for (line = text; *line; line = *end ? end + 1 : end) {
		end = strchrnul(line, '\n');
		if (sscanf(line, "%63s %63s %63s %llu", t.state, t.event, t.next,
			   &t.count) != 4)
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

/* "MONITOR: TAKEN of COUNT transitions taken", in TEXT of SIZE bytes */
static void coverage_summary(char *text, size_t size, const char *monitor,
			     const struct transition *transitions, int count)
{
	int i, taken = 0;

	for (i = 0; i < count; i++)
		taken += transitions[i].count > 0;
	snprintf(text, size, "%s: %d of %d transitions taken", monitor, taken, count);
}

/*
 * How much of its model the monitor exercised, where the kernel counts
 * it; with LIST_UNTAKEN, the transitions never taken, one a line.
 */
static void print_coverage(const char *monitor, bool list_untaken)
{
	struct transition *transitions;
	char summary[128];
	int i, count;

	count = read_coverage(monitor, &transitions);
	if (count <= 0)
		return;
	coverage_summary(summary, sizeof(summary), monitor, transitions, count);
	puts(summary);
	for (i = 0; list_untaken && i < count; i++)
		if (!transitions[i].count)
			printf("%s: never taken: %s x %s -> %s\n", monitor,
			       transitions[i].state, transitions[i].event, transitions[i].next);
	free(transitions);
}

/* Enable the trace event rv:KIND_MONITOR in INSTANCE. */
static int enable_event(struct tracefs_instance *instance, const char *kind,
			const char *monitor)
{
	char path[256];

	snprintf(path, sizeof(path), "events/rv/%s_%s/enable", kind, monitor);
	if (!tracefs_file_exists(instance, path)) {
		fail("monitor %s has no trace event rv:%s_%s", monitor, kind, monitor);
		return -1;
	}
	if (tracefs_instance_file_write(instance, path, "1") < 0) {
		fail("cannot enable the trace event rv:%s_%s: %s", kind, monitor,
		     strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * A tracing instance of our own with the monitor's trace events enabled,
 * ready before the monitor is, so that its first events are seen too.
 */
static int setup_trace(struct mon_run *run)
{
	static const char * const systems[] = { "rv", NULL };
	const char *monitor = run->opts->monitor;
	char name[128];

	snprintf(name, sizeof(name), "rv_mon_%d", (int)run->self);
	run->instance = tracefs_instance_create(name);
	if (!run->instance) {
		fail("cannot create the tracing instance %s: %s", name, strerror(errno));
		return -1;
	}
	/* only the rv system: parsing every event format takes seconds */
	run->tep = tracefs_local_events_system(NULL, systems);
	if (!run->tep) {
		fail("cannot read the formats of the rv trace events: %s", strerror(errno));
		return -1;
	}
	if (enable_event(run->instance, "error", monitor) ||
	    (run->opts->trace && enable_event(run->instance, "event", monitor)))
		return -1;
	return tracefs_trace_on(run->instance);
}

/*
 * Print the monitor's trace events until SIGINT, SIGTERM or SIGHUP, which
 * STOP_SIGNALS holds blocked: waiting for them paces the reads.
 */
static void follow_trace(struct mon_run *run, const sigset_t *stop_signals)
{
	const struct timespec poll = { .tv_nsec = POLL_NS };
	const struct timespec now = { };

	do {
		run->pass_records = 0;
		tracefs_load_cmdlines(NULL, run->tep);
		tracefs_iterate_raw_events(run->tep, run->instance, NULL, 0,
					   print_record, run);
	} while (sigtimedwait(stop_signals, NULL,
			      run->pass_records >= PASS_RECORDS ? &now : &poll) < 0);

	/* and what was recorded before the signal */
	tracefs_trace_off(run->instance);
	run->draining = true;
	tracefs_load_cmdlines(NULL, run->tep);
	tracefs_iterate_raw_events(run->tep, run->instance, NULL, 0, print_record, run);
}

static void mon_usage(FILE *out)
{
	fprintf(out,
		"usage: rv mon MONITOR [-r REACTOR] [-t] [-s] [-q]\n"
		"  enables MONITOR until interrupted (Ctrl-C, SIGTERM), prints each\n"
		"  violation it finds, then puts the RV interface back as it was\n"
		"  -r, --reactor REACTOR  react to violations with REACTOR meanwhile\n"
		"  -t, --trace            print every event of the monitor, too\n"
		"  -s, --self             include the events of rv itself\n"
		"  -q, --quiet            print only the summary, not the\n"
		"                         transitions never taken\n"
		"  -h, --help             this text\n");
}

static int cmd_mon(int argc, char **argv)
{
	static const struct option long_options[] = {
		{ "reactor", required_argument, NULL, 'r' },
		{ "trace", no_argument, NULL, 't' },
		{ "self", no_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	unsigned long long events, violations;
	struct mon_options opts = { };
	struct mon_run run = { .opts = &opts, .self = getpid() };
	char *available = NULL, *reactors = NULL, *reacting = NULL, *on = NULL;
	char *old_reactor = NULL, path[256], disable[128];
	sigset_t stop_signals;
	bool enabled = false;
	int opt, status = 1;

	while ((opt = getopt_long(argc, argv, "r:tsqh", long_options, NULL)) != -1) {
		switch (opt) {
		case 'r':
			opts.reactor = optarg;
			break;
		case 't':
			opts.trace = true;
			break;
		case 's':
			opts.self = true;
			break;
		case 'q':
			opts.quiet = true;
			break;
		case 'h':
			mon_usage(stdout);
			return 0;
		default:
			mon_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fail(optind == argc ? "which monitor?" : "one monitor at a time");
		mon_usage(stderr);
		return EXIT_USAGE;
	}
	opts.monitor = argv[optind];
	if (rv_present())
		return 1;

	available = rv_read("available_monitors");
	if (!available || !has_line(available, opts.monitor, NULL)) {
		fail("no monitor '%s'; rv list shows those there are", opts.monitor);
		goto out;
	}
	free(available);
	available = rv_read("enabled_monitors");
	if (!available || has_line(available, opts.monitor, NULL)) {
		fail("monitor %s is enabled already: someone else is using it",
		     opts.monitor);
		goto out;
	}
	monitor_file(path, sizeof(path), opts.monitor, "reactors");
	reactors = rv_read(path);
	if (opts.reactor) {
		if (!reactors || !has_line(reactors, opts.reactor, NULL)) {
			fail("no reactor '%s' for %s; there are: %s", opts.reactor,
			     opts.monitor, reactors ? one_line(reactors) : "none");
			goto out;
		}
		old_reactor = bracketed_line(reactors);
		if (!old_reactor) {
			fail("cannot tell the reactor of %s from %s", opts.monitor, path);
			goto out;
		}
	}
	on = chomp(rv_read("monitoring_on"));
	if (on && !strcmp(on, "0"))
		fprintf(stderr, "rv: warning: monitoring_on is 0: the monitor sees no event\n");
	reacting = chomp(rv_read("reacting_on"));
	if (opts.reactor && reacting && !strcmp(reacting, "0"))
		fprintf(stderr, "rv: warning: reacting_on is 0: %s does not react\n",
			opts.reactor);

	/* from here, a stop waits until the interface is put back */
	sigemptyset(&stop_signals);
	sigaddset(&stop_signals, SIGINT);
	sigaddset(&stop_signals, SIGTERM);
	sigaddset(&stop_signals, SIGHUP);
	sigprocmask(SIG_BLOCK, &stop_signals, NULL);

	trace_seq_init(&run.seq);
	if (setup_trace(&run))
		goto restore;
	if (opts.reactor && rv_write(path, opts.reactor, false))
		goto restore;
	if (rv_write("enabled_monitors", opts.monitor, true))
		goto restore;
	enabled = true;
	fprintf(stderr, "rv: monitoring with %s until interrupted\n", opts.monitor);
	follow_trace(&run, &stop_signals);
	status = 0;

restore:
	if (enabled) {
		snprintf(disable, sizeof(disable), "!%s", opts.monitor);
		if (rv_write("enabled_monitors", disable, true))
			status = 1;
	}
	if (old_reactor && rv_write(path, old_reactor, false))
		status = 1;
	if (run.instance) {
		tracefs_instance_destroy(run.instance);
		tracefs_instance_free(run.instance);
	}
	trace_seq_destroy(&run.seq);
	tep_free(run.tep);
	if (enabled && status == 0) {
		/* the monitor's own counters, where it has them, count everything */
		if (read_stats(opts.monitor, &events, &violations))
			printf("%s: %llu events, %llu violations\n", opts.monitor,
			       events, violations);
		else
			printf("%s: %llu violations seen\n", opts.monitor, run.violations);
		print_coverage(opts.monitor, !opts.quiet);
	}
out:
	free(available);
	free(reactors);
	free(reacting);
	free(on);
	free(old_reactor);
	return status;
}

static void coverage_usage(FILE *out)
{
	fprintf(out,
		"usage: rv coverage MONITOR [-d]\n"
		"  prints each transition of MONITOR's model and how often the monitor\n"
		"  took it since it was last enabled (its current or last run)\n"
		"  -d, --dot   print the model as a Graphviz graph instead, each edge\n"
		"              labelled with its event and count, those never taken\n"
		"              dashed and red\n"
		"  -h, --help  this text\n");
}

static void print_coverage_table(const char *monitor, const struct transition *transitions,
				 int count)
{
	int i, state_width = 0, event_width = 0;
	char summary[128];

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
	char text[128];
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

static int cmd_coverage(int argc, char **argv)
{
	static const struct option long_options[] = {
		{ "dot", no_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	struct transition *transitions;
	const char *monitor;
	char *available;
	bool dot = false;
	int opt, count, status;

	while ((opt = getopt_long(argc, argv, "dh", long_options, NULL)) != -1) {
		switch (opt) {
		case 'd':
			dot = true;
			break;
		case 'h':
			coverage_usage(stdout);
			return 0;
		default:
			coverage_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fail(optind == argc ? "which monitor?" : "one monitor at a time");
		coverage_usage(stderr);
		return EXIT_USAGE;
	}
	monitor = argv[optind];
	if (rv_present())
		return 1;
	available = rv_read("available_monitors");
	if (!available || !has_line(available, monitor, NULL)) {
		fail("no monitor '%s'; rv list shows those there are", monitor);
		free(available);
		return 1;
	}
	free(available);

	count = read_coverage(monitor, &transitions);
	if (count < 0) {
		if (errno == ENOENT)
			fail("this kernel counts no transitions: no monitors/%s/coverage",
			     monitor);
		else
			fail("cannot read the coverage of %s: %s", monitor, strerror(errno));
		return 1;
	}
	if (count == 0) {
		fail("%s has no transition counts: it was never enabled, or it is no automaton",
		     monitor);
		free(transitions);
		return 1;
	}
	if (dot) {
		status = print_coverage_dot(monitor, transitions, count);
	} else {
		print_coverage_table(monitor, transitions, count);
		status = 0;
	}
	free(transitions);
	if (status || fflush(stdout)) {
		fail("cannot write the coverage of %s", monitor);
		return 1;
	}
	return 0;
}

static void print_usage(FILE *out)
{
	fprintf(out,
		"usage: rv COMMAND [OPTIONS]\n"
		"  list          list the monitors of the running kernel\n"
		"  mon MONITOR   run a monitor (rv mon -h for its options)\n"
		"  coverage MONITOR\n"
		"                the transitions its last run took (rv coverage -h)\n"
		"  -h, --help    this text\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		print_usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "list"))
		return cmd_list(argc - 1, argv + 1);
	if (!strcmp(argv[1], "mon"))
		return cmd_mon(argc - 1, argv + 1);
	if (!strcmp(argv[1], "coverage"))
		return cmd_coverage(argc - 1, argv + 1);
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		print_usage(stdout);
		return 0;
	}
	fail("no command '%s'", argv[1]);
	print_usage(stderr);
	return EXIT_USAGE;
}
