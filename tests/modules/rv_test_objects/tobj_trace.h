/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints of the tobj test monitor: per-object, with the object's id.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM rv

#if !defined(_RV_MON_TOBJ_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _RV_MON_TOBJ_TRACE_H

#include <linux/tracepoint.h>
#include <rv/da_trace_task.h>

DEFINE_RV_DA_TASK_EVENT(tobj);
DEFINE_RV_DA_TASK_ERROR(tobj);

#endif /* _RV_MON_TOBJ_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE tobj_trace
#include <trace/define_trace.h>
