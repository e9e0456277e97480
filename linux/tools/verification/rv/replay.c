// SPDX-License-Identifier: GPL-2.0
/*
 * rv replay: run a model over a trace that trace-cmd recorded, on any
 * machine, with no kernel: which violations would a monitor of that
 * model have reported, and which transitions would it have taken?
 *
 * The model is read by dot2's automaton reader; the trace by libtracecmd,
 * whose records libtraceevent decodes from the event formats the trace
 * carries. A mapping file says which tracepoint is which event of the
 * model:
 *
 *	# TRACEPOINT		EVENT		OPTIONS
 *	sched:sched_switch	switch_out	init pid=prev_pid
 *	sched:sched_switch	switch_in	pid=next_pid
 *	preemptirq:preempt_enable preempt_enable init
 *	sched:sched_waking	sched_waking	context=task
 *	sched:sched_process_fork -		forget pid=child_pid
 *
 * OPTIONS: init (the init event: it brings the system to the initial
 * state), start_run (an event taken only from the initial state: an
 * instance not in sync syncs, then takes it), pid=FIELD (the task whose
 * instance takes the event, for per-task monitors; without it the task
 * that was running, common_pid), context=task|irq|any (the context the
 * record was written in, from its common_flags: task is what in_task()
 * says in the kernel), FIELD OP VALUE (OP one of == != < <= > >=, or &
 * for some bit of VALUE set, !& for none), and forget, with - for the
 * event: the instance is forgotten (a task that starts: its instance
 * waits for its init event, as a new task's does in the kernel). A line
 * "kind per_cpu|per_task|global" gives the kind of monitor. The lines of
 * one tracepoint are tried in order, each that matches giving its event,
 * as a monitor's handler calls its handling functions one after the
 * other.
 *
 * The instances behave as da_monitor.h's: one ignores events until its
 * init event, which only syncs it (the model's initial state); from then
 * on each event is a transition of the model or a violation, after which
 * the instance waits for its init event again. Per-CPU instances are the
 * record's CPU's; per-task ones are found by pid, pid 0 being each CPU's
 * own idle task. Where the trace lost events, the model cannot know what
 * happened: the instances that may have missed some (the CPU's, or all of
 * them for global and per-task monitors) wait for their init event again.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <trace-cmd.h>

#include "../dot2/automaton.h"
#include "rv.h"

/* the context bits of a record's common_flags, as the kernel sets them */
#define TRACE_FLAG_HARDIRQ	0x08
#define TRACE_FLAG_SOFTIRQ	0x10	/* serving a softirq */
#define TRACE_FLAG_NMI		0x40
#define TRACE_FLAG_NOT_TASK	(TRACE_FLAG_HARDIRQ | TRACE_FLAG_SOFTIRQ | TRACE_FLAG_NMI)

enum kind { KIND_UNSET, KIND_GLOBAL, KIND_PER_CPU, KIND_PER_TASK };
static const char * const kind_names[] = { "", "global", "per_cpu", "per_task" };

enum context { CONTEXT_ANY, CONTEXT_TASK, CONTEXT_IRQ };

enum cond_op { COND_EQ, COND_NE, COND_LT, COND_LE, COND_GT, COND_GE, COND_AND, COND_NAND };

struct condition {
	char *field;
	enum cond_op op;
	long long value;
	struct tep_format_field *f;
};

/* One line of the mapping. */
struct rule {
	int line;
	char *system, *name;		/* the tracepoint */
	char *event_name;		/* the model's event; NULL: forget */
	int event;
	bool init, start_run;
	char *pid_field;		/* NULL: common_pid */
	enum context context;
	struct condition *conds;
	int nr_conds;
	/* against the trace */
	int id;				/* the tracepoint's event id */
	struct tep_format_field *pid_f, *flags_f;
	unsigned long long records;	/* that matched */
};

struct mapping {
	const char *path;
	struct rule *rules;
	int nr_rules;
	enum kind kind;
};

/* One instance of the monitor. */
struct instance {
	long long key;
	bool used;
	bool synced;
	int state;
	unsigned long long first_sync;	/* when it first synced; 0: never */
};

struct violation {
	unsigned long long ts;
	int cpu, pid, task;		/* task: the instance's pid, -1 if not per-task */
	int state, event;
};

