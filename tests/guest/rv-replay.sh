#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Live against replayed: wip and wwnr run under stress-ng while trace-cmd
# records the tracepoints they follow and their error records; rv replay
# then runs each model over that trace.dat, and its verdicts must be the
# kernel's.
#
# What must agree exactly: every violation the replay finds is one the
# kernel traced (same CPU, same task for wwnr, same state and event, from
# the record that caused it); and every violation the kernel
# traced that the replay did not find is of an instance the replay had
# not synced yet: the monitor was enabled before the recording began, so
# the kernel followed instances whose init event the trace does not
# show. From an instance's first init event in the trace on, both take
# the same events from the same state. Hence also: replay violations =
# kernel error records - those before the instance's first init event.
# The counts of monitors/NAME/stats cover the whole time the monitor was
# enabled, longer than the recording: they bound the replay's from above.
# Lost events (trace-cmd's "EVENTS DROPPED") break the exact agreement:
# with a large buffer there are none; if there were, the test says so and
# checks only the bounds.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=$RV_CACHE/rv/rv
models=$REPO_DIR/linux/tools/verification/models
tr=/sys/kernel/tracing
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
SECONDS_RECORDED=${RV_REPLAY_SECONDS:-2}

stat_of() { field_of $tr/rv/monitors/$1/stats "$2"; }

# compare MONITOR: the replay's JSON against the trace's error records.
# Which record caused an error record: the monitor was enabled before
# trace-cmd enabled the events, so on each tracepoint call its probe runs
# first, and its error records come just before the event's own record,
# in the same CPU's buffer (the sched tracepoints are called with
# interrupts off, so nothing else is recorded on that CPU in between;
# wip's preempt tracepoints are not, but wip has no violation to match).
# Their timestamps can
# still be milliseconds apart: QEMU's single-threaded TCG runs the vCPUs
# in turn, so a vCPU can stand still between the two probes while the
# other runs, and the mono clock goes on. The replay's
# violation carries the timestamp of the event's record, so the two
# must match exactly, to the nanosecond.
compare() {
	local report=$work/$1.report
	# with no error record, there is no cause to find, and no report
	[ -s "$work/$1.errors" ] || report=/dev/null
	python3 - "$1" "$work/$1.json" "$report" <<'EOF'
import json, re, sys
mon, jpath, rpath = sys.argv[1:]
j = json.load(open(jpath))
per_task = j["kind"] == "per_task"
kernel = []
# trace-cmd report -t: "COMM-PID [CPU] SECS.NS: NAME: FIELDS"; error
# records: "error_MON: [PID: ]event E not expected in the state S"
record = re.compile(r"\[(\d+)\]\s+(\d+)\.(\d+):\s+(\S+):\s*(.*)")
error = re.compile(r"(?:(-?\d+):\s+)?event (\S+) not expected in the state (\S+)")
waiting = {}    # per CPU: its error records whose event record is next
for line in open(rpath):
    m = record.search(line)
    if not m:
        continue
    cpu, secs, frac, name, fields = m.groups()
    cpu = int(cpu)
    ns = int(secs) * 10**9 + int(frac.ljust(9, "0")[:9])
    if name != "error_" + mon:
        for k in waiting.pop(cpu, []):
            k["cause_ns"] = ns
        continue
    e = error.match(fields)
    if not e:
        continue
    pid, event, state = e.groups()
    k = dict(cpu=cpu, ns=ns, cause_ns=None, task=int(pid) if pid else None,
             event=event, state=state)
    kernel.append(k)
    waiting.setdefault(cpu, []).append(k)
replay = j["violation_list"]
used = [False] * len(kernel)
unmatched_replay = 0
for v in replay:
    best = None
    for i, k in enumerate(kernel):
        if used[i] or k["cpu"] != v["cpu"] or k["event"] != v["event"] or k["state"] != v["state"]:
            continue
        if per_task and k["task"] != v["task"]:
            continue
        if k["cause_ns"] == v["time_ns"]:
            best = i
            break
    if best is None:
        unmatched_replay += 1
    else:
        used[best] = True
first = j["first_sync"]
def key(k):
    if not per_task:
        return str(k["cpu"])
    return str(k["task"] if k["task"] else -1 - k["cpu"])
unsynced = 0
unexplained = []
for i, k in enumerate(kernel):
    if used[i]:
        continue
    f = first.get(key(k))
    if k["cause_ns"] is not None and (f is None or k["cause_ns"] <= f):
        unsynced += 1
    else:
        unexplained.append(k)
print(len(kernel), len(replay), unmatched_replay, unsynced, len(unexplained))
gaps = [k["cause_ns"] - k["ns"] for k in kernel if k["cause_ns"] is not None]
if gaps:
    print("largest gap from an error record to its cause: %d ns" % max(gaps), file=sys.stderr)
for k in unexplained[:5]:
    print("unexplained:", k, file=sys.stderr)
EOF
}

