// SPDX-License-Identifier: GPL-2.0
/*
 * Runtime Verification (RV) core: the registry of monitors and its tracefs
 * interface in /sys/kernel/tracing/rv/.
 *
 * A monitor registers with rv_register_monitor(). The user then enables it
 * by writing its name to rv/enabled_monitors or 1 to
 * rv/monitors/NAME/enable; the core resets the monitor and calls its
 * start() callback, which attaches it to the kernel events it follows.
 * Disabling calls stop() and waits until no handler of the monitor runs
 * any more. rv/monitoring_on pauses every monitor at once.
 *
 * Every decision the user makes is serialised by rv_interface_lock. The
 * event hot path takes no lock: it reads the monitoring_on switch and, on
 * a violation, the monitor's reactor under RCU (see rv_reactors.c).
 */
#define pr_fmt(fmt) "rv: " fmt

#include <linux/bitops.h>
#include <linux/ctype.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>
#include <rv/coverage.h>

#include "../trace.h"
#include "rv.h"

/* serialises the user's decisions and (un)registration: see rv.h */
DEFINE_MUTEX(rv_interface_lock);
static LIST_HEAD(rv_monitors);

bool __rv_monitoring_on __read_mostly = true;
EXPORT_SYMBOL_GPL(__rv_monitoring_on);

/* rv/ and rv/monitors/, NULL until tracefs is up */
static struct dentry *rv_dir;
static struct dentry *rv_monitors_dir;

struct rv_monitor_files {
	struct dentry *dir;
	/* set by the monitor when it starts; NULL for a monitor without */
	const struct rv_coverage *coverage;
};

/*
 * Input parsing, shared with rv_reactors.c. Writes come from shells: with
 * or without a trailing newline, perhaps with blanks around. A write must
 * be whole (at offset 0, in one piece) and hold at most one word.
 */

/**
 * rv_copy_word - copy the one word of a tracefs write
 * @buf:	RV_WORD_BUF bytes that receive the word, NUL-terminated
 * @ubuf:	the user's buffer
 * @count:	its length
 * @ppos:	the file position of the write
 *
 * Return: the length of the word, 0 for a write of blanks only, or
 * -EINVAL for a write at an offset, one too long to hold a name, one with
 * a NUL byte or with more than one word; -EFAULT for a bad buffer.
 */
ssize_t rv_copy_word(char *buf, const char __user *ubuf, size_t count, loff_t *ppos)
{
	char *word;
	size_t len;

	if (*ppos)
		return -EINVAL;
	if (count >= RV_WORD_BUF)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	if (strlen(buf) != count)
		return -EINVAL;

	word = strim(buf);
	len = strlen(word);
	while (*word && !isspace(*word))
		word++;
	if (*word)
		return -EINVAL;
	memmove(buf, word - len, len + 1);
	return len;
}

/**
 * rv_parse_switch - read a write of "0" or "1"
 * @ubuf:	the user's buffer
 * @count:	its length
 * @ppos:	the file position of the write
 * @value:	receives the switch
 *
 * Return: 0, or -EINVAL for anything else than 0 or 1 (blanks around
 * allowed), -EFAULT for a bad buffer.
 */
int rv_parse_switch(const char __user *ubuf, size_t count, loff_t *ppos, bool *value)
{
	char buf[RV_WORD_BUF];
	ssize_t len;

	len = rv_copy_word(buf, ubuf, count, ppos);
	if (len < 0)
		return len;
	if (len != 1 || (buf[0] != '0' && buf[0] != '1'))
		return -EINVAL;
	*value = buf[0] == '1';
	return 0;
}

/**
 * rv_read_switch - read a switch file
 * @filp:	the file
 * @ubuf:	the user's buffer
 * @count:	its length
 * @ppos:	the file position
 * @value:	the switch
 *
 * Return: what simple_read_from_buffer() returns for "0\n" or "1\n".
 */
