// SPDX-License-Identifier: GPL-2.0
/*
 * From a property to a generalized Büchi automaton, in the style of the
 * tableau of Gerth, Peled, Vardi and Wolper ("Simple on-the-fly automatic
 * verification of linear temporal logic", 1995):
 *
 * The formula is put in negation normal form (not only on atoms; until and
 * its dual release). A state is a pair (OLD, NEXT) of sets of
 * sub-formulas: OLD holds now, NEXT must hold from the next step. Expanding
 * a set of obligations splits it into such pairs: a conjunction adds both
 * operands, a disjunction branches, "next f" moves f to NEXT,
 * "f until g" branches into {g} and {f, next (f until g)}, "f release g"
 * into {f, g} and {g, next (f release g)}. A pair whose literals contradict
 * is dropped. The initial states are the expansion of {property}, the
 * successors of a state the expansion of its NEXT; equal pairs are one
 * state. The label of a state is the literals of its OLD. For each until
 * u = f until g there is an acceptance set: the states without u in OLD
 * or with g in OLD.
 *
 * States from which no infinite run starts (whatever the acceptance sets)
 * are then removed, with the states that only they could reach.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltl.h"

#define MAX_SUBS	256	/* distinct sub-formulas of the normal form */
#define MAX_NODES	4096	/* states during the construction */
#define WORDS		(MAX_SUBS / 64)

struct fset {
	uint64_t w[WORDS];
};

struct sub {
	enum ltl_op op;
	int atom, l, r;
	struct ltl *e;
};

struct cover {
	struct fset old, next;
};

struct covers {
	struct cover *c;
	int n, cap;
};

struct tab {
	struct sub subs[MAX_SUBS];
	int nsubs;
	struct cover *nodes;
	int nnodes;
	int *succ_n;		/* per node: the number of successors */
	int **succ;		/* and their indexes */
	int overflow;
};

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p) {
		fprintf(stderr, "ltl2ba: out of memory\n");
		exit(1);
	}
	return p;
}

static int has(const struct fset *s, int i)
{
	return (s->w[i / 64] >> (i % 64)) & 1;
}

static void add(struct fset *s, int i)
{
	s->w[i / 64] |= 1ULL << (i % 64);
}

static void del(struct fset *s, int i)
{
	s->w[i / 64] &= ~(1ULL << (i % 64));
}

static int first(const struct fset *s)
{
	int i;

	for (i = 0; i < WORDS; i++)
		if (s->w[i])
			return i * 64 + __builtin_ctzll(s->w[i]);
	return -1;
}

static struct ltl *mk(enum ltl_op op, struct ltl *l, struct ltl *r, const struct ltl *at)
{
	struct ltl *e = xcalloc(1, sizeof(*e));

	e->op = op;
	e->l = l;
	e->r = r;
	e->line = at->line;
	e->col = at->col;
	return e;
}

struct ltl *ltl_nnf(const struct ltl *e, int neg)
{
	struct ltl *a;

