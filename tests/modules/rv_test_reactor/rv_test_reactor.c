// SPDX-License-Identifier: GPL-2.0
/*
 * rv_test_reactor: a test-only RV reactor. It records the reactions it
 * gets and lets a test try to unregister it while a monitor uses it.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/rv.h>
#include <linux/string.h>

static int reactions;
module_param(reactions, int, 0444);
MODULE_PARM_DESC(reactions, "how many reactions the reactor got");

static char last_msg[128];
module_param_string(last_msg, last_msg, sizeof(last_msg), 0444);
MODULE_PARM_DESC(last_msg, "the message of the last reaction");

static void test_react(const char *msg)
{
	reactions++;
	strscpy(last_msg, msg, sizeof(last_msg));
}

static struct rv_reactor test_reactor = {
	.name = "rv_test_react",
	.description = "test-only reactor that records reactions",
	.react = test_react,
};

static bool registered;

/* Writing anything here tries to unregister the reactor. */
static int unregister_result;
module_param(unregister_result, int, 0444);

static int unregister_set(const char *val, const struct kernel_param *kp)
{
	unregister_result = rv_unregister_reactor(&test_reactor);
	if (!unregister_result)
		registered = false;
	return 0;
}

static const struct kernel_param_ops unregister_ops = {
	.set = unregister_set,
};
module_param_cb(unregister, &unregister_ops, NULL, 0200);

static int __init rv_test_reactor_init(void)
{
	int ret;

	ret = rv_register_reactor(&test_reactor);
	registered = !ret;
	return ret;
}
module_init(rv_test_reactor_init);

static void __exit rv_test_reactor_exit(void)
{
	if (registered)
		WARN_ON(rv_unregister_reactor(&test_reactor));
}
module_exit(rv_test_reactor_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test-only RV reactor");
