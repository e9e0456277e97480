// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of the sssw monitor, included at the end of sssw.c: its
 * handlers fed sequences of events (see ../sched/sched_kunit.h). A case
 * with a signal follows the current task, whose signals the handler
 * takes; a case where the task sleeps follows the stand-in task, whose
 * state and whether it is queued, which the handlers read, the events
 * set as the scheduler would.
 */
#include "../sched/sched_kunit.h"

DECLARE_SCHED_KUNIT(sssw, &task->rv[da_slot_sssw].da_mon)

/* Follow the stand-in, a queued task, switched with the current one. */
static void sssw_follow_stand_in(struct kunit *test)
{
	struct sched_kunit_tasks *tasks = test->priv;

	tasks->task = tasks->other;
	tasks->other = current;
	tasks->task->on_rq = 1;
}

/* what the scheduler changes of the stand-in; the current task's are its own */
static void sssw_stand_in_is(struct task_struct *task, unsigned int state, int on_rq)
{
	if (task == current)
		return;
	WRITE_ONCE(task->__state, state);
	WRITE_ONCE(task->on_rq, on_rq);
}

/* the task sets its state to running, then to a sleepable one */
static void sssw_set_runnable(struct sched_kunit_tasks *tasks)
{
	handle_sched_set_state(NULL, tasks->task, TASK_RUNNING);
	sssw_stand_in_is(tasks->task, TASK_RUNNING, 1);
}

static void sssw_set_sleepable(struct sched_kunit_tasks *tasks)
{
	handle_sched_set_state(NULL, tasks->task, TASK_INTERRUPTIBLE);
	sssw_stand_in_is(tasks->task, TASK_INTERRUPTIBLE, 1);
}

/* the task is preempted, in whatever state it set */
static void sssw_preempted(struct sched_kunit_tasks *tasks)
{
	handle_sched_switch(NULL, true, tasks->task, tasks->other, READ_ONCE(tasks->task->__state));
}

/* it calls the scheduler while running: a yield */
static void sssw_yield(struct sched_kunit_tasks *tasks)
{
	handle_sched_switch(NULL, false, tasks->task, tasks->other, TASK_RUNNING);
}

/* it calls the scheduler in a sleepable state, with a signal pending: it stays queued */
static void sssw_signal_pending(struct sched_kunit_tasks *tasks)
{
	handle_sched_switch(NULL, false, tasks->task, tasks->other, TASK_INTERRUPTIBLE);
	sssw_stand_in_is(tasks->task, TASK_RUNNING, 1);
}

/* it calls the scheduler in a sleepable state, and is dequeued: it sleeps */
static void sssw_suspend(struct sched_kunit_tasks *tasks)
{
	sssw_stand_in_is(tasks->task, TASK_INTERRUPTIBLE, 0);
	handle_sched_switch(NULL, false, tasks->task, tasks->other, TASK_INTERRUPTIBLE);
}

/* it takes the CPU */
static void sssw_switch_in(struct sched_kunit_tasks *tasks)
{
	handle_sched_switch(NULL, false, tasks->other, tasks->task, TASK_RUNNING);
}

/* a wakeup: the waker sets the task running, queues it, then reports */
static void sssw_wakeup(struct sched_kunit_tasks *tasks)
{
	sssw_stand_in_is(tasks->task, TASK_RUNNING, 1);
	handle_sched_wakeup(NULL, tasks->task);
}

/* a wakeup reported after the task set a sleepable state again */
static void sssw_stale_wakeup(struct sched_kunit_tasks *tasks)
{
	handle_sched_wakeup(NULL, tasks->task);
}

/* the current task handles a signal */
static void sssw_signal(struct sched_kunit_tasks *tasks)
{
	handle_signal_deliver(NULL, SIGUSR1, NULL, NULL);
}

/* Until the task is known to be running, nothing is known. */
static void sssw_waits_for_running(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sssw_set_sleepable, UNSYNCED),
		SCHED_KUNIT_STEP(sssw_preempted, UNSYNCED),
		SCHED_KUNIT_STEP(sssw_switch_in, UNSYNCED),
		SCHED_KUNIT_STEP(sssw_signal, UNSYNCED),
		SCHED_KUNIT_STEP(sssw_set_runnable, runnable_sssw),
	};

	sched_kunit_run(test, &sched_kunit_sssw, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static void sssw_sleeps_after_setting_sleepable(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sssw_set_runnable, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_set_sleepable, sleepable_sssw),
		SCHED_KUNIT_STEP(sssw_suspend, sleeping_sssw),
		SCHED_KUNIT_STEP(sssw_wakeup, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_switch_in, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_set_sleepable, sleepable_sssw),
		SCHED_KUNIT_STEP(sssw_preempted, sleepable_sssw),
		SCHED_KUNIT_STEP(sssw_switch_in, sleepable_sssw),
		SCHED_KUNIT_STEP(sssw_suspend, sleeping_sssw),
		SCHED_KUNIT_STEP(sssw_wakeup, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_switch_in, runnable_sssw),
	};

	sssw_follow_stand_in(test);
	sched_kunit_run(test, &sched_kunit_sssw, steps, ARRAY_SIZE(steps), NULL, NULL);
}

