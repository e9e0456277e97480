#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Every shell example of Documentation/trace/rv prints what the page says,
# on the running kernel, with the wip and wwnr monitors and the printk
# and panic reactors loaded (and, for the page on containers, the test
# container).
. "$(dirname "$0")/../../lab/lib.sh"

for m in wip wwnr reactor_printk reactor_panic; do
	modprobe $m || echo "not ok - modprobe $m"
done
# the container page's examples use the test container, sched, which
# the other pages do not show: that page comes last
docs=$REPO_DIR/linux/Documentation/trace/rv
python3 "$REPO_DIR/tests/docs/run_examples.py" \
	--setup "monitor_containers.rst=insmod $RV_CACHE/ext/test/rv_test_container/rv_test_container.ko" \
	"$REPO_DIR" "$RV_CACHE/dot2:$RV_CACHE/rv" \
	$(ls "$docs"/*.rst | grep -v /monitor_containers.rst) "$docs/monitor_containers.rst"
status=$?
echo > /sys/kernel/tracing/rv/enabled_monitors
rmmod rv_test_container 2>/dev/null
for m in wip wwnr reactor_printk reactor_panic; do
	rmmod $m
done
exit $status
