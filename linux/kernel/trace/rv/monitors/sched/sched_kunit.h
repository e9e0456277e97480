/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the KUnit suites of the sched container's monitors share
 * (CONFIG_RV_MON_SCHED_KUNIT_TEST).
 *
 * Each monitor's file includes its suite, NAME_kunit.c, at its end: the
 * suite calls the monitor's own handlers, the functions its probes
 * attach to the scheduler's tracepoints, with sequences of events, and
 * checks the state of the instance after each event, then that the
 * sequence gave exactly the violation it must give, or none.
 *
 * The probes are never attached, so the live scheduler does not reach
 * the instances while a suite runs. The suite has the monitor to
 * itself: a module's suites run when it is loaded, before its init
 * function registers the monitor; a built-in monitor's run at boot,
 * after. The RV core sets the monitor up for the suite as the user's
 * enabling does (counters, a new run, for a per-task monitor a slot),
 * without probes and without a reactor, with the monitor withdrawn
 * meanwhile, and undoes it all at the end (rv_kunit_enable_monitor()
 * and rv_kunit_disable_monitor()): the instances it synced wait for
 * their init event again, and a later enable starts as if the suite had
 * never run.
 *
 * Included by the suites only: its functions are static.
 */
#ifndef _RV_MON_SCHED_KUNIT_H
#define _RV_MON_SCHED_KUNIT_H

#include <kunit/test.h>
#include <linux/irq_work.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/rv.h>
#include <linux/sched.h>
#include <linux/threads.h>

/* The state of an instance that waits for its init event. */
#define SCHED_KUNIT_UNSYNCED	(-1)
/* its name in the suites' tables of steps */
#define UNSYNCED		SCHED_KUNIT_UNSYNCED

/* The longest sequence of events a case feeds. */
#define SCHED_KUNIT_STEPS	16

/* The pids of the stand-in tasks: above any real one. */
#define SCHED_KUNIT_OTHER_PID	(PID_MAX_LIMIT + 1)
#define SCHED_KUNIT_THIRD_PID	(PID_MAX_LIMIT + 2)

/**
 * struct sched_kunit_tasks - the tasks whose events a case feeds
 * @task:	the task whose instance the case follows: for a per-CPU
 *		monitor, the current task (whose pid a violation records)
 * @other:	a stand-in, a zeroed task_struct that never runs, with pid
 *		SCHED_KUNIT_OTHER_PID: the other task of a switch, the task
 *		a wakeup or need-resched is for, or a task a case follows
 *		when it must set what the handlers read of the task (its
 *		state, whether it is queued): such a case swaps the two
 * @third:	another stand-in, with pid SCHED_KUNIT_THIRD_PID, for a
 *		switch in which @other may take no part
 */
struct sched_kunit_tasks {
	struct task_struct	*task;
	struct task_struct	*other;
	struct task_struct	*third;
};

/**
 * struct sched_kunit_step - one event of a sequence
 * @event:	what the event is, for the messages of a failed check
 * @feed:	calls the monitor's handler (or handlers) of the event
 * @state:	the state the followed instance must be in after it, or
 *		SCHED_KUNIT_UNSYNCED
 */
struct sched_kunit_step {
	const char	*event;
	void		(*feed)(struct sched_kunit_tasks *tasks);
	int		state;
};

/* a step of a sequence: FEED, a function, then the state it leaves */
#define SCHED_KUNIT_STEP(feed, state)	{ #feed, feed, state }

/**
 * struct sched_kunit_monitor - a monitor under test
 * @monitor:	the monitor, rv_NAME
 * @init:	da_monitor_init_NAME()
 * @stop:	what stop_NAME() does but detach the probes: the
 *		instances back to waiting for their init event
 * @reset_all:	da_monitor_reset_all_NAME()
 * @state_of:	the state of the instance that follows a task (for a
 *		per-CPU monitor, this CPU's), SCHED_KUNIT_UNSYNCED while it
 *		waits for its init event; called with preemption disabled
 * @state_name:	model_get_state_name_NAME()
 * @registered:	whether the monitor was registered when the suite began
 * @setup_err:	0 once the suite set the monitor up, else why it could not
 */
