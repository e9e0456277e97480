// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of the sco monitor, included at the end of sco.c: its
 * handlers fed sequences of events, on this CPU's instance (see
 * ../sched/sched_kunit.h).
 */
#include "../sched/sched_kunit.h"

DECLARE_SCHED_KUNIT(sco, this_cpu_ptr(&da_mon_sco))

static void sco_set_state(struct sched_kunit_tasks *tasks)
{
	handle_sched_set_state(NULL, tasks->task, TASK_INTERRUPTIBLE);
}

static void sco_entry(struct sched_kunit_tasks *tasks)
{
	handle_schedule_entry(NULL, false);
}

static void sco_exit(struct sched_kunit_tasks *tasks)
{
	handle_schedule_exit(NULL, true);
}

/* Before the end of a call to the scheduler, nothing is known. */
static void sco_waits_for_schedule_exit(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sco_entry, UNSYNCED),
		SCHED_KUNIT_STEP(sco_set_state, UNSYNCED),
		SCHED_KUNIT_STEP(sco_entry, UNSYNCED),
		SCHED_KUNIT_STEP(sco_exit, thread_context_sco),
	};

	sched_kunit_run(test, &sched_kunit_sco, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static void sco_set_state_in_thread_context(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sco_exit, thread_context_sco),
		SCHED_KUNIT_STEP(sco_set_state, thread_context_sco),
		SCHED_KUNIT_STEP(sco_set_state, thread_context_sco),
		SCHED_KUNIT_STEP(sco_entry, scheduling_context_sco),
		SCHED_KUNIT_STEP(sco_exit, thread_context_sco),
		SCHED_KUNIT_STEP(sco_entry, scheduling_context_sco),
		SCHED_KUNIT_STEP(sco_exit, thread_context_sco),
		SCHED_KUNIT_STEP(sco_set_state, thread_context_sco),
	};

	sched_kunit_run(test, &sched_kunit_sco, steps, ARRAY_SIZE(steps), NULL, NULL);
}

/* The violation: then the instance waits for the next schedule_exit. */
static void sco_set_state_while_scheduling(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sco_exit, thread_context_sco),
		SCHED_KUNIT_STEP(sco_entry, scheduling_context_sco),
		SCHED_KUNIT_STEP(sco_set_state, UNSYNCED),
		SCHED_KUNIT_STEP(sco_set_state, UNSYNCED),
		SCHED_KUNIT_STEP(sco_exit, thread_context_sco),
		SCHED_KUNIT_STEP(sco_set_state, thread_context_sco),
	};

	sched_kunit_run(test, &sched_kunit_sco, steps, ARRAY_SIZE(steps),
			"scheduling_context", "sched_set_state");
}

static void sco_scheduler_entered_twice(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sco_exit, thread_context_sco),
		SCHED_KUNIT_STEP(sco_entry, scheduling_context_sco),
		SCHED_KUNIT_STEP(sco_entry, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_sco, steps, ARRAY_SIZE(steps),
			"scheduling_context", "schedule_entry");
}

static void sco_scheduler_left_twice(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sco_exit, thread_context_sco),
		SCHED_KUNIT_STEP(sco_entry, scheduling_context_sco),
		SCHED_KUNIT_STEP(sco_exit, thread_context_sco),
		SCHED_KUNIT_STEP(sco_exit, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_sco, steps, ARRAY_SIZE(steps),
			"thread_context", "schedule_exit");
}

static struct kunit_case sco_kunit_cases[] = {
	KUNIT_CASE(sco_waits_for_schedule_exit),
	KUNIT_CASE(sco_set_state_in_thread_context),
	KUNIT_CASE(sco_set_state_while_scheduling),
	KUNIT_CASE(sco_scheduler_entered_twice),
	KUNIT_CASE(sco_scheduler_left_twice),
	{}
};

static struct kunit_suite sco_kunit_suite = {
	.name = "rv_sched_sco",
	.suite_init = sched_kunit_suite_init_sco,
	.suite_exit = sched_kunit_suite_exit_sco,
	.init = sched_kunit_init_sco,
	.test_cases = sco_kunit_cases,
};

kunit_test_suite(sco_kunit_suite);
