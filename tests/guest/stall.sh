#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The stall monitor, a per-task hybrid automaton: a task that is enqueued
# runs within threshold_jiffies. With the printk reactor: a scheduling
# load with a generous threshold finds nothing; a task held off its CPU
# by a SCHED_FIFO busy loop breaks the invariant, which the timer reports
# through stats, the error_env trace event and the reactor, clock value
# included; rv mon -v prints it decoded, clock value included. Then the
# monitor stops, its timers cancelled, and unloads.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
tr=/sys/kernel/tracing
stall=$rv/monitors/stall
param=/sys/module/stall/parameters/threshold_jiffies
stat() { field_of $stall/stats "$1"; }
# A witness of how long a stalled task waited, which the monitor does not
# compute: a tracing instance of the sched_wakeup and sched_switch records
# of stall_hog's tasks (the victim keeps its parent's name) and of the
# error_env_stall records, on the mono clock (this guest's TSCs disagree,
# and the victim's wakeup and its report may be on two CPUs).
witness=$tr/instances/stall_witness
start_witness() {
	mkdir $witness
	echo mono > $witness/trace_clock
	echo 'comm == "stall_hog"' > $witness/events/sched/sched_wakeup/filter
	echo 'prev_comm == "stall_hog"' > $witness/events/sched/sched_switch/filter
	echo 1 > $witness/events/sched/sched_wakeup/enable
	echo 1 > $witness/events/sched/sched_switch/enable
	echo 1 > $witness/events/rv/error_env_stall/enable
}
# waited VICTIM < TRACE: for each error_env_stall record of VICTIM, in ms,
# how long it had been enqueued then: since the last record that enqueued
# it, its sched_wakeup or its sched_switch away from the CPU while
# runnable (prev_state R); "none" if there was none before
waited() {
	awk -v pid="$1" '
		{ ts = ""; for (i = 1; i <= NF && ts == ""; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) ts = $i + 0 }
		ts == "" { next }
		/ sched_wakeup: / && index($0, " pid=" pid " ") { since = ts }
		/ sched_switch: / && index($0, " prev_pid=" pid " ") && / prev_state=R\+? / { since = ts }
		index($0, "error_env_stall: " pid ": ") { if (since == "") print "none"; else printf "%d\n", (ts - since) * 1000 }'
}
# HZ, from the configuration the kernel was built with: jiffies into ms
hz=$(sed -n 's/^CONFIG_HZ=//p' "$(build_dir "${LAB_KIND:-test}")/.config" 2>/dev/null)
# check_waits DESC VICTIM WAITS: WAITS (from waited) has a line, and each
# is at least the threshold of 25 jiffies in ms, less one jiffy: the clock
# counts jiffies from the one in which it was reset, so that 25 of them
# are more than 24 periods
check_waits() {
	local floor=$(( 24 * 1000 / ${hz:-0} )) w bad=
	for w in $3; do
		[[ $w =~ ^[0-9]+$ ]] && [ "$w" -ge $floor ] || bad+=" $w"
	done
	ktap_result $([ -n "$3" ] && [ -z "$bad" ]; echo $?) \
		"$1: each report of the victim came at least $floor ms (24 jiffies, HZ=$hz) after it was enqueued, by the trace's clock ($(echo $3) ms)" \
		"victim $2; waits too short or without a start:$bad"
}

printk_loaded=$(grep -c '^reactor_printk ' /proc/modules)
ktap_ok "modprobe stall" modprobe stall
ktap_ok "and the printk reactor" modprobe reactor_printk
ktap_match "stall is available" '^stall$' "$(< $rv/available_monitors)"
ktap_match "and describes itself" 'runs within threshold_jiffies' "$(< $stall/desc)"
ktap_eq "its threshold is the module parameter threshold_jiffies, 1000 by default" 1000 \
	"$(< $param)"
echo printk > $stall/reactors
echo stall >> $rv/enabled_monitors
ktap_eq "it enables" 1 "$(< $stall/enable)"
ktap_eq "with a pool of 4096 task instances" 4096 "$(stat objects_capacity)"

# a load the model allows: every enqueued task runs within 10 s (HZ=250)
echo 2500 > $param
dmesg -C
stress-ng --switch 2 --cpu 2 --timeout 4s --quiet >/dev/null 2>&1
events=$(stat events)
ktap_result $([ "$events" -gt 1000 ]; echo $?) \
	"under stress-ng --switch and --cpu it follows the scheduler ($events events)"
followed=$(stat objects_followed)
ktap_result $([ "$followed" -gt 0 ]; echo $?) "of tasks taken from its pool ($followed)"
ktap_eq "none dropped" 0 "$(stat objects_dropped)"
ktap_eq "and finds no task stalled" 0 "$(stat violations)"
ktap_match "no violation recorded" '^last_violation: none$' "$(< $stall/stats)"
ktap_nomatch "nothing printed" 'rv: monitor stall' "$(dmesg)"
ktap_match "the transitions of a scheduled task are taken" '^enqueued sched_switch_in running [1-9]' \
	"$(< $stall/coverage)"

