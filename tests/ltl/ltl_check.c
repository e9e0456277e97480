// SPDX-License-Identifier: GPL-2.0
/*
 * ltl_check: the reference for ltl2ba's finite-prefix verdicts, and a
 * random cross-check of the automaton against it.
 *
 * The verdict ltl2ba's automaton gives on a finite prefix: the prefix is a
 * violation when the set of states is empty after it (the set starts as the
 * initial states; each event keeps the states whose label its valuation
 * satisfies and moves to their successors). ltl2ba removes the states with
 * no infinite run, so the set is empty exactly when the prefix has no
 * infinite continuation satisfying the weakened property: the property in
 * which every until is weak (f until g also holds when f holds forever),
 * hence "eventually f" is always true. That is the bad-prefix test of a
 * safety property.
 *
 * The reference decides the same thing another way, by formula
 * progression on the parsed formula (not its negation normal form, not the
 * tableau): the obligations still to meet are a disjunction of clauses,
 * each a set of (sub-formula, sign) pairs that must hold from now on.
 * Progressing a clause through an atom valuation gives a new disjunction
 * (f until g: g now, or f now and the until again next; always f: f now and
 * the always again next; ...). A clause can be continued forever when, for
 * some valuation, one of its progressions can, a greatest fixed point over
 * the finite graph of clauses. The prefix is a violation when no clause of
 * its progression can be continued forever.
 *
 *   ltl_check random SEED COUNT       COUNT random formulas, 3 traces each;
 *                                     each formula is also printed and read back
 *   ltl_check traces FILE SEED COUNT  random traces for FILE's property, each
 *                                     line: the index of the first violation
 *                                     (-1: none), then the valuations in hex
 */
#define _GNU_SOURCE	/* open_memstream, before any header */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltl.h"

#define MAX_NODES	31	/* two signs of each fit in a 64-bit clause */
#define MAX_CLAUSES	4096
#define TRACE_LEN	16

/* a disjunction of clauses */
struct dnf {
	int n, cap;
	uint64_t *c;
};

static const struct ltl *nodes[MAX_NODES];
static int nnodes;
static int natoms;

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		fprintf(stderr, "ltl_check: out of memory\n");
		exit(1);
	}
	return p;
}

static void dnf_add(struct dnf *d, uint64_t c)
{
	int i;

	for (i = 0; i < d->n; i++)
		if (d->c[i] == c)
			return;
	if (d->n == d->cap) {
		d->cap = d->cap ? d->cap * 2 : 4;
		d->c = xrealloc(d->c, d->cap * sizeof(*d->c));
	}
	d->c[d->n++] = c;
}

static struct dnf dnf_true(void)
{
	struct dnf d = { 0 };

	dnf_add(&d, 0);
	return d;
}

static struct dnf dnf_one(uint64_t c)
{
	struct dnf d = { 0 };

	dnf_add(&d, c);
	return d;
}

/* a or b, consuming both */
static struct dnf dnf_or(struct dnf a, struct dnf b)
{
	int i;

	for (i = 0; i < b.n; i++)
		dnf_add(&a, b.c[i]);
	free(b.c);
	return a;
}

/* a and b, consuming both */
static struct dnf dnf_and(struct dnf a, struct dnf b)
{
	struct dnf d = { 0 };
	int i, j;

	for (i = 0; i < a.n; i++)
		for (j = 0; j < b.n; j++)
			dnf_add(&d, a.c[i] | b.c[j]);
	free(a.c);
	free(b.c);
	return d;
}

static int index_of(const struct ltl *e)
{
	int i;

	for (i = 0; i < nnodes; i++)
		if (nodes[i] == e)
			return i;
	fprintf(stderr, "ltl_check: internal error: unknown node\n");
	exit(1);
}

/* the obligation: E holds (neg 0) or does not (neg 1) */
static uint64_t ob(const struct ltl *e, int neg)
{
	return 1ULL << (2 * index_of(e) + neg);
}

/* what remains of "E (negated if NEG) holds now" after the valuation V */
static struct dnf prog(const struct ltl *e, int neg, uint32_t v)
{
	const struct ltl *l = e->l, *r = e->r;
	struct dnf none = { 0 };

