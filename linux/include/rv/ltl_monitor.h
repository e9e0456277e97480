/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Linear temporal logic (LTL) monitor synthesis: from a property
 * translated by ltl2ba to a running per-task monitor.
 *
 * The property speaks of atoms, facts about a task that hold or not at
 * each of its events ("RT": the task has a real-time policy;
 * "PAGEFAULT": the event is a page fault). ltl2ba -c NAME translates it
 * to an automaton whose states each require some atoms to hold and
 * others not to (see Documentation/trace/rv/linear_temporal_logic.rst).
 * A monitor file includes that header (enum ltl_NAME_atom, the tables and
 * ltl_NAME_step()), its tracepoint header, declares its struct
 * rv_monitor rv_NAME, defines two functions that give the atoms their
 * values:
 *
 *	static void ltl_atoms_init_NAME(struct task_struct *task,
 *					struct ltl_monitor *mon,
 *					bool task_creation);
 *		sets, with ltl_atom_set(), the atoms known when the monitor
 *		first sees the task; task_creation tells a task created
 *		while the monitor ran, whose whole life it saw
 *	static void ltl_atoms_fetch_NAME(struct task_struct *task,
 *					 struct ltl_monitor *mon);
 *		sets the atoms read from the task itself (its policy,
 *		its flags) before each step
 *
 * then declares itself with DECLARE_LTL_MON_PER_TASK(NAME). This gives:
 *
 *	void ltl_atom_update_NAME(task, atom, value);	an event: the atom
 *		takes the value, which it keeps, and the instance a step
 *	void ltl_atom_pulse_NAME(task, atom, value);	an event where the
 *		atom holds the value, and the opposite afterwards
 *	void ltl_atoms_update_NAME(task, mask, values);	an event where
 *		several atoms take values (bit n of mask and values for
 *		the atom n), which they keep
 *	int ltl_monitor_init_NAME(void);	in start(), before attaching
 *	void ltl_monitor_destroy_NAME(void);	in stop(), after detaching
 *	void ltl_monitor_reset_all_NAME(void);	the reset() callback
 *
 * An instance knows no atom at first. Until it knows them all, events
 * only set atoms: it takes its first step, from the automaton's initial
 * states, at the first event that leaves no atom unknown. Each step
 * keeps the states whose requirements the atoms meet and moves to their
 * successors; none left is a violation: no continuation of the task's
 * events satisfies the property. The error tracepoint fires with the
 * atoms, the violation is counted and handed to the reactor, and the
 * instance starts again from the initial states at its next event.
 * Resetting the monitor starts a new run, as for DA monitors (see
 * rv_new_generation()): each instance forgets its atoms at its next
 * event.
 *
 * Steps of one instance are serialised by a lock (rv_ltl_lock_of()), since
 * an event on one CPU may concern a task running on another; in NMI an
 * event whose lock is taken is ignored. The handlers allocate nothing
 * and format a message only for a violation.
 */
#ifndef _RV_LTL_MONITOR_H
#define _RV_LTL_MONITOR_H

#include <linux/bits.h>
#include <linux/hardirq.h>
#include <linux/rv.h>
#include <linux/sched.h>
#include <linux/tracepoint.h>

raw_spinlock_t *rv_ltl_lock_of(const struct ltl_monitor *mon);
void rv_ltl_violation_text(u64 states, u32 atoms, const char *const atom_names[],
			   unsigned int natoms, char states_text[RV_VIOLATION_TEXT],
			   char atoms_text[RV_VIOLATION_TEXT]);

/**
 * ltl_atom_set - give an atom of an instance a value
 * @mon:	the instance
 * @atom:	the atom's bit number
 * @value:	whether it holds
 *
 * For ltl_atoms_init_NAME() and ltl_atoms_fetch_NAME(), which run with
 * the instance's lock held: it takes no step.
 */
static inline void ltl_atom_set(struct ltl_monitor *mon, unsigned int atom, bool value)
{
	if (value)
		mon->atoms |= BIT(atom);
	else
		mon->atoms &= ~BIT(atom);
	mon->unknown &= ~BIT(atom);
}

/**
 * DECLARE_LTL_MON_PER_TASK - an LTL monitor with one instance per task
 * @name:	the monitor's name, as given to ltl2ba -c
 *
 * The instances live in task_struct, in a slot the monitor takes in
 * ltl_monitor_init_NAME() (-EBUSY when RV_PER_TASK_SLOTS per-task
 * monitors are already enabled) and gives back in
 * ltl_monitor_destroy_NAME().
 */
#define DECLARE_LTL_MON_PER_TASK(name)						\
										\
static int ltl_slot_##name = -1;						\
/* the monitor's current run: see rv_new_generation() */			\
static unsigned int ltl_generation_##name;					\
/* when it started: a task started later was created while it ran */	\
static u64 ltl_start_ns_##name;						\
										\
