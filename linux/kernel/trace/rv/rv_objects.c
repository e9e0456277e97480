// SPDX-License-Identifier: GPL-2.0
/*
 * The instances of per-object DA monitors: see <rv/objects.h>.
 */
#include <linux/bitops.h>
#include <linux/hash.h>
#include <linux/module.h>
#include <linux/rculist.h>
#include <linux/rv.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/tracepoint.h>
#include <rv/objects.h>

static struct hlist_head *rv_object_bucket(struct rv_objects *objects, unsigned long id)
{
	return &objects->buckets[hash_long(id, objects->bits)];
}

/**
 * rv_objects_create - create the instances of a per-object monitor
 * @monitor:	the monitor, registered, starting
 * @capacity:	how many objects it can follow at the same time
 *
 * Context: process context, from the monitor's start().
 * Return: the table, or NULL when out of memory.
 */
struct rv_objects *rv_objects_create(struct rv_monitor *monitor, unsigned int capacity)
{
	struct rv_objects *objects;
	unsigned int i;

	objects = kzalloc(sizeof(*objects), GFP_KERNEL);
	if (!objects)
		return NULL;
	capacity = max(capacity, 1U);
	objects->monitor = monitor;
	/* about one bucket per instance: log2 of capacity, rounded up */
	objects->bits = max(fls(capacity - 1), 1);
	objects->buckets = kvcalloc(1U << objects->bits, sizeof(*objects->buckets),
				    GFP_KERNEL);
	objects->pool = kvcalloc(capacity, sizeof(*objects->pool), GFP_KERNEL);
	if (!objects->buckets || !objects->pool) {
		kvfree(objects->buckets);
		kvfree(objects->pool);
		kfree(objects);
		return NULL;
	}
	raw_spin_lock_init(&objects->lock);
	for (i = 0; i < capacity; i++) {
		objects->pool[i].table = objects;
		hlist_add_head(&objects->pool[i].node, &objects->free);
	}
	monitor->objects_capacity = capacity;
	return objects;
}
EXPORT_SYMBOL_GPL(rv_objects_create);

/**
 * rv_objects_destroy - free the instances of a per-object monitor
 * @objects: the table, which no handler can reach any more
 *
 * Waits until no handler runs, stops following the objects still
 * followed (counted as released: the monitor's statistics, which a pause
 * keeps, then say that it follows none), and frees the table once every
 * instance is back in the pool.
 *
 * Context: process context, from the monitor's stop(), after it detached
 * its handlers.
 */
void rv_objects_destroy(struct rv_objects *objects)
{
	if (!objects)
		return;
	tracepoint_synchronize_unregister();
	rv_objects_release_all(objects);
	/* the instances waiting for their grace period */
	rcu_barrier();
	kvfree(objects->buckets);
	kvfree(objects->pool);
	kfree(objects);
}
EXPORT_SYMBOL_GPL(rv_objects_destroy);

/**
 * rv_object_find - the instance that follows an object
 * @objects:	the table
 * @id:		the object's id
 *
 * Context: in an RCU read-side critical section, which the instance does
 * not outlive.
 * Return: the instance, or NULL if the object is not followed.
 */
struct rv_object *rv_object_find(struct rv_objects *objects, unsigned long id)
{
	struct rv_object *object;

	hlist_for_each_entry_rcu(object, rv_object_bucket(objects, id), node,
				 lockdep_is_held(&objects->lock))
		if (object->id == id)
			return object;
	return NULL;
}
EXPORT_SYMBOL_GPL(rv_object_find);

/**
 * rv_object_take - the instance that follows an object, taken if need be
 * @objects:	the table
 * @id:		the object's id
 *
 * An object not yet followed gets an instance from the pool, zeroed: it
 * waits for its init event. When the pool is empty (or, in NMI, the table
 * is busy), the object is not followed and the drop is counted.
 *
 * Context: any context a tracepoint probe runs in, in an RCU read-side
 * critical section, which the instance does not outlive.
 * Return: the instance, or NULL if there was none to take.
 */
struct rv_object *rv_object_take(struct rv_objects *objects, unsigned long id)
{
	struct rv_monitor *monitor = objects->monitor;
	struct rv_object *object;
	unsigned long flags;