ssize_t rv_read_switch(struct file *filp, char __user *ubuf, size_t count,
		       loff_t *ppos, bool value)
{
	const char *text = value ? "1\n" : "0\n";

	return simple_read_from_buffer(ubuf, count, ppos, text, 2);
}

/**
 * rv_name_valid - whether a name can name a monitor or a reactor
 * @name: the name
 *
 * A name is also a folder name and a word the user writes, so it is kept
 * to 1 to RV_NAME_MAX lower-case letters, digits and underscores.
 *
 * Return: true if @name is valid.
 */
bool rv_name_valid(const char *name)
{
	size_t len;

	if (!name)
		return false;
	len = strnlen(name, RV_NAME_MAX + 1);
	if (!len || len > RV_NAME_MAX)
		return false;
	for (; *name; name++)
		if (!islower(*name) && !isdigit(*name) && *name != '_')
			return false;
	return true;
}

/*
 * The monitor list.
 */

/**
 * rv_monitor_registered - whether a monitor is registered
 * @monitor: the monitor; it is compared, never dereferenced
 *
 * Called with rv_interface_lock held.
 *
 * Return: true if @monitor is in the list of registered monitors.
 */
bool rv_monitor_registered(struct rv_monitor *monitor)
{
	struct rv_monitor *m;

	lockdep_assert_held(&rv_interface_lock);
	list_for_each_entry(m, &rv_monitors, list)
		if (m == monitor)
			return true;
	return false;
}

static struct rv_monitor *rv_find_monitor(const char *name)
{
	struct rv_monitor *m;

	lockdep_assert_held(&rv_interface_lock);
	list_for_each_entry(m, &rv_monitors, list)
		if (!strcmp(m->name, name))
			return m;
	return NULL;
}

/* A monitor's counters start from zero each time it is enabled. */
static void rv_reset_stats(struct rv_monitor *monitor)
{
	const struct rv_coverage *coverage = READ_ONCE(monitor->files->coverage);
	unsigned long flags;
	int cpu;

	for_each_possible_cpu(cpu) {
		memset(per_cpu_ptr(monitor->stats, cpu), 0, sizeof(struct rv_monitor_stats));
		if (coverage)
			memset(per_cpu_ptr(coverage->counts, cpu), 0,
			       array3_size(coverage->states, coverage->events, sizeof(u64)));
	}
	raw_spin_lock_irqsave(&monitor->violation_lock, flags);
	monitor->last_violation = (struct rv_violation){};
	raw_spin_unlock_irqrestore(&monitor->violation_lock, flags);
}

static int rv_enable_monitor(struct rv_monitor *monitor)
{
	int ret;

	lockdep_assert_held(&rv_interface_lock);
	if (monitor->enabled)
		return 0;
	rv_reset_stats(monitor);
	if (monitor->reset)
		monitor->reset();
	ret = monitor->start();
	if (ret)
		return ret;
	/* process events only once all handlers are attached */
	WRITE_ONCE(monitor->enabled, true);
	return 0;
}

/* Detach, without waiting for the handlers still running. */
static bool rv_stop_monitor(struct rv_monitor *monitor)
{
	lockdep_assert_held(&rv_interface_lock);
	if (!monitor->enabled)
		return false;
	/* stop processing before the handlers go, one by one */
	WRITE_ONCE(monitor->enabled, false);
	monitor->stop();
	return true;
}

static void rv_disable_monitor(struct rv_monitor *monitor)
{
	if (rv_stop_monitor(monitor))
		tracepoint_synchronize_unregister();
}

/* Enable or disable, with rv_interface_lock held. */
static int rv_switch_monitor(struct rv_monitor *monitor, bool enable)
{
	if (enable)
		return rv_enable_monitor(monitor);
	rv_disable_monitor(monitor);
	return 0;
}

/**
 * rv_set_monitor_enabled - enable or disable a monitor, as the user would
 * @monitor:	a registered monitor
 * @enable:	what to do
 *
 * Return: 0, or the error of the monitor's start().
 */
