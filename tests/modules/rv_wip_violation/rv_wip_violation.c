// SPDX-License-Identifier: GPL-2.0
/*
 * rv_wip_violation: a test-only module that makes a wakeup the wip model
 * forbids. It disables preemption without telling the tracepoints
 * (preempt_disable_notrace()), so that, to the monitor, the CPU is still
 * preemptive when a task is woken up.
 */
#include <linux/delay.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/sched.h>

static int sleeper(void *unused)
{
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

static int __init rv_wip_violation_init(void)
{
	struct task_struct *task;

	task = kthread_run(sleeper, NULL, "rv_wip_sleeper");
	if (IS_ERR(task))
		return PTR_ERR(task);
	msleep(20);
	preempt_disable_notrace();
	wake_up_process(task);
	preempt_enable_notrace();
	kthread_stop(task);
	return 0;
}
module_init(rv_wip_violation_init);

static void __exit rv_wip_violation_exit(void)
{
}
module_exit(rv_wip_violation_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test-only: a wakeup that the wip model forbids");