	switch (e->op) {
	case LTL_ATOM:
		a = mk(neg ? LTL_NATOM : LTL_ATOM, NULL, NULL, e);
		a->atom = e->atom;
		return a;
	case LTL_NATOM:
		a = mk(neg ? LTL_ATOM : LTL_NATOM, NULL, NULL, e);
		a->atom = e->atom;
		return a;
	case LTL_TRUE:
	case LTL_FALSE:
		return mk((e->op == LTL_TRUE) != !!neg ? LTL_TRUE : LTL_FALSE, NULL, NULL, e);
	case LTL_NOT:
		return ltl_nnf(e->l, !neg);
	case LTL_AND:
	case LTL_OR:
		return mk((e->op == LTL_AND) != !!neg ? LTL_AND : LTL_OR,
			  ltl_nnf(e->l, neg), ltl_nnf(e->r, neg), e);
	case LTL_IMPLY:
		/* l imply r: not l or r; its negation: l and not r */
		return mk(neg ? LTL_AND : LTL_OR, ltl_nnf(e->l, !neg), ltl_nnf(e->r, neg), e);
	case LTL_EQUIV:
		/* (l and r) or (not l and not r); negated, r's sign flips */
		return mk(LTL_OR,
			  mk(LTL_AND, ltl_nnf(e->l, 0), ltl_nnf(e->r, neg), e),
			  mk(LTL_AND, ltl_nnf(e->l, 1), ltl_nnf(e->r, !neg), e), e);
	case LTL_NEXT:
		return mk(LTL_NEXT, ltl_nnf(e->l, neg), NULL, e);
	case LTL_ALWAYS:
		/* always f = false release f; not always f = true until not f */
		if (neg)
			return mk(LTL_UNTIL, mk(LTL_TRUE, NULL, NULL, e), ltl_nnf(e->l, 1), e);
		return mk(LTL_RELEASE, mk(LTL_FALSE, NULL, NULL, e), ltl_nnf(e->l, 0), e);
	case LTL_EVENTUALLY:
		if (neg)
			return mk(LTL_RELEASE, mk(LTL_FALSE, NULL, NULL, e), ltl_nnf(e->l, 1), e);
		return mk(LTL_UNTIL, mk(LTL_TRUE, NULL, NULL, e), ltl_nnf(e->l, 0), e);
	case LTL_UNTIL:
	case LTL_RELEASE:
		return mk((e->op == LTL_UNTIL) != !!neg ? LTL_UNTIL : LTL_RELEASE,
			  ltl_nnf(e->l, neg), ltl_nnf(e->r, neg), e);
	case LTL_REF:
		break;
	}
	fprintf(stderr, "ltl2ba: internal error: an unresolved reference\n");
	exit(1);
}

/* the index of a sub-formula of the normal form, equal ones shared */
static int intern(struct tab *t, struct ltl *e)
{
	int l = e->l ? intern(t, e->l) : -1;
	int r = e->r ? intern(t, e->r) : -1;
	int atom = (e->op == LTL_ATOM || e->op == LTL_NATOM) ? e->atom : -1;
	int i;

	if (l == -2 || r == -2)
		return -2;
	for (i = 0; i < t->nsubs; i++)
		if (t->subs[i].op == e->op && t->subs[i].atom == atom &&
		    t->subs[i].l == l && t->subs[i].r == r)
			return i;
	if (t->nsubs == MAX_SUBS)
		return -2;
	t->subs[i] = (struct sub){ .op = e->op, .atom = atom, .l = l, .r = r, .e = e };
	return t->nsubs++;
}

static void literals(const struct tab *t, const struct fset *old, uint32_t *pos, uint32_t *neg)
{
	int i;

	*pos = 0;
	*neg = 0;
	for (i = 0; i < t->nsubs; i++) {
		if (!has(old, i))
			continue;
		if (t->subs[i].op == LTL_ATOM)
			*pos |= 1U << t->subs[i].atom;
		else if (t->subs[i].op == LTL_NATOM)
			*neg |= 1U << t->subs[i].atom;
	}
}

static void emit(struct tab *t, struct covers *out, const struct fset *old, const struct fset *next)
{
	uint32_t pos, neg;
	int i;

	literals(t, old, &pos, &neg);
	if (pos & neg)
		return;
	if (out->n == MAX_NODES) {
		t->overflow = 1;
		return;
	}
	for (i = 0; i < out->n; i++)
		if (!memcmp(&out->c[i].old, old, sizeof(*old)) &&
		    !memcmp(&out->c[i].next, next, sizeof(*next)))
			return;
	if (out->n == out->cap) {
		out->cap = out->cap ? out->cap * 2 : 8;
		out->c = realloc(out->c, out->cap * sizeof(*out->c));
		if (!out->c) {
			fprintf(stderr, "ltl2ba: out of memory\n");
			exit(1);
		}
	}
	out->c[out->n].old = *old;
	out->c[out->n].next = *next;
	out->n++;
}

static void push(struct fset *new, const struct fset *old, int i)
{
	if (!has(old, i))
		add(new, i);
}

