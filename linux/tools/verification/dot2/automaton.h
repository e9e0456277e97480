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

struct automaton {
	char *name;		/* the model's name: the file name without .dot */
	char **states;		/* the initial state first, the others sorted */
	int nr_states;
	char **events;		/* sorted */
	int nr_events;
	int *function;		/* next state, [state * nr_events + event] */
	bool *final;
	int initial;		/* always 0: see states */
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

/* The smallest unsigned C type for the states and the "no transition" marker. */
const char *automaton_state_type(const struct automaton *aut);

/* The C representation of the automaton: what dot2c prints, model.h of dot2k. */
void automaton_print_c(FILE *out, const struct automaton *aut);

/* The model name a file path gives: its base name without ".dot". */
char *automaton_name_of(const char *path);

#endif /* DOT2_AUTOMATON_H */
