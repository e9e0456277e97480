// SPDX-License-Identifier: GPL-2.0
/*
 * rv_sched_break: a test-only module that breaks, on demand, the rule of
 * each monitor of the sched container, once per write of "1" to
 * /sys/kernel/debug/rv_sched_break/MONITOR (anything else: -EINVAL).
 *
 * Where the kernel can safely do the forbidden thing, the module does it
 * (a preemption without need-resched, a sleep that was not announced,
 * need-resched set with interrupts and preemption enabled). Elsewhere it
 * makes up events: it fires the scheduler's tracepoints itself, in an
 * order or a context the model forbids, sometimes from inside the real
 * scheduler, through a probe of its own on sched_entry_tp that runs
 * after the monitors' handlers. The tracepoints the kernel does not
 * export are fired by calling their probes as the tracepoint would.
 *
 * Each made-up sequence is chosen so that the seven other monitors see
 * only what their models allow, and leaves them in step with the kernel:
 * the test checks that only the monitor it aims at reports a violation.
 * Nothing here schedules in atomic context or hides the interrupt state
 * from lockdep.
 */
#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>
#include <trace/events/sched.h>

/* the kernel's tracepoints that modules cannot call, found by name */
static struct tracepoint *tp_sched_entry;
static struct tracepoint *tp_sched_exit;
static struct tracepoint *tp_sched_switch;
static struct tracepoint *tp_preempt_disable;
static struct tracepoint *tp_preempt_enable;

struct tp_lookup {
	const char		*name;
	struct tracepoint	*tp;
};

static void match_tracepoint(struct tracepoint *tp, void *priv)
{
	struct tp_lookup *lookup = priv;

	if (!lookup->tp && !strcmp(tp->name, lookup->name))
		lookup->tp = tp;
}

static struct tracepoint *find_tracepoint(const char *name)
{
	struct tp_lookup lookup = { .name = name };

	for_each_kernel_tracepoint(match_tracepoint, &lookup);
	if (!lookup.tp)
		pr_err("rv_sched_break: no tracepoint %s\n", name);
	return lookup.tp;
}

/*
 * Fire a tracepoint: call each of its probes, as the tracepoint's own
 * iterator does, with preemption disabled. The callers keep preemption
 * disabled around their sequences already, so that the enable here
 * never schedules in the middle of one.
 */
static void fire_bool(struct tracepoint *tp, bool arg)
{
	struct tracepoint_func *f;

	preempt_disable_notrace();
	f = rcu_dereference_sched(tp->funcs);
	for (; f && f->func; f++)
		((void (*)(void *, bool))f->func)(f->data, arg);
	preempt_enable_notrace();
}

static void fire_ip(struct tracepoint *tp, unsigned long ip, unsigned long parent_ip)
{
	struct tracepoint_func *f;

	preempt_disable_notrace();
	f = rcu_dereference_sched(tp->funcs);
	for (; f && f->func; f++)
		((void (*)(void *, unsigned long, unsigned long))f->func)(f->data, ip,
									   parent_ip);
	preempt_enable_notrace();
}

static void fire_sched_switch(bool preempt, struct task_struct *prev,
			      struct task_struct *next, unsigned int prev_state)
{
	struct tracepoint_func *f;

	preempt_disable_notrace();
	f = rcu_dereference_sched(tp_sched_switch->funcs);
	for (; f && f->func; f++)
		((void (*)(void *, bool, struct task_struct *, struct task_struct *,
			   unsigned int))f->func)(f->data, preempt, prev, next, prev_state);
	preempt_enable_notrace();
}

/*
 * Bring this CPU's per-CPU instances in step: a sleep ends with a switch
 * to this task and the end of __schedule() on this CPU, the init events
 * of sco, snep, sts and opid, then a preempt_enable(), scpd's. A timer
 * that expires before the task is off its CPU leaves it running: then it
 * sleeps again. Callers disable migration first, so that the break
 * happens on this CPU.
 */
static void sync_this_cpu(void)
{
	unsigned long switches = current->nvcsw;

	do {
		schedule_timeout_uninterruptible(1);
	} while (current->nvcsw == switches);
}

/* what the probe on sched_entry_tp does for the armed task */
enum in_schedule {
	IN_SCHEDULE_SET_STATE,
	IN_SCHEDULE_PREEMPT_TOGGLE,
};

static struct task_struct *armed_task;
static enum in_schedule armed_action;

/*
 * Runs at the start of every __schedule(), after the monitors' handlers
 * (a lower priority), and acts once, in the task that armed it, which is
 * then in the scheduler: preemption disabled, interrupts still enabled.
 */
