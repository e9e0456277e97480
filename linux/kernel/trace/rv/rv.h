/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Runtime Verification: what the parts of the RV core share.
 */
#ifndef _KERNEL_TRACE_RV_RV_H
#define _KERNEL_TRACE_RV_RV_H

#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/rv.h>
#include <linux/seq_file.h>

/* Protects the lists of monitors and reactors and every choice the user makes. */
extern struct mutex rv_interface_lock;

/*
 * A tracefs write of one word: a name (perhaps "!CONTAINER:CHILD") or a
 * switch, blanks around it.
 */
#define RV_WORD_BUF		80

ssize_t rv_copy_word(char *buf, const char __user *ubuf, size_t count, loff_t *ppos);
ssize_t rv_read_switch(struct file *filp, char __user *ubuf, size_t count,
		       loff_t *ppos, bool value);
int rv_parse_switch(const char __user *ubuf, size_t count, loff_t *ppos, bool *value);
loff_t rv_seq_lseek(struct file *filp, loff_t offset, int whence);
bool rv_name_valid(const char *name);

/* A container is a monitor without callbacks: see struct rv_monitor. */
static inline bool rv_is_container(const struct rv_monitor *monitor)
{
	return !monitor->start;
}

struct rv_monitor *rv_next_child(struct rv_monitor *container, struct rv_monitor *child);

struct rv_monitor *rv_monitor_of_file(const struct file *filp);
int rv_create_monitor_file(const char *name, umode_t mode, struct rv_monitor *monitor,
			   const struct file_operations *fops);
int rv_monitor_file_open(struct inode *inode, struct file *filp);
int rv_monitor_single_open(struct inode *inode, struct file *filp,
			   void (*print)(struct seq_file *m, struct rv_monitor *monitor));
int rv_set_monitor_enabled(struct rv_monitor *monitor, bool enable);
int rv_set_monitoring_on(bool on);

#ifdef CONFIG_RV_REACTORS
int rv_reactors_init(struct dentry *root);
int rv_reactors_create_monitor_files(struct rv_monitor *monitor);
void rv_reactors_forget_monitor(struct rv_monitor *monitor);
int rv_inherit_reactor(struct rv_monitor *child, struct rv_monitor *container);
int rv_select_reactor(struct rv_monitor *monitor, const char *name);
#else
static inline int rv_reactors_init(struct dentry *root)
{
	return 0;
}

static inline int rv_reactors_create_monitor_files(struct rv_monitor *monitor)
{
	return 0;
}

static inline void rv_reactors_forget_monitor(struct rv_monitor *monitor)
{
}

static inline int rv_inherit_reactor(struct rv_monitor *child, struct rv_monitor *container)
{
	return 0;
}
#endif

#endif /* _KERNEL_TRACE_RV_RV_H */
