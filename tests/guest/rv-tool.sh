#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The rv tool (tools/verification/rv) on the running kernel: it lists the
# monitors, runs one until interrupted, prints what it finds, refuses
# what it cannot do, and leaves the RV interface as it found it.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv_dir=/sys/kernel/tracing/rv
rv=$RV_CACHE/rv/rv
out=$(mktemp)
# start_mon ARGS...: rv mon ARGS in the background, its output in $out,
# its messages in $out.err; returns once it says that it is monitoring
start_mon() {
	local i
	"$rv" mon "$@" > "$out" 2> "$out.err" &
	mon_pid=$!
	for i in $(seq 100); do
		grep -q 'until interrupted' "$out.err" && return
		sleep 0.1
	done
}
# stop_mon: stop it as Ctrl-C does; returns its exit status
stop_mon() {
	kill -INT $mon_pid
	wait $mon_pid
}
# mon_for SECONDS ARGS...: rv mon ARGS for SECONDS under a switching load,
# then rounds of stop_cont, which wake tasks while they run (wwnr's
# violation) on purpose
mon_for() {
	local seconds=$1
	shift
	start_mon "$@"
	stress-ng --switch 2 --timeout "$seconds" --quiet >/dev/null 2>&1
	"$RV_CACHE/bin/stop_cont" 1000
	stop_mon
}

for m in wip wwnr reactor_printk; do
	modprobe $m || echo "not ok - modprobe $m"
done

list=$("$rv" list)
ktap_match "rv list shows wip, off, and what it checks" \
	'^wip +\[OFF\] +wakeup in preemptive: a task is woken only with preemption disabled$' "$list"
ktap_match "and wwnr" '^wwnr +\[OFF\] +wakeup while not running' "$list"

msg=$("$rv" coverage wip 2>&1)
ktap_eq "rv coverage of a monitor never enabled fails with status 1" 1 $?
ktap_match "saying why" 'wip has no transition counts: it was never enabled' "$msg"

mon_for 3 wwnr
ktap_eq "rv mon wwnr ends with status 0 on SIGINT" 0 $?
ktap_match "and prints the violations wwnr finds under load" \
	'VIOLATION [0-9]+: event wakeup not expected in the state running' "$(cat "$out")"
ktap_match "and a summary from the monitor's counters" \
	'^wwnr: [1-9][0-9]* events, [1-9][0-9]* violations$' "$(cat "$out")"
ktap_match "and how much of the model the load exercised" \
	'^wwnr: [1-3] of 3 transitions taken$' "$(cat "$out")"
ktap_eq "after it, no monitor is enabled" "" "$(cat $rv_dir/enabled_monitors)"

# the counts stay after the run: rv coverage shows them, as the file has them
counts=$(cat $rv_dir/monitors/wwnr/coverage)
table=$("$rv" coverage wwnr)
ktap_eq "rv coverage wwnr after the run succeeds" 0 $?
ktap_eq "and prints the summary, then every transition with its count" \
	"$(grep '^wwnr: ' "$out" | tail -n1; awk '{ print $1, "x", $2, "->", $3 ":", $4 }' <<< "$counts")" \
	"$(tr -s ' ' <<< "$table")"
dot=$("$rv" coverage wwnr --dot)
ktap_eq "rv coverage --dot succeeds" 0 $?
ktap_result "$(dot -Tcanon <<< "$dot" > /dev/null; echo $?)" "and prints a graph that Graphviz reads"
edges=$(gvpr 'E { printf("%s %s %s %s\n", $.tail.name, $.head.name, $.label, $.style); }' <<< "$dot")
ktap_eq "one edge per transition, labelled with its event and count, dashed if never taken" \
	"$(awk '{ print $1, $3, $2 ":", $4, ($4 > 0 ? "solid" : "dashed") }' <<< "$counts" | sort)" \
	"$(sort <<< "$edges")"
ktap_match "titled with the summary" 'label="wwnr: [0-3] of 3 transitions taken"' "$dot"

