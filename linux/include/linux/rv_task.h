/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Runtime Verification (RV): what task_struct holds for the per-task
 * monitors. Kept apart from <linux/rv.h>, which <linux/sched.h> would
 * otherwise pull into most of the kernel.
 */
#ifndef _LINUX_RV_TASK_H
#define _LINUX_RV_TASK_H

#include <linux/types.h>

/**
 * struct da_monitor - one instance of a deterministic-automaton monitor
 * @generation:	the run of its monitor that the instance is in sync with:
 *		it processes events while this is the monitor's current
 *		generation (see rv_new_generation()), and waits for its
 *		init event otherwise; 0 is never current
 * @curr_state:	the current state of the automaton
 *
 * One per system, per CPU or per task, depending on the monitor; the
 * per-task ones live in task_struct (see RV_PER_TASK_SLOTS).
 */
struct da_monitor {
	unsigned int	generation;
	unsigned int	curr_state;
};

/**
 * struct ltl_monitor - one instance of a linear temporal logic monitor
 * @lock:	bit 0 serialises the steps of the instance, which events on
 *		other CPUs (a wakeup) may take at the same time
 * @generation:	as for struct da_monitor: the instance starts afresh, all
 *		its atoms unknown, when this is not its monitor's generation
 * @atoms:	the value of each atom of the property, a bit each
 * @unknown:	the atoms whose value is not known yet: the instance takes
 *		no step until it knows them all
 * @states:	the set of states of the property's automaton the instance
 *		may be in, a bit each; meaningful once no atom is unknown
 *
 * See <rv/ltl_monitor.h>.
 */
struct ltl_monitor {
	unsigned long	lock;
	unsigned int	generation;
	u32		atoms;
	u32		unknown;
	u64		states;
};

/**
 * union rv_task_monitor - what a per-task monitor keeps in each task
 * @da_mon:	a DA monitor's instance
 * @ltl_mon:	an LTL monitor's instance
 *
 * task_struct has one per slot, rv[slot] (see rv_get_task_monitor_slot()).
 */
union rv_task_monitor {
	struct da_monitor	da_mon;
	struct ltl_monitor	ltl_mon;
};

#ifdef CONFIG_RV
/* How many per-task monitors can be enabled at the same time. */
#define RV_PER_TASK_SLOTS	CONFIG_RV_PER_TASK_SLOTS
/* the name Linux's RV gives it */
#define RV_PER_TASK_MONITORS	RV_PER_TASK_SLOTS

/*
 * rv_task_fork - start a new task, a copy of its parent, with no per-task
 * monitor state. A macro: task_struct is not complete here.
 */
#define rv_task_fork(p)	memset((p)->rv, 0, sizeof((p)->rv))
#else
#define rv_task_fork(p)	do { } while (0)
#endif

#endif /* _LINUX_RV_TASK_H */