static void probe_sched_entry(void *data, bool preempt)
{
	if (READ_ONCE(armed_task) != current ||
	    cmpxchg(&armed_task, current, NULL) != current)
		return;

	switch (READ_ONCE(armed_action)) {
	case IN_SCHEDULE_SET_STATE:
		/*
		 * sco: a state set in scheduling context. TASK_RUNNING, as
		 * current is, keeps snroc (current in own_context) and sssw
		 * (an init event) in step.
		 */
		trace_sched_set_state_tp(current, TASK_RUNNING);
		break;
	case IN_SCHEDULE_PREEMPT_TOGGLE:
		/*
		 * snep: the scheduler enables preemption. The disable right
		 * after gives scpd and opid back the state the scheduler is
		 * really in (preemption disabled).
		 */
		fire_ip(tp_preempt_enable, _THIS_IP_, _RET_IP_);
		fire_ip(tp_preempt_disable, _THIS_IP_, _RET_IP_);
		break;
	}
}

/* arm the probe for current, and call the scheduler; -EAGAIN if it did not act */
static int break_in_schedule(enum in_schedule action)
{
	WRITE_ONCE(armed_action, action);
	WRITE_ONCE(armed_task, current);
	schedule();
	if (cmpxchg(&armed_task, current, NULL) == current)
		return -EAGAIN;
	return 0;
}

/* sco: sched_set_state in scheduling_context */
static int break_sco(void)
{
	int ret;

	migrate_disable();
	sync_this_cpu();
	ret = break_in_schedule(IN_SCHEDULE_SET_STATE);
	migrate_enable();
	return ret;
}

static int idle_thread(void *unused)
{
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

/*
 * snroc: the state of a task that does not run (other_context) is set.
 * The task is a new kthread, which went off its CPU (its init event)
 * after the monitor was enabled; it is woken on this CPU, where it cannot
 * run while preemption is disabled, so that it is runnable: sssw takes
 * the TASK_RUNNING it is given as an init event, as it took the wakeup.
 */
static int break_snroc(void)
{
	struct task_struct *task;

	task = kthread_create(idle_thread, NULL, "rv_sched_break");
	if (IS_ERR(task))
		return PTR_ERR(task);
	migrate_disable();
	kthread_bind(task, raw_smp_processor_id());
	preempt_disable();
	wake_up_process(task);
	trace_sched_set_state_tp(task, TASK_RUNNING);
	preempt_enable();
	migrate_enable();
	kthread_stop(task);
	return 0;
}

/*
 * A made-up call of the scheduler (schedule_entry) took nrp's instance
 * of current to any_thread_running: if need-resched is set, report it
 * again, with interrupts disabled as opid wants, so that a preemption to
 * come is not taken for one without need-resched.
 */
static void report_need_resched_again(void)
{
	unsigned long flags;

	if (!test_tsk_need_resched(current))
		return;
	local_irq_save(flags);
	__trace_set_need_resched(current, TIF_NEED_RESCHED);
	local_irq_restore(flags);
}

/*
 * scpd: schedule_entry in cant_sched, the preempt tracer's view being
 * that preemption is enabled (it is disabled without telling it). The
 * made-up call ends at once (schedule_exit), which takes sco, snep and
 * sts back where they were; interrupts stay enabled, as sts wants at the
 * scheduler's entry.
 */
static int break_scpd(void)
{
	migrate_disable();
	sync_this_cpu();
	preempt_disable_notrace();
	fire_bool(tp_sched_entry, false);
	fire_bool(tp_sched_exit, false);
	report_need_resched_again();
	preempt_enable_notrace();
	migrate_enable();
	return 0;
}

/* snep: preempt_enable in scheduling_context, see probe_sched_entry() */
static int break_snep(void)
{
	int ret;

	migrate_disable();
	sync_this_cpu();
	ret = break_in_schedule(IN_SCHEDULE_PREEMPT_TOGGLE);
	migrate_enable();
	return ret;
}

/*
 * sts: a switch outside the scheduler, with interrupts disabled
 * (sched_switch in cant_sched). Preemption is disabled too, so that opid
 * finds the switch legal; prev and next are current, switched out by a
 * preemption and back in, which snroc and sssw allow a running task.
 */
static int break_sts(void)
{
	unsigned long flags;

	migrate_disable();
	sync_this_cpu();
	local_irq_save(flags);
	preempt_disable();
	fire_sched_switch(true, current, current, TASK_RUNNING);
	preempt_enable();
	local_irq_restore(flags);
	migrate_enable();
	return 0;
}

/*
 * nrp: a real preemption without need-resched (schedule_entry_preempt in
 * any_thread_running). A call to schedule() first brings current's
 * instance to any_thread_running (its init event) and clears the flag.
 */
static int break_nrp(void)
{
	int tries;

	for (tries = 0; tries < 10; tries++) {
		schedule();
		if (!need_resched()) {
			preempt_schedule();
			return 0;
		}
	}
	return -EAGAIN;
}

/*
 * sssw: a task that goes to sleep without setting a sleepable state
 * through set_current_state(): its state is written without the
 * tracepoint (sched_switch_suspend in runnable). A timer wakes it, as
 * msleep() would; if it expires before the task is off its CPU, the task
 * did not sleep, and tries again. The tracepoint is first fired for
 * TASK_RUNNING, which current is: sssw's init event, legal for sco and
 * snroc too.
 */
static int break_sssw(void)
{
	unsigned long switches = current->nvcsw;

	do {
		trace_sched_set_state_tp(current, TASK_RUNNING);
		/* ordered before the timer's wakeup tests it, as by set_current_state() */
		smp_store_mb(current->__state, TASK_UNINTERRUPTIBLE);
		schedule_timeout(1);
	} while (current->nvcsw == switches);
	return 0;
}

/*
 * opid: need-resched set with interrupts and preemption enabled
 * (sched_need_resched in enabled), as set_tsk_need_resched() does it,
 * tracepoint first, even if the flag was set. A call to schedule()
 * then clears it, which nrp allows (rescheduling to any_thread_running).
 */
static int break_opid(void)
{
	migrate_disable();
	sync_this_cpu();
	__trace_set_need_resched(current, TIF_NEED_RESCHED);
	set_tsk_thread_flag(current, TIF_NEED_RESCHED);
	migrate_enable();
	schedule();
	return 0;
}

struct rule {
	const char	*monitor;
	int		(*provoke)(void);
};

static const struct rule rules[] = {
	{ "sco", break_sco },
	{ "snroc", break_snroc },
	{ "scpd", break_scpd },
	{ "snep", break_snep },
	{ "sts", break_sts },
	{ "nrp", break_nrp },
	{ "sssw", break_sssw },
	{ "opid", break_opid },
};

/* one break at a time: the probe serves one armed task */
static DEFINE_MUTEX(break_lock);

static ssize_t rule_write(struct file *file, const char __user *ubuf, size_t count,
			  loff_t *ppos)
{
	const struct rule *rule = file->private_data;
	unsigned int times;
	int ret;

	ret = kstrtouint_from_user(ubuf, count, 10, &times);
	if (ret)
		return ret;
	if (times != 1)
		return -EINVAL;
	ret = mutex_lock_interruptible(&break_lock);
	if (ret)
		return ret;
	ret = rule->provoke();
	mutex_unlock(&break_lock);
	return ret ? ret : count;
}

static const struct file_operations rule_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= rule_write,
	.llseek	= noop_llseek,
};

