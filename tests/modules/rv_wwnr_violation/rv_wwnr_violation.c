// SPDX-License-Identifier: GPL-2.0
/*
 * rv_wwnr_violation: a test-only module that makes wakeups the wwnr model
 * forbids, a given number of them: the loading task wakes itself up
 * while it runs, as a task does when the condition it is about to wait
 * for comes true before it sleeps.
 */
#include <linux/delay.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/sched.h>

static unsigned int wakeups = 1;
module_param(wakeups, uint, 0444);
MODULE_PARM_DESC(wakeups, "how many wakeups of a running task to make");

static int __init rv_wwnr_violation_init(void)
{
	unsigned int i;

	for (i = 0; i < wakeups; i++) {
		/* switched out and in: the monitor follows this task, running */
		usleep_range(1000, 2000);
		set_current_state(TASK_INTERRUPTIBLE);
		wake_up_process(current);
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}
module_init(rv_wwnr_violation_init);

static void __exit rv_wwnr_violation_exit(void)
{
}
module_exit(rv_wwnr_violation_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test-only: wakeups of a running task, which the wwnr model forbids");
