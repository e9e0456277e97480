// SPDX-License-Identifier: GPL-2.0
/*
 * Read a deterministic automaton from a DOT model with Graphviz's cgraph,
 * so that any valid DOT file reads as Graphviz reads it, and check it.
 *
 * Model conventions: the initial state is the target of the edge from the
 * invisible node __init_STATE; final (marked) states have the doublecircle
 * shape; an edge's label lists its events, separated by "\n" as Graphviz
 * draws them.
 *
 * A hybrid automaton adds clocks (see the end of this file): a line of an
 * edge's label may be "EVENT;CONSTRAINT;...", where a constraint is a
 * guard ("clk < 100ms", "a >= 1us && b < 5j") or reset(CLOCK, ...); a
 * state's invariant ("clk < threshold_jiffies") is the second line of its
 * label, as Linux's RV writes it, or its "invariant" attribute.
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

#define dot2_err(...)	report("", __VA_ARGS__)
#define dot2_warn(...)	report("warning: ", __VA_ARGS__)

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

/* What a label's lines say, for the hybrid part: kept until it is read. */
struct raw_ha {
	char **edge;		/* constraints of [state * nr_events + event], or NULL */
	char **where_edge;	/* "edge a -> b, event e", for messages */
	char **invariant;	/* per state, or NULL */
};

/*
 * Split an edge label into lines, at Graphviz line breaks ("\n", "\l",
 * "\r") or real ones. A line with a ';' is one event and its constraints;
 * in another, blanks separate events too. Calls fn for each event, with
 * its constraints or NULL; returns how many events there were, or -1
 * after saying what is wrong.
 */
static int split_label_events(const char *label, const char *where,
			      void (*fn)(const char *, const char *, void *), void *priv)
{
	char *copy = xstrdup(label ? label : ""), *p = copy, *line, *word, *rest;
	int count = 0, bad = 0;

	for (char *q = copy; *q; q++) {
		if (q[0] == '\\' && (q[1] == 'n' || q[1] == 'l' || q[1] == 'r')) {
			q[0] = '\n';
			q[1] = ' ';
		}
	}
	while ((line = strsep(&p, "\n"))) {
		rest = strchr(line, ';');
		if (rest) {
			*rest++ = '\0';
			word = line + strspn(line, " \t\r");
			line = word + strcspn(word, " \t\r");
			if (!*word || line[strspn(line, " \t\r")]) {
				dot2_err("%s: '%s;%s': a guard or reset follows one event%s",
					 where, word, rest,
					 *word ? ", alone on its line" : ", and there is none");
				bad++;
				continue;
			}
			*line = '\0';
			fn(word, rest, priv);
			count++;
			continue;
		}
		while ((word = strsep(&line, " \t\r"))) {
			if (!*word)
				continue;
			fn(word, NULL, priv);
			count++;
		}
	}
	free(copy);
	return bad ? -1 : count;
}

static void collect_event(const char *event, const char *constraints, void *priv)
{
	(void)constraints;	/* read in the second pass */
	names_add(priv, event);
}

struct transition_ctx {
	struct automaton *aut;
	struct names *events;
	struct raw_ha *raw;
	int from, to;
	int errors;
};

static void add_transition(const char *event, const char *constraints, void *priv)
{
	struct transition_ctx *ctx = priv;
	struct automaton *aut = ctx->aut;
	int e = names_find(ctx->events, event);
	int *slot = &aut->function[ctx->from * aut->nr_events + e];

	if (*slot != NO_TRANSITION) {
		dot2_err("not deterministic: state %s has two transitions on event %s (to %s and %s)",
			 aut->states[ctx->from], event, aut->states[*slot], aut->states[ctx->to]);
		ctx->errors++;
		return;
	}
	*slot = ctx->to;
	if (constraints) {
		int i = ctx->from * aut->nr_events + e;

		ctx->raw->edge[i] = xstrdup(constraints);
		if (asprintf(&ctx->raw->where_edge[i], "edge %s -> %s, event %s",
			     aut->states[ctx->from], aut->states[ctx->to], event) < 0) {
			perror("dot2");
			exit(2);
		}
	}
}

