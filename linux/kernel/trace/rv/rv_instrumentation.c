// SPDX-License-Identifier: GPL-2.0
/*
 * Runtime Verification: attach monitor handlers to tracepoints by name;
 * RV's shared trace events (<trace/events/rv.h>).
 */
#define pr_fmt(fmt) "rv: " fmt

#include <linux/module.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <rv/instrumentation.h>

#define CREATE_TRACE_POINTS
#include <trace/events/rv.h>

EXPORT_TRACEPOINT_SYMBOL_GPL(da_event);
EXPORT_TRACEPOINT_SYMBOL_GPL(da_error);
EXPORT_TRACEPOINT_SYMBOL_GPL(da_event_id);
EXPORT_TRACEPOINT_SYMBOL_GPL(da_error_id);

struct rv_tracepoint_lookup {
	const char		*name;
	struct tracepoint	*tp;
};

static void rv_match_tracepoint(struct tracepoint *tp, void *priv)
{
	struct rv_tracepoint_lookup *lookup = priv;

	if (!lookup->tp && !strcmp(tp->name, lookup->name))
		lookup->tp = tp;
}

/* The kernel's tracepoint of that name, or NULL, said in the kernel log. */
static struct tracepoint *rv_find_tracepoint(const char *name)
{
	struct rv_tracepoint_lookup lookup = { .name = name };

	for_each_kernel_tracepoint(rv_match_tracepoint, &lookup);
	if (!lookup.tp)
		pr_err("no tracepoint %s in this kernel\n", name);
	return lookup.tp;
}

/**
 * rv_detach_probes - detach handlers attached by rv_attach_probes()
 * @probes:	the handlers
 * @count:	how many
 *
 * Handlers may still be running on return: the RV core waits for them
 * when it disables a monitor.
 */
void rv_detach_probes(struct rv_probe *probes, unsigned int count)
{
	unsigned int i;

	for (i = count; i-- > 0;) {
		if (!probes[i].tp)
			continue;
		WARN_ON_ONCE(tracepoint_probe_unregister(probes[i].tp, probes[i].probe, NULL));
		probes[i].tp = NULL;
	}
}
EXPORT_SYMBOL_GPL(rv_detach_probes);

/**
 * rv_attach_probes - attach handlers to the kernel's tracepoints
 * @probes:	the handlers, each with the name of its tracepoint
 * @count:	how many
 *
 * Either all handlers are attached or, on failure, none is.
 *
 * Context: process context.
 * Return: 0, -ENOENT if a tracepoint does not exist in the kernel, or the
 * error of tracepoint_probe_register().
 */
int rv_attach_probes(struct rv_probe *probes, unsigned int count)
{
	unsigned int i;
	int ret;

	for (i = 0; i < count; i++) {
		struct tracepoint *tp = rv_find_tracepoint(probes[i].tracepoint);

		ret = tp ? tracepoint_probe_register(tp, probes[i].probe, NULL) : -ENOENT;
		if (ret)
			goto out_detach;
		probes[i].tp = tp;
	}
	return 0;

out_detach:
	rv_detach_probes(probes, i);
	return ret;
}
EXPORT_SYMBOL_GPL(rv_attach_probes);

/**
 * rv_attach_probe - attach one handler to a tracepoint of the kernel
 * @tracepoint:	the tracepoint's name
 * @probe:	the handler, of the tracepoint's probe prototype
 *
 * What rv_attach_trace_probe() does once it has checked the prototype.
 *
 * Context: process context.
 * Return: 0, -ENOENT if the tracepoint does not exist in the kernel, or
 * the error of tracepoint_probe_register().
 */
int rv_attach_probe(const char *tracepoint, void *probe)
{
	struct tracepoint *tp = rv_find_tracepoint(tracepoint);

	return tp ? tracepoint_probe_register(tp, probe, NULL) : -ENOENT;
}
EXPORT_SYMBOL_GPL(rv_attach_probe);

/**
 * rv_detach_probe - detach a handler attached by rv_attach_probe()
 * @tracepoint:	the tracepoint's name
 * @probe:	the handler
 *
 * Handlers may still be running on return, as with rv_detach_probes().
 *
 * Context: process context.
 */
void rv_detach_probe(const char *tracepoint, void *probe)
{
	struct tracepoint *tp = rv_find_tracepoint(tracepoint);

	if (tp)
		tracepoint_probe_unregister(tp, probe, NULL);
}
EXPORT_SYMBOL_GPL(rv_detach_probe);
