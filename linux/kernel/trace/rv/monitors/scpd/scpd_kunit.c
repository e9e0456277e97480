// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of the scpd monitor, included at the end of scpd.c: its
 * handlers fed sequences of events, on this CPU's instance (see
 * ../sched/sched_kunit.h).
 */
#include "../sched/sched_kunit.h"

DECLARE_SCHED_KUNIT(scpd, this_cpu_ptr(&da_mon_scpd))

/* the preempt tracer's reports: the count left zero, came back to it */
static void scpd_preempt_disable(struct sched_kunit_tasks *tasks)
{
	handle_preempt_disable(NULL, _THIS_IP_, _RET_IP_);
}

static void scpd_preempt_enable(struct sched_kunit_tasks *tasks)
{
	handle_preempt_enable(NULL, _THIS_IP_, _RET_IP_);
}

static void scpd_entry(struct sched_kunit_tasks *tasks)
{
	handle_schedule_entry(NULL, false);
}

static void scpd_exit(struct sched_kunit_tasks *tasks)
{
	handle_schedule_exit(NULL, true);
}

/*
 * The preempt tracer's reports from an interrupt, of counts that are not
 * the task's (the return from one reports an enable that no disable
 * matched): no event of the model.
 */
static void scpd_interrupt_fn(struct sched_kunit_tasks *tasks)
{
	handle_preempt_enable(NULL, _THIS_IP_, _RET_IP_);
	handle_preempt_disable(NULL, _THIS_IP_, _RET_IP_);
	handle_preempt_enable(NULL, _THIS_IP_, _RET_IP_);
}

static void scpd_interrupt(struct sched_kunit_tasks *tasks)
{
	sched_kunit_in_irq(scpd_interrupt_fn, tasks);
}

/* Until preemption is enabled, nothing is known. */
static void scpd_waits_for_preempt_enable(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(scpd_entry, UNSYNCED),
		SCHED_KUNIT_STEP(scpd_preempt_disable, UNSYNCED),
		SCHED_KUNIT_STEP(scpd_exit, UNSYNCED),
		SCHED_KUNIT_STEP(scpd_preempt_enable, cant_sched_scpd),
	};

	sched_kunit_run(test, &sched_kunit_scpd, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static void scpd_schedule_with_preemption_disabled(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(scpd_preempt_enable, cant_sched_scpd),
		SCHED_KUNIT_STEP(scpd_preempt_disable, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_entry, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_exit, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_preempt_enable, cant_sched_scpd),
		SCHED_KUNIT_STEP(scpd_preempt_disable, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_entry, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_exit, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_entry, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_exit, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_preempt_enable, cant_sched_scpd),
	};

	sched_kunit_run(test, &sched_kunit_scpd, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static void scpd_schedule_with_preemption_enabled(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(scpd_preempt_enable, cant_sched_scpd),
		SCHED_KUNIT_STEP(scpd_entry, UNSYNCED),
		SCHED_KUNIT_STEP(scpd_exit, UNSYNCED),
		SCHED_KUNIT_STEP(scpd_preempt_disable, UNSYNCED),
		SCHED_KUNIT_STEP(scpd_preempt_enable, cant_sched_scpd),
	};

	sched_kunit_run(test, &sched_kunit_scpd, steps, ARRAY_SIZE(steps),
			"cant_sched", "schedule_entry");
}

/* The scheduler returns after preemption was enabled. */
static void scpd_schedule_exit_with_preemption_enabled(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(scpd_preempt_enable, cant_sched_scpd),
		SCHED_KUNIT_STEP(scpd_preempt_disable, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_entry, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_preempt_enable, cant_sched_scpd),
		SCHED_KUNIT_STEP(scpd_exit, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_scpd, steps, ARRAY_SIZE(steps),
			"cant_sched", "schedule_exit");
}

/* The tracer reports the count leaving zero once: twice, one return went unseen. */
static void scpd_preempt_disable_twice(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(scpd_preempt_enable, cant_sched_scpd),
		SCHED_KUNIT_STEP(scpd_preempt_disable, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_preempt_disable, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_scpd, steps, ARRAY_SIZE(steps),
			"can_sched", "preempt_disable");
}

/* Taken for the task's, the interrupt's enable would make the schedule_entry a violation. */
static void scpd_ignores_interrupts(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(scpd_preempt_enable, cant_sched_scpd),
		SCHED_KUNIT_STEP(scpd_preempt_disable, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_interrupt, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_entry, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_exit, can_sched_scpd),
		SCHED_KUNIT_STEP(scpd_preempt_enable, cant_sched_scpd),
	};

	sched_kunit_run(test, &sched_kunit_scpd, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static struct kunit_case scpd_kunit_cases[] = {
	KUNIT_CASE(scpd_waits_for_preempt_enable),
	KUNIT_CASE(scpd_schedule_with_preemption_disabled),
	KUNIT_CASE(scpd_schedule_with_preemption_enabled),
	KUNIT_CASE(scpd_schedule_exit_with_preemption_enabled),
	KUNIT_CASE(scpd_preempt_disable_twice),
	KUNIT_CASE(scpd_ignores_interrupts),
	{}
};

static struct kunit_suite scpd_kunit_suite = {
	.name = "rv_sched_scpd",
	.suite_init = sched_kunit_suite_init_scpd,
	.suite_exit = sched_kunit_suite_exit_scpd,
	.init = sched_kunit_init_scpd,
	.test_cases = scpd_kunit_cases,
};

kunit_test_suite(scpd_kunit_suite);
