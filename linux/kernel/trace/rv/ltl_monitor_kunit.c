// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the LTL monitor synthesis (include/rv/ltl_monitor.h): a
 * per-task monitor of the property
 *
 *	RULE = always (A imply next B)
 *
 * whose automaton, in ltl_monitor_kunit.h, ltl2ba -c kunit_ltl wrote.
 * The tests call the handlers on tasks of their own.
 */
#include <kunit/test.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/string.h>

#include <rv/ltl_monitor.h>

#include "rv.h"
#include "ltl_monitor_kunit.h"

/* What the tracepoints of the monitor saw; the stand-ins below fill it. */
static struct {
	int events;
	int errors;
	pid_t pid;
	u64 states;
	u32 atoms;
	u64 next;
} kunit_trace;

static void trace_event_kunit_ltl(pid_t pid, u64 states, u32 atoms, u64 next)
{
	kunit_trace.events++;
	kunit_trace.pid = pid;
	kunit_trace.states = states;
	kunit_trace.atoms = atoms;
	kunit_trace.next = next;
}

static void trace_error_kunit_ltl(pid_t pid, u64 states, u32 atoms)
{
	kunit_trace.errors++;
	kunit_trace.pid = pid;
	kunit_trace.states = states;
	kunit_trace.atoms = atoms;
}

#define ATOM_A	LTL_KUNIT_LTL_ATOM_A
#define ATOM_B	LTL_KUNIT_LTL_ATOM_B

/* how the last task was first seen, and whether B starts known, as false */
static int kunit_inits;
static bool kunit_task_creation;
static bool kunit_init_b;

static void ltl_atoms_init_kunit_ltl(struct task_struct *task, struct ltl_monitor *mon,
				     bool task_creation)
{
	kunit_inits++;
	kunit_task_creation = task_creation;
	if (kunit_init_b)
		ltl_atom_set(mon, ATOM_B, false);
}

static void ltl_atoms_fetch_kunit_ltl(struct task_struct *task, struct ltl_monitor *mon)
{
}

static struct rv_monitor rv_kunit_ltl;
DECLARE_LTL_MON_PER_TASK(kunit_ltl);

static int kunit_ltl_start(void)
{
	return ltl_monitor_init_kunit_ltl();
}

static void kunit_ltl_stop(void)
{
	ltl_monitor_destroy_kunit_ltl();
}

static struct rv_monitor rv_kunit_ltl = {
	.name = "kunit_ltl",
	.description = "KUnit test LTL monitor",
	.start = kunit_ltl_start,
	.stop = kunit_ltl_stop,
	.reset = ltl_monitor_reset_all_kunit_ltl,
};

/* A reactor that keeps the last message. */
static char kunit_msg[192];
static int kunit_reactions;

static void kunit_react(const char *msg)
{
	kunit_reactions++;
	strscpy(kunit_msg, msg, sizeof(kunit_msg));
}

static struct rv_reactor kunit_reactor = {
	.name = "kunit_ltl_react",
	.description = "KUnit test reactor of the LTL tests",
	.react = kunit_react,
};

static u64 kunit_violations(void)
{
	u64 sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += per_cpu_ptr(rv_kunit_ltl.stats, cpu)->violations;
	return sum;
}

/* each test starts with a new run, its task unseen */
static int rv_ltl_test_init(struct kunit *test)
{
	memset(&kunit_trace, 0, sizeof(kunit_trace));
	kunit_msg[0] = '\0';
	kunit_reactions = 0;
	kunit_inits = 0;
	kunit_init_b = false;
	ltl_monitor_reset_all_kunit_ltl();
	return 0;
}

static void rv_ltl_waits_for_every_atom(struct kunit *test)
{
	ltl_atom_update_kunit_ltl(current, ATOM_A, false);
	KUNIT_EXPECT_EQ(test, kunit_inits, 1);
	KUNIT_EXPECT_EQ(test, kunit_trace.events, 0);
	/* B known: the first step, from the initial states */
	ltl_atom_update_kunit_ltl(current, ATOM_B, false);
	KUNIT_EXPECT_EQ(test, kunit_inits, 1);
	KUNIT_EXPECT_EQ(test, kunit_trace.events, 1);
	KUNIT_EXPECT_EQ(test, kunit_trace.pid, current->pid);
	KUNIT_EXPECT_EQ(test, kunit_trace.states, ltl_kunit_ltl_initial);
	KUNIT_EXPECT_EQ(test, kunit_trace.atoms, 0U);
	/* s0 (not A) goes to s0 and s1, s1 (true) to s2 and s3 */
	KUNIT_EXPECT_EQ(test, kunit_trace.next, 0xfULL);
}

