#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The longest stretch with preemption off (and so with interrupts off,
# which the table's raw spinlock adds to it) while a per-object monitor of
# the largest capacity dot2k allows (2^20 objects) forgets all the objects
# it follows: on a reset (monitoring_on off and on) and when disabled.
# Measured with the preemptoff tracer of the test kernel; a measurement,
# not a test: it prints the figures and the function where the longest
# stretch ended, and judges nothing.
#
# Usage: objects-release.sh    (on the host; boots the test kernel)
set -euo pipefail
. "$(dirname "$0")/../lab/lib.sh"

capacity=1048576
if [ "${1:-}" != --guest ]; then
	"$LAB_DIR/build-module.sh" "$REPO_DIR/tests/modules/rv_test_container" >/dev/null
	"$LAB_DIR/build-module.sh" "$REPO_DIR/tests/modules/rv_test_objects" >/dev/null
	exec "$LAB_DIR/vm-run.sh" --timeout 1200 -- "bash bench/objects-release.sh --guest"
fi

tracing=/sys/kernel/tracing
rv=$tracing/rv
tobj=$rv/monitors/sched/tobj
mods=$RV_CACHE/ext/test
insmod $mods/rv_test_container/rv_test_container.ko
insmod $mods/rv_test_objects/rv_test_objects.ko capacity=$capacity

# fill N: N objects followed, 100,000 a write (the module's limit)
fill() {
	local left=$1 n
	while [ "$left" -gt 0 ]; do
		n=$((left < 100000 ? left : 100000))
		echo $n > /sys/module/rv_test_objects/parameters/keep
		left=$((left - n))
	done
	echo "followed: $(field_of $tobj/stats objects) of $(field_of $tobj/stats objects_capacity)"
}

# longest WHAT CMD...: the longest preemption-off stretch while CMD runs
longest() {
	local what=$1
	shift
	echo 0 > $tracing/tracing_max_latency
	echo preemptoff > $tracing/current_tracer
	"$@"
	echo "$what: longest preemption-off stretch $(< $tracing/tracing_max_latency) us"
	# the latency trace's header says where it started and ended
	grep -E '=> (started|ended) at:' $tracing/trace | sed 's/^# */    /' || true
	grep -v '^#' $tracing/trace | head -n 25 >&2 || true
	echo nop > $tracing/current_tracer
}

monitoring_cycle() { echo 0 > $rv/monitoring_on; echo 1 > $rv/monitoring_on; }
echo 1 > $tobj/enable
fill $capacity
longest "reset (monitoring_on 0, 1) of $capacity objects" monitoring_cycle
fill $capacity
longest "disable with $capacity objects" eval "echo 0 > $tobj/enable"
longest "nothing (the baseline of the same window)" true
rmmod rv_test_objects rv_test_container
