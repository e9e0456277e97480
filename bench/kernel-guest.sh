#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kernel benchmark, in the guest: run the rv-bench workloads under each
# monitor setting, the settings interleaved round after round so that a
# drift of the machine spreads over all of them. Only the RV interface
# that the merged Linux RV and ours share is used, so this runs unchanged
# on either kernel.
#
# Usage: kernel-guest.sh RESULTS EVENTS_MODULE
#   appends "WORKLOAD SETTING NS" lines to RESULTS, one per run: NS is
#   the mean guest time of one iteration. EVENTS_MODULE is
#   rv_bench_events.ko, built for the kernel that runs.
#   BENCH_ROUNDS, BENCH_PIPE, BENCH_FORK, BENCH_TOGGLES: rounds, and
#   iterations of each workload per run.
#   Then the scale series: "wake-TASKS SETTING NS" lines, a round trip
#   waking one of TASKS sleeping tasks (BENCH_TASKS: 10 100 1000 10000),
#   no monitor against wwnr, BENCH_SCALE_ROUNDS (3) rounds; and
#   "memory task_struct BYTES", the size of a task_struct.
#   Last, "followed WORKLOAD MONITOR EVENTS": the events wip and wwnr
#   each follow in one iteration of each workload (and wwnr in one of
#   each scale series, WORKLOAD wake-TASKS), counted in an untimed run
#   like the timed ones with the monitor's event trace on: the two RVs
#   do not start following a task at the same point, and a ratio of
#   times means little where they do not follow the same events.
set -euo pipefail
. "$(dirname "$0")/../lab/lib.sh"

results=${1:?usage: kernel-guest.sh RESULTS EVENTS_MODULE}
events_module=${2:?usage: kernel-guest.sh RESULTS EVENTS_MODULE}
rounds=${BENCH_ROUNDS:-5}
# pipe and fork: rv-bench's; toggle: rv_bench_events' preemption toggles
workloads=(pipe fork toggle)
declare -A count=([pipe]=${BENCH_PIPE:-20000} [fork]=${BENCH_FORK:-1000}
	[toggle]=${BENCH_TOGGLES:-1000000})
events_params=/sys/module/rv_bench_events/parameters
# no-monitor: RV on, no monitor enabled; rv-off: both monitors enabled,
# monitoring_on switched off (ours detaches them, Debian's RV keeps their
# probes attached); tracing: no
# monitor, the events wip and wwnr follow recorded in the ftrace ring
# buffer instead; sched: the sched container, on a kernel that has it;
# no-rv: the kernel has no RV
settings=(no-monitor wip wwnr wip+wwnr rv-off tracing)
traced="sched:sched_switch sched:sched_wakeup sched:sched_waking
preemptirq:preempt_disable preemptirq:preempt_enable"
tracing=/sys/kernel/tracing
rv=$tracing/rv
# a kernel built without RV has one setting: no-rv
if [ ! -d $rv ]; then
	settings=(no-rv)
elif grep -qx sched $rv/available_monitors; then
	settings+=(sched)
fi

bin=/tmp/rv-bench
cp "$RV_CACHE/bin/rv-bench" "$bin"

# the sched container lists itself and its children when enabled
sched_members=()
[ ! -d $rv ] || while read -r m; do
	[[ $m != sched* ]] || sched_members+=("$m")
done < $rv/available_monitors

