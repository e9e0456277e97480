#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kernel benchmark, in the guest: run the rv-bench workloads under each
# monitor setting, the settings interleaved round after round so that a
# drift of the machine spreads over all of them. Only the RV interface
# that the merged Linux RV and ours share is used, so this runs unchanged
# on either kernel.
#
# Usage: kernel-guest.sh RESULTS
#   appends "WORKLOAD SETTING NS" lines to RESULTS, one per run.
#   BENCH_ROUNDS, BENCH_PIPE, BENCH_FORK: rounds, and iterations of each
#   workload per run.
set -euo pipefail

results=${1:?usage: kernel-guest.sh RESULTS}
rounds=${BENCH_ROUNDS:-5}
workloads=(pipe fork)
declare -A count=([pipe]=${BENCH_PIPE:-20000} [fork]=${BENCH_FORK:-1000})
# no-monitor: RV on, no monitor enabled; rv-off: both monitors enabled,
# monitoring_on switched off (the probes stay attached); tracing: no
# monitor, the events wip and wwnr follow recorded in the ftrace ring
# buffer instead; sched: the sched container, on a kernel that has it
settings=(no-monitor wip wwnr wip+wwnr rv-off tracing)
traced="sched:sched_switch sched:sched_wakeup sched:sched_waking
preemptirq:preempt_disable preemptirq:preempt_enable"
tracing=/sys/kernel/tracing
rv=$tracing/rv
grep -qx sched $rv/available_monitors && settings+=(sched)

bin=/tmp/rv-bench
cp "$RV_CACHE/bin/rv-bench" "$bin"

# setting NAME: switch the monitors to NAME, and check that it took
setting() {
	local monitors=${1//+/ } on=1 events= m want
	case $1 in
	no-monitor) monitors= ;;
	rv-off) monitors='wip wwnr' on=0 ;;
	tracing) monitors= events=$traced ;;
	esac
	echo 1 > $rv/monitoring_on
	: > $rv/enabled_monitors
	: > $tracing/set_event
	: > $tracing/trace
	for m in $monitors; do
		echo "$m" >> $rv/enabled_monitors
	done
	for m in $events; do
		echo "$m" >> $tracing/set_event
	done
	echo $on > $rv/monitoring_on
	want=$monitors
	# a container lists itself and its children
	[ "$1" != sched ] || want=$(grep '^sched' $rv/available_monitors | xargs)
	if [ "$(xargs < $rv/enabled_monitors)" != "$want" ] ||
		[ "$(xargs < $tracing/set_event)" != "$(xargs <<< "$events")" ] ||
		[ "$(cat $rv/monitoring_on)" != $on ]; then
		echo "kernel-guest: the setting $1 did not take" >&2
		exit 1
	fi
}

reacting=$(cat $rv/reacting_on)
trap 'echo $reacting > $rv/reacting_on' EXIT
echo 0 > $rv/reacting_on
# a first run of each, not counted: page cache, slab caches
for w in "${workloads[@]}"; do
	"$bin" "$w" "${count[$w]}" > /dev/null
done
for round in $(seq "$rounds"); do
	for s in "${settings[@]}"; do
		setting "$s"
		for w in "${workloads[@]}"; do
			echo "$w $s $("$bin" "$w" "${count[$w]}")" >> "$results"
		done
	done
	echo "kernel-guest: round $round of $rounds done" >&2
done
setting no-monitor
