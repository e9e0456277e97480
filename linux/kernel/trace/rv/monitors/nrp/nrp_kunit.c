// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of the nrp monitor, included at the end of nrp.c: its
 * handlers fed sequences of events of the current task, which enters
 * the scheduler (see ../sched/sched_kunit.h).
 */
#include "../sched/sched_kunit.h"

DECLARE_SCHED_KUNIT(nrp, &task->rv[da_slot_nrp].da_mon)

/* need-resched is set for the followed task */
static void nrp_need_resched(struct sched_kunit_tasks *tasks)
{
	handle_sched_need_resched(NULL, tasks->task, smp_processor_id(), TIF_NEED_RESCHED);
}

/* and for another task */
static void nrp_need_resched_other(struct sched_kunit_tasks *tasks)
{
	handle_sched_need_resched(NULL, tasks->other, smp_processor_id(), TIF_NEED_RESCHED);
}

/* the task calls the scheduler */
static void nrp_schedule(struct sched_kunit_tasks *tasks)
{
	handle_schedule_entry(NULL, false);
}

/* it is preempted */
static void nrp_preempt(struct sched_kunit_tasks *tasks)
{
	handle_schedule_entry(NULL, true);
}

/* Until the task calls the scheduler, nothing is known. */
static void nrp_waits_for_schedule(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(nrp_preempt, UNSYNCED),
		SCHED_KUNIT_STEP(nrp_need_resched, UNSYNCED),
		SCHED_KUNIT_STEP(nrp_preempt, UNSYNCED),
		SCHED_KUNIT_STEP(nrp_schedule, any_thread_running_nrp),
	};

	sched_kunit_run(test, &sched_kunit_nrp, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static void nrp_preempted_after_need_resched(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(nrp_schedule, any_thread_running_nrp),
		SCHED_KUNIT_STEP(nrp_need_resched, rescheduling_nrp),
		SCHED_KUNIT_STEP(nrp_preempt, nested_preempt_nrp),
		SCHED_KUNIT_STEP(nrp_schedule, any_thread_running_nrp),
		SCHED_KUNIT_STEP(nrp_need_resched, rescheduling_nrp),
		SCHED_KUNIT_STEP(nrp_need_resched, rescheduling_nrp),
		SCHED_KUNIT_STEP(nrp_schedule, any_thread_running_nrp),
		SCHED_KUNIT_STEP(nrp_need_resched, rescheduling_nrp),
		SCHED_KUNIT_STEP(nrp_preempt, nested_preempt_nrp),
		SCHED_KUNIT_STEP(nrp_need_resched, rescheduling_nrp),
		SCHED_KUNIT_STEP(nrp_preempt, nested_preempt_nrp),
		SCHED_KUNIT_STEP(nrp_schedule, any_thread_running_nrp),
	};

	sched_kunit_run(test, &sched_kunit_nrp, steps, ARRAY_SIZE(steps), NULL, NULL);
}

/* On 6.1, a preemption may follow another without need-resched set again. */
static void nrp_nested_preemption(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(nrp_schedule, any_thread_running_nrp),
		SCHED_KUNIT_STEP(nrp_need_resched, rescheduling_nrp),
		SCHED_KUNIT_STEP(nrp_preempt, nested_preempt_nrp),
		SCHED_KUNIT_STEP(nrp_preempt, any_thread_running_nrp),
		SCHED_KUNIT_STEP(nrp_schedule, any_thread_running_nrp),
	};

	sched_kunit_run(test, &sched_kunit_nrp, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static void nrp_preempted_without_need_resched(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(nrp_schedule, any_thread_running_nrp),
		SCHED_KUNIT_STEP(nrp_preempt, UNSYNCED),
		SCHED_KUNIT_STEP(nrp_need_resched, UNSYNCED),
		SCHED_KUNIT_STEP(nrp_preempt, UNSYNCED),
		SCHED_KUNIT_STEP(nrp_schedule, any_thread_running_nrp),
	};

	sched_kunit_run(test, &sched_kunit_nrp, steps, ARRAY_SIZE(steps),
			"any_thread_running", "schedule_entry_preempt");
}

/* Need-resched set for another task allows this one no preemption. */
static void nrp_need_resched_of_another_task(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(nrp_schedule, any_thread_running_nrp),
		SCHED_KUNIT_STEP(nrp_need_resched_other, any_thread_running_nrp),
		SCHED_KUNIT_STEP(nrp_preempt, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_nrp, steps, ARRAY_SIZE(steps),
			"any_thread_running", "schedule_entry_preempt");
}

/* A call to the scheduler clears need-resched: the next preemption needs it again. */
static void nrp_need_resched_cleared_by_schedule(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(nrp_schedule, any_thread_running_nrp),
		SCHED_KUNIT_STEP(nrp_need_resched, rescheduling_nrp),
		SCHED_KUNIT_STEP(nrp_schedule, any_thread_running_nrp),
		SCHED_KUNIT_STEP(nrp_preempt, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_nrp, steps, ARRAY_SIZE(steps),
			"any_thread_running", "schedule_entry_preempt");
}

/* After the nested preemption, a third needs need-resched again. */
static void nrp_third_preemption(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(nrp_schedule, any_thread_running_nrp),
		SCHED_KUNIT_STEP(nrp_need_resched, rescheduling_nrp),
		SCHED_KUNIT_STEP(nrp_preempt, nested_preempt_nrp),
		SCHED_KUNIT_STEP(nrp_preempt, any_thread_running_nrp),
		SCHED_KUNIT_STEP(nrp_preempt, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_nrp, steps, ARRAY_SIZE(steps),
			"any_thread_running", "schedule_entry_preempt");
}

static struct kunit_case nrp_kunit_cases[] = {
	KUNIT_CASE(nrp_waits_for_schedule),
	KUNIT_CASE(nrp_preempted_after_need_resched),
	KUNIT_CASE(nrp_nested_preemption),
	KUNIT_CASE(nrp_preempted_without_need_resched),
	KUNIT_CASE(nrp_need_resched_of_another_task),
	KUNIT_CASE(nrp_need_resched_cleared_by_schedule),
	KUNIT_CASE(nrp_third_preemption),
	{}
};

static struct kunit_suite nrp_kunit_suite = {
	.name = "rv_sched_nrp",
	.suite_init = sched_kunit_suite_init_nrp,
	.suite_exit = sched_kunit_suite_exit_nrp,
	.init = sched_kunit_init_nrp,
	.test_cases = nrp_kunit_cases,
};

kunit_test_suite(nrp_kunit_suite);
