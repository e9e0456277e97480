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
 * any more. rv/monitoring_on pauses every monitor at once: a paused
 * monitor stays enabled for the user but is detached from its events, so
 * that a pause costs the kernel nothing; resuming starts it afresh.
 *
 * A container groups monitors: it has no automaton of its own, and its
 * children, registered under it, are listed as CONTAINER:CHILD and have
 * their folders in rv/monitors/CONTAINER/. Enabling, disabling or giving
 * a reactor to the container does so to each child; a child can still be
 * switched alone. One level only: a container is never a child.
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
/* the id of the next monitor to register, under rv_interface_lock */
static unsigned long rv_next_monitor_id = 1;

bool __rv_monitoring_on __read_mostly = true;
EXPORT_SYMBOL_GPL(__rv_monitoring_on);

/* rv/ and rv/monitors/, NULL until tracefs is up */
static struct dentry *rv_dir;
static struct dentry *rv_monitors_dir;

/*
 * Input parsing, shared with rv_reactors.c. Writes come from shells: with
 * or without a trailing newline, perhaps with blanks around. Each write is
 * one command, of at most one word, in ASCII: the file position is not
 * moved, so that the writes of a shell's redirection each start at 0, and
 * a write at another offset (pwrite(), or after a seek) is refused.
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
 * a NUL byte, a byte beyond ASCII (isspace() would take Latin-1's
 * no-break space for a blank) or more than one word; -EFAULT for a bad
 * buffer.
 */