int rv_set_monitor_enabled(struct rv_monitor *monitor, bool enable)
{
	int ret;

	mutex_lock(&rv_interface_lock);
	ret = rv_switch_monitor(monitor, enable);
	mutex_unlock(&rv_interface_lock);
	return ret;
}

static void rv_disable_all_monitors(void)
{
	struct rv_monitor *m;
	bool stopped = false;

	lockdep_assert_held(&rv_interface_lock);
	list_for_each_entry(m, &rv_monitors, list)
		stopped |= rv_stop_monitor(m);
	if (stopped)
		tracepoint_synchronize_unregister();
}

/*
 * Per-monitor files. They point to the monitor through i_private; the
 * monitor may be unregistered (and its module unloaded) at any time, so
 * open checks that it is still registered and pins its module until
 * release, and every operation checks again under the lock.
 */

/**
 * rv_monitor_file_open - open a file of a monitor's folder
 * @inode:	the file's inode, whose i_private is the monitor
 * @filp:	the file
 *
 * Return: 0, or -ENODEV if the monitor went away.
 */
int rv_monitor_file_open(struct inode *inode, struct file *filp)
{
	struct rv_monitor *monitor = inode->i_private;
	int ret = -ENODEV;

	mutex_lock(&rv_interface_lock);
	if (rv_monitor_registered(monitor) && try_module_get(monitor->owner))
		ret = 0;
	mutex_unlock(&rv_interface_lock);
	return ret;
}

/**
 * rv_monitor_file_release - release a file opened by rv_monitor_file_open()
 * @inode:	the file's inode
 * @filp:	the file
 *
 * Return: 0.
 */
int rv_monitor_file_release(struct inode *inode, struct file *filp)
{
	struct rv_monitor *monitor = inode->i_private;

	module_put(monitor->owner);
	return 0;
}

/**
 * rv_monitor_single_open - open a monitor's file that reads through seq_file
 * @inode:	the file's inode, whose i_private is the monitor
 * @filp:	the file
 * @show:	prints the file; seq_file's private is the monitor
 *
 * Return: 0, -ENODEV if the monitor went away, or single_open()'s error.
 */
int rv_monitor_single_open(struct inode *inode, struct file *filp,
			   int (*show)(struct seq_file *, void *))
{
	int ret;

	ret = rv_monitor_file_open(inode, filp);
	if (ret)
		return ret;
	ret = single_open(filp, show, inode->i_private);
	if (ret)
		rv_monitor_file_release(inode, filp);
	return ret;
}

/**
 * rv_monitor_single_release - release a file of rv_monitor_single_open()
 * @inode:	the file's inode
 * @filp:	the file
 *
 * Return: 0.
 */
int rv_monitor_single_release(struct inode *inode, struct file *filp)
{
	single_release(inode, filp);
	return rv_monitor_file_release(inode, filp);
}

static int monitor_simple_open(struct inode *inode, struct file *filp)
{
	int ret;

	ret = rv_monitor_file_open(inode, filp);
	if (!ret)
		filp->private_data = inode->i_private;
	return ret;
}

static ssize_t monitor_desc_read(struct file *filp, char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	struct rv_monitor *monitor = filp->private_data;
	const char *desc = monitor->description ?: "";
	char *text;
	ssize_t ret;

	text = kasprintf(GFP_KERNEL, "%s\n", desc);
	if (!text)
		return -ENOMEM;
	ret = simple_read_from_buffer(ubuf, count, ppos, text, strlen(text));
	kfree(text);
	return ret;
}

static const struct file_operations monitor_desc_fops = {
	.open		= monitor_simple_open,
	.release	= rv_monitor_file_release,
	.read		= monitor_desc_read,
	.llseek		= default_llseek,
};

