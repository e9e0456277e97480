#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# monitors/NAME/coverage: every transition of the model, how often the
# monitor took it since it was last enabled, consistent with its stats.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
stat() { field_of $rv/monitors/$1/stats "$2"; }
taken() { awk '{ n += $4 } END { print n + 0 }' $rv/monitors/$1/coverage; }
# transitions: the model's transitions, "STATE EVENT NEXT", sorted
transitions() { cut -d' ' -f1-3 $rv/monitors/$1/coverage | sort; }

modprobe wip && modprobe wwnr
ktap_eq "before a first start, wip's coverage is empty" "" "$(< $rv/monitors/wip/coverage)"

# The counts against a record kept apart from them: every event_wwnr and
# error_wwnr trace event of a run, in a tracing instance whose buffer is
# large enough to lose none (its overrun counters say so).
instance=/sys/kernel/tracing/instances/coverage_check
mkdir $instance
echo 16384 > $instance/buffer_size_kb
echo 1 > $instance/events/rv/event_wwnr/enable
echo 1 > $instance/events/rv/error_wwnr/enable
echo wwnr > $rv/enabled_monitors
stress-ng --switch 1 --switch-ops 2000 --quiet >/dev/null 2>&1
echo > $rv/enabled_monitors
echo 0 > $instance/events/rv/event_wwnr/enable
echo 0 > $instance/events/rv/error_wwnr/enable
lost=$(awk '/^overrun:/ { n += $2 } END { print n + 0 }' $instance/per_cpu/cpu*/stats)
ktap_eq "the trace of a wwnr run lost no record" 0 "$lost"
traced=$(sed -n 's/.* event_wwnr: [0-9]*: \([a-z_]*\) x \([a-z_]*\) -> \([a-z_]*\).*/\1 \2 \3/p' \
	$instance/trace | sort | uniq -c | awk '{ print $2, $3, $4, $1 }')
ktap_eq "wwnr counted each transition as often as it traced it" \
	"$traced" "$(awk '$4 > 0' $rv/monitors/wwnr/coverage | sort)"
ktap_eq "and its stats count the traced events and errors as its events" \
	"$(grep -c -E ' (event|error)_wwnr: ' $instance/trace)" "$(stat wwnr events)"
ktap_result $([ "$(taken wwnr)" -gt 0 ]; echo $?) "and there are some ($(taken wwnr))"
rmdir $instance

echo wip > $rv/enabled_monitors
stress-ng --switch 2 --fork 1 --timeout 2 --quiet >/dev/null 2>&1
echo > $rv/enabled_monitors
ktap_result $([ "$(taken wip)" -gt 0 ]; echo $?) "wip counts transitions too ($(taken wip))"

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
ktap_result $([ "$(taken wip)" -lt "$before" ]; echo $?) \
	"a new start counts from zero ($(taken wip) < $before)"
ktap_fails "coverage is read-only" write_to $rv/monitors/wip/coverage 0

rmmod wwnr wip
ktap_finish