/* The task's condition came true, or it was woken, before it slept. */
static void sssw_woken_before_sleeping(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sssw_set_runnable, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_set_sleepable, sleepable_sssw),
		SCHED_KUNIT_STEP(sssw_set_runnable, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_yield, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_switch_in, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_set_sleepable, sleepable_sssw),
		SCHED_KUNIT_STEP(sssw_wakeup, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_yield, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_switch_in, runnable_sssw),
	};

	sssw_follow_stand_in(test);
	sched_kunit_run(test, &sched_kunit_sssw, steps, ARRAY_SIZE(steps), NULL, NULL);
}

/* A pending signal keeps the task from sleeping; it then handles the signal. */
static void sssw_signal_wakeup(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sssw_set_runnable, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_set_sleepable, sleepable_sssw),
		SCHED_KUNIT_STEP(sssw_signal_pending, signal_wakeup_sssw),
		SCHED_KUNIT_STEP(sssw_switch_in, signal_wakeup_sssw),
		SCHED_KUNIT_STEP(sssw_signal, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_set_sleepable, sleepable_sssw),
		SCHED_KUNIT_STEP(sssw_signal, runnable_sssw),
	};

	sched_kunit_run(test, &sched_kunit_sssw, steps, ARRAY_SIZE(steps), NULL, NULL);
}

/* A wakeup reported once the task is sleepable again is not for this sleep. */
static void sssw_ignores_stale_wakeups(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sssw_set_runnable, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_set_sleepable, sleepable_sssw),
		SCHED_KUNIT_STEP(sssw_stale_wakeup, sleepable_sssw),
		SCHED_KUNIT_STEP(sssw_suspend, sleeping_sssw),
		SCHED_KUNIT_STEP(sssw_stale_wakeup, sleeping_sssw),
		SCHED_KUNIT_STEP(sssw_wakeup, runnable_sssw),
	};

	sssw_follow_stand_in(test);
	sched_kunit_run(test, &sched_kunit_sssw, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static void sssw_sleeps_without_sleepable_state(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sssw_set_runnable, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_suspend, UNSYNCED),
		SCHED_KUNIT_STEP(sssw_wakeup, runnable_sssw),
	};

	sssw_follow_stand_in(test);
	sched_kunit_run(test, &sched_kunit_sssw, steps, ARRAY_SIZE(steps),
			"runnable", "sched_switch_suspend");
}

static void sssw_runs_while_sleeping(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sssw_set_runnable, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_set_sleepable, sleepable_sssw),
		SCHED_KUNIT_STEP(sssw_suspend, sleeping_sssw),
		SCHED_KUNIT_STEP(sssw_switch_in, UNSYNCED),
	};

	sssw_follow_stand_in(test);
	sched_kunit_run(test, &sched_kunit_sssw, steps, ARRAY_SIZE(steps),
			"sleeping", "sched_switch_in");
}

/* Only a wakeup ends a sleep: not a state set by another task. */
static void sssw_state_set_while_sleeping(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sssw_set_runnable, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_set_sleepable, sleepable_sssw),
		SCHED_KUNIT_STEP(sssw_suspend, sleeping_sssw),
		SCHED_KUNIT_STEP(sssw_set_runnable, UNSYNCED),
	};

	sssw_follow_stand_in(test);
	sched_kunit_run(test, &sched_kunit_sssw, steps, ARRAY_SIZE(steps),
			"sleeping", "sched_set_state_runnable");
}

/* Woken by a signal, the task must set a sleepable state again to sleep. */
static void sssw_sleeps_after_signal_wakeup(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(sssw_set_runnable, runnable_sssw),
		SCHED_KUNIT_STEP(sssw_set_sleepable, sleepable_sssw),
		SCHED_KUNIT_STEP(sssw_signal_pending, signal_wakeup_sssw),
		SCHED_KUNIT_STEP(sssw_suspend, UNSYNCED),
	};

	sssw_follow_stand_in(test);
	sched_kunit_run(test, &sched_kunit_sssw, steps, ARRAY_SIZE(steps),
			"signal_wakeup", "sched_switch_suspend");
}

static struct kunit_case sssw_kunit_cases[] = {
	KUNIT_CASE(sssw_waits_for_running),
	KUNIT_CASE(sssw_sleeps_after_setting_sleepable),
	KUNIT_CASE(sssw_woken_before_sleeping),
	KUNIT_CASE(sssw_signal_wakeup),
	KUNIT_CASE(sssw_ignores_stale_wakeups),
	KUNIT_CASE(sssw_sleeps_without_sleepable_state),
	KUNIT_CASE(sssw_runs_while_sleeping),
	KUNIT_CASE(sssw_state_set_while_sleeping),
	KUNIT_CASE(sssw_sleeps_after_signal_wakeup),
	{}
};

static struct kunit_suite sssw_kunit_suite = {
	.name = "rv_sched_sssw",
	.suite_init = sched_kunit_suite_init_sssw,
	.suite_exit = sched_kunit_suite_exit_sssw,
	.init = sched_kunit_init_sssw,
	.test_cases = sssw_kunit_cases,
};

kunit_test_suite(sssw_kunit_suite);
