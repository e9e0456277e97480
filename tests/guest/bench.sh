#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kernel benchmark's parts, run briefly on the test kernel: the
# workload program and the driver that switches the monitor settings.
# Their figures are not judged here (make bench-kernel reports them).
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
bench=$RV_CACHE/bin/rv-bench
instances=/sys/kernel/tracing/instances
positive() { awk -v n="$1" 'BEGIN { exit !(n + 0 > 0) }'; }

ns=$("$bench" pipe 200)
ktap_result $(positive "$ns"; echo $?) "rv-bench times a pipe round trip ($ns ns)"
ns=$("$bench" fork 20)
ktap_result $(positive "$ns"; echo $?) "rv-bench times a fork ($ns ns)"
out=$("$bench" pipe 0 2>&1)
ktap_eq "rv-bench refuses a count of 0 with status 2" 2 $?
ktap_match "and says why" "COUNT must be a positive number, not '0'" "$out"
out=$("$bench" spin 10 2>&1)
ktap_eq "rv-bench refuses an unknown workload with status 2" 2 $?
ktap_match "and says which" "no workload 'spin'" "$out"
ns=$("$bench" wake 50 3)
ktap_result $(positive "$ns"; echo $?) "rv-bench times a round trip waking one of 3 threads ($ns ns)"
out=$("$bench" wake 50 0 2>&1)
ktap_eq "rv-bench refuses 0 tasks with status 2" 2 $?
ktap_match "and says why" "TASKS must be a positive number, not '0'" "$out"
out=$("$bench" wake 50 2>&1)
ktap_eq "and a wake without its number of tasks" 2 $?
# RV_BENCH_TRACING_ON: the ring buffer records the timed region only
out=$(RV_BENCH_TRACING_ON=/sys/kernel/tracing/no_such_file "$bench" pipe 10 2>&1)
ktap_eq "rv-bench fails when it cannot open RV_BENCH_TRACING_ON" 1 $?
ktap_match "and names it" '^rv-bench: /sys/kernel/tracing/no_such_file: No such file or directory$' "$out"
echo 1 > /sys/kernel/tracing/tracing_on
RV_BENCH_TRACING_ON=/sys/kernel/tracing/tracing_on "$bench" pipe 10 > /dev/null
ktap_eq "when it can, tracing is off after the timed region" 0 "$(< /sys/kernel/tracing/tracing_on)"
echo 1 > /sys/kernel/tracing/tracing_on

loaded=$(lsmod | awk '$1 == "wip" || $1 == "wwnr"')
modprobe wip && modprobe wwnr
reacting=$(< $rv/reacting_on)
# A monitor's counters restart each time the driver enables it, so what
# each monitor received over the whole run is seen in a tracing instance
# of its own, recording only its event tracepoint.
for m in wip wwnr; do
	mkdir $instances/bench_$m
	echo 64 > $instances/bench_$m/buffer_size_kb
	echo 1 > $instances/bench_$m/events/rv/event_$m/enable
done
results=$(mktemp)
# the sched setting is there when the container is (make bench-kernel)
settings="no-monitor rv-off tracing wip wip+wwnr wwnr"
grep -qx sched $rv/available_monitors && settings="no-monitor rv-off sched tracing wip wip+wwnr wwnr"
BENCH_ROUNDS=2 BENCH_PIPE=100 BENCH_FORK=10 BENCH_TOGGLES=1000 \
	BENCH_TASKS="3 5" BENCH_WAKE=20 BENCH_SCALE_ROUNDS=1 \
	bash bench/kernel-guest.sh "$results" \
	"$RV_CACHE/ext/test/rv_bench_events/rv_bench_events.ko" 2>/dev/null
ktap_eq "the driver completes two short rounds" 0 $?
main=$(grep -E '^(pipe|fork|toggle) ' "$results")
ktap_eq "and records each workload under each setting, each round" \
	$((3 * $(wc -w <<< "$settings") * 2)) "$(wc -l <<< "$main")"
ktap_eq "the settings" "$settings" "$(cut -d' ' -f2 <<< "$main" | sort -u | xargs)"
ktap_eq "the workloads" "fork pipe toggle" "$(cut -d' ' -f1 <<< "$main" | sort -u | xargs)"
scale=$(grep '^wake-' "$results")
ktap_eq "then the scale series: each number of tasks, without and with wwnr" \
	"wake-3 no-monitor|wake-3 wwnr|wake-5 no-monitor|wake-5 wwnr" \
	"$(cut -d' ' -f1,2 <<< "$scale" | paste -sd'|')"
ktap_match "and the size of a task_struct" '^memory task_struct [1-9][0-9]*$' "$(cat "$results")"
followed=$(grep '^followed ' "$results")
ktap_eq "then the events wip and wwnr follow in an iteration of each workload, wwnr in each scale series" \
	"fork wip|fork wwnr|pipe wip|pipe wwnr|toggle wip|toggle wwnr|wake-3 wwnr|wake-5 wwnr" \
	"$(cut -d' ' -f2,3 <<< "$followed" | sort | paste -sd'|')"
# events_of WORKLOAD MONITOR: the count the driver gave
events_of() { awk -v w="$1" -v m="$2" '$2 == w && $3 == m { print $4 }' <<< "$followed"; }
ktap_ok "wip follows a preemption toggle's events ($(events_of toggle wip))" \
	positive "$(events_of toggle wip)"
ktap_ok "wwnr follows a pipe round trip's switches and wakeups ($(events_of pipe wwnr))" \
	positive "$(events_of pipe wwnr)"
bad=$(grep -v '^followed ' "$results" |
	awk '$1 !~ /^(pipe|fork|toggle|wake-[0-9]+|memory)$/ || !($3 + 0 > 0)')
ktap_eq "every other line is a workload and a positive time" "" "$bad"
ktap_eq "every count is a number of events with three decimals" "" \
	"$(grep -Ev '^followed [a-z0-9-]+ (wip|wwnr) [0-9]+\.[0-9]{3}$' <<< "$followed")"
ktap_eq "the tracing setting leaves no event enabled" "" "$(< /sys/kernel/tracing/set_event)"
rmmod rv_bench_events
for m in wip wwnr; do
	echo 0 > $instances/bench_$m/events/rv/event_$m/enable
done
ktap_ok "wip received the workloads' events" \
	grep -q event_wip $instances/bench_wip/trace
ktap_ok "and so did wwnr" grep -q event_wwnr $instances/bench_wwnr/trace
rmdir $instances/bench_wip $instances/bench_wwnr
ktap_eq "the driver leaves no monitor enabled" "" "$(< $rv/enabled_monitors)"
ktap_eq "with RV on" 1 "$(< $rv/monitoring_on)"
ktap_eq "nor the instance where it counts the events" "" \
	"$(ls /sys/kernel/tracing/instances | grep -x rv_bench_count)"
ktap_eq "and reacting_on as it was" "$reacting" "$(< $rv/reacting_on)"
rm -f "$results"
[ -n "$loaded" ] || rmmod wwnr wip
ktap_finish
