#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# In the guest: what RV's enabling and disabling does to the kernel's code,
# without RV: attach and detach the preemptirq and sched tracepoints'
# probes (by their trace events) ROUNDS times (default 2000), while
# stress-ng switches and forks on every CPU. Each toggle patches live call
# sites (static calls, and static keys with JUMP_LABEL) while the other
# CPUs run them. For the question whether the lab's one unexplained panic
# (an oops in interrupt context while tests/guest/bench.sh toggled wip)
# was RV's or the patching's under QEMU's TCG:
#   make vm-run CMD='lab/text-poke-storm.sh 5000'
rounds=${1:-2000}
events=/sys/kernel/tracing/events
stress-ng --switch 2 --fork 1 --timeout 0 --quiet &
stress=$!
for ((i = 1; i <= rounds; i++)); do
	for e in preemptirq/preempt_enable preemptirq/preempt_disable sched/sched_waking \
		sched/sched_switch; do
		echo 1 > $events/$e/enable
	done
	for e in preemptirq/preempt_enable preemptirq/preempt_disable sched/sched_waking \
		sched/sched_switch; do
		echo 0 > $events/$e/enable
	done
done
kill $stress
wait $stress 2>/dev/null
echo "text-poke-storm: $rounds rounds of attaching and detaching 4 tracepoints' probes"