ssize_t rv_copy_word(char *buf, const char __user *ubuf, size_t count, loff_t *ppos)
{
	char *word;
	size_t len, i;

	if (*ppos)
		return -EINVAL;
	if (count >= RV_WORD_BUF)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	if (strlen(buf) != count)
		return -EINVAL;
	for (i = 0; i < count; i++)
		if (!isascii(buf[i]))
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
 * rv_seq_lseek - seek in a file read through seq_file
 * @filp:	the file
 * @offset:	the offset
 * @whence:	SEEK_SET, SEEK_CUR or SEEK_END
 *
 * seq_lseek(), but SEEK_END counts from the file's size as tracefs gives
 * it, 0, as default_llseek() does for the interface's other files: a
 * program that opens a file to append (Python's open(name, "a") seeks to
 * the end) then writes at offset 0, where a write must be.
 *
 * Return: the new position, or -EINVAL.
 */
loff_t rv_seq_lseek(struct file *filp, loff_t offset, int whence)
{
	if (whence == SEEK_END)
		whence = SEEK_SET;
	return seq_lseek(filp, offset, whence);
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

/* Whether @monitor, compared, never dereferenced, is registered. */
static bool rv_monitor_registered(struct rv_monitor *monitor)
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

/*
 * The monitor a user names: "NAME", or "CONTAINER:CHILD" for a child,
 * whose container part must then be its container's name.
 */
static struct rv_monitor *rv_find_monitor_by_path(char *path)
{
	struct rv_monitor *container, *child;
	char *name = strchr(path, ':');

	if (!name)
		return rv_find_monitor(path);
	*name++ = '\0';
	container = rv_find_monitor(path);
	child = rv_find_monitor(name);
	if (!container || !child || child->parent != container)
		return NULL;
	return child;
}

/**
 * rv_next_child - iterate over the children of a container
 * @container:	a registered container
 * @child:	the child from which to go on, NULL for the first
 *
 * Children follow their container in the list of monitors. Called with
 * rv_interface_lock held; see rv_for_each_child().
 *
 * Return: the next child, or NULL after the last.
 */
struct rv_monitor *rv_next_child(struct rv_monitor *container, struct rv_monitor *child)
{
	struct list_head *next = child ? child->list.next : container->list.next;

	lockdep_assert_held(&rv_interface_lock);
	if (next == &rv_monitors)
		return NULL;
	child = list_entry(next, struct rv_monitor, list);
	return child->parent == container ? child : NULL;
}

/*
 * Whether a monitor is on, as the user sees it: paused or not; a
 * container is when it has children and all of them are.
 */
static bool rv_monitor_is_on(struct rv_monitor *monitor)
{
	struct rv_monitor *child;
	bool any = false;

	lockdep_assert_held(&rv_interface_lock);
	if (!rv_is_container(monitor))
		return monitor->enabled || monitor->paused;
	for (child = rv_next_child(monitor, NULL); child;
	     child = rv_next_child(monitor, child)) {
		if (!rv_monitor_is_on(child))
			return false;
		any = true;
	}
	return any;
}

/* The size of a monitor's transition counters, on one CPU. */
static size_t rv_transitions_size(const struct rv_coverage *coverage)
{
	return array3_size(coverage->states, coverage->events, sizeof(u64));
}

/* A monitor's counters start from zero each time it is enabled. */
static void rv_reset_stats(struct rv_monitor *monitor)
{
	unsigned long flags;
	int cpu;

	for_each_possible_cpu(cpu) {
		memset(per_cpu_ptr(monitor->stats, cpu), 0, sizeof(struct rv_monitor_stats));
		if (monitor->transitions)
			memset(per_cpu_ptr(monitor->transitions, cpu), 0,
			       rv_transitions_size(monitor->coverage));
	}
	raw_spin_lock_irqsave(&monitor->violation_lock, flags);
	monitor->last_violation = (struct rv_violation){};
	raw_spin_unlock_irqrestore(&monitor->violation_lock, flags);
}

static int rv_enable_monitor(struct rv_monitor *monitor);
static bool rv_stop_monitor(struct rv_monitor *monitor);

/*
 * Enable each child of a container; if one fails, those this call
 * enabled are disabled again, and the error returned.
 */
static int rv_enable_container(struct rv_monitor *container)
{
	struct rv_monitor *child;
	bool undo = false;
	int ret = 0;

	if (!rv_next_child(container, NULL))
		return -ENODEV;
	for (child = rv_next_child(container, NULL); child;
	     child = rv_next_child(container, child)) {
		child->switching = !rv_monitor_is_on(child);
		ret = rv_enable_monitor(child);
		if (ret)
			break;
	}
	for (child = rv_next_child(container, NULL); child;
	     child = rv_next_child(container, child)) {
		if (ret && child->switching)
			undo |= rv_stop_monitor(child);
		child->switching = false;
	}
	if (undo)
		tracepoint_synchronize_unregister();
	return ret;
}

/*
 * Start a monitor from its initial state with @start: its start()
 * callback, which attaches it, or a KUnit suite's stand-in.
 */
static int rv_start_monitor_with(struct rv_monitor *monitor, int (*start)(void))
{
	int ret;

	lockdep_assert_held(&rv_interface_lock);
	if (monitor->reset)
		monitor->reset();
	ret = start();
	if (ret)
		return ret;
	/*
	 * Process events only once all handlers are attached; the release
	 * pairs with rv_monitor_enabled(): the handlers see the reset.
	 */
	smp_store_release(&monitor->enabled, true);
	return 0;
}

/* Attach a monitor, from its initial state. */
static int rv_start_monitor(struct rv_monitor *monitor)
{
	return rv_start_monitor_with(monitor, monitor->start);
}

static int rv_enable_monitor(struct rv_monitor *monitor)
{
	lockdep_assert_held(&rv_interface_lock);
	if (rv_is_container(monitor))
		return rv_enable_container(monitor);
	if (rv_monitor_is_on(monitor))
		return 0;
	rv_reset_stats(monitor);
	if (!rv_monitoring_on()) {
		/* it starts when monitoring resumes */
		monitor->paused = true;
		return 0;
	}
	return rv_start_monitor(monitor);
}

/*
 * Detach, without waiting for the handlers still running; a container
 * detaches its children. Returns whether there is anything to wait for.
 */
static bool rv_stop_monitor(struct rv_monitor *monitor)
{
	struct rv_monitor *child;
	bool stopped = false;

	lockdep_assert_held(&rv_interface_lock);
	if (rv_is_container(monitor)) {
		for (child = rv_next_child(monitor, NULL); child;
		     child = rv_next_child(monitor, child))
			stopped |= rv_stop_monitor(child);
		return stopped;
	}
	if (monitor->paused) {
		monitor->paused = false;
		return false;
	}
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
 * Per-monitor files. Their i_private holds the monitor's id, never a
 * pointer: a monitor may be unregistered (and its module unloaded) while
 * one of its files is open, and a file must then reach nothing. Every
 * operation looks the monitor up again under rv_interface_lock and fails
 * with -ENODEV once it is gone; an open file does not keep the monitor's
 * module loaded.
 */

/**
 * rv_monitor_of_file - the monitor a file of its folder belongs to
 * @filp: a file created by rv_create_monitor_file()
 *
 * Called with rv_interface_lock held; the monitor stays registered until
 * the lock is released.
 *
 * Return: the monitor, or NULL if it has been unregistered.
 */
struct rv_monitor *rv_monitor_of_file(const struct file *filp)
{
	unsigned long id = (unsigned long)file_inode(filp)->i_private;
	struct rv_monitor *m;

	lockdep_assert_held(&rv_interface_lock);
	list_for_each_entry(m, &rv_monitors, list)
		if (m->id == id)
			return m;
	return NULL;
}

/**
 * rv_create_monitor_file - create a file in a monitor's folder
 * @name:	the file's name
 * @mode:	its permissions
 * @monitor:	the monitor, whose folder exists
 * @fops:	the file's operations; they find the monitor with
 *		rv_monitor_of_file()
 *
 * Return: 0 or -ENOMEM.
 */
int rv_create_monitor_file(const char *name, umode_t mode, struct rv_monitor *monitor,
			   const struct file_operations *fops)
{
	if (!tracefs_create_file(name, mode, monitor->dir, (void *)monitor->id, fops))
		return -ENOMEM;
	return 0;
}

/**
 * rv_monitor_file_open - open a file of a monitor's folder
 * @inode:	the file's inode
 * @filp:	the file
 *
 * Return: 0, or -ENODEV if the monitor went away.
 */
int rv_monitor_file_open(struct inode *inode, struct file *filp)
{
	int ret;

	mutex_lock(&rv_interface_lock);
	ret = rv_monitor_of_file(filp) ? 0 : -ENODEV;
	mutex_unlock(&rv_interface_lock);
	return ret;
}

/* Print a monitor's seq_file, if the monitor is still there. */
static int rv_monitor_seq_show(struct seq_file *m, void *v)
{
	void (*print)(struct seq_file *m, struct rv_monitor *monitor) = m->private;
	struct rv_monitor *monitor;

	mutex_lock(&rv_interface_lock);
	monitor = rv_monitor_of_file(m->file);
	if (monitor)
		print(m, monitor);
	mutex_unlock(&rv_interface_lock);
	return monitor ? 0 : -ENODEV;
}

/**
 * rv_monitor_single_open - open a monitor's file that reads through seq_file
 * @inode:	the file's inode
 * @filp:	the file
 * @print:	prints the file's content; called with rv_interface_lock
 *		held, with the monitor, which is registered
 *
 * Release the file with single_release().
 *
 * Return: 0, -ENODEV if the monitor went away, or single_open()'s error.
 */
int rv_monitor_single_open(struct inode *inode, struct file *filp,
			   void (*print)(struct seq_file *m, struct rv_monitor *monitor))
{
	int ret;

	ret = rv_monitor_file_open(inode, filp);
	if (ret)
		return ret;
	return single_open(filp, rv_monitor_seq_show, print);
}

static ssize_t monitor_desc_read(struct file *filp, char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	struct rv_monitor *monitor;
	char *text = NULL;
	ssize_t ret;

	mutex_lock(&rv_interface_lock);
	monitor = rv_monitor_of_file(filp);
	if (monitor)
		text = kasprintf(GFP_KERNEL, "%s\n", monitor->description ?: "");
	mutex_unlock(&rv_interface_lock);
	if (!monitor)
		return -ENODEV;
	if (!text)
		return -ENOMEM;
	ret = simple_read_from_buffer(ubuf, count, ppos, text, strlen(text));
	kfree(text);
	return ret;
}

static const struct file_operations monitor_desc_fops = {
	.open		= rv_monitor_file_open,
	.read		= monitor_desc_read,
	.llseek		= default_llseek,
};

static ssize_t monitor_enable_read(struct file *filp, char __user *ubuf,
				   size_t count, loff_t *ppos)
{
	struct rv_monitor *monitor;
	bool enabled = false;

	mutex_lock(&rv_interface_lock);
	monitor = rv_monitor_of_file(filp);
	if (monitor)
		enabled = rv_monitor_is_on(monitor);
	mutex_unlock(&rv_interface_lock);
	if (!monitor)
		return -ENODEV;
	return rv_read_switch(filp, ubuf, count, ppos, enabled);
}

static ssize_t monitor_enable_write(struct file *filp, const char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	struct rv_monitor *monitor;
	bool enable;
	int ret;

	ret = rv_parse_switch(ubuf, count, ppos, &enable);
	if (ret)
		return ret;

	mutex_lock(&rv_interface_lock);
	monitor = rv_monitor_of_file(filp);
	ret = monitor ? rv_switch_monitor(monitor, enable) : -ENODEV;
	mutex_unlock(&rv_interface_lock);
	return ret ?: count;
}

static const struct file_operations monitor_enable_fops = {
	.open		= rv_monitor_file_open,
	.read		= monitor_enable_read,
	.write		= monitor_enable_write,
	.llseek		= default_llseek,
};

/* How often a monitor took a transition, on all CPUs. */
static u64 rv_transition_count(const struct rv_monitor *monitor, unsigned int state,
			       unsigned int event)
{
	unsigned int index = state * monitor->coverage->events + event;
	u64 count = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		count += READ_ONCE(per_cpu_ptr(monitor->transitions, cpu)[index]);
	return count;
}

/* How many transitions a monitor with transition counters took. */
static u64 rv_transition_total(const struct rv_monitor *monitor)
{
	unsigned int state, event;
	u64 total = 0;

	for (state = 0; state < monitor->coverage->states; state++)
		for (event = 0; event < monitor->coverage->events; event++)
			total += rv_transition_count(monitor, state, event);
	return total;
}

/*
 * monitors/NAME/stats: what the monitor saw since it was last enabled.
 */
static void monitor_stats_print(struct seq_file *m, struct rv_monitor *monitor)
{
	struct rv_monitor_stats total = {};
	struct rv_violation last;
	unsigned long flags;
	int cpu;

	for_each_possible_cpu(cpu) {
		struct rv_monitor_stats *stats = per_cpu_ptr(monitor->stats, cpu);

		total.events += READ_ONCE(stats->events);
		total.violations += READ_ONCE(stats->violations);
		total.objects_taken += READ_ONCE(stats->objects_taken);
		total.objects_released += READ_ONCE(stats->objects_released);
		total.objects_dropped += READ_ONCE(stats->objects_dropped);
	}
	/* each event is an allowed one or a violation */
	total.events += total.violations;
	if (monitor->transitions)
		total.events += rv_transition_total(monitor);
	raw_spin_lock_irqsave(&monitor->violation_lock, flags);
	last = monitor->last_violation;
	raw_spin_unlock_irqrestore(&monitor->violation_lock, flags);

	seq_printf(m, "events: %llu\n", total.events);
	seq_printf(m, "violations: %llu\n", total.violations);
	if (monitor->objects_capacity) {
		/* the counters of several CPUs are read one after the other */
		seq_printf(m, "objects: %llu\n",
			   total.objects_taken - min(total.objects_released, total.objects_taken));
		seq_printf(m, "objects_followed: %llu\n", total.objects_taken);
		seq_printf(m, "objects_dropped: %llu\n", total.objects_dropped);
		seq_printf(m, "objects_capacity: %u\n", monitor->objects_capacity);
	}
	if (last.state[0])
		seq_printf(m, "last_violation: state=%s event=%s cpu=%d pid=%d time_ns=%llu\n",
			   last.state, last.event, last.cpu, last.pid, last.time_ns);
	else
		seq_puts(m, "last_violation: none\n");
}

static int monitor_stats_open(struct inode *inode, struct file *filp)
{
	return rv_monitor_single_open(inode, filp, monitor_stats_print);
}

static const struct file_operations monitor_stats_fops = {
	.open		= monitor_stats_open,
	.release	= single_release,
	.read		= seq_read,
	.llseek		= rv_seq_lseek,
};

/**
 * rv_set_coverage - count the transitions a monitor takes
 * @monitor:	the monitor, registered
 * @coverage:	its model, which must live as long as the monitor is
 *		registered
 *
 * The DA monitor macros call this when the monitor starts. The first time,
 * it allocates the monitor's per-CPU transition counters, which then stay
 * until the monitor is unregistered: monitors/NAME/coverage shows the
 * last run after the monitor stopped. The counters are reset each time
 * the monitor is enabled. They count the monitor's events too, in its
 * stats: each event is a transition taken or a violation, so the event
 * path increments one counter, not two. A model too large for per-CPU
 * counters goes without; its monitor counts its events with
 * rv_count_event().
 *
 * Context: process context, from the monitor's start().
 * Return: 0, or -ENOMEM.
 */
int rv_set_coverage(struct rv_monitor *monitor, const struct rv_coverage *coverage)
{
	size_t size = rv_transitions_size(coverage);

	if (monitor->transitions)
		return 0;
	if (size > PCPU_MIN_UNIT_SIZE) {
		pr_info("monitor %s: model too large for transition coverage\n", monitor->name);
		return 0;
	}
	monitor->transitions = __alloc_percpu(size, __alignof__(u64));
	if (!monitor->transitions)
		return -ENOMEM;
	monitor->coverage = coverage;
	return 0;
}
EXPORT_SYMBOL_GPL(rv_set_coverage);

/*
 * monitors/NAME/coverage: one line per transition of the model, "STATE
 * EVENT NEXT_STATE COUNT", counted since the monitor was last enabled.
 * Empty for a monitor that has never started or counts no transition.
 */
static void monitor_coverage_print(struct seq_file *m, struct rv_monitor *monitor)
{
	const struct rv_coverage *coverage = monitor->coverage;
	unsigned int state, event, next;

	if (!monitor->transitions)
		return;
	for (state = 0; state < coverage->states; state++) {
		for (event = 0; event < coverage->events; event++) {
			next = coverage->next_state(state, event);
			if (next >= coverage->states)
				continue;
			seq_printf(m, "%s %s %s %llu\n", coverage->state_name(state),
				   coverage->event_name(event), coverage->state_name(next),
				   rv_transition_count(monitor, state, event));
		}
	}
}

static int monitor_coverage_open(struct inode *inode, struct file *filp)
{
	return rv_monitor_single_open(inode, filp, monitor_coverage_print);
}

static const struct file_operations monitor_coverage_fops = {
	.open		= monitor_coverage_open,
	.release	= single_release,
	.read		= seq_read,
	.llseek		= rv_seq_lseek,
};

/* count a violation and record it as the monitor's last */
static void rv_record_violation(struct rv_monitor *monitor, const char *state,
				const char *event, pid_t pid)
{
	unsigned long flags;
	struct rv_violation *last = &monitor->last_violation;

	this_cpu_inc(monitor->stats->violations);
	raw_spin_lock_irqsave(&monitor->violation_lock, flags);
	strscpy(last->state, state, sizeof(last->state));
	strscpy(last->event, event, sizeof(last->event));
	last->cpu = raw_smp_processor_id();
	last->pid = pid;
	last->time_ns = local_clock();
	raw_spin_unlock_irqrestore(&monitor->violation_lock, flags);
}

/* whether a violation of the monitor goes to a reactor */
static bool rv_will_react(struct rv_monitor *monitor)
{
	return rv_reacting_on() && rcu_access_pointer(monitor->reactor);
}

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
 * for this violation alone.
 *
 * Context: any context a tracepoint probe runs in.
 */
void rv_report_violation(struct rv_monitor *monitor, const char *state,
			 const char *event, pid_t pid)
{
	rv_record_violation(monitor, state, event, pid);
	if (rv_will_react(monitor)) {
		char msg[160];

		snprintf(msg, sizeof(msg), "rv: monitor %s does not allow event %s on state %s",
			 monitor->name, event, state);
		rv_react(monitor, msg);
	}
}
EXPORT_SYMBOL_GPL(rv_report_violation);

/**
 * rv_report_violation_detail - rv_report_violation(), with more to say
 * @monitor:	the monitor, registered
 * @state:	the state its instance was in
 * @event:	the event the model does not allow there
 * @pid:	as for rv_report_violation()
 * @detail:	what the reactor's message adds: for a hybrid automaton,
 *		the clock and the constraint it broke
 *
 * Context: any context a tracepoint probe runs in.
 */
void rv_report_violation_detail(struct rv_monitor *monitor, const char *state,
				const char *event, pid_t pid, const char *detail)
{
	rv_record_violation(monitor, state, event, pid);
	if (rv_will_react(monitor)) {
		char msg[192];

		snprintf(msg, sizeof(msg), "rv: monitor %s does not allow event %s on state %s: %s",
			 monitor->name, event, state, detail);
		rv_react(monitor, msg);
	}
}
EXPORT_SYMBOL_GPL(rv_report_violation_detail);

/**
 * rv_report_ltl_violation - report that a task broke an LTL monitor's property
 * @monitor:	the monitor, registered
 * @states:	the states its automaton was in, as text ("s0,s2")
 * @atoms:	the atoms that held at the event, as text ("RT,PAGEFAULT"),
 *		"none" when none did
 * @pid:	the task's pid
 *
 * As rv_report_violation(), for a monitor of <rv/ltl_monitor.h>: the
 * record keeps @states as the state and @atoms as the event, and the
 * reactor's message names the task and the atoms.
 *
 * Context: any context a tracepoint probe runs in.
 */
void rv_report_ltl_violation(struct rv_monitor *monitor, const char *states,
			     const char *atoms, pid_t pid)
{
	rv_record_violation(monitor, states, atoms, pid);
	if (rv_will_react(monitor)) {
		char msg[192];

		snprintf(msg, sizeof(msg),
			 "rv: monitor %s: task %d breaks the property where %s hold (states %s)",
			 monitor->name, pid, atoms, states);
		rv_react(monitor, msg);
	}
}
EXPORT_SYMBOL_GPL(rv_report_ltl_violation);

/*
 * A monitor's instances follow the kernel only from the run they were
 * synced in: resetting a monitor gives it a new generation, and an
 * instance whose generation is not its monitor's waits for its init event.
 * Resetting is then one write, however many instances there are, and
 * reaches every task, even one that is exiting and no longer listed.
 */
static atomic_t rv_generation = ATOMIC_INIT(0);

/**
 * rv_new_generation - a generation number for a monitor's new run
 *
 * Generations are shared by all monitors, so that a per-task slot that
 * passes from one monitor to another keeps no state of the first that the
 * second could take for its own. Zero is never returned: instances start
 * (in a new task) with generation 0. The counter wraps after 2^32 resets;
 * an instance last synced exactly that many resets ago, and never since,
 * would then be taken for in sync.
 *
 * Context: any.
 * Return: a generation number, never 0.
 */
unsigned int rv_new_generation(void)
{
	unsigned int generation;

	do {
		generation = (unsigned int)atomic_inc_return(&rv_generation);
	} while (!generation);
	return generation;
}
EXPORT_SYMBOL_GPL(rv_new_generation);

/*
 * Slots for per-task monitor instances in task_struct. A per-task monitor
 * takes one when it is enabled and gives it back when it is disabled.
 */
static unsigned long rv_task_slots_used;

/**
 * rv_get_task_monitor_slot - take a slot for a per-task monitor's instances
 *
 * What a slot holds is stale (a task forked since holds zeroes): the
 * monitor resets its instances by taking a new generation.
 *
 * Context: any.
 * Return: the slot, an index into task_struct's rv[], or -EBUSY
 * when all RV_PER_TASK_SLOTS are taken.
 */
int rv_get_task_monitor_slot(void)
{
	int slot;

	for (slot = 0; slot < RV_PER_TASK_SLOTS; slot++)
		if (!test_and_set_bit(slot, &rv_task_slots_used))
			return slot;
	return -EBUSY;
}
EXPORT_SYMBOL_GPL(rv_get_task_monitor_slot);

/**
 * rv_put_task_monitor_slot - give back a slot taken with rv_get_task_monitor_slot()
 * @slot: the slot
 *
 * The caller must have detached the monitor's handlers and waited until
 * none runs (tracepoint_synchronize_unregister()). Giving back a slot that
 * is not taken is a bug, warned about once.
 */
void rv_put_task_monitor_slot(int slot)
{
	if (WARN_ON_ONCE(slot < 0 || slot >= RV_PER_TASK_SLOTS ||
			 !test_and_clear_bit(slot, &rv_task_slots_used)))
		return;
}
EXPORT_SYMBOL_GPL(rv_put_task_monitor_slot);

static void rv_remove_monitor_files(struct rv_monitor *monitor)
{
	tracefs_remove(monitor->dir);
	monitor->dir = NULL;
}

/*
 * The folder rv/monitors/NAME/, or rv/monitors/CONTAINER/NAME/ for a child.
 * A container has no statistics or coverage of its own: its children do.
 */
static int rv_create_monitor_files(struct rv_monitor *monitor)
{
	struct dentry *parent_dir = rv_monitors_dir;
	struct dentry *dir;
	int ret;

	lockdep_assert_held(&rv_interface_lock);
	if (monitor->parent)
		parent_dir = monitor->parent->dir;
	if (!parent_dir)
		return -ENOENT;
	dir = tracefs_create_dir(monitor->name, parent_dir);
	if (IS_ERR_OR_NULL(dir))
		return -ENOMEM;
	monitor->dir = dir;

	ret = rv_create_monitor_file("desc", 0400, monitor, &monitor_desc_fops) ?:
	      rv_create_monitor_file("enable", 0600, monitor, &monitor_enable_fops);
	if (!ret && !rv_is_container(monitor))
		ret = rv_create_monitor_file("stats", 0400, monitor, &monitor_stats_fops) ?:
		      rv_create_monitor_file("coverage", 0400, monitor,
					     &monitor_coverage_fops);
	if (!ret)
		ret = rv_reactors_create_monitor_files(monitor);
	if (ret)
		rv_remove_monitor_files(monitor);
	return ret;
}

/* Where a new monitor goes in the list: after its container's children. */
static struct list_head *rv_monitor_list_place(struct rv_monitor *parent)
{
	struct rv_monitor *last = parent, *child;

	if (!parent)
		return rv_monitors.prev;
	for (child = rv_next_child(parent, NULL); child;
	     child = rv_next_child(parent, child))
		last = child;
	return &last->list;
}

/* Whether @parent can take a child @monitor: -errno if not. */
static int rv_check_parent(struct rv_monitor *monitor, struct rv_monitor *parent)
{
	if (!parent)
		return 0;
	if (!rv_monitor_registered(parent))
		return -ENOENT;
	/* one level: a container is no child, and only a container has any */
	if (rv_is_container(monitor) || !rv_is_container(parent) || parent->parent)
		return -EINVAL;
	return 0;
}

/*
 * What a monitor holds from registration on, whether or not it is
 * enabled: off, no reactor, no run, zeroed counters.
 */
static int rv_monitor_init_state(struct rv_monitor *monitor)
{
	monitor->enabled = false;
	monitor->paused = false;
	monitor->switching = false;
	RCU_INIT_POINTER(monitor->reactor, NULL);
	monitor->coverage = NULL;
	monitor->transitions = NULL;
	monitor->objects_capacity = 0;
	monitor->last_violation = (struct rv_violation){};
	raw_spin_lock_init(&monitor->violation_lock);
	monitor->stats = alloc_percpu(struct rv_monitor_stats);
	return monitor->stats ? 0 : -ENOMEM;
}

/* Undo rv_monitor_init_state(), once no handler runs any more. */
static void rv_monitor_free_state(struct rv_monitor *monitor)
{
	free_percpu(monitor->stats);
	monitor->stats = NULL;
	free_percpu(monitor->transitions);
	monitor->transitions = NULL;
	monitor->coverage = NULL;
}

/**
 * __rv_register_monitor - make a monitor available to the user
 * @monitor:	the monitor, with name, description, start and stop set (reset
 *		is optional), or a container, with none of the three; it must
 *		stay in memory until unregistered
 * @parent:	the container to register @monitor under, NULL for none
 * @owner:	the module that provides @monitor's code, NULL if built in
 *
 * Use rv_register_monitor(), which passes the calling module. The monitor
 * appears, disabled, in rv/available_monitors and gets its folder in
 * rv/monitors/, or in its container's folder. A child starts with its
 * container's reactor.
 *
 * Context: process context; takes rv_interface_lock.
 * Return: 0, -EINVAL if @monitor is incomplete or its name is not valid,
 * or @parent is not a container or @monitor is one (containers do not
 * nest), -ENOENT if @parent is not registered, -EEXIST if a monitor of
 * that name is registered, -ENOMEM if its counters or tracefs files could
 * not be created, -ENODEV if its container's reactor is going away.
 */
int __rv_register_monitor(struct rv_monitor *monitor, struct rv_monitor *parent,
			  struct module *owner)
{
	bool container = !monitor->start && !monitor->stop && !monitor->reset;
	int ret = 0;

	if (!rv_name_valid(monitor->name) ||
	    (!container && (!monitor->start || !monitor->stop)))
		return -EINVAL;

	mutex_lock(&rv_interface_lock);
	if (rv_find_monitor(monitor->name)) {
		ret = -EEXIST;
		goto out_unlock;
	}
	ret = rv_check_parent(monitor, parent);
	if (ret)
		goto out_unlock;
	monitor->owner = owner;
	monitor->parent = parent;
	monitor->id = rv_next_monitor_id++;
	monitor->dir = NULL;
	ret = rv_monitor_init_state(monitor);
	if (ret)
		goto out_unlock;
	if (parent)
		ret = rv_inherit_reactor(monitor, parent);
	if (!ret && rv_monitors_dir) {
		ret = rv_create_monitor_files(monitor);
		if (ret)
			rv_reactors_forget_monitor(monitor);
	}
	if (ret) {
		rv_monitor_free_state(monitor);
		goto out_unlock;
	}
	list_add(&monitor->list, rv_monitor_list_place(parent));
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
 * A container goes after its children.
 *
 * Context: process context; takes rv_interface_lock.
 * Return: 0, -ENOENT if @monitor is not registered, -EBUSY for a
 * container that still has children.
 */
int rv_unregister_monitor(struct rv_monitor *monitor)
{
	int ret = 0;

	mutex_lock(&rv_interface_lock);
	if (!rv_monitor_registered(monitor)) {
		ret = -ENOENT;
		goto out_unlock;
	}
	if (rv_next_child(monitor, NULL)) {
		ret = -EBUSY;
		goto out_unlock;
	}
	rv_disable_monitor(monitor);
	rv_reactors_forget_monitor(monitor);
	rv_remove_monitor_files(monitor);
	list_del(&monitor->list);
	rv_monitor_free_state(monitor);
out_unlock:
	mutex_unlock(&rv_interface_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(rv_unregister_monitor);

#if IS_ENABLED(CONFIG_KUNIT)
/* Give a suite's monitor back to the user, as it was registered. */
static void rv_kunit_register_again(struct rv_monitor *monitor)
{
	/* withdrawing it kept its parent and owner */
	int ret = __rv_register_monitor(monitor, monitor->parent, monitor->owner);

	if (ret)
		pr_err("%s: could not register the monitor again after its KUnit suite: %d\n",
		       monitor->name, ret);
}

/**
 * rv_kunit_enable_monitor - enable a monitor for a KUnit suite, no probe attached
 * @monitor:	the monitor under test, registered or not yet (a module's
 *		suites run before its init function)
 * @run:	what @monitor's start() does but attach its probes: a new
 *		run of its instances
 * @registered:	set to whether @monitor was registered
 *
 * A suite that calls a monitor's handlers itself needs the monitor set
 * up as the user's enabling sets it up, and no event of the live kernel
 * reaching it. This does what registering and then enabling do, with
 * @run for start(): zeroed counters, no reactor, the instances reset, a
 * new run, the monitor processing events. A registered @monitor is
 * withdrawn first, so that the user can neither see nor switch it while
 * the suite runs. Undone by rv_kunit_disable_monitor().
 *
 * Context: process context; takes rv_interface_lock.
 * Return: 0, -ENOMEM, or the error of @run; on an error nothing is left
 * set up, and a registered @monitor is registered again.
 */
int rv_kunit_enable_monitor(struct rv_monitor *monitor, int (*run)(void), bool *registered)
{
	int ret;

	*registered = !rv_unregister_monitor(monitor);
	mutex_lock(&rv_interface_lock);
	ret = rv_monitor_init_state(monitor);
	if (!ret) {
		rv_reset_stats(monitor);
		ret = rv_start_monitor_with(monitor, run);
		if (ret)
			rv_monitor_free_state(monitor);
	}
	mutex_unlock(&rv_interface_lock);
	if (ret && *registered)
		rv_kunit_register_again(monitor);
	return ret;
}
EXPORT_SYMBOL_GPL(rv_kunit_enable_monitor);

/**
 * rv_kunit_disable_monitor - undo rv_kunit_enable_monitor()
 * @monitor:	the monitor it enabled
 * @stop:	what @monitor's stop() does but detach its probes
 * @registered:	what rv_kunit_enable_monitor() set: register it again,
 *		under the container it was registered under
 *
 * Stops @monitor as disabling does, with @stop for stop(), frees what
 * enabling gave it, and registers it again if it was registered: a
 * later enable starts as if the suite had never run.
 *
 * Context: process context; takes rv_interface_lock. The caller's own
 * calls of the handlers must be over.
 */
void rv_kunit_disable_monitor(struct rv_monitor *monitor, void (*stop)(void), bool registered)
{
	mutex_lock(&rv_interface_lock);
	WRITE_ONCE(monitor->enabled, false);
	stop();
	rv_monitor_free_state(monitor);
	mutex_unlock(&rv_interface_lock);
	if (registered)
		rv_kunit_register_again(monitor);
}
EXPORT_SYMBOL_GPL(rv_kunit_disable_monitor);
#endif /* CONFIG_KUNIT */

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

/* A monitor as the user names it: NAME, or CONTAINER:CHILD. */
static void rv_show_monitor_path(struct seq_file *m, struct rv_monitor *monitor)
{
	if (monitor->parent)
		seq_printf(m, "%s:", monitor->parent->name);
	seq_printf(m, "%s\n", monitor->name);
}

static int available_monitors_show(struct seq_file *m, void *v)
{
	rv_show_monitor_path(m, list_entry(v, struct rv_monitor, list));
	return 0;
}

static int enabled_monitors_show(struct seq_file *m, void *v)
{
	struct rv_monitor *monitor = list_entry(v, struct rv_monitor, list);

	if (rv_monitor_is_on(monitor))
		rv_show_monitor_path(m, monitor);
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
	.llseek		= rv_seq_lseek,
	.release	= seq_release,
};

/*
 * Opening for writing with truncation (a shell's '>') disables them all.
 * Every open mode gets a seq_file: seq_lseek() needs one, and a program
 * that opens the file only for writing may still seek (Python does).
 */
static int enabled_monitors_open(struct inode *inode, struct file *filp)
{
	int ret;

	/* the VFS refuses O_DIRECT only after open: refuse it before the effect */
	if (filp->f_flags & O_DIRECT)
		return -EINVAL;
	ret = seq_open(filp, &enabled_monitors_seq_ops);
	if (ret)
		return ret;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		mutex_lock(&rv_interface_lock);
		rv_disable_all_monitors();
		mutex_unlock(&rv_interface_lock);
	}
	return 0;
}

/*
 * "NAME" enables a monitor; "!NAME" (as the merged Linux RV spells it) or
 * "-NAME" (as the RFC did) disables it. A child is named by its own name
 * or as CONTAINER:CHILD; a container's name switches all its children. A
 * blank write does nothing: it is what "echo > enabled_monitors" sends
 * after the truncation.
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
	monitor = rv_find_monitor_by_path(name);
	ret = monitor ? rv_switch_monitor(monitor, enable) : -EINVAL;
	mutex_unlock(&rv_interface_lock);
	return ret ?: count;
}

static const struct file_operations enabled_monitors_fops = {
	.open		= enabled_monitors_open,
	.read		= seq_read,
	.write		= enabled_monitors_write,
	.llseek		= rv_seq_lseek,
	.release	= seq_release,
};

/*
 * rv/monitoring_on: 0 pauses every monitor, 1 resumes them, from a fresh
 * start: what a monitor knew when it was paused is stale. A paused
 * monitor is detached from its events: writing 0 returns once no handler
 * runs any more. A monitor that cannot start again when monitoring
 * resumes is left disabled, and the write fails with its error; the
 * others resume.
 */

static ssize_t monitoring_on_read(struct file *filp, char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	return rv_read_switch(filp, ubuf, count, ppos, rv_monitoring_on());
}

/**
 * rv_set_monitoring_on - switch monitoring on or off, as the user would
 * @on:		what to do
 *
 * Off stops every enabled monitor, which stays enabled (paused); on
 * starts the paused monitors afresh. A monitor that fails to start is
 * left disabled.
 *
 * Return: 0, or the error of the first monitor that failed to start.
 */
int rv_set_monitoring_on(bool on)
{
	struct rv_monitor *m;
	int ret = 0, err;

	mutex_lock(&rv_interface_lock);
	if (on && !rv_monitoring_on()) {
		list_for_each_entry(m, &rv_monitors, list) {
			if (!m->paused)
				continue;
			m->paused = false;
			err = rv_start_monitor(m);
			if (err && !ret)
				ret = err;
		}
		/* pairs with rv_monitoring_on() */
		smp_store_release(&__rv_monitoring_on, true);
	} else if (!on && rv_monitoring_on()) {
		bool stopped = false;

		WRITE_ONCE(__rv_monitoring_on, false);
		list_for_each_entry(m, &rv_monitors, list) {
			if (rv_is_container(m) || !m->enabled)
				continue;
			stopped |= rv_stop_monitor(m);
			m->paused = true;
		}
		if (stopped)
			tracepoint_synchronize_unregister();
	}
	mutex_unlock(&rv_interface_lock);
	return ret;
}

static ssize_t monitoring_on_write(struct file *filp, const char __user *ubuf,
				   size_t count, loff_t *ppos)
{
	bool on;
	int ret;

	ret = rv_parse_switch(ubuf, count, ppos, &on);
	if (!ret)
		ret = rv_set_monitoring_on(on);
	return ret ?: count;
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
