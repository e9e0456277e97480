#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make demo, the README's main job: it boots the test kernel, runs both
# monitors under load, and its figures agree with each other.
. "$(dirname "$0")/../../lab/ktap.sh"
lab=$(cd "$(dirname "$0")/../../lab" && pwd)

# DEMO_TRACE=1: the table also has the records of each monitor's event_
# and error_ trace events, counted by the ring buffer, not the monitor
out=$(DEMO_TRACE=1 DEMO_SECONDS=2 "$lab/demo.sh" 2>/dev/null)
ktap_eq "make demo's script succeeds" 0 $?
ktap_match "it names the kernel it verifies" '^== Runtime Verification on Linux 6\.1\.' "$out"
ktap_match "and disables the monitors after the run" "^then disabled: enabled_monitors is ''$" "$out"

# stats: "MONITOR EVENTS VIOLATIONS TRACED_EVENTS TRACED_ERRORS ..." rows;
# coverage: "STATE x EVENT -> NEXT: COUNT". The stats file's events are
# its coverage's transitions plus its violations, one count: the trace
# records are the witness, each written where the monitor takes a
# transition or finds a violation.
for m in wip wwnr; do
	read -r events violations traced_events traced_errors < <(awk -v m=$m \
		'$1 == m && $2 ~ /^[0-9]+$/ { print $2, $3, $4, $5 }' <<< "$out")
	ktap_result "$([ "${events:-0}" -gt 0 ]; echo $?)" "$m processed events ($events)"
	ktap_match "$m's coverage is shown: the run takes each of its 3 transitions" \
		"^$m: 3 of 3 transitions taken$" "$out"
	taken=$(sed -n "/^$m: [0-9]* of [0-9]* transitions taken$/,/transitions taken$/p" <<< "$out" |
		awk -F': ' '/ -> / { sum += $2 } END { print sum + 0 }')
	ktap_eq "$m: its event trace recorded each transition its coverage counts" \
		"$taken" "$traced_events"
	ktap_eq "$m: its error trace recorded each violation its stats count" \
		"$violations" "$traced_errors"
	ktap_eq "$m: its stats count the events traced" \
		"$events" "$((traced_events + traced_errors))"
done
ktap_eq "wip finds no violation" 0 "$(awk '$1 == "wip" && $2 ~ /^[0-9]+$/ { print $3 }' <<< "$out")"
# a burst past the reactor's queue is printed as a count of those left out
printed=$(awk '/monitor wwnr does not allow event|more, not printed/ { sum += $1 } END { print sum + 0 }' \
	<<< "$out")
ktap_eq "the printk reactor reported each violation of wwnr once" "$violations" "$printed"

# make demo MONITORS=sched: the container stands for its eight monitors
out=$(MONITORS=sched DEMO_SECONDS=2 "$lab/demo.sh" 2>/dev/null)
ktap_eq "make demo MONITORS=sched succeeds" 0 $?
ktap_match "it enables the container and its monitors" "^enabled: (.* )?sched( .*)? sched:sco( .*)?, reactor: printk$" "$out"
rows=$(awk '$1 ~ /^sched:[a-z]+$/ && $2 ~ /^[0-9]+$/ { print $1, $2, $3 }' <<< "$out")
ktap_eq "and shows each of its monitors" "sched:nrp sched:opid sched:sco sched:scpd sched:snep sched:snroc sched:sssw sched:sts" \
	"$(cut -d' ' -f1 <<< "$rows" | sort | xargs)"
ktap_eq "each saw events, none a violation" "" \
	"$(awk '$2 == 0 || $3 != 0' <<< "$rows")"
ktap_match "with its coverage" "^sched:sco: [0-9]+ of [0-9]+ transitions taken$" "$out"
out=$(MONITORS='wip; reboot' "$lab/demo.sh" 2>&1)
ktap_eq "a MONITORS that is not names is refused before any boot" 1 $?
ktap_match "saying what to give" "give monitor or container names" "$out"
out=$(MONITORS=nosuch DEMO_SECONDS=1 "$lab/demo.sh" 2>&1)
ktap_result $([ $? -ne 0 ]; echo $?) "an unknown monitor fails the demo"
ktap_match "naming it" "no monitor or container 'nosuch' in this kernel" "$out"
ktap_finish
