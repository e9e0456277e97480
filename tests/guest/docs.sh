#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Every shell example of Documentation/trace/rv prints what the page says,
# on the running kernel, with the wip and wwnr monitors and the printk
# and panic reactors loaded.
. "$(dirname "$0")/../../lab/lib.sh"

for m in wip wwnr reactor_printk reactor_panic; do
	modprobe $m || echo "not ok - modprobe $m"
done
python3 "$REPO_DIR/tests/docs/run_examples.py" "$REPO_DIR" "$RV_CACHE/dot2:$RV_CACHE/rv" \
	"$REPO_DIR"/linux/Documentation/trace/rv/*.rst
status=$?
echo > /sys/kernel/tracing/rv/enabled_monitors
for m in wip wwnr reactor_printk reactor_panic; do
	rmmod $m
done
exit $status
