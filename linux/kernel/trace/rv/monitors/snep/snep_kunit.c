// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of the snep monitor, included at the end of snep.c: its
 * handlers fed sequences of events, on this CPU's instance (see
 * ../sched/sched_kunit.h).
 */
#include "../sched/sched_kunit.h"

DECLARE_SCHED_KUNIT(snep, this_cpu_ptr(&da_mon_snep))

static void snep_preempt_disable(struct sched_kunit_tasks *tasks)
{
	handle_preempt_disable(NULL, _THIS_IP_, _RET_IP_);
}

static void snep_preempt_enable(struct sched_kunit_tasks *tasks)
{
	handle_preempt_enable(NULL, _THIS_IP_, _RET_IP_);
}

static void snep_entry(struct sched_kunit_tasks *tasks)
{
	handle_schedule_entry(NULL, false);
}

static void snep_exit(struct sched_kunit_tasks *tasks)
{
	handle_schedule_exit(NULL, true);
}

/* the preempt tracer's reports from an interrupt: no event of the model */
static void snep_interrupt_fn(struct sched_kunit_tasks *tasks)
{
	handle_preempt_disable(NULL, _THIS_IP_, _RET_IP_);
	handle_preempt_enable(NULL, _THIS_IP_, _RET_IP_);
}

static void snep_interrupt(struct sched_kunit_tasks *tasks)
{
	sched_kunit_in_irq(snep_interrupt_fn, tasks);
}

/* Until the end of a call to the scheduler, nothing is known. */
static void snep_waits_for_schedule_exit(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(snep_entry, UNSYNCED),
		SCHED_KUNIT_STEP(snep_preempt_enable, UNSYNCED),
		SCHED_KUNIT_STEP(snep_preempt_disable, UNSYNCED),
		SCHED_KUNIT_STEP(snep_exit, non_scheduling_context_snep),
	};

	sched_kunit_run(test, &sched_kunit_snep, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static void snep_preemption_changes_outside_the_scheduler(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(snep_exit, non_scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_preempt_enable, non_scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_preempt_disable, non_scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_entry, scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_exit, non_scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_preempt_enable, non_scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_preempt_disable, non_scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_entry, scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_exit, non_scheduling_context_snep),
	};

	sched_kunit_run(test, &sched_kunit_snep, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static void snep_scheduler_enables_preemption(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(snep_exit, non_scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_preempt_disable, non_scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_entry, scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_preempt_enable, UNSYNCED),
		SCHED_KUNIT_STEP(snep_preempt_disable, UNSYNCED),
		SCHED_KUNIT_STEP(snep_exit, non_scheduling_context_snep),
	};

	sched_kunit_run(test, &sched_kunit_snep, steps, ARRAY_SIZE(steps),
			"scheduling_context", "preempt_enable");
}

/* The count left zero inside the scheduler: it had been enabled unseen. */
static void snep_scheduler_disables_preemption(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(snep_exit, non_scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_entry, scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_preempt_disable, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_snep, steps, ARRAY_SIZE(steps),
			"scheduling_context", "preempt_disable");
}

static void snep_scheduler_entered_twice(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(snep_exit, non_scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_entry, scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_entry, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_snep, steps, ARRAY_SIZE(steps),
			"scheduling_context", "schedule_entry");
}

/* An interrupt while the CPU schedules: its reports are no events. */
static void snep_ignores_interrupts(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(snep_exit, non_scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_entry, scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_interrupt, scheduling_context_snep),
		SCHED_KUNIT_STEP(snep_exit, non_scheduling_context_snep),
	};

	sched_kunit_run(test, &sched_kunit_snep, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static struct kunit_case snep_kunit_cases[] = {
	KUNIT_CASE(snep_waits_for_schedule_exit),
	KUNIT_CASE(snep_preemption_changes_outside_the_scheduler),
	KUNIT_CASE(snep_scheduler_enables_preemption),
	KUNIT_CASE(snep_scheduler_disables_preemption),
	KUNIT_CASE(snep_scheduler_entered_twice),
	KUNIT_CASE(snep_ignores_interrupts),
	{}
};

static struct kunit_suite snep_kunit_suite = {
	.name = "rv_sched_snep",
	.suite_init = sched_kunit_suite_init_snep,
	.suite_exit = sched_kunit_suite_exit_snep,
	.init = sched_kunit_init_snep,
	.test_cases = snep_kunit_cases,
};

kunit_test_suite(snep_kunit_suite);
