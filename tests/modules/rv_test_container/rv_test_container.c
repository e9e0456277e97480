// SPDX-License-Identifier: GPL-2.0
/*
 * rv_test_container: a test-only container, "sched", with two children
 * that follow no event and count the calls the core makes to them. Module
 * parameters let a test drive the registration API: the refusals of
 * nesting, of a missing container and of unregistering a container that
 * has children, and a child that registers late.
 *
 * The container is exported as rv_sched, the name a monitor of the merged
 * Linux RV's sched collection registers under.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/rv.h>
#include <linux/string.h>

struct rv_monitor rv_sched = {
	.name = "sched",
	.description = "test-only container of scheduler monitors",
};
EXPORT_SYMBOL_GPL(rv_sched);

static int starts_a, stops_a, starts_b, stops_b;
module_param(starts_a, int, 0444);
module_param(stops_a, int, 0444);
module_param(starts_b, int, 0444);
module_param(stops_b, int, 0444);

static int start_error_b;
module_param(start_error_b, int, 0644);
MODULE_PARM_DESC(start_error_b, "negative errno for child_b's start() to return");

static int start_a(void)
{
	starts_a++;
	return 0;
}

static void stop_a(void)
{
	stops_a++;
}

static int start_b(void)
{
	if (start_error_b)
		return start_error_b;
	starts_b++;
	return 0;
}

static void stop_b(void)
{
	stops_b++;
}

static struct rv_monitor child_a = {
	.name = "child_a",
	.description = "first test-only child",
	.start = start_a,
	.stop = stop_a,
};

/* the field names of the merged Linux RV */
static struct rv_monitor child_b = {
	.name = "child_b",
	.description = "second test-only child",
	.enable = start_b,
	.disable = stop_b,
};

static struct rv_monitor child_late = {
	.name = "child_late",
	.description = "test-only child that registers late",
	.start = start_a,
	.stop = stop_a,
};

/* Writing a message here makes child_a react with it. */
static int react_a_set(const char *val, const struct kernel_param *kp)
{
	rv_react(&child_a, val);
	return 0;
}

static const struct kernel_param_ops react_a_ops = {
	.set = react_a_set,
};
module_param_cb(react_a, &react_a_ops, NULL, 0200);

/* the result of the last attempt written to "attempt" */
static int attempt_result;
module_param(attempt_result, int, 0444);

static struct rv_monitor outsider = {
	.name = "outsider",
	.description = "test-only container, never registered",
};

/*
 * Writing one of these words to "attempt" tries what it says and records
 * the result in attempt_result; what registers is unregistered at once.
 *	nested:		a container under sched
 *	orphan:		a child under a container that is not registered
 *	under_child:	a child under child_a, which is not a container
 *	duplicate:	a second monitor named child_a, under sched
 *	unregister:	sched, which has children
 */
static int attempt_set(const char *val, const struct kernel_param *kp)
{
	struct rv_monitor probe = {
		.description = "test-only probe",
		.start = start_a,
		.stop = stop_a,
	};
	struct rv_monitor *parent = &rv_sched;

	if (sysfs_streq(val, "unregister")) {
		attempt_result = rv_unregister_monitor(&rv_sched);
		if (!attempt_result)
			attempt_result = rv_register_monitor(&rv_sched, NULL) ?: -EBADE;
		return 0;
	}
	if (sysfs_streq(val, "nested")) {
		probe.name = "nested";
		probe.start = NULL;
		probe.stop = NULL;
	} else if (sysfs_streq(val, "orphan")) {
		probe.name = "orphan";
		parent = &outsider;
	} else if (sysfs_streq(val, "under_child")) {
		probe.name = "under_child";
		parent = &child_a;
	} else if (sysfs_streq(val, "duplicate")) {
		probe.name = "child_a";
	} else {
		return -EINVAL;
	}
	attempt_result = rv_register_monitor(&probe, parent);
	if (!attempt_result)
		WARN_ON(rv_unregister_monitor(&probe));
	return 0;
}

static const struct kernel_param_ops attempt_ops = {
	.set = attempt_set,
};
module_param_cb(attempt, &attempt_ops, NULL, 0200);

/* Writing 1 to "late" registers child_late under sched, 0 unregisters it. */
static bool late_registered;

static int late_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret;

	ret = kstrtobool(val, &on);
	if (ret || on == late_registered)
		return ret ?: -EALREADY;
	ret = on ? rv_register_monitor(&child_late, &rv_sched) :
		   rv_unregister_monitor(&child_late);
	if (!ret)
		late_registered = on;
	return ret;
}

static const struct kernel_param_ops late_ops = {
	.set = late_set,
};
module_param_cb(late, &late_ops, NULL, 0200);

static int __init rv_test_container_init(void)
{
	int ret;

	ret = rv_register_monitor(&rv_sched, NULL);
	if (ret)
		return ret;
	ret = rv_register_monitor(&child_a, &rv_sched);
	if (ret)
		goto out_container;
	ret = rv_register_monitor(&child_b, &rv_sched);
	if (ret)
		goto out_child_a;
	return 0;
out_child_a:
	rv_unregister_monitor(&child_a);
out_container:
	rv_unregister_monitor(&rv_sched);
	return ret;
}
module_init(rv_test_container_init);

static void __exit rv_test_container_exit(void)
{
	if (late_registered)
		WARN_ON(rv_unregister_monitor(&child_late));
	WARN_ON(rv_unregister_monitor(&child_b));
	WARN_ON(rv_unregister_monitor(&child_a));
	WARN_ON(rv_unregister_monitor(&rv_sched));
}
module_exit(rv_test_container_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test-only RV container with two children");
