#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rv replay on the host: the verdicts of wip and wwnr over trace.dat files
# of made-up records (tests/tools/mktrace.c writes them, with no kernel
# and no tracefs: the host's tracing is never read), at known times;
# init-event sync, per-task and per-CPU instances, lost events, the
# errors of the mapping and of the trace, the exit statuses and --json.
# The agreement with a live monitor is tests/guest/rv-replay.sh's.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"
cd "$REPO_DIR"

src=linux/tools/verification/rv
models=linux/tools/verification/models
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

out=$(make -s -C $src OUTPUT="$work/" CFLAGS="-O2 -Werror" 2>&1)
ktap_result $? "rv builds with rv replay, -Wall -Wextra, no warning" "$out"
out=$(gcc -O2 -Wall -Wextra -Werror -o "$work/mktrace" tests/tools/mktrace.c 2>&1)
ktap_result $? "mktrace builds, no warning" "$out"
rv=$work/rv
# rv replay never needs tracefs; an empty folder in case it looked
export RV_TRACEFS_DIR=$work/empty
mkdir "$RV_TRACEFS_DIR"

status_and_output() {	# "STATUS" then what the command printed, stderr included
	local out status
	out=$("$@" 2>&1)
	status=$?
	printf '%s\n%s' "$status" "$out"
}
status() { head -n1 <<< "$1"; }
trace() {	# trace NAME < SCRIPT: $work/NAME.dat
	"$work/mktrace" "$work/$1.dat"
}

# wwnr, per task. Task 10 runs on CPU 0 from 1 us; 20 on CPU 1 from 2 us.
trace wwnr <<'EOF'
cpus 2
1000 0 1 sched_switch prev_pid=1 next_pid=10
2000 1 0 sched_switch prev_pid=0 next_pid=20
# 20 runs: not in sync yet (no switch_out seen), so no violation
2500 0 10 sched_wakeup pid=20
3000 1 20 sched_switch prev_pid=20 next_pid=0
# 20 switched out: in sync, not_running; woken: fine
4000 0 10 sched_wakeup pid=20
5000 1 0 sched_switch prev_pid=0 next_pid=20
# 20 running and woken: the violation, at 6 us, on CPU 0, by task 10
6000 0 10 sched_wakeup pid=20
# after it, 20 waits for its init event: no second violation
7000 0 10 sched_wakeup pid=20
8000 1 20 sched_switch prev_pid=20 next_pid=0
9000 1 0 sched_switch prev_pid=0 next_pid=20
# in sync again, running: a second violation, 2.000000010 s, CPU 1
2000000010 1 20 sched_wakeup pid=20
EOF
ktap_result $? "mktrace writes a wwnr trace"
out=$(trace-cmd report -i "$work/wwnr.dat" 2>&1)
ktap_match "trace-cmd reads what mktrace writes" 'sched_wakeup: .*20' "$out"

out=$(status_and_output "$rv" replay $models/wwnr.dot "$work/wwnr.dat")
ktap_eq "a trace with violations: exit status 1" 1 "$(status "$out")"
ktap_match "the first violation: its time, CPU, current task and the task's pid, state and event" \
	'^ +task10-10 +\[000\] 0\.000006000: error_wwnr: 20: event wakeup not expected in the state running$' "$out"
ktap_match "the second, after the task's next init event" \
	'\[001\] 2\.000000010: error_wwnr: 20: event wakeup not expected in the state running$' "$out"
ktap_eq "exactly two: none before the first init event, none between a violation and the next init event" \
	2 "$(grep -c 'error_wwnr' <<< "$out")"
ktap_match "the summary counts the events as the kernel's stats do (7 transitions, 2 violations)" \
	'^wwnr: 9 events, 2 violations$' "$out"
ktap_match "and the violations by state and event" '^wwnr: violations: running x wakeup: 2$' "$out"
ktap_match "and the coverage" '^wwnr: 3 of 3 transitions taken$' "$out"
ktap_match "with each transition's count" '^wwnr: taken: not_running x switch_in -> running: 4$' "$out"
ktap_match "the mapping file next to the model is the default" \
	'^wwnr: sched:sched_switch -> switch_out: 6$' "$out"

json=$("$rv" replay --json $models/wwnr.dot "$work/wwnr.dat" 2>/dev/null)
ktap_eq "--json: the summary parses and agrees" "9 2 3 3 per_task 2000000010 20" "$(python3 -c '
import json, sys
j = json.load(sys.stdin)
v = j["violation_list"]
print(j["events"], j["violations"], j["coverage"]["taken"], j["coverage"]["transitions"],
      j["kind"], v[1]["time_ns"], v[1]["task"])' <<< "$json" 2>&1)"
