#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Source compatibility: the wip and wwnr monitors of Debian's
# linux-source-6.1 (Linux 6.1's own), built unchanged against our headers
# (tests/modules/debian_rv_monitors), run here: they register, enable,
# count, cover, trace through RV's shared events and react, as ours do.
# Ours, modules of the same names, make way for them and come back.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
tracing=/sys/kernel/tracing
debian=${RV_TEST_MODULES:-$RV_CACHE/ext/test}/debian_rv_monitors
stat() { field_of $rv/monitors/$1/stats "$2"; }

ours=$(lsmod | awk '$1 == "wip" || $1 == "wwnr" { print $1 }')
[ -z "$ours" ] || rmmod $ours

ktap_ok "Debian's wip, built unchanged, loads" insmod $debian/wip.ko
ktap_ok "and its wwnr" insmod $debian/wwnr.ko
ktap_eq "they register with their own descriptions" \
	"wakeup in preemptive per-cpu testing monitor.|wakeup while not running per-task testing model." \
	"$(< $rv/monitors/wip/desc)|$(< $rv/monitors/wwnr/desc)"

ktap_ok "both enable through enabled_monitors" append_to $rv/enabled_monitors wip wwnr
ktap_eq "and are listed enabled" "wip wwnr" "$(sort $rv/enabled_monitors | paste -sd' ')"
# wip's events flood the buffer: each monitor's are traced alone
echo > $tracing/trace
echo 1 > $tracing/events/rv/da_event_id/enable
stress-ng --switch 2 --fork 1 --timeout 5s --quiet
echo 0 > $tracing/events/rv/da_event_id/enable
ktap_match "wip sees events under a scheduling load" '^[1-9]' "$(stat wip events)"
ktap_match "its transitions are counted for coverage" \
	'^preemptive +preempt_disable +non_preemptive +[1-9]' "$(< $rv/monitors/wip/coverage)"
ktap_match "the per-task wwnr sees events" '^[1-9]' "$(stat wwnr events)"
ktap_match "wwnr's transitions are traced by RV's shared event, with its name and the pid" \
	'da_event_id: wwnr\[[0-9]+\]: (not_running|running) x ' "$(grep -m1 da_event_id: $tracing/trace)"
echo > $tracing/trace
echo 1 > $tracing/events/rv/da_event/enable
sleep 1
echo 0 > $tracing/events/rv/da_event/enable
ktap_match "and wip's, with its name" \
	'da_event: wip: preemptive x preempt_disable -> non_preemptive' \
	"$(grep -m1 'da_event: wip: preemptive x' $tracing/trace)"

# Linux 6.1's wip takes a wakeup in an interrupt for one with preemption
# on (ours ignores those wakeups): it fails under load
# the printk reactor is a module here: unloaded again after, if it was not loaded
printk_loaded=$(lsmod | awk '$1 == "reactor_printk"')
modprobe reactor_printk
echo printk > $rv/monitors/wip/reactors
echo > $tracing/trace
for e in da_error da_error_id; do echo 1 > $tracing/events/rv/$e/enable; done
dmesg -C
stress-ng --switch 2 --fork 1 --timeout 5s --quiet
ktap_match "wip counts violations" '^[1-9]' "$(stat wip violations)"
ktap_match "they reach its reactor" \
	'rv: monitor wip does not allow event sched_waking on state preemptive' "$(dmesg)"
ktap_match "and the shared error event" \
	'da_error: wip: event sched_waking not expected in the state preemptive' \
	"$(grep -m1 da_error: $tracing/trace)"
for e in da_error da_error_id; do echo 0 > $tracing/events/rv/$e/enable; done
echo nop > $rv/monitors/wip/reactors
[ -n "$printk_loaded" ] || rmmod reactor_printk

ktap_ok "both disable" write_to $rv/enabled_monitors ''
ktap_eq "wwnr gave its task slot back: wwnr and wip enable again" "wip wwnr" \
	"$(echo wwnr >> $rv/enabled_monitors && echo wip >> $rv/enabled_monitors &&
	   sort $rv/enabled_monitors | paste -sd' ')"
echo > $rv/enabled_monitors
ktap_ok "and unload" rmmod wip wwnr
for m in $ours; do
	ktap_ok "our $m loads again" modprobe $m
done
ktap_finish
