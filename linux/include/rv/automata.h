/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Deterministic automata: helpers that read a model in the form dot2c
 * generates it.
 *
 * For a model NAME, dot2c emits enum states_NAME (ending with
 * state_max_NAME), enum events_NAME (ending with event_max_NAME) and
 *
 *	static const struct automaton_NAME automaton_NAME = {
 *		.state_names = { ... },
 *		.event_names = { ... },
 *		.function = { ... },	// next state, state_max_NAME if none
 *		.initial_state = ...,
 *		.final_states = { ... },
 *	};
 *
 * DECLARE_AUTOMATA_HELPERS(NAME, type) then gives the model_*_NAME()
 * functions below, where type is the type of the transition table's
 * entries.
 */
#ifndef _RV_AUTOMATA_H
#define _RV_AUTOMATA_H

#include <linux/types.h>

#define DECLARE_AUTOMATA_HELPERS(name, type)					\
										\
/* the name of a state, "(invalid)" for a value out of range */		\
static inline const char *model_get_state_name_##name(unsigned int state)	\
{										\
	if (state >= state_max_##name)						\
		return "(invalid)";						\
	return automaton_##name.state_names[state];				\
}										\
										\
static inline const char *model_get_event_name_##name(unsigned int event)	\
{										\
	if (event >= event_max_##name)						\
		return "(invalid)";						\
	return automaton_##name.event_names[event];				\
}										\
										\
static inline unsigned int model_get_initial_state_##name(void)		\
{										\
	return automaton_##name.initial_state;					\
}										\
										\
/* the state after event in state, state_max_NAME if the model has none */	\
static __always_inline unsigned int						\
model_get_next_state_##name(unsigned int state, unsigned int event)		\
{										\
	if (state >= state_max_##name || event >= event_max_##name)		\
		return state_max_##name;					\
	return (type)automaton_##name.function[state][event];			\
}										\
										\
static inline bool model_is_final_state_##name(unsigned int state)		\
{										\
	if (state >= state_max_##name)						\
		return false;							\
	return automaton_##name.final_states[state];				\
}

#endif /* _RV_AUTOMATA_H */
