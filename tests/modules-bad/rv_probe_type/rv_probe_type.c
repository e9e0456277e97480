// SPDX-License-Identifier: GPL-2.0
/*
 * rv_probe_type: a table of handlers that must not build, for the test of
 * RV_PROBE()'s build-time check. As it is, the table is correct and
 * builds; with -DWRONG_HANDLER a handler's prototype does not match its
 * tracepoint's; with -DNO_SUCH_TRACEPOINT the tracepoint does not exist;
 * with -DWRONG_HANDLER_ONE, the same mistake through the one-at-a-time
 * rv_attach_trace_probe() of Linux's RV.
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

static int __maybe_unused attach_one(void)
{
#ifdef WRONG_HANDLER_ONE
	rv_detach_trace_probe("rv_probe_type", sched_switch, handle_sched_switch_wrong);
	return rv_attach_trace_probe("rv_probe_type", sched_switch, handle_sched_switch_wrong);
#else
	rv_detach_trace_probe("rv_probe_type", sched_wakeup, handle_sched_wakeup);
	return rv_attach_trace_probe("rv_probe_type", sched_wakeup, handle_sched_wakeup);
#endif
}

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test of RV_PROBE()'s build-time prototype check");
