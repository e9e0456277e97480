// SPDX-License-Identifier: GPL-2.0
/*
 * mktrace: write a trace-cmd trace.dat (file format version 6, see
 * trace-cmd.dat.v6(5)) of made-up records, for the tests of rv replay,
 * with no kernel and no tracefs: the event formats are written here by
 * hand for the few events the tests need, and the per-CPU data is laid
 * out in ring-buffer pages as the header_page and header_event formats
 * written with them describe.
 *
 *   mktrace OUT.dat < SCRIPT
 *
 * SCRIPT, one line each (# starts a comment):
 *   cpus N                     the number of CPUs (first, default 2)
 *   format SYSTEM:EVENT        carry the event's format even without records
 *   lost CPU [COUNT]           the next record of CPU follows lost events
 *                              (COUNT of them, or an unknown number)
 *   TS CPU PID EVENT [FIELD=VALUE ...]
 *                              a record at TS ns on CPU, written while PID
 *                              ran; EVENT is one of the events below
 *                              (without its system), FIELD one of its
 *                              fields or flags (common_flags: 0x08 hardirq,
 *                              0x10 softirq, 0x40 NMI)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_SIZE	4096
#define PAGE_HEADER	16		/* timestamp, commit */
#define MAX_CPUS	8
#define TS_BITS		27
#define TYPE_EXTEND	30
#define MISSED_EVENTS	(1ULL << 31)
#define MISSED_STORED	(1ULL << 30)

struct field {
	const char *name;
	int offset, size;	/* size 16: a comm */
};

struct event {
	const char *system, *name;
	int id, size;
	const char *fields;	/* the format's lines after the common fields */
	const char *print;
	struct field layout[8];
};

#define COMMON \
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n" \
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n" \
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n" \
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"

#define WAKEUP_FIELDS \
	"\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n" \
	"\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n" \
	"\tfield:int prio;\toffset:28;\tsize:4;\tsigned:1;\n" \
	"\tfield:int target_cpu;\toffset:32;\tsize:4;\tsigned:1;\n"
#define WAKEUP_LAYOUT { { "comm", 8, 16 }, { "pid", 24, 4 }, { "prio", 28, 4 }, \
			{ "target_cpu", 32, 4 } }

#define PREEMPT_FIELDS \
	"\tfield:s32 caller_offs;\toffset:8;\tsize:4;\tsigned:1;\n" \
	"\tfield:s32 parent_offs;\toffset:12;\tsize:4;\tsigned:1;\n"
#define PREEMPT_LAYOUT { { "caller_offs", 8, 4 }, { "parent_offs", 12, 4 } }

static struct event events[] = {
	{ "sched", "sched_switch", 300, 64,
	  "\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	  "\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	  "\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n"
	  "\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n"
	  "\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n"
	  "\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n"
	  "\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n",
	  "\"prev_comm=%s prev_pid=%d ==> next_comm=%s next_pid=%d\", REC->prev_comm, REC->prev_pid, REC->next_comm, REC->next_pid",
	  { { "prev_comm", 8, 16 }, { "prev_pid", 24, 4 }, { "prev_prio", 28, 4 },
	    { "prev_state", 32, 8 }, { "next_comm", 40, 16 }, { "next_pid", 56, 4 },
	    { "next_prio", 60, 4 } } },
	{ "sched", "sched_wakeup", 301, 36, WAKEUP_FIELDS,
	  "\"comm=%s pid=%d\", REC->comm, REC->pid", WAKEUP_LAYOUT },
	{ "sched", "sched_waking", 302, 36, WAKEUP_FIELDS,
	  "\"comm=%s pid=%d\", REC->comm, REC->pid", WAKEUP_LAYOUT },
	{ "sched", "sched_process_fork", 303, 48,
	  "\tfield:char parent_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	  "\tfield:pid_t parent_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	  "\tfield:char child_comm[16];\toffset:28;\tsize:16;\tsigned:0;\n"
	  "\tfield:pid_t child_pid;\toffset:44;\tsize:4;\tsigned:1;\n",
	  "\"parent_pid=%d child_pid=%d\", REC->parent_pid, REC->child_pid",
	  { { "parent_comm", 8, 16 }, { "parent_pid", 24, 4 }, { "child_comm", 28, 16 },
	    { "child_pid", 44, 4 } } },
	{ "preemptirq", "preempt_disable", 310, 16, PREEMPT_FIELDS,
	  "\"caller=%d parent=%d\", REC->caller_offs, REC->parent_offs", PREEMPT_LAYOUT },
	{ "preemptirq", "preempt_enable", 311, 16, PREEMPT_FIELDS,
	  "\"caller=%d parent=%d\", REC->caller_offs, REC->parent_offs", PREEMPT_LAYOUT },
};

