#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kernel benchmark's parts, run briefly on the test kernel: the
# workload program and the driver that switches the monitor settings.
# Their figures are not judged here (make bench-kernel reports them).
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
bench=$RV_CACHE/bin/rv-bench
stat() { sed -n "s/^$2: //p" $rv/monitors/$1/stats; }
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

loaded=$(lsmod | awk '$1 == "wip" || $1 == "wwnr"')
modprobe wip && modprobe wwnr
reacting=$(cat $rv/reacting_on)
wip_before=$(stat wip events) wwnr_before=$(stat wwnr events)
results=$(mktemp)
BENCH_ROUNDS=2 BENCH_PIPE=100 BENCH_FORK=10 \
	bash bench/kernel-guest.sh "$results" 2>/dev/null
ktap_eq "the driver completes two short rounds" 0 $?
ktap_eq "and records each workload under each setting, each round" 20 "$(wc -l < "$results")"
ktap_eq "the settings" "no-monitor rv-off wip wip+wwnr wwnr" \
	"$(cut -d' ' -f2 "$results" | sort -u | xargs)"
bad=$(awk '$1 !~ /^(pipe|fork)$/ || !($3 + 0 > 0)' "$results")
ktap_eq "every line is a workload and a positive time" "" "$bad"
ktap_result $([ "$(stat wip events)" -gt "$wip_before" ]; echo $?) \
	"wip received the workloads' events"
ktap_result $([ "$(stat wwnr events)" -gt "$wwnr_before" ]; echo $?) \
	"and so did wwnr"
ktap_eq "the driver leaves no monitor enabled" "" "$(cat $rv/enabled_monitors)"
ktap_eq "with RV on" 1 "$(cat $rv/monitoring_on)"
ktap_eq "and reacting_on as it was" "$reacting" "$(cat $rv/reacting_on)"
rm -f "$results"
[ -n "$loaded" ] || rmmod wwnr wip
ktap_finish
