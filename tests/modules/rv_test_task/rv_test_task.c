// SPDX-License-Identifier: GPL-2.0
/*
 * rv_test_task: a test-only per-task monitor on the scheduler's
 * tracepoints, with the wwnr model, built as a module.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/rv.h>
#include <linux/sched.h>
#include <rv/instrumentation.h>

#include "model.h"

#define CREATE_TRACE_POINTS
#include "rv_test_task_trace.h"

#include <rv/da_monitor.h>

DECLARE_DA_MON_PER_TASK(rv_test_task, unsigned char);

static void handle_switch(void *data, bool preempt, struct task_struct *prev,
			  struct task_struct *next, unsigned int prev_state)
{
	da_handle_init_event_rv_test_task(prev, switch_out_rv_test_task);
	da_handle_event_rv_test_task(next, switch_in_rv_test_task);
}

static void handle_wakeup(void *data, struct task_struct *p)
{
	da_handle_event_rv_test_task(p, wakeup_rv_test_task);
}

static struct rv_probe probes[] = {
	RV_PROBE("sched_switch", handle_switch),
	RV_PROBE("sched_wakeup", handle_wakeup),
};

static int start_rv_test_task(void)
{
	int ret;

	ret = da_monitor_init_rv_test_task();
	if (ret)
		return ret;
	ret = rv_attach_probes(probes, ARRAY_SIZE(probes));
	if (ret)
		da_monitor_destroy_rv_test_task();
	return ret;
}

static void stop_rv_test_task(void)
{
	rv_detach_probes(probes, ARRAY_SIZE(probes));
	da_monitor_destroy_rv_test_task();
}

static struct rv_monitor rv_rv_test_task = {
	.name = "rv_test_task",
	.description = "test-only per-task monitor: wakeup while not running",
	.start = start_rv_test_task,
	.stop = stop_rv_test_task,
	.reset = da_monitor_reset_all_rv_test_task,
};

static int __init rv_test_task_init(void)
{
	return rv_register_monitor(&rv_rv_test_task);
}
module_init(rv_test_task_init);

static void __exit rv_test_task_exit(void)
{
	rv_unregister_monitor(&rv_rv_test_task);
}
module_exit(rv_test_task_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test-only per-task RV monitor");
