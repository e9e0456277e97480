#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The wip and wwnr monitors and the printk and panic reactors, built as
# modules in the test kernel, verifying the live kernel.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
tr=/sys/kernel/tracing
stat() { field_of $rv/monitors/$1/stats "$2"; }
# load: context switches and wakeups, the pipe round trips of a static
# program that starts at once (stress-ng takes seconds under TCG)
load() { "$RV_CACHE/bin/rv-bench" pipe 2000 > /dev/null; }
rising() {	# rising DESC MONITOR: its events counter rises under a workload
	local before after
	before=$(stat "$2" events)
	load
	after=$(stat "$2" events)
	ktap_result $([ "$after" -gt "$before" ]; echo $?) "$1 ($before -> $after)"
}
still() {	# still DESC MONITOR: its events counter does not move
	local before
	before=$(stat "$2" events)
	load
	ktap_eq "$1" "$before" "$(stat "$2" events)"
}

for m in wip wwnr reactor_printk reactor_panic; do
	ktap_ok "modprobe $m" modprobe $m
done
ktap_eq "the monitors are available" "wip wwnr" "$(grep -E '^(wip|wwnr)$' $rv/available_monitors | xargs)"
ktap_eq "and the reactors" "nop printk panic" "$(xargs < $rv/available_reactors)"
ktap_match "wip describes itself" 'wakeup in preemptive' "$(< $rv/monitors/wip/desc)"
ktap_match "wwnr describes itself" 'wakeup while not running' "$(< $rv/monitors/wwnr/desc)"

echo printk > $rv/monitors/wip/reactors
echo printk > $rv/monitors/wwnr/reactors
dmesg -C
echo wip > $rv/enabled_monitors
echo wwnr >> $rv/enabled_monitors
rising "wip receives events on a live workload" wip
rising "wwnr receives events on a live workload" wwnr
# tasks woken while they still run, on purpose
"$RV_CACHE/bin/stop_cont" 1000
ktap_eq "wip finds no violation: wakeups happen with preemption disabled" 0 "$(stat wip violations)"
n=$(stat wwnr violations)
ktap_result $([ "$n" -gt 0 ]; echo $?) "wwnr, knowingly too strict, finds violations ($n)"
sleep 0.2
ktap_match "the printk reactor prints them" \
	'rv: monitor wwnr does not allow event wakeup on state running' "$(dmesg)"

# reacting_on 0: no reaction, yet the error tracepoint records
echo 1 > $tr/events/rv/error_wwnr/enable
echo > $tr/trace
echo 0 > $rv/reacting_on
dmesg -C
"$RV_CACHE/bin/stop_cont" 1000
sleep 0.2
ktap_nomatch "with reacting_on 0 no reaction is printed" 'rv: monitor' "$(dmesg)"
ktap_match "while the error tracepoint still records violations" \
	'error_wwnr: [0-9]+: event wakeup not expected in the state running' "$(< $tr/trace)"
echo 1 > $rv/reacting_on
echo 0 > $tr/events/rv/error_wwnr/enable

# a burst of 20 violations on one CPU, interrupts off: the printk
# reactor's queue (8 a CPU) keeps 8 and says how many it left out
ktap_ok "the test monitor loads" insmod "$RV_CACHE/ext/test/rv_test_monitor/rv_test_monitor.ko"
echo printk > $rv/monitors/rv_test/reactors
dmesg -C
echo 20 > /sys/module/rv_test_monitor/parameters/react_burst
sleep 0.2
log=$(dmesg)
ktap_eq "a burst of 20 reactions: the printk reactor prints 8 of them" 8 \
	"$(grep -c 'rv_test: a burst of reactions' <<< "$log")"
ktap_match "and says it left 12 out" 'rv: 12 more violations not printed$' "$log"
echo nop > $rv/monitors/rv_test/reactors
ktap_ok "and unloads" rmmod rv_test_monitor

# a wakeup the wip model forbids, made on purpose
dmesg -C
insmod "$RV_CACHE/ext/test/rv_wip_violation/rv_wip_violation.ko"
sleep 0.2
ktap_match "a provoked wip violation is detected and printed" \
	'rv: monitor wip does not allow event sched_waking on state preemptive' "$(dmesg)"
ktap_match "and recorded as the last violation" \
	'^last_violation: state=preemptive event=sched_waking' "$(< $rv/monitors/wip/stats)"
rmmod rv_wip_violation

# monitoring_on 0, then disabled: no event
echo 0 > $rv/monitoring_on
still "with monitoring_on 0, wip receives no event" wip
still "nor does wwnr" wwnr
echo 1 > $rv/monitoring_on
rising "with monitoring_on 1 again, wip does" wip
echo '!wip' >> $rv/enabled_monitors
echo '!wwnr' >> $rv/enabled_monitors
still "a disabled wip receives no event" wip
still "nor a disabled wwnr" wwnr

# modules: the selected reactor stays, an enabled monitor unloads cleanly
ktap_fails "the selected printk reactor cannot be unloaded" rmmod reactor_printk
echo nop > $rv/monitors/wip/reactors
echo nop > $rv/monitors/wwnr/reactors
ktap_ok "once deselected, it unloads" rmmod reactor_printk
ktap_eq "and is gone" "nop panic" "$(xargs < $rv/available_reactors)"
echo wwnr > $rv/enabled_monitors
dmesg -C
ktap_ok "an enabled monitor's module unloads" rmmod wwnr
ktap_eq "it is gone from the interface" "" "$(grep -E '^wwnr$' $rv/available_monitors $rv/enabled_monitors)"
ktap_ok "wip unloads" rmmod wip
ktap_ok "the panic reactor unloads" rmmod reactor_panic
ktap_ok "and wwnr loads again" modprobe wwnr
ktap_ok "and unloads" rmmod wwnr
ktap_finish
