/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hybrid automata: what dot2c adds to the model of a deterministic
 * automaton (see <rv/automata.h>) when the model has clocks.
 *
 * A clock counts nanoseconds (CLOCK_MONOTONIC) or jiffies since it was
 * last reset. A constraint compares a clock with a bound, a constant or a
 * parameter of the monitor (a module parameter, read when the constraint
 * is). A transition may have a guard, constraints that must all hold when
 * its event happens, and may reset clocks; a state may have an invariant,
 * a constraint that bounds a clock from above for as long as the automaton
 * is in the state. For a model NAME, dot2c emits enum clocks_NAME (ending
 * with clock_max_NAME) and the tables below, gathered in
 *
 *	static const struct ha_model ha_model_NAME;
 *
 * which <rv/ha_monitor.h> reads.
 */
#ifndef _RV_HA_MODEL_H
#define _RV_HA_MODEL_H

#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/overflow.h>
#include <linux/types.h>

enum ha_op { HA_LT, HA_LE, HA_GT, HA_GE, HA_EQ, HA_NE };

/* The timer a monitor arms for its invariants: the kind of their clocks. */
enum ha_timer { HA_TIMER_NONE, HA_TIMER_HRTIMER, HA_TIMER_WHEEL };

/**
 * struct ha_clock - a clock of a hybrid automaton
 * @label:	its name in the model
 * @expired:	the event a violation of its invariant reports: "NAME_expired"
 * @jiffies:	whether it counts jiffies, else nanoseconds
 */
struct ha_clock {
	const char	*label;
	const char	*expired;
	bool		jiffies;
};

/**
 * struct ha_constraint - a comparison of a clock with a bound
 * @clock:	the clock
 * @op:		the comparison, clock OP bound
 * @bound:	a constant bound, in the clock's unit
 * @param:	a named bound, read each time, or NULL for @bound
 * @scale:	@param's unit in the clock's (1000 for a _us bound of a
 *		nanosecond clock)
 */
struct ha_constraint {
	unsigned char	clock;
	unsigned char	op;
	u64		bound;
	const u64	*param;
	u64		scale;
};

/**
 * struct ha_transition - what a transition of a hybrid automaton adds
 * @guard:	the first constraint of its guard
 * @nr_guard:	how many constraints its guard has, 0 for none
 * @resets:	the clocks it resets, a bit each
 */
struct ha_transition {
	unsigned short	guard;
	unsigned short	nr_guard;
	u32		resets;
};

/**
 * struct ha_model - the hybrid part of a model
 * @clocks:	its clocks, clock_max_NAME of them
 * @constraints:	the constraints of its guards and invariants
 * @invariants:	for each state, its invariant's constraint + 1, or 0
 * @transitions:	for each state and event, [state * @nr_events + event]
 * @nr_events:	event_max_NAME
 * @timer:	the timer the invariants need
 */
struct ha_model {
	const struct ha_clock		*clocks;
	const struct ha_constraint	*constraints;
	const unsigned short		*invariants;
	const struct ha_transition	*transitions;
	unsigned int			nr_events;
	enum ha_timer			timer;
};

/* The bound of a constraint now, in its clock's unit; a huge one saturates. */
static inline u64 ha_bound(const struct ha_constraint *c)
{
	u64 bound;

	if (!c->param)
		return c->bound;
	if (check_mul_overflow(READ_ONCE(*c->param), c->scale, &bound))
		return U64_MAX;
	return bound;
}

static inline bool ha_compare(u64 value, enum ha_op op, u64 bound)
{
	switch (op) {
	case HA_LT:
		return value < bound;
	case HA_LE:
		return value <= bound;
	case HA_GT:
		return value > bound;
	case HA_GE:
		return value >= bound;
	case HA_EQ:
		return value == bound;
	default:
		return value != bound;
	}
}

static inline const char *ha_op_text(enum ha_op op)
{
	static const char * const text[] = { "<", "<=", ">", ">=", "==", "!=" };

	return op <= HA_NE ? text[op] : "?";
}

#endif /* _RV_HA_MODEL_H */