static ssize_t monitor_enable_read(struct file *filp, char __user *ubuf,
				   size_t count, loff_t *ppos)
{
	struct rv_monitor *monitor = filp->private_data;

	return rv_read_switch(filp, ubuf, count, ppos, READ_ONCE(monitor->enabled));
}

static ssize_t monitor_enable_write(struct file *filp, const char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	struct rv_monitor *monitor = filp->private_data;
	bool enable;
	int ret;

	ret = rv_parse_switch(ubuf, count, ppos, &enable);
	if (ret)
		return ret;

	mutex_lock(&rv_interface_lock);
	if (rv_monitor_registered(monitor))
		ret = rv_switch_monitor(monitor, enable);
	else
		ret = -ENODEV;
	mutex_unlock(&rv_interface_lock);
	return ret ?: count;
}

static const struct file_operations monitor_enable_fops = {
	.open		= monitor_simple_open,
	.release	= rv_monitor_file_release,
	.read		= monitor_enable_read,
	.write		= monitor_enable_write,
	.llseek		= default_llseek,
};

/* How often the monitor took a transition, on all CPUs. */
static u64 rv_coverage_count(const struct rv_coverage *coverage, unsigned int state,
			     unsigned int event)
{
	u64 count = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		count += READ_ONCE(per_cpu_ptr(coverage->counts, cpu)
				   [state * coverage->events + event]);
	return count;
}

/* How many transitions the monitor took, on all CPUs. */
static u64 rv_coverage_total(const struct rv_coverage *coverage)
{
	unsigned int state, event;
	u64 total = 0;

	for (state = 0; state < coverage->states; state++)
		for (event = 0; event < coverage->events; event++)
			total += rv_coverage_count(coverage, state, event);
	return total;
}

/*
 * monitors/NAME/stats: what the monitor saw since it was last enabled.
 */
static int monitor_stats_show(struct seq_file *m, void *v)
{
	struct rv_monitor *monitor = m->private;
	const struct rv_coverage *coverage = READ_ONCE(monitor->files->coverage);
	struct rv_monitor_stats total = {};
	struct rv_violation last;
	unsigned long flags;
	int cpu;

	for_each_possible_cpu(cpu) {
		struct rv_monitor_stats *stats = per_cpu_ptr(monitor->stats, cpu);

		total.events += READ_ONCE(stats->events);
		total.violations += READ_ONCE(stats->violations);
	}
	if (coverage)
		total.events += rv_coverage_total(coverage) + total.violations;
	raw_spin_lock_irqsave(&monitor->violation_lock, flags);
	last = monitor->last_violation;
	raw_spin_unlock_irqrestore(&monitor->violation_lock, flags);

	seq_printf(m, "events: %llu\n", total.events);
	seq_printf(m, "violations: %llu\n", total.violations);
	if (last.state)
		seq_printf(m, "last_violation: state=%s event=%s cpu=%d pid=%d time_ns=%llu\n",
			   last.state, last.event, last.cpu, last.pid, last.time_ns);
	else
		seq_puts(m, "last_violation: none\n");
	return 0;
}

static int monitor_stats_open(struct inode *inode, struct file *filp)
{
	return rv_monitor_single_open(inode, filp, monitor_stats_show);
}

static const struct file_operations monitor_stats_fops = {
	.open		= monitor_stats_open,
	.release	= rv_monitor_single_release,
	.read		= seq_read,
	.llseek		= seq_lseek,
};

/**
 * rv_set_coverage - say where a monitor counts the transitions it takes
 * @monitor:	the monitor, registered
 * @coverage:	its model and counters, which must live as long as the
 *		monitor is registered
 *
 * The DA monitor macros call this when the monitor starts. The counters
 * are reset each time the monitor is enabled, and shown in
 * monitors/NAME/coverage. They count the monitor's events too, in its
 * stats: each event is a transition taken or a violation, so such a
 * monitor does not call rv_count_event() as well, and its event path
 * increments one counter, not two.
 */
