// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of the opid monitor, included at the end of opid.c: its
 * handlers fed sequences of events, on this CPU's instance (see
 * ../sched/sched_kunit.h).
 */
#include "../sched/sched_kunit.h"

DECLARE_SCHED_KUNIT(opid, this_cpu_ptr(&da_mon_opid))

static void opid_irq_disable(struct sched_kunit_tasks *tasks)
{
	handle_irq_disable(NULL, _THIS_IP_, _RET_IP_);
}

static void opid_irq_enable(struct sched_kunit_tasks *tasks)
{
	handle_irq_enable(NULL, _THIS_IP_, _RET_IP_);
}

static void opid_preempt_disable(struct sched_kunit_tasks *tasks)
{
	handle_preempt_disable(NULL, _THIS_IP_, _RET_IP_);
}

static void opid_preempt_enable(struct sched_kunit_tasks *tasks)
{
	handle_preempt_enable(NULL, _THIS_IP_, _RET_IP_);
}

/* the current task wakes another */
static void opid_waking(struct sched_kunit_tasks *tasks)
{
	handle_sched_waking(NULL, tasks->other);
}

/* the current task wakes itself */
static void opid_self_waking(struct sched_kunit_tasks *tasks)
{
	handle_sched_waking(NULL, current);
}

static void opid_need_resched(struct sched_kunit_tasks *tasks)
{
	handle_sched_need_resched(NULL, tasks->other, smp_processor_id(), TIF_NEED_RESCHED);
}

/* the current task flags another CPU's (no CPU has this number + 1 as well) */
static void opid_remote_need_resched(struct sched_kunit_tasks *tasks)
{
	handle_sched_need_resched(NULL, tasks->other, smp_processor_id() + 1, TIF_NEED_RESCHED);
}

static void opid_switch(struct sched_kunit_tasks *tasks)
{
	handle_sched_switch(NULL, false, tasks->task, tasks->other, TASK_INTERRUPTIBLE);
}

/*
 * An interrupt that wakes a task and sets need-resched: its entry and
 * return change the interrupt state; what it does runs with preemption
 * disabled by its own count, which the model does not follow.
 */
static void opid_interrupt_fn(struct sched_kunit_tasks *tasks)
{
	handle_irq_disable(NULL, _THIS_IP_, _RET_IP_);
	handle_preempt_disable(NULL, _THIS_IP_, _RET_IP_);
	handle_sched_waking(NULL, tasks->other);
	handle_sched_need_resched(NULL, tasks->other, smp_processor_id(), TIF_NEED_RESCHED);
	handle_preempt_enable(NULL, _THIS_IP_, _RET_IP_);
	handle_irq_enable(NULL, _THIS_IP_, _RET_IP_);
}

static void opid_interrupt(struct sched_kunit_tasks *tasks)
{
	sched_kunit_in_irq(opid_interrupt_fn, tasks);
}

/* Until a switch, nothing is known. */
static void opid_waits_for_switch(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(opid_irq_enable, UNSYNCED),
		SCHED_KUNIT_STEP(opid_preempt_enable, UNSYNCED),
		SCHED_KUNIT_STEP(opid_waking, UNSYNCED),
		SCHED_KUNIT_STEP(opid_switch, disabled_opid),
	};

	sched_kunit_run(test, &sched_kunit_opid, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static void opid_operations_with_both_disabled(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(opid_switch, disabled_opid),
		SCHED_KUNIT_STEP(opid_waking, disabled_opid),
		SCHED_KUNIT_STEP(opid_need_resched, disabled_opid),
		SCHED_KUNIT_STEP(opid_preempt_enable, irq_disabled_opid),
		SCHED_KUNIT_STEP(opid_irq_enable, enabled_opid),
		SCHED_KUNIT_STEP(opid_preempt_disable, preempt_disabled_opid),
		SCHED_KUNIT_STEP(opid_irq_disable, disabled_opid),
		SCHED_KUNIT_STEP(opid_waking, disabled_opid),
		SCHED_KUNIT_STEP(opid_irq_enable, preempt_disabled_opid),
		SCHED_KUNIT_STEP(opid_preempt_enable, enabled_opid),
		SCHED_KUNIT_STEP(opid_irq_disable, irq_disabled_opid),
		SCHED_KUNIT_STEP(opid_need_resched, irq_disabled_opid),
		SCHED_KUNIT_STEP(opid_preempt_disable, disabled_opid),
		SCHED_KUNIT_STEP(opid_switch, disabled_opid),
	};

	sched_kunit_run(test, &sched_kunit_opid, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static void opid_wakeup_with_preemption_enabled(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(opid_switch, disabled_opid),
		SCHED_KUNIT_STEP(opid_preempt_enable, irq_disabled_opid),
		SCHED_KUNIT_STEP(opid_waking, UNSYNCED),
		SCHED_KUNIT_STEP(opid_irq_enable, UNSYNCED),
		SCHED_KUNIT_STEP(opid_switch, disabled_opid),
	};

	sched_kunit_run(test, &sched_kunit_opid, steps, ARRAY_SIZE(steps),
			"irq_disabled", "sched_waking");
}

static void opid_wakeup_with_interrupts_enabled(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(opid_switch, disabled_opid),
		SCHED_KUNIT_STEP(opid_irq_enable, preempt_disabled_opid),
		SCHED_KUNIT_STEP(opid_waking, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_opid, steps, ARRAY_SIZE(steps),
			"preempt_disabled", "sched_waking");
}

static void opid_need_resched_with_interrupts_enabled(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(opid_switch, disabled_opid),
		SCHED_KUNIT_STEP(opid_irq_enable, preempt_disabled_opid),
		SCHED_KUNIT_STEP(opid_need_resched, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_opid, steps, ARRAY_SIZE(steps),
			"preempt_disabled", "sched_need_resched");
}

/* The tracer reports the count leaving zero once: twice, one return went unseen. */
static void opid_preempt_disable_twice(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(opid_switch, disabled_opid),
		SCHED_KUNIT_STEP(opid_preempt_disable, UNSYNCED),
	};

	sched_kunit_run(test, &sched_kunit_opid, steps, ARRAY_SIZE(steps),
			"disabled", "preempt_disable");
}