static int check_names(struct names *set, const char *kind)
{
	int i, errors = 0;
	const char *why;

	for (i = 0; i < set->n; i++) {
		why = bad_name(set->v[i]);
		if (why) {
			dot2_err("%s name '%s' %s", kind, set->v[i], why);
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
			dot2_warn("state %s cannot be reached from the initial state %s",
				  aut->states[s], aut->states[aut->initial]);
		for (e = 0; e < aut->nr_events; e++)
			way_out |= automaton_next(aut, s, e) != NO_TRANSITION;
		if (!way_out && !aut->final[s])
			dot2_warn("state %s is not final and has no way out", aut->states[s]);
	}
	free(seen);
	free(queue);
}

/*
 * Hybrid automata. A clock counts time or jiffies from its last reset (or
 * from when the monitor's instance synced). The model declares its clocks
 * in the graph attribute clocks = "a, b"; without it, the clocks are the
 * ones its edges reset. A constraint compares a clock with a bound: a
 * number and its unit (ns, us, ms or s: a time clock, kept in ns; j or
 * jiffies: a jiffies clock) or a named bound, a parameter of the monitor,
 * whose name ends with its unit (_ns, _us, _ms, _s or _jiffies).
 *
 *	a -> b [label = "event;clk < 100ms && other >= 5j;reset(clk)"];
 *	b [label = "b\nclk < threshold_jiffies"];	(or invariant = "...")
 *
 * A guard is the conjunction of the comparisons of its line; an invariant
 * is one comparison that bounds its clock from above (< or <=), which the
 * monitor enforces with a timer: one kind of timer per monitor, so all
 * invariants bound clocks of one kind.
 */

/* "\n", "\l" and "\r" are Graphviz line breaks: make them real ones. */
static char *label_lines(const char *label)
{
	char *copy = xstrdup(label ? label : "");

	for (char *q = copy; *q; q++) {
		if (q[0] == '\\' && (q[1] == 'n' || q[1] == 'l' || q[1] == 'r')) {
			q[0] = '\n';
			q[1] = ' ';
		}
	}
	return copy;
}

static char *trim(char *s)
{
	char *end;

	s += strspn(s, " \t\r");
	end = s + strlen(s);
	while (end > s && strchr(" \t\r", end[-1]))
		*--end = '\0';
	return s;
}

/*
 * A state's invariant: the lines of its label after the first (its name,
 * as Linux's RV draws a hybrid automaton), or its "invariant" attribute.
 */
static int read_invariant(Agnode_t *n, char **invariant)
{
	char *lines = label_lines(agget(n, "label")), *p = lines, *line;
	const char *attr = agget(n, "invariant");
	char *found = NULL;
	int nr = 0, errors = 0;

	while ((line = strsep(&p, "\n"))) {
		line = trim(line);
		if (nr++ == 0 || !*line)
			continue;
		if (found) {
			dot2_err("state %s: two invariants, '%s' and '%s': a state has one",
				 agnameof(n), found, line);
			errors++;
			break;
		}
		found = line;
	}
	if (attr && *attr && found) {
		dot2_err("state %s: an invariant in both its label ('%s') and its invariant attribute ('%s')",
			 agnameof(n), found, attr);
		errors++;
	} else if (attr && *attr) {
		found = (char *)attr;
	}
	*invariant = found && !errors ? xstrdup(found) : NULL;
	free(lines);
	return errors;
}

static void free_raw_ha(struct raw_ha *raw, int nr_transitions, int nr_states)
{
	int i;

	for (i = 0; raw->edge && i < nr_transitions; i++) {
		free(raw->edge[i]);
		free(raw->where_edge[i]);
	}
	for (i = 0; raw->invariant && i < nr_states; i++)
		free(raw->invariant[i]);
	free(raw->edge);
	free(raw->where_edge);
	free(raw->invariant);
}

static const struct {
	const char *name;
	enum clock_kind kind;
	unsigned long long scale;	/* in ns or jiffies */
} units[] = {
	{ "ns", CLOCK_NS, 1 },
	{ "us", CLOCK_NS, 1000 },
	{ "ms", CLOCK_NS, 1000000 },
	{ "s", CLOCK_NS, 1000000000 },
	{ "j", CLOCK_JIFFIES, 1 },
	{ "jiffies", CLOCK_JIFFIES, 1 },
};

static const char * const op_text[] = { "<", "<=", ">", ">=", "==", "!=" };
static const char * const op_c[] = { "HA_LT", "HA_LE", "HA_GT", "HA_GE", "HA_EQ", "HA_NE" };

/* A comparison or a reset as read, before its clock is known. */
struct pending {
	char *clock;
	char *where;		/* the place, for messages */
	int state;		/* an invariant's state, else -1 */
	int transition;		/* a guard's or reset's transition, else -1 */
	enum clock_kind kind;	/* a comparison's, from its bound's unit */
	char *param;		/* a named bound */
	struct constraint c;
};

struct hybrid {
	struct automaton *aut;
	struct pending *cmps;	/* the comparisons: guards, then invariants */
	int nr_cmps;
	struct pending *resets;
	int nr_resets;
	int errors;
};

static struct pending *add_pending(struct pending **v, int *n, const char *clock,
				   const char *where)
{
	struct pending *p;

	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	p = &(*v)[(*n)++];
	memset(p, 0, sizeof(*p));
	p->clock = xstrdup(clock);
	p->where = xstrdup(where);
	p->state = -1;
	p->transition = -1;
	p->c.param = -1;
	return p;
}

static void free_pending(struct pending *v, int n)
{
	for (int i = 0; i < n; i++) {
		free(v[i].clock);
		free(v[i].where);
		free(v[i].param);
		free(v[i].c.text);
	}
	free(v);
}

static const char *skip_blanks(const char *p)
{
	return p + strspn(p, " \t\r");
}

/* An identifier at *p, copied to buf: false if there is none. */
static bool read_ident(const char **p, char *buf, size_t size)
{
	const char *q = *p;
	size_t len;

	if (!isalpha((unsigned char)*q) && *q != '_')
		return false;
	while (isalnum((unsigned char)*q) || *q == '_')
		q++;
	len = q - *p;
	if (len >= size)
		len = size - 1;
	memcpy(buf, *p, len);
	buf[len] = '\0';
	*p = q;
	return true;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t len = strlen(s), slen = strlen(suffix);

	return len > slen && !strcmp(s + len - slen, suffix);
}

/* One comparison "CLOCK OP BOUND" at *p; false after saying what is wrong. */
static bool read_comparison(struct hybrid *h, const char **p, const char *where,
			    const char *text, struct pending **out, int state, int transition)
{
	char clock[128], bound[160], word[128];
	unsigned long long value = 0, scale = 0;
	enum clock_kind kind = CLOCK_UNSET;
	const char *q = skip_blanks(*p);
	char *param = NULL;
	struct pending *cmp;
	int op = -1, i;

	if (!read_ident(&q, clock, sizeof(clock))) {
		dot2_err("%s: cannot read '%s': expected a clock at '%s'", where, text, q);
		return false;
	}
	q = skip_blanks(q);
	for (i = ARRAY_SIZE(op_text); i-- > 0;) {
		if (!strncmp(q, op_text[i], strlen(op_text[i])) &&
		    (op < 0 || strlen(op_text[i]) > strlen(op_text[op])))
			op = i;
	}
	if (op < 0) {
		dot2_err("%s: cannot read '%s': expected a comparison (<, <=, >, >=, == or !=) after %s",
			 where, text, clock);
		return false;
	}
	q = skip_blanks(q + strlen(op_text[op]));
	if (isdigit((unsigned char)*q)) {
		char *end;

		errno = 0;
		value = strtoull(q, &end, 10);
		if (errno) {
			dot2_err("%s: '%s': the bound is too large", where, text);
			return false;
		}
		q = skip_blanks(end);
		if (!read_ident(&q, word, sizeof(word))) {
			dot2_err("%s: '%s': the bound %llu has no unit (ns, us, ms, s, or j for jiffies)",
				 where, text, value);
			return false;
		}
		for (i = 0; i < (int)ARRAY_SIZE(units); i++)
			if (!strcmp(word, units[i].name))
				break;
		if (i == ARRAY_SIZE(units)) {
			dot2_err("%s: '%s': unknown unit '%s' (ns, us, ms, s, or j for jiffies)",
				 where, text, word);
			return false;
		}
		kind = units[i].kind;
		if (value > ~0ULL / units[i].scale) {
			dot2_err("%s: '%s': the bound is too large", where, text);
			return false;
		}
		snprintf(bound, sizeof(bound), "%llu%s", value, word);
		value *= units[i].scale;
	} else if (read_ident(&q, word, sizeof(word))) {
		static const char * const suffixes[] = { "ns", "us", "ms", "s", "jiffies" };
		const char *why = bad_name(word);

		for (i = 0; i < (int)ARRAY_SIZE(suffixes); i++) {
			char suffix[16];

			snprintf(suffix, sizeof(suffix), "_%s", suffixes[i]);
			if (ends_with(word, suffix))
				break;
		}
		if (i == ARRAY_SIZE(suffixes)) {
			dot2_err("%s: '%s': the named bound '%s' has no unit: end its name with _ns, _us, _ms, _s or _jiffies",
				 where, text, word);
			return false;
		}
		if (why) {
			dot2_err("%s: '%s': the named bound '%s' %s", where, text, word, why);
			return false;
		}
		for (int u = 0; u < (int)ARRAY_SIZE(units); u++) {
			if (!strcmp(units[u].name, suffixes[i])) {
				kind = units[u].kind;
				scale = units[u].scale;
			}
		}
		param = xstrdup(word);
		snprintf(bound, sizeof(bound), "%s", word);
	} else {
		dot2_err("%s: cannot read '%s': expected a bound (a number and its unit, or a name) after %s %s",
			 where, text, clock, op_text[op]);
		return false;
	}
	cmp = add_pending(&h->cmps, &h->nr_cmps, clock, where);
	cmp->state = state;
	cmp->transition = transition;
	cmp->kind = kind;
	cmp->param = param;
	cmp->c.op = op;
	cmp->c.bound = value;
	cmp->c.scale = scale;
	if (asprintf(&cmp->c.text, "%s %s %s", clock, op_text[op], bound) < 0) {
		perror("dot2");
		exit(2);
	}
	*p = q;
	*out = cmp;
	return true;
}

/* A guard, comparisons joined by &&; returns how many, 0 after an error. */
static int read_guard(struct hybrid *h, const char *text, const char *where, int state,
		      int transition)
{
	const char *p = text;
	struct pending *cmp;
	int count = 0;

	for (;;) {
		if (!read_comparison(h, &p, where, text, &cmp, state, transition))
			return 0;
		count++;
		p = skip_blanks(p);
		if (!*p)
			return count;
		if (strncmp(p, "&&", 2)) {
			dot2_err("%s: cannot read '%s': expected && or the end at '%s'",
				 where, text, p);
			return 0;
		}
		p += 2;
	}
}

/* "reset(CLOCK, ...)" */
static bool read_reset(struct hybrid *h, const char *text, const char *where, int transition)
{
	const char *p = skip_blanks(text + strlen("reset"));
	char clock[128];

	if (*p++ != '(')
		goto bad;
	for (;;) {
		p = skip_blanks(p);
		if (!read_ident(&p, clock, sizeof(clock)))
			goto bad;
		add_pending(&h->resets, &h->nr_resets, clock, where)->transition = transition;
		p = skip_blanks(p);
		if (*p == ')')
			break;
		if (*p++ != ',')
			goto bad;
	}
	if (*skip_blanks(p + 1))
		goto bad;
	return true;
bad:
	dot2_err("%s: cannot read '%s': expected reset(CLOCK) or reset(CLOCK, CLOCK...)",
		 where, text);
	return false;
}

/* The constraints after an event, separated by ';'. */
static void read_edge(struct hybrid *h, const char *text, const char *where, int transition)
{
	char *copy = xstrdup(text), *p = copy, *part;
	const char *q;

	while ((part = strsep(&p, ";"))) {
		part = trim(part);
		q = !strncmp(part, "reset", 5) ? skip_blanks(part + 5) : part;
		if (!*part) {
			dot2_err("%s: an empty constraint in '%s'", where, text);
			h->errors++;
		} else if (*q == '(') {
			h->errors += !read_reset(h, part, where, transition);
		} else {
			h->errors += !read_guard(h, part, where, -1, transition);
		}
	}
	free(copy);
}

static int find_name(char **v, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(v[i], name))
			return i;
	return -1;
}

