/* SPDX-License-Identifier: GPL-2.0 */
/* The test container of rv_test_container, which its children register under. */
#ifndef _RV_TEST_SCHED_H
#define _RV_TEST_SCHED_H

#include <linux/rv.h>

extern struct rv_monitor rv_sched;

#endif /* _RV_TEST_SCHED_H */
