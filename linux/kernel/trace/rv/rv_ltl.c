// SPDX-License-Identifier: GPL-2.0
/*
 * What the LTL monitors (<rv/ltl_monitor.h>) share: the locks that
 * serialise the steps of an instance, and the text of a violation.
 *
 * An instance lives in its task's task_struct, where a lock would cost
 * every task, and its steps are short: a table of locks, hashed by the
 * instance's address, serves all instances of all LTL monitors.
 */
#include <linux/bitops.h>
#include <linux/cache.h>
#include <linux/hash.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/spinlock.h>
#include <rv/ltl_monitor.h>

#define RV_LTL_LOCK_BITS	6

/* each lock on its own cache line: instances of tasks on other CPUs do not share one */
struct rv_ltl_lock {
	raw_spinlock_t lock;
} ____cacheline_aligned_in_smp;

static struct rv_ltl_lock rv_ltl_locks[1 << RV_LTL_LOCK_BITS];

/**
 * rv_ltl_lock_of - the lock that serialises the steps of an LTL instance
 * @mon:	the instance
 *
 * The handlers of <rv/ltl_monitor.h> take it with interrupts disabled;
 * in NMI, where the interrupted code may hold it, they only try.
 *
 * Return: the lock, one of a table shared by all instances.
 */
raw_spinlock_t *rv_ltl_lock_of(const struct ltl_monitor *mon)
{
	return &rv_ltl_locks[hash_ptr(mon, RV_LTL_LOCK_BITS)].lock;
}
EXPORT_SYMBOL_GPL(rv_ltl_lock_of);

/* append "sep item" to buf, cutting at its end */
static size_t rv_ltl_append(char *buf, size_t size, size_t len, const char *item)
{
	if (len)
		len += scnprintf(buf + len, size - len, ",");
	return len + scnprintf(buf + len, size - len, "%s", item);
}

/**
 * rv_ltl_violation_text - the texts of an LTL violation
 * @states:	the set of states the instance was in
 * @atoms:	the atoms that held
 * @atom_names:	the name of each atom, by bit number
 * @natoms:	how many atoms the property has
 * @states_text:	receives "s0,s2": the states, cut at RV_VIOLATION_TEXT
 * @atoms_text:	receives "RT,PAGEFAULT", or "none", likewise
 *
 * For rv_report_ltl_violation(), called on a violation only.
 */
void rv_ltl_violation_text(u64 states, u32 atoms, const char *const atom_names[],
			   unsigned int natoms, char states_text[RV_VIOLATION_TEXT],
			   char atoms_text[RV_VIOLATION_TEXT])
{
	size_t len = 0;
	unsigned int i;
	char item[8];

	states_text[0] = '\0';
	for (i = 0; i < 64; i++) {
		if (!(states & BIT_ULL(i)))
			continue;
		snprintf(item, sizeof(item), "s%u", i);
		len = rv_ltl_append(states_text, RV_VIOLATION_TEXT, len, item);
	}
	len = 0;
	atoms_text[0] = '\0';
	for (i = 0; i < natoms; i++)
		if (atoms & BIT(i))
			len = rv_ltl_append(atoms_text, RV_VIOLATION_TEXT, len, atom_names[i]);
	if (!len)
		strscpy(atoms_text, "none", RV_VIOLATION_TEXT);
}
EXPORT_SYMBOL_GPL(rv_ltl_violation_text);

static int __init rv_ltl_init(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rv_ltl_locks); i++)
		raw_spin_lock_init(&rv_ltl_locks[i].lock);
	return 0;
}
core_initcall(rv_ltl_init);