static void add_name(char ***v, int *n, const char *name)
{
	if (find_name(*v, *n, name) >= 0)
		return;
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = xstrdup(name);
}

static const char *kind_text(enum clock_kind kind)
{
	return kind == CLOCK_JIFFIES ? "jiffies" : "time";
}

/* The clocks: declared, else reset somewhere; check their names. */
static void find_clocks(struct hybrid *h, const char *declared)
{
	struct automaton *aut = h->aut;
	char *copy, *p, *name;
	int i;

	if (declared && *declared) {
		copy = xstrdup(declared);
		p = copy;
		while ((name = strsep(&p, ", \t"))) {
			if (!*name)
				continue;
			if (find_name(aut->clocks, aut->nr_clocks, name) >= 0) {
				dot2_err("clocks attribute: clock '%s' declared twice", name);
				h->errors++;
			}
			add_name(&aut->clocks, &aut->nr_clocks, name);
		}
		free(copy);
		for (i = 0; i < h->nr_resets; i++) {
			if (find_name(aut->clocks, aut->nr_clocks, h->resets[i].clock) < 0) {
				dot2_err("%s: reset(%s) of an undeclared clock (the clocks attribute declares %s)",
					 h->resets[i].where, h->resets[i].clock, declared);
				h->errors++;
			}
		}
	} else {
		for (i = 0; i < h->nr_resets; i++)
			add_name(&aut->clocks, &aut->nr_clocks, h->resets[i].clock);
		if (aut->nr_clocks)
			qsort(aut->clocks, aut->nr_clocks, sizeof(char *), compare_names);
	}
	if (aut->nr_clocks > MAX_CLOCKS) {
		dot2_err("%d clocks: a model has at most %d", aut->nr_clocks, MAX_CLOCKS);
		h->errors++;
	}
	for (i = 0; i < aut->nr_clocks; i++) {
		const char *why = bad_name(aut->clocks[i]);
		char expired[160];

		if (!why && !strcmp(aut->clocks[i], "clock_max"))
			why = "is reserved for the generated code";
		if (why) {
			dot2_err("clock name '%s' %s", aut->clocks[i], why);
			h->errors++;
		}
		if (find_name(aut->states, aut->nr_states, aut->clocks[i]) >= 0 ||
		    find_name(aut->events, aut->nr_events, aut->clocks[i]) >= 0) {
			dot2_err("'%s' names both a clock and a state or an event", aut->clocks[i]);
			h->errors++;
		}
		/* the name under which its expiry is reported */
		snprintf(expired, sizeof(expired), "%s_expired", aut->clocks[i]);
		if (find_name(aut->events, aut->nr_events, expired) >= 0) {
			dot2_err("event name '%s' is reserved: it reports the expiry of clock %s",
				 expired, aut->clocks[i]);
			h->errors++;
		}
	}
}

