// SPDX-License-Identifier: GPL-2.0
/*
 * rv_bench_events: fire the events of the wip monitor from a tight loop,
 * for the kernel benchmark's cost of one event, monitored or not. It
 * uses no RV interface, so the same source builds against our kernel and
 * against Debian's.
 *
 * Writing N to the parameter preempt_toggles disables and enables
 * preemption N times, each time firing the preempt_disable and the
 * preempt_enable tracepoints, and leaves in the parameter last_ns the
 * guest nanoseconds the loop took.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/preempt.h>
#include <linux/timekeeping.h>

static unsigned long long last_ns;
module_param(last_ns, ullong, 0444);
MODULE_PARM_DESC(last_ns, "guest nanoseconds the last loop took");

/* a bound on the time one write spends in the loop */
#define MAX_TOGGLES 100000000U

static int preempt_toggles_set(const char *val, const struct kernel_param *kp)
{
	unsigned int count, i;
	u64 start;
	int ret;

	ret = kstrtouint(val, 0, &count);
	if (ret)
		return ret;
	if (!count || count > MAX_TOGGLES)
		return -ERANGE;
	start = ktime_get_ns();
	for (i = 0; i < count; i++) {
		/* the outermost toggle: both fire their tracepoint */
		preempt_disable();
		preempt_enable();
	}
	last_ns = ktime_get_ns() - start;
	return 0;
}

static const struct kernel_param_ops preempt_toggles_ops = {
	.set = preempt_toggles_set,
};
module_param_cb(preempt_toggles, &preempt_toggles_ops, NULL, 0200);
MODULE_PARM_DESC(preempt_toggles, "write N: toggle preemption N times, timed");

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Fires the wip monitor's events from a loop, for the benchmark");