#define NR_EVENTS	(sizeof(events) / sizeof(events[0]))

static bool used[NR_EVENTS];	/* the events the trace carries the format of */

struct cpu_data {
	unsigned char *pages;
	size_t nr_pages;
	size_t *used;		/* of each page, header included */
	uint64_t *flags;	/* of each page: events lost before it */
	long long *lost;	/* how many, if known */
	uint64_t last_ts;
	long long lost_next;	/* for the next record: -1 unknown */
	bool lost_pending;
};

static struct cpu_data cpus[MAX_CPUS];
static int nr_cpus = 2;
static char cmdlines[65536];
static size_t cmdlines_len;

static void die(int line, const char *what)
{
	fprintf(stderr, "mktrace: line %d: %s\n", line, what);
	exit(2);
}

static void put64(unsigned char *p, uint64_t v)
{
	memcpy(p, &v, 8);	/* little endian hosts only: written in the header */
}

static void put32(unsigned char *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

static void *grow(void *p, size_t count, size_t size)
{
	p = realloc(p, count * size);
	if (!p)
		die(0, "out of memory");
	return p;
}

static void new_page(struct cpu_data *c, uint64_t ts)
{
	size_t n = c->nr_pages++;

	c->pages = grow(c->pages, c->nr_pages, PAGE_SIZE);
	c->used = grow(c->used, c->nr_pages, sizeof(*c->used));
	c->flags = grow(c->flags, c->nr_pages, sizeof(*c->flags));
	c->lost = grow(c->lost, c->nr_pages, sizeof(*c->lost));
	memset(c->pages + n * PAGE_SIZE, 0, PAGE_SIZE);
	c->used[n] = PAGE_HEADER;
	c->flags[n] = 0;
	c->lost[n] = 0;
	if (c->lost_pending) {
		c->flags[n] = MISSED_EVENTS;
		if (c->lost_next > 0) {
			c->flags[n] |= MISSED_STORED;
			c->lost[n] = c->lost_next;
		}
		c->lost_pending = false;
	}
	put64(c->pages + n * PAGE_SIZE, ts);
	c->last_ts = ts;
}

static void add_record(int line, int cpu, uint64_t ts, const unsigned char *data, int size)
{
	struct cpu_data *c = &cpus[cpu];
	int need = 8 + 4 + size + 8;	/* a time extend, header, data, a lost count */
	unsigned char *p;
	uint64_t delta;
	size_t n;

	if (c->nr_pages && ts < c->last_ts)
		die(line, "time goes back on this CPU");
	if (!c->nr_pages || c->lost_pending || c->used[c->nr_pages - 1] + need > PAGE_SIZE)
		new_page(c, ts);
	n = c->nr_pages - 1;
	p = c->pages + n * PAGE_SIZE + c->used[n];
	delta = ts - c->last_ts;
	if (delta >> TS_BITS) {
		put32(p, TYPE_EXTEND | (uint32_t)(delta & ((1U << TS_BITS) - 1)) << 5);
		put32(p + 4, (uint32_t)(delta >> TS_BITS));
		p += 8;
		c->used[n] += 8;
		delta = 0;
	}
	put32(p, (uint32_t)(size / 4) | (uint32_t)delta << 5);
	memcpy(p + 4, data, size);
	c->used[n] += 4 + size;
	c->last_ts = ts;
}

static struct event *find_event(const char *name)
{
	size_t i;
	const char *colon = strchr(name, ':');

	if (colon)
		name = colon + 1;
	for (i = 0; i < NR_EVENTS; i++)
		if (!strcmp(events[i].name, name))
			return &events[i];
	return NULL;
}

/* whether the saved cmdlines have a line for PID */
static bool has_comm(int pid)
{
	char key[32];
	int len = snprintf(key, sizeof(key), "\n%d ", pid);

	/* each line starts after a newline, the first at the start */
	if (!strncmp(cmdlines, key + 1, len - 1))
		return true;
	return memmem(cmdlines, cmdlines_len, key, len) != NULL;
}

static void add_comm(int pid, const char *comm)
{
	char key[32];
	int len = snprintf(key, sizeof(key), "%d ", pid);

	if (!*comm || has_comm(pid))
		return;
	if (cmdlines_len + len + strlen(comm) + 2 < sizeof(cmdlines))
		cmdlines_len += sprintf(cmdlines + cmdlines_len, "%s%s\n", key, comm);
}

static void parse_record(int line, char *text)
{
	unsigned char data[128] = { 0 };
	char *words[16], *p;
	int nr = 0, cpu, pid, i, j;
	unsigned long long ts;
	struct event *e;

	for (p = strtok(text, " \t\n"); p && nr < 16; p = strtok(NULL, " \t\n"))
		words[nr++] = p;
	if (nr < 4)
		die(line, "TS CPU PID EVENT [FIELD=VALUE ...]");
	ts = strtoull(words[0], NULL, 0);
	cpu = atoi(words[1]);
	pid = atoi(words[2]);
	if (cpu < 0 || cpu >= nr_cpus)
		die(line, "no such CPU");
	e = find_event(words[3]);
	if (!e)
		die(line, "no such event");
	used[e - events] = true;
	data[0] = e->id & 0xff;
	data[1] = e->id >> 8;
	put32(data + 4, pid);
	for (i = 4; i < nr; i++) {
		char *eq = strchr(words[i], '=');
		long long value;

		if (!eq)
			die(line, "FIELD=VALUE");
		*eq++ = '\0';
		if (!strcmp(words[i], "flags")) {
			data[2] = strtol(eq, NULL, 0);
			continue;
		}
		for (j = 0; j < 8 && e->layout[j].name; j++)
			if (!strcmp(e->layout[j].name, words[i]))
				break;
		if (j == 8 || !e->layout[j].name)
			die(line, "no such field");
		if (e->layout[j].size == 16) {
			strncpy((char *)data + e->layout[j].offset, eq, 15);
			continue;
		}
		value = strtoll(eq, NULL, 0);
		memcpy(data + e->layout[j].offset, &value, e->layout[j].size);
		if (!strcmp(words[i], "prev_pid") || !strcmp(words[i], "next_pid") ||
		    !strcmp(words[i], "pid") || !strcmp(words[i], "child_pid")) {
			char comm[16];

			snprintf(comm, sizeof(comm), "task%lld", value);
			add_comm(value, comm);
		}
	}
	add_record(line, cpu, ts, data, (e->size + 3) & ~3);
}

static void write_all(FILE *out, const void *data, size_t size)
{
	if (fwrite(data, 1, size, out) != size) {
		perror("mktrace: write");
		exit(2);
	}
}

static void write_u32(FILE *out, uint32_t v)
{
	write_all(out, &v, 4);
}

static void write_u64(FILE *out, uint64_t v)
{
	write_all(out, &v, 8);
}

static void write_text(FILE *out, const char *text, bool size64)
{
	if (size64)
		write_u64(out, strlen(text));
	else
		write_u32(out, strlen(text));
	write_all(out, text, strlen(text));
}

static char *format_of(const struct event *e)
{
	char *text;

	if (asprintf(&text, "name: %s\nID: %d\nformat:\n" COMMON "%s\nprint fmt: %s\n",
		     e->name, e->id, e->fields, e->print) < 0)
		exit(2);
	return text;
}

int main(int argc, char **argv)
{
	static const char header_page[] =
		"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
		"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
		"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
		"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n";
	static const char header_event[] =
		"# compressed entry header\n"
		"\ttype_len    :    5 bits\n"
		"\ttime_delta  :   27 bits\n"
		"\tarray       :   32 bits\n\n"
		"\tpadding     : type == 29\n"
		"\ttime_extend : type == 30\n"
		"\ttime_stamp : type == 31\n"
		"\tdata max type_len  == 28\n";
	const char *systems[] = { "sched", "preemptirq" };
	char *text = NULL, *p;
	size_t size = 0, i, s;
	int line = 0, cpu;
	uint64_t offset;
	FILE *out;

	if (argc != 2) {
		fprintf(stderr, "usage: mktrace OUT.dat < SCRIPT\n");
		return 2;
	}
	while (getline(&text, &size, stdin) >= 0) {
		line++;
		p = strchr(text, '#');
		if (p)
			*p = '\0';
		p = text + strspn(text, " \t\n");
		if (!*p)
			continue;
		if (!strncmp(p, "cpus ", 5)) {
			nr_cpus = atoi(p + 5);
			if (nr_cpus < 1 || nr_cpus > MAX_CPUS)
				die(line, "1 to 8 CPUs");
		} else if (!strncmp(p, "format ", 7)) {
			struct event *e = find_event(strtok(p + 7, " \t\n"));

			if (!e)
				die(line, "no such event");
			used[e - events] = true;
		} else if (!strncmp(p, "lost ", 5)) {
			char *end;

			cpu = strtol(p + 5, &end, 10);
			if (cpu < 0 || cpu >= nr_cpus)
				die(line, "no such CPU");
			cpus[cpu].lost_pending = true;
			cpus[cpu].lost_next = strtoll(end, &end, 10);
		} else {
			parse_record(line, p);
		}
	}
	free(text);
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		struct cpu_data *c = &cpus[cpu];
		size_t n;

		/* each page's commit: its bytes of data, the flags of lost events */
		for (n = 0; n < c->nr_pages; n++) {
			unsigned char *page = c->pages + n * PAGE_SIZE;
			uint64_t commit = c->used[n] - PAGE_HEADER;

			if (c->flags[n] & MISSED_STORED)
				put64(page + c->used[n], c->lost[n]);
			put64(page + 8, commit | c->flags[n]);
		}
	}
	out = fopen(argv[1], "w");
	if (!out) {
		perror(argv[1]);
		return 2;
	}
	write_all(out, "\027\010\104tracing6", 11);
	write_all(out, "", 1);
	write_all(out, "\0\010", 2);	/* little endian, 8-byte longs */
	write_u32(out, PAGE_SIZE);
	write_all(out, "header_page", 12);
	write_text(out, header_page, true);
	write_all(out, "header_event", 13);
	write_text(out, header_event, true);
	write_u32(out, 0);		/* no ftrace events */
	write_u32(out, 2);
	for (s = 0; s < 2; s++) {
		uint32_t count = 0;

		write_all(out, systems[s], strlen(systems[s]) + 1);
		for (i = 0; i < NR_EVENTS; i++)
			count += used[i] && !strcmp(events[i].system, systems[s]);
		write_u32(out, count);
		for (i = 0; i < NR_EVENTS; i++) {
			if (used[i] && !strcmp(events[i].system, systems[s])) {
				char *f = format_of(&events[i]);

				write_text(out, f, true);
				free(f);
			}
		}
	}
	write_u32(out, 0);		/* kallsyms */
	write_u32(out, 0);		/* printk formats */
	cmdlines[cmdlines_len] = '\0';
	write_text(out, cmdlines, true);
	write_u32(out, nr_cpus);
	write_all(out, "options  ", 10);
	write_all(out, "\0\0", 2);
	write_all(out, "flyrecord", 10);
	offset = ftell(out) + nr_cpus * 16;
	offset = (offset + PAGE_SIZE - 1) & ~(uint64_t)(PAGE_SIZE - 1);
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		write_u64(out, offset);
		write_u64(out, cpus[cpu].nr_pages * PAGE_SIZE);
		offset += cpus[cpu].nr_pages * PAGE_SIZE;
	}
	while (ftell(out) & (PAGE_SIZE - 1))
		write_all(out, "", 1);
	for (cpu = 0; cpu < nr_cpus; cpu++)
		write_all(out, cpus[cpu].pages ? (void *)cpus[cpu].pages : (void *)"",
			  cpus[cpu].nr_pages * PAGE_SIZE);
	if (fclose(out)) {
		perror(argv[1]);
		return 2;
	}
	return 0;
}