# the first violation: task 10, running, woke task 20, whose instance it is
ktap_eq "--json: each violation's time, CPU, running task (pid), followed task, state and event" \
	"6000 0 10 20 running wakeup; 2000000010 1 20 20 running wakeup" "$(python3 -c '
import json, sys
print("; ".join("%d %d %d %d %s %s" % (v["time_ns"], v["cpu"], v["pid"], v["task"], v["state"],
      v["event"]) for v in json.load(sys.stdin)["violation_list"]))' <<< "$json" 2>&1)"

# per-task instances: each CPU's idle task (pid 0) is a task of its own
trace idle <<'EOF'
cpus 2
1000 0 0 sched_switch prev_pid=0 next_pid=10
2000 0 10 sched_switch prev_pid=10 next_pid=0
# a task that was never seen is woken while CPU 0's idle runs
2500 0 0 sched_wakeup pid=12
# CPU 0's idle runs; CPU 1's idle switches out (its init event) then in
3000 1 0 sched_switch prev_pid=0 next_pid=11
4000 1 11 sched_switch prev_pid=11 next_pid=0
EOF
out=$(status_and_output "$rv" replay $models/wwnr.dot "$work/idle.dat")
ktap_eq "two CPUs' idle tasks are two instances: no violation" 0 "$(status "$out")"
ktap_match "CPU 1's idle synced on its own switch_out, then switched in" \
	'^wwnr: taken: not_running x switch_in -> running: 2$' "$out"
out=$(status_and_output "$rv" replay -k per_cpu $models/wwnr.dot "$work/idle.dat")
ktap_eq "the same trace, per CPU (-k per_cpu): CPU 0's instance takes every task's events" \
	1 "$(status "$out")"
ktap_match "and sees a wakeup while (another task is) running" \
	'\[000\] 0\.000002500: error_wwnr: event wakeup not expected in the state running$' "$out"

# pid reuse: a task that starts waits for its init event, with a forget line
trace reuse <<'EOF'
cpus 1
1000 0 1 sched_switch prev_pid=1 next_pid=30
2000 0 30 sched_switch prev_pid=30 next_pid=1
# 30 exits while switched out; a new task 30 is forked and runs
3000 0 1 sched_process_fork parent_pid=1 child_pid=30
4000 0 1 sched_switch prev_pid=1 next_pid=30
5000 0 30 sched_wakeup pid=30
EOF
out=$(status_and_output "$rv" replay $models/wwnr.dot "$work/reuse.dat")
ktap_eq "without forgetting, a reused pid inherits the old task's instance" 1 "$(status "$out")"
{ cat $models/wwnr.map; echo 'sched:sched_process_fork - forget pid=child_pid'; } > "$work/forget.map"
out=$(status_and_output "$rv" replay -m "$work/forget.map" $models/wwnr.dot "$work/reuse.dat")
ktap_eq "with 'forget pid=child_pid' on sched_process_fork, the new task waits for its init event" \
	0 "$(status "$out")"

# wip, per CPU: context and CPU separation
trace wip <<'EOF'
cpus 2
1000 0 5 preempt_disable
1100 0 5 preempt_enable
# CPU 0 in sync, preemptive; CPU 1 never synced
1200 1 6 sched_waking pid=7
1300 1 6 preempt_disable
1400 1 6 sched_waking pid=7
# an interrupt's wakeup on CPU 0, preemptive: not the model's event
1500 0 5 sched_waking pid=8 flags=0x08
1550 0 5 sched_waking pid=8 flags=0x10
# a task-context wakeup with preemption enabled: the violation
1600 0 5 sched_waking pid=9
1700 0 5 preempt_disable
1800 0 5 preempt_enable
1900 0 5 preempt_disable
2000 0 5 sched_waking pid=9
2100 0 5 preempt_enable
EOF
out=$(status_and_output "$rv" replay $models/wip.dot "$work/wip.dat")
ktap_eq "wip: one violation" 1 "$(status "$out")"
ktap_match "in task context on CPU 0 at 1.6 us" \
	'^ +<\.\.\.>-5 +\[000\] 0\.000001600: error_wip: event sched_waking not expected in the state preemptive$' "$out"
ktap_eq "only that one: hardirq and softirq wakeups and the unsynced CPU 1 gave none" \
	1 "$(grep -c error_wip <<< "$out")"