/* split the obligations NEW into states (OLD, NEXT), appended to OUT */
static void expand(struct tab *t, struct fset new, struct fset old, struct fset next,
		   struct covers *out)
{
	struct fset bnew, bnext;
	int i;

	while (!t->overflow && (i = first(&new)) >= 0) {
		const struct sub *s = &t->subs[i];

		del(&new, i);
		if (has(&old, i))
			continue;
		if (s->op == LTL_FALSE)
			return;
		add(&old, i);
		switch (s->op) {
		case LTL_AND:
			push(&new, &old, s->l);
			push(&new, &old, s->r);
			break;
		case LTL_OR:
			bnew = new;
			push(&bnew, &old, s->l);
			expand(t, bnew, old, next, out);
			push(&new, &old, s->r);
			break;
		case LTL_NEXT:
			add(&next, s->l);
			break;
		case LTL_UNTIL:
			/* f until g: g now, or f now and the until next */
			bnew = new;
			bnext = next;
			push(&bnew, &old, s->l);
			add(&bnext, i);
			expand(t, bnew, old, bnext, out);
			push(&new, &old, s->r);
			break;
		case LTL_RELEASE:
			/* f release g: g now and the release next, or f and g now */
			bnew = new;
			bnext = next;
			push(&bnew, &old, s->r);
			add(&bnext, i);
			expand(t, bnew, old, bnext, out);
			push(&new, &old, s->l);
			push(&new, &old, s->r);
			break;
		default:	/* literals, true */
			break;
		}
	}
	if (!t->overflow)
		emit(t, out, &old, &next);
}

/* the state (OLD, NEXT), added if new; -1 past the bound */
static int node_index(struct tab *t, const struct cover *c)
{
	int i;

	for (i = 0; i < t->nnodes; i++)
		if (!memcmp(&t->nodes[i], c, sizeof(*c)))
			return i;
	if (t->nnodes == MAX_NODES) {
		t->overflow = 1;
		return -1;
	}
	t->nodes[t->nnodes] = *c;
	return t->nnodes++;
}

static void build(struct tab *t, int root, int **init, int *ninit)
{
	struct fset empty = { { 0 } }, start = { { 0 } };
	struct covers out = { 0 };
	int i, k;

	add(&start, root);
	expand(t, start, empty, empty, &out);
	*init = xcalloc(out.n, sizeof(int));
	*ninit = 0;
	for (i = 0; i < out.n && !t->overflow; i++)
		(*init)[(*ninit)++] = node_index(t, &out.c[i]);
	/* breadth first: a state's successors are the expansion of its NEXT */
	for (k = 0; k < t->nnodes && !t->overflow; k++) {
		out.n = 0;
		expand(t, t->nodes[k].next, empty, empty, &out);
		t->succ[k] = xcalloc(out.n, sizeof(int));
		t->succ_n[k] = 0;
		for (i = 0; i < out.n && !t->overflow; i++) {
			int j = node_index(t, &out.c[i]);
			int m;

			for (m = 0; m < t->succ_n[k]; m++)
				if (t->succ[k][m] == j)
					break;
			if (m == t->succ_n[k])
				t->succ[k][t->succ_n[k]++] = j;
		}
	}
	free(out.c);
}

