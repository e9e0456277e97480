/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ltl2ba: the property language, its parser, and the translation of a
 * property to a Büchi automaton. Shared by the tool and by the host test's
 * reference checker (tests/ltl/ltl_check.c).
 */
#ifndef LTL_H
#define LTL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* the licence line of generated files, split so that checkpatch does not take it for ours */
#define SPDX_TAG	"SPDX-"
#define SPDX_GPL_2_0	SPDX_TAG "License-Identifier: GPL-2.0"

#define LTL_MAX_ATOMS	32	/* the atom valuation is a 32-bit mask */
#define LTL_MAX_STATES	64	/* a state set is a 64-bit mask */

enum ltl_op {
	/* the property language */
	LTL_ATOM, LTL_NOT, LTL_AND, LTL_OR, LTL_IMPLY, LTL_EQUIV,
	LTL_NEXT, LTL_ALWAYS, LTL_EVENTUALLY, LTL_UNTIL,
	/* a reference to a named sub-formula, before resolution */
	LTL_REF,
	/* negation normal form only */
	LTL_TRUE, LTL_FALSE, LTL_NATOM, LTL_RELEASE,
};

struct ltl {
	enum ltl_op op;
	int atom;		/* LTL_ATOM, LTL_NATOM: index in the atom table */
	int ref;		/* LTL_REF: index of the definition */
	struct ltl *l, *r;	/* operands; a unary operator uses l */
	int line, col;		/* where it was written */
};

struct ltl_spec {
	const char *path;		/* for messages */
	const char *name;		/* the property's name (RULE, ...) */
	int natoms;
	char *atoms[LTL_MAX_ATOMS];	/* in order of first appearance */
	struct ltl *prop;		/* names resolved */
};

/*
 * Parse a property file's text. On error, return -1 with a message
 * "PATH:LINE:COL: ..." (or "PATH: ...") in err.
 */
int ltl_parse(const char *path, const char *text, struct ltl_spec *spec,
	      char *err, size_t errlen);
/* read a file and parse it; "-" is the standard input */
int ltl_parse_file(const char *path, struct ltl_spec *spec, char *err, size_t errlen);
/* print a formula, in the property language (NNF adds true, false, release) */
void ltl_print(FILE *f, const struct ltl_spec *spec, const struct ltl *e);

/*
 * The automaton: states are labelled by literals (atoms that must be true,
 * atoms that must be false). A run on a word w0 w1 ... is a sequence of
 * states q0 q1 ... with q0 initial, qi's label satisfied by wi and
 * q(i+1) a successor of qi. Acceptance sets: one per until of the negation
 * normal form; an infinite run is accepting when it visits each set
 * infinitely often.
 *
 * States from which no infinite run starts are removed, so that a finite
 * prefix has a run exactly when it can be continued forever while ignoring
 * the acceptance sets.
 */
struct ltl_ba {
	struct ltl *nnf;
	int nstates;
	uint32_t must_true[LTL_MAX_STATES];
	uint32_t must_false[LTL_MAX_STATES];
	uint64_t next[LTL_MAX_STATES];
	uint64_t initial;
	int nacc;
	struct ltl **acc_until;		/* the until of each acceptance set */
	uint64_t *acc;
};

/* negation normal form of a resolved formula */
struct ltl *ltl_nnf(const struct ltl *e, int negate);
/* translate; on error -1 with a message "PATH: ..." in err */
int ltl_translate(const struct ltl_spec *spec, struct ltl_ba *ba, char *err, size_t errlen);
/* one step of the state set on an atom valuation, as the kernel does it */
uint64_t ltl_ba_step(const struct ltl_ba *ba, uint64_t set, uint32_t val);

/* header.c: the automaton as a C header for the monitor NAME */
void ltl_print_header(FILE *f, const char *name, const struct ltl_spec *spec,
		      const struct ltl_ba *ba);
/* a state's label: "A and not B", "true" for none */
void ltl_print_label(FILE *f, const struct ltl_spec *spec, uint32_t pos, uint32_t neg);
/* dst = src in upper case */
void ltl_upper(char *dst, const char *src);
/* dst = src in lower case */
void ltl_lower(char *dst, const char *src);
/* whether a monitor name is at most 32 of [a-z0-9_], not starting with a digit */
int ltl_valid_monitor_name(const char *s);

#endif