struct replay {
	struct automaton aut;
	struct mapping map;
	enum kind kind;
	bool json;
	struct tep_handle *tep;
	struct tep_format_field *flags_f;
	/* the instances: a hash table by key, open addressing */
	struct instance *table;
	size_t table_size, table_used;
	/* what the run saw */
	unsigned long long records;	/* of the trace, all tracepoints */
	unsigned long long mapped;	/* records that gave at least one event */
	unsigned long long ignored;	/* events of instances not in sync */
	unsigned long long syncs;	/* init events that synced an instance */
	unsigned long long transitions;
	unsigned long long lost, lost_unknown;	/* lost events, and markers of an unknown count */
	unsigned long long *coverage;	/* [state * nr_events + event] */
	unsigned long long *by;		/* violations, [state * nr_events + event] */
	struct violation *violations;
	size_t nr_violations, violations_size;
	unsigned long long first_ts, last_ts;
	bool output_broken;
};

static void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p) {
		rv_err("out of memory");
		exit(EXIT_ERROR);
	}
	return p;
}

static void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p) {
		rv_err("out of memory");
		exit(EXIT_ERROR);
	}
	return p;
}

static char *xstrndup(const char *text, size_t len)
{
	char *copy = strndup(text, len);

	if (!copy) {
		rv_err("out of memory");
		exit(EXIT_ERROR);
	}
	return copy;
}

static int event_index(const struct automaton *aut, const char *name)
{
	int i;

	for (i = 0; i < aut->nr_events; i++)
		if (!strcmp(aut->events[i], name))
			return i;
	return -1;
}

static bool valid_name(const char *text)
{
	if (!*text)
		return false;
	for (; *text; text++)
		if (!isalnum((unsigned char)*text) && *text != '_')
			return false;
	return true;
}

/* FIELD OP VALUE in WORD into C; false if WORD is not one */
static bool parse_condition(const char *word, struct condition *c)
{
	static const struct { const char *text; enum cond_op op; } ops[] = {
		{ "==", COND_EQ }, { "!=", COND_NE }, { "<=", COND_LE }, { ">=", COND_GE },
		{ "!&", COND_NAND }, { "<", COND_LT }, { ">", COND_GT }, { "&", COND_AND },
	};
	size_t len = strcspn(word, "=!<>&");
	const char *rest = word + len;
	char *end;
	size_t i;

	if (!*rest)
		return false;
	for (i = 0; i < ARRAY_SIZE(ops); i++)
		if (!strncmp(rest, ops[i].text, strlen(ops[i].text)))
			break;
	if (i == ARRAY_SIZE(ops))
		return false;
	c->field = xstrndup(word, len);
	c->op = ops[i].op;
	rest += strlen(ops[i].text);
	errno = 0;
	c->value = strtoll(rest, &end, 0);
	/* past LLONG_MAX: an unsigned field's value, such as an address */
	if (errno == ERANGE && *rest != '-') {
		errno = 0;
		c->value = (long long)strtoull(rest, &end, 0);
	}
	if (!valid_name(c->field) || !*rest || *end || errno) {
		free(c->field);
		return false;
	}
	return true;
}

static __printf(3, 4) int map_error(const struct mapping *map, int line, const char *fmt, ...)
{
	char *text;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&text, fmt, ap);
	va_end(ap);
	rv_err("%s:%d: %s", map->path, line, ret < 0 ? fmt : text);
	if (ret >= 0)
		free(text);
	return -1;
}