	object = rv_object_find(objects, id);
	if (object)
		return object;
	/* in NMI, the lock may be held by the code the NMI interrupted */
	if (in_nmi()) {
		if (!raw_spin_trylock_irqsave(&objects->lock, flags)) {
			this_cpu_inc(monitor->stats->objects_dropped);
			return NULL;
		}
	} else {
		raw_spin_lock_irqsave(&objects->lock, flags);
	}
	/* another CPU may have taken one for it meanwhile */
	object = rv_object_find(objects, id);
	if (!object && !hlist_empty(&objects->free)) {
		object = hlist_entry(objects->free.first, struct rv_object, node);
		hlist_del(&object->node);
		object->id = id;
		object->da_mon = (struct da_monitor){};
		hlist_add_head_rcu(&object->node, rv_object_bucket(objects, id));
		this_cpu_inc(monitor->stats->objects_taken);
	} else if (!object) {
		this_cpu_inc(monitor->stats->objects_dropped);
	}
	raw_spin_unlock_irqrestore(&objects->lock, flags);
	return object;
}
EXPORT_SYMBOL_GPL(rv_object_take);

/* An RCU grace period after its object ended, an instance is free. */
static void rv_object_free_rcu(struct rcu_head *rcu)
{
	struct rv_object *object = container_of(rcu, struct rv_object, rcu);
	struct rv_objects *objects = object->table;
	unsigned long flags;

	raw_spin_lock_irqsave(&objects->lock, flags);
	hlist_add_head(&object->node, &objects->free);
	raw_spin_unlock_irqrestore(&objects->lock, flags);
}

/* Stop following an object, with the table locked. */
static void rv_object_unlink(struct rv_objects *objects, struct rv_object *object)
{
	hlist_del_rcu(&object->node);
	this_cpu_inc(objects->monitor->stats->objects_released);
	call_rcu(&object->rcu, rv_object_free_rcu);
}

/**
 * rv_object_release - stop following an object, which ended
 * @objects:	the table
 * @id:		the object's id
 *
 * Its instance returns to the pool after an RCU grace period. Nothing
 * happens for an object that is not followed.
 *
 * Context: any context but NMI (where nothing happens: the instance then
 * stays until the monitor is reset or disabled).
 */
void rv_object_release(struct rv_objects *objects, unsigned long id)
{
	struct rv_object *object;
	unsigned long flags;

	if (in_nmi())
		return;
	raw_spin_lock_irqsave(&objects->lock, flags);
	object = rv_object_find(objects, id);
	if (object)
		rv_object_unlink(objects, object);
	raw_spin_unlock_irqrestore(&objects->lock, flags);
}
EXPORT_SYMBOL_GPL(rv_object_release);

/*
 * The most buckets visited or instances unlinked in one hold of the
 * table's lock by rv_objects_release_all(): the interrupts-off stretch
 * stays as short whatever the monitor's capacity.
 */
#define RV_OBJECTS_RELEASE_BATCH	64

/**
 * rv_objects_release_all - stop following every object
 * @objects: the table
 *
 * For a reset of the monitor: the objects that ended while it was paused
 * were not seen to end. The table's lock is taken for a batch of buckets
 * at a time, never for the whole table.
 *
 * Context: process context, with no handler of the monitor attached: no
 * object is taken meanwhile.
 */
void rv_objects_release_all(struct rv_objects *objects)
{
	unsigned int buckets = 1U << objects->bits;
	struct rv_object *object;
	unsigned int bucket = 0;
	unsigned long flags;
	unsigned int work;

	while (bucket < buckets) {
		raw_spin_lock_irqsave(&objects->lock, flags);
		for (work = 0; bucket < buckets && work < RV_OBJECTS_RELEASE_BATCH; work++) {
			object = hlist_entry_safe(objects->buckets[bucket].first,
						  struct rv_object, node);
			if (object)
				rv_object_unlink(objects, object);
			else
				bucket++;
		}
		raw_spin_unlock_irqrestore(&objects->lock, flags);
		cond_resched();
	}
}
EXPORT_SYMBOL_GPL(rv_objects_release_all);