void rv_set_coverage(struct rv_monitor *monitor, const struct rv_coverage *coverage)
{
	/* a monitor used without registering it (KUnit) has no files */
	if (monitor->files)
		WRITE_ONCE(monitor->files->coverage, coverage);
}
EXPORT_SYMBOL_GPL(rv_set_coverage);

/*
 * monitors/NAME/coverage: one line per transition of the model, "STATE
 * EVENT NEXT_STATE COUNT", counted since the monitor was last enabled.
 * Empty until a monitor with coverage has started.
 */
static int monitor_coverage_show(struct seq_file *m, void *v)
{
	struct rv_monitor *monitor = m->private;
	const struct rv_coverage *coverage = READ_ONCE(monitor->files->coverage);
	unsigned int state, event, next;

	if (!coverage)
		return 0;
	for (state = 0; state < coverage->states; state++) {
		for (event = 0; event < coverage->events; event++) {
			next = coverage->next_state(state, event);
			if (next >= coverage->states)
				continue;
			seq_printf(m, "%s %s %s %llu\n", coverage->state_name(state),
				   coverage->event_name(event), coverage->state_name(next),
				   rv_coverage_count(coverage, state, event));
		}
	}
	return 0;
}

static int monitor_coverage_open(struct inode *inode, struct file *filp)
{
	return rv_monitor_single_open(inode, filp, monitor_coverage_show);
}

static const struct file_operations monitor_coverage_fops = {
	.open		= monitor_coverage_open,
	.release	= rv_monitor_single_release,
	.read		= seq_read,
	.llseek		= seq_lseek,
};

/**
 * rv_report_violation - report that a monitor's model was broken
 * @monitor:	the monitor, registered
 * @state:	name of the state its instance was in
 * @event:	name of the event the model does not allow there
 * @pid:	the pid of the task a per-task instance follows, else the
 *		current task's
 *
 * Counts the violation, records it as the monitor's last, and, when
 * reacting is on and the monitor has a reactor, hands it a message built
 * for this violation alone. The names must outlive the monitor's
 * registration (the model's names do).
 *
 * Context: any context a tracepoint probe runs in.
 */
void rv_report_violation(struct rv_monitor *monitor, const char *state,
			 const char *event, pid_t pid)
{
	unsigned long flags;

	this_cpu_inc(monitor->stats->violations);
	raw_spin_lock_irqsave(&monitor->violation_lock, flags);
	monitor->last_violation = (struct rv_violation){
		.state = state,
		.event = event,
		.cpu = raw_smp_processor_id(),
		.pid = pid,
		.time_ns = local_clock(),
	};
	raw_spin_unlock_irqrestore(&monitor->violation_lock, flags);

	if (rv_reacting_on() && rcu_access_pointer(monitor->reactor)) {
		char msg[128];

		snprintf(msg, sizeof(msg), "rv: monitor %s does not allow event %s on state %s",
			 monitor->name, event, state);
		rv_react(monitor, msg);
	}
}
EXPORT_SYMBOL_GPL(rv_report_violation);

/*
 * Slots for per-task monitor instances in task_struct. A per-task monitor
 * takes one when it is enabled and gives it back when it is disabled.
 */
static unsigned long rv_task_slots_used;

/**
 * rv_reset_task_slot - put every task's instance in a slot out of sync
 * @slot: a slot taken with rv_get_task_slot()
 *
 * Each instance then waits for its init event.
 *
 * Context: process context.
 */
void rv_reset_task_slot(int slot)
{
	struct task_struct *g, *p;
	int cpu;

	read_lock(&tasklist_lock);
	for_each_process_thread(g, p)
		WRITE_ONCE(p->rv_da_mon[slot].monitoring, false);
	read_unlock(&tasklist_lock);
	for_each_possible_cpu(cpu)
		WRITE_ONCE(idle_task(cpu)->rv_da_mon[slot].monitoring, false);
}
EXPORT_SYMBOL_GPL(rv_reset_task_slot);