struct sched_kunit_monitor {
	struct rv_monitor	*monitor;
	int			(*init)(void);
	void			(*stop)(void);
	void			(*reset_all)(void);
	int			(*state_of)(struct task_struct *task);
	const char		*(*state_name)(unsigned int state);
	bool			registered;
	int			setup_err;
};

/*
 * DECLARE_SCHED_KUNIT - the suite's side of monitor NAME: struct
 * sched_kunit_monitor sched_kunit_NAME and the suite's init and exit
 * functions, sched_kunit_suite_init_NAME(), sched_kunit_suite_exit_NAME()
 * and sched_kunit_init_NAME() (for each case). INSTANCE is the instance
 * that follows a task, an expression of the variable task (this CPU's
 * instance, for a per-CPU monitor).
 */
#define DECLARE_SCHED_KUNIT(name, instance)					\
static void sched_kunit_stop_##name(void)					\
{										\
	da_monitor_destroy_##name();						\
	da_monitor_reset_all_##name();						\
}										\
										\
static int sched_kunit_state_##name(struct task_struct *task)			\
{										\
	struct da_monitor *da_mon = (instance);					\
										\
	if (!da_monitoring_##name(da_mon))					\
		return SCHED_KUNIT_UNSYNCED;					\
	return READ_ONCE(da_mon->curr_state);					\
}										\
										\
static struct sched_kunit_monitor sched_kunit_##name = {			\
	.monitor = &rv_##name,							\
	.init = da_monitor_init_##name,						\
	.stop = sched_kunit_stop_##name,					\
	.reset_all = da_monitor_reset_all_##name,				\
	.state_of = sched_kunit_state_##name,					\
	.state_name = model_get_state_name_##name,				\
};										\
										\
