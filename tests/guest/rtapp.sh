#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The rtapp container and its LTL monitors on the live kernel. pagefault
# (a real-time task does not page fault): a real-time task that faults is
# a violation, traced, counted and printed by the printk reactor; a
# real-time task that locked its memory first, and any load of normal
# tasks, are not. sleep (a real-time task sleeps only in ways whose wakeup
# it can bound): a periodic loop on absolute times, threads handing a
# token through futexes and a wait on a priority-inheriting lock are no
# violation; a relative sleep and a wakeup by a lower-priority task are.
# rv mon decodes pagefault's steps and violations.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
instance=/sys/kernel/tracing/instances/rtapp_check
rt_fault=$RV_CACHE/bin/rt_fault
rt_sleep=$RV_CACHE/bin/rt_sleep
stat() { field_of $rv/monitors/rtapp/pagefault/stats "$1"; }
sleep_stat() { field_of $rv/monitors/rtapp/sleep/stats "$1"; }
out=$(mktemp)

# the printk reactor is unloaded at the end unless it was loaded before
printk_loaded=$(grep -c '^reactor_printk ' /proc/modules)
for m in rtapp pagefault sleep reactor_printk; do
	ktap_ok "modprobe $m" modprobe $m
done
ktap_eq "available_monitors lists rtapp, rtapp:pagefault and rtapp:sleep" \
	"rtapp rtapp:pagefault rtapp:sleep" "$(grep -E '^rtapp' $rv/available_monitors | xargs)"
ktap_match "pagefault describes itself" 'real-time task does not page fault' \
	"$(< $rv/monitors/rtapp/pagefault/desc)"
ktap_eq "its events name the atoms" \
	'print fmt: "%d: states %#llx x [%s] -> %#llx", REC->pid, REC->states, __print_flags(REC->atoms, ",", { 0x1UL, "RT" }, { 0x2UL, "PAGEFAULT" }), REC->next' \
	"$(grep '^print fmt' /sys/kernel/tracing/events/rv/event_pagefault/format)"

mkdir $instance
echo 1 > $instance/events/rv/error_pagefault/enable
echo 1 > $instance/events/rv/event_pagefault/enable
echo printk > $rv/monitors/rtapp/reactors
dmesg -C
ktap_ok "enabling the rtapp container" append_to $rv/enabled_monitors rtapp
ktap_eq "enables pagefault and sleep" "1 1" \
	"$(cat $rv/monitors/rtapp/pagefault/enable $rv/monitors/rtapp/sleep/enable | xargs)"
ktap_eq "which starts with no violation" 0 "$(stat violations)"

# a real-time application done right: no fault once it runs real-time
events=$(stat events)
ktap_ok "a real-time task that locks and touches its memory first runs" "$rt_fault" clean
ktap_eq "without a violation" 0 "$(stat violations)"
after=$(stat events)
ktap_result $([ "$after" -gt "$events" ]; echo $?) \
	"while its faults before it turned real-time were events ($events -> $after)"
# faults of normal tasks, many of them
stress-ng --vm 2 --vm-bytes 8M --mmap 1 --mmap-bytes 4M --fork 2 --page-in \
	--timeout 3 --quiet >/dev/null 2>&1
ktap_eq "a faulting load of normal tasks is no violation" 0 "$(stat violations)"
ktap_eq "and no error was traced" "" "$(grep -v '^#' $instance/trace | grep error_pagefault)"

# sleep: real-time threads that sleep in bounded ways
for mode in abs pingpong pi; do
	ktap_ok "rt_sleep $mode runs" "$rt_sleep" $mode
done
# the owner of the PI lock runs boosted while it waits for the waiter to block
ktap_ok "rt_sleep pi runs 10 times more" \
	sh -c "for i in \$(seq 10); do $rt_sleep pi || exit 1; done"
stress-ng --switch 2 --futex 2 --pipe 2 --timeout 3 --quiet >/dev/null 2>&1
ktap_eq "nor do they, nor a sleeping and waking load of normal tasks, break sleep's property" \
	"0 none" "$(sleep_stat violations) $(sleep_stat last_violation)"
ktap_result $([ "$(sleep_stat events)" -gt 1000 ]; echo $?) \
	"while sleep followed their events ($(sleep_stat events))"