/* A task that wakes itself does so with preemption disabled only: no event. */
static void opid_ignores_self_wakeup(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(opid_switch, disabled_opid),
		SCHED_KUNIT_STEP(opid_irq_enable, preempt_disabled_opid),
		SCHED_KUNIT_STEP(opid_self_waking, preempt_disabled_opid),
		SCHED_KUNIT_STEP(opid_preempt_enable, enabled_opid),
	};

	sched_kunit_run(test, &sched_kunit_opid, steps, ARRAY_SIZE(steps), NULL, NULL);
}

/*
 * Need-resched for another CPU, as when an IPI to a polling idle CPU is
 * left out, says nothing of this CPU's state: no event.
 */
static void opid_ignores_remote_need_resched(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(opid_switch, disabled_opid),
		SCHED_KUNIT_STEP(opid_irq_enable, preempt_disabled_opid),
		SCHED_KUNIT_STEP(opid_remote_need_resched, preempt_disabled_opid),
		SCHED_KUNIT_STEP(opid_preempt_enable, enabled_opid),
		SCHED_KUNIT_STEP(opid_remote_need_resched, enabled_opid),
	};

	sched_kunit_run(test, &sched_kunit_opid, steps, ARRAY_SIZE(steps), NULL, NULL);
}

/* What an interrupt does, with preemption enabled in the task, is no violation. */
static void opid_interrupt_wakes_a_task(struct kunit *test)
{
	static const struct sched_kunit_step steps[] = {
		SCHED_KUNIT_STEP(opid_switch, disabled_opid),
		SCHED_KUNIT_STEP(opid_preempt_enable, irq_disabled_opid),
		SCHED_KUNIT_STEP(opid_irq_enable, enabled_opid),
		SCHED_KUNIT_STEP(opid_interrupt, enabled_opid),
		SCHED_KUNIT_STEP(opid_preempt_disable, preempt_disabled_opid),
		SCHED_KUNIT_STEP(opid_interrupt, preempt_disabled_opid),
		SCHED_KUNIT_STEP(opid_irq_disable, disabled_opid),
		SCHED_KUNIT_STEP(opid_switch, disabled_opid),
	};

	sched_kunit_run(test, &sched_kunit_opid, steps, ARRAY_SIZE(steps), NULL, NULL);
}

static struct kunit_case opid_kunit_cases[] = {
	KUNIT_CASE(opid_waits_for_switch),
	KUNIT_CASE(opid_operations_with_both_disabled),
	KUNIT_CASE(opid_wakeup_with_preemption_enabled),
	KUNIT_CASE(opid_wakeup_with_interrupts_enabled),
	KUNIT_CASE(opid_need_resched_with_interrupts_enabled),
	KUNIT_CASE(opid_preempt_disable_twice),
	KUNIT_CASE(opid_ignores_self_wakeup),
	KUNIT_CASE(opid_ignores_remote_need_resched),
	KUNIT_CASE(opid_interrupt_wakes_a_task),
	{}
};

static struct kunit_suite opid_kunit_suite = {
	.name = "rv_sched_opid",
	.suite_init = sched_kunit_suite_init_opid,
	.suite_exit = sched_kunit_suite_exit_opid,
	.init = sched_kunit_init_opid,
	.test_cases = opid_kunit_cases,
};

kunit_test_suite(opid_kunit_suite);
