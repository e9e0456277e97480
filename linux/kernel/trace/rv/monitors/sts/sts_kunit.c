// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of the sts monitor, included at the end of sts.c: its
 * handlers fed sequences of events, on this CPU's instance (see
 * ../sched/sched_kunit.h).
 */
#include "../sched/sched_kunit.h"

DECLARE_SCHED_KUNIT(sts, this_cpu_ptr(&da_mon_sts))

static void sts_irq_disable(struct sched_kunit_tasks *tasks)
{
	handle_irq_disable(NULL, _THIS_IP_, _RET_IP_);
}

static void sts_irq_enable(struct sched_kunit_tasks *tasks)
{
	handle_irq_enable(NULL, _THIS_IP_, _RET_IP_);
}

static void sts_switch(struct sched_kunit_tasks *tasks)
{
	handle_sched_switch(NULL, false, tasks->task, tasks->other, TASK_INTERRUPTIBLE);
}

static void sts_entry(struct sched_kunit_tasks *tasks)
{
	handle_schedule_entry(NULL, false);
}

static void sts_exit(struct sched_kunit_tasks *tasks)
{
	handle_schedule_exit(NULL, true);
}

/* Until the end of a call to the scheduler, nothing is known. */
static void sts_waits_for_schedule_exit(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sts_switch, UNSYNCED),
		SCHED_KUNIT_STEP(sts_entry, UNSYNCED),
		SCHED_KUNIT_STEP(sts_switch, UNSYNCED),
		SCHED_KUNIT_STEP(sts_exit, can_sched_sts),
	};

	sched_kunit_run(test, &sched_kunit_sts, steps, ARRAY_SIZE(steps), NULL, NULL);
}

/* A call that switches, with interrupts around and in the middle. */
static void sts_one_switch_per_call(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sts_exit, can_sched_sts),
		SCHED_KUNIT_STEP(sts_irq_disable, cant_sched_sts),
		SCHED_KUNIT_STEP(sts_irq_enable, can_sched_sts),
		SCHED_KUNIT_STEP(sts_entry, scheduling_sts),
		SCHED_KUNIT_STEP(sts_irq_disable, disable_to_switch_sts),
		SCHED_KUNIT_STEP(sts_irq_enable, scheduling_sts),
		SCHED_KUNIT_STEP(sts_irq_disable, disable_to_switch_sts),
		SCHED_KUNIT_STEP(sts_switch, switching_sts),
		SCHED_KUNIT_STEP(sts_irq_enable, enable_to_exit_sts),
		SCHED_KUNIT_STEP(sts_irq_disable, enable_to_exit_sts),
		SCHED_KUNIT_STEP(sts_irq_enable, enable_to_exit_sts),
		SCHED_KUNIT_STEP(sts_exit, can_sched_sts),
	};

	sched_kunit_run(test, &sched_kunit_sts, steps, ARRAY_SIZE(steps), NULL, NULL);
}

/* A call that picks the same task again: no switch. */
static void sts_call_without_switch(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sts_exit, can_sched_sts),
		SCHED_KUNIT_STEP(sts_entry, scheduling_sts),
		SCHED_KUNIT_STEP(sts_irq_disable, disable_to_switch_sts),
		SCHED_KUNIT_STEP(sts_irq_enable, scheduling_sts),
		SCHED_KUNIT_STEP(sts_exit, can_sched_sts),
		SCHED_KUNIT_STEP(sts_entry, scheduling_sts),
		SCHED_KUNIT_STEP(sts_exit, can_sched_sts),
	};

	sched_kunit_run(test, &sched_kunit_sts, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static void sts_two_switches_in_one_call(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sts_exit, can_sched_sts),
		SCHED_KUNIT_STEP(sts_entry, scheduling_sts),
		SCHED_KUNIT_STEP(sts_irq_disable, disable_to_switch_sts),
		SCHED_KUNIT_STEP(sts_switch, switching_sts),
		SCHED_KUNIT_STEP(sts_switch, UNSYNCED),
		SCHED_KUNIT_STEP(sts_irq_enable, UNSYNCED),
		SCHED_KUNIT_STEP(sts_exit, can_sched_sts),
	};

	sched_kunit_run(test, &sched_kunit_sts, steps, ARRAY_SIZE(steps),
			"switching", "sched_switch");
}

static void sts_switch_outside_the_scheduler(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sts_exit, can_sched_sts),
		SCHED_KUNIT_STEP(sts_irq_disable, cant_sched_sts),
		SCHED_KUNIT_STEP(sts_switch, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_sts, steps, ARRAY_SIZE(steps),
			"cant_sched", "sched_switch");
}

static void sts_switch_with_interrupts_enabled(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sts_exit, can_sched_sts),
		SCHED_KUNIT_STEP(sts_entry, scheduling_sts),
		SCHED_KUNIT_STEP(sts_switch, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_sts, steps, ARRAY_SIZE(steps),
			"scheduling", "sched_switch");
}

static void sts_scheduler_entered_with_interrupts_disabled(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sts_exit, can_sched_sts),
		SCHED_KUNIT_STEP(sts_irq_disable, cant_sched_sts),
		SCHED_KUNIT_STEP(sts_entry, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_sts, steps, ARRAY_SIZE(steps),
			"cant_sched", "schedule_entry");
}

/* After the switch, interrupts are enabled again before the call ends. */
static void sts_scheduler_left_with_interrupts_disabled(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sts_exit, can_sched_sts),
		SCHED_KUNIT_STEP(sts_entry, scheduling_sts),
		SCHED_KUNIT_STEP(sts_irq_disable, disable_to_switch_sts),
		SCHED_KUNIT_STEP(sts_switch, switching_sts),
		SCHED_KUNIT_STEP(sts_exit, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_sts, steps, ARRAY_SIZE(steps),
			"switching", "schedule_exit");
}

static struct kunit_case sts_kunit_cases[] = {
	KUNIT_CASE(sts_waits_for_schedule_exit),
	KUNIT_CASE(sts_one_switch_per_call),
	KUNIT_CASE(sts_call_without_switch),
	KUNIT_CASE(sts_two_switches_in_one_call),
	KUNIT_CASE(sts_switch_outside_the_scheduler),
	KUNIT_CASE(sts_switch_with_interrupts_enabled),
	KUNIT_CASE(sts_scheduler_entered_with_interrupts_disabled),
	KUNIT_CASE(sts_scheduler_left_with_interrupts_disabled),
	{}
};

static struct kunit_suite sts_kunit_suite = {
	.name = "rv_sched_sts",
	.suite_init = sched_kunit_suite_init_sts,
	.suite_exit = sched_kunit_suite_exit_sts,
	.init = sched_kunit_init_sts,
	.test_cases = sts_kunit_cases,
};

kunit_test_suite(sts_kunit_suite);
