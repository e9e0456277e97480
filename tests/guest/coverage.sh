#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# monitors/NAME/coverage: every transition of the model, how often the
# monitor took it since it was last enabled, consistent with its stats.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
stat() { sed -n "s/^$2: //p" $rv/monitors/$1/stats; }
taken() { awk '{ n += $4 } END { print n + 0 }' $rv/monitors/$1/coverage; }
# transitions: the model's transitions, "STATE EVENT NEXT", sorted
transitions() { cut -d' ' -f1-3 $rv/monitors/$1/coverage | sort; }

modprobe wip && modprobe wwnr
ktap_eq "before a first start, wip's coverage is empty" "" "$(cat $rv/monitors/wip/coverage)"

for m in wip wwnr; do
	echo $m > $rv/enabled_monitors
	stress-ng --switch 2 --fork 1 --timeout 2 --quiet >/dev/null 2>&1
	echo > $rv/enabled_monitors
	events=$(stat $m events) violations=$(stat $m violations)
	ktap_eq "$m: the transitions counted are its events less its violations" \
		$((events - violations)) "$(taken $m)"
	ktap_result $([ "$(taken $m)" -gt 0 ]; echo $?) "$m: and there are some ($(taken $m))"
done

ktap_eq "wip lists the three transitions of its model" \
	"non_preemptive preempt_enable preemptive
non_preemptive sched_waking non_preemptive
preemptive preempt_disable non_preemptive" "$(transitions wip)"
ktap_eq "wwnr the three of its model" \
	"not_running switch_in running
not_running wakeup not_running
running switch_out not_running" "$(transitions wwnr)"
untaken=$(awk '$4 == 0' $rv/monitors/wip/coverage)
ktap_eq "under a switching load wip takes every one" "" "$untaken"

# enabling starts the count again
before=$(taken wip)
echo wip > $rv/enabled_monitors
echo '!wip' >> $rv/enabled_monitors
ktap_eq "a new start counts from zero: events less violations again" \
	$(($(stat wip events) - $(stat wip violations))) "$(taken wip)"
ktap_result $([ "$(taken wip)" -lt "$before" ]; echo $?) \
	"so fewer than in the long run ($(taken wip) < $before)"
ktap_fails "coverage is read-only" sh -c "echo 0 > $rv/monitors/wip/coverage"

rmmod wwnr wip
ktap_finish