for mon in wwnr wip; do
	# stop_cont wakes tasks while they run, wwnr's violation, on purpose;
	# nothing the load can do breaks wip
	case $mon in
	wwnr)	events="-e sched:sched_switch -e sched:sched_wakeup"
		provoke="; $RV_CACHE/bin/stop_cont 1000";;
	wip)	events="-e preemptirq:preempt_disable -e preemptirq:preempt_enable -e sched:sched_waking"
		provoke=;;
	esac
	ktap_ok "$mon loads" modprobe $mon
	echo $mon > $tr/rv/enabled_monitors
	ktap_eq "$mon is enabled" 1 "$(< $tr/rv/monitors/$mon/enable)"
	# the kernel's count of violations: before the recording, at the
	# start and the end of the command recorded, once it is over; the
	# trace's window lies between the first and the last, and holds the
	# command's
	violations_before=$(stat_of $mon violations)
	count="sed -n 's/^violations: //p' $tr/rv/monitors/$mon/stats"
	# The load is the command recorded, so that it runs once the recording
	# has begun (trace-cmd takes seconds to set up its buffers under TCG).
	# A large buffer (KiB per CPU): wip's preempt events come by the million.
	# The mono clock orders the records of all CPUs: the default, local,
	# does not when the TSCs are not in sync (this guest's are not), and a
	# wakeup on one CPU could then sort before the switch it followed.
	out=$(trace-cmd record -q -C mono -b 32768 -o "$work/$mon.dat" $events -e rv:error_$mon \
		sh -c "$count > $work/$mon.v0; stress-ng --switch 2 --fork 1 --timeout $SECONDS_RECORDED --quiet$provoke; $count > $work/$mon.v1" 2>&1)
	ktap_result $? "trace-cmd records $mon's tracepoints and error_$mon under load" "$out"
	echo "!$mon" > $tr/rv/enabled_monitors
	kernel_events=$(stat_of $mon events)
	kernel_violations=$(stat_of $mon violations)

	# The error records; the whole report, which takes half a minute to
	# print for wip's million events under TCG, only when there are some:
	# compare() looks there for the record after each, and trace-cmd marks
	# there the events it lost. Without it, rv replay's count of lost
	# events alone says whether the trace is whole.
	trace-cmd report -t -F "rv/error_$mon" -i "$work/$mon.dat" 2>/dev/null |
		grep "error_$mon:" > "$work/$mon.errors"
	errors=$(wc -l < "$work/$mon.errors")
	dropped=0
	if [ "$errors" -gt 0 ]; then
		trace-cmd report -t -i "$work/$mon.dat" > "$work/$mon.report" 2>/dev/null
		dropped=$(grep -cE '\[[0-9]+ EVENTS DROPPED\]|\[LOST EVENTS\]' "$work/$mon.report")
	fi

	"$rv" replay --json $models/$mon.dot "$work/$mon.dat" > "$work/$mon.json" 2>"$work/$mon.stderr"
	status=$?
	ktap_result $([ $status -le 1 ]; echo $?) "rv replay reads the trace of $mon (exit $status)" \
		"$(head -n 5 "$work/$mon.stderr")"
	read -r replay_events replay_violations lost < <(python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
print(j["events"], j["violations"], j["lost_events"] + j["lost_unknown"])' "$work/$mon.json")
	ktap_result $([ "$replay_events" -gt 0 ]; echo $?) \
		"$mon: the replay took events ($replay_events)"
	ktap_result $([ "$replay_events" -le "$kernel_events" ]; echo $?) \
		"$mon: no more events than the kernel's stats counted over a longer time ($replay_events <= $kernel_events)"
	ktap_result $([ "$replay_violations" -le "$kernel_violations" ]; echo $?) \
		"$mon: no more violations than the kernel's ($replay_violations <= $kernel_violations)"
	ktap_result $([ "$replay_violations" -le "$errors" ]; echo $?) \
		"$mon: no more violations than the trace's error_$mon records ($replay_violations <= $errors)"
	read -r k r unmatched unsynced unexplained < <(compare $mon 2>>"$work/$mon.stderr")
	if [ "$lost" -eq 0 ] && [ "$dropped" -eq 0 ]; then
		ktap_eq "$mon: every violation the replay found is one the kernel traced, from the same record: CPU, task, state and event" \
			0 "$unmatched"
		ktap_eq "$mon: every other one the kernel traced is of an instance before its first init event in the trace ($unsynced of $k)" \
			0 "$unexplained"
		# the error records the replay explained, against the kernel's
		# own counter over the recording, which rv replay never reads
		low=$(($(< "$work/$mon.v1") - $(< "$work/$mon.v0")))
		high=$((kernel_violations - violations_before))
		ktap_result $([ "$low" -le $((r + unsynced)) ] && [ $((r + unsynced)) -le "$high" ]; echo $?) \
			"$mon: its violations and the unsynced ones are as many as the kernel counted while the trace was recorded ($low <= $r + $unsynced <= $high)"
		# the status, against the trace's error records (less those of
		# instances not synced yet, when there are some)
		ktap_eq "rv replay exits 1 exactly when the trace has error records$([ "$unsynced" -eq 0 ] || echo " past each instance's first init event ($errors - $unsynced)")" \
			"$([ $((errors - unsynced)) -gt 0 ] && echo 1 || echo 0)" "$status"
	else
		ktap_skip "$mon: the exact agreement" "the trace lost events ($lost by rv replay, $dropped markers by trace-cmd)"
	fi
	if [ "$mon" = wwnr ]; then
		ktap_result $([ "$k" -gt 0 ]; echo $?) \
			"wwnr, too strict, fails under this load: error records in the trace ($k)"
	else
		ktap_eq "wip, which the load cannot break, has no violation replayed" 0 "$replay_violations"
	fi
	ktap_ok "$mon unloads" modprobe -r $mon
	sed "s/^/# /" "$work/$mon.stderr"
done
ktap_finish
