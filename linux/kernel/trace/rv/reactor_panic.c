// SPDX-License-Identifier: GPL-2.0
/*
 * The panic reactor: stop the system at the first violation, before a
 * kernel that broke its model does any more harm. The panic message is
 * the violation's.
 *
 * Monitors react inside the scheduler, with its locks held, where panic()
 * and its printing would nest the console's locks inside the scheduler's.
 * The first violation is kept and the panic raised from an irq_work, as
 * soon as the interrupted code lets interrupts in again. Later violations
 * find the panic under way and are dropped.
 */
#include <linux/atomic.h>
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/panic.h>
#include <linux/rv.h>
#include <linux/string.h>

static char rv_panic_msg[128];
static atomic_t rv_panic_pending = ATOMIC_INIT(0);

static void rv_panic_now(struct irq_work *work)
{
	panic("%s\n", rv_panic_msg);
}

static struct irq_work rv_panic_work = IRQ_WORK_INIT_HARD(rv_panic_now);

static void rv_panic_react(const char *msg)
{
	/* one message only: the first violation's */
	if (atomic_cmpxchg(&rv_panic_pending, 0, 1))
		return;
	strscpy(rv_panic_msg, msg, sizeof(rv_panic_msg));
	irq_work_queue(&rv_panic_work);
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
	irq_work_sync(&rv_panic_work);
}

module_init(register_reactor_panic);
module_exit(unregister_reactor_panic);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("RV reactor: panic on a violation");