static void rv_ltl_atoms_known_at_first_sight(struct kunit *test)
{
	kunit_init_b = true;
	ltl_atom_update_kunit_ltl(current, ATOM_A, true);
	KUNIT_EXPECT_EQ(test, kunit_trace.events, 1);
	KUNIT_EXPECT_EQ(test, kunit_trace.atoms, (u32)BIT(ATOM_A));
}

static void rv_ltl_violation_reacts_and_restarts(struct kunit *test)
{
	u64 violations = kunit_violations();
	char expected[192];

	kunit_init_b = true;
	ltl_atom_update_kunit_ltl(current, ATOM_A, true);
	KUNIT_EXPECT_EQ(test, kunit_trace.errors, 0);
	/* A held, so B must hold at the next event: it does not */
	ltl_atom_update_kunit_ltl(current, ATOM_A, false);
	KUNIT_EXPECT_EQ(test, kunit_trace.events, 2);
	KUNIT_EXPECT_EQ(test, kunit_trace.next, 0ULL);
	KUNIT_EXPECT_EQ(test, kunit_trace.errors, 1);
	KUNIT_EXPECT_EQ(test, kunit_trace.atoms, 0U);
	KUNIT_EXPECT_EQ(test, kunit_violations(), violations + 1);
	KUNIT_EXPECT_EQ(test, kunit_reactions, 1);
	snprintf(expected, sizeof(expected),
		 "rv: monitor kunit_ltl: task %d breaks the property where none hold (states s2,s3)",
		 current->pid);
	KUNIT_EXPECT_STREQ(test, kunit_msg, expected);
	KUNIT_EXPECT_STREQ(test, rv_kunit_ltl.last_violation.state, "s2,s3");
	KUNIT_EXPECT_STREQ(test, rv_kunit_ltl.last_violation.event, "none");
	KUNIT_EXPECT_EQ(test, rv_kunit_ltl.last_violation.pid, current->pid);

	/* then the instance starts again from the initial states */
	ltl_atom_update_kunit_ltl(current, ATOM_B, true);
	KUNIT_EXPECT_EQ(test, kunit_trace.errors, 1);
	KUNIT_EXPECT_EQ(test, kunit_trace.states, ltl_kunit_ltl_initial);
	/* and a violation names the atoms that held */
	ltl_atom_update_kunit_ltl(current, ATOM_A, true);
	ltl_atom_update_kunit_ltl(current, ATOM_B, false);
	KUNIT_EXPECT_EQ(test, kunit_trace.errors, 2);
	KUNIT_EXPECT_STREQ(test, rv_kunit_ltl.last_violation.event, "A");
}

static void rv_ltl_pulse_holds_once(struct kunit *test)
{
	kunit_init_b = true;
	ltl_atom_update_kunit_ltl(current, ATOM_A, false);
	ltl_atom_pulse_kunit_ltl(current, ATOM_A, true);
	KUNIT_EXPECT_EQ(test, kunit_trace.atoms, (u32)BIT(ATOM_A));
	/* A is false again at the next event, where B holds: no violation */
	ltl_atom_update_kunit_ltl(current, ATOM_B, true);
	KUNIT_EXPECT_EQ(test, kunit_trace.atoms, (u32)BIT(ATOM_B));
	KUNIT_EXPECT_EQ(test, kunit_trace.errors, 0);
	/* a pulse of A while B is unknown takes no step and leaves A false */
	ltl_monitor_reset_all_kunit_ltl();
	kunit_init_b = false;
	ltl_atom_pulse_kunit_ltl(current, ATOM_A, true);
	ltl_atom_update_kunit_ltl(current, ATOM_B, false);
	KUNIT_EXPECT_EQ(test, kunit_trace.atoms, 0U);
	KUNIT_EXPECT_EQ(test, kunit_trace.errors, 0);
}

