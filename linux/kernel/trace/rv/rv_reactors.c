// SPDX-License-Identifier: GPL-2.0
/*
 * Runtime Verification reactors: what a monitor does when the kernel
 * breaks its model.
 *
 * A reactor registers with rv_register_reactor(). The user selects one per
 * monitor in rv/monitors/NAME/reactors; "nop", the default, is no reactor
 * at all: the monitor's error tracepoint is then the only trace of the
 * violation. rv/reacting_on switches every reaction off and on.
 *
 * A monitor reacts with rv_react(), from the context of the event that
 * broke the model. The reactor pointer is read under RCU there; changing
 * it waits for a grace period before the old reactor is released, and a
 * selected reactor pins its module, so that a reactor cannot go away
 * while a monitor may still call it.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/tracefs.h>

#include "rv.h"

/* The name that selects no reactor. */
#define RV_NOP_REACTOR		"nop"

static LIST_HEAD(rv_reactors);

bool __rv_reacting_on __read_mostly = true;
EXPORT_SYMBOL_GPL(__rv_reacting_on);

/**
 * rv_react - report a violation to a monitor's reactor
 * @monitor:	the monitor whose model was broken
 * @msg:	what happened, a complete message (never a format)
 *
 * Does nothing when reacting is off or the monitor has no reactor. Safe in
 * any context a tracepoint probe runs in.
 */
void rv_react(struct rv_monitor *monitor, const char *msg)
{
	struct rv_reactor *reactor;

	if (!rv_reacting_on())
		return;
	rcu_read_lock();
	reactor = rcu_dereference(monitor->reactor);
	if (reactor)
		reactor->react(msg);
	rcu_read_unlock();
}
EXPORT_SYMBOL_GPL(rv_react);

static struct rv_reactor *rv_find_reactor(const char *name)
{
	struct rv_reactor *r;

	lockdep_assert_held(&rv_interface_lock);
	list_for_each_entry(r, &rv_reactors, list)
		if (!strcmp(r->name, name))
			return r;
	return NULL;
}

/* Make @reactor (NULL for none) the reactor of @monitor. */
static int rv_set_reactor(struct rv_monitor *monitor, struct rv_reactor *reactor)
{
	struct rv_reactor *old;

	lockdep_assert_held(&rv_interface_lock);
	old = rcu_dereference_protected(monitor->reactor,
					lockdep_is_held(&rv_interface_lock));
	if (old == reactor)
		return 0;
	if (reactor) {
		if (!try_module_get(reactor->owner))
			return -ENODEV;
		reactor->users++;
	}
	rcu_assign_pointer(monitor->reactor, reactor);
	if (old) {
		/* wait for the reactions still running with the old one */
		synchronize_rcu();
		old->users--;
		module_put(old->owner);
	}
	return 0;
}

/**
 * rv_select_reactor - select a monitor's reactor by name
 * @monitor:	a registered monitor; for a container, the reactor is also
 *		each child's
 * @name:	a registered reactor's name, or "nop" for none
 *
 * Called with rv_interface_lock held. Selecting a reactor never enables
 * or disables a monitor.
 *
 * Return: 0, -EINVAL for an unknown name, -ENODEV if the reactor's module
 * is going away.
 */
int rv_select_reactor(struct rv_monitor *monitor, const char *name)
{
	struct rv_reactor *reactor = NULL;
	struct rv_monitor *child;
	int ret;

	lockdep_assert_held(&rv_interface_lock);
	if (strcmp(name, RV_NOP_REACTOR)) {
		reactor = rv_find_reactor(name);
		if (!reactor)
			return -EINVAL;
	}
	ret = rv_set_reactor(monitor, reactor);
	if (ret || !rv_is_container(monitor))
		return ret;
	/* the container's selection pins the reactor's module: no failure */
	for (child = rv_next_child(monitor, NULL); child;
	     child = rv_next_child(monitor, child))
		WARN_ON_ONCE(rv_set_reactor(child, reactor));
	return 0;
}

/**
 * rv_inherit_reactor - give a new child its container's reactor
 * @child:	the child, not yet listed, with no reactor
 * @container:	its container
 *
 * Called with rv_interface_lock held.
 *
 * Return: 0, or -ENODEV if the reactor's module is going away.
 */
int rv_inherit_reactor(struct rv_monitor *child, struct rv_monitor *container)
{
	return rv_set_reactor(child, rcu_dereference_protected(container->reactor,
				lockdep_is_held(&rv_interface_lock)));
}

/**
 * rv_reactors_forget_monitor - release the reactor of a departing monitor
 * @monitor: the monitor, already stopped
 *
 * Called with rv_interface_lock held.
 */
void rv_reactors_forget_monitor(struct rv_monitor *monitor)
{
	rv_set_reactor(monitor, NULL);
}

/**
 * __rv_register_reactor - make a reactor available to the monitors
 * @reactor:	the reactor, with name, description and react set; it must
 *		stay in memory until unregistered
 * @owner:	the module that provides @reactor's code, NULL if built in
 *
 * Use rv_register_reactor(), which passes the calling module.
 *
 * Context: process context; takes rv_interface_lock.
 * Return: 0, -EINVAL if @reactor is incomplete or its name is not valid
 * (or is "nop"), -EEXIST if a reactor of that name is registered.
 */