mon_for 2 wip -t
ktap_eq "rv mon wip -t ends with status 0" 0 $?
ktap_match "and prints the events of wip" \
	'event +(preemptive|non_preemptive) x (preempt_disable|preempt_enable|sched_waking) -> ' \
	"$(cat "$out")"
ktap_nomatch "but none of its own, without -s" '^ *rv-[0-9]+ ' "$(cat "$out")"
mon_for 2 wip -t -s
ktap_match "with -s, its own too" '^ *rv-[0-9]+ +\[[0-9]+\] event ' "$(cat "$out")"

# while it runs: on in rv list, and a second run is refused
start_mon wwnr -q
ktap_match "while rv mon runs, rv list shows the monitor on" '^wwnr +\[ON\]' "$("$rv" list)"
msg=$(timeout 2 "$rv" mon wwnr 2>&1)
ktap_eq "a second rv mon of the same monitor fails" 1 $?
ktap_match "saying why" 'monitor wwnr is enabled already' "$msg"
stress-ng --switch 1 --timeout 1 --quiet >/dev/null 2>&1
stop_mon
ktap_match "rv mon -q prints only the summary" '^wwnr: [0-9]+ events, [0-9]+ violations$' \
	"$(cat "$out")"
ktap_match "with the coverage of the model" '^wwnr: [0-3] of 3 transitions taken$' "$(cat "$out")"
ktap_eq "in two lines" 2 "$(wc -l < "$out")"

echo 1 > $rv_dir/reacting_on
for try in 1 2 3 4 5; do	# until a violation happened meanwhile
	dmesg -C
	mon_for 2 wwnr -r printk -q
	status=$?
	grep -q ' [1-9][0-9]* violations$' "$out" && break
done
ktap_eq "rv mon -r printk runs" 0 $status
sleep 0.2
ktap_match "and the printk reactor reports the violations to the kernel log" \
	'rv: monitor wwnr does not allow event wakeup on state running' "$(dmesg)"
ktap_eq "the reactor is put back afterwards" "[nop]" "$(grep -F '[' $rv_dir/monitors/wwnr/reactors)"

msg=$(timeout 2 "$rv" mon nosuch 2>&1)
ktap_eq "rv mon of an unknown monitor fails with status 1" 1 $?
ktap_match "naming it" "no monitor 'nosuch'" "$msg"
msg=$(timeout 2 "$rv" mon wwnr -r nosuch 2>&1)
ktap_eq "an unknown reactor fails with status 1" 1 $?
ktap_match "listing the reactors there are" "no reactor 'nosuch' for wwnr; there are: .*printk" "$msg"
ktap_eq "and enables nothing" "" "$(cat $rv_dir/enabled_monitors)"
msg=$("$rv" mon 2>&1)
ktap_eq "rv mon without a monitor is a usage error (2)" 2 $?
ktap_match "that asks which" 'which monitor\?' "$msg"
msg=$(timeout 2 "$rv" mon wip wwnr 2>&1)
ktap_eq "two monitors are a usage error" 2 $?
msg=$("$rv" coverage nosuch 2>&1)
ktap_eq "rv coverage of an unknown monitor fails with status 1" 1 $?
ktap_match "naming it" "no monitor 'nosuch'" "$msg"
msg=$("$rv" coverage 2>&1)
ktap_eq "rv coverage without a monitor is a usage error (2)" 2 $?
msg=$("$rv" coverage wwnr --svg 2>&1)
ktap_eq "so is an unknown option" 2 $?
ktap_match "shown with the usage" 'usage: rv coverage MONITOR' "$msg"
msg=$("$rv" frobnicate 2>&1)
ktap_eq "so is an unknown command" 2 $?
ktap_match "named in the message" "no command 'frobnicate'" "$msg"
ktap_eq "no tracing instance is left behind" "" "$(ls /sys/kernel/tracing/instances)"

rm -f "$out" "$out.err"
for m in reactor_printk wwnr wip; do
	rmmod $m
done
ktap_finish
