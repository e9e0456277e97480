// SPDX-License-Identifier: GPL-2.0
/*
 * rv_probe_type: a table of handlers that must not build, for the test of
 * RV_PROBE()'s build-time check. As it is, the table is correct and
 * builds; with -DWRONG_HANDLER a handler's prototype does not match its
 * tracepoint's; with -DNO_SUCH_TRACEPOINT the tracepoint does not exist.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <rv/instrumentation.h>
#include <trace/events/sched.h>

static void handle_sched_wakeup(void *data, struct task_struct *task)
{
}

/* sched_switch's probe takes (data, preempt, prev, next, prev_state) */
static void __maybe_unused handle_sched_switch_wrong(void *data, struct task_struct *task)
{
}

static struct rv_probe probes[] __used = {
	RV_PROBE(sched_wakeup, handle_sched_wakeup),
#ifdef WRONG_HANDLER
	RV_PROBE(sched_switch, handle_sched_switch_wrong),
#endif
#ifdef NO_SUCH_TRACEPOINT
	RV_PROBE(sched_no_such_event, handle_sched_wakeup),
#endif
};

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test of RV_PROBE()'s build-time prototype check");
