/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace event classes of the global and per-CPU DA monitors. A monitor's
 * tracepoint header (TRACE_SYSTEM rv) includes this file inside its
 * multi-read section and declares its two events with:
 *
 *	DEFINE_RV_DA_EVENT(NAME);
 *	DEFINE_RV_DA_ERROR(NAME);
 *
 * which gives the tracepoints event_NAME (state, event, next state, and
 * whether that one is final) and error_NAME (state and the event the
 * model does not allow there). Per-task monitors use <rv/da_trace_task.h>.
 *
 * No include guard: the tracing macros read this file several times.
 */

DECLARE_EVENT_CLASS(rv_da_event,
		    TP_PROTO(const char *state, const char *event, const char *next_state,
			     bool final_state),
		    TP_ARGS(state, event, next_state, final_state),
		    TP_STRUCT__entry(__string(state, state)
				     __string(event, event)
				     __string(next_state, next_state)
				     __field(bool, final_state)),
		    TP_fast_assign(__assign_str(state, state);
				   __assign_str(event, event);
				   __assign_str(next_state, next_state);
				   __entry->final_state = final_state;),
		    TP_printk("%s x %s -> %s%s", __get_str(state), __get_str(event),
			      __get_str(next_state), __entry->final_state ? " (final)" : "")
);

DECLARE_EVENT_CLASS(rv_da_error,
		    TP_PROTO(const char *state, const char *event),
		    TP_ARGS(state, event),
		    TP_STRUCT__entry(__string(state, state)
				     __string(event, event)),
		    TP_fast_assign(__assign_str(state, state);
				   __assign_str(event, event);),
		    TP_printk("event %s not expected in the state %s",
			      __get_str(event), __get_str(state))
);

#undef DEFINE_RV_DA_EVENT
#define DEFINE_RV_DA_EVENT(name)						\
	DEFINE_EVENT(rv_da_event, event_##name,					\
		TP_PROTO(const char *state, const char *event,			\
			 const char *next_state, bool final_state),		\
		TP_ARGS(state, event, next_state, final_state))

#undef DEFINE_RV_DA_ERROR
#define DEFINE_RV_DA_ERROR(name)						\
	DEFINE_EVENT(rv_da_error, error_##name,					\
		TP_PROTO(const char *state, const char *event),			\
		TP_ARGS(state, event))
