#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The sched container and its eight monitors on the live kernel: loaded,
# listed as sched:NAME, enabled together, then a scheduling-heavy load
# (context switches, forks, futexes, pipes, timers, policy and affinity
# changes, a SCHED_FIFO and a SCHED_DEADLINE load) for some ten seconds: each
# monitor saw events and no violation (a violation on a correct kernel
# is a false one: the model or its instrumentation is wrong for 6.1).
# Then a test module breaks each monitor's rule once, and that monitor
# alone reports it.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
monitors="sco snroc scpd snep sts nrp sssw opid"
# While the container is enabled, every process the shell starts costs
# seconds under TCG: what runs then uses the shell's builtins only.
# stat MONITOR KEY: the KEY line of MONITOR's stats, into $stat
stat() {
	local key value
	stat=
	while IFS= read -r key; do
		value=${key#"$2: "}
		[ "$value" = "$key" ] || { stat=$value; return; }
	done < $rv/monitors/sched/$1/stats
}
# enables: each monitor's enable file, into $enables
enables() {
	local m enable
	enables=
	for m in $monitors; do
		read -r enable < $rv/monitors/sched/$m/enable
		enables+="${enables:+ }$enable"
	done
}

ktap_ok "modprobe sched" modprobe sched
for m in $monitors; do
	ktap_ok "modprobe $m" modprobe $m
done
listed=$(grep -E '^sched(:|$)' $rv/available_monitors | sort | xargs)
ktap_eq "available_monitors lists sched and its eight monitors" \
	"$(for m in sched $monitors; do [ $m = sched ] && echo sched || echo sched:$m; done | sort | xargs)" \
	"$listed"

ktap_ok "enabling the sched container" append_to $rv/enabled_monitors sched
enables
ktap_eq "enables its eight monitors" "1 1 1 1 1 1 1 1" "$enables"

# (Debian 12's stress-ng has no cpu-sched stressor: schedpolicy switches
# policies, FIFO, RR and DEADLINE included, affinity moves tasks around)
stress-ng --switch 2 --fork 2 --futex 2 --pipe 2 --timer 2 --hrtimers 2 \
	--schedpolicy 2 --affinity 2 --timeout 10 --quiet >/dev/null 2>&1 &
load=$!
stress-ng --cpu 1 --cpu-load 30 --sched fifo --sched-prio 10 \
	--timeout 10 --quiet >/dev/null 2>&1 &
fifo=$!
stress-ng --cpu 1 --cpu-load 20 --sched deadline --sched-runtime 5000000 \
	--sched-deadline 20000000 --sched-period 20000000 \
	--timeout 10 --quiet >/dev/null 2>&1 &
deadline=$!
wait $load
ktap_eq "the load ran (stress-ng's status)" 0 $?
wait $fifo
ktap_eq "the SCHED_FIFO load ran" 0 $?
wait $deadline
ktap_eq "the SCHED_DEADLINE load ran" 0 $?

for m in $monitors; do
	stat $m events
	[ "${stat:-0}" -gt 0 ]
	ktap_result $? "$m saw events (${stat:-none})"
	stat $m violations
	violations=$stat
	stat $m last_violation
	[ "$violations" = 0 ]
	ktap_result $? "$m saw no violation" "violations: '$violations'" "last_violation: $stat"
done

# Disabled and enabled again, the load over: disabling unpatches each
# monitor's tracepoints while the later ones still run, and the text
# pokes' IPIs to an idle CPU were once taken for opid violations (see
# monitor_sched.rst). Builtins only: the container stays enabled.
# The counts of a run are read once it is over: enabling resets them.
violations=
for ((round = 1; round <= 20; round++)); do
	echo '!sched' >> $rv/enabled_monitors
	for m in $monitors; do
		stat $m violations
		[ "$stat" = 0 ] || violations+=" round $round: $m=$stat"
	done
	echo sched >> $rv/enabled_monitors
done
ktap_eq "disabled and enabled again 20 times, idle: no violation" "" "$violations"

# Then each rule broken once, on purpose, by a test module: the monitor
# of that rule, and it alone, counts a violation, in the state and on the
# event that break the rule. The module writes in this shell's context
# (echo is a builtin): the violations name this shell, but for snroc's,
# which names a kthread of the module. How each rule is broken, and why
# the other monitors see only what they allow, is told in
# tests/modules/rv_sched_break/rv_sched_break.c.
brk=/sys/kernel/debug/rv_sched_break
ktap_ok "the module that breaks the rules loads" \
	insmod "$RV_CACHE/ext/${LAB_KIND:-test}/rv_sched_break/rv_sched_break.ko"
ktap_match "it refuses to break a rule other than once (EINVAL)" "Invalid argument" \
	"$( (echo 2 > $brk/sco) 2>&1)"
ktap_match "and what is not a number" "Invalid argument" "$( (echo once > $brk/sco) 2>&1)"
# the violations of the monitors but $1, as NAME=COUNT, into $others
others() {
	local other
	others=
	for other in $monitors; do
		[ $other = $1 ] && continue
		stat $other violations
		others+="${others:+ }$other=$stat"
	done
}
for rule in "sco scheduling_context sched_set_state" \
	    "snroc other_context sched_set_state" \
	    "scpd cant_sched schedule_entry" \
	    "snep scheduling_context preempt_enable" \
	    "sts cant_sched sched_switch" \
	    "nrp any_thread_running schedule_entry_preempt" \
	    "sssw runnable sched_switch_suspend" \
	    "opid enabled sched_need_resched"; do
	read -r m state event <<< "$rule"
	pid=$$
	[ $m != snroc ] || pid='[0-9]+'
	stat $m violations
	before=$stat
	others $m
	others_before=$others
	echo 1 2>/dev/null > $brk/$m
	ktap_eq "$m: the module breaks its rule" 0 $?
	stat $m violations
	ktap_eq "$m: counts one violation" "$((${before:-0} + 1))" "${stat:-0}"
	stat $m last_violation
	pattern="^state=$state event=$event cpu=[0-9]+ pid=$pid time_ns=[0-9]+\$"
	[[ $stat =~ $pattern ]]
	ktap_result $? "$m: in state $state on event $event" \
		"no match for: $pattern" "last_violation: $stat"
	others $m
	ktap_eq "$m: no other monitor counts one" "$others_before" "$others"
done
ktap_ok "the module unloads" rmmod rv_sched_break

ktap_ok "disabling the sched container" append_to $rv/enabled_monitors '!sched'
enables
ktap_eq "disables its monitors" "0 0 0 0 0 0 0 0" "$enables"
for m in $monitors sched; do
	if [ -e /sys/module/$m/initstate ]; then
		ktap_ok "rmmod $m" rmmod $m
	else
		ktap_skip "rmmod $m" "built in (the bench kernel)"
	fi
done
ktap_finish
