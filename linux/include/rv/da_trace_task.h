/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace event classes of the per-task DA monitors: as <rv/da_trace.h>,
 * with the pid of the task first. A monitor's tracepoint header declares
 * its two events with:
 *
 *	DEFINE_RV_DA_TASK_EVENT(NAME);
 *	DEFINE_RV_DA_TASK_ERROR(NAME);
 *
 * No include guard: the tracing macros read this file several times.
 */

DECLARE_EVENT_CLASS(rv_da_task_event,
		    TP_PROTO(pid_t pid, const char *state, const char *event,
			     const char *next_state, bool final_state),
		    TP_ARGS(pid, state, event, next_state, final_state),
		    TP_STRUCT__entry(__field(pid_t, pid)
				     __string(state, state)
				     __string(event, event)
				     __string(next_state, next_state)
				     __field(bool, final_state)),
		    TP_fast_assign(__entry->pid = pid;
				   __assign_str(state, state);
				   __assign_str(event, event);
				   __assign_str(next_state, next_state);
				   __entry->final_state = final_state;),
		    TP_printk("%d: %s x %s -> %s%s", __entry->pid, __get_str(state),
			      __get_str(event), __get_str(next_state),
			      __entry->final_state ? " (final)" : "")
);

DECLARE_EVENT_CLASS(rv_da_task_error,
		    TP_PROTO(pid_t pid, const char *state, const char *event),
		    TP_ARGS(pid, state, event),
		    TP_STRUCT__entry(__field(pid_t, pid)
				     __string(state, state)
				     __string(event, event)),
		    TP_fast_assign(__entry->pid = pid;
				   __assign_str(state, state);
				   __assign_str(event, event);),
		    TP_printk("%d: event %s not expected in the state %s", __entry->pid,
			      __get_str(event), __get_str(state))
);

#undef DEFINE_RV_DA_TASK_EVENT
#define DEFINE_RV_DA_TASK_EVENT(name)						\
	DEFINE_EVENT(rv_da_task_event, event_##name,				\
		TP_PROTO(pid_t pid, const char *state, const char *event,	\
			 const char *next_state, bool final_state),		\
		TP_ARGS(pid, state, event, next_state, final_state))

#undef DEFINE_RV_DA_TASK_ERROR
#define DEFINE_RV_DA_TASK_ERROR(name)						\
	DEFINE_EVENT(rv_da_task_error, error_##name,				\
		TP_PROTO(pid_t pid, const char *state, const char *event),	\
		TP_ARGS(pid, state, event))
