/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Transition coverage: how often a monitor took each transition of its
 * model since it was last enabled, shown in rv/monitors/NAME/coverage.
 * A transition never taken is a part of the model that the workload did
 * not exercise, so that the monitor could not have caught a fault there.
 * The DA monitor macros (rv/da_monitor.h) describe their model with
 * this; the RV core allocates the counters (struct rv_monitor's
 * transitions), resets and shows them, and counts the monitor's events
 * from them: its transitions plus its violations.
 */
#ifndef _RV_COVERAGE_H
#define _RV_COVERAGE_H

#include <linux/percpu.h>
#include <linux/types.h>

struct rv_monitor;

/**
 * struct rv_coverage - the transitions of a monitor's model
 * @states:	number of states of the model
 * @events:	number of events of the model
 * @state_name:	name of a state
 * @event_name:	name of an event
 * @next_state:	the state that an event leads to from a state, or @states
 *		when the model has no such transition
 */
struct rv_coverage {
	unsigned int	states;
	unsigned int	events;
	const char	*(*state_name)(unsigned int state);
	const char	*(*event_name)(unsigned int event);
	unsigned int	(*next_state)(unsigned int state, unsigned int event);
};

int rv_set_coverage(struct rv_monitor *monitor, const struct rv_coverage *coverage);

#endif /* _RV_COVERAGE_H */
