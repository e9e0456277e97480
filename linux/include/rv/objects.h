/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-object DA monitors: the instances of a monitor that follows objects
 * other than CPUs and tasks (a lock, a timer, a file), one per object,
 * found by the object's id.
 *
 * The instances live in a table that the monitor creates when it starts:
 * a fixed pool, allocated then, and a hash table of the instances in use,
 * which the event path reads under RCU. Taking an instance for a new
 * object takes one from the pool, under a raw spinlock: no allocation in
 * the event path, whatever context the tracepoint fires in. When the pool
 * is exhausted, the new object goes unmonitored and the drop is counted
 * (monitors/NAME/stats). An instance goes back to the pool an RCU grace
 * period after its object ended.
 */
#ifndef _RV_OBJECTS_H
#define _RV_OBJECTS_H

#include <linux/rculist.h>
#include <linux/rv_task.h>
#include <linux/spinlock_types.h>
#include <linux/types.h>

struct rv_monitor;
struct rv_objects;

/**
 * struct rv_object - the instance of a per-object monitor for one object
 * @node:	link in its hash bucket, or in the free pool
 * @id:		the object's id
 * @da_mon:	the automaton's instance
 * @table:	the table it belongs to
 * @rcu:	for the return to the pool
 */
struct rv_object {
	struct hlist_node	node;
	unsigned long		id;
	struct da_monitor	da_mon;
	struct rv_objects	*table;
	struct rcu_head		rcu;
};

/**
 * struct rv_objects - the instances of a per-object monitor
 * @monitor:	the monitor
 * @buckets:	the hash table of instances in use
 * @bits:	log2 of its number of buckets
 * @pool:	every instance, in use or not
 * @free:	the instances not in use
 * @lock:	serialises the changes of @buckets and @free
 */
struct rv_objects {
	struct rv_monitor	*monitor;
	struct hlist_head	*buckets;
	unsigned int		bits;
	struct rv_object	*pool;
	struct hlist_head	free;
	raw_spinlock_t		lock;
};

struct rv_objects *rv_objects_create(struct rv_monitor *monitor, unsigned int capacity);
void rv_objects_destroy(struct rv_objects *objects);
struct rv_object *rv_object_find(struct rv_objects *objects, unsigned long id);
struct rv_object *rv_object_take(struct rv_objects *objects, unsigned long id);
void rv_object_release(struct rv_objects *objects, unsigned long id);
void rv_objects_release_all(struct rv_objects *objects);

#endif /* _RV_OBJECTS_H */
