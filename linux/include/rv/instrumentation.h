/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Instrumentation helpers: attach a monitor's handlers to kernel
 * tracepoints by name, from built-in monitors and from modules alike.
 *
 *	static struct rv_probe probes[] = {
 *		RV_PROBE("sched_switch", handle_sched_switch),
 *		RV_PROBE("sched_wakeup", handle_sched_wakeup),
 *	};
 *
 *	start():	return rv_attach_probes(probes, ARRAY_SIZE(probes));
 *	stop():		rv_detach_probes(probes, ARRAY_SIZE(probes));
 *
 * A handler takes the tracepoint's arguments after a void *data pointer
 * (NULL here), as any tracepoint probe: see the TP_PROTO of the event.
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

#define RV_PROBE(tp_name, handler) { .tracepoint = (tp_name), .probe = (handler) }

int rv_attach_probes(struct rv_probe *probes, unsigned int count);
void rv_detach_probes(struct rv_probe *probes, unsigned int count);

#endif /* _RV_INSTRUMENTATION_H */
