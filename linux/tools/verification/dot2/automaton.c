// SPDX-License-Identifier: GPL-2.0
/*
 * Read a deterministic automaton from a DOT model with Graphviz's cgraph,
 * so that any valid DOT file reads as Graphviz reads it, and check it.
 *
 * Model conventions: the initial state is the target of the edge from the
 * invisible node __init_STATE; final (marked) states have the doublecircle
 * shape; an edge's label lists its events, separated by "\n" as Graphviz
 * draws them.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <graphviz/cgraph.h>

#include "automaton.h"

#define INIT_PREFIX	"__init_"

static const char *current_path;
static char cgraph_error[1024];

static int record_cgraph_error(char *msg)
{
	size_t len = strlen(cgraph_error);

	snprintf(cgraph_error + len, sizeof(cgraph_error) - len, "%s", msg);
	return 0;
}

static void report(const char *kind, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: %s", current_path, kind);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

#define fail(...)	report("", __VA_ARGS__)
#define warn(...)	report("warning: ", __VA_ARGS__)

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p) {
		perror("dot2");
		exit(2);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p) {
		perror("dot2");
		exit(2);
	}
	return p;
}

static const char * const c_keywords[] = {
	"auto", "break", "case", "char", "const", "continue", "default", "do",
	"double", "else", "enum", "extern", "float", "for", "goto", "if",
	"inline", "int", "long", "register", "restrict", "return", "short",
	"signed", "sizeof", "static", "struct", "switch", "typedef", "union",
	"unsigned", "void", "volatile", "while", "_Alignas", "_Alignof",
	"_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn",
	"_Static_assert", "_Thread_local", "asm", "typeof", "bool", "true",
	"false", "NULL",
};

/* Why a name cannot name a state or an event, or NULL if it can. */
static const char *bad_name(const char *name)
{
	size_t i;

	if (!*name)
		return "is empty";
	if (!isalpha((unsigned char)*name) && *name != '_')
		return "is not a C identifier";
	for (i = 1; name[i]; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '_')
			return "is not a C identifier";
	for (i = 0; i < ARRAY_SIZE(c_keywords); i++)
		if (!strcmp(name, c_keywords[i]))
			return "is a C keyword";
	if (!strcmp(name, "state_max") || !strcmp(name, "event_max"))
		return "is reserved for the generated code";
	return NULL;
}

/* A set of names, with a hash index: models have thousands of states. */
struct names {
	char **v;
	int n;
	int *bucket;	/* first index of each hash bucket, -1 if none */
	int *chain;	/* next index in the same bucket */
	int nr_buckets;
};

static unsigned int hash_name(const char *name)
{
	unsigned int h = 5381;

	while (*name)
		h = h * 33 + (unsigned char)*name++;
	return h;
}

static void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p) {
		perror("dot2");
		exit(2);
	}
	return p;
}

static void names_reindex(struct names *set)
{
	int i, b;

	set->nr_buckets = set->nr_buckets ? set->nr_buckets * 2 : 64;
	set->bucket = xrealloc(set->bucket, set->nr_buckets * sizeof(int));
	set->chain = xrealloc(set->chain, set->nr_buckets * sizeof(int));
	for (b = 0; b < set->nr_buckets; b++)
		set->bucket[b] = -1;
	for (i = 0; i < set->n; i++) {
		b = hash_name(set->v[i]) % set->nr_buckets;
		set->chain[i] = set->bucket[b];
		set->bucket[b] = i;
	}
}

static int names_find(const struct names *set, const char *name)
{
	int i;

	if (!set->nr_buckets)
		return -1;
	for (i = set->bucket[hash_name(name) % set->nr_buckets]; i >= 0; i = set->chain[i])
		if (!strcmp(set->v[i], name))
			return i;
	return -1;
}

static int names_add(struct names *set, const char *name)
{
	int i = names_find(set, name);
	int b;

	if (i >= 0)
		return i;
	if (set->n >= set->nr_buckets)
		names_reindex(set);
	set->v = xrealloc(set->v, (set->n + 1) * sizeof(*set->v));
	set->v[set->n] = xstrdup(name);
	b = hash_name(name) % set->nr_buckets;
	set->chain[set->n] = set->bucket[b];
	set->bucket[b] = set->n;
	return set->n++;
}

/* Index a sorted or reordered array of names anew. */
static void names_index(struct names *set, char **v, int n)
{
	set->v = v;
	set->n = n;
	set->nr_buckets = 0;
	while (set->nr_buckets < n)
		set->nr_buckets = set->nr_buckets ? set->nr_buckets * 2 : 64;
	set->nr_buckets /= 2;
	names_reindex(set);
}

