/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Deterministic-automata (DA) monitor synthesis: from a model generated
 * by dot2c to a running monitor.
 *
 * A monitor file defines its model (model.h), includes its tracepoint
 * header, declares its struct rv_monitor rv_NAME (defined later in the
 * file), then declares itself with one of
 *
 *	DECLARE_DA_MON_GLOBAL(NAME, type)	one instance for the system
 *	DECLARE_DA_MON_PER_CPU(NAME, type)	one instance per CPU
 *	DECLARE_DA_MON_PER_TASK(NAME, type)	one instance per task
 *	DECLARE_DA_MON_PER_OBJ(NAME, type, capacity)	one per object
 *
 * where type is the type of the model's transition table entries. This
 * gives:
 *
 *	bool da_handle_event_NAME([task or id,] event);
 *	bool da_handle_init_event_NAME([task or id,] event);
 *	bool da_handle_start_run_event_NAME([task or id,] event);
 *	int da_monitor_init_NAME(void);		in start(), before attaching
 *	void da_monitor_destroy_NAME(void);	in stop(), after detaching
 *	void da_monitor_reset_all_NAME(void);	the reset() callback
 *
 * A monitor processes events only while it is enabled, which the RV
 * core switches on only once all its handlers are attached, and off
 * before they are detached (pausing monitoring stops the monitors too):
 * an instance never steps on a part of its events. An instance ignores
 * events until it sees the init event, the event that brings the system
 * to the model's initial state: from there on, the model and the system
 * are in sync. Resetting the monitor starts a new run (a generation, see
 * rv_new_generation()): every instance synced in an earlier run waits
 * for its init event again, without the reset visiting the instances.
 * An event the model does not allow in the current state is a violation:
 * the error tracepoint fires, the violation is counted and handed to the
 * monitor's reactor, and the instance goes back to waiting for the init
 * event. Each transition taken is counted, per CPU, for
 * monitors/NAME/coverage (see <rv/coverage.h>), in counters that the RV
 * core allocates when da_monitor_init_NAME() first runs.
 *
 * The handlers allocate nothing and take no lock but, on a violation, the
 * raw spinlock that records it; they format a message only for a
 * violation that a reactor will receive, and look up names for the
 * event tracepoint only while it is enabled. They are inlined into the
 * monitor's probes: a step costs a few loads, a compare-and-exchange and
 * a counter. The state moves with the compare-and-exchange, so events
 * racing on one instance from several CPUs each see a state the model
 * went through, never a torn one.
 *
 * da_handle_start_run_event_NAME() is for an event that the system takes
 * only from the initial state (the end of a start-up, say): an instance
 * not yet in sync syncs, then takes the event.
 *
 * The monitor's tracepoint header declares, through the classes of
 * <rv/da_trace.h> or <rv/da_trace_task.h>, trace_event_NAME() and
 * trace_error_NAME().
 *
 * A monitor written for the RV of Linux 6.1 builds unchanged: it calls
 * the init event a start event (da_handle_start_event_NAME(), an alias),
 * takes its task slot with rv_get_task_monitor_slot() and finds it in
 * task->rv[slot], and includes <trace/events/rv.h> instead of a
 * tracepoint header of its own, which makes it trace through RV's shared
 * events da_event and da_error (with _id for a per-task monitor).
 */
#ifndef _RV_DA_MONITOR_H
#define _RV_DA_MONITOR_H

#include <linux/atomic.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/rv.h>
#include <linux/sched.h>
#include <linux/tracepoint.h>
#include <rv/automata.h>
#include <rv/coverage.h>
#include <rv/objects.h>

/*
 * The tracepoints of the monitors declared in the file: their own,
 * trace_event_NAME() and trace_error_NAME(), given with the monitor's
 * name, unless <trace/events/rv.h>, included before or after this file,
 * redefines these.
 */
#ifndef rv_da_trace_event
#define rv_da_trace_event(own, monitor, ...)	own(__VA_ARGS__)
#define rv_da_trace_error(own, monitor, ...)	own(__VA_ARGS__)
#define rv_da_trace_event_id(own, monitor, ...)	own(__VA_ARGS__)
#define rv_da_trace_error_id(own, monitor, ...)	own(__VA_ARGS__)
/* whether the event tracepoint is enabled, to skip its arguments if not */
#define rv_da_tracing_event(own)		own##_enabled()
#define rv_da_tracing_event_id(own)		own##_enabled()
#endif

