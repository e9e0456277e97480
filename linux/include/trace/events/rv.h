/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RV's shared trace events. A DA monitor written for the RV of Linux 6.1
 * includes this file rather than a tracepoint header of its own: its
 * transitions and violations are traced here, with its name (and, for a
 * per-task monitor, the pid), where our monitors trace event_NAME and
 * error_NAME of their own header (see <rv/da_monitor.h>).
 */
#ifndef _TRACE_RV_SHARED_H
#define _TRACE_RV_SHARED_H
/* the DA monitors declared in the including file trace here, not to their own */
#undef rv_da_trace_event
#undef rv_da_trace_error
#undef rv_da_trace_event_id
#undef rv_da_trace_error_id
#undef rv_da_tracing_event
#undef rv_da_tracing_event_id
#define rv_da_trace_event(own, ...)	trace_da_event(__VA_ARGS__)
#define rv_da_trace_error(own, ...)	trace_da_error(__VA_ARGS__)
#define rv_da_trace_event_id(own, ...)	trace_da_event_id(__VA_ARGS__)
#define rv_da_trace_error_id(own, ...)	trace_da_error_id(__VA_ARGS__)
#define rv_da_tracing_event(own)	trace_da_event_enabled()
#define rv_da_tracing_event_id(own)	trace_da_event_id_enabled()
#endif /* _TRACE_RV_SHARED_H */

#undef TRACE_SYSTEM
#define TRACE_SYSTEM rv

#if !defined(_TRACE_RV_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_RV_H

#include <linux/tracepoint.h>

TRACE_EVENT(da_event,
	    TP_PROTO(const char *monitor, const char *state, const char *event,
		     const char *next_state, bool final_state),
	    TP_ARGS(monitor, state, event, next_state, final_state),
	    TP_STRUCT__entry(__string(monitor, monitor)
			     __string(state, state)
			     __string(event, event)
			     __string(next_state, next_state)
			     __field(bool, final_state)),
	    TP_fast_assign(__assign_str(monitor, monitor);
			   __assign_str(state, state);
			   __assign_str(event, event);
			   __assign_str(next_state, next_state);
			   __entry->final_state = final_state;),
	    TP_printk("%s: %s x %s -> %s%s", __get_str(monitor), __get_str(state),
		      __get_str(event), __get_str(next_state),
		      __entry->final_state ? " (final)" : "")
);

TRACE_EVENT(da_error,
	    TP_PROTO(const char *monitor, const char *state, const char *event),
	    TP_ARGS(monitor, state, event),
	    TP_STRUCT__entry(__string(monitor, monitor)
			     __string(state, state)
			     __string(event, event)),
	    TP_fast_assign(__assign_str(monitor, monitor);
			   __assign_str(state, state);
			   __assign_str(event, event);),
	    TP_printk("%s: event %s not expected in the state %s", __get_str(monitor),
		      __get_str(event), __get_str(state))
);

TRACE_EVENT(da_event_id,
	    TP_PROTO(const char *monitor, int id, const char *state, const char *event,
		     const char *next_state, bool final_state),
	    TP_ARGS(monitor, id, state, event, next_state, final_state),
	    TP_STRUCT__entry(__string(monitor, monitor)
			     __field(int, id)
			     __string(state, state)
			     __string(event, event)
			     __string(next_state, next_state)
			     __field(bool, final_state)),
	    TP_fast_assign(__assign_str(monitor, monitor);
			   __entry->id = id;
			   __assign_str(state, state);
			   __assign_str(event, event);
			   __assign_str(next_state, next_state);
			   __entry->final_state = final_state;),
	    TP_printk("%s[%d]: %s x %s -> %s%s", __get_str(monitor), __entry->id,
		      __get_str(state), __get_str(event), __get_str(next_state),
		      __entry->final_state ? " (final)" : "")
);

TRACE_EVENT(da_error_id,
	    TP_PROTO(const char *monitor, int id, const char *state, const char *event),
	    TP_ARGS(monitor, id, state, event),
	    TP_STRUCT__entry(__string(monitor, monitor)
			     __field(int, id)
			     __string(state, state)
			     __string(event, event)),
	    TP_fast_assign(__assign_str(monitor, monitor);
			   __entry->id = id;
			   __assign_str(state, state);
			   __assign_str(event, event);),
	    TP_printk("%s[%d]: event %s not expected in the state %s", __get_str(monitor),
		      __entry->id, __get_str(event), __get_str(state))
);

#endif /* _TRACE_RV_H */

#include <trace/define_trace.h>