static struct dentry *break_dir;

static int __init rv_sched_break_init(void)
{
	unsigned int i;
	int ret;

	tp_sched_entry = find_tracepoint("sched_entry_tp");
	tp_sched_exit = find_tracepoint("sched_exit_tp");
	tp_sched_switch = find_tracepoint("sched_switch");
	tp_preempt_disable = find_tracepoint("preempt_disable");
	tp_preempt_enable = find_tracepoint("preempt_enable");
	if (!tp_sched_entry || !tp_sched_exit || !tp_sched_switch ||
	    !tp_preempt_disable || !tp_preempt_enable)
		return -ENOENT;

	/* the probe's prototype, checked against the tracepoint's */
	check_trace_callback_type_sched_entry_tp(probe_sched_entry);
	ret = tracepoint_probe_register_prio(tp_sched_entry, probe_sched_entry, NULL,
					     TRACEPOINT_DEFAULT_PRIO - 1);
	if (ret)
		return ret;

	break_dir = debugfs_create_dir("rv_sched_break", NULL);
	if (IS_ERR(break_dir)) {
		ret = PTR_ERR(break_dir);
		goto out_probe;
	}
	for (i = 0; i < ARRAY_SIZE(rules); i++)
		debugfs_create_file(rules[i].monitor, 0200, break_dir, (void *)&rules[i],
				    &rule_fops);
	return 0;

out_probe:
	tracepoint_probe_unregister(tp_sched_entry, probe_sched_entry, NULL);
	tracepoint_synchronize_unregister();
	return ret;
}
module_init(rv_sched_break_init);

static void __exit rv_sched_break_exit(void)
{
	debugfs_remove_recursive(break_dir);
	tracepoint_probe_unregister(tp_sched_entry, probe_sched_entry, NULL);
	tracepoint_synchronize_unregister();
}
module_exit(rv_sched_break_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test-only: breaks the rule of each monitor of the sched container");