/*
 * What every kind of monitor shares. da_trace_event_NAME() and
 * da_trace_error_NAME() are defined by the kind (IMPLICIT or PER_TASK):
 * only per-task monitors trace the pid. (Each macro names its arguments
 * once but in token pastes, so that they are evaluated once.) The hot
 * path is __always_inline: at -Os, the compiler would otherwise call each
 * helper out of line.
 */
#define __DECLARE_DA_MON_COMMON(name, type, kind)				\
										\
__DECLARE_DA_MON_TRACE_##kind(name, type)					\
										\
/* the monitor's current run: see rv_new_generation() */			\
static unsigned int da_generation_##name;					\
										\
/* the model, for transition coverage: see rv/coverage.h */		\
static const struct rv_coverage da_coverage_##name = {			\
	.states = state_max_##name,						\
	.events = event_max_##name,						\
	.state_name = model_get_state_name_##name,				\
	.event_name = model_get_event_name_##name,				\
	.next_state = model_get_next_state_##name,				\
};										\
										\
/* a per-object monitor's instances, while it runs; NULL for the others */	\
static struct rv_objects *da_objects_##name;					\
										\
/* a new run: every instance waits for its init event; objects may have ended unseen */\
static inline void da_monitor_reset_all_##name(void)				\
{										\
	WRITE_ONCE(da_generation_##name, rv_new_generation());			\
	if (da_objects_##name)							\
		rv_objects_release_all(da_objects_##name);			\
}										\
										\
/* forget the state of one instance: wait for its next init event */	\
static __always_inline void							\
da_monitor_reset_##name(struct da_monitor *da_mon)				\
{										\
	WRITE_ONCE(da_mon->generation, 0);					\
}										\
										\
/* the system is in the initial state: follow it from there */		\
static inline void da_monitor_sync_##name(struct da_monitor *da_mon)		\
{										\
	WRITE_ONCE(da_mon->curr_state, model_get_initial_state_##name());	\
	/* the state first: the handlers read it after an acquire of this */	\
	smp_store_release(&da_mon->generation, READ_ONCE(da_generation_##name));\
}										\
										\
/* whether the instance is in sync with the system in this run */		\
static __always_inline bool							\
da_monitoring_##name(struct da_monitor *da_mon)				\
{										\
	/* pairs with the release in da_monitor_sync_NAME() */			\
	return smp_load_acquire(&da_mon->generation) ==			\
	       READ_ONCE(da_generation_##name);					\
}										\
										\
/* a new run, with transition counters; in start(), before attaching */	\
static inline int da_monitor_start_run_##name(void)				\
{										\
	da_monitor_reset_all_##name();						\
	return rv_set_coverage(&rv_##name, &da_coverage_##name);		\
}										\
										\
static noinline void								\
da_violation_##name(unsigned int state, unsigned int event, pid_t pid)	\
{										\
	const char *state_name = model_get_state_name_##name(state);		\
	const char *event_name = model_get_event_name_##name(event);		\
										\
	da_trace_error_##name(pid, state_name, event_name);			\
	rv_report_violation(&rv_##name, state_name, event_name, pid);		\
}										\
										\
/* count a transition taken, which also counts the event */		\
static __always_inline void							\
da_count_transition_##name(unsigned int state, unsigned int event)		\
{										\
	/* allocated before the monitor was enabled, freed after */		\
	u64 __percpu *transitions = rv_##name.transitions;			\
										\
	if (likely(transitions))						\
		this_cpu_inc(transitions[state * event_max_##name + event]);	\
	else									\
		rv_count_event(&rv_##name);					\
}										\
										\
/* move da_mon on event; false, and a violation, if the model forbids it */	\
static __always_inline bool							\
da_event_##name(struct da_monitor *da_mon, unsigned int event, pid_t pid)	\
{										\
	unsigned int curr = READ_ONCE(da_mon->curr_state);			\
	unsigned int next;							\
										\
	do {									\
		next = model_get_next_state_##name(curr, event);		\
		if (unlikely(next == state_max_##name)) {			\
			da_violation_##name(curr, event, pid);			\
			return false;						\
		}								\
	} while (!try_cmpxchg(&da_mon->curr_state, &curr, next));		\
										\
	da_count_transition_##name(curr, event);				\
	da_trace_event_##name(pid, curr, event, next);				\
	return true;								\
}										\
										\
/* whether the monitor processes events: see the top of the file */	\
static __always_inline bool da_processing_##name(void)				\
{										\
	return rv_monitor_enabled(&rv_##name);					\
}										\
										\
/* take the event; after a violation, wait for the init event again */	\
static __always_inline bool							\
da_step_##name(struct da_monitor *da_mon, unsigned int event, pid_t pid)	\
{										\
	if (likely(da_event_##name(da_mon, event, pid)))			\
		return true;							\
	da_monitor_reset_##name(da_mon);					\
	return false;								\
}										\
										\
static __always_inline bool							\
__da_handle_event_##name(struct da_monitor *da_mon, unsigned int event,	\
			 pid_t pid)						\
{										\
	if (!da_processing_##name() || !da_monitoring_##name(da_mon))		\
		return false;							\
	return da_step_##name(da_mon, event, pid);				\
}										\
										\
static __always_inline bool							\
__da_handle_init_event_##name(struct da_monitor *da_mon, unsigned int event,	\
			      pid_t pid)					\
{										\
	if (!da_processing_##name())						\
		return false;							\
	if (!da_monitoring_##name(da_mon)) {					\
		da_monitor_sync_##name(da_mon);					\
		return false;							\
	}									\
	return da_step_##name(da_mon, event, pid);				\
}										\
										\
static __always_inline bool							\
__da_handle_start_run_event_##name(struct da_monitor *da_mon,			\
				   unsigned int event, pid_t pid)		\
{										\
	if (!da_processing_##name())						\
		return false;							\
	if (!da_monitoring_##name(da_mon))					\
		da_monitor_sync_##name(da_mon);					\
	return da_step_##name(da_mon, event, pid);				\
}

/* Global and per-CPU monitors trace without a pid. */
#define __DECLARE_DA_MON_TRACE_IMPLICIT(name, type)				\
DECLARE_AUTOMATA_HELPERS(name, type)						\
										\
static __always_inline void							\
da_trace_event_##name(pid_t pid, unsigned int curr, unsigned int event,	\
		      unsigned int next)					\
{										\
	if (rv_da_tracing_event(trace_event_##name))				\
		rv_da_trace_event(trace_event_##name, #name,			\
				  model_get_state_name_##name(curr),		\
				  model_get_event_name_##name(event),		\
				  model_get_state_name_##name(next),		\
				  model_is_final_state_##name(next));		\
}										\
										\
static inline void da_trace_error_##name(pid_t pid, const char *state,		\
					 const char *event)			\
{										\
	rv_da_trace_error(trace_error_##name, #name, state, event);		\
}

#define __DECLARE_DA_MON_TRACE_PER_TASK(name, type)				\
DECLARE_AUTOMATA_HELPERS(name, type)						\
										\
static __always_inline void							\
da_trace_event_##name(pid_t pid, unsigned int curr, unsigned int event,	\
		      unsigned int next)					\
{										\
	if (rv_da_tracing_event_id(trace_event_##name))			\
		rv_da_trace_event_id(trace_event_##name, #name, pid,		\
				     model_get_state_name_##name(curr),		\
				     model_get_event_name_##name(event),	\
				     model_get_state_name_##name(next),		\
				     model_is_final_state_##name(next));	\
}										\
										\
static inline void da_trace_error_##name(pid_t pid, const char *state,		\
					 const char *event)			\
{										\
	rv_da_trace_error_id(trace_error_##name, #name, pid, state, event);	\
}

/**
 * DECLARE_DA_MON_GLOBAL - a monitor with one instance for the system
 * @name:	the monitor's name, as in its model
 * @type:	the type of the model's transition table entries
 */
#define DECLARE_DA_MON_GLOBAL(name, type)					\
										\
__DECLARE_DA_MON_COMMON(name, type, IMPLICIT)					\
										\
static struct da_monitor da_mon_##name;						\
										\
static inline int da_monitor_init_##name(void)					\
{										\
	return da_monitor_start_run_##name();					\
}										\
										\
static inline void da_monitor_destroy_##name(void)				\
{										\
}										\
										\
static __always_inline bool da_handle_event_##name(enum events_##name event)		\
{										\
	return __da_handle_event_##name(&da_mon_##name, event, current->pid);	\
}										\
										\
static __always_inline bool da_handle_init_event_##name(enum events_##name event)	\
{										\
	return __da_handle_init_event_##name(&da_mon_##name, event,		\
					     current->pid);			\
}										\
										\
static __always_inline bool da_handle_start_event_##name(enum events_##name event)	\
{										\
	return da_handle_init_event_##name(event);				\
}										\
										\
static __always_inline bool da_handle_start_run_event_##name(enum events_##name event)	\
{										\
	return __da_handle_start_run_event_##name(&da_mon_##name, event,	\
						  current->pid);		\
}

/**
 * DECLARE_DA_MON_PER_CPU - a monitor with one instance per CPU
 * @name:	the monitor's name, as in its model
 * @type:	the type of the model's transition table entries
 *
 * The handlers act on the current CPU's instance: call them with
 * preemption disabled (tracepoint probes are).
 */
#define DECLARE_DA_MON_PER_CPU(name, type)					\
										\
__DECLARE_DA_MON_COMMON(name, type, IMPLICIT)					\
										\
static DEFINE_PER_CPU(struct da_monitor, da_mon_##name);			\
										\
static inline int da_monitor_init_##name(void)					\
{										\
	return da_monitor_start_run_##name();					\
}										\
										\
static inline void da_monitor_destroy_##name(void)				\
{										\
}										\
										\
static __always_inline bool da_handle_event_##name(enum events_##name event)		\
{										\
	return __da_handle_event_##name(this_cpu_ptr(&da_mon_##name), event,	\
					current->pid);				\
}										\
										\
static __always_inline bool da_handle_init_event_##name(enum events_##name event)	\
{										\
	return __da_handle_init_event_##name(this_cpu_ptr(&da_mon_##name),	\
					     event, current->pid);		\
}										\
										\
static __always_inline bool da_handle_start_event_##name(enum events_##name event)	\
{										\
	return da_handle_init_event_##name(event);				\
}										\
										\
static __always_inline bool da_handle_start_run_event_##name(enum events_##name event)	\
{										\
	return __da_handle_start_run_event_##name(this_cpu_ptr(&da_mon_##name),\
						  event, current->pid);		\
}

/**
 * DECLARE_DA_MON_PER_TASK - a monitor with one instance per task
 * @name:	the monitor's name, as in its model
 * @type:	the type of the model's transition table entries
 *
 * The instances live in task_struct, in a slot the monitor takes in
 * da_monitor_init_NAME() (-EBUSY when RV_PER_TASK_SLOTS per-task monitors
 * are already enabled) and gives back in da_monitor_destroy_NAME().
 */
#define DECLARE_DA_MON_PER_TASK(name, type)					\
										\
__DECLARE_DA_MON_COMMON(name, type, PER_TASK)					\
										\
static int da_slot_##name = -1;							\
										\
static inline int da_monitor_init_##name(void)					\
{										\
	int slot = rv_get_task_monitor_slot();					\
	int ret;								\
										\
	if (slot < 0)								\
		return slot;							\
	ret = da_monitor_start_run_##name();					\
	if (ret) {								\
		rv_put_task_monitor_slot(slot);					\
		return ret;							\
	}									\
	WRITE_ONCE(da_slot_##name, slot);					\
	return 0;								\
}										\
										\
static inline void da_monitor_destroy_##name(void)				\
{										\
	int slot = da_slot_##name;						\
										\
	if (slot < 0)								\
		return;								\
	/* no handler may still use the slot when another monitor gets it */	\
	tracepoint_synchronize_unregister();					\
	WRITE_ONCE(da_slot_##name, -1);						\
	rv_put_task_monitor_slot(slot);						\
}										\
										\
/* hand the event to the task's instance */					\
static __always_inline bool							\
da_handle_task_##name(struct task_struct *tsk, unsigned int event,		\
		      bool (*handle)(struct da_monitor *da_mon,		\
				     unsigned int event, pid_t pid))		\
{										\
	/* a handler runs only while the monitor holds a slot: checked anyway */\
	int slot = READ_ONCE(da_slot_##name);					\
										\
	return likely(slot >= 0) &&						\
	       handle(&tsk->rv[slot].da_mon, event, tsk->pid);			\
}										\
										\
static __always_inline bool							\
da_handle_event_##name(struct task_struct *tsk, enum events_##name event)	\
{										\
	return da_handle_task_##name(tsk, event, __da_handle_event_##name);	\
}										\
										\
static __always_inline bool							\
da_handle_init_event_##name(struct task_struct *tsk,				\
			    enum events_##name event)				\
{										\
	return da_handle_task_##name(tsk, event,				\
				     __da_handle_init_event_##name);		\
}										\
										\
static __always_inline bool							\
da_handle_start_event_##name(struct task_struct *tsk,				\
			     enum events_##name event)				\
{										\
	return da_handle_init_event_##name(tsk, event);				\
}										\
										\
static __always_inline bool							\
da_handle_start_run_event_##name(struct task_struct *tsk,			\
				 enum events_##name event)			\
{										\
	return da_handle_task_##name(tsk, event,				\
				     __da_handle_start_run_event_##name);	\
}

/* Per-object monitors trace the object's id where per-task ones trace the pid. */
#define __DECLARE_DA_MON_TRACE_PER_OBJ(name, type)				\
	__DECLARE_DA_MON_TRACE_PER_TASK(name, type)

/**
 * DECLARE_DA_MON_PER_OBJ - a monitor with one instance per object
 * @name:	the monitor's name, as in its model
 * @type:	the type of the model's transition table entries
 * @capacity:	how many objects it can follow at the same time
 *
 * For objects that are neither CPUs nor tasks, each named by an id (an
 * int: the traces and the last violation record it as a pid). The
 * handlers take the id first:
 *
 *	da_handle_init_event_NAME(id, event)	follows the object from
 *		then on, taking an instance for it if it has none (so does
 *		da_handle_start_run_event_NAME())
 *	da_handle_event_NAME(id, event)		an event of a followed object
 *	da_monitor_forget_NAME(id)		the object ended
 *
 * See <rv/objects.h>: the instances are taken from a pool of @capacity,
 * allocated in da_monitor_init_NAME() and freed in
 * da_monitor_destroy_NAME(); when it is exhausted, a new object is not
 * followed and the drop is counted. Call the handlers where RCU watches
 * (not from the idle loop's rcuidle tracepoints).
 */
#define DECLARE_DA_MON_PER_OBJ(name, type, capacity)				\
										\
__DECLARE_DA_MON_COMMON(name, type, PER_OBJ)					\
										\
static inline int da_monitor_init_##name(void)					\
{										\
	struct rv_objects *objects;						\
	int ret;								\
										\
	ret = da_monitor_start_run_##name();					\
	if (ret)								\
		return ret;							\
	objects = rv_objects_create(&rv_##name, capacity);			\
	if (!objects)								\
		return -ENOMEM;							\
	/* the handlers see the table complete */				\
	smp_store_release(&da_objects_##name, objects);				\
	return 0;								\
}										\
										\
static inline void da_monitor_destroy_##name(void)				\
{										\
	struct rv_objects *objects = da_objects_##name;				\
										\
	WRITE_ONCE(da_objects_##name, NULL);					\
	rv_objects_destroy(objects);						\
}										\
										\
/* the table, while the monitor processes events */			\
static inline struct rv_objects *da_objects_processing_##name(void)		\
{										\
	if (!da_processing_##name())						\
		return NULL;							\
	/* pairs with the release in da_monitor_init_NAME() */		\
	return smp_load_acquire(&da_objects_##name);				\
}										\
										\
/* hand the event to the object's instance, taken for it first if @take */	\
static __always_inline bool							\
da_handle_object_##name(int id, unsigned int event, bool take,		\
			bool (*handle)(struct da_monitor *da_mon,		\
				       unsigned int event, pid_t id))		\
{										\
	struct rv_objects *objects;						\
	struct rv_object *object = NULL;					\
	bool ret = false;							\
										\
	/* the table is freed a grace period after it is unpublished */	\
	rcu_read_lock();							\
	objects = da_objects_processing_##name();				\
	if (objects)								\
		object = take ? rv_object_take(objects, id) :			\
				rv_object_find(objects, id);			\
	if (object)								\
		ret = handle(&object->da_mon, event, id);			\
	rcu_read_unlock();							\
	return ret;								\
}										\
										\
static inline bool								\
da_handle_event_##name(int id, enum events_##name event)			\
{										\
	return da_handle_object_##name(id, event, false,			\
				       __da_handle_event_##name);		\
}										\
										\
static inline bool								\
da_handle_init_event_##name(int id, enum events_##name event)		\
{										\
	return da_handle_object_##name(id, event, true,				\
				       __da_handle_init_event_##name);		\
}										\
										\
static inline bool								\
da_handle_start_event_##name(int id, enum events_##name event)		\
{										\
	return da_handle_init_event_##name(id, event);				\
}										\
										\
static inline bool								\
da_handle_start_run_event_##name(int id, enum events_##name event)		\
{										\
	return da_handle_object_##name(id, event, true,				\
				       __da_handle_start_run_event_##name);	\
}										\
										\
static inline void da_monitor_forget_##name(int id)				\
{										\
	struct rv_objects *objects;						\
										\
	rcu_read_lock();							\
	objects = da_objects_processing_##name();				\
	if (objects)								\
		rv_object_release(objects, id);					\
	rcu_read_unlock();							\
}

#endif /* _RV_DA_MONITOR_H */
