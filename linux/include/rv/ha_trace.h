/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace event class of the global and per-CPU hybrid-automata monitors
 * (see <rv/ha_monitor.h>): a violation of a clock constraint, with the
 * environment that broke it. A monitor's tracepoint header includes this
 * file after <rv/da_trace.h> and declares, besides the two events of a
 * DA monitor:
 *
 *	DEFINE_RV_HA_ERROR_ENV(NAME);
 *
 * which gives the tracepoint error_env_NAME: the state, the event (a
 * guard's, or CLOCK_expired for an invariant), the clock's name and
 * value, its unit (jiffies or ns), and the constraint it broke, clock OP
 * bound, as an invariant or a guard. An event that the model does not
 * allow in the state is still traced by error_NAME, as in a DA monitor:
 * each violation is traced once, by one of the two. Per-task and
 * per-object monitors use <rv/ha_trace_task.h>.
 *
 * No include guard: the tracing macros read this file several times.
 */

DECLARE_EVENT_CLASS(rv_ha_error_env,
		    TP_PROTO(const char *state, const char *event, const char *clock, u64 value,
			     bool in_jiffies, bool invariant, const char *op, u64 bound),
		    TP_ARGS(state, event, clock, value, in_jiffies, invariant, op, bound),
		    TP_STRUCT__entry(__string(state, state)
				     __string(event, event)
				     __string(clock, clock)
				     __field(u64, value)
				     __field(u64, bound)
				     __string(op, op)
				     __field(bool, in_jiffies)
				     __field(bool, invariant)),
		    TP_fast_assign(__assign_str(state, state);
				   __assign_str(event, event);
				   __assign_str(clock, clock);
				   __entry->value = value;
				   __entry->bound = bound;
				   __assign_str(op, op);
				   __entry->in_jiffies = in_jiffies;
				   __entry->invariant = invariant;),
		    TP_printk("event %s not expected in the state %s with %s=%llu %s (%s %s %s %llu)",
			      __get_str(event), __get_str(state), __get_str(clock),
			      __entry->value, __entry->in_jiffies ? "jiffies" : "ns",
			      __entry->invariant ? "invariant" : "guard", __get_str(clock),
			      __get_str(op), __entry->bound)
);

#undef DEFINE_RV_HA_ERROR_ENV
#define DEFINE_RV_HA_ERROR_ENV(name)						\
	DEFINE_EVENT(rv_ha_error_env, error_env_##name,				\
		TP_PROTO(const char *state, const char *event,			\
			 const char *clock, u64 value, bool in_jiffies,		\
			 bool invariant, const char *op, u64 bound),		\
		TP_ARGS(state, event, clock, value, in_jiffies, invariant, op,	\
			bound))
