/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Runtime Verification (RV): the interface between the RV core, the
 * monitors and the reactors.
 *
 * A monitor follows kernel events and compares them with a formal model.
 * When the kernel does something the model does not allow, the monitor
 * reports it to the reactor the user selected for it, which may print
 * the report, panic, or do nothing at all.
 *
 * See Documentation/trace/rv/ for the user interface.
 */
#ifndef _LINUX_RV_H
#define _LINUX_RV_H

#include <asm/barrier.h>
#include <linux/compiler.h>
#include <linux/list.h>
#include <linux/percpu.h>
#include <linux/rv_task.h>
#include <linux/spinlock_types.h>
#include <linux/types.h>

/* Longest monitor or reactor name, without the terminating NUL. */
#define RV_NAME_MAX		31

struct dentry;
struct module;
struct rv_coverage;
struct rv_reactor;
struct task_struct;

/**
 * struct rv_monitor_stats - per-CPU counters of a monitor
 * @events:	events the model allowed, for a monitor that does not count
 *		its transitions (see rv_set_coverage())
 * @violations:	events the model did not allow
 * @objects_taken:	objects a per-object monitor began to follow
 * @objects_released:	objects it stopped following (see <rv/objects.h>)
 * @objects_dropped:	objects it could not follow: no instance was free
 */
struct rv_monitor_stats {
	u64		events;
	u64		violations;
	u64		objects_taken;
	u64		objects_released;
	u64		objects_dropped;
};

/* Longest state or event text a violation keeps, terminating NUL included. */
#define RV_VIOLATION_TEXT	64

/**
 * struct rv_violation - where and when a monitor last saw its model broken
 * @state:	the state the instance was in (for an LTL monitor, the
 *		states of its automaton), "" when there was no violation
 * @event:	the event it did not allow (for an LTL monitor, the atoms
 *		that held)
 * @cpu:	CPU it happened on
 * @pid:	the task's pid for a per-task monitor, else the current one's
 * @time_ns:	local_clock() at the time
 *
 * The texts are copies, cut to fit: an LTL monitor builds them for the
 * violation.
 */
struct rv_violation {
	char		state[RV_VIOLATION_TEXT];
	char		event[RV_VIOLATION_TEXT];
	int		cpu;
	pid_t		pid;
	u64		time_ns;
};

/**
 * struct rv_monitor - a runtime verification monitor, or a container of them
 * @name:		unique name among all monitors, also the name of its
 *			tracefs folder: lower-case letters, digits and '_',
 *			at most RV_NAME_MAX characters
 * @description:	one line saying what the monitor verifies
 * @start:		attach the monitor to the events it follows; called
 *			when the user enables the monitor, after @reset.
 *			Returns 0 or a negative errno, in which case the
 *			monitor stays disabled.
 * @enable:		@start, by the name the merged Linux RV gives it
 * @stop:		detach the monitor from its events; called when the
 *			user disables it, and before it is unregistered
 * @disable:		@stop, by the name the merged Linux RV gives it
 * @reset:		forget the state of every monitor instance; called
 *			before @start and when monitoring is switched back on
 *
 * A container is a monitor without @start, @stop and @reset: it follows
 * no event itself but groups the monitors registered under it (its
 * children), which the user enables, disables and gives a reactor
 * together through it.
 *
 * The members below are the RV core's, set up by rv_register_monitor().
 *
 * @owner:		the module that registered the monitor
 * @enabled:		whether the monitor processes events: set once all
 *			its handlers are attached (see rv_monitor_enabled());
 *			never set for a container
 * @paused:		enabled by the user while rv/monitoring_on is 0: not
 *			attached to its events until monitoring resumes
 * @reactor:		the reactor selected for the monitor, NULL for none
 * @parent:		the container the monitor belongs to, NULL for none
 * @switching:		marks, under the core's lock, the children that
 *			enabling their container switched on, to undo
 * @list:		link in the list of registered monitors, where a
 *			container's children follow it
 * @id:			names the monitor in its tracefs files; never reused,
 *			so that a file left open after the monitor went away
 *			cannot reach another one
 * @dir:		the monitor's tracefs folder, NULL if it has none
 * @stats:		per-CPU event and violation counters
 * @coverage:		its model, for transition coverage (rv_set_coverage())
 * @transitions:	per-CPU transition counters, @coverage's states *
 *			events of them, indexed [state * events + event];
 *			allocated when the monitor first starts, NULL for a
 *			monitor that counts no transition
 * @objects_capacity:	for a per-object monitor, how many objects it can
 *			follow at once (0 for the other monitors)
 * @last_violation:	the last violation, under @violation_lock
 * @violation_lock:	serialises violation reports
 */
struct rv_monitor {
	const char		*name;
	const char		*description;
	union {
		int		(*start)(void);
		int		(*enable)(void);
	};
	union {
		void		(*stop)(void);
		void		(*disable)(void);
	};
	void			(*reset)(void);

	struct module		*owner;
	bool			enabled;
	bool			paused;
	struct rv_reactor __rcu	*reactor;
	struct rv_monitor	*parent;
	bool			switching;
	struct list_head	list;
	unsigned long		id;
	struct dentry		*dir;
	struct rv_monitor_stats __percpu *stats;
	const struct rv_coverage *coverage;
	u64 __percpu		*transitions;
	unsigned int		objects_capacity;
	struct rv_violation	last_violation;
	raw_spinlock_t		violation_lock;
};