ktap_match "3 transitions and the violation; the events of CPU 1 and between the violation and the next init event ignored" \
	'^wip: 4 events, 1 violations$' "$out"
ktap_match "as many as that" '^wip: 13 records, 11 of them mapped; 5 events before an init event, ignored$' "$out"
ktap_match "wakeups outside task context are not mapped" \
	'^wip: sched:sched_waking -> sched_waking: 4$' "$out"
out=$(status_and_output "$rv" replay -k global $models/wip.dot "$work/wip.dat")
ktap_match "-k global: one instance for both CPUs, synced by CPU 0, another verdict" \
	'^ +<\.\.\.>-6 +\[001\] 0\.000001200: error_wip: event sched_waking not expected in the state preemptive$' "$out"

# lost events: the CPU's instance waits for its init event again
trace lost <<'EOF'
cpus 1
1000 0 5 preempt_disable
1100 0 5 preempt_enable
lost 0 3
1600 0 5 sched_waking pid=9
1700 0 5 preempt_disable
1800 0 5 preempt_enable
1900 0 5 sched_waking pid=9
EOF
out=$(status_and_output "$rv" replay $models/wip.dot "$work/lost.dat")
ktap_eq "after lost events, no verdict until the next init event, then one" 1 "$(status "$out")"
ktap_eq "one violation, after the resync" "1" "$(grep -c 'error_wip' <<< "$out")"
ktap_match "at 1.9 us" '0\.000001900: error_wip' "$out"
ktap_match "and a warning with the count" 'warning: the trace lost events \(3,' "$out"
json=$("$rv" replay -j $models/wip.dot "$work/lost.dat" 2>/dev/null)
ktap_match "--json counts the lost events" '"lost_events": 3, ' "$json"

# a clean trace
trace clean <<'EOF'
cpus 1
1000 0 5 preempt_disable
1100 0 5 sched_waking pid=9
1200 0 5 preempt_enable
EOF
out=$(status_and_output "$rv" replay $models/wip.dot "$work/clean.dat")
ktap_eq "no violation: exit status 0" 0 "$(status "$out")"
ktap_match "before the first init event, the events are ignored, as the kernel's" \
	'^wip: 3 records, 3 of them mapped; 2 events before an init event, ignored$' "$out"
ktap_match "and the untaken transitions named" \
	'^wip: never taken: preemptive x preempt_disable -> non_preemptive: 0$' "$out"

# errors: exit status 2 and a message that says where
trace nowaking <<'EOF'
cpus 1
1000 0 5 preempt_disable
1100 0 5 preempt_enable
EOF
out=$(status_and_output "$rv" replay $models/wip.dot "$work/nowaking.dat")
ktap_eq "a trace without a tracepoint of the mapping: exit status 2" 2 "$(status "$out")"
ktap_match "the line of the mapping and what to record" \
	'wip.map:8: the trace has no tracepoint sched:sched_waking \(not recorded: trace-cmd record -e sched:sched_waking' "$out"
{ echo format sched:sched_waking; cat <<'EOF'
cpus 1
1000 0 5 preempt_disable
1100 0 5 preempt_enable
EOF
} | trace nowakingrec
out=$(status_and_output "$rv" replay $models/wip.dot "$work/nowakingrec.dat")
ktap_eq "its format but no record of it: a verdict (0)" 0 "$(status "$out")"
ktap_match "with a warning" 'warning: .*wip.map:8: no record of sched:sched_waking gave sched_waking' "$out"

printf '# a comment\n\nsched:sched_switch switch_out init pid=prev_pid\nsched:no_such_event switch_in\nsched:sched_wakeup wakeup pid=pid\n' > "$work/unknown.map"
out=$(status_and_output "$rv" replay -m "$work/unknown.map" $models/wwnr.dot "$work/wwnr.dat")
ktap_eq "an unknown tracepoint in the mapping: exit status 2" 2 "$(status "$out")"
ktap_match "named with its line" 'unknown.map:4: the trace has no tracepoint sched:no_such_event' "$out"

bad_mapping() {	# bad_mapping DESC MESSAGE-ERE LINES...
	local desc=$1 message=$2 out
	shift 2
	printf '%s\n' "$@" > "$work/bad.map"
	out=$(status_and_output "$rv" replay -m "$work/bad.map" $models/wwnr.dot "$work/wwnr.dat")
	ktap_eq "$desc: exit status 2" 2 "$(status "$out")"
	ktap_match "with the line: $message" "$message" "$out"
}
bad_mapping "an unknown option" 'bad.map:2: what is .bogus.' \
	'sched:sched_switch switch_out init pid=prev_pid' 'sched:sched_switch switch_in bogus'