/* Give each comparison its clock, and each clock its kind. */
static void resolve_clocks(struct hybrid *h, const char *declared)
{
	struct automaton *aut = h->aut;
	int *first = xcalloc(aut->nr_clocks + 1, sizeof(int));
	int i, c;

	aut->clock_kind = xcalloc(aut->nr_clocks + 1, sizeof(*aut->clock_kind));
	for (i = 0; i < h->nr_cmps; i++) {
		struct pending *cmp = &h->cmps[i];

		c = find_name(aut->clocks, aut->nr_clocks, cmp->clock);
		cmp->c.clock = c;
		if (c < 0) {
			if (declared && *declared)
				dot2_err("%s: '%s' reads the unknown clock '%s' (the clocks attribute declares %s)",
					 cmp->where, cmp->c.text, cmp->clock, declared);
			else
				dot2_err("%s: '%s' reads the unknown clock '%s': no clocks attribute declares it and no edge resets it",
					 cmp->where, cmp->c.text, cmp->clock);
			h->errors++;
			continue;
		}
		if (aut->clock_kind[c] == CLOCK_UNSET) {
			aut->clock_kind[c] = cmp->kind;
			first[c] = i;
		} else if (aut->clock_kind[c] != cmp->kind) {
			struct pending *other = &h->cmps[first[c]];

			dot2_err("clock '%s' mixes units: %s in '%s' (%s), %s in '%s' (%s)",
				 cmp->clock, kind_text(other->kind), other->c.text, other->where,
				 kind_text(cmp->kind), cmp->c.text, cmp->where);
			h->errors++;
		}
	}
	for (c = 0; c < aut->nr_clocks; c++) {
		if (aut->clock_kind[c] == CLOCK_UNSET) {
			dot2_err("clock '%s' is never read by a guard or an invariant",
				 aut->clocks[c]);
			h->errors++;
		}
	}
	free(first);
}