tid=$("$rt_sleep" rel | sed -n 's/^tid //p')
ktap_result $([ "$(sleep_stat violations)" -gt 0 ]; echo $?) "a real-time relative sleep is a violation"
ktap_match "at the sleep, naming the thread" \
	"^state=s[0-9,s]* event=RT,SLEEP,WAKER_SAFE cpu=[0-9]+ pid=$tid time_ns" "$(sleep_stat last_violation)"
before=$(sleep_stat violations)
tid=$("$rt_sleep" lowwaker | sed -n 's/^tid //p')
ktap_result $([ "$(sleep_stat violations)" -gt "$before" ]; echo $?) \
	"a real-time thread woken by a normal one is a violation"
ktap_match "at the wakeup, in its futex wait" \
	"^state=s[0-9,s]* event=RT,FUTEX_WAIT,WAKE cpu=[0-9]+ pid=$tid time_ns" "$(sleep_stat last_violation)"
sleep 1
ktap_match "which the printk reactor printed" \
	"rv: monitor sleep: task $tid breaks the property where RT,FUTEX_WAIT,WAKE hold" "$(dmesg)"
# a normal task boosted by priority inheritance is real-time while it is
before=$(sleep_stat violations)
owner=$("$rt_sleep" pisleep | sed -n 's/^owner //p')
ktap_result $([ "$(sleep_stat violations)" -gt "$before" ]; echo $?) \
	"a PI lock's owner that sleeps while a real-time task waits for the lock is a violation"
ktap_match "at the owner's sleep, boosted to real-time" \
	"^state=s[0-9,s]* event=RT,SLEEP,WAKER_SAFE cpu=[0-9]+ pid=$owner time_ns" "$(sleep_stat last_violation)"

# pagefault: a real-time task that faults
"$rt_fault" fault > "$out"
ktap_eq "a SCHED_FIFO task that touches new pages runs" 0 $?
pid=$(sed -n 's/^pid //p' "$out")
violations=$(stat violations)
ktap_result $([ "$violations" -gt 0 ]; echo $?) "its faults are violations ($violations)"
ktap_match "the last one names its pid and the atoms RT and PAGEFAULT" \
	"^state=s[0-9,s]* event=RT,PAGEFAULT cpu=[0-9]+ pid=$pid time_ns=[0-9]+\$" "$(stat last_violation)"
ktap_match "the error event names the task and the atoms" \
	"error_pagefault: $pid: \\[RT,PAGEFAULT\\] break the property in states 0x" "$(< $instance/trace)"
ktap_match "its steps before it turned real-time are traced with PAGEFAULT alone" \
	"event_pagefault: $pid: states 0x[0-9a-f]+ x \\[PAGEFAULT\\] -> 0x" "$(< $instance/trace)"
sleep 1	# the printk reactor prints from an irq_work
ktap_match "the printk reactor printed the violation" \
	"rv: monitor pagefault: task $pid breaks the property where RT,PAGEFAULT hold \\(states s" \
	"$(dmesg)"

# SCHED_DEADLINE counts as real-time
before=$(stat violations)
"$rt_fault" fault-dl > "$out"
ktap_eq "a SCHED_DEADLINE task that touches new pages runs" 0 $?
pid=$(sed -n 's/^pid //p' "$out")
ktap_result $([ "$(stat violations)" -gt "$before" ]; echo $?) "its faults are violations too"
ktap_match "naming it" "pid=$pid " "$(stat last_violation)"

# the same task, monitored again after a reset, is followed afresh
echo 0 > $rv/monitoring_on
before=$(stat violations)
"$rt_fault" fault > /dev/null
ktap_eq "with monitoring off, a faulting real-time task is not seen" "$before" "$(stat violations)"
echo 1 > $rv/monitoring_on
"$rt_fault" fault > /dev/null
ktap_result $([ "$(stat violations)" -gt "$before" ]; echo $?) "and it is once monitoring is back on"

ktap_ok "disabling the container" append_to $rv/enabled_monitors '!rtapp'
ktap_eq "disables pagefault and sleep" "0 0" \
	"$(cat $rv/monitors/rtapp/pagefault/enable $rv/monitors/rtapp/sleep/enable | xargs)"
before=$(stat violations)
"$rt_fault" fault > /dev/null
ktap_eq "which sees nothing then" "$before" "$(stat violations)"

