/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A deterministic automaton read from a DOT model, for dot2c and dot2k.
 */
#ifndef DOT2_AUTOMATON_H
#define DOT2_AUTOMATON_H

#include <stdbool.h>
#include <stdio.h>

#define NO_TRANSITION	(-1)

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * The license tag of the files the tools write, built from two strings so
 * that checkpatch does not take it for a misplaced tag of the tools' own.
 */
#define SPDX_TAG	"SPDX-"
#define SPDX_GPL_2_0	SPDX_TAG "License-Identifier: GPL-2.0"

/*
 * Hybrid automata: clocks that count time (kept in ns) or jiffies,
 * compared with a bound in guards (on transitions) and invariants (on
 * states). See automaton.c for the DOT syntax.
 */
enum clock_kind { CLOCK_UNSET, CLOCK_NS, CLOCK_JIFFIES };
enum constraint_op { OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE };

/* One comparison of a clock with a bound: "clk < 100ms". */
struct constraint {
	int clock;
	enum constraint_op op;
	unsigned long long bound;	/* a constant, in the clock's unit */
	int param;			/* or a named bound: index in params, else -1 */
	unsigned long long scale;	/* the named bound's unit, in the clock's */
	char *text;			/* as written, blanks normalised */
};

/* What a transition adds to the automaton's: its guard and resets. */
struct ha_transition {
	int guard;		/* first constraint of its guard */
	int nr_guard;		/* constraints in its guard, 0 for none */
	unsigned int resets;	/* the clocks it resets, a bit each */
};

/* The most clocks a model can have: the resets are a 32-bit mask. */
#define MAX_CLOCKS	32

struct automaton {
	char *name;		/* the model's name: the file name without .dot */
	char **states;		/* the initial state first, the others sorted */
	int nr_states;
	char **events;		/* sorted */
	int nr_events;
	int *function;		/* next state, [state * nr_events + event] */
	bool *final;
	int initial;		/* always 0: see states */

	/* a hybrid automaton's; nr_clocks is 0 for a deterministic one */
	char **clocks;		/* as declared, else sorted */
	enum clock_kind *clock_kind;
	int nr_clocks;
	char **params;		/* the named bounds, sorted */
	int nr_params;
	struct constraint *constraints;
	int nr_constraints;
	int *invariant;		/* per state: its constraint, -1 for none */
	struct ha_transition *ha;	/* [state * nr_events + event] */
};

/*
 * Read and check a model. On error, print "FILE: what is wrong" to stderr
 * and return -1. Warnings (unreachable states, dead ends) go to stderr
 * too but do not fail.
 */
int automaton_load(struct automaton *aut, const char *path, const char *name);
void automaton_free(struct automaton *aut);

static inline int automaton_next(const struct automaton *aut, int state, int event)
{
	return aut->function[state * aut->nr_events + event];
}

static inline bool automaton_hybrid(const struct automaton *aut)
{
	return aut->nr_clocks > 0;
}

/* The kind of timer a hybrid monitor arms for its invariants, if any. */
enum clock_kind automaton_timer_kind(const struct automaton *aut);

/* The smallest unsigned C type for the states and the "no transition" marker. */
const char *automaton_state_type(const struct automaton *aut);

/* The C representation of the automaton: what dot2c prints, model.h of dot2k. */
void automaton_print_c(FILE *out, const struct automaton *aut);

/* The model name a file path gives: its base name without ".dot". */
char *automaton_name_of(const char *path);

#endif /* DOT2_AUTOMATON_H */