/* Invariants: upper bounds, on states that can be left, of one timer kind. */
static void check_invariants(struct hybrid *h)
{
	struct automaton *aut = h->aut;
	struct pending *timer = NULL;
	int i, e, next;

	for (i = 0; i < h->nr_cmps; i++) {
		struct pending *cmp = &h->cmps[i];
		bool left = false;

		if (cmp->state < 0 || cmp->c.clock < 0)
			continue;
		if (cmp->c.op != OP_LT && cmp->c.op != OP_LE) {
			dot2_err("%s: '%s': an invariant bounds its clock from above, with < or <=",
				 cmp->where, aut->constraints[i].text);
			h->errors++;
		}
		for (e = 0; e < aut->nr_events; e++) {
			int t = cmp->state * aut->nr_events + e;

			next = aut->function[t];
			if (next == NO_TRANSITION)
				continue;
			/* a self-loop that resets the clock renews the invariant */
			left |= next != cmp->state || (aut->ha[t].resets & (1U << cmp->c.clock));
		}
		if (!left) {
			dot2_err("%s: '%s', but no edge leaves the state (or resets %s): the invariant can only be broken",
				 cmp->where, aut->constraints[i].text, cmp->clock);
			h->errors++;
		}
		if (!timer) {
			timer = cmp;
		} else if (aut->clock_kind[timer->c.clock] != aut->clock_kind[cmp->c.clock]) {
			dot2_err("invariants on a %s clock ('%s', %s) and a %s clock ('%s', %s): a monitor arms one kind of timer",
				 kind_text(aut->clock_kind[timer->c.clock]),
				 aut->constraints[timer - h->cmps].text, timer->where,
				 kind_text(aut->clock_kind[cmp->c.clock]),
				 aut->constraints[i].text, cmp->where);
			h->errors++;
		}
	}
}