# the monitor alone, by its container:name
ktap_ok "rtapp:pagefault enables alone" append_to $rv/enabled_monitors rtapp:pagefault
ktap_eq "its counters start from zero again" 0 "$(stat violations)"
"$rt_fault" fault > /dev/null
ktap_result $([ "$(stat violations)" -gt 0 ]; echo $?) "and it sees the next faulting task"
echo '!rtapp:pagefault' >> $rv/enabled_monitors

# rv mon decodes the LTL events: the task, the states of the automaton,
# the atoms by the names of the event's format, and counts the violations
# by states and atoms, as stats records them
rv_tool=$RV_CACHE/rv/rv
mon_fault() {	# mon_fault RV-MON-ARGS...: rv mon pagefault ARGS while rt_fault faults
	: > "$out.err"
	"$rv_tool" mon pagefault "$@" > "$out.mon" 2> "$out.err" &
	mon_pid=$!
	wait_for_text "$out.err" 'until interrupted'
	"$rt_fault" fault > "$out"
	pid=$(sed -n 's/^pid //p' "$out")
	sleep 0.5
	kill -INT $mon_pid
	wait $mon_pid
}
mon_fault -t
status=$?
ktap_eq "rv mon pagefault -t exits with 1 after the faults of a real-time task" 1 $status
mon=$(cat "$out.mon")
ktap_match "it prints the task's steps before it turned real-time: states, PAGEFAULT, next states" \
	"-$pid +\\[[0-9]{3}\\] id=$pid s[0-9]+(,s[0-9]+)* x PAGEFAULT -> s[0-9]+(,s[0-9]+)*\$" "$mon"
ktap_match "the step that leaves no state, to none" \
	"-$pid +\\[[0-9]{3}\\] id=$pid s[0-9]+(,s[0-9]+)* x RT,PAGEFAULT -> none\$" "$mon"
ktap_match "and the violation, with the atoms that held" \
	"-$pid +\\[[0-9]{3}\\] id=$pid VIOLATION s[0-9]+(,s[0-9]+)* x RT,PAGEFAULT\$" "$mon"
ktap_nomatch "no step is printed as the kernel formats it" 'states 0x|\[PAGEFAULT\]' "$mon"
last=$(sed -n 's/^last_violation: state=\([^ ]*\) event=\([^ ]*\) .*/\1 x \2/p' \
	$rv/monitors/rtapp/pagefault/stats)
ktap_match "the summary counts the violations by states and atoms, as stats records them ($last)" \
	"^rtapp:pagefault: violations: $last: [1-9][0-9]*\$" "$mon"
# a witness of the run's violations: an instance of our own that counts
# the error_pagefault records the kernel gave it meanwhile
errors=/sys/kernel/tracing/instances/rtapp_errors
mkdir $errors
echo 1 > $errors/events/rv/error_pagefault/enable
mon_fault -v --json
status=$?
traced=$(ring_buffer_records $errors)
rmdir $errors
ktap_eq "rv mon pagefault -v --json exits with 1 too" 1 $status
ktap_match "-v printed the violations on stderr" \
	"id=$pid VIOLATION s[0-9]+(,s[0-9]+)* x RT,PAGEFAULT\$" "$(cat "$out.err")"
ktap_eq "violations_by gives states and atoms, and adds up to the error_pagefault records of the run ($traced)" ok \
	"$(python3 - "$out.mon" "$traced" <<-'EOF' 2>&1
	import json, re, sys
	d = json.load(open(sys.argv[1]))
	m = d["monitors"][0]
	assert m["name"] == "rtapp:pagefault", m["name"]
	by = m["violations_by"]
	assert d["lost_events"] == 0, d
	assert by and sum(v["count"] for v in by) == int(sys.argv[2]), m
	for v in by:
	    assert re.fullmatch(r"s[0-9]+(,s[0-9]+)*", v["state"]), v
	    assert v["event"] == "RT,PAGEFAULT", v
	print("ok")
	EOF
	)"
rm -f "$out.mon" "$out.err"

rmdir $instance
echo nop > $rv/monitors/rtapp/reactors
for m in pagefault sleep rtapp; do
	ktap_ok "rmmod $m" rmmod $m
done
[ "$printk_loaded" -gt 0 ] || rmmod reactor_printk
rm -f "$out"
ktap_finish