/**
 * rv_get_task_slot - take a slot for a per-task monitor's instances
 *
 * The slot comes with every task's instance out of sync (not monitoring);
 * tasks forked later start so too.
 *
 * Context: process context.
 * Return: the slot, an index into task_struct's rv_da_mon[], or -EBUSY
 * when all RV_PER_TASK_SLOTS are taken.
 */
int rv_get_task_slot(void)
{
	int slot;

	for (slot = 0; slot < RV_PER_TASK_SLOTS; slot++) {
		if (!test_and_set_bit(slot, &rv_task_slots_used)) {
			rv_reset_task_slot(slot);
			return slot;
		}
	}
	return -EBUSY;
}
EXPORT_SYMBOL_GPL(rv_get_task_slot);

/**
 * rv_put_task_slot - give back a slot taken with rv_get_task_slot()
 * @slot: the slot
 *
 * The caller must have detached the monitor's handlers and waited until
 * none runs (tracepoint_synchronize_unregister()).
 */
void rv_put_task_slot(int slot)
{
	if (slot >= 0 && slot < RV_PER_TASK_SLOTS)
		clear_bit(slot, &rv_task_slots_used);
}
EXPORT_SYMBOL_GPL(rv_put_task_slot);

static void rv_remove_monitor_files(struct rv_monitor *monitor)
{
	if (!monitor->files)
		return;
	tracefs_remove(monitor->files->dir);
	kfree(monitor->files);
	monitor->files = NULL;
}

static int rv_create_monitor_files(struct rv_monitor *monitor)
{
	struct rv_monitor_files *files;
	struct dentry *dir;
	int ret = -ENOMEM;

	lockdep_assert_held(&rv_interface_lock);
	files = kzalloc(sizeof(*files), GFP_KERNEL);
	if (!files)
		return -ENOMEM;
	dir = tracefs_create_dir(monitor->name, rv_monitors_dir);
	if (IS_ERR_OR_NULL(dir))
		goto out_free;
	files->dir = dir;
	monitor->files = files;

	if (!tracefs_create_file("desc", 0400, dir, monitor, &monitor_desc_fops) ||
	    !tracefs_create_file("enable", 0600, dir, monitor, &monitor_enable_fops) ||
	    !tracefs_create_file("stats", 0400, dir, monitor, &monitor_stats_fops) ||
	    !tracefs_create_file("coverage", 0400, dir, monitor, &monitor_coverage_fops))
		goto out_remove;
	ret = rv_reactors_create_monitor_files(monitor, dir);
	if (ret)
		goto out_remove;
	return 0;

out_remove:
	rv_remove_monitor_files(monitor);
	return ret;
out_free:
	kfree(files);
	return ret;
}

/**
 * __rv_register_monitor - make a monitor available to the user
 * @monitor:	the monitor, with name, description, start and stop set (reset
 *		is optional); it must stay in memory until unregistered
 * @owner:	the module that provides @monitor's code, NULL if built in
 *
 * Use rv_register_monitor(), which passes the calling module. The monitor
 * appears, disabled, in rv/available_monitors and gets its folder in
 * rv/monitors/.
 *
 * Context: process context; takes rv_interface_lock.
 * Return: 0, -EINVAL if @monitor is incomplete or its name is not valid,
 * -EEXIST if a monitor of that name is registered, -ENOMEM if its counters
 * or tracefs files could not be created.
 */