/*
 * Read the hybrid part of a model, if it has one: its clocks, guards,
 * resets and invariants. Returns the number of errors.
 */
static int load_hybrid(struct automaton *aut, struct raw_ha *raw, const char *declared)
{
	int nr_transitions = aut->nr_states * aut->nr_events;
	struct hybrid h = { .aut = aut };
	bool hybrid = declared && *declared;
	int i, s, c;

	for (i = 0; i < nr_transitions; i++)
		hybrid |= !!raw->edge[i];
	for (s = 0; s < aut->nr_states; s++)
		hybrid |= !!raw->invariant[s];
	if (!hybrid)
		return 0;

	/* the guards, transition after transition, then the invariants */
	for (i = 0; i < nr_transitions; i++)
		if (raw->edge[i])
			read_edge(&h, raw->edge[i], raw->where_edge[i], i);
	for (s = 0; s < aut->nr_states; s++) {
		char *where;
		int count;

		if (!raw->invariant[s])
			continue;
		if (asprintf(&where, "state %s", aut->states[s]) < 0) {
			perror("dot2");
			exit(2);
		}
		count = read_guard(&h, raw->invariant[s], where, s, -1);
		if (count > 1) {
			dot2_err("%s: '%s': an invariant is one comparison",
				 where, raw->invariant[s]);
			h.errors++;
		}
		h.errors += !count;
		free(where);
	}
	if (h.errors)
		goto out;

	find_clocks(&h, declared);
	if (h.errors)
		goto out;
	resolve_clocks(&h, declared);
	if (h.errors)
		goto out;

	aut->ha = xcalloc(nr_transitions, sizeof(*aut->ha));
	for (i = 0; i < h.nr_resets; i++) {
		c = find_name(aut->clocks, aut->nr_clocks, h.resets[i].clock);
		aut->ha[h.resets[i].transition].resets |= 1U << c;
	}
	aut->invariant = xcalloc(aut->nr_states, sizeof(int));
	for (s = 0; s < aut->nr_states; s++)
		aut->invariant[s] = -1;
	aut->constraints = xcalloc(h.nr_cmps, sizeof(*aut->constraints));
	for (i = 0; i < h.nr_cmps; i++) {
		struct pending *cmp = &h.cmps[i];
		struct ha_transition *t;

		if (cmp->param)
			add_name(&aut->params, &aut->nr_params, cmp->param);
		aut->constraints[i] = cmp->c;
		cmp->c.text = NULL;
		aut->nr_constraints++;
		if (cmp->state >= 0) {
			aut->invariant[cmp->state] = i;
			continue;
		}
		t = &aut->ha[cmp->transition];
		if (!t->nr_guard)
			t->guard = i;
		t->nr_guard++;
	}
	if (aut->nr_params)
		qsort(aut->params, aut->nr_params, sizeof(char *), compare_names);
	for (i = 0; i < h.nr_cmps; i++)
		if (h.cmps[i].param)
			aut->constraints[i].param = find_name(aut->params, aut->nr_params,
							      h.cmps[i].param);
	check_invariants(&h);
out:
	free_pending(h.cmps, h.nr_cmps);
	free_pending(h.resets, h.nr_resets);
	return h.errors;
}