	switch (e->op) {
	case LTL_ATOM:
		return (int)(v >> e->atom & 1) != neg ? dnf_true() : none;
	case LTL_NOT:
		return prog(l, !neg, v);
	case LTL_AND:
		if (neg)
			return dnf_or(prog(l, 1, v), prog(r, 1, v));
		return dnf_and(prog(l, 0, v), prog(r, 0, v));
	case LTL_OR:
		if (neg)
			return dnf_and(prog(l, 1, v), prog(r, 1, v));
		return dnf_or(prog(l, 0, v), prog(r, 0, v));
	case LTL_IMPLY:
		if (neg)
			return dnf_and(prog(l, 0, v), prog(r, 1, v));
		return dnf_or(prog(l, 1, v), prog(r, 0, v));
	case LTL_EQUIV:
		return dnf_or(dnf_and(prog(l, 0, v), prog(r, neg, v)),
			      dnf_and(prog(l, 1, v), prog(r, !neg, v)));
	case LTL_NEXT:
		return dnf_one(ob(l, neg));
	case LTL_ALWAYS:
		/* not always f: eventually not f, weak: true */
		if (neg)
			return dnf_true();
		return dnf_and(prog(l, 0, v), dnf_one(ob(e, 0)));
	case LTL_EVENTUALLY:
		/* weak: true; not eventually f: always not f */
		if (!neg)
			return dnf_true();
		return dnf_and(prog(l, 1, v), dnf_one(ob(e, 1)));
	case LTL_UNTIL:
		/* weak: g now, or f now and the until next */
		if (!neg)
			return dnf_or(prog(r, 0, v), dnf_and(prog(l, 0, v), dnf_one(ob(e, 0))));
		/* not (f until g): not g now, and not f now or this again next */
		return dnf_and(prog(r, 1, v), dnf_or(prog(l, 1, v), dnf_one(ob(e, 1))));
	default:
		break;
	}
	fprintf(stderr, "ltl_check: internal error: operator %d\n", e->op);
	exit(1);
}

static struct dnf prog_clause(uint64_t c, uint32_t v)
{
	struct dnf d = dnf_true();
	int i;

	for (i = 0; i < 2 * nnodes; i++)
		if (c >> i & 1)
			d = dnf_and(d, prog(nodes[i / 2], i % 2, v));
	return d;
}

/* the graph of clauses met so far, and which can go on forever */
static struct {
	uint64_t clause;
	int *succ, nsucc;
	int live;	/* -1 not decided */
} graph[MAX_CLAUSES];
static int ngraph, graph_full;

static int clause_id(uint64_t c)
{
	int i;

	for (i = 0; i < ngraph; i++)
		if (graph[i].clause == c)
			return i;
	if (ngraph == MAX_CLAUSES) {
		graph_full = 1;
		return -1;
	}
	graph[ngraph].clause = c;
	graph[ngraph].succ = NULL;
	graph[ngraph].nsucc = -1;	/* not explored */
	graph[ngraph].live = -1;
	return ngraph++;
}

static void graph_reset(void)
{
	int i;

	for (i = 0; i < ngraph; i++)
		free(graph[i].succ);
	ngraph = 0;
	graph_full = 0;
}

/* can clause C be continued forever? */
static int live(uint64_t c)
{
	int start = clause_id(c), i, k, changed;
	uint32_t v;

	if (start < 0)
		return -1;
	if (graph[start].live >= 0)
		return graph[start].live;
	/* explore what C reaches */
	for (k = start; k < ngraph; k++) {
		if (graph[k].nsucc >= 0)
			continue;
		graph[k].nsucc = 0;
		for (v = 0; v < 1U << natoms; v++) {
			struct dnf d = prog_clause(graph[k].clause, v);

			for (i = 0; i < d.n; i++) {
				int j = clause_id(d.c[i]);

				if (j < 0) {
					free(d.c);
					return -1;
				}
				graph[k].succ = xrealloc(graph[k].succ,
							 (graph[k].nsucc + 1) * sizeof(int));
				graph[k].succ[graph[k].nsucc++] = j;
			}
			free(d.c);
		}
	}
	/* the greatest fixed point, over the undecided clauses */
	for (k = 0; k < ngraph; k++)
		if (graph[k].live < 0)
			graph[k].live = 2;	/* live until shown otherwise */
	do {
		changed = 0;
		for (k = 0; k < ngraph; k++) {
			if (graph[k].live != 2)
				continue;
			for (i = 0; i < graph[k].nsucc; i++)
				if (graph[graph[k].succ[i]].live)
					break;
			if (i == graph[k].nsucc) {
				graph[k].live = 0;
				changed = 1;
			}
		}
	} while (changed);
	for (k = 0; k < ngraph; k++)
		if (graph[k].live == 2)
			graph[k].live = 1;
	return graph[start].live;
}

static void number(const struct ltl *e)
{
	if (!e)
		return;
	if (nnodes == MAX_NODES) {
		nnodes++;
		return;
	}
	if (nnodes < MAX_NODES)
		nodes[nnodes++] = e;
	number(e->l);
	number(e->r);
}