int __rv_register_monitor(struct rv_monitor *monitor, struct module *owner)
{
	int ret = 0;

	if (!rv_name_valid(monitor->name) || !monitor->start || !monitor->stop)
		return -EINVAL;

	mutex_lock(&rv_interface_lock);
	if (rv_find_monitor(monitor->name)) {
		ret = -EEXIST;
		goto out_unlock;
	}
	monitor->owner = owner;
	monitor->enabled = false;
	RCU_INIT_POINTER(monitor->reactor, NULL);
	monitor->files = NULL;
	monitor->last_violation = (struct rv_violation){};
	raw_spin_lock_init(&monitor->violation_lock);
	monitor->stats = alloc_percpu(struct rv_monitor_stats);
	if (!monitor->stats) {
		ret = -ENOMEM;
		goto out_unlock;
	}
	if (rv_monitors_dir) {
		ret = rv_create_monitor_files(monitor);
		if (ret) {
			free_percpu(monitor->stats);
			monitor->stats = NULL;
			goto out_unlock;
		}
	}
	list_add_tail(&monitor->list, &rv_monitors);
out_unlock:
	mutex_unlock(&rv_interface_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(__rv_register_monitor);

/**
 * rv_unregister_monitor - withdraw a monitor
 * @monitor: a monitor registered with rv_register_monitor()
 *
 * A monitor that is enabled is stopped first, and the call returns only
 * once none of its handlers runs any more: the caller may then free it.
 *
 * Context: process context; takes rv_interface_lock.
 * Return: 0, or -ENOENT if @monitor is not registered.
 */
int rv_unregister_monitor(struct rv_monitor *monitor)
{
	int ret = 0;

	mutex_lock(&rv_interface_lock);
	if (!rv_monitor_registered(monitor)) {
		ret = -ENOENT;
		goto out_unlock;
	}
	rv_disable_monitor(monitor);
	rv_reactors_forget_monitor(monitor);
	rv_remove_monitor_files(monitor);
	list_del(&monitor->list);
	free_percpu(monitor->stats);
	monitor->stats = NULL;
out_unlock:
	mutex_unlock(&rv_interface_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(rv_unregister_monitor);

/*
 * rv/available_monitors and rv/enabled_monitors: one name a line.
 */

static void *monitors_seq_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&rv_interface_lock);
	return seq_list_start(&rv_monitors, *pos);
}

static void *monitors_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &rv_monitors, pos);
}

static void monitors_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&rv_interface_lock);
}

static int available_monitors_show(struct seq_file *m, void *v)
{
	struct rv_monitor *monitor = list_entry(v, struct rv_monitor, list);

	seq_printf(m, "%s\n", monitor->name);
	return 0;
}

static int enabled_monitors_show(struct seq_file *m, void *v)
{
	struct rv_monitor *monitor = list_entry(v, struct rv_monitor, list);

	if (monitor->enabled)
		seq_printf(m, "%s\n", monitor->name);
	return 0;
}

static const struct seq_operations available_monitors_seq_ops = {
	.start	= monitors_seq_start,
	.next	= monitors_seq_next,
	.stop	= monitors_seq_stop,
	.show	= available_monitors_show,
};

static const struct seq_operations enabled_monitors_seq_ops = {
	.start	= monitors_seq_start,
	.next	= monitors_seq_next,
	.stop	= monitors_seq_stop,
	.show	= enabled_monitors_show,
};

static int available_monitors_open(struct inode *inode, struct file *filp)
{
	return seq_open(filp, &available_monitors_seq_ops);
}

static const struct file_operations available_monitors_fops = {
	.open		= available_monitors_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/* Opening for writing with truncation (a shell's '>') disables them all. */
static int enabled_monitors_open(struct inode *inode, struct file *filp)
{
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		mutex_lock(&rv_interface_lock);
		rv_disable_all_monitors();
		mutex_unlock(&rv_interface_lock);
	}
	if (filp->f_mode & FMODE_READ)
		return seq_open(filp, &enabled_monitors_seq_ops);
	return 0;
}

static int enabled_monitors_release(struct inode *inode, struct file *filp)
{
	if (filp->f_mode & FMODE_READ)
		return seq_release(inode, filp);
	return 0;
}

