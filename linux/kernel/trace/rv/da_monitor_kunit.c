// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the DA monitor synthesis (include/rv/da_monitor.h): a
 * small automaton as a global, a per-CPU and a per-task monitor.
 *
 * The model, as dot2c would write it: states a (initial, final), b and c;
 * to_b goes a -> b, to_c goes b -> c, back goes from any state to a (the
 * init event). Anything else is a violation.
 */
#include <kunit/test.h>
#include <linux/kthread.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "rv.h"

/* What the tracepoints of a test monitor saw; the stubs below fill it. */
struct kunit_trace {
	int events;
	int errors;
	pid_t pid;
	const char *state;
	const char *event;
	const char *next_state;
	bool final_state;
};

#define KUNIT_DA_MODEL(name)							\
enum states_##name { a_##name, b_##name, c_##name, state_max_##name };		\
enum events_##name { to_b_##name, to_c_##name, back_##name, event_max_##name };\
struct automaton_##name {							\
	const char *state_names[state_max_##name];				\
	const char *event_names[event_max_##name];				\
	unsigned char function[state_max_##name][event_max_##name];		\
	unsigned char initial_state;						\
	bool final_states[state_max_##name];					\
};										\
static const struct automaton_##name automaton_##name = {			\
	.state_names = { "a", "b", "c" },					\
	.event_names = { "to_b", "to_c", "back" },				\
	.function = {								\
		{ b_##name, state_max_##name, a_##name },			\
		{ state_max_##name, c_##name, a_##name },			\
		{ state_max_##name, state_max_##name, a_##name },		\
	},									\
	.initial_state = a_##name,						\
	.final_states = { 1, 0, 0 },						\
};										\
static struct kunit_trace trace_##name;						\
static void record_event_##name(pid_t pid, const char *state,			\
				const char *event, const char *next, bool final)\
{										\
	trace_##name.events++;							\
	trace_##name.pid = pid;							\
	trace_##name.state = state;						\
	trace_##name.event = event;						\
	trace_##name.next_state = next;						\
	trace_##name.final_state = final;					\
}										\
static void record_error_##name(pid_t pid, const char *state, const char *event)\
{										\
	trace_##name.errors++;							\
	trace_##name.pid = pid;							\
	trace_##name.state = state;						\
	trace_##name.event = event;						\
}

KUNIT_DA_MODEL(kunit_global)
KUNIT_DA_MODEL(kunit_percpu)
KUNIT_DA_MODEL(kunit_task)
KUNIT_DA_MODEL(kunit_task2)

/* Stand-ins for the tracepoints a monitor's trace header would declare. */
static void trace_event_kunit_global(const char *s, const char *e, const char *n, bool f)
{
	record_event_kunit_global(0, s, e, n, f);
}

static void trace_error_kunit_global(const char *s, const char *e)
{
	record_error_kunit_global(0, s, e);
}

static void trace_event_kunit_percpu(const char *s, const char *e, const char *n, bool f)
{
	record_event_kunit_percpu(0, s, e, n, f);
}

static void trace_error_kunit_percpu(const char *s, const char *e)
{
	record_error_kunit_percpu(0, s, e);
}

static void trace_event_kunit_task(pid_t pid, const char *s, const char *e,
				   const char *n, bool f)
{
	record_event_kunit_task(pid, s, e, n, f);
}

static void trace_error_kunit_task(pid_t pid, const char *s, const char *e)
{
	record_error_kunit_task(pid, s, e);
}

static void trace_event_kunit_task2(pid_t pid, const char *s, const char *e,
				    const char *n, bool f)
{
	record_event_kunit_task2(pid, s, e, n, f);
}

static void trace_error_kunit_task2(pid_t pid, const char *s, const char *e)
{
	record_error_kunit_task2(pid, s, e);
}

/* the stand-ins are always on, so that every transition reaches them */
#define KUNIT_TRACE_ON(name)							\
static bool trace_event_##name##_enabled(void)					\
{										\
	return true;								\
}

KUNIT_TRACE_ON(kunit_global)
KUNIT_TRACE_ON(kunit_percpu)
KUNIT_TRACE_ON(kunit_task)
KUNIT_TRACE_ON(kunit_task2)

#include <rv/da_monitor.h>

static struct rv_monitor rv_kunit_global, rv_kunit_percpu, rv_kunit_task, rv_kunit_task2;
DECLARE_DA_MON_GLOBAL(kunit_global, unsigned char);
DECLARE_DA_MON_PER_CPU(kunit_percpu, unsigned char);
DECLARE_DA_MON_PER_TASK(kunit_task, unsigned char);
DECLARE_DA_MON_PER_TASK(kunit_task2, unsigned char);

/* The monitors attach to no event: the tests call their handlers. */
#define KUNIT_MONITOR_START_STOP(mon)						\
static int kunit_start_##mon(void)						\
{										\
	return da_monitor_init_##mon();						\
}										\
static void kunit_stop_##mon(void)						\
{										\
	da_monitor_destroy_##mon();						\
}

KUNIT_MONITOR_START_STOP(kunit_global)
KUNIT_MONITOR_START_STOP(kunit_percpu)
KUNIT_MONITOR_START_STOP(kunit_task)
KUNIT_MONITOR_START_STOP(kunit_task2)

#define KUNIT_MONITOR(mon) {							\
	.name = #mon,								\
	.description = "KUnit test monitor",					\
	.start = kunit_start_##mon,						\
	.stop = kunit_stop_##mon,						\
	.reset = da_monitor_reset_all_##mon,					\
}

static struct rv_monitor rv_kunit_global = KUNIT_MONITOR(kunit_global);
static struct rv_monitor rv_kunit_percpu = KUNIT_MONITOR(kunit_percpu);
static struct rv_monitor rv_kunit_task = KUNIT_MONITOR(kunit_task);
static struct rv_monitor rv_kunit_task2 = KUNIT_MONITOR(kunit_task2);

/* A reactor that keeps the last message. */
static char kunit_msg[128];
static int kunit_reactions;

static void kunit_react(const char *msg)
{
	kunit_reactions++;
	strscpy(kunit_msg, msg, sizeof(kunit_msg));
}

static struct rv_reactor kunit_reactor = {
	.name = "kunit_react",
	.description = "KUnit test reactor",
	.react = kunit_react,
};

static u64 violations_of(struct rv_monitor *monitor)
{
	u64 sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += per_cpu_ptr(monitor->stats, cpu)->violations;
	return sum;
}

static void reset_records(void)
{
	memset(&trace_kunit_global, 0, sizeof(trace_kunit_global));
	memset(&trace_kunit_percpu, 0, sizeof(trace_kunit_percpu));
	memset(&trace_kunit_task, 0, sizeof(trace_kunit_task));
	memset(&trace_kunit_task2, 0, sizeof(trace_kunit_task2));
	kunit_msg[0] = '\0';
	kunit_reactions = 0;
}

static int rv_da_test_init(struct kunit *test)
{
	reset_records();
	da_monitor_reset_all_kunit_global();
	da_monitor_reset_all_kunit_percpu();
	return 0;
}

static void rv_da_ignores_events_until_init(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, da_handle_event_kunit_global(to_b_kunit_global));
	KUNIT_EXPECT_FALSE(test, da_handle_event_kunit_global(to_c_kunit_global));
	KUNIT_EXPECT_EQ(test, trace_kunit_global.events, 0);
	KUNIT_EXPECT_EQ(test, trace_kunit_global.errors, 0);

	/* the init event syncs the monitor, in the initial state */
	KUNIT_EXPECT_FALSE(test, da_handle_init_event_kunit_global(back_kunit_global));
	KUNIT_EXPECT_TRUE(test, da_monitoring_kunit_global(&da_mon_kunit_global));
	KUNIT_EXPECT_EQ(test, da_mon_kunit_global.curr_state, (unsigned int)a_kunit_global);
}

static void rv_da_follows_the_model(struct kunit *test)
{
	da_handle_init_event_kunit_global(back_kunit_global);

	KUNIT_EXPECT_TRUE(test, da_handle_event_kunit_global(to_b_kunit_global));
	KUNIT_EXPECT_EQ(test, da_mon_kunit_global.curr_state, (unsigned int)b_kunit_global);
	KUNIT_EXPECT_STREQ(test, trace_kunit_global.state, "a");
	KUNIT_EXPECT_STREQ(test, trace_kunit_global.event, "to_b");
	KUNIT_EXPECT_STREQ(test, trace_kunit_global.next_state, "b");
	KUNIT_EXPECT_FALSE(test, trace_kunit_global.final_state);

	KUNIT_EXPECT_TRUE(test, da_handle_event_kunit_global(to_c_kunit_global));
	KUNIT_EXPECT_EQ(test, da_mon_kunit_global.curr_state, (unsigned int)c_kunit_global);

	/* an init event while in sync is an ordinary event */
	KUNIT_EXPECT_TRUE(test, da_handle_init_event_kunit_global(back_kunit_global));
	KUNIT_EXPECT_EQ(test, da_mon_kunit_global.curr_state, (unsigned int)a_kunit_global);
	KUNIT_EXPECT_STREQ(test, trace_kunit_global.next_state, "a");
	KUNIT_EXPECT_TRUE(test, trace_kunit_global.final_state);
	KUNIT_EXPECT_EQ(test, trace_kunit_global.events, 3);
	KUNIT_EXPECT_EQ(test, trace_kunit_global.errors, 0);
	KUNIT_EXPECT_EQ(test, kunit_reactions, 0);
}

/* how often, over all CPUs, the global test monitor took a transition */
static u64 taken_kunit_global(unsigned int state, unsigned int event)
{
	unsigned int index = state * event_max_kunit_global + event;
	u64 sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += per_cpu_ptr(rv_kunit_global.transitions, cpu)[index];
	return sum;
}

static void rv_da_counts_transitions(struct kunit *test)
{
	u64 a_to_b = taken_kunit_global(a_kunit_global, to_b_kunit_global);
	u64 b_to_c = taken_kunit_global(b_kunit_global, to_c_kunit_global);
	u64 c_to_c = taken_kunit_global(c_kunit_global, to_c_kunit_global);

	da_handle_init_event_kunit_global(back_kunit_global);
	da_handle_event_kunit_global(to_b_kunit_global);
	da_handle_event_kunit_global(to_c_kunit_global);
	KUNIT_EXPECT_EQ(test, taken_kunit_global(a_kunit_global, to_b_kunit_global), a_to_b + 1);
	KUNIT_EXPECT_EQ(test, taken_kunit_global(b_kunit_global, to_c_kunit_global), b_to_c + 1);

	/* a violation is no transition: nothing is counted for it */
	KUNIT_EXPECT_FALSE(test, da_handle_event_kunit_global(to_c_kunit_global));
	KUNIT_EXPECT_EQ(test, taken_kunit_global(c_kunit_global, to_c_kunit_global), c_to_c);
}

static void rv_da_violation_reacts_and_resets(struct kunit *test)
{
	u64 before = violations_of(&rv_kunit_global);

	da_handle_init_event_kunit_global(back_kunit_global);
	KUNIT_EXPECT_FALSE(test, da_handle_event_kunit_global(to_c_kunit_global));

	KUNIT_EXPECT_EQ(test, trace_kunit_global.errors, 1);
	KUNIT_EXPECT_STREQ(test, trace_kunit_global.state, "a");
	KUNIT_EXPECT_STREQ(test, trace_kunit_global.event, "to_c");
	KUNIT_EXPECT_EQ(test, kunit_reactions, 1);
	KUNIT_EXPECT_STREQ(test, kunit_msg,
			   "rv: monitor kunit_global does not allow event to_c on state a");
	KUNIT_EXPECT_EQ(test, violations_of(&rv_kunit_global), before + 1);
	KUNIT_EXPECT_STREQ(test, rv_kunit_global.last_violation.event, "to_c");

	/* reset: out of sync until the next init event */
	KUNIT_EXPECT_FALSE(test, da_monitoring_kunit_global(&da_mon_kunit_global));
	KUNIT_EXPECT_FALSE(test, da_handle_event_kunit_global(to_b_kunit_global));
	KUNIT_EXPECT_EQ(test, trace_kunit_global.events, 0);
	KUNIT_EXPECT_EQ(test, trace_kunit_global.errors, 1);
	da_handle_init_event_kunit_global(back_kunit_global);
	KUNIT_EXPECT_TRUE(test, da_handle_event_kunit_global(to_b_kunit_global));
	KUNIT_EXPECT_FALSE(test, da_handle_event_kunit_global(to_b_kunit_global));
	KUNIT_EXPECT_STREQ(test, kunit_msg,
			   "rv: monitor kunit_global does not allow event to_b on state b");
}

static void rv_da_reacting_off(struct kunit *test)
{
	WRITE_ONCE(__rv_reacting_on, false);
	da_handle_init_event_kunit_global(back_kunit_global);
	da_handle_event_kunit_global(to_c_kunit_global);
	WRITE_ONCE(__rv_reacting_on, true);

	KUNIT_EXPECT_EQ(test, kunit_reactions, 0);
	/* the error tracepoint still fires */
	KUNIT_EXPECT_EQ(test, trace_kunit_global.errors, 1);
}

static void rv_da_monitoring_off(struct kunit *test)
{
	da_handle_init_event_kunit_global(back_kunit_global);
	KUNIT_ASSERT_EQ(test, rv_set_monitoring_on(false), 0);
	KUNIT_EXPECT_FALSE(test, rv_monitor_enabled(&rv_kunit_global));
	KUNIT_EXPECT_FALSE(test, da_handle_event_kunit_global(to_c_kunit_global));
	KUNIT_EXPECT_FALSE(test, da_handle_init_event_kunit_global(back_kunit_global));
	KUNIT_ASSERT_EQ(test, rv_set_monitoring_on(true), 0);
	KUNIT_EXPECT_TRUE(test, rv_monitor_enabled(&rv_kunit_global));
	/* a new run: the instance waits for its init event again */
	KUNIT_EXPECT_FALSE(test, da_handle_event_kunit_global(to_c_kunit_global));

	KUNIT_EXPECT_EQ(test, trace_kunit_global.errors, 0);
	KUNIT_EXPECT_EQ(test, trace_kunit_global.events, 0);
}

static void rv_da_per_cpu(struct kunit *test)
{
	struct da_monitor *mine;
	int cpu, other = -1;
	bool allowed;

	preempt_disable();
	cpu = smp_processor_id();
	mine = this_cpu_ptr(&da_mon_kunit_percpu);
	da_handle_init_event_kunit_percpu(back_kunit_percpu);
	allowed = da_handle_event_kunit_percpu(to_b_kunit_percpu);
	preempt_enable();

	KUNIT_EXPECT_TRUE(test, allowed);
	KUNIT_EXPECT_EQ(test, mine->curr_state, (unsigned int)b_kunit_percpu);
	/* the other CPUs' instances saw nothing */
	for_each_possible_cpu(other) {
		struct da_monitor *theirs = per_cpu_ptr(&da_mon_kunit_percpu, other);

		if (other == cpu)
			continue;
		KUNIT_EXPECT_FALSE(test, da_monitoring_kunit_percpu(theirs));
	}

	preempt_disable();
	allowed = da_handle_event_kunit_percpu(to_b_kunit_percpu);
	preempt_enable();
	KUNIT_EXPECT_FALSE(test, allowed);
	KUNIT_EXPECT_STREQ(test, kunit_msg,
			   "rv: monitor kunit_percpu does not allow event to_b on state b");
	KUNIT_EXPECT_FALSE(test, da_monitoring_kunit_percpu(mine));
}

static void rv_da_disabled_monitor(struct kunit *test)
{
	da_handle_init_event_kunit_global(back_kunit_global);
	KUNIT_ASSERT_EQ(test, rv_set_monitor_enabled(&rv_kunit_global, false), 0);
	KUNIT_EXPECT_FALSE(test, da_handle_event_kunit_global(to_c_kunit_global));
	KUNIT_EXPECT_EQ(test, rv_set_monitor_enabled(&rv_kunit_global, true), 0);
	KUNIT_EXPECT_EQ(test, trace_kunit_global.errors, 0);
}

static void rv_da_per_task(struct kunit *test)
{
	int taken[RV_PER_TASK_SLOTS];
	int i, n = 0, slot;
	bool parent_monitoring;

	/* not enabled: no slot, no event */
	KUNIT_EXPECT_FALSE(test, da_handle_init_event_kunit_task(current, back_kunit_task));
	KUNIT_ASSERT_EQ(test, rv_set_monitor_enabled(&rv_kunit_task, true), 0);
	slot = da_slot_kunit_task;
	KUNIT_ASSERT_GE(test, slot, 0);
	KUNIT_EXPECT_FALSE(test, da_monitoring_kunit_task(&current->rv[slot].da_mon));

	KUNIT_EXPECT_FALSE(test, da_handle_event_kunit_task(current, to_b_kunit_task));
	KUNIT_EXPECT_EQ(test, trace_kunit_task.events, 0);
	da_handle_init_event_kunit_task(current, back_kunit_task);
	KUNIT_EXPECT_TRUE(test, da_handle_event_kunit_task(current, to_b_kunit_task));
	KUNIT_EXPECT_EQ(test, trace_kunit_task.pid, current->pid);
	KUNIT_EXPECT_EQ(test, current->rv[slot].da_mon.curr_state, (unsigned int)b_kunit_task);
	/* another task's instance is its own */
	rcu_read_lock();
	parent_monitoring = da_monitoring_kunit_task(&rcu_dereference(current->real_parent)
						     ->rv[slot].da_mon);
	rcu_read_unlock();
	KUNIT_EXPECT_FALSE(test, parent_monitoring);

	KUNIT_EXPECT_FALSE(test, da_handle_event_kunit_task(current, to_b_kunit_task));
	KUNIT_EXPECT_EQ(test, trace_kunit_task.errors, 1);
	KUNIT_EXPECT_STREQ(test, kunit_msg,
			   "rv: monitor kunit_task does not allow event to_b on state b");
	KUNIT_EXPECT_EQ(test, rv_kunit_task.last_violation.pid, current->pid);
	KUNIT_EXPECT_FALSE(test, da_monitoring_kunit_task(&current->rv[slot].da_mon));

	/* the slots run out, with -EBUSY */
	while (n < RV_PER_TASK_SLOTS) {
		int s = rv_get_task_monitor_slot();

		if (s < 0) {
			KUNIT_EXPECT_EQ(test, s, -EBUSY);
			break;
		}
		taken[n++] = s;
	}
	KUNIT_EXPECT_EQ(test, n, RV_PER_TASK_SLOTS - 1);
	KUNIT_EXPECT_EQ(test, rv_set_monitor_enabled(&rv_kunit_task2, true), -EBUSY);
	for (i = 0; i < n; i++)
		rv_put_task_monitor_slot(taken[i]);

	KUNIT_EXPECT_EQ(test, rv_set_monitor_enabled(&rv_kunit_task, false), 0);
	KUNIT_EXPECT_EQ(test, da_slot_kunit_task, -1);
	KUNIT_EXPECT_FALSE(test, da_handle_event_kunit_task(current, back_kunit_task));
}

/*
 * A slot that passes from one per-task monitor to another carries no state
 * of the first, and a monitor enabled again starts from scratch, although
 * neither visits the tasks.
 */
static void rv_da_per_task_slot_reuse(struct kunit *test)
{
	int slot;

	KUNIT_ASSERT_EQ(test, rv_set_monitor_enabled(&rv_kunit_task, true), 0);
	slot = da_slot_kunit_task;
	da_handle_init_event_kunit_task(current, back_kunit_task);
	KUNIT_EXPECT_TRUE(test, da_handle_event_kunit_task(current, to_b_kunit_task));
	KUNIT_EXPECT_EQ(test, rv_set_monitor_enabled(&rv_kunit_task, false), 0);

	KUNIT_ASSERT_EQ(test, rv_set_monitor_enabled(&rv_kunit_task2, true), 0);
	KUNIT_EXPECT_EQ(test, da_slot_kunit_task2, slot);
	KUNIT_EXPECT_FALSE(test, da_monitoring_kunit_task2(&current->rv[slot].da_mon));
	/* in sync, to_b would be a violation from b; out of sync, it is ignored */
	KUNIT_EXPECT_FALSE(test, da_handle_event_kunit_task2(current, to_b_kunit_task2));
	KUNIT_EXPECT_EQ(test, trace_kunit_task2.errors, 0);
	KUNIT_EXPECT_EQ(test, rv_set_monitor_enabled(&rv_kunit_task2, false), 0);

	KUNIT_ASSERT_EQ(test, rv_set_monitor_enabled(&rv_kunit_task, true), 0);
	KUNIT_EXPECT_FALSE(test, da_monitoring_kunit_task(&current->rv[da_slot_kunit_task].da_mon));
	KUNIT_EXPECT_FALSE(test, da_handle_event_kunit_task(current, to_c_kunit_task));
	KUNIT_EXPECT_EQ(test, trace_kunit_task.errors, 0);
	KUNIT_EXPECT_EQ(test, rv_set_monitor_enabled(&rv_kunit_task, false), 0);
}

/* A new task starts out of sync. */
static int rv_da_child_fn(void *arg)
{
	return 0;
}

static void rv_da_per_task_fork(struct kunit *test)
{
	struct task_struct *child;
	int slot;

	KUNIT_ASSERT_EQ(test, rv_set_monitor_enabled(&rv_kunit_task, true), 0);
	slot = da_slot_kunit_task;
	da_handle_init_event_kunit_task(current, back_kunit_task);
	KUNIT_EXPECT_TRUE(test, da_monitoring_kunit_task(&current->rv[slot].da_mon));

	child = kthread_create(rv_da_child_fn, NULL, "rv_da_kunit_child");
	KUNIT_ASSERT_FALSE(test, IS_ERR(child));
	KUNIT_EXPECT_FALSE(test, da_monitoring_kunit_task(&child->rv[slot].da_mon));
	KUNIT_EXPECT_EQ(test, child->rv[slot].da_mon.generation, 0U);
	kthread_stop(child);
	KUNIT_EXPECT_EQ(test, rv_set_monitor_enabled(&rv_kunit_task, false), 0);
}

/* The transition counters come with the first start and stay. */
static void rv_da_transition_counters(struct kunit *test)
{
	/* per-CPU pointers: only tested for NULL, which sparse allows */
	KUNIT_EXPECT_TRUE(test, rv_kunit_global.transitions);
	KUNIT_EXPECT_PTR_EQ(test, rv_kunit_global.coverage, &da_coverage_kunit_global);
	KUNIT_EXPECT_FALSE(test, rv_kunit_task2.transitions);
	KUNIT_ASSERT_EQ(test, rv_set_monitor_enabled(&rv_kunit_task2, true), 0);
	KUNIT_EXPECT_TRUE(test, rv_kunit_task2.transitions);
	KUNIT_EXPECT_EQ(test, rv_set_monitor_enabled(&rv_kunit_task2, false), 0);
	KUNIT_EXPECT_TRUE(test, rv_kunit_task2.transitions);
}

/* Also what a suite_init() that failed half way leaves to undo. */
static void rv_da_suite_exit(struct kunit_suite *suite)
{
	/* unregistering what is not registered is a no-op */
	rv_unregister_monitor(&rv_kunit_global);
	rv_unregister_monitor(&rv_kunit_percpu);
	rv_unregister_monitor(&rv_kunit_task);
	rv_unregister_monitor(&rv_kunit_task2);
	rv_unregister_reactor(&kunit_reactor);
}

static int rv_da_suite_setup(void)
{
	int ret;

	ret = rv_register_monitor(&rv_kunit_global) ?:
	      rv_register_monitor(&rv_kunit_percpu) ?:
	      rv_register_monitor(&rv_kunit_task) ?:
	      rv_register_monitor(&rv_kunit_task2) ?:
	      rv_register_reactor(&kunit_reactor);
	if (ret)
		return ret;

	mutex_lock(&rv_interface_lock);
	ret = rv_select_reactor(&rv_kunit_global, "kunit_react") ?:
	      rv_select_reactor(&rv_kunit_percpu, "kunit_react") ?:
	      rv_select_reactor(&rv_kunit_task, "kunit_react") ?:
	      rv_select_reactor(&rv_kunit_task2, "kunit_react");
	mutex_unlock(&rv_interface_lock);
	if (ret)
		return ret;
	/* the per-task monitors take their slots in their tests */
	return rv_set_monitor_enabled(&rv_kunit_global, true) ?:
	       rv_set_monitor_enabled(&rv_kunit_percpu, true);
}

/* KUnit does not call suite_exit() when suite_init() fails: undo here. */
static int rv_da_suite_init(struct kunit_suite *suite)
{
	int ret = rv_da_suite_setup();

	if (ret)
		rv_da_suite_exit(suite);
	return ret;
}

static struct kunit_case rv_da_cases[] = {
	KUNIT_CASE(rv_da_ignores_events_until_init),
	KUNIT_CASE(rv_da_follows_the_model),
	KUNIT_CASE(rv_da_counts_transitions),
	KUNIT_CASE(rv_da_violation_reacts_and_resets),
	KUNIT_CASE(rv_da_reacting_off),
	KUNIT_CASE(rv_da_monitoring_off),
	KUNIT_CASE(rv_da_disabled_monitor),
	KUNIT_CASE(rv_da_per_cpu),
	KUNIT_CASE(rv_da_per_task),
	KUNIT_CASE(rv_da_transition_counters),
	KUNIT_CASE(rv_da_per_task_slot_reuse),
	KUNIT_CASE(rv_da_per_task_fork),
	{}
};

static struct kunit_suite rv_da_suite = {
	.name = "rv_da_monitor",
	.suite_init = rv_da_suite_init,
	.suite_exit = rv_da_suite_exit,
	.init = rv_da_test_init,
	.test_cases = rv_da_cases,
};

kunit_test_suite(rv_da_suite);