static inline void ltl_monitor_reset_all_##name(void)				\
{										\
	WRITE_ONCE(ltl_start_ns_##name, ktime_get_ns());			\
	WRITE_ONCE(ltl_generation_##name, rv_new_generation());			\
}										\
										\
static inline int ltl_monitor_init_##name(void)				\
{										\
	int slot = rv_get_task_monitor_slot();					\
										\
	if (slot < 0)								\
		return slot;							\
	ltl_monitor_reset_all_##name();						\
	WRITE_ONCE(ltl_slot_##name, slot);					\
	return 0;								\
}										\
										\
static inline void ltl_monitor_destroy_##name(void)				\
{										\
	int slot = ltl_slot_##name;						\
										\
	if (slot < 0)								\
		return;								\
	/* no handler may still use the slot when another monitor gets it */	\
	tracepoint_synchronize_unregister();					\
	WRITE_ONCE(ltl_slot_##name, -1);					\
	rv_put_task_monitor_slot(slot);						\
}										\
										\
/* pausing monitoring disables the monitor: this is the one test */	\
static inline bool ltl_processing_##name(void)				\
{										\
	return rv_monitor_enabled(&rv_##name);					\
}										\
										\
/* the task's instance, NULL while the monitor is off or has no slot */	\
static inline struct ltl_monitor *						\
ltl_get_monitor_##name(struct task_struct *task)				\
{										\
	int slot = READ_ONCE(ltl_slot_##name);					\
										\
	if (!ltl_processing_##name() || unlikely(slot < 0))			\
		return NULL;							\
	return &task->rv[slot].ltl_mon;						\
}										\
										\
/* an instance of an earlier run, or of a new task, forgets its atoms */	\
static inline void ltl_refresh_##name(struct task_struct *task,		\
				      struct ltl_monitor *mon)			\
{										\
	unsigned int generation = READ_ONCE(ltl_generation_##name);		\
										\
	if (likely(mon->generation == generation))				\
		return;								\
	mon->generation = generation;						\
	mon->atoms = 0;								\
	mon->unknown = GENMASK(ARRAY_SIZE(ltl_##name##_atom_names) - 1, 0);			\
	mon->states = 0;							\
	ltl_atoms_init_##name(task, mon, task->start_time >=			\
			      READ_ONCE(ltl_start_ns_##name));			\
}										\
										\
static noinline void ltl_violation_##name(struct task_struct *task,		\
					  u64 states, u32 atoms)		\
{										\
	char states_text[RV_VIOLATION_TEXT], atoms_text[RV_VIOLATION_TEXT];	\
										\
	trace_error_##name(task->pid, states, atoms);				\
	rv_ltl_violation_text(states, atoms, ltl_##name##_atom_names,		\
			      ARRAY_SIZE(ltl_##name##_atom_names), states_text, atoms_text);	\
	rv_report_ltl_violation(&rv_##name, states_text, atoms_text,		\
				task->pid);					\
}										\
										\
/* an event: the atoms of mask take values, and those of pulse flip after */	\
static inline void ltl_event_##name(struct task_struct *task, u32 mask,	\
				    u32 values, u32 pulse)			\
{										\
	struct ltl_monitor *mon = ltl_get_monitor_##name(task);		\
	raw_spinlock_t *lock;							\
	unsigned long flags;							\
	u64 states, next;							\
	u32 atoms;								\
										\
	if (!mon)								\
		return;								\
	lock = rv_ltl_lock_of(mon);						\
	/* in NMI, the interrupted code may hold the lock */			\
	if (!in_nmi())								\
		raw_spin_lock_irqsave(lock, flags);				\
	else if (!raw_spin_trylock_irqsave(lock, flags))			\
		return;								\
	ltl_refresh_##name(task, mon);						\
	mon->atoms = (mon->atoms & ~mask) | (values & mask);			\
	mon->unknown &= ~mask;							\
	ltl_atoms_fetch_##name(task, mon);					\
	atoms = mon->atoms;							\
	mon->atoms ^= pulse;							\
	if (mon->unknown) {							\
		raw_spin_unlock_irqrestore(lock, flags);			\
		return;								\
	}									\
	states = mon->states ?: ltl_##name##_initial;				\
	next = ltl_##name##_step(states, atoms);				\
	/* after a violation, start again from the initial states */		\
	mon->states = next;							\
	raw_spin_unlock_irqrestore(lock, flags);				\
										\
	rv_count_event(&rv_##name);						\
	trace_event_##name(task->pid, states, atoms, next);			\
	if (unlikely(!next))							\
		ltl_violation_##name(task, states, atoms);			\
}										\
										\
static inline void ltl_atom_update_##name(struct task_struct *task,		\
					  unsigned int atom, bool value)	\
{										\
	ltl_event_##name(task, BIT(atom), value ? BIT(atom) : 0, 0);		\
}										\
										\
static inline void ltl_atom_pulse_##name(struct task_struct *task,		\
					 unsigned int atom, bool value)		\
{										\
	ltl_event_##name(task, BIT(atom), value ? BIT(atom) : 0, BIT(atom));	\
}										\
										\
static inline void ltl_atoms_update_##name(struct task_struct *task,		\
					   u32 mask, u32 values)		\
{										\
	ltl_event_##name(task, mask, values, 0);				\
}

#endif /* _RV_LTL_MONITOR_H */
