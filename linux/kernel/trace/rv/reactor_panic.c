// SPDX-License-Identifier: GPL-2.0
/*
 * The panic reactor: stop the system at the first violation, before a
 * kernel that broke its model does any more harm. The panic message is
 * the violation's.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/panic.h>
#include <linux/rv.h>

static void rv_panic_react(const char *msg)
{
	panic("%s\n", msg);
}

static struct rv_reactor rv_panic = {
	.name = "panic",
	.description = "panics the system with the violation as message",
	.react = rv_panic_react,
};

static int __init register_reactor_panic(void)
{
	return rv_register_reactor(&rv_panic);
}

static void __exit unregister_reactor_panic(void)
{
	rv_unregister_reactor(&rv_panic);
}

module_init(register_reactor_panic);
module_exit(unregister_reactor_panic);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("RV reactor: panic on a violation");
