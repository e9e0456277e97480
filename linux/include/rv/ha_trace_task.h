/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace event class of the per-task and per-object hybrid-automata
 * monitors: as <rv/ha_trace.h>, with the pid of the task (the id of the
 * object) first. A monitor's tracepoint header includes this file after
 * <rv/da_trace_task.h> and declares, besides the two events of a DA
 * monitor:
 *
 *	DEFINE_RV_HA_TASK_ERROR_ENV(NAME);
 *
 * No include guard: the tracing macros read this file several times.
 */

DECLARE_EVENT_CLASS(rv_ha_task_error_env,
		    TP_PROTO(pid_t pid, const char *state, const char *event, const char *clock,
			     u64 value, bool in_jiffies, bool invariant, const char *op, u64 bound),
		    TP_ARGS(pid, state, event, clock, value, in_jiffies, invariant, op, bound),
		    TP_STRUCT__entry(__field(pid_t, pid)
				     __string(state, state)
				     __string(event, event)
				     __string(clock, clock)
				     __field(u64, value)
				     __field(u64, bound)
				     __string(op, op)
				     __field(bool, in_jiffies)
				     __field(bool, invariant)),
		    TP_fast_assign(__entry->pid = pid;
				   __assign_str(state, state);
				   __assign_str(event, event);
				   __assign_str(clock, clock);
				   __entry->value = value;
				   __entry->bound = bound;
				   __assign_str(op, op);
				   __entry->in_jiffies = in_jiffies;
				   __entry->invariant = invariant;),
		    TP_printk("%d: event %s not expected in the state %s with %s=%llu %s (%s %s %s %llu)",
			      __entry->pid, __get_str(event), __get_str(state), __get_str(clock),
			      __entry->value, __entry->in_jiffies ? "jiffies" : "ns",
			      __entry->invariant ? "invariant" : "guard", __get_str(clock),
			      __get_str(op), __entry->bound)
);

#undef DEFINE_RV_HA_TASK_ERROR_ENV
#define DEFINE_RV_HA_TASK_ERROR_ENV(name)					\
	DEFINE_EVENT(rv_ha_task_error_env, error_env_##name,			\
		TP_PROTO(pid_t pid, const char *state, const char *event,	\
			 const char *clock, u64 value, bool in_jiffies,		\
			 bool invariant, const char *op, u64 bound),		\
		TP_ARGS(pid, state, event, clock, value, in_jiffies, invariant,	\
			op, bound))
