/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Instrumentation helpers: attach a monitor's handlers to kernel
 * tracepoints, from built-in monitors and from modules alike.
 *
 *	#include <trace/events/sched.h>
 *
 *	static struct rv_probe probes[] = {
 *		RV_PROBE(sched_switch, handle_sched_switch),
 *		RV_PROBE(sched_wakeup, handle_sched_wakeup),
 *	};
 *
 *	start():	return rv_attach_probes(probes, ARRAY_SIZE(probes));
 *	stop():		rv_detach_probes(probes, ARRAY_SIZE(probes));
 *
 * A handler takes the tracepoint's arguments after a void *data pointer
 * (NULL here), as any tracepoint probe: see the TP_PROTO of the event.
 * RV_PROBE() checks that at build time, against the tracepoint's
 * declaration, which the monitor includes (before its own
 * CREATE_TRACE_POINTS): a handler of the wrong prototype, or a
 * tracepoint that does not exist, does not build. Modules cannot link
 * to most tracepoints, so the handlers are attached by name, looked up
 * when the monitor starts.
 */
#ifndef _RV_INSTRUMENTATION_H
#define _RV_INSTRUMENTATION_H

struct tracepoint;

/**
 * struct rv_probe - a handler and the tracepoint it goes to
 * @tracepoint:	the tracepoint's name, as in its TRACE_EVENT()
 * @probe:	the handler
 * @tp:		the tracepoint while the handler is attached, else NULL
 */
struct rv_probe {
	const char		*tracepoint;
	void			*probe;
	struct tracepoint	*tp;
};

/*
 * Zero, once a handler of function type @type has been checked against
 * the tracepoint's probe prototype (an unevaluated call of the
 * tracepoint's own type check).
 */
#define __RV_PROBE_TYPE_CHECK(tp, type)						\
	(0 * sizeof((check_trace_callback_type_##tp((type *)NULL), 0)))

/**
 * RV_PROBE - an entry of a table of handlers
 * @tp:		the tracepoint, as named in its TRACE_EVENT() (not a string)
 * @handler:	its handler function, which must match the tracepoint's
 *		prototype
 */
#define RV_PROBE(tp, handler) {							\
	.tracepoint = #tp + __RV_PROBE_TYPE_CHECK(tp, typeof(handler)),		\
	.probe = (handler),							\
}

int rv_attach_probes(struct rv_probe *probes, unsigned int count);
void rv_detach_probes(struct rv_probe *probes, unsigned int count);
int rv_attach_probe(const char *tracepoint, void *probe);
void rv_detach_probe(const char *tracepoint, void *probe);

/**
 * rv_attach_trace_probe - attach one handler to a tracepoint
 * @monitor:	the monitor's name (unused: the kernel log names the tracepoint)
 * @tp:		the tracepoint, as named in its TRACE_EVENT() (not a string)
 * @handler:	its handler, checked against the tracepoint's prototype at
 *		build time, as by RV_PROBE()
 *
 * The one-at-a-time form of Linux's RV, for the monitors written for it;
 * ours attach a table with rv_attach_probes(), undone in one call on
 * failure. Evaluates to the result of rv_attach_probe().
 */
#define rv_attach_trace_probe(monitor, tp, handler)				\
	rv_attach_probe(#tp + __RV_PROBE_TYPE_CHECK(tp, typeof(handler)), (handler))

/**
 * rv_detach_trace_probe - detach a handler attached by rv_attach_trace_probe()
 * @monitor:	the monitor's name (unused)
 * @tp:		the tracepoint
 * @handler:	the handler
 */
#define rv_detach_trace_probe(monitor, tp, handler)				\
	rv_detach_probe(#tp, (handler))

#endif /* _RV_INSTRUMENTATION_H */
