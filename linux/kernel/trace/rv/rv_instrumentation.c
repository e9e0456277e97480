// SPDX-License-Identifier: GPL-2.0
/*
 * Runtime Verification: attach monitor handlers to tracepoints by name.
 */
#define pr_fmt(fmt) "rv: " fmt

#include <linux/module.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <rv/instrumentation.h>

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
		struct rv_tracepoint_lookup lookup = { .name = probes[i].tracepoint };

		for_each_kernel_tracepoint(rv_match_tracepoint, &lookup);
		if (!lookup.tp) {
			pr_err("no tracepoint %s in this kernel\n", probes[i].tracepoint);
			ret = -ENOENT;
			goto out_detach;
		}
		ret = tracepoint_probe_register(lookup.tp, probes[i].probe, NULL);
		if (ret)
			goto out_detach;
		probes[i].tp = lookup.tp;
	}
	return 0;

out_detach:
	rv_detach_probes(probes, i);
	return ret;
}
EXPORT_SYMBOL_GPL(rv_attach_probes);
