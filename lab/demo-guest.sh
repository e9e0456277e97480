#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run in the guest by `make demo`: RV verifying the live kernel.
#
# MONITORS: the monitors to run, default "wip wwnr"; a container (say
# sched or rtapp) stands for its monitors, found as the modules that
# depend on its module. DEMO_TRACE=1: each monitor's event and error
# trace events are recorded too, each in a tracing instance of its own,
# and the table shows how many records each got: a count of the events
# that does not come from the monitor's counters (the ring buffer's).
set -u
. "${0%/*}/lib.sh"
rv=/sys/kernel/tracing/rv
# words FILE: its lines on one line, read by bash
words() { local w; mapfile -t w < "$1"; echo "${w[*]}"; }
seconds=${DEMO_SECONDS:-5}
names=${MONITORS:-wip wwnr}

modules_dep=/lib/modules/$(uname -r)/modules.dep
# children MODULE: the modules that need MODULE's, by name
children() {
	grep -E " [^ ]*/$1\.ko(\.[a-z]+)?( |$)" "$modules_dep" 2>/dev/null |
		sed -E 's|:.*||; s|.*/||; s|\.ko(\.[a-z]+)?$||' | sort
}

# the test kernel has them as modules; a kernel with them built in too
for m in $names reactor_printk reactor_panic; do
	modprobe -q "${m#*:}" 2>/dev/null
	for c in $(children "$m"); do
		modprobe -q "$c" 2>/dev/null
	done
done
# what was asked for, and for a container each of its monitors, as
# rv names them: NAME or CONTAINER:NAME
shown=()
given=$names
names=
for m in $given; do
	# a nested monitor may be named alone, as rv mon allows
	if ! grep -qx "$m" $rv/available_monitors &&
	   [ "$(grep -c ":$m\$" $rv/available_monitors)" = 1 ]; then
		m=$(grep ":$m\$" $rv/available_monitors)
	fi
	names+=" $m"
	if ! grep -qx "$m" $rv/available_monitors; then
		echo "demo: no monitor or container '$m' in this kernel" \
			"(available: $(words $rv/available_monitors))" >&2
		exit 1
	fi
	nested=$(grep "^$m:" $rv/available_monitors)
	if [ -n "$nested" ]; then
		shown+=($nested)
	else
		shown+=("$m")
	fi
done
folder() { echo "$rv/monitors/${1/://}"; }

echo
echo "== Runtime Verification on Linux $(uname -r), $(nproc) CPUs"
echo "available monitors: $(words $rv/available_monitors)"
echo "available reactors: $(words $rv/available_reactors)"
for m in "${shown[@]}"; do
	echo "  $m: $(< "$(folder "$m")/desc")"
done

# traced_instance MONITOR KIND: where MONITOR's KIND (event or error)
# trace records are counted, when DEMO_TRACE=1
instances=/sys/kernel/tracing/instances
traced_instance() { echo "$instances/rv_demo_$2_${1/:/_}"; }
trace_kinds=()
[ "${DEMO_TRACE:-0}" != 1 ] || trace_kinds=(event error)
for m in "${shown[@]}"; do
	for kind in "${trace_kinds[@]}"; do
		event=$(traced_instance "$m" $kind)/events/rv/${kind}_${m#*:}
		mkdir "$(traced_instance "$m" $kind)" &&
			echo 64 > "$(traced_instance "$m" $kind)/buffer_size_kb" &&
			echo 1 > "$event/enable" ||
			{ echo "demo: cannot record rv:${kind}_${m#*:}" >&2; exit 1; }
	done
done

# the log from here on holds every message of the reactor
dmesg -C
for m in $names; do
	echo printk > "$(folder "$m")/reactors"
	echo "$m" >> $rv/enabled_monitors
done
echo "enabled: $(words $rv/enabled_monitors), reactor: printk"
echo "workload: stress-ng, context switches, forks and CPU load, ${seconds}s"
stress-ng --switch 2 --fork 1 --cpu 1 --timeout "$seconds" --quiet >/dev/null 2>&1
sleep 0.5
# the counters stay until the next enable: all the figures below are of
# the same run
echo > $rv/enabled_monitors
for m in $names; do
	echo nop > "$(folder "$m")/reactors"
done
echo "then disabled: enabled_monitors is '$(< $rv/enabled_monitors)'"
# traced M: "EVENTS ERRORS", the records of M's trace events
declare -A traced
for m in "${shown[@]}"; do
	for kind in "${trace_kinds[@]}"; do
		echo 0 > "$(traced_instance "$m" $kind)/events/rv/${kind}_${m#*:}/enable"
		traced[$m]+="$(ring_buffer_records "$(traced_instance "$m" $kind)") "
		rmdir "$(traced_instance "$m" $kind)"
	done
done

echo
if [ ${#trace_kinds[@]} -gt 0 ]; then
	echo "traced: the records of the monitor's event_ and error_ trace events"
	printf '%-16s %12s %11s %17s  %s\n' monitor events violations "traced (ev, err)" "last violation"
else
	printf '%-16s %12s %11s  %s\n' monitor events violations "last violation"
fi
for m in "${shown[@]}"; do
	stats=$(folder "$m")/stats
	events=$(field_of "$stats" events)
	violations=$(field_of "$stats" violations)
	last=$(field_of "$stats" last_violation)
	[[ ! $last =~ ^state=([^ ]*)\ event=([^ ]*)\ cpu=([^ ]*)\ pid=([^ ]*)\  ]] ||
		last="event ${BASH_REMATCH[2]} in state ${BASH_REMATCH[1]} (CPU ${BASH_REMATCH[3]}, pid ${BASH_REMATCH[4]})"
	if [ ${#trace_kinds[@]} -gt 0 ]; then
		printf '%-16s %12s %11s %17s  %s\n' "$m" "$events" "$violations" "${traced[$m]% }" "$last"
	else
		printf '%-16s %12s %11s  %s\n' "$m" "$events" "$violations" "$last"
	fi
done
echo
echo "what the printk reactor printed (how many times, message):"
log=$(dmesg | grep 'rv: ' | sed 's/^\[[^]]*\] //')
if [ -z "$log" ]; then
	echo "      nothing: no violation"
else
	grep -v 'more violations not printed' <<< "$log" | sort | uniq -c | sort -rn | head -n 5
fi
# past its queue, the reactor prints how many it left out: their sum
dropped=$(awk '/more violations not printed/ { n += $2 } END { print n + 0 }' <<< "$log")
[ "$dropped" -eq 0 ] ||
	printf '%7d %s\n' "$dropped" "more, not printed: bursts overflowed the reactor's queue"

echo
echo "what the run exercised of each model (rv coverage; --dot draws it):"
for m in "${shown[@]}"; do
	"$RV_CACHE/rv/rv" coverage "$m" 2>/dev/null ||
		echo "$m: no coverage (not an automaton with transition counts)"
done
