// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of the snroc monitor, included at the end of snroc.c: its
 * handlers fed sequences of events of the current task, switched with a
 * stand-in task (see ../sched/sched_kunit.h).
 */
#include "../sched/sched_kunit.h"

DECLARE_SCHED_KUNIT(snroc, &task->rv[da_slot_snroc].da_mon)

/* the followed task's state is set */
static void snroc_set_state(struct sched_kunit_tasks *tasks)
{
	handle_sched_set_state(NULL, tasks->task, TASK_INTERRUPTIBLE);
}

/* it leaves the CPU to the other task, to sleep */
static void snroc_switch_out(struct sched_kunit_tasks *tasks)
{
	handle_sched_switch(NULL, false, tasks->task, tasks->other, TASK_INTERRUPTIBLE);
}

/* it is preempted by the other task */
static void snroc_preempted(struct sched_kunit_tasks *tasks)
{
	handle_sched_switch(NULL, true, tasks->task, tasks->other, TASK_RUNNING);
}

/* it takes the CPU from the other task */
static void snroc_switch_in(struct sched_kunit_tasks *tasks)
{
	handle_sched_switch(NULL, false, tasks->other, tasks->task, TASK_RUNNING);
}

/* it takes the CPU from a third task */
static void snroc_switch_in_from_third(struct sched_kunit_tasks *tasks)
{
	handle_sched_switch(NULL, false, tasks->third, tasks->task, TASK_RUNNING);
}

/* Until the task leaves a CPU, nothing is known. */
static void snroc_waits_for_switch_out(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(snroc_set_state, UNSYNCED),
		SCHED_KUNIT_STEP(snroc_switch_in, UNSYNCED),
		SCHED_KUNIT_STEP(snroc_set_state, UNSYNCED),
		SCHED_KUNIT_STEP(snroc_switch_out, other_context_snroc),
	};

	sched_kunit_run(test, &sched_kunit_snroc, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static void snroc_state_set_while_running(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(snroc_switch_out, other_context_snroc),
		SCHED_KUNIT_STEP(snroc_switch_in, own_context_snroc),
		SCHED_KUNIT_STEP(snroc_set_state, own_context_snroc),
		SCHED_KUNIT_STEP(snroc_set_state, own_context_snroc),
		SCHED_KUNIT_STEP(snroc_preempted, other_context_snroc),
		SCHED_KUNIT_STEP(snroc_switch_in, own_context_snroc),
		SCHED_KUNIT_STEP(snroc_set_state, own_context_snroc),
		SCHED_KUNIT_STEP(snroc_switch_out, other_context_snroc),
	};

	sched_kunit_run(test, &sched_kunit_snroc, steps, ARRAY_SIZE(steps), NULL, NULL);
}

/* Another task sets the state of one that is not running. */
static void snroc_state_set_while_switched_out(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(snroc_switch_out, other_context_snroc),
		SCHED_KUNIT_STEP(snroc_set_state, UNSYNCED),
		SCHED_KUNIT_STEP(snroc_switch_in, UNSYNCED),
		SCHED_KUNIT_STEP(snroc_switch_out, other_context_snroc),
	};

	sched_kunit_run(test, &sched_kunit_snroc, steps, ARRAY_SIZE(steps),
			"other_context", "sched_set_state");
}

/* (From another task: the other one cannot leave the CPU twice either.) */
static void snroc_switched_in_twice(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(snroc_switch_out, other_context_snroc),
		SCHED_KUNIT_STEP(snroc_switch_in, own_context_snroc),
		SCHED_KUNIT_STEP(snroc_switch_in_from_third, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_snroc, steps, ARRAY_SIZE(steps),
			"own_context", "sched_switch_in");
}

/* A switch moves both tasks: prev out, next in. */
static void snroc_switch_moves_both_tasks(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(snroc_switch_out, other_context_snroc),
		SCHED_KUNIT_STEP(snroc_switch_in, own_context_snroc),
		SCHED_KUNIT_STEP(snroc_switch_out, other_context_snroc),
	};
	struct sched_kunit_tasks *tasks = test->priv;

	sched_kunit_run(test, &sched_kunit_snroc, steps, ARRAY_SIZE(steps), NULL, NULL);
	/* the stand-in synced when it left the CPU, then took it */
	KUNIT_EXPECT_EQ(test, sched_kunit_state_snroc(tasks->other), (int)own_context_snroc);
}

static struct kunit_case snroc_kunit_cases[] = {
	KUNIT_CASE(snroc_waits_for_switch_out),
	KUNIT_CASE(snroc_state_set_while_running),
	KUNIT_CASE(snroc_state_set_while_switched_out),
	KUNIT_CASE(snroc_switched_in_twice),
	KUNIT_CASE(snroc_switch_moves_both_tasks),
	{}
};

static struct kunit_suite snroc_kunit_suite = {
	.name = "rv_sched_snroc",
	.suite_init = sched_kunit_suite_init_snroc,
	.suite_exit = sched_kunit_suite_exit_snroc,
	.init = sched_kunit_init_snroc,
	.test_cases = snroc_kunit_cases,
};

kunit_test_suite(snroc_kunit_suite);