# setting NAME: switch the monitors to NAME, and check that it took. Bash
# builtins only, once the setting is on: with the sched container on a
# debugging kernel under TCG, each process started costs seconds.
setting() {
	local monitors=${1//+/ } on=1 events= m want enabled traced_now now ok
	case $1 in
	no-rv) return ;;
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
	want=($monitors)
	[ "$1" != sched ] || want=("${sched_members[@]}")
	mapfile -t enabled < $rv/enabled_monitors
	mapfile -t traced_now < $tracing/set_event
	read -r now < $rv/monitoring_on
	ok=1
	[ "${enabled[*]}" = "${want[*]}" ] && [ "$now" = $on ] || ok=0
	# set_event lists the events in an order of its own: the same set
	events=($events)
	[ ${#traced_now[@]} -eq ${#events[@]} ] || ok=0
	for m in "${events[@]}"; do
		[[ " ${traced_now[*]} " == *" $m "* ]] || ok=0
	done
	if [ $ok -eq 0 ]; then
		echo "kernel-guest: the setting $1 did not take" >&2
		exit 1
	fi
}

# run WORKLOAD: one run; prints the mean guest ns of one iteration. With
# RV_BENCH_TRACING_ON naming a tracing_on file, the ring buffer records
# the timed region only (rv-bench switches it around its own).
run() {
	local ns
	if [ "$1" != toggle ]; then
		"$bin" "$1" "${count[$1]}"
		return
	fi
	[ -z "${RV_BENCH_TRACING_ON:-}" ] || echo 1 > "$RV_BENCH_TRACING_ON"
	echo "${count[toggle]}" > $events_params/preempt_toggles
	[ -z "${RV_BENCH_TRACING_ON:-}" ] || echo 0 > "$RV_BENCH_TRACING_ON"
	read -r ns < $events_params/last_ns
	printf '%d.%03d\n' $((ns / count[toggle])) $((ns % count[toggle] * 1000 / count[toggle]))
}

# scale: wwnr's cost as the number of tasks it follows grows
scale_settings=(no-monitor wwnr)
scale_count=${BENCH_WAKE:-40000}
# the tracing instance where the events the monitors follow are counted
counting=$tracing/instances/rv_bench_count

insmod "$events_module"
if [ -d $rv ]; then
	reacting=$(cat $rv/reacting_on)
	# on any exit: no monitor, no event, no instance of ours left
	trap 'echo $reacting > $rv/reacting_on; : > $rv/enabled_monitors
	: > $tracing/set_event; [ ! -d $counting ] || rmdir $counting' EXIT
	echo 0 > $rv/reacting_on
fi
# a first run of each, not counted: page cache, slab caches
for w in "${workloads[@]}"; do
	run "$w" > /dev/null
done
for round in $(seq "$rounds"); do
	for s in "${settings[@]}"; do
		setting "$s"
		for w in "${workloads[@]}"; do
			echo "$w $s $(run "$w")" >> "$results"
		done
	done
	echo "kernel-guest: round $round of $rounds done" >&2
done
setting "${settings[0]}"

echo "memory task_struct $(cat /sys/kernel/slab/task_struct/object_size)" >> "$results"
[ -d $rv ] || exit 0
for tasks in ${BENCH_TASKS:-10 100 1000 10000}; do
	for round in $(seq "${BENCH_SCALE_ROUNDS:-3}"); do
		for s in "${scale_settings[@]}"; do
			setting "$s"
			echo "wake-$tasks $s $("$bin" wake "$scale_count" "$tasks")" >> "$results"
		done
	done
	echo "kernel-guest: scale, $tasks tasks done" >&2
done
setting "${settings[0]}"

# followed WORKLOAD MONITOR [TASKS]: the events MONITOR follows in one
# iteration of WORKLOAD (wake with TASKS tasks), from the counters of an
# instance recording only its event trace. In a run of its own like a timed one: the monitor just enabled
# (what Linux 6.1's wwnr follows depends on how the tasks slept since),
# as many iterations, and only the timed region recorded (not the
# creation of 10,000 threads, say).
followed() {
	local iterations events thousandths
	setting "$2"
	echo 1 > $counting/events/rv/event_$2/enable
	: > $counting/trace
	if [ "$1" = wake ]; then
		iterations=$scale_count
		RV_BENCH_TRACING_ON=$counting/tracing_on "$bin" wake "$iterations" "$3" > /dev/null
	else
		iterations=${count[$1]}
		RV_BENCH_TRACING_ON=$counting/tracing_on run "$1" > /dev/null
	fi
	echo 0 > $counting/events/rv/event_$2/enable
	events=$(ring_buffer_records $counting)
	thousandths=$((events * 1000 / iterations))
	printf 'followed %s %s %d.%03d\n' "$1${3:+-$3}" "$2" \
		$((thousandths / 1000)) $((thousandths % 1000))
}

mkdir $counting
echo 0 > $counting/tracing_on
for w in "${workloads[@]}"; do
	for m in wip wwnr; do
		followed "$w" "$m" >> "$results"
	done
done
for tasks in ${BENCH_TASKS:-10 100 1000 10000}; do
	followed wake wwnr "$tasks" >> "$results"
done
setting "${settings[0]}"
rmdir $counting