enum clock_kind automaton_timer_kind(const struct automaton *aut)
{
	for (int s = 0; s < aut->nr_states; s++)
		if (aut->invariant && aut->invariant[s] >= 0)
			return aut->clock_kind[aut->constraints[aut->invariant[s]].clock];
	return CLOCK_UNSET;
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
	struct raw_ha raw = {};
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
		dot2_err("%s", strerror(errno));
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
		dot2_err("not a DOT graph%s%s", cgraph_error[0] ? ": " : "", cgraph_error);
		if (g)
			agclose(g);
		return -1;
	}
	if (!agisdirected(g)) {
		dot2_err("not a directed graph (digraph)");
		agclose(g);
		return -1;
	}

	aut->name = xstrdup(name);
	why = bad_name(name);
	if (why) {
		dot2_err("model name '%s' %s", name, why);
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
			char *where;
			int count;

			if (is_init_node(aghead(e))) {
				dot2_err("edge %s -> %s leads into an __init_ node",
					 agnameof(n), agnameof(aghead(e)));
				errors++;
				continue;
			}
			if (asprintf(&where, "edge %s -> %s",
				     agnameof(n), agnameof(aghead(e))) < 0) {
				perror("dot2");
				exit(2);
			}
			count = split_label_events(agget(e, "label"), where,
						   collect_event, &events);
			if (!count)
				dot2_err("%s has no event (an empty or missing label)", where);
			errors += count <= 0;
			free(where);
		}
	}
	if (inits == 0) {
		dot2_err("no initial state: no edge from an invisible %sSTATE node", INIT_PREFIX);
		errors++;
	} else if (inits > 1) {
		dot2_err("more than one initial state: %d edges from %s nodes", inits, INIT_PREFIX);
		errors++;
	} else if (is_init_node(initial)) {
		dot2_err("the initial edge leads to another __init_ node, %s", agnameof(initial));
		errors++;
	}
	if (!states.n) {
		dot2_err("no state");
		errors++;
	}
	errors += check_names(&states, "state");
	errors += check_names(&events, "event");
	for (i = 0; i < events.n; i++) {
		if (names_find(&states, events.v[i]) >= 0) {
			dot2_err("'%s' names both a state and an event", events.v[i]);
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
	raw.edge = xcalloc((size_t)aut->nr_states * aut->nr_events, sizeof(char *));
	raw.where_edge = xcalloc((size_t)aut->nr_states * aut->nr_events, sizeof(char *));
	raw.invariant = xcalloc(aut->nr_states, sizeof(char *));

	names_index(&all, aut->states, aut->nr_states);
	names_index(&evs, aut->events, aut->nr_events);
	for (n = agfstnode(g); n; n = agnxtnode(g, n)) {
		struct transition_ctx ctx = { .aut = aut, .events = &evs, .raw = &raw };
		char *shape;

		if (is_init_node(n))
			continue;
		ctx.from = names_find(&all, agnameof(n));
		shape = agget(n, "shape");
		aut->final[ctx.from] = shape && !strcmp(shape, "doublecircle");
		for (e = agfstout(g, n); e; e = agnxtout(g, e)) {
			ctx.to = names_find(&all, agnameof(aghead(e)));
			split_label_events(agget(e, "label"), "", add_transition, &ctx);
		}
		errors += ctx.errors;
		errors += read_invariant(n, &raw.invariant[ctx.from]);
	}
	names_free_index(&all);
	names_free_index(&evs);
	if (!errors)
		errors += load_hybrid(aut, &raw, agget(g, "clocks"));
	if (!errors)
		warn_unreachable_and_dead_ends(aut);
out:
	free_raw_ha(&raw, aut->nr_states * aut->nr_events, aut->nr_states);
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
	for (i = 0; i < aut->nr_clocks; i++)
		free(aut->clocks[i]);
	for (i = 0; i < aut->nr_params; i++)
		free(aut->params[i]);
	for (i = 0; i < aut->nr_constraints; i++)
		free(aut->constraints[i].text);
	free(aut->clocks);
	free(aut->clock_kind);
	free(aut->params);
	free(aut->constraints);
	free(aut->invariant);
	free(aut->ha);
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

/* The hybrid part of model.h: the tables of <rv/ha_model.h>. */
static void print_hybrid_c(FILE *out, const struct automaton *aut)
{
	static const char * const timers[] = {
		[CLOCK_UNSET] = "HA_TIMER_NONE",
		[CLOCK_NS] = "HA_TIMER_HRTIMER",
		[CLOCK_JIFFIES] = "HA_TIMER_WHEEL",
	};
	const char *name = aut->name;
	struct wrapper w;
	char item[256];
	int c, s, e, i;

	fprintf(out, "\nenum clocks_%s {\n", name);
	for (c = 0; c < aut->nr_clocks; c++)
		fprintf(out, "\t%s_%s,\n", aut->clocks[c], name);
	fprintf(out, "\tclock_max_%s,\n};\n", name);

	if (aut->nr_params) {
		fprintf(out,
			"\n/* The bounds the model names: the monitor gives them their values. */\n");
		for (i = 0; i < aut->nr_params; i++)
			fprintf(out, "static u64 %s;\n", aut->params[i]);
	}

	fprintf(out, "\nstatic const struct ha_clock ha_clocks_%s[clock_max_%s] = {\n", name, name);
	for (c = 0; c < aut->nr_clocks; c++)
		fprintf(out, "\t{ .label = \"%s\", .expired = \"%s_expired\", .jiffies = %s },\n",
			aut->clocks[c], aut->clocks[c],
			aut->clock_kind[c] == CLOCK_JIFFIES ? "true" : "false");
	fprintf(out, "};\n");

	fprintf(out, "\nstatic const struct ha_constraint ha_constraints_%s[] = {\n", name);
	for (i = 0; i < aut->nr_constraints; i++) {
		const struct constraint *con = &aut->constraints[i];

		fprintf(out, "\t/* %d: %s */\n", i, con->text);
		fprintf(out, "\t{ .clock = %s_%s, .op = %s, ", aut->clocks[con->clock], name,
			op_c[con->op]);
		if (con->param >= 0)
			fprintf(out, ".param = &%s, .scale = %llu },\n", aut->params[con->param],
				con->scale);
		else
			fprintf(out, ".bound = %lluULL },\n", con->bound);
	}
	fprintf(out, "};\n");

	fprintf(out, "\n/* The invariant of each state: its constraint + 1, 0 for none. */\n");
	fprintf(out, "static const unsigned short ha_invariants_%s[state_max_%s] = {\n",
		name, name);
	wrap_start(&w, out, 1, "");
	for (s = 0; s < aut->nr_states; s++) {
		snprintf(item, sizeof(item), "%d", aut->invariant[s] + 1);
		wrap_item(&w, item);
	}
	fprintf(out, ",\n};\n");

	fprintf(out,
		"\n/* The guard of each transition (its first constraint, how many) and its resets. */\n");
	fprintf(out, "static const struct ha_transition\n"
		"ha_transitions_%s[state_max_%s][event_max_%s] = {\n", name, name, name);
	for (s = 0; s < aut->nr_states; s++) {
		wrap_start(&w, out, 1, "{ ");
		for (e = 0; e < aut->nr_events; e++) {
			const struct ha_transition *t = &aut->ha[s * aut->nr_events + e];
			int len = 0;

			len += snprintf(item + len, sizeof(item) - len, "{");
			if (t->nr_guard)
				len += snprintf(item + len, sizeof(item) - len,
						" .guard = %d, .nr_guard = %d%s",
						t->guard, t->nr_guard, t->resets ? "," : "");
			if (t->resets)
				len += snprintf(item + len, sizeof(item) - len, " .resets = 0x%x",
						t->resets);
			snprintf(item + len, sizeof(item) - len, "%s}",
				 t->nr_guard || t->resets ? " " : "");
			wrap_item(&w, item);
		}
		fprintf(out, " },\n");
	}
	fprintf(out, "};\n");

	fprintf(out, "\nstatic const struct ha_model ha_model_%s = {\n", name);
	fprintf(out, "\t.clocks = ha_clocks_%s,\n", name);
	fprintf(out, "\t.constraints = ha_constraints_%s,\n", name);
	fprintf(out, "\t.invariants = ha_invariants_%s,\n", name);
	fprintf(out, "\t.transitions = &ha_transitions_%s[0][0],\n", name);
	fprintf(out, "\t.nr_events = event_max_%s,\n", name);
	fprintf(out, "\t.timer = %s,\n};\n", timers[automaton_timer_kind(aut)]);
}

void automaton_print_c(FILE *out, const struct automaton *aut)
{
	const char *type = automaton_state_type(aut);
	const char *name = aut->name;
	struct wrapper w;
	char item[512];
	int s, e;

	fprintf(out, "/* " SPDX_GPL_2_0 " */\n");
	fprintf(out, "/*\n * The %s %sautomaton, generated by dot2c.\n", name,
		automaton_hybrid(aut) ? "hybrid " : "");
	fprintf(out, " * Do not edit: change the model and generate it again.\n */\n\n");
	if (automaton_hybrid(aut))
		fprintf(out, "#include <rv/ha_model.h>\n\n");

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
	if (automaton_hybrid(aut))
		print_hybrid_c(out, aut);
}