static int sched_kunit_suite_init_##name(struct kunit_suite *suite)		\
{										\
	sched_kunit_setup(&sched_kunit_##name);					\
	return 0;								\
}										\
										\
static void sched_kunit_suite_exit_##name(struct kunit_suite *suite)		\
{										\
	sched_kunit_teardown(&sched_kunit_##name);				\
}										\
										\
static int sched_kunit_init_##name(struct kunit *test)				\
{										\
	return sched_kunit_case_init(test, &sched_kunit_##name);		\
}

/*
 * Take the monitor over, set up as enabled, without its probes. A
 * failure is kept for the cases to report: a suite whose init fails
 * prints no case at all.
 */
static void sched_kunit_setup(struct sched_kunit_monitor *m)
{
	m->setup_err = rv_kunit_enable_monitor(m->monitor, m->init, &m->registered);
}

/* Undo sched_kunit_setup(), and give the monitor back. */
static void sched_kunit_teardown(struct sched_kunit_monitor *m)
{
	if (!m->setup_err)
		rv_kunit_disable_monitor(m->monitor, m->stop, m->registered);
}

/* Each case: a new run, no violation recorded, stand-in tasks. */
static int sched_kunit_case_init(struct kunit *test, struct sched_kunit_monitor *m)
{
	struct sched_kunit_tasks *tasks;

	if (m->setup_err == -EBUSY)
		kunit_skip(test, "every per-task monitor slot is taken");
	if (m->setup_err)
		return m->setup_err;
	if (!rv_monitoring_on())
		kunit_skip(test, "monitoring is off (rv/monitoring_on)");

	tasks = kunit_kzalloc(test, sizeof(*tasks), GFP_KERNEL);
	if (!tasks)
		return -ENOMEM;
	tasks->other = kunit_kzalloc(test, sizeof(*tasks->other), GFP_KERNEL);
	tasks->third = kunit_kzalloc(test, sizeof(*tasks->third), GFP_KERNEL);
	if (!tasks->other || !tasks->third)
		return -ENOMEM;
	tasks->other->pid = SCHED_KUNIT_OTHER_PID;
	tasks->third->pid = SCHED_KUNIT_THIRD_PID;
	tasks->task = current;
	test->priv = tasks;

	m->reset_all();
	m->monitor->last_violation = (struct rv_violation){};
	return 0;
}

static u64 sched_kunit_violations(struct rv_monitor *monitor)
{
	u64 sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += per_cpu_ptr(monitor->stats, cpu)->violations;
	return sum;
}

static const char *sched_kunit_state_name(struct sched_kunit_monitor *m, int state)
{
	if (state == SCHED_KUNIT_UNSYNCED)
		return "(out of sync)";
	return m->state_name(state);
}

/*
 * sched_kunit_run - feed a sequence of events to the monitor
 * @test:	the case
 * @m:		the monitor
 * @steps:	the events, each with the state it must leave the instance in
 * @n:		how many
 * @state:	the state of the violation the sequence must give, NULL if
 *		it must give none
 * @event:	the event of that violation
 *
 * The events are fed with preemption disabled, as the probes are called:
 * a per-CPU monitor's all reach this CPU's instance.
 */
static void sched_kunit_run(struct kunit *test, struct sched_kunit_monitor *m,
			    const struct sched_kunit_step *steps, unsigned int n,
			    const char *state, const char *event)
{
	struct sched_kunit_tasks *tasks = test->priv;
	struct rv_monitor *monitor = m->monitor;
	u64 violations = sched_kunit_violations(monitor);
	int after[SCHED_KUNIT_STEPS];
	unsigned int i;
	int cpu;

	KUNIT_ASSERT_LE(test, n, (unsigned int)SCHED_KUNIT_STEPS);
	preempt_disable();
	cpu = smp_processor_id();
	for (i = 0; i < n; i++) {
		steps[i].feed(tasks);
		after[i] = m->state_of(tasks->task);
	}
	preempt_enable();

	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ_MSG(test, after[i], steps[i].state,
				    "after event %u, %s: in %s, expected %s", i + 1,
				    steps[i].event, sched_kunit_state_name(m, after[i]),
				    sched_kunit_state_name(m, steps[i].state));

	if (!state) {
		KUNIT_EXPECT_EQ_MSG(test, sched_kunit_violations(monitor), violations,
				    "a violation, of event %s in state %s",
				    monitor->last_violation.event, monitor->last_violation.state);
		KUNIT_EXPECT_STREQ(test, monitor->last_violation.state, "");
		return;
	}
	KUNIT_EXPECT_EQ(test, sched_kunit_violations(monitor), violations + 1);
	KUNIT_EXPECT_STREQ(test, monitor->last_violation.state, state);
	KUNIT_EXPECT_STREQ(test, monitor->last_violation.event, event);
	KUNIT_EXPECT_EQ(test, monitor->last_violation.pid, tasks->task->pid);
	KUNIT_EXPECT_EQ(test, monitor->last_violation.cpu, cpu);
}

/* sched_kunit_in_irq(): the function to run in a hard interrupt, and its tasks */
static void (*sched_kunit_irq_fn)(struct sched_kunit_tasks *tasks);
static struct sched_kunit_tasks *sched_kunit_irq_tasks;

static void sched_kunit_irq_work_fn(struct irq_work *work)
{
	sched_kunit_irq_fn(sched_kunit_irq_tasks);
}

static struct irq_work sched_kunit_irq_work __maybe_unused =
	IRQ_WORK_INIT_HARD(sched_kunit_irq_work_fn);

/*
 * sched_kunit_in_irq - feed events from a hard interrupt on this CPU
 * @fn:		feeds the events
 * @tasks:	the case's tasks
 *
 * For the handlers that tell interrupts from tasks. Call with
 * preemption disabled; returns once @fn ran.
 */
static void __maybe_unused sched_kunit_in_irq(void (*fn)(struct sched_kunit_tasks *tasks),
					      struct sched_kunit_tasks *tasks)
{
	sched_kunit_irq_fn = fn;
	sched_kunit_irq_tasks = tasks;
	irq_work_queue(&sched_kunit_irq_work);
	while (irq_work_is_busy(&sched_kunit_irq_work))
		cpu_relax();
}

#endif /* _RV_MON_SCHED_KUNIT_H */