/* One line of the mapping, cut into words (at most 32). */
static int parse_rule(struct mapping *map, int line, char **words, int nr,
		      const struct automaton *aut)
{
	struct rule *r;
	char *colon;
	int i;

	if (!strcmp(words[0], "kind")) {
		int kind = KIND_UNSET;

		if (nr != 2)
			return map_error(map, line, "kind takes one of per_cpu, per_task, global");
		if (map->kind != KIND_UNSET)
			return map_error(map, line, "a second kind line: the mapping has one kind");
		for (i = KIND_GLOBAL; i <= KIND_PER_TASK; i++)
			if (!strcmp(words[1], kind_names[i]))
				kind = i;
		if (kind == KIND_UNSET)
			return map_error(map, line, "no kind '%s': per_cpu, per_task or global",
					 words[1]);
		map->kind = kind;
		return 0;
	}
	if (nr < 2)
		return map_error(map, line,
				 "'%s' needs the model's event: TRACEPOINT EVENT [OPTIONS]",
				 words[0]);
	colon = strchr(words[0], ':');
	if (!colon || colon == words[0] || !colon[1] || strchr(colon + 1, ':'))
		return map_error(map, line,
				 "'%s' is no tracepoint: SYSTEM:EVENT, as sched:sched_switch",
				 words[0]);
	map->rules = xrealloc(map->rules, (map->nr_rules + 1) * sizeof(*map->rules));
	r = &map->rules[map->nr_rules++];
	memset(r, 0, sizeof(*r));
	r->line = line;
	r->system = xstrndup(words[0], colon - words[0]);
	r->name = xstrndup(colon + 1, strlen(colon + 1));
	r->event = -1;
	if (strcmp(words[1], "-")) {
		r->event_name = xstrndup(words[1], strlen(words[1]));
		r->event = event_index(aut, words[1]);
		if (r->event < 0)
			return map_error(map, line, "the model %s has no event '%s'", aut->name,
					 words[1]);
	}
	for (i = 2; i < nr; i++) {
		const char *w = words[i];
		struct condition c;

		if (!strcmp(w, "init")) {
			r->init = true;
		} else if (!strcmp(w, "start_run")) {
			r->start_run = true;
		} else if (!strcmp(w, "forget")) {
			if (r->event_name)
				return map_error(map, line,
						 "forget takes - for the event, not '%s'",
						 r->event_name);
		} else if (!strncmp(w, "pid=", 4) && w[4] != '=') {
			if (!valid_name(w + 4))
				return map_error(map, line,
						 "pid= needs a field name, not '%s'", w + 4);
			free(r->pid_field);
			r->pid_field = xstrndup(w + 4, strlen(w + 4));
		} else if (!strncmp(w, "context=", 8)) {
			if (!strcmp(w + 8, "task"))
				r->context = CONTEXT_TASK;
			else if (!strcmp(w + 8, "irq"))
				r->context = CONTEXT_IRQ;
			else if (!strcmp(w + 8, "any"))
				r->context = CONTEXT_ANY;
			else
				return map_error(map, line,
						 "no context '%s': task, irq or any", w + 8);
		} else if (parse_condition(w, &c)) {
			r->conds = xrealloc(r->conds, (r->nr_conds + 1) * sizeof(c));
			r->conds[r->nr_conds++] = c;
		} else {
			return map_error(map, line,
					 "what is '%s'? options: init, start_run, forget, pid=FIELD, context=task|irq|any, FIELD==VALUE (or != < <= > >= & !&)",
					 w);
		}
	}
	if (!r->event_name) {
		bool forget = false;

		for (i = 2; i < nr; i++)
			forget |= !strcmp(words[i], "forget");
		if (!forget)
			return map_error(map, line,
					 "- is no event: give the model's event, or - with forget");
		if (r->init || r->start_run)
			return map_error(map, line,
					 "forget is no event: neither init nor start_run");
	}
	if (r->init && r->start_run)
		return map_error(map, line, "init or start_run, not both");
	return 0;
}