/*
 * "NAME" enables a monitor; "!NAME" (as the merged Linux RV spells it) or
 * "-NAME" (as the RFC did) disables it. A blank write does nothing: it is
 * what "echo > enabled_monitors" sends after the truncation.
 */
static ssize_t enabled_monitors_write(struct file *filp, const char __user *ubuf,
				      size_t count, loff_t *ppos)
{
	char buf[RV_WORD_BUF];
	struct rv_monitor *monitor;
	bool enable = true;
	char *name = buf;
	ssize_t len;
	int ret = 0;

	len = rv_copy_word(buf, ubuf, count, ppos);
	if (len <= 0)
		return len ?: count;
	if (*name == '!' || *name == '-') {
		enable = false;
		name++;
	}

	mutex_lock(&rv_interface_lock);
	monitor = rv_find_monitor(name);
	ret = monitor ? rv_switch_monitor(monitor, enable) : -EINVAL;
	mutex_unlock(&rv_interface_lock);
	return ret ?: count;
}

static const struct file_operations enabled_monitors_fops = {
	.open		= enabled_monitors_open,
	.read		= seq_read,
	.write		= enabled_monitors_write,
	.llseek		= seq_lseek,
	.release	= enabled_monitors_release,
};

/*
 * rv/monitoring_on: 0 pauses every monitor, 1 resumes them, from a fresh
 * start: what a monitor knew when it was paused is stale.
 */

static ssize_t monitoring_on_read(struct file *filp, char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	return rv_read_switch(filp, ubuf, count, ppos, rv_monitoring_on());
}

static ssize_t monitoring_on_write(struct file *filp, const char __user *ubuf,
				   size_t count, loff_t *ppos)
{
	struct rv_monitor *m;
	bool on;
	int ret;

	ret = rv_parse_switch(ubuf, count, ppos, &on);
	if (ret)
		return ret;

	mutex_lock(&rv_interface_lock);
	if (on && !rv_monitoring_on()) {
		list_for_each_entry(m, &rv_monitors, list)
			if (m->enabled && m->reset)
				m->reset();
		/* the reset states are visible before any event uses them */
		smp_wmb();
	}
	WRITE_ONCE(__rv_monitoring_on, on);
	mutex_unlock(&rv_interface_lock);
	return count;
}

static const struct file_operations monitoring_on_fops = {
	.open		= simple_open,
	.read		= monitoring_on_read,
	.write		= monitoring_on_write,
	.llseek		= default_llseek,
};

static __init int rv_init_interface(void)
{
	struct rv_monitor *m;
	int ret;

	ret = tracing_init_dentry();
	if (ret)
		return ret;

	mutex_lock(&rv_interface_lock);
	rv_dir = tracefs_create_dir("rv", NULL);
	if (IS_ERR_OR_NULL(rv_dir))
		goto out_fail;
	rv_monitors_dir = tracefs_create_dir("monitors", rv_dir);
	if (IS_ERR_OR_NULL(rv_monitors_dir) ||
	    !tracefs_create_file("available_monitors", 0400, rv_dir, NULL,
				 &available_monitors_fops) ||
	    !tracefs_create_file("enabled_monitors", 0600, rv_dir, NULL,
				 &enabled_monitors_fops) ||
	    !tracefs_create_file("monitoring_on", 0600, rv_dir, NULL,
				 &monitoring_on_fops) ||
	    rv_reactors_init(rv_dir))
		goto out_fail;

	/* monitors registered before tracefs was up get their files now */
	list_for_each_entry(m, &rv_monitors, list)
		if (rv_create_monitor_files(m))
			pr_warn("no tracefs files for monitor %s\n", m->name);
	mutex_unlock(&rv_interface_lock);
	return 0;

out_fail:
	tracefs_remove(rv_dir);
	rv_dir = NULL;
	rv_monitors_dir = NULL;
	mutex_unlock(&rv_interface_lock);
	pr_err("cannot create the tracefs interface\n");
	return -ENOMEM;
}
fs_initcall(rv_init_interface);