static void names_free_index(struct names *set)
{
	free(set->bucket);
	free(set->chain);
	set->bucket = NULL;
	set->chain = NULL;
	set->nr_buckets = 0;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

static bool is_init_node(Agnode_t *n)
{
	return !strncmp(agnameof(n), INIT_PREFIX, strlen(INIT_PREFIX));
}

/*
 * Split an edge label into its events: "\n" separated, as Graphviz
 * writes a multi-line label; a real newline or a blank separates too.
 * Calls fn for each event; returns how many there were.
 */
static int split_label_events(const char *label, void (*fn)(const char *, void *), void *priv)
{
	char *copy = xstrdup(label ? label : ""), *p = copy, *word;
	int count = 0;

	/* "\n", "\l" and "\r" are Graphviz line breaks */
	for (char *q = copy; *q; q++) {
		if (q[0] == '\\' && (q[1] == 'n' || q[1] == 'l' || q[1] == 'r')) {
			q[0] = ' ';
			q[1] = ' ';
		}
	}
	while ((word = strsep(&p, " \t\r\n"))) {
		if (!*word)
			continue;
		fn(word, priv);
		count++;
	}
	free(copy);
	return count;
}

static void collect_event(const char *event, void *priv)
{
	names_add(priv, event);
}

struct transition_ctx {
	struct automaton *aut;
	struct names *events;
	int from, to;
	int errors;
};

static void add_transition(const char *event, void *priv)
{
	struct transition_ctx *ctx = priv;
	struct automaton *aut = ctx->aut;
	int e = names_find(ctx->events, event);
	int *slot = &aut->function[ctx->from * aut->nr_events + e];

	if (*slot != NO_TRANSITION) {
		fail("not deterministic: state %s has two transitions on event %s (to %s and %s)",
		     aut->states[ctx->from], event, aut->states[*slot], aut->states[ctx->to]);
		ctx->errors++;
		return;
	}
	*slot = ctx->to;
}

static int check_names(struct names *set, const char *kind)
{
	int i, errors = 0;
	const char *why;

	for (i = 0; i < set->n; i++) {
		why = bad_name(set->v[i]);
		if (why) {
			fail("%s name '%s' %s", kind, set->v[i], why);
			errors++;
		}
	}
	return errors;
}

static void warn_unreachable_and_dead_ends(const struct automaton *aut)
{
	bool *seen = xcalloc(aut->nr_states, sizeof(bool));
	int *queue = xcalloc(aut->nr_states, sizeof(int));
	int head = 0, tail = 0, s, e, next;

	seen[aut->initial] = true;
	queue[tail++] = aut->initial;
	while (head < tail) {
		s = queue[head++];
		for (e = 0; e < aut->nr_events; e++) {
			next = automaton_next(aut, s, e);
			if (next != NO_TRANSITION && !seen[next]) {
				seen[next] = true;
				queue[tail++] = next;
			}
		}
	}
	for (s = 0; s < aut->nr_states; s++) {
		bool way_out = false;

		if (!seen[s])
			warn("state %s cannot be reached from the initial state %s",
			     aut->states[s], aut->states[aut->initial]);
		for (e = 0; e < aut->nr_events; e++)
			way_out |= automaton_next(aut, s, e) != NO_TRANSITION;
		if (!way_out && !aut->final[s])
			warn("state %s is not final and has no way out", aut->states[s]);
	}
	free(seen);
	free(queue);
}

char *automaton_name_of(const char *path)
{
	const char *base = strrchr(path, '/');
	char *name;
	size_t len;

	base = base ? base + 1 : path;
	name = xstrdup(base);
	len = strlen(name);
	if (len > 4 && !strcmp(name + len - 4, ".dot"))
		name[len - 4] = '\0';
	return name;
}

int automaton_load(struct automaton *aut, const char *path, const char *name)
{
	struct names states = {}, events = {}, all = {}, evs = {};
	Agnode_t *n, *initial = NULL;
	Agedge_t *e;
	Agraph_t *g;
	FILE *file;
	int errors = 0, inits = 0, i;
	const char *why;

	memset(aut, 0, sizeof(*aut));
	current_path = path;
	file = fopen(path, "r");
	if (!file) {
		fail("%s", strerror(errno));
		return -1;
	}
	cgraph_error[0] = '\0';
	agseterr(AGERR);
	agseterrf(record_cgraph_error);
	g = agread(file, NULL);
	fclose(file);
	if (!g || cgraph_error[0]) {
		char *nl;

		/* one line: inner line breaks become blanks, the last goes */
		for (nl = strchr(cgraph_error, '\n'); nl; nl = strchr(nl, '\n'))
			*nl = nl[1] ? ' ' : '\0';
		fail("not a DOT graph%s%s", cgraph_error[0] ? ": " : "", cgraph_error);
		if (g)
			agclose(g);
		return -1;
	}
	if (!agisdirected(g)) {
		fail("not a directed graph (digraph)");
		agclose(g);
		return -1;
	}

	aut->name = xstrdup(name);
	why = bad_name(name);
	if (why) {
		fail("model name '%s' %s", name, why);
		errors++;
	}

	/* states: every node but the invisible __init_ ones */
	for (n = agfstnode(g); n; n = agnxtnode(g, n)) {
		if (is_init_node(n)) {
			for (e = agfstout(g, n); e; e = agnxtout(g, e)) {
				inits++;
				initial = aghead(e);
			}
			continue;
		}
		names_add(&states, agnameof(n));
		for (e = agfstout(g, n); e; e = agnxtout(g, e)) {
			if (is_init_node(aghead(e))) {
				fail("edge %s -> %s leads into an __init_ node",
				     agnameof(n), agnameof(aghead(e)));
				errors++;
				continue;
			}
			if (!split_label_events(agget(e, "label"), collect_event, &events)) {
				fail("edge %s -> %s has no event (an empty or missing label)",
				     agnameof(n), agnameof(aghead(e)));
				errors++;
			}
		}
	}
	if (inits == 0) {
		fail("no initial state: no edge from an invisible %sSTATE node", INIT_PREFIX);
		errors++;
	} else if (inits > 1) {
		fail("more than one initial state: %d edges from %s nodes", inits, INIT_PREFIX);
		errors++;
	} else if (is_init_node(initial)) {
		fail("the initial edge leads to another __init_ node, %s", agnameof(initial));
		errors++;
	}
	if (!states.n) {
		fail("no state");
		errors++;
	}
	errors += check_names(&states, "state");
	errors += check_names(&events, "event");
	for (i = 0; i < events.n; i++) {
		if (names_find(&states, events.v[i]) >= 0) {
			fail("'%s' names both a state and an event", events.v[i]);
			errors++;
		}
	}
	if (errors)
		goto out;

	/* the initial state first, then the others and the events sorted */
	i = names_find(&states, agnameof(initial));
	if (i != 0) {
		char *tmp = states.v[0];

		states.v[0] = states.v[i];
		states.v[i] = tmp;
	}
	qsort(states.v + 1, states.n - 1, sizeof(char *), compare_names);
	qsort(events.v, events.n, sizeof(char *), compare_names);
	aut->states = states.v;
	aut->nr_states = states.n;
	aut->events = events.v;
	aut->nr_events = events.n;
	aut->initial = 0;
	states.v = NULL;
	states.n = 0;
	events.v = NULL;
	events.n = 0;
	aut->function = xcalloc((size_t)aut->nr_states * (aut->nr_events ? aut->nr_events : 1),
				sizeof(int));
	for (i = 0; i < aut->nr_states * aut->nr_events; i++)
		aut->function[i] = NO_TRANSITION;
	aut->final = xcalloc(aut->nr_states, sizeof(bool));

	names_index(&all, aut->states, aut->nr_states);
	names_index(&evs, aut->events, aut->nr_events);
	for (n = agfstnode(g); n; n = agnxtnode(g, n)) {
		struct transition_ctx ctx = { .aut = aut, .events = &evs };
		char *shape;

		if (is_init_node(n))
			continue;
		ctx.from = names_find(&all, agnameof(n));
		shape = agget(n, "shape");
		aut->final[ctx.from] = shape && !strcmp(shape, "doublecircle");
		for (e = agfstout(g, n); e; e = agnxtout(g, e)) {
			ctx.to = names_find(&all, agnameof(aghead(e)));
			split_label_events(agget(e, "label"), add_transition, &ctx);
		}
		errors += ctx.errors;
	}
	names_free_index(&all);
	names_free_index(&evs);
	if (!errors)
		warn_unreachable_and_dead_ends(aut);
out:
	for (i = 0; i < states.n; i++)
		free(states.v[i]);
	for (i = 0; i < events.n; i++)
		free(events.v[i]);
	free(states.v);
	free(events.v);
	names_free_index(&states);
	names_free_index(&events);
	agclose(g);
	if (errors) {
		automaton_free(aut);
		return -1;
	}
	return 0;
}

void automaton_free(struct automaton *aut)
{
	int i;

	for (i = 0; i < aut->nr_states; i++)
		free(aut->states[i]);
	for (i = 0; i < aut->nr_events; i++)
		free(aut->events[i]);
	free(aut->states);
	free(aut->events);
	free(aut->function);
	free(aut->final);
	free(aut->name);
	memset(aut, 0, sizeof(*aut));
}

const char *automaton_state_type(const struct automaton *aut)
{
	/* the states and state_max_NAME, the "no transition" marker */
	if (aut->nr_states + 1 <= 0xff)
		return "unsigned char";
	if (aut->nr_states + 1 <= 0xffff)
		return "unsigned short";
	return "unsigned int";
}

/* Print items separated by ", ", wrapped before column 100 (tabs are 8). */
struct wrapper {
	FILE *out;
	int indent;	/* tabs */
	int column;
	bool first;
};

static void wrap_start(struct wrapper *w, FILE *out, int indent, const char *open)
{
	w->out = out;
	w->indent = indent;
	w->first = true;
	for (int i = 0; i < indent; i++)
		fputc('\t', out);
	fputs(open, out);
	w->column = indent * 8 + (int)strlen(open);
}

static void wrap_item(struct wrapper *w, const char *item)
{
	int len = (int)strlen(item);

	if (!w->first) {
		fputc(',', w->out);
		w->column++;
		if (w->column + 1 + len + 3 > 100) {
			fputc('\n', w->out);
			for (int i = 0; i < w->indent + 1; i++)
				fputc('\t', w->out);
			w->column = (w->indent + 1) * 8;
		} else {
			fputc(' ', w->out);
			w->column++;
		}
	}
	fputs(item, w->out);
	w->column += len;
	w->first = false;
}

void automaton_print_c(FILE *out, const struct automaton *aut)
{
	const char *type = automaton_state_type(aut);
	const char *name = aut->name;
	struct wrapper w;
	char item[512];
	int s, e;

	fprintf(out, "/* " SPDX_GPL_2_0 " */\n");
	fprintf(out, "/*\n * The %s automaton, generated by dot2c.\n", name);
	fprintf(out, " * Do not edit: change the model and generate it again.\n */\n\n");

	fprintf(out, "enum states_%s {\n", name);
	for (s = 0; s < aut->nr_states; s++)
		fprintf(out, "\t%s_%s,\n", aut->states[s], name);
	fprintf(out, "\tstate_max_%s,\n};\n\n", name);

	fprintf(out, "enum events_%s {\n", name);
	for (e = 0; e < aut->nr_events; e++)
		fprintf(out, "\t%s_%s,\n", aut->events[e], name);
	fprintf(out, "\tevent_max_%s,\n};\n\n", name);

	fprintf(out, "struct automaton_%s {\n", name);
	fprintf(out, "\tconst char *state_names[state_max_%s];\n", name);
	fprintf(out, "\tconst char *event_names[event_max_%s];\n", name);
	fprintf(out, "\t%s function[state_max_%s][event_max_%s];\n", type, name, name);
	fprintf(out, "\t%s initial_state;\n", type);
	fprintf(out, "\tbool final_states[state_max_%s];\n};\n\n", name);

	fprintf(out, "static const struct automaton_%s automaton_%s = {\n", name, name);
	fprintf(out, "\t.state_names = {\n");
	for (s = 0; s < aut->nr_states; s++)
		fprintf(out, "\t\t\"%s\",\n", aut->states[s]);
	fprintf(out, "\t},\n\t.event_names = {\n");
	for (e = 0; e < aut->nr_events; e++)
		fprintf(out, "\t\t\"%s\",\n", aut->events[e]);
	fprintf(out, "\t},\n\t.function = {\n");
	for (s = 0; s < aut->nr_states; s++) {
		wrap_start(&w, out, 2, "{ ");
		for (e = 0; e < aut->nr_events; e++) {
			int next = automaton_next(aut, s, e);

			if (next == NO_TRANSITION)
				snprintf(item, sizeof(item), "state_max_%s", name);
			else
				snprintf(item, sizeof(item), "%s_%s", aut->states[next], name);
			wrap_item(&w, item);
		}
		fprintf(out, " },\n");
	}
	fprintf(out, "\t},\n");
	fprintf(out, "\t.initial_state = %s_%s,\n", aut->states[aut->initial], name);
	wrap_start(&w, out, 1, ".final_states = { ");
	for (s = 0; s < aut->nr_states; s++)
		wrap_item(&w, aut->final[s] ? "1" : "0");
	fprintf(out, " },\n};\n");
}