int ltl_translate(const struct ltl_spec *spec, struct ltl_ba *ba, char *err, size_t errlen)
{
	struct tab *t = xcalloc(1, sizeof(*t));
	int *init, ninit, root, i, k, m, changed, n;
	char *live, *reach;
	int *number, *queue, qh = 0, qt = 0;
	int ret = -1;

	memset(ba, 0, sizeof(*ba));
	ba->nnf = ltl_nnf(spec->prop, 0);
	root = intern(t, ba->nnf);
	if (root < 0) {
		snprintf(err, errlen, "%s: the property has more than %d distinct sub-formulas",
			 spec->path, MAX_SUBS);
		goto out_tab;
	}
	t->nodes = xcalloc(MAX_NODES, sizeof(*t->nodes));
	t->succ = xcalloc(MAX_NODES, sizeof(*t->succ));
	t->succ_n = xcalloc(MAX_NODES, sizeof(*t->succ_n));
	build(t, root, &init, &ninit);
	if (t->overflow) {
		snprintf(err, errlen,
			 "%s: the automaton has more than %d states during its construction, at most %d allowed",
			 spec->path, MAX_NODES, LTL_MAX_STATES);
		goto out;
	}

	/* keep the states from which an infinite run starts */
	live = xcalloc(t->nnodes, 1);
	memset(live, 1, t->nnodes);
	do {
		changed = 0;
		for (k = 0; k < t->nnodes; k++) {
			if (!live[k])
				continue;
			for (m = 0; m < t->succ_n[k]; m++)
				if (live[t->succ[k][m]])
					break;
			if (m == t->succ_n[k]) {
				live[k] = 0;
				changed = 1;
			}
		}
	} while (changed);
	/* and that a live initial state reaches through live states */
	reach = xcalloc(t->nnodes, 1);
	queue = xcalloc(t->nnodes, sizeof(int));
	for (i = 0; i < ninit; i++)
		if (live[init[i]] && !reach[init[i]]) {
			reach[init[i]] = 1;
			queue[qt++] = init[i];
		}
	while (qh < qt) {
		k = queue[qh++];
		for (m = 0; m < t->succ_n[k]; m++) {
			int j = t->succ[k][m];

			if (live[j] && !reach[j]) {
				reach[j] = 1;
				queue[qt++] = j;
			}
		}
	}
	/* number them in construction order */
	number = xcalloc(t->nnodes, sizeof(int));
	n = 0;
	for (k = 0; k < t->nnodes; k++)
		number[k] = reach[k] ? n++ : -1;
	if (n > LTL_MAX_STATES) {
		snprintf(err, errlen, "%s: the automaton has %d states, at most %d allowed",
			 spec->path, n, LTL_MAX_STATES);
		goto out_prune;
	}
	ba->nstates = n;
	for (i = 0; i < ninit; i++)
		if (number[init[i]] >= 0)
			ba->initial |= 1ULL << number[init[i]];
	for (k = 0; k < t->nnodes; k++) {
		int s = number[k];

		if (s < 0)
			continue;
		literals(t, &t->nodes[k].old, &ba->must_true[s], &ba->must_false[s]);
		for (m = 0; m < t->succ_n[k]; m++)
			if (number[t->succ[k][m]] >= 0)
				ba->next[s] |= 1ULL << number[t->succ[k][m]];
	}
	/* acceptance: one set per until, in the order of the sub-formulas */
	ba->acc_until = xcalloc(t->nsubs, sizeof(*ba->acc_until));
	ba->acc = xcalloc(t->nsubs, sizeof(*ba->acc));
	for (i = 0; i < t->nsubs; i++) {
		if (t->subs[i].op != LTL_UNTIL)
			continue;
		ba->acc_until[ba->nacc] = t->subs[i].e;
		for (k = 0; k < t->nnodes; k++)
			if (number[k] >= 0 && (!has(&t->nodes[k].old, i) ||
					       has(&t->nodes[k].old, t->subs[i].r)))
				ba->acc[ba->nacc] |= 1ULL << number[k];
		ba->nacc++;
	}
	ret = 0;
out_prune:
	free(number);
	free(queue);
	free(reach);
	free(live);
out:
	for (k = 0; k < t->nnodes; k++)
		free(t->succ[k]);
	free(t->succ);
	free(t->succ_n);
	free(t->nodes);
	free(init);
out_tab:
	free(t);
	return ret;
}

uint64_t ltl_ba_step(const struct ltl_ba *ba, uint64_t set, uint32_t val)
{
	uint64_t next = 0;
	int i;

	for (i = 0; i < ba->nstates; i++)
		if ((set >> i & 1) && !(ba->must_true[i] & ~val) && !(ba->must_false[i] & val))
			next |= ba->next[i];
	return next;
}
