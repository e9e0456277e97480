#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Every shell example of Documentation/trace/rv prints what the page says,
# on the running kernel, with the wip and wwnr monitors and the printk and
# panic reactors loaded; the pages of the test container (sched), of the
# rtapp monitors and of stall come last, in that order, each loading what
# it shows.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

for m in wip wwnr reactor_printk reactor_panic; do
	ktap_ok "modprobe $m" modprobe $m
done
docs=$REPO_DIR/linux/Documentation/trace/rv
last="monitor_containers.rst monitor_rtapp.rst monitor_stall.rst"
# its checks follow ours, and it prints the plan of both
python3 "$REPO_DIR/tests/docs/run_examples.py" --after $ktap_count \
	--setup "monitor_containers.rst=insmod $RV_CACHE/ext/test/rv_test_container/rv_test_container.ko" \
	--setup "monitor_rtapp.rst=modprobe rtapp && modprobe pagefault && modprobe sleep" \
	--setup "monitor_stall.rst=modprobe stall" \
	"$REPO_DIR" "$RV_CACHE/dot2:$RV_CACHE/rv:$RV_CACHE/ltl" \
	$(ls "$docs"/*.rst | grep -v -e /monitor_containers.rst -e /monitor_rtapp.rst -e /monitor_stall.rst) \
	$(for page in $last; do echo "$docs/$page"; done)
status=$?
echo > /sys/kernel/tracing/rv/enabled_monitors
for m in rv_test_container pagefault sleep rtapp stall wip wwnr reactor_printk reactor_panic; do
	rmmod $m 2>/dev/null
done
[ "$ktap_failures" -eq 0 ] || status=1
exit $status
