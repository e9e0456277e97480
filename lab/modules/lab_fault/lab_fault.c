// SPDX-License-Identifier: GPL-2.0
/*
 * lab_fault: a test-only module that makes the kernel misbehave on request,
 * so that the lab can show it notices: loading it with action=warn raises
 * a WARNING, action=panic panics, action=irq_fault faults in a timer
 * callback (an invalid opcode: an oops that says neither BUG nor WARNING,
 * which oops=panic turns into a panic in interrupt).
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/panic.h>
#include <linux/string.h>
#include <linux/timer.h>

static char *action = "none";
module_param(action, charp, 0400);
MODULE_PARM_DESC(action, "what to do when loaded: none, warn, panic or irq_fault");

static struct timer_list lab_fault_timer;

/* x86 only, as the lab is: an undefined instruction that is no BUG() */
static void lab_fault_timer_fn(struct timer_list *timer)
{
	asm volatile("ud2");
}

static int __init lab_fault_init(void)
{
	if (!strcmp(action, "warn")) {
		WARN(1, "lab_fault: warning on request\n");
	} else if (!strcmp(action, "panic")) {
		panic("lab_fault: panic on request\n");
	} else if (!strcmp(action, "irq_fault")) {
		/* the guest dies when the timer fires: no unload races it */
		timer_setup(&lab_fault_timer, lab_fault_timer_fn, 0);
		mod_timer(&lab_fault_timer, jiffies + 1);
	} else if (strcmp(action, "none")) {
		return -EINVAL;
	}
	return 0;
}
module_init(lab_fault_init);

static void __exit lab_fault_exit(void)
{
}
module_exit(lab_fault_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test-only: raise a warning or a panic on request");
