// SPDX-License-Identifier: GPL-2.0
/*
 * The printk reactor: print the violation to the kernel log.
 *
 * Monitors react from the context of the event, often inside the
 * scheduler with its locks held, where printk() could wake the console's
 * waiters and deadlock on those locks. The message is queued on the
 * current CPU and printed from an irq_work, outside of them. A CPU keeps
 * a few messages; past that, violations are counted and the count printed
 * instead.
 */
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/rv.h>
#include <linux/string.h>

#define RV_PRINTK_QUEUE		8
#define RV_PRINTK_MSG_LEN	128

struct rv_printk_queue {
	struct irq_work		work;
	unsigned int		head;	/* next slot to fill */
	unsigned int		tail;	/* next slot to print */
	unsigned long		dropped;
	char			msgs[RV_PRINTK_QUEUE][RV_PRINTK_MSG_LEN];
};

static DEFINE_PER_CPU(struct rv_printk_queue, rv_printk_queues);

/*
 * Runs on the CPU that queued: in hard interrupt context, or, on
 * PREEMPT_RT, in that CPU's irq_work thread, where a violation can
 * interrupt it. The queue is touched with interrupts off, as in
 * rv_printk_react(); the printing is done with them on.
 */
static void rv_printk_flush(struct irq_work *work)
{
	struct rv_printk_queue *q = container_of(work, struct rv_printk_queue, work);
	char msg[RV_PRINTK_MSG_LEN];
	unsigned long flags, dropped;

	for (;;) {
		local_irq_save(flags);
		if (q->tail == q->head) {
			dropped = q->dropped;
			q->dropped = 0;
			local_irq_restore(flags);
			break;
		}
		memcpy(msg, q->msgs[q->tail % RV_PRINTK_QUEUE], sizeof(msg));
		q->tail++;
		local_irq_restore(flags);
		pr_warn("%s\n", msg);
	}
	if (dropped)
		pr_warn("rv: %lu more violations not printed\n", dropped);
}

static void rv_printk_react(const char *msg)
{
	struct rv_printk_queue *q;
	unsigned long flags;

	local_irq_save(flags);
	q = this_cpu_ptr(&rv_printk_queues);
	if (q->head - q->tail < RV_PRINTK_QUEUE) {
		strscpy(q->msgs[q->head % RV_PRINTK_QUEUE], msg, RV_PRINTK_MSG_LEN);
		q->head++;
	} else {
		q->dropped++;
	}
	irq_work_queue(&q->work);
	local_irq_restore(flags);
}

static struct rv_reactor rv_printk = {
	.name = "printk",
	.description = "prints the violation to the kernel log",
	.react = rv_printk_react,
};

static int __init register_reactor_printk(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		init_irq_work(&per_cpu(rv_printk_queues, cpu).work, rv_printk_flush);
	return rv_register_reactor(&rv_printk);
}

static void __exit unregister_reactor_printk(void)
{
	int cpu;

	rv_unregister_reactor(&rv_printk);
	for_each_possible_cpu(cpu)
		irq_work_sync(&per_cpu(rv_printk_queues, cpu).work);
}

module_init(register_reactor_printk);
module_exit(unregister_reactor_printk);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("RV reactor: print the violation to the kernel log");