# a task held off CPU 1 by a SCHED_FIFO loop for 1.5 s, with a threshold
# of 25 jiffies (100 ms): real-time throttling gives it the CPU back only
# after 950 ms
echo 25 > $param
echo 1 > $tr/events/rv/error_stall/enable
echo 1 > $tr/events/rv/error_env_stall/enable
echo > $tr/trace
dmesg -C
start_witness
out=$("$RV_CACHE/bin/stall_hog" 1 1500 2>&1)
status=$?
ktap_eq "stall_hog holds its victim off CPU 1" 0 $status
victim=$(head -n 1 <<< "$out")
ktap_match "(HZ is known: $hz)" '^[1-9][0-9]*$' "$hz"
witness_trace=$(< $witness/trace)
rmdir $witness
check_waits "the stall traced" "$victim" "$(waited "$victim" <<< "$witness_trace")"
n=$(stat violations)
ktap_result $([ "${n:-0}" -gt 0 ]; echo $?) "the monitor finds the invariant broken ($n violations)"
ktap_match "stats record it: the clock expired in enqueued" \
	'^last_violation: state=enqueued event=clk_expired cpu=[0-9]+ pid=[0-9]+ ' "$(< $stall/stats)"
trace=$(< $tr/trace)
ktap_match "the error_env trace event names the victim (pid $victim) and gives the clock" \
	"error_env_stall: $victim: event clk_expired not expected in the state enqueued with clk=[0-9]+ jiffies \\(invariant clk < 25\\)\$" \
	"$trace"
ktap_nomatch "which error_stall, for the events the model refuses, does not trace again" \
	'error_stall: .*clk_expired' "$trace"
short=$(sed -n 's/.*error_env_stall: .* with clk=\([0-9]*\) jiffies.*/\1/p' <<< "$trace" |
	awk '$1 < 25' | head -n 1)
ktap_eq "each clock value traced is past the threshold" "" "$short"
ktap_eq "the event's fields: the clock, its unit, the constraint" \
	'field:__data_loc char[] clock; field:u64 value; field:u64 bound; field:__data_loc char[] op; field:bool in_jiffies; field:bool invariant;' \
	"$(grep -oE 'field:[^;]*(clock|value|bound|op|in_jiffies|invariant);' $tr/events/rv/error_env_stall/format | xargs)"
echo 0 > $tr/events/rv/error_stall/enable
echo 0 > $tr/events/rv/error_env_stall/enable
sleep 0.5
msgs=$(dmesg | grep 'rv: monitor stall does not allow event clk_expired on state enqueued')
ktap_match "the printk reactor prints it with the clock's value" \
	'rv: monitor stall does not allow event clk_expired on state enqueued: clk=[0-9]+ jiffies, invariant clk < 25$' \
	"$msgs"
short=$(sed -n 's/.*: clk=\([0-9]*\) jiffies.*/\1/p' <<< "$msgs" | awk '$1 < 25' | head -n 1)
ktap_eq "each clock value printed is past the threshold" "" "$short"

# disabling cancels the timers; enabling again starts a new pool
echo 1000 > $param
echo 0 > $stall/enable
ktap_eq "it disables" 0 "$(< $stall/enable)"
echo 1 > $stall/enable
ktap_eq "enabled again, its stats start afresh" 0 "$(stat violations)"
stress-ng --switch 1 --timeout 2s --quiet >/dev/null 2>&1
ktap_eq "and still finds nothing under a load" 0 "$(stat violations)"
echo 0 > $stall/enable
echo nop > $stall/reactors

# rv mon decodes error_env_stall: the victim, the state, clk_expired, the
# clock's value and the invariant it broke
rv_tool=$RV_CACHE/rv/rv
mon_out=$(mktemp)
echo 25 > $param
# -s: the timer may interrupt rv itself, whose violations -v leaves out
start_witness
"$rv_tool" mon stall -v -s > "$mon_out" 2> "$mon_out.err" &
mon_pid=$!
wait_for_text "$mon_out.err" 'until interrupted'
out=$("$RV_CACHE/bin/stall_hog" 1 1500 2>&1)
victim=$(head -n 1 <<< "$out")
sleep 0.5
kill -INT $mon_pid
wait $mon_pid
status=$?
echo 1000 > $param
mon=$(cat "$mon_out")
witness_trace=$(< $witness/trace)
rmdir $witness
ktap_eq "rv mon stall -v -s exits with 1 after a stall" 1 $status
ktap_match "it prints the victim's violation (pid $victim) with the clock's value and the invariant" \
	"\\] id=$victim VIOLATION enqueued x clk_expired with clk=[0-9]+ jiffies \\(invariant clk < 25\\)\$" \
	"$mon"
short=$(sed -n 's/.*VIOLATION enqueued x clk_expired with clk=\([0-9]*\) jiffies.*/\1/p' <<< "$mon" |
	awk '$1 < 25' | head -n 1)
ktap_eq "each clock value it prints is past the threshold" "" "$short"
check_waits "under rv mon" "$victim" "$(waited "$victim" <<< "$witness_trace")"
ktap_eq "the victim's clock values it prints are those the kernel formatted in the witness's records" \
	"$(sed -n "s/.*error_env_stall: $victim: .* with clk=\([0-9]*\) jiffies.*/\1/p" <<< "$witness_trace" | sort -n | xargs)" \
	"$(sed -n "s/.*\] id=$victim VIOLATION enqueued x clk_expired with clk=\([0-9]*\) jiffies.*/\1/p" <<< "$mon" | sort -n | xargs)"
ktap_match "its summary counts the violations by state and event" \
	'^stall: violations: enqueued x clk_expired: [1-9][0-9]*$' "$mon"
ktap_eq "and it leaves stall disabled" 0 "$(< $stall/enable)"
rm -f "$mon_out" "$mon_out.err"
ktap_ok "the monitor unloads" rmmod stall
[ "$printk_loaded" -gt 0 ] || rmmod reactor_printk
ktap_kmemleak "kmemleak finds nothing of ours"
ktap_finish