static void rv_ltl_reset_forgets_the_atoms(struct kunit *test)
{
	kunit_init_b = true;
	ltl_atom_update_kunit_ltl(current, ATOM_A, false);
	KUNIT_EXPECT_EQ(test, kunit_trace.events, 1);
	kunit_init_b = false;
	ltl_monitor_reset_all_kunit_ltl();
	ltl_atom_update_kunit_ltl(current, ATOM_A, false);
	KUNIT_EXPECT_EQ(test, kunit_inits, 2);
	KUNIT_EXPECT_EQ(test, kunit_trace.events, 1);
}

static void rv_ltl_monitoring_off(struct kunit *test)
{
	kunit_init_b = true;
	KUNIT_ASSERT_EQ(test, rv_set_monitoring_on(false), 0);
	ltl_atom_update_kunit_ltl(current, ATOM_A, true);
	KUNIT_ASSERT_EQ(test, rv_set_monitoring_on(true), 0);
	KUNIT_EXPECT_EQ(test, kunit_inits, 0);
	KUNIT_EXPECT_EQ(test, kunit_trace.events, 0);
}

static int rv_ltl_idle_fn(void *arg)
{
	return 0;
}

static void rv_ltl_task_creation(struct kunit *test)
{
	struct task_struct *task;

	/* this test's task is older than the run that the test began */
	ltl_atom_update_kunit_ltl(current, ATOM_A, false);
	KUNIT_EXPECT_EQ(test, kunit_inits, 1);
	KUNIT_EXPECT_FALSE(test, kunit_task_creation);
	/* one created now is not: its instance is its own */
	task = kthread_create(rv_ltl_idle_fn, NULL, "rv_ltl_kunit");
	KUNIT_ASSERT_FALSE(test, IS_ERR(task));
	ltl_atom_update_kunit_ltl(task, ATOM_A, true);
	KUNIT_EXPECT_EQ(test, kunit_inits, 2);
	KUNIT_EXPECT_TRUE(test, kunit_task_creation);
	KUNIT_EXPECT_EQ(test, kunit_trace.events, 0);
	kthread_stop(task);
}

static void rv_ltl_disabled_monitor(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, rv_set_monitor_enabled(&rv_kunit_ltl, false), 0);
	ltl_atom_update_kunit_ltl(current, ATOM_A, false);
	KUNIT_EXPECT_EQ(test, kunit_inits, 0);
	KUNIT_ASSERT_EQ(test, rv_set_monitor_enabled(&rv_kunit_ltl, true), 0);
}

static void rv_ltl_suite_exit(struct kunit_suite *suite)
{
	/* unregistering what is not registered is a no-op */
	rv_unregister_monitor(&rv_kunit_ltl);
	rv_unregister_reactor(&kunit_reactor);
}

static int rv_ltl_suite_setup(void)
{
	int ret;

	ret = rv_register_monitor(&rv_kunit_ltl) ?: rv_register_reactor(&kunit_reactor);
	if (ret)
		return ret;
	mutex_lock(&rv_interface_lock);
	ret = rv_select_reactor(&rv_kunit_ltl, "kunit_ltl_react");
	mutex_unlock(&rv_interface_lock);
	return ret ?: rv_set_monitor_enabled(&rv_kunit_ltl, true);
}

/* KUnit does not call suite_exit() when suite_init() fails: undo here. */
static int rv_ltl_suite_init(struct kunit_suite *suite)
{
	int ret = rv_ltl_suite_setup();

	if (ret)
		rv_ltl_suite_exit(suite);
	return ret;
}

static struct kunit_case rv_ltl_cases[] = {
	KUNIT_CASE(rv_ltl_waits_for_every_atom),
	KUNIT_CASE(rv_ltl_atoms_known_at_first_sight),
	KUNIT_CASE(rv_ltl_violation_reacts_and_restarts),
	KUNIT_CASE(rv_ltl_pulse_holds_once),
	KUNIT_CASE(rv_ltl_reset_forgets_the_atoms),
	KUNIT_CASE(rv_ltl_monitoring_off),
	KUNIT_CASE(rv_ltl_task_creation),
	KUNIT_CASE(rv_ltl_disabled_monitor),
	{}
};

static struct kunit_suite rv_ltl_suite = {
	.name = "rv_ltl_monitor",
	.suite_init = rv_ltl_suite_init,
	.suite_exit = rv_ltl_suite_exit,
	.init = rv_ltl_test_init,
	.test_cases = rv_ltl_cases,
};

kunit_test_suite(rv_ltl_suite);