bad_mapping "an event the model does not have" 'bad.map:1: the model wwnr has no event .switch_up.' \
	'sched:sched_switch switch_up'
bad_mapping "no system in the tracepoint" 'bad.map:3: .sched_switch. is no tracepoint' \
	'' '# x' 'sched_switch switch_out'
bad_mapping "a line without an event" 'bad.map:1: .sched:sched_switch. needs the model.s event' \
	'sched:sched_switch'
bad_mapping "a field the tracepoint does not have" 'bad.map:1: sched:sched_switch has no field .prev_tid.' \
	'sched:sched_switch switch_out init pid=prev_tid' 'sched:sched_switch switch_in pid=next_pid' \
	'sched:sched_wakeup wakeup pid=pid'
bad_mapping "a string as a pid" 'bad.map:1: the field .prev_comm. of sched:sched_switch is no number' \
	'sched:sched_switch switch_out init pid=prev_comm'
bad_mapping "a model event no tracepoint gives" 'bad.map: no tracepoint gives the event wakeup of wwnr' \
	'sched:sched_switch switch_out init pid=prev_pid' 'sched:sched_switch switch_in pid=next_pid'
bad_mapping "an unknown kind" 'bad.map:1: no kind .per_thing.' 'kind per_thing'
bad_mapping "a second kind line" 'bad.map:2: a second kind line' 'kind per_task' 'kind bogus'
# pid==N is a condition on a field named pid, not pid= with a field "=N"
printf '%s\n' 'kind per_task' 'sched:sched_switch switch_out init pid=prev_pid' \
	'sched:sched_switch switch_in pid=next_pid' 'sched:sched_wakeup wakeup pid=pid pid==999999' \
	> "$work/pidcond.map"
out=$(status_and_output "$rv" replay --json -m "$work/pidcond.map" $models/wwnr.dot "$work/wwnr.dat")
ktap_eq "a condition pid==N is read as one: the run succeeds (status 0)" 0 "$(status "$out")"
ktap_match "and no wakeup matches it" '"tracepoint": "sched:sched_wakeup", "event": "wakeup", "records": 0' "$out"
# a value past LLONG_MAX, as an address would be, on an unsigned field:
# read, and ordered as unsigned (every type is below the largest)
printf '%s\n' 'kind per_task' 'sched:sched_switch switch_out init pid=prev_pid' \
	'sched:sched_switch switch_in pid=next_pid' \
	'sched:sched_wakeup wakeup pid=pid common_type<0xffffffffffffffff' > "$work/ucond.map"
out=$(status_and_output "$rv" replay --json -m "$work/ucond.map" $models/wwnr.dot "$work/wwnr.dat")
ktap_eq "an unsigned condition past LLONG_MAX is read: the run finds wwnr's violation (status 1)" \
	1 "$(status "$out")"
ktap_match "every wakeup matches it" '"tracepoint": "sched:sched_wakeup", "event": "wakeup", "records": 5' "$out"
bad_mapping "forget with an event" 'bad.map:1: forget takes - for the event' \
	'sched:sched_process_fork wakeup forget'
bad_mapping "an empty mapping" 'bad.map: no tracepoint is mapped' '# nothing'
out=$(status_and_output "$rv" replay -m "$work/none.map" $models/wwnr.dot "$work/wwnr.dat")
ktap_eq "a missing mapping: exit status 2" 2 "$(status "$out")"
echo 'not a trace' > "$work/junk.dat"
out=$(status_and_output "$rv" replay $models/wwnr.dot "$work/junk.dat")
ktap_eq "a file that is no trace: exit status 2" 2 "$(status "$out")"
ktap_match "that says so" "cannot read the trace $work/junk.dat" "$out"
out=$(status_and_output "$rv" replay $models/nope.dot "$work/wwnr.dat")
ktap_eq "a missing model: exit status 2" 2 "$(status "$out")"
out=$(status_and_output "$rv" replay $models/wwnr.dot)
ktap_eq "no trace: a usage error (2)" 2 "$(status "$out")"
ktap_match "that shows the usage" '^usage: rv replay ' "$out"
out=$(status_and_output "$rv" replay -k per_thing $models/wwnr.dot "$work/wwnr.dat")
ktap_eq "an unknown -k: a usage error (2)" 2 "$(status "$out")"
out=$(status_and_output "$rv" replay --help)
ktap_eq "rv replay --help succeeds" 0 "$(status "$out")"

ktap_finish