/**
 * struct rv_reactor - a way to react to a violation of a model
 * @name:		unique name, as for monitors
 * @description:	one line saying what the reactor does
 * @react:		the reaction; @msg describes the violation. It is
 *			called in the context of the event that broke the
 *			model (often with preemption disabled or in the
 *			scheduler) and must be safe there.
 *
 * The members below are the RV core's, set up by rv_register_reactor().
 *
 * @owner:		the module that registered the reactor
 * @users:		how many monitors selected the reactor
 * @list:		link in the list of registered reactors
 */
struct rv_reactor {
	const char		*name;
	const char		*description;
	void			(*react)(const char *msg);

	struct module		*owner;
	unsigned int		users;
	struct list_head	list;
};

#ifdef CONFIG_RV

extern bool __rv_monitoring_on;

/**
 * rv_monitoring_on - whether monitoring is on
 *
 * The global switch of tracefs' rv/monitoring_on. Switching it off stops
 * (pauses) every enabled monitor, and on starts them afresh, so a handler
 * need not test it: rv_monitor_enabled() covers both.
 */
static inline bool rv_monitoring_on(void)
{
	/* pairs with the release in rv_set_monitoring_on() */
	return smp_load_acquire(&__rv_monitoring_on);
}

/**
 * rv_monitor_enabled - whether a monitor should process events
 * @monitor: the monitor
 *
 * For the event hot path: false while monitoring is off, as the monitor
 * is then stopped. The acquire orders the handler's reads of its
 * instance after the reset that enabling did.
 */
static inline bool rv_monitor_enabled(struct rv_monitor *monitor)
{
	/* pairs with the release in rv_enable_monitor() */
	return smp_load_acquire(&monitor->enabled);
}

int __rv_register_monitor(struct rv_monitor *monitor, struct rv_monitor *parent,
			  struct module *owner);
int rv_unregister_monitor(struct rv_monitor *monitor);
#if IS_ENABLED(CONFIG_KUNIT)
int rv_kunit_enable_monitor(struct rv_monitor *monitor, int (*run)(void), bool *registered);
void rv_kunit_disable_monitor(struct rv_monitor *monitor, void (*stop)(void), bool registered);
#endif
void rv_report_violation(struct rv_monitor *monitor, const char *state,
			 const char *event, pid_t pid);
void rv_report_ltl_violation(struct rv_monitor *monitor, const char *states,
			     const char *atoms, pid_t pid);
void rv_report_violation_detail(struct rv_monitor *monitor, const char *state,
				const char *event, pid_t pid, const char *detail);
int rv_get_task_monitor_slot(void);
void rv_put_task_monitor_slot(int slot);
unsigned int rv_new_generation(void);

/**
 * rv_count_event - count an event that a monitor's model allowed
 * @monitor: the monitor, registered
 *
 * Safe in any context; a per-CPU increment. rv_report_violation() counts
 * the events the model did not allow, and a monitor that counts its
 * transitions (rv_set_coverage()) counts its events with them.
 */
static inline void rv_count_event(struct rv_monitor *monitor)
{
	this_cpu_inc(monitor->stats->events);
}

/* the second of its arguments: the parent given to rv_register_monitor(), or NULL */
#define __rv_parent_arg(ignored, parent, ...)	(parent)

/**
 * rv_register_monitor - make a monitor available to the user
 * @monitor:	the monitor; it must stay in memory until unregistered
 * @...:	optionally, the container to register it under (registered
 *		before it); without, or NULL, the monitor stands alone
 *
 * Both the one-argument form of the RV merged in Linux 6.0 and the
 * two-argument form of later Linux build. See __rv_register_monitor().
 */
#define rv_register_monitor(monitor, ...)					\
	__rv_register_monitor(monitor,						\
			      __rv_parent_arg(0, ##__VA_ARGS__, NULL),		\
			      THIS_MODULE)

#else /* !CONFIG_RV */

static inline bool rv_monitoring_on(void)
{
	return false;
}

#endif /* CONFIG_RV */

#ifdef CONFIG_RV_REACTORS

extern bool __rv_reacting_on;

/**
 * rv_reacting_on - whether violations should cause reactions
 *
 * The global switch of tracefs' rv/reacting_on.
 */
static inline bool rv_reacting_on(void)
{
	return READ_ONCE(__rv_reacting_on);
}

void rv_react(struct rv_monitor *monitor, const char *msg);
int __rv_register_reactor(struct rv_reactor *reactor, struct module *owner);
int rv_unregister_reactor(struct rv_reactor *reactor);

/**
 * rv_register_reactor - make a reactor available to the monitors
 * @reactor: the reactor; it must stay in memory until unregistered
 *
 * See __rv_register_reactor().
 */
#define rv_register_reactor(reactor) __rv_register_reactor(reactor, THIS_MODULE)

#else /* !CONFIG_RV_REACTORS */

static inline bool rv_reacting_on(void)
{
	return false;
}

static inline void rv_react(struct rv_monitor *monitor, const char *msg)
{
}

#endif /* CONFIG_RV_REACTORS */

#endif /* _LINUX_RV_H */
