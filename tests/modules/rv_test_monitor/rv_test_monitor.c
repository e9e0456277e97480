// SPDX-License-Identifier: GPL-2.0
/*
 * rv_test_monitor: a test-only RV monitor, for testing the RV core's
 * interface before real monitors exist. It follows no event; it counts the
 * calls the core makes to it and lets a test drive the core's API through
 * module parameters.
 */
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/rv.h>
#include <linux/slab.h>
#include <linux/string.h>

static int starts, stops, resets;
module_param(starts, int, 0444);
module_param(stops, int, 0444);
module_param(resets, int, 0444);
MODULE_PARM_DESC(starts, "how often the core started the monitor");

static int start_error;
module_param(start_error, int, 0644);
MODULE_PARM_DESC(start_error, "negative errno for start() to return, 0 to succeed");

static uint desc_len;
module_param(desc_len, uint, 0444);
MODULE_PARM_DESC(desc_len, "length of a long description to register with (0: a short one)");

static int test_start(void)
{
	if (start_error)
		return start_error;
	starts++;
	return 0;
}

static void test_stop(void)
{
	stops++;
	pr_info("rv_test_monitor: stopped\n");
}

static void test_reset(void)
{
	resets++;
}

static struct rv_monitor test_monitor = {
	.name = "rv_test",
	.description = "test-only monitor that follows no event",
	.start = test_start,
	.stop = test_stop,
	.reset = test_reset,
};

/* a second monitor, for tests that enable several */
static struct rv_monitor test_monitor_b = {
	.name = "rv_test_b",
	.description = "second test-only monitor",
	.start = test_start,
	.stop = test_stop,
	.reset = test_reset,
};

/* Writing a message here makes the monitor react with it. */
static int react_set(const char *val, const struct kernel_param *kp)
{
	rv_react(&test_monitor, val);
	return 0;
}

static const struct kernel_param_ops react_ops = {
	.set = react_set,
};
module_param_cb(react, &react_ops, NULL, 0200);
MODULE_PARM_DESC(react, "write a message to react with it");

/*
 * Writing N here makes the monitor react N times with interrupts off, as
 * a burst of violations in a probe would: a reactor that defers its work
 * to an interrupt sees them all before it can run.
 */
static int react_burst_set(const char *val, const struct kernel_param *kp)
{
	unsigned long flags;
	unsigned int n, i;
	int ret;

	ret = kstrtouint(val, 0, &n);
	if (ret || n > 1000)
		return ret ?: -EINVAL;
	local_irq_save(flags);
	for (i = 0; i < n; i++)
		rv_react(&test_monitor, "rv_test: a burst of reactions");
	local_irq_restore(flags);
	return 0;
}

static const struct kernel_param_ops react_burst_ops = {
	.set = react_burst_set,
};
module_param_cb(react_burst, &react_burst_ops, NULL, 0200);
MODULE_PARM_DESC(react_burst, "write N to react N times with interrupts off");

/*
 * Writing a name here tries to register another monitor of that name and
 * records the result in probe_result; a monitor that registers is
 * unregistered at once.
 */
static int probe_result;
module_param(probe_result, int, 0444);

static int probe_set(const char *val, const struct kernel_param *kp)
{
	struct rv_monitor *probe;
	char *name;

	probe = kzalloc(sizeof(*probe), GFP_KERNEL);
	name = kstrdup(val, GFP_KERNEL);
	if (!probe || !name) {
		kfree(probe);
		kfree(name);
		return -ENOMEM;
	}
	probe->name = strim(name);
	probe->description = "probe";
	probe->start = test_start;
	probe->stop = test_stop;
	probe_result = rv_register_monitor(probe);
	if (!probe_result)
		WARN_ON(rv_unregister_monitor(probe));
	kfree(name);
	kfree(probe);
	return 0;
}

static const struct kernel_param_ops probe_ops = {
	.set = probe_set,
};
module_param_cb(probe_name, &probe_ops, NULL, 0200);

/*
 * Writing a name to "hold" registers another monitor of that name, which
 * stays until something is written to "drop": it is then unregistered and
 * freed, as a module's monitor is when its module goes. For tests of its
 * files held open across that.
 */
static struct rv_monitor *held;

static int hold_set(const char *val, const struct kernel_param *kp)
{
	struct rv_monitor *monitor;
	int ret;

	if (held)
		return -EBUSY;
	monitor = kzalloc(sizeof(*monitor), GFP_KERNEL);
	if (!monitor)
		return -ENOMEM;
	monitor->name = kstrdup(val, GFP_KERNEL);
	if (!monitor->name) {
		kfree(monitor);
		return -ENOMEM;
	}
	strim((char *)monitor->name);
	monitor->description = "held test monitor";
	monitor->start = test_start;
	monitor->stop = test_stop;
	ret = rv_register_monitor(monitor);
	if (ret) {
		kfree(monitor->name);
		kfree(monitor);
		return ret;
	}
	held = monitor;
	return 0;
}

static const struct kernel_param_ops hold_ops = {
	.set = hold_set,
};
module_param_cb(hold, &hold_ops, NULL, 0200);
MODULE_PARM_DESC(hold, "register a monitor of this name until drop is written");

static void drop_held(void)
{
	const char *name;

	if (!held)
		return;
	name = held->name;
	WARN_ON(rv_unregister_monitor(held));
	/* poison it, so that a use after this shows at once */
	memset(held, 0x6b, sizeof(*held));
	kfree(held);
	kfree(name);
	held = NULL;
}

static int drop_set(const char *val, const struct kernel_param *kp)
{
	if (!held)
		return -ENOENT;
	drop_held();
	return 0;
}

static const struct kernel_param_ops drop_ops = {
	.set = drop_set,
};
module_param_cb(drop, &drop_ops, NULL, 0200);
MODULE_PARM_DESC(drop, "unregister and free the monitor registered by hold");

static char *long_desc;

static int __init rv_test_monitor_init(void)
{
	int ret;

	if (desc_len) {
		long_desc = kmalloc(desc_len + 1, GFP_KERNEL);
		if (!long_desc)
			return -ENOMEM;
		memset(long_desc, 'd', desc_len);
		long_desc[desc_len - 1] = 'z';
		long_desc[desc_len] = '\0';
		test_monitor.description = long_desc;
	}
	ret = rv_register_monitor(&test_monitor);
	if (ret)
		goto out_free;
	ret = rv_register_monitor(&test_monitor_b);
	if (ret) {
		rv_unregister_monitor(&test_monitor);
		goto out_free;
	}
	return 0;
out_free:
	kfree(long_desc);
	return ret;
}
module_init(rv_test_monitor_init);

static void __exit rv_test_monitor_exit(void)
{
	drop_held();
	WARN_ON(rv_unregister_monitor(&test_monitor_b));
	WARN_ON(rv_unregister_monitor(&test_monitor));
	kfree(long_desc);
}
module_exit(rv_test_monitor_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test-only RV monitor");