int __rv_register_reactor(struct rv_reactor *reactor, struct module *owner)
{
	int ret = 0;

	if (!rv_name_valid(reactor->name) || !reactor->react ||
	    !strcmp(reactor->name, RV_NOP_REACTOR))
		return -EINVAL;

	mutex_lock(&rv_interface_lock);
	if (rv_find_reactor(reactor->name)) {
		ret = -EEXIST;
	} else {
		reactor->owner = owner;
		reactor->users = 0;
		list_add_tail(&reactor->list, &rv_reactors);
	}
	mutex_unlock(&rv_interface_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(__rv_register_reactor);

/**
 * rv_unregister_reactor - withdraw a reactor
 * @reactor: a reactor registered with rv_register_reactor()
 *
 * A reactor that a monitor selected stays: the user must select another
 * one first. (A module's reactor cannot even get here then: the selection
 * pins the module.)
 *
 * Context: process context; takes rv_interface_lock.
 * Return: 0, -ENOENT if @reactor is not registered, -EBUSY if a monitor
 * uses it.
 */
int rv_unregister_reactor(struct rv_reactor *reactor)
{
	struct rv_reactor *r;
	int ret = -ENOENT;

	mutex_lock(&rv_interface_lock);
	list_for_each_entry(r, &rv_reactors, list) {
		if (r != reactor)
			continue;
		if (reactor->users) {
			ret = -EBUSY;
		} else {
			list_del(&reactor->list);
			ret = 0;
		}
		break;
	}
	mutex_unlock(&rv_interface_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(rv_unregister_reactor);

/*
 * rv/available_reactors: "nop", then the registered reactors.
 */

static int available_reactors_show(struct seq_file *m, void *v)
{
	struct rv_reactor *r;

	seq_puts(m, RV_NOP_REACTOR "\n");
	mutex_lock(&rv_interface_lock);
	list_for_each_entry(r, &rv_reactors, list)
		seq_printf(m, "%s\n", r->name);
	mutex_unlock(&rv_interface_lock);
	return 0;
}

static int available_reactors_open(struct inode *inode, struct file *filp)
{
	return single_open(filp, available_reactors_show, NULL);
}

static const struct file_operations available_reactors_fops = {
	.open		= available_reactors_open,
	.read		= seq_read,
	.llseek		= rv_seq_lseek,
	.release	= single_release,
};

/*
 * rv/monitors/NAME/reactors: every reactor, the selected one in brackets;
 * writing a name selects it.
 */

static void show_reactor_choice(struct seq_file *m, const char *name, bool selected)
{
	if (selected)
		seq_printf(m, "[%s]\n", name);
	else
		seq_printf(m, "%s\n", name);
}

static void monitor_reactors_print(struct seq_file *m, struct rv_monitor *monitor)
{
	struct rv_reactor *selected, *r;

	selected = rcu_dereference_protected(monitor->reactor,
					     lockdep_is_held(&rv_interface_lock));
	show_reactor_choice(m, RV_NOP_REACTOR, !selected);
	list_for_each_entry(r, &rv_reactors, list)
		show_reactor_choice(m, r->name, r == selected);
}

static int monitor_reactors_open(struct inode *inode, struct file *filp)
{
	return rv_monitor_single_open(inode, filp, monitor_reactors_print);
}

static ssize_t monitor_reactors_write(struct file *filp, const char __user *ubuf,
				      size_t count, loff_t *ppos)
{
	struct rv_monitor *monitor;
	char buf[RV_WORD_BUF];
	ssize_t len;
	int ret;

	len = rv_copy_word(buf, ubuf, count, ppos);
	if (len <= 0)
		return len ?: -EINVAL;

	mutex_lock(&rv_interface_lock);
	monitor = rv_monitor_of_file(filp);
	ret = monitor ? rv_select_reactor(monitor, buf) : -ENODEV;
	mutex_unlock(&rv_interface_lock);
	return ret ?: count;
}

static const struct file_operations monitor_reactors_fops = {
	.open		= monitor_reactors_open,
	.read		= seq_read,
	.write		= monitor_reactors_write,
	.llseek		= rv_seq_lseek,
	.release	= single_release,
};

/**
 * rv_reactors_create_monitor_files - add the reactor files of a monitor
 * @monitor: the monitor, whose folder exists
 *
 * Return: 0 or -ENOMEM.
 */
int rv_reactors_create_monitor_files(struct rv_monitor *monitor)
{
	return rv_create_monitor_file("reactors", 0600, monitor, &monitor_reactors_fops);
}

/*
 * rv/reacting_on
 */

static ssize_t reacting_on_read(struct file *filp, char __user *ubuf,
				size_t count, loff_t *ppos)
{
	return rv_read_switch(filp, ubuf, count, ppos, rv_reacting_on());
}

static ssize_t reacting_on_write(struct file *filp, const char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	bool on;
	int ret;

	ret = rv_parse_switch(ubuf, count, ppos, &on);
	if (ret)
		return ret;
	WRITE_ONCE(__rv_reacting_on, on);
	return count;
}

static const struct file_operations reacting_on_fops = {
	.open		= simple_open,
	.read		= reacting_on_read,
	.write		= reacting_on_write,
	.llseek		= default_llseek,
};

/**
 * rv_reactors_init - create the reactor files in rv/
 * @root: the rv/ folder
 *
 * Return: 0 or -ENOMEM.
 */
int rv_reactors_init(struct dentry *root)
{
	if (!tracefs_create_file("available_reactors", 0400, root, NULL,
				 &available_reactors_fops) ||
	    !tracefs_create_file("reacting_on", 0600, root, NULL, &reacting_on_fops))
		return -ENOMEM;
	return 0;
}