/* set up the reference for a property; -1 when it is too big */
static int ref_setup(const struct ltl_spec *spec)
{
	nnodes = 0;
	graph_reset();
	number(spec->prop);
	natoms = spec->natoms;
	return nnodes > MAX_NODES || natoms > 8 ? -1 : 0;
}

/*
 * The verdicts on each prefix of the trace, lengths 0 to LEN: 1 for a
 * violation. Returns -1 when the reference's graph is too big.
 */
static int ref_verdicts(const struct ltl_spec *spec, const uint32_t *trace, int len, char *out)
{
	struct dnf d = dnf_one(ob(spec->prop, 0));
	int i, k;

	for (i = 0; i <= len; i++) {
		int any = 0;

		for (k = 0; k < d.n && !any; k++) {
			int l = live(d.c[k]);

			if (l < 0) {
				free(d.c);
				return -1;
			}
			any = l;
		}
		out[i] = !any;
		if (i == len)
			break;
		{
			struct dnf n = { 0 };

			for (k = 0; k < d.n; k++)
				n = dnf_or(n, prog_clause(d.c[k], trace[i]));
			free(d.c);
			d = n;
		}
	}
	free(d.c);
	return 0;
}

static void ba_verdicts(const struct ltl_ba *ba, const uint32_t *trace, int len, char *out)
{
	uint64_t set = ba->initial;
	int i;

	for (i = 0; i <= len; i++) {
		out[i] = !set;
		if (i < len)
			set = ltl_ba_step(ba, set, trace[i]);
	}
}

static uint64_t rng_state;

static uint32_t rnd(uint32_t n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 32) % n;
}

static void seed(unsigned long long s)
{
	rng_state = s * 0x9e3779b97f4a7c15ULL + 1;
	rnd(2);
}

/* append a random formula in the property language to BUF at *POS */
static void gen(char *buf, size_t n, size_t *pos, int depth, int natoms_max, int use_sub)
{
	static const char *const unary[] = { "not", "always", "eventually", "next" };
	static const char *const binary[] = { "and", "or", "imply", "equivalent", "until" };
	int k = depth ? rnd(10) : 0;

#define PUT(...) (*pos += snprintf(buf + *pos, *pos < n ? n - *pos : 0, __VA_ARGS__))
	if (k < 3) {
		if (use_sub && rnd(4) == 0)
			PUT("SUB");
		else
			PUT("%c", 'A' + rnd(natoms_max));
	} else if (k < 6) {
		PUT("%s (", unary[rnd(4)]);
		gen(buf, n, pos, depth - 1, natoms_max, use_sub);
		PUT(")");
	} else {
		const char *op = binary[rnd(5)];

		PUT("(");
		gen(buf, n, pos, depth - 1, natoms_max, use_sub);
		PUT(") %s (", op);
		gen(buf, n, pos, depth - 1, natoms_max, use_sub);
		PUT(")");
	}
#undef PUT
}

static void print_trace(FILE *f, const struct ltl_spec *spec, const uint32_t *trace, int len)
{
	int i, a;

	for (i = 0; i < len; i++) {
		fprintf(f, "%s{", i ? " " : "");
		for (a = 0; a < spec->natoms; a++)
			if (trace[i] >> a & 1)
				fprintf(f, "%s%s", (trace[i] & ((1U << a) - 1)) ? "," : "",
					spec->atoms[a]);
		fprintf(f, "}");
	}
}

static void print_verdicts(FILE *f, const char *v, int len)
{
	int i;

	for (i = 0; i <= len; i++)
		fputc(v[i] ? 'V' : '.', f);
}

static int same_tree(const struct ltl *a, const struct ltl *b)
{
	if (!a || !b)
		return a == b;
	return a->op == b->op && (a->op != LTL_ATOM || a->atom == b->atom) &&
		same_tree(a->l, b->l) && same_tree(a->r, b->r);
}

/*
 * ltl_print writes the fewest parentheses the precedence allows: reading
 * its output back must give the same tree.
 */
static int round_trip(const struct ltl_spec *spec)
{
	struct ltl_spec again;
	char err[1024], *text = NULL;
	size_t size = 0;
	FILE *m = open_memstream(&text, &size);
	int ok;

	if (!m)
		return 0;
	fputs("RULE = ", m);
	ltl_print(m, spec, spec->prop);
	fputs("\n", m);
	fclose(m);
	ok = !ltl_parse("printed", text, &again, err, sizeof(err)) &&
		same_tree(spec->prop, again.prop);
	if (!ok)
		printf("# the printed formula does not read back the same:\n%s", text);
	free(text);
	return ok;
}

