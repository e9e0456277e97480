/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hybrid-automata (HA) monitor synthesis: a deterministic automaton with
 * clocks (see <rv/ha_model.h>), on top of <rv/da_monitor.h>.
 *
 * A monitor file includes its model.h (which dot2c writes with the
 * hybrid tables when the model has clocks), defines the bounds the model
 * names (module parameters, "static u64 threshold_jiffies = 1000;"),
 * includes its tracepoint header (which declares error_env_NAME besides
 * the DA monitor's two events, see <rv/ha_trace.h>), then this file, and
 * declares itself with one of
 *
 *	DECLARE_HA_MON_GLOBAL(NAME, type)
 *	DECLARE_HA_MON_PER_CPU(NAME, type)
 *	DECLARE_HA_MON_PER_TASK(NAME, type, capacity)
 *	DECLARE_HA_MON_PER_OBJ(NAME, type, capacity)
 *
 * which give the functions of the DA monitors, with the same names and
 * arguments (da_handle_event_NAME() and the others, da_monitor_init_NAME(),
 * da_monitor_destroy_NAME(), da_monitor_reset_all_NAME()). On each event,
 * the instance checks, before the transition, the invariant of the state
 * it is in, then that the model allows the event, then the transition's
 * guard; it resets the transition's clocks and, when it enters a state
 * with an invariant (or a self-loop resets the invariant's clock), arms
 * its timer for the moment the invariant breaks; leaving the state
 * cancels the timer without waiting for it. A timer that expires while
 * the instance is in a state whose invariant is broken is a violation
 * of the event CLOCK_expired; so is an event that comes too late, before
 * the timer fired. A failed guard is a violation of the event. Each is
 * traced by error_env_NAME, with the clock's name and value and the
 * constraint it broke (see <rv/ha_trace.h>), and reported as a DA
 * violation: the monitor's stats and last violation, and the reactor,
 * whose message adds the clock's value and the constraint:
 *
 *	rv: monitor stall does not allow event clk_expired on state enqueued:
 *	clk=1250 jiffies, invariant clk < 1000
 *
 * An event the model does not allow in the state, whatever the clocks,
 * is a violation as in a DA monitor, traced by error_NAME.
 *
 * Clocks start when the instance syncs (its init event). The timer is
 * the model's: an hrtimer for invariants on nanosecond clocks, a
 * timer-wheel timer for jiffies ones (coarser, cheaper), none if the
 * model has no invariant.
 *
 * Where the instances live: global and per-CPU ones in static and per-CPU
 * variables. Per-task ones do not live in task_struct, which would grow
 * by a timer for every slot of every task whether a hybrid monitor runs
 * or not: they come from a pool of @capacity instances, allocated when
 * the monitor starts and found by the task (as per-object instances are,
 * see <rv/objects.h>); a task that cannot get one is not followed, and
 * the drop is counted in stats. A task's instance goes back to the pool
 * when the task is freed (the sched_process_free tracepoint, which the
 * monitor attaches to), so that a task_struct reused at the same address
 * cannot find it. Per-object monitors take ids, and give an object's
 * instance back with da_monitor_forget_NAME(id).
 *
 * Timers and their contexts: events are handled in tracepoint context,
 * with preemption disabled and, for scheduler events, runqueue locks
 * held, where a timer cannot be cancelled synchronously. The handlers
 * only arm timers and try to cancel them; an expiry checks the instance
 * as it is then (its run, its state, the clock), so that a timer that
 * fires late, or for an instance reset or given to another task since,
 * finds nothing broken and does nothing. The timers are cancelled
 * synchronously in da_monitor_destroy_NAME(), in process context, once
 * no handler can arm one again: none runs after the monitor stops, and
 * so none after its module is unloaded.
 */
#ifndef _RV_HA_MONITOR_H
#define _RV_HA_MONITOR_H

#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/timekeeping.h>
#include <linux/timer.h>
#include <rv/da_monitor.h>
#include <rv/ha_model.h>
#include <rv/instrumentation.h>

/*
 * What every kind of hybrid monitor shares, on top of the DA monitor's:
 * struct ha_env_NAME, what an instance adds to its struct da_monitor (its
 * timer and clocks), and the steps.
 */
#define __DECLARE_HA_MON_COMMON(name, type, kind)				\
										\
__DECLARE_DA_MON_COMMON(name, type, kind)					\
__DECLARE_HA_MON_TRACE_##kind(ha_trace_error_env_##name,			\
			      trace_error_env_##name)				\
										\
struct ha_env_##name {								\
	union {									\
		struct hrtimer		hrtimer;				\
		struct timer_list	timer;					\
	};									\
	struct da_monitor	*da_mon;					\
	pid_t			pid;						\
	u64			clocks[clock_max_##name];			\
};										\
										\
static inline u64 ha_now_##name(unsigned int clock)				\
{										\
	if (ha_model_##name.clocks[clock].jiffies)				\
		return get_jiffies_64();					\
	return ktime_get_ns();							\
}										\
										\
/* whether constraint c holds now; the clock's value in *value */		\
static inline bool ha_holds_##name(struct ha_env_##name *env, unsigned int c,	\
				   u64 *value)					\
{										\
	const struct ha_constraint *con = &ha_model_##name.constraints[c];	\
	u64 reset = READ_ONCE(env->clocks[con->clock]);				\
	u64 now = ha_now_##name(con->clock);					\
										\
	/* a reset on another CPU, since now was read, is no time elapsed */	\
	*value = now > reset ? now - reset : 0;					\
	return ha_compare(*value, con->op, ha_bound(con));			\
}										\
										\
/* the event that the violation of invariant c reports: CLOCK_expired */	\
static inline const char *ha_expired_##name(unsigned int c)			\
{										\
	return ha_model_##name.clocks[ha_model_##name.constraints[c].clock].expired;\
}										\
										\
/* take the instance out of its run to report it: one report per run */	\
static inline bool ha_claim_##name(struct da_monitor *da_mon)			\
{										\
	unsigned int generation = READ_ONCE(da_generation_##name);		\
										\
	return try_cmpxchg(&da_mon->generation, &generation, 0);		\
}										\
										\
static noinline void								\
ha_violation_##name(struct ha_env_##name *env, unsigned int state,		\
		    const char *event, unsigned int c, u64 value, bool invariant)\
{										\
	const struct ha_constraint *con = &ha_model_##name.constraints[c];	\
	const struct ha_clock *clock = &ha_model_##name.clocks[con->clock];	\
	const char *state_name = model_get_state_name_##name(state);		\
	pid_t pid = READ_ONCE(env->pid);					\
	u64 bound = ha_bound(con);						\
	char detail[96];							\
										\
	ha_trace_error_env_##name(pid, state_name, event, clock, value,		\
				  invariant, ha_op_text(con->op), bound);	\
	snprintf(detail, sizeof(detail), "%s=%llu %s, %s %s %s %llu",		\
		 clock->label, value, clock->jiffies ? "jiffies" : "ns",		\
		 invariant ? "invariant" : "guard", clock->label,		\
		 ha_op_text(con->op), bound);					\
	rv_report_violation_detail(&rv_##name, state_name, event, pid, detail);\
}										\
										\
/* arm the timer for when constraint c, an invariant, breaks */		\
static inline void ha_arm_##name(struct ha_env_##name *env, unsigned int c)	\
{										\
	const struct ha_constraint *con = &ha_model_##name.constraints[c];	\
	u64 bound = ha_bound(con), expiry;					\
										\
	/* at the bound, clk < bound breaks; one unit later, clk <= bound */	\
	if (con->op == HA_LE && bound < U64_MAX)				\
		bound++;							\
	if (check_add_overflow(READ_ONCE(env->clocks[con->clock]), bound,	\
			       &expiry))					\
		expiry = U64_MAX;						\
	if (ha_model_##name.timer == HA_TIMER_HRTIMER)				\
		hrtimer_start(&env->hrtimer, ns_to_ktime(min_t(u64, expiry,	\
							       KTIME_MAX)),	\
			      HRTIMER_MODE_ABS);				\
	else if (ha_model_##name.timer == HA_TIMER_WHEEL)			\
		mod_timer(&env->timer, (unsigned long)expiry);			\
}										\
										\
/* cancel the timer if it is pending; one that runs finds nothing to do */	\
static inline void ha_disarm_##name(struct ha_env_##name *env)		\
{										\
	if (ha_model_##name.timer == HA_TIMER_HRTIMER)				\
		hrtimer_try_to_cancel(&env->hrtimer);				\
	else if (ha_model_##name.timer == HA_TIMER_WHEEL)			\
		del_timer(&env->timer);						\
}										\
										\
/* a timer expired: a violation if the instance's invariant is broken now */	\
static void ha_expire_##name(struct ha_env_##name *env)			\
{										\
	struct da_monitor *da_mon = env->da_mon;				\
	unsigned int state, c;							\
	u64 value;								\
										\
	if (!da_processing_##name() || !da_monitoring_##name(da_mon))		\
		return;								\
	/* the clocks after the state: pairs with the cmpxchg of a step */	\
	state = smp_load_acquire(&da_mon->curr_state);				\
	c = ha_model_##name.invariants[state];					\
	if (!c || ha_holds_##name(env, c - 1, &value))				\
		return;								\
	if (ha_claim_##name(da_mon))						\
		ha_violation_##name(env, state, ha_expired_##name(c - 1),	\
				    c - 1, value, true);			\
}										\
										\
static enum hrtimer_restart ha_hrtimer_expire_##name(struct hrtimer *timer)	\
{										\
	ha_expire_##name(container_of(timer, struct ha_env_##name, hrtimer));	\
	return HRTIMER_NORESTART;						\
}										\
										\
static void ha_timer_expire_##name(struct timer_list *timer)			\
{										\
	ha_expire_##name(container_of(timer, struct ha_env_##name, timer));	\
}										\
										\
/* in process context, when the monitor starts */				\
static inline void ha_env_init_##name(struct ha_env_##name *env,		\
				      struct da_monitor *da_mon)		\
{										\
	env->da_mon = da_mon;							\
	if (ha_model_##name.timer == HA_TIMER_HRTIMER) {			\
		hrtimer_init(&env->hrtimer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS);	\
		env->hrtimer.function = ha_hrtimer_expire_##name;		\
	} else if (ha_model_##name.timer == HA_TIMER_WHEEL) {			\
		timer_setup(&env->timer, ha_timer_expire_##name, 0);		\
	}									\
}										\
										\
/* in process context, once no handler can arm the timer again */		\
static inline void ha_env_stop_##name(struct ha_env_##name *env)		\
{										\
	if (ha_model_##name.timer == HA_TIMER_HRTIMER)				\
		hrtimer_cancel(&env->hrtimer);					\
	else if (ha_model_##name.timer == HA_TIMER_WHEEL)			\
		del_timer_sync(&env->timer);					\
}										\
										\
/* the instance syncs: its clocks start, and the initial state's invariant */	\
static inline void ha_sync_##name(struct ha_env_##name *env, pid_t pid)	\
{										\
	unsigned int initial = model_get_initial_state_##name();		\
	unsigned int clock, c = ha_model_##name.invariants[initial];		\
										\
	WRITE_ONCE(env->pid, pid);						\
	for (clock = 0; clock < clock_max_##name; clock++)			\
		WRITE_ONCE(env->clocks[clock], ha_now_##name(clock));		\
	da_monitor_sync_##name(env->da_mon);					\
	if (c)									\
		ha_arm_##name(env, c - 1);					\
}										\
										\
/* take the event; after a violation, wait for the init event again */	\
static inline bool								\
ha_step_##name(struct ha_env_##name *env, unsigned int event, pid_t pid)	\
{										\
	const struct ha_model *model = &ha_model_##name;			\
	struct da_monitor *da_mon = env->da_mon;				\
	const struct ha_transition *t;						\
	/* the clocks after the state: pairs with the cmpxchg of a step */	\
	unsigned int curr = smp_load_acquire(&da_mon->curr_state);		\
	unsigned int next, c, i;						\
	u64 value;								\
										\
	WRITE_ONCE(env->pid, pid);						\
	do {									\
		c = model->invariants[curr];					\
		if (c && !ha_holds_##name(env, c - 1, &value)) {		\
			/* the timer has not fired yet */			\
			if (ha_claim_##name(da_mon))				\
				ha_violation_##name(env, curr,			\
					ha_expired_##name(c - 1),		\
					c - 1, value, true);			\
			return false;						\
		}								\
		next = model_get_next_state_##name(curr, event);		\
		if (unlikely(next == state_max_##name)) {			\
			if (ha_claim_##name(da_mon))				\
				da_violation_##name(curr, event, pid);		\
			return false;						\
		}								\
		t = &model->transitions[curr * model->nr_events + event];	\
		for (i = t->guard; i < t->guard + t->nr_guard; i++) {		\
			if (ha_holds_##name(env, i, &value))			\
				continue;					\
			if (ha_claim_##name(da_mon))				\
				ha_violation_##name(env, curr,			\
					model_get_event_name_##name(event),	\
					i, value, false);			\
			return false;						\
		}								\
		/* before the new state shows: no expiry sees old clocks */	\
		for (i = 0; i < clock_max_##name; i++)				\
			if (t->resets & BIT(i))					\
				WRITE_ONCE(env->clocks[i], ha_now_##name(i));	\
	} while (!try_cmpxchg(&da_mon->curr_state, &curr, next));		\
										\
	c = model->invariants[next];						\
	if (c && (next != curr ||						\
		  t->resets & BIT(model->constraints[c - 1].clock)))		\
		ha_arm_##name(env, c - 1);					\
	else if (!c && model->invariants[curr])					\
		ha_disarm_##name(env);						\
	da_count_transition_##name(curr, event);				\
	da_trace_event_##name(pid, curr, event, next);				\
	return true;								\
}										\
										\
static inline bool								\
__ha_handle_event_##name(struct ha_env_##name *env, unsigned int event,	\
			 pid_t pid)						\
{										\
	if (!da_processing_##name() || !da_monitoring_##name(env->da_mon))	\
		return false;							\
	return ha_step_##name(env, event, pid);					\
}										\
										\
static inline bool								\
__ha_handle_init_event_##name(struct ha_env_##name *env, unsigned int event,	\
			      pid_t pid)					\
{										\
	if (!da_processing_##name())						\
		return false;							\
	if (!da_monitoring_##name(env->da_mon)) {				\
		ha_sync_##name(env, pid);					\
		return false;							\
	}									\
	return ha_step_##name(env, event, pid);					\
}										\
										\
static inline bool								\
__ha_handle_start_run_event_##name(struct ha_env_##name *env,			\
				   unsigned int event, pid_t pid)		\
{										\
	if (!da_processing_##name())						\
		return false;							\
	if (!da_monitoring_##name(env->da_mon))					\
		ha_sync_##name(env, pid);					\
	return ha_step_##name(env, event, pid);					\
}

/*
 * The tracepoint of a clock's violation, error_env_NAME, behind
 * ha_trace_error_env_NAME(): global and per-CPU monitors trace it without
 * a pid, per-task and per-object ones with the task's pid or the
 * object's id, as their DA events.
 */
#define __DECLARE_HA_MON_TRACE_IMPLICIT(func, tracepoint)			\
static inline void func(pid_t pid, const char *state, const char *event,	\
			const struct ha_clock *clock, u64 value,		\
			bool invariant, const char *op, u64 bound)		\
{										\
	tracepoint(state, event, clock->label, value, clock->jiffies,		\
		   invariant, op, bound);					\
}

#define __DECLARE_HA_MON_TRACE_PER_TASK(func, tracepoint)			\
static inline void func(pid_t pid, const char *state, const char *event,	\
			const struct ha_clock *clock, u64 value,		\
			bool invariant, const char *op, u64 bound)		\
{										\
	tracepoint(pid, state, event, clock->label, value, clock->jiffies,	\
		   invariant, op, bound);					\
}

#define __DECLARE_HA_MON_TRACE_PER_OBJ(func, tracepoint)			\
	__DECLARE_HA_MON_TRACE_PER_TASK(func, tracepoint)

/**
 * DECLARE_HA_MON_GLOBAL - a hybrid monitor with one instance for the system
 * @name:	the monitor's name, as in its model
 * @type:	the type of the model's transition table entries
 */
#define DECLARE_HA_MON_GLOBAL(name, type)					\
										\
__DECLARE_HA_MON_COMMON(name, type, IMPLICIT)					\
										\
static struct da_monitor da_mon_##name;						\
static struct ha_env_##name ha_env_##name;					\
										\
static inline int da_monitor_init_##name(void)					\
{										\
	ha_env_init_##name(&ha_env_##name, &da_mon_##name);			\
	return da_monitor_start_run_##name();					\
}										\
										\
static inline void da_monitor_destroy_##name(void)				\
{										\
	/* no handler runs, to arm the timer again */			\
	tracepoint_synchronize_unregister();					\
	ha_env_stop_##name(&ha_env_##name);					\
}										\
										\
static inline bool da_handle_event_##name(enum events_##name event)		\
{										\
	return __ha_handle_event_##name(&ha_env_##name, event, current->pid);	\
}										\
										\
static inline bool da_handle_init_event_##name(enum events_##name event)	\
{										\
	return __ha_handle_init_event_##name(&ha_env_##name, event,		\
					     current->pid);			\
}										\
										\
static inline bool da_handle_start_event_##name(enum events_##name event)	\
{										\
	return da_handle_init_event_##name(event);				\
}										\
										\
static inline bool da_handle_start_run_event_##name(enum events_##name event)	\
{										\
	return __ha_handle_start_run_event_##name(&ha_env_##name, event,	\
						  current->pid);		\
}

/**
 * DECLARE_HA_MON_PER_CPU - a hybrid monitor with one instance per CPU
 * @name:	the monitor's name, as in its model
 * @type:	the type of the model's transition table entries
 *
 * The handlers act on the current CPU's instance: call them with
 * preemption disabled (tracepoint probes are).
 */
#define DECLARE_HA_MON_PER_CPU(name, type)					\
										\
__DECLARE_HA_MON_COMMON(name, type, IMPLICIT)					\
										\
static DEFINE_PER_CPU(struct da_monitor, da_mon_##name);			\
static DEFINE_PER_CPU(struct ha_env_##name, ha_env_##name);			\
										\
static inline int da_monitor_init_##name(void)					\
{										\
	int cpu;								\
										\
	for_each_possible_cpu(cpu)						\
		ha_env_init_##name(per_cpu_ptr(&ha_env_##name, cpu),		\
				   per_cpu_ptr(&da_mon_##name, cpu));		\
	return da_monitor_start_run_##name();					\
}										\
										\
static inline void da_monitor_destroy_##name(void)				\
{										\
	int cpu;								\
										\
	tracepoint_synchronize_unregister();					\
	for_each_possible_cpu(cpu)						\
		ha_env_stop_##name(per_cpu_ptr(&ha_env_##name, cpu));		\
}										\
										\
static inline bool da_handle_event_##name(enum events_##name event)		\
{										\
	return __ha_handle_event_##name(this_cpu_ptr(&ha_env_##name), event,	\
					current->pid);				\
}										\
										\
static inline bool da_handle_init_event_##name(enum events_##name event)	\
{										\
	return __ha_handle_init_event_##name(this_cpu_ptr(&ha_env_##name),	\
					     event, current->pid);		\
}										\
										\
static inline bool da_handle_start_event_##name(enum events_##name event)	\
{										\
	return da_handle_init_event_##name(event);				\
}										\
										\
static inline bool da_handle_start_run_event_##name(enum events_##name event)	\
{										\
	return __ha_handle_start_run_event_##name(this_cpu_ptr(&ha_env_##name),\
						  event, current->pid);		\
}

/*
 * Per-task and per-object monitors: the automata of their instances in a
 * table of <rv/objects.h>, found by a key, and their environments (timer,
 * clocks) in an array beside the table's pool, one for each instance.
 */
#define __DECLARE_HA_MON_POOL(name, type, kind, capacity)			\
										\
__DECLARE_HA_MON_COMMON(name, type, kind)					\
										\
static const unsigned int ha_capacity_##name = (capacity);			\
static struct ha_env_##name *ha_envs_##name;					\
										\
static inline struct ha_env_##name *						\
ha_env_of_##name(struct rv_objects *objects, struct rv_object *object)		\
{										\
	return &ha_envs_##name[object - objects->pool];				\
}										\
										\
static inline int ha_pool_init_##name(void)					\
{										\
	struct ha_env_##name *envs;						\
	struct rv_objects *objects;						\
	unsigned int i;								\
	int ret;								\
										\
	ret = da_monitor_start_run_##name();					\
	if (ret)								\
		return ret;							\
	envs = kvcalloc(ha_capacity_##name, sizeof(*envs), GFP_KERNEL);		\
	if (!envs)								\
		return -ENOMEM;							\
	objects = rv_objects_create(&rv_##name, ha_capacity_##name);		\
	if (!objects) {								\
		kvfree(envs);							\
		return -ENOMEM;							\
	}									\
	for (i = 0; i < ha_capacity_##name; i++)				\
		ha_env_init_##name(&envs[i], &objects->pool[i].da_mon);		\
	ha_envs_##name = envs;							\
	/* the handlers see the table and the environments complete */	\
	smp_store_release(&da_objects_##name, objects);				\
	return 0;								\
}										\
										\
static inline void ha_pool_destroy_##name(void)					\
{										\
	struct rv_objects *objects = da_objects_##name;				\
	unsigned int i;								\
										\
	if (!objects)								\
		return;								\
	WRITE_ONCE(da_objects_##name, NULL);					\
	/* no handler runs, to arm a timer again */				\
	tracepoint_synchronize_unregister();					\
	for (i = 0; i < ha_capacity_##name; i++)				\
		ha_env_stop_##name(&ha_envs_##name[i]);				\
	rv_objects_destroy(objects);						\
	kvfree(ha_envs_##name);							\
	ha_envs_##name = NULL;							\
}										\
										\
/* hand the event to the instance of key, taken for it first if @take */	\
static __always_inline bool							\
ha_handle_object_##name(unsigned long key, pid_t pid, unsigned int event,	\
			bool take,						\
			bool (*handle)(struct ha_env_##name *env,		\
				       unsigned int event, pid_t pid))		\
{										\
	struct rv_object *object = NULL;					\
	struct rv_objects *objects;						\
	bool ret = false;							\
										\
	/* the table is freed a grace period after it is unpublished */	\
	rcu_read_lock();							\
	/* pairs with the release in ha_pool_init_NAME() */			\
	objects = da_processing_##name() ? smp_load_acquire(&da_objects_##name) : NULL;\
	if (objects)								\
		object = take ? rv_object_take(objects, key) :			\
				rv_object_find(objects, key);			\
	if (object)								\
		ret = handle(ha_env_of_##name(objects, object), event, pid);	\
	rcu_read_unlock();							\
	return ret;								\
}										\
										\
/* give the instance of key back to the pool, its timer cancelled */	\
static inline void ha_forget_##name(unsigned long key)				\
{										\
	struct rv_object *object = NULL;					\
	struct rv_objects *objects;						\
										\
	rcu_read_lock();							\
	/* pairs with the release in ha_pool_init_NAME() */			\
	objects = smp_load_acquire(&da_objects_##name);				\
	if (objects)								\
		object = rv_object_find(objects, key);				\
	if (object) {								\
		/* an expiry that runs now finds it out of its run */		\
		WRITE_ONCE(object->da_mon.generation, 0);			\
		ha_disarm_##name(ha_env_of_##name(objects, object));		\
		rv_object_release(objects, key);				\
	}									\
	rcu_read_unlock();							\
}

/**
 * DECLARE_HA_MON_PER_TASK - a hybrid monitor with one instance per task
 * @name:	the monitor's name, as in its model
 * @type:	the type of the model's transition table entries
 * @capacity:	how many tasks it can follow at the same time
 *
 * The instances come from a pool of @capacity, allocated in
 * da_monitor_init_NAME() and freed in da_monitor_destroy_NAME(); a task
 * takes one at its init event, and gives it back when it is freed. Call
 * the handlers where RCU watches.
 */
#define DECLARE_HA_MON_PER_TASK(name, type, capacity)				\
										\
__DECLARE_HA_MON_POOL(name, type, PER_TASK, capacity)				\
										\
static void ha_task_free_##name(void *data, struct task_struct *task)		\
{										\
	ha_forget_##name((unsigned long)task);					\
}										\
										\
static struct rv_probe ha_task_probes_##name[] = {				\
	{ .tracepoint = "sched_process_free", .probe = ha_task_free_##name },	\
};										\
										\
static inline int da_monitor_init_##name(void)					\
{										\
	int ret;								\
										\
	ret = ha_pool_init_##name();						\
	if (ret)								\
		return ret;							\
	ret = rv_attach_probes(ha_task_probes_##name,				\
			       ARRAY_SIZE(ha_task_probes_##name));		\
	if (ret)								\
		ha_pool_destroy_##name();					\
	return ret;								\
}										\
										\
static inline void da_monitor_destroy_##name(void)				\
{										\
	rv_detach_probes(ha_task_probes_##name,					\
			 ARRAY_SIZE(ha_task_probes_##name));			\
	ha_pool_destroy_##name();						\
}										\
										\
static inline bool								\
da_handle_event_##name(struct task_struct *tsk, enum events_##name event)	\
{										\
	return ha_handle_object_##name((unsigned long)tsk, tsk->pid, event,	\
				       false, __ha_handle_event_##name);	\
}										\
										\
static inline bool								\
da_handle_init_event_##name(struct task_struct *tsk,				\
			    enum events_##name event)				\
{										\
	return ha_handle_object_##name((unsigned long)tsk, tsk->pid, event,	\
				       true, __ha_handle_init_event_##name);	\
}										\
										\
static inline bool								\
da_handle_start_event_##name(struct task_struct *tsk,				\
			     enum events_##name event)				\
{										\
	return da_handle_init_event_##name(tsk, event);				\
}										\
										\
static inline bool								\
da_handle_start_run_event_##name(struct task_struct *tsk,			\
				 enum events_##name event)			\
{										\
	return ha_handle_object_##name((unsigned long)tsk, tsk->pid, event,	\
				       true, __ha_handle_start_run_event_##name);\
}

/**
 * DECLARE_HA_MON_PER_OBJ - a hybrid monitor with one instance per object
 * @name:	the monitor's name, as in its model
 * @type:	the type of the model's transition table entries
 * @capacity:	how many objects it can follow at the same time
 *
 * As DECLARE_DA_MON_PER_OBJ(): the handlers take the object's id first,
 * and da_monitor_forget_NAME(id) gives its instance back when the object
 * ends.
 */
#define DECLARE_HA_MON_PER_OBJ(name, type, capacity)				\
										\
__DECLARE_HA_MON_POOL(name, type, PER_OBJ, capacity)				\
										\
static inline int da_monitor_init_##name(void)					\
{										\
	return ha_pool_init_##name();						\
}										\
										\
static inline void da_monitor_destroy_##name(void)				\
{										\
	ha_pool_destroy_##name();						\
}										\
										\
static inline bool da_handle_event_##name(int id, enum events_##name event)	\
{										\
	return ha_handle_object_##name(id, id, event, false,			\
				       __ha_handle_event_##name);		\
}										\
										\
static inline bool								\
da_handle_init_event_##name(int id, enum events_##name event)		\
{										\
	return ha_handle_object_##name(id, id, event, true,			\
				       __ha_handle_init_event_##name);		\
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
	return ha_handle_object_##name(id, id, event, true,			\
				       __ha_handle_start_run_event_##name);	\
}										\
										\
static inline void da_monitor_forget_##name(int id)				\
{										\
	ha_forget_##name(id);							\
}

#endif /* _RV_HA_MONITOR_H */