static int mapping_load(struct mapping *map, const char *path, const struct automaton *aut)
{
	char *text = NULL, *words[32], *p;
	size_t size = 0;
	int line = 0, nr;
	FILE *f;

	map->path = path;
	f = fopen(path, "r");
	if (!f) {
		rv_err("cannot read the mapping %s: %s", path, strerror(errno));
		return -1;
	}
	while (getline(&text, &size, f) >= 0) {
		line++;
		p = strchr(text, '#');
		if (p)
			*p = '\0';
		nr = 0;
		for (p = strtok(text, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
			if (nr == (int)ARRAY_SIZE(words)) {
				map_error(map, line, "too many words");
				goto fail;
			}
			words[nr++] = p;
		}
		if (nr && parse_rule(map, line, words, nr, aut))
			goto fail;
	}
	if (ferror(f)) {
		rv_err("cannot read the mapping %s: %s", path, strerror(errno));
		goto fail;
	}
	free(text);
	fclose(f);
	if (!map->nr_rules) {
		rv_err("%s: no tracepoint is mapped to an event of %s", path, aut->name);
		return -1;
	}
	return 0;
fail:
	free(text);
	fclose(f);
	return -1;
}

static void mapping_free(struct mapping *map)
{
	int i, j;

	for (i = 0; i < map->nr_rules; i++) {
		struct rule *r = &map->rules[i];

		free(r->system);
		free(r->name);
		free(r->event_name);
		free(r->pid_field);
		for (j = 0; j < r->nr_conds; j++)
			free(r->conds[j].field);
		free(r->conds);
	}
	free(map->rules);
}

static struct tep_format_field *find_field(const struct mapping *map, const struct rule *r,
					   struct tep_event *event, const char *name,
					   bool number)
{
	struct tep_format_field *f = tep_find_any_field(event, name);

	if (!f) {
		map_error(map, r->line, "%s:%s has no field '%s'", r->system, r->name, name);
		return NULL;
	}
	if (number && (f->flags & (TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_STRING |
				   TEP_FIELD_IS_DYNAMIC) || f->size > 8)) {
		map_error(map, r->line, "the field '%s' of %s:%s is no number", name, r->system,
			  r->name);
		return NULL;
	}
	return f;
}

/* Find each rule's tracepoint and fields in the trace's formats. */
static int mapping_resolve(struct replay *rp)
{
	struct mapping *map = &rp->map;
	bool mapped[rp->aut.nr_events ? rp->aut.nr_events : 1];
	int i, j, status = 0;

	memset(mapped, 0, sizeof(mapped));
	for (i = 0; i < map->nr_rules; i++) {
		struct rule *r = &map->rules[i];
		struct tep_event *event = tep_find_event_by_name(rp->tep, r->system, r->name);

		if (!event) {
			map_error(map, r->line,
				  "the trace has no tracepoint %s:%s (not recorded: trace-cmd record -e %s:%s; or no such tracepoint)",
				  r->system, r->name, r->system, r->name);
			status = -1;
			continue;
		}
		r->id = event->id;
		if (r->pid_field) {
			r->pid_f = find_field(map, r, event, r->pid_field, true);
			if (!r->pid_f)
				status = -1;
		}
		if (r->context != CONTEXT_ANY) {
			r->flags_f = find_field(map, r, event, "common_flags", true);
			if (!r->flags_f)
				status = -1;
		}
		for (j = 0; j < r->nr_conds; j++) {
			r->conds[j].f = find_field(map, r, event, r->conds[j].field, true);
			if (!r->conds[j].f)
				status = -1;
		}
		if (r->event >= 0)
			mapped[r->event] = true;
	}
	for (i = 0; i < rp->aut.nr_events; i++) {
		if (!mapped[i]) {
			rv_err("%s: no tracepoint gives the event %s of %s", map->path,
			       rp->aut.events[i], rp->aut.name);
			status = -1;
		}
	}
	return status;
}

static long long field_value(struct tep_format_field *f, struct tep_record *record)
{
	unsigned long long value;

	if (tep_read_number_field(f, record->data, &value))
		return 0;
	if ((f->flags & TEP_FIELD_IS_SIGNED) && f->size < 8) {
		unsigned int bits = f->size * 8;

		value &= (1ULL << bits) - 1;
		if (value & (1ULL << (bits - 1)))
			value |= ~0ULL << bits;
	}
	return (long long)value;
}

static bool rule_matches(const struct rule *r, struct tep_record *record)
{
	int i;

	if (r->context != CONTEXT_ANY) {
		bool in_task = !(field_value(r->flags_f, record) & TRACE_FLAG_NOT_TASK);
		bool want_task = r->context == CONTEXT_TASK;

		if (in_task != want_task)
			return false;
	}
	for (i = 0; i < r->nr_conds; i++) {
		const struct condition *c = &r->conds[i];
		long long v = field_value(c->f, record);
		/* an unsigned field is ordered as unsigned: 0xffff... is its largest */
		bool is_signed = c->f->flags & TEP_FIELD_IS_SIGNED;
		unsigned long long uv = v, uc = c->value;
		bool ok;

		switch (c->op) {
		case COND_EQ:
			ok = v == c->value;
			break;
		case COND_NE:
			ok = v != c->value;
			break;
		case COND_LT:
			ok = is_signed ? v < c->value : uv < uc;
			break;
		case COND_LE:
			ok = is_signed ? v <= c->value : uv <= uc;
			break;
		case COND_GT:
			ok = is_signed ? v > c->value : uv > uc;
			break;
		case COND_GE:
			ok = is_signed ? v >= c->value : uv >= uc;
			break;
		case COND_AND:
			ok = (v & c->value) != 0;
			break;
		default:
			ok = (v & c->value) == 0;
			break;
		}
		if (!ok)
			return false;
	}
	return true;
}

static size_t hash_key(long long key, size_t size)
{
	uint64_t h = (uint64_t)key * 0x9e3779b97f4a7c15ULL;

	return (h >> 17) & (size - 1);
}

/* The instance of KEY, made (not in sync) if it has none yet. */
static struct instance *instance_get(struct replay *rp, long long key)
{
	struct instance *slot;
	size_t i;

	if ((rp->table_used + 1) * 2 > rp->table_size) {
		struct instance *old = rp->table;
		size_t old_size = rp->table_size;

		rp->table_size = old_size ? old_size * 2 : 1024;
		rp->table = xmalloc(rp->table_size * sizeof(*rp->table));
		memset(rp->table, 0, rp->table_size * sizeof(*rp->table));
		for (i = 0; i < old_size; i++) {
			if (!old[i].used)
				continue;
			slot = &rp->table[hash_key(old[i].key, rp->table_size)];
			while (slot->used) {
				if (++slot == rp->table + rp->table_size)
					slot = rp->table;
			}
			*slot = old[i];
		}
		free(old);
	}
	slot = &rp->table[hash_key(key, rp->table_size)];
	while (slot->used && slot->key != key)
		slot = slot == &rp->table[rp->table_size - 1] ? rp->table : slot + 1;
	if (!slot->used) {
		slot->used = true;
		slot->key = key;
		slot->synced = false;
		slot->first_sync = 0;
		rp->table_used++;
	}
	return slot;
}

/* Lost events: the instances that may have missed some wait for their init event. */
static void desync(struct replay *rp, int cpu)
{
	size_t i;

	for (i = 0; i < rp->table_size; i++)
		if (rp->table[i].used && (rp->kind != KIND_PER_CPU || rp->table[i].key == cpu))
			rp->table[i].synced = false;
}

static void print_violation(struct replay *rp, const struct violation *v, struct tep_record *record)
{
	FILE *out = rp->json ? stderr : stdout;
	char task[24] = "";

	if (rp->output_broken)
		return;
	if (v->task >= 0)
		snprintf(task, sizeof(task), "%d: ", v->task);
	fprintf(out,
		"%16s-%-7d [%03d] %llu.%09llu: error_%s: %sevent %s not expected in the state %s\n",
		tep_data_comm_from_pid(rp->tep, v->pid), v->pid, v->cpu, v->ts / 1000000000ULL,
		v->ts % 1000000000ULL, rp->aut.name, task, rp->aut.events[v->event],
		rp->aut.states[v->state]);
	(void)record;
	if (ferror(out))
		rp->output_broken = true;
}

/* The event of R for INST, as __da_handle_*_event() of da_monitor.h take it. */
static void take_event(struct replay *rp, const struct rule *r, struct instance *inst,
		       struct tep_record *record, int task)
{
	struct violation *v;
	int next;

	if (!inst->synced) {
		if (!r->init && !r->start_run) {
			rp->ignored++;
			return;
		}
		inst->synced = true;
		inst->state = rp->aut.initial;
		if (!inst->first_sync)
			inst->first_sync = record->ts ? record->ts : 1;
		rp->syncs++;
		if (r->init)
			return;
	}
	next = automaton_next(&rp->aut, inst->state, r->event);
	if (next != NO_TRANSITION) {
		rp->coverage[inst->state * rp->aut.nr_events + r->event]++;
		rp->transitions++;
		inst->state = next;
		return;
	}
	rp->by[inst->state * rp->aut.nr_events + r->event]++;
	if (rp->nr_violations == rp->violations_size) {
		rp->violations_size = rp->violations_size ? rp->violations_size * 2 : 64;
		rp->violations = xrealloc(rp->violations,
					  rp->violations_size * sizeof(*rp->violations));
	}
	v = &rp->violations[rp->nr_violations++];
	v->ts = record->ts;
	v->cpu = record->cpu;
	v->pid = tep_data_pid(rp->tep, record);
	v->task = task;
	v->state = inst->state;
	v->event = r->event;
	print_violation(rp, v, record);
	inst->synced = false;
}

static int replay_record(struct tracecmd_input *handle, struct tep_record *record, int cpu,
			 void *data)
{
	struct replay *rp = data;
	bool mapped = false;
	int id, i;

	(void)handle;
	(void)cpu;
	if (!rp->records)
		rp->first_ts = record->ts;
	rp->last_ts = record->ts;
	rp->records++;
	if (record->missed_events) {
		if (record->missed_events > 0)
			rp->lost += record->missed_events;
		else
			rp->lost_unknown++;
		desync(rp, record->cpu);
	}
	id = tep_data_type(rp->tep, record);
	for (i = 0; i < rp->map.nr_rules; i++) {
		struct rule *r = &rp->map.rules[i];
		long long key;
		int task = -1;

		if (r->id != id || !rule_matches(r, record))
			continue;
		r->records++;
		mapped = true;
		switch (rp->kind) {
		case KIND_GLOBAL:
			key = 0;
			break;
		case KIND_PER_CPU:
			key = record->cpu;
			break;
		default:
			task = r->pid_f ? (int)field_value(r->pid_f, record) :
					  tep_data_pid(rp->tep, record);
			/* each CPU has an idle task of its own, all of pid 0 */
			key = task ? task : -1LL - record->cpu;
			break;
		}
		if (!r->event_name) {
			instance_get(rp, key)->synced = false;
			continue;
		}
		take_event(rp, r, instance_get(rp, key), record, task);
	}
	rp->mapped += mapped;
	return 0;
}

static void summary_text(const struct replay *rp)
{
	const struct automaton *aut = &rp->aut;
	const char *name = aut->name;
	int s, e, next, transitions = 0, taken = 0;
	int i;

	printf("%s: %llu events, %llu violations\n", name,
	       rp->transitions + (unsigned long long)rp->nr_violations,
	       (unsigned long long)rp->nr_violations);
	for (s = 0; s < aut->nr_states; s++)
		for (e = 0; e < aut->nr_events; e++)
			if (rp->by[s * aut->nr_events + e])
				printf("%s: violations: %s x %s: %llu\n", name, aut->states[s],
				       aut->events[e], rp->by[s * aut->nr_events + e]);
	printf("%s: %llu records, %llu of them mapped; %llu events before an init event, ignored\n",
	       name, rp->records, rp->mapped, rp->ignored);
	for (i = 0; i < rp->map.nr_rules; i++) {
		const struct rule *r = &rp->map.rules[i];

		printf("%s: %s:%s -> %s: %llu\n", name, r->system, r->name,
		       r->event_name ? r->event_name : "(forget)", r->records);
	}
	for (s = 0; s < aut->nr_states; s++) {
		for (e = 0; e < aut->nr_events; e++) {
			if (automaton_next(aut, s, e) == NO_TRANSITION)
				continue;
			transitions++;
			taken += rp->coverage[s * aut->nr_events + e] > 0;
		}
	}
	printf("%s: %d of %d transitions taken\n", name, taken, transitions);
	for (s = 0; s < aut->nr_states; s++) {
		for (e = 0; e < aut->nr_events; e++) {
			next = automaton_next(aut, s, e);
			if (next == NO_TRANSITION)
				continue;
			printf("%s: %s %s x %s -> %s: %llu\n", name,
			       rp->coverage[s * aut->nr_events + e] ? "taken:" : "never taken:",
			       aut->states[s], aut->events[e], aut->states[next],
			       rp->coverage[s * aut->nr_events + e]);
		}
	}
}

static void summary_json(const struct replay *rp, const char *model, const char *trace)
{
	const struct automaton *aut = &rp->aut;
	int s, e, next, transitions = 0, taken = 0;
	bool first = true;
	size_t i;

	fputs("{\"monitor\": ", stdout);
	json_string(stdout, aut->name);
	fputs(", \"model\": ", stdout);
	json_string(stdout, model);
	fputs(", \"trace\": ", stdout);
	json_string(stdout, trace);
	fputs(", \"mapping\": ", stdout);
	json_string(stdout, rp->map.path);
	printf(", \"kind\": \"%s\", \"records\": %llu, \"mapped_records\": %llu",
	       kind_names[rp->kind], rp->records, rp->mapped);
	printf(", \"first_ns\": %llu, \"last_ns\": %llu", rp->first_ts, rp->last_ts);
	printf(", \"events\": %llu, \"violations\": %llu, \"ignored\": %llu, \"syncs\": %llu",
	       rp->transitions + (unsigned long long)rp->nr_violations,
	       (unsigned long long)rp->nr_violations, rp->ignored, rp->syncs);
	printf(", \"lost_events\": %llu, \"lost_unknown\": %llu", rp->lost, rp->lost_unknown);
	fputs(", \"violations_by\": [", stdout);
	for (s = 0; s < aut->nr_states; s++) {
		for (e = 0; e < aut->nr_events; e++) {
			if (!rp->by[s * aut->nr_events + e])
				continue;
			fputs(first ? "{\"state\": " : ", {\"state\": ", stdout);
			first = false;
			json_string(stdout, aut->states[s]);
			fputs(", \"event\": ", stdout);
			json_string(stdout, aut->events[e]);
			printf(", \"count\": %llu}", rp->by[s * aut->nr_events + e]);
		}
	}
	fputs("], \"tracepoints\": [", stdout);
	for (i = 0; i < (size_t)rp->map.nr_rules; i++) {
		const struct rule *r = &rp->map.rules[i];

		printf("%s{\"line\": %d, \"tracepoint\": \"%s:%s\", \"event\": ", i ? ", " : "",
		       r->line, r->system, r->name);
		json_string(stdout, r->event_name);
		printf(", \"records\": %llu}", r->records);
	}
	fputs("], \"coverage\": {\"table\": [", stdout);
	first = true;
	for (s = 0; s < aut->nr_states; s++) {
		for (e = 0; e < aut->nr_events; e++) {
			next = automaton_next(aut, s, e);
			if (next == NO_TRANSITION)
				continue;
			transitions++;
			taken += rp->coverage[s * aut->nr_events + e] > 0;
			fputs(first ? "{\"state\": " : ", {\"state\": ", stdout);
			first = false;
			json_string(stdout, aut->states[s]);
			fputs(", \"event\": ", stdout);
			json_string(stdout, aut->events[e]);
			fputs(", \"next\": ", stdout);
			json_string(stdout, aut->states[next]);
			printf(", \"count\": %llu}", rp->coverage[s * aut->nr_events + e]);
		}
	}
	printf("], \"transitions\": %d, \"taken\": %d}, \"first_sync\": {", transitions, taken);
	/* when each instance (CPU, pid, or -1-CPU for an idle task) first synced */
	first = true;
	for (i = 0; i < rp->table_size; i++) {
		if (!rp->table[i].used || !rp->table[i].first_sync)
			continue;
		printf("%s\"%lld\": %llu", first ? "" : ", ", rp->table[i].key,
		       rp->table[i].first_sync);
		first = false;
	}
	fputs("}, \"violation_list\": [", stdout);
	for (i = 0; i < rp->nr_violations; i++) {
		const struct violation *v = &rp->violations[i];

		printf("%s\n  {\"time_ns\": %llu, \"cpu\": %d, \"pid\": %d, \"task\": ",
		       i ? "," : "", v->ts, v->cpu, v->pid);
		if (v->task >= 0)
			printf("%d", v->task);
		else
			fputs("null", stdout);
		fputs(", \"state\": ", stdout);
		json_string(stdout, aut->states[v->state]);
		fputs(", \"event\": ", stdout);
		json_string(stdout, aut->events[v->event]);
		fputs("}", stdout);
	}
	fputs("]}\n", stdout);
}

static void replay_usage(FILE *out)
{
	fprintf(out,
		"usage: rv replay [OPTIONS] MODEL.dot TRACE.dat\n"
		"  runs the model over a trace that trace-cmd recorded, as the kernel's\n"
		"  monitor of that model would have followed it, with no kernel: prints\n"
		"  each violation as the kernel traces it (error_MODEL) with its time,\n"
		"  then the events, the violations by state and event, and the\n"
		"  transitions taken and never taken\n"
		"  -m, --mapping MAPPING  which tracepoint is which event of the model\n"
		"                         (default: MODEL.map next to MODEL.dot)\n"
		"  -k, --kind KIND        per_cpu, per_task or global (default: the\n"
		"                         mapping's kind line, else per_task if a line\n"
		"                         names a pid= field, else per_cpu)\n"
		"  -j, --json             print the summary as JSON, the violations in it\n"
		"                         (and on stderr)\n"
		"  -h, --help             this text\n"
		"  exit status: 0 no violation, 1 some, 2 usage error or unreadable\n"
		"  model, mapping or trace\n");
}

/* MODEL.dot -> MODEL.map */
static char *default_mapping(const char *model)
{
	size_t len = strlen(model);
	char *path;

	if (len > 4 && !strcmp(model + len - 4, ".dot"))
		len -= 4;
	path = xmalloc(len + 5);
	memcpy(path, model, len);
	strcpy(path + len, ".map");
	return path;
}

int cmd_replay(int argc, char **argv)
{
	static const struct option long_options[] = {
		{ "mapping", required_argument, NULL, 'm' },
		{ "kind", required_argument, NULL, 'k' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	struct replay rp = { };
	struct tracecmd_input *handle = NULL;
	const char *model, *trace, *kind = NULL, *mapping_arg = NULL;
	char *mapping, *name;
	int opt, i, status = EXIT_ERROR;
	size_t cells;

	while ((opt = getopt_long(argc, argv, "m:k:jh", long_options, NULL)) != -1) {
		switch (opt) {
		case 'm':
			mapping_arg = optarg;
			break;
		case 'k':
			kind = optarg;
			break;
		case 'j':
			rp.json = true;
			break;
		case 'h':
			replay_usage(stdout);
			return 0;
		default:
			replay_usage(stderr);
			return EXIT_ERROR;
		}
	}
	if (argc - optind != 2) {
		rv_err(argc - optind < 2 ? "which model and which trace?" :
		       "one model and one trace");
		replay_usage(stderr);
		return EXIT_ERROR;
	}
	model = argv[optind];
	trace = argv[optind + 1];
	if (kind) {
		for (i = KIND_GLOBAL; i <= KIND_PER_TASK; i++)
			if (!strcmp(kind, kind_names[i]))
				rp.kind = i;
		if (rp.kind == KIND_UNSET) {
			rv_err("no kind '%s': per_cpu, per_task or global", kind);
			return EXIT_ERROR;
		}
	}
	mapping = mapping_arg ? xstrndup(mapping_arg, strlen(mapping_arg)) :
		  default_mapping(model);
	name = automaton_name_of(model);
	if (!name || automaton_load(&rp.aut, model, name)) {
		free(name);
		free(mapping);
		return EXIT_ERROR;
	}
	free(name);
	if (automaton_hybrid(&rp.aut)) {
		rv_err("%s is a hybrid automaton: rv replay runs deterministic automata only",
		       model);
		goto out_model;
	}
	if (mapping_load(&rp.map, mapping, &rp.aut))
		goto out_mapping;
	if (rp.kind == KIND_UNSET)
		rp.kind = rp.map.kind;
	if (rp.kind == KIND_UNSET) {
		rp.kind = KIND_PER_CPU;
		for (i = 0; i < rp.map.nr_rules; i++)
			if (rp.map.rules[i].pid_field)
				rp.kind = KIND_PER_TASK;
	}
	tracecmd_set_loglevel(TEP_LOG_NONE);
	handle = tracecmd_open(trace, TRACECMD_FL_LOAD_NO_PLUGINS);
	if (!handle) {
		rv_err("cannot read the trace %s: %s", trace,
		       errno ? strerror(errno) : "not a trace-cmd trace.dat");
		goto out_mapping;
	}
	rp.tep = tracecmd_get_tep(handle);
	if (mapping_resolve(&rp))
		goto out_trace;
	cells = (size_t)rp.aut.nr_states * rp.aut.nr_events;
	rp.coverage = xmalloc(cells * sizeof(*rp.coverage));
	rp.by = xmalloc(cells * sizeof(*rp.by));
	memset(rp.coverage, 0, cells * sizeof(*rp.coverage));
	memset(rp.by, 0, cells * sizeof(*rp.by));
	if (tracecmd_iterate_events(handle, NULL, 0, replay_record, &rp) < 0) {
		rv_err("cannot read the records of %s", trace);
		goto out_run;
	}
	if (rp.json)
		summary_json(&rp, model, trace);
	else if (!rp.output_broken)
		summary_text(&rp);
	if (rp.lost || rp.lost_unknown)
		rv_warn("the trace lost events (%llu, and %llu times an unknown number): the instances that may have missed some waited for their init event again",
			rp.lost, rp.lost_unknown);
	for (i = 0; i < rp.map.nr_rules; i++)
		if (!rp.map.rules[i].records && rp.map.rules[i].event_name)
			rv_warn("%s:%d: no record of %s:%s gave %s", mapping,
				rp.map.rules[i].line, rp.map.rules[i].system,
				rp.map.rules[i].name, rp.map.rules[i].event_name);
	status = rp.nr_violations ? EXIT_VIOLATION : EXIT_CLEAN;
	if ((rp.json || !rp.output_broken) && (fflush(stdout) || ferror(stdout)))
		status = output_failed();
out_run:
	free(rp.coverage);
	free(rp.by);
	free(rp.violations);
	free(rp.table);
out_trace:
	tracecmd_close(handle);
out_mapping:
	mapping_free(&rp.map);
out_model:
	automaton_free(&rp.aut);
	free(mapping);
	return status;
}