static int cmd_random(unsigned long long s, int count)
{
	int done = 0, pairs = 0, bad = 0, refused = 0, toobig = 0, violated = 0, prefixes = 0;
	int accsets = 0;
	char err[1024];

	seed(s);
	while (done < count) {
		char text[8192], f[2048], sub[2048];
		size_t fpos = 0, spos = 0;
		struct ltl_spec spec;
		struct ltl_ba ba;
		int t, use_sub = rnd(3) == 0;

		gen(sub, sizeof(sub), &spos, 2, 3, 0);
		gen(f, sizeof(f), &fpos, 2 + rnd(3), 2 + rnd(3), use_sub);
		/* the sub-formula's line after the rule, sometimes: RULE wins */
		if (!use_sub)
			snprintf(text, sizeof(text), "# random\nRULE = %s\n", f);
		else if (rnd(2))
			snprintf(text, sizeof(text), "SUB = %s\nRULE = %s\n", sub, f);
		else
			snprintf(text, sizeof(text), "RULE = %s\nSUB = %s\n", f, sub);
		if (ltl_parse("random", text, &spec, err, sizeof(err))) {
			printf("# the parser refused a generated formula: %s\n%s", err, text);
			return 1;
		}
		if (ref_setup(&spec)) {
			toobig++;
			continue;
		}
		if (ltl_translate(&spec, &ba, err, sizeof(err))) {
			refused++;
			continue;
		}
		accsets += ba.nacc;
		done++;
		if (!round_trip(&spec))
			bad++;
		for (t = 0; t < 3; t++) {
			uint32_t trace[TRACE_LEN];
			char rv[TRACE_LEN + 1], av[TRACE_LEN + 1];
			int len = 1 + rnd(TRACE_LEN), i;

			/* mostly quiet traces, some busy ones */
			for (i = 0; i < len; i++)
				trace[i] = rnd(1U << spec.natoms) & rnd(1U << spec.natoms) &
					(t == 2 ? ~0U : rnd(1U << spec.natoms));
			if (ref_verdicts(&spec, trace, len, rv)) {
				toobig++;
				continue;
			}
			ba_verdicts(&ba, trace, len, av);
			pairs++;
			prefixes += len + 1;
			violated += rv[len];
			if (memcmp(rv, av, len + 1)) {
				bad++;
				printf("# disagreement:\n%s# trace: ", text);
				print_trace(stdout, &spec, trace, len);
				printf("\n# reference: ");
				print_verdicts(stdout, rv, len);
				printf("\n# automaton: ");
				print_verdicts(stdout, av, len);
				printf("\n");
			}
		}
	}
	printf("formulas %d, acceptance sets %d, traces %d, prefixes %d, violated traces %d, ",
	       done, accsets, pairs, prefixes, violated);
	printf("refused %d, too big for the reference %d, disagreements %d\n",
	       refused, toobig, bad);
	return bad ? 1 : 0;
}

static int cmd_traces(const char *path, unsigned long long s, int count)
{
	struct ltl_spec spec;
	struct ltl_ba ba;
	char err[1024];
	int t, i;

	if (ltl_parse_file(path, &spec, err, sizeof(err)) ||
	    ltl_translate(&spec, &ba, err, sizeof(err))) {
		fprintf(stderr, "ltl_check: %s\n", err);
		return 2;
	}
	if (ref_setup(&spec)) {
		fprintf(stderr, "ltl_check: %s: too big for the reference\n", path);
		return 2;
	}
	seed(s);
	for (t = 0; t < count; t++) {
		uint32_t trace[TRACE_LEN];
		char rv[TRACE_LEN + 1];
		int len = 1 + rnd(TRACE_LEN), first = -1;

		for (i = 0; i < len; i++)
			trace[i] = rnd(1U << spec.natoms) & rnd(1U << spec.natoms);
		if (ref_verdicts(&spec, trace, len, rv)) {
			fprintf(stderr, "ltl_check: %s: too big for the reference\n", path);
			return 2;
		}
		/* a prefix of length i + 1 ends with event i */
		for (i = 1; i <= len; i++)
			if (rv[i]) {
				first = i - 1;
				break;
			}
		printf("%d", first);
		for (i = 0; i < len; i++)
			printf(" %x", trace[i]);
		printf("\n");
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "random"))
		return cmd_random(strtoull(argv[2], NULL, 0), atoi(argv[3]));
	if (argc == 5 && !strcmp(argv[1], "traces"))
		return cmd_traces(argv[2], strtoull(argv[3], NULL, 0), atoi(argv[4]));
	fprintf(stderr, "usage: ltl_check random SEED COUNT\n"
		"       ltl_check traces FILE SEED COUNT\n");
	return 2;
}
