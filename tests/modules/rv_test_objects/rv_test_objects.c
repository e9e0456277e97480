// SPDX-License-Identifier: GPL-2.0
/*
 * rv_test_objects: a test-only per-object monitor, tobj, a child of the
 * test container sched (load rv_test_container first). Its objects are
 * made up by the module: writing N to "run" creates N objects, takes and
 * gives back each, then destroys them, as the events of tobj's model
 * (tobj.dot); the objects of one write are all alive at the same time.
 * Several writers may run at once, each with objects of its own.
 */
#include <linux/atomic.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/rcupdate.h>
#include <linux/rv.h>
#include <linux/slab.h>

#include "model.h"
#include "rv_test_sched.h"

#define CREATE_TRACE_POINTS
#include "tobj_trace.h"

#include <rv/da_monitor.h>

/* how many objects tobj can follow at once, by default */
#define TOBJ_CAPACITY	256

static unsigned int tobj_capacity = TOBJ_CAPACITY;
module_param_named(capacity, tobj_capacity, uint, 0444);
MODULE_PARM_DESC(capacity, "how many objects tobj follows at once (256)");

static struct rv_monitor rv_tobj;
DECLARE_DA_MON_PER_OBJ(tobj, unsigned char, tobj_capacity);

static atomic_t tobj_next_id = ATOMIC_INIT(0);

/* The life of @count objects, alive together, from their creation on. */
static int tobj_run(unsigned int count, bool bad)
{
	unsigned int i;
	int *ids;

	ids = kmalloc_array(count, sizeof(*ids), GFP_KERNEL);
	if (!ids)
		return -ENOMEM;
	for (i = 0; i < count; i++) {
		ids[i] = atomic_inc_return(&tobj_next_id);
		da_handle_init_event_tobj(ids[i], create_tobj);
	}
	for (i = 0; i < count; i++) {
		da_handle_event_tobj(ids[i], get_tobj);
		/* a bad run destroys its objects while they are held */
		if (!bad)
			da_handle_event_tobj(ids[i], put_tobj);
		cond_resched();
	}
	for (i = 0; i < count; i++) {
		da_handle_event_tobj(ids[i], destroy_tobj);
		da_monitor_forget_tobj(ids[i]);
	}
	kfree(ids);
	/* the instances are back in the pool when the write returns: tests count drops */
	rcu_barrier();
	return 0;
}

static int run_set(const char *val, const struct kernel_param *kp)
{
	unsigned int count;
	int ret;

	ret = kstrtouint(val, 0, &count);
	if (ret || count > 100000)
		return ret ?: -EINVAL;
	return tobj_run(count, kp->arg);
}

static const struct kernel_param_ops run_ops = {
	.set = run_set,
};
module_param_cb(run, &run_ops, NULL, 0200);
MODULE_PARM_DESC(run, "run the life of this many objects, alive together");
module_param_cb(run_bad, &run_ops, (void *)1, 0200);
MODULE_PARM_DESC(run_bad, "the same, each destroyed while held: a violation each");

/* Writing N to "keep" creates N objects that stay until the monitor stops. */
static int keep_set(const char *val, const struct kernel_param *kp)
{
	unsigned int count, i;
	int ret;

	ret = kstrtouint(val, 0, &count);
	if (ret || count > 100000)
		return ret ?: -EINVAL;
	for (i = 0; i < count; i++)
		da_handle_init_event_tobj(atomic_inc_return(&tobj_next_id), create_tobj);
	return 0;
}

static const struct kernel_param_ops keep_ops = {
	.set = keep_set,
};
module_param_cb(keep, &keep_ops, NULL, 0200);
MODULE_PARM_DESC(keep, "create this many objects and leave them alive");

/*
 * Witnesses of tobj's instances that do not read its statistics: "live"
 * counts the instances in its table's hash buckets (the objects followed
 * now), "pool_used" those missing from its free pool, once the instances
 * waiting for their grace period are back (live ones, and any lost on
 * the way back). Both are 0 while tobj has no table.
 */
static unsigned int tobj_live(struct rv_objects *objects)
{
	unsigned int i, count = 0;
	struct rv_object *object;
	unsigned long flags;

	for (i = 0; i < 1U << objects->bits; i++) {
		raw_spin_lock_irqsave(&objects->lock, flags);
		hlist_for_each_entry(object, &objects->buckets[i], node)
			count++;
		raw_spin_unlock_irqrestore(&objects->lock, flags);
	}
	return count;
}

static unsigned int tobj_pool_used(struct rv_objects *objects)
{
	unsigned int free = 0;
	struct rv_object *object;
	unsigned long flags;

	raw_spin_lock_irqsave(&objects->lock, flags);
	hlist_for_each_entry(object, &objects->free, node)
		free++;
	raw_spin_unlock_irqrestore(&objects->lock, flags);
	return rv_tobj.objects_capacity - free;
}

static int instances_get(char *buffer, const struct kernel_param *kp)
{
	unsigned int (*count)(struct rv_objects *objects) = kp->arg;
	struct rv_objects *objects;
	unsigned int n = 0;

	/* the instances released lately back in the pool */
	rcu_barrier();
	/* the table is freed a grace period after it is unpublished */
	rcu_read_lock();
	objects = READ_ONCE(da_objects_tobj);
	if (objects)
		n = count(objects);
	rcu_read_unlock();
	return sysfs_emit(buffer, "%u\n", n);
}

static const struct kernel_param_ops instances_ops = {
	.get = instances_get,
};
module_param_cb(live, &instances_ops, tobj_live, 0444);
MODULE_PARM_DESC(live, "how many instances tobj's table holds, by its hash buckets");
module_param_cb(pool_used, &instances_ops, tobj_pool_used, 0444);
MODULE_PARM_DESC(pool_used, "how many instances are missing from tobj's free pool");

static int start_tobj(void)
{
	return da_monitor_init_tobj();
}

static void stop_tobj(void)
{
	da_monitor_destroy_tobj();
}

static struct rv_monitor rv_tobj = {
	.name = "tobj",
	.description = "test-only per-object monitor of made-up objects",
	.start = start_tobj,
	.stop = stop_tobj,
	.reset = da_monitor_reset_all_tobj,
};

static int __init rv_test_objects_init(void)
{
	return rv_register_monitor(&rv_tobj, &rv_sched);
}
module_init(rv_test_objects_init);

static void __exit rv_test_objects_exit(void)
{
	rv_unregister_monitor(&rv_tobj);
}
module_exit(rv_test_objects_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test-only per-object RV monitor");
