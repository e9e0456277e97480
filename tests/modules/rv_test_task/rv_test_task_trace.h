/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints of the rv_test_task monitor.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM rv

#if !defined(_RV_TEST_TASK_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _RV_TEST_TASK_TRACE_H

#include <linux/tracepoint.h>
#include <rv/da_trace_task.h>

DEFINE_RV_DA_TASK_EVENT(rv_test_task);
DEFINE_RV_DA_TASK_ERROR(rv_test_task);

#endif /* _RV_TEST_TASK_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE rv_test_task_trace
#include <trace/define_trace.h>
