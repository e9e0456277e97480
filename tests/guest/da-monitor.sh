#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A per-task DA monitor built as a module (wwnr, in the test kernel): it
# follows tasks of any pid, counts what it sees, and its tracepoints decode
# in trace-cmd.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
tr=/sys/kernel/tracing
mon=$rv/monitors/wwnr
events() { sed -n 's/^events: //p' $mon/stats; }
violations() { sed -n 's/^violations: //p' $mon/stats; }

ktap_ok "the per-task monitor wwnr loads" modprobe wwnr
ktap_ok "its tracepoints are in the rv system" test -d $tr/events/rv/event_wwnr -a \
	-d $tr/events/rv/error_wwnr
ktap_eq "stats start at zero" "0 0" "$(events) $(violations)"
ktap_match "with no violation yet" '^last_violation: none$' "$(< $mon/stats)"

# a task above the pid limit of the RFC's static array (1,024,000)
echo 4194304 > /proc/sys/kernel/pid_max
ktap_eq "pid_max goes up to PID_MAX_LIMIT" 4194304 "$(< /proc/sys/kernel/pid_max)"
echo 'pid > 1024000' > $tr/events/rv/event_wwnr/filter
echo 1 > $tr/events/rv/event_wwnr/enable
echo > $tr/trace
echo wwnr > $rv/enabled_monitors
high=$("$RV_CACHE/bin/run_as_pid" 4190001 sh -c 'echo $$; for i in 1 2 3 4 5; do sleep 0.05; done')
ktap_eq "the test task got a pid above 4,000,000" 4190001 "$high"
sleep 0.2
echo 0 > $tr/events/rv/event_wwnr/enable
trace=$(< $tr/trace)
ktap_match "its switch_in events were handled" "event_wwnr: $high: not_running x switch_in -> running" "$trace"
ktap_match "and its switch_out events" "event_wwnr: $high: running x switch_out -> not_running" "$trace"
echo 0 > $tr/events/rv/event_wwnr/filter
n=$(events)
ktap_result $([ "$n" -gt 0 ]; echo $?) "the events counter rises on a live system ($n)"

# trace-cmd reads and decodes the event and error records: a test module
# makes three wakeups of a running task (its loader), each a violation
v0=$(violations)
stress-ng --switch 2 --timeout 2 --quiet >/dev/null 2>&1 &
trace-cmd record -q -o /tmp/rv.dat -e rv:event_wwnr -e rv:error_wwnr \
	insmod "$RV_CACHE/ext/test/rv_wwnr_violation/rv_wwnr_violation.ko" wakeups=3 \
	>/dev/null 2>&1
wait
rmmod rv_wwnr_violation
report=$(trace-cmd report -i /tmp/rv.dat 2>/dev/null)
ktap_match "trace-cmd decodes the event records" \
	'event_wwnr: +[0-9]+: (not_running|running) x (switch_in|switch_out|wakeup) -> (not_running|running)' \
	"$(head -n 400 <<< "$report")"
ktap_match "and the error records of the module's loader, by state and event name" \
	'insmod-[0-9]+ .*error_wwnr: +[0-9]+: event wakeup not expected in the state running' \
	"$(grep -m 20 "insmod-.*error_wwnr" <<< "$report")"
v=$(violations)
ktap_result $([ "$((v - v0))" -ge 3 ]; echo $?) "violations are counted ($v0, then $v)"
ktap_match "and the last one recorded" \
	'^last_violation: state=(not_running|running) event=[a-z_]+ cpu=[0-9]+ pid=[0-9]+ time_ns=[0-9]+$' \
	"$(< $mon/stats)"

# disabled, it sees nothing more; enabling again starts from zero
echo '!wwnr' > $rv/enabled_monitors
n=$(events)
sleep 0.3
ktap_eq "a disabled monitor receives no event" "$n" "$(events)"
echo 0 > $rv/monitoring_on
echo 1 > $mon/enable
ktap_eq "enabling again starts the counters from zero" "0 0" "$(events) $(violations)"
sleep 0.3
ktap_eq "with monitoring_on 0 it receives no event" "0" "$(events)"
echo 1 > $rv/monitoring_on
sleep 0.3
n=$(events)
ktap_result $([ "$n" -gt 0 ]; echo $?) "with monitoring_on 1 again it does ($n)"
echo 0 > $mon/enable
ktap_ok "the monitor module unloads" rmmod wwnr
ktap_finish
