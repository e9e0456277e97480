#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Torture the RV interface: for TORTURE_SECONDS (default 25), workers at
# once enable and disable every monitor by every path, switch reactors
# (never panic), toggle monitoring_on and reacting_on, unload and load
# monitor and reactor modules, hold files open across the unloads and
# read every file, while stress-ng runs a scheduling- and fork-heavy load.
# Afterwards: every worker finished, enabled_monitors agrees with every
# enable file, every module unloads, kmemleak finds nothing of ours, and
# wip, whose model this load cannot break, reported no violation. The
# kernel must not splat (vm-run checks that). `make torture` runs it for
# longer.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
tracing=/sys/kernel/tracing
mods=${RV_TEST_MODULES:-$RV_CACHE/ext/test}
seconds=${TORTURE_SECONDS:-25}
work=$(mktemp -d)
monitors=(wip wwnr rv_test rv_test_b)
reactors=(nop printk rv_test_react)
# the modules that come and go; wip stays, to watch for false violations
insmod_test_monitor() { insmod $mods/rv_test_monitor/rv_test_monitor.ko; }
insmod_test_reactor() { insmod $mods/rv_test_reactor/rv_test_reactor.ko; }
load=(wwnr:"modprobe wwnr" reactor_printk:"modprobe reactor_printk"
	rv_test_monitor:insmod_test_monitor rv_test_reactor:insmod_test_reactor)
loaded() { grep -q "^$1 " /proc/modules; }
# pick VAR LIST: a random element of the array LIST in VAR, without a fork
pick() { local -n var=$1 list=$2; var=${list[RANDOM % ${#list[@]}]}; }

ktap_ok "wip loads" modprobe wip
for spec in "${load[@]}"; do
	loaded "${spec%%:*}" || ${spec#*:}
done
ktap_eq "the monitors and reactors are there" "wip wwnr rv_test rv_test_b:nop printk rv_test_react" \
	"$(grep -xE 'wip|wwnr|rv_test|rv_test_b' $rv/available_monitors | xargs):$(grep -v panic $rv/available_reactors | xargs)"
ktap_fails "the panic reactor is not loaded (the torture never selects it)" \
	grep -qx panic $rv/available_reactors

# wip's violations over the whole run, whatever resets its stats
mkdir $tracing/instances/torture
echo 1 > $tracing/instances/torture/events/rv/error_wip/enable
dmesg -C

# worker NAME BODY: run BODY in a loop until the deadline, counting
deadline=$((SECONDS + seconds))
worker() {
	local worker_name=$1 worker_body=$2 n=0
	while [ $SECONDS -lt $deadline ]; do
		eval "$worker_body" >/dev/null 2>&1
		n=$((n + 1))
	done
	echo "$worker_name $n" >> "$work/ops"
}

enable_body='pick m monitors
	case $((RANDOM % 7)) in
	0) echo $m >> $rv/enabled_monitors ;;
	1) echo "!$m" >> $rv/enabled_monitors ;;
	2) echo "-$m" >> $rv/enabled_monitors ;;
	3) echo 1 > $rv/monitors/$m/enable ;;
	4) echo 0 > $rv/monitors/$m/enable ;;
	5) echo > $rv/enabled_monitors ;;
	6) : > $rv/enabled_monitors ;;
	esac'
reactor_body='pick r reactors; pick m monitors; echo $r > $rv/monitors/$m/reactors'
switch_body='echo $((RANDOM % 2)) > $rv/monitoring_on; echo $((RANDOM % 2)) > $rv/reacting_on'
module_body='pick spec load; name=${spec%%:*}
	if loaded $name; then rmmod $name; else ${spec#*:}; fi
	sleep 0.$((RANDOM % 5))'
# files of a monitor held open while its module may go, then used
holder_body='pick m monitors; d=$rv/monitors/$m
	exec 3< $d/stats 4< $d/coverage 5<> $d/enable 6<> $d/reactors 7< $d/desc
	sleep 0.$((RANDOM % 3))
	for fd in 3 4 5 6 7; do read -r -d "" text <&$fd; done
	echo 0 >&5; echo nop >&6
	exec 3<&- 4<&- 5<&- 6<&- 7<&-'
reader_body='for f in $rv/* $rv/monitors/*/*; do read -r -d "" text < $f; done'

stress-ng --switch 2 --fork 2 --futex 1 --timeout "${seconds}s" --quiet &
stress=$!
worker enable "$enable_body" &
worker enable "$enable_body" &
worker reactor "$reactor_body" &
worker switch "$switch_body" &
worker module "$module_body" &
worker holder "$holder_body" &
worker reader "$reader_body" &
worker reader "$reader_body" &
# a bounded wait: a worker stuck in the kernel is a failure, not a hang
waited=0
while [ "$(jobs -rp | wc -l)" -gt 1 ] && [ $waited -lt $((seconds + 120)) ]; do
	sleep 1
	waited=$((waited + 1))
done
ktap_eq "every worker finished within two minutes of the deadline" 8 "$(wc -l < "$work/ops")"
wait $stress
ktap_eq "stress-ng ran to the end" 0 $?
ops=$(awk '{ n += $2 } END { print n }' "$work/ops")
echo "# torture: $seconds s, $ops operations ($(awk '{ a[$1] += $2 } END { for (k in a) print k, a[k] }' "$work/ops" | sort | paste -sd, | sed 's/,/, /g'))"

# What the workers left must be consistent: what enabled_monitors and the
# enable files say is on, against witnesses that do not ask the core.
# check_test_monitors WHEN: the test module's start() and stop() calls
# (for rv_test and rv_test_b both) say how many of them run: those
# enabled, or none while monitoring_on is 0 (a pause stops them)
monp=/sys/module/rv_test_monitor/parameters
check_test_monitors() {
	local on listed=0 files=0 m
	if ! loaded rv_test_monitor; then
		ktap_nomatch "$1: rv_test_monitor unloaded, its monitors are gone" '^rv_test(_b)?$' \
			"$(< $rv/available_monitors)"
		return
	fi
	read -r on < $rv/monitoring_on
	for m in rv_test rv_test_b; do
		grep -qx $m $rv/enabled_monitors && listed=$((listed + on))
		[ "$(< $rv/monitors/$m/enable)" = 1 ] && files=$((files + on))
	done
	ktap_eq "$1: the test monitors run as enabled_monitors and their enable files say (monitoring_on $on): started less stopped" \
		"$listed $files" "$(( $(< $monp/starts) - $(< $monp/stops) )) $(( $(< $monp/starts) - $(< $monp/stops) ))"
}
check_test_monitors "as the workers left them"

# put everything back, the test monitors loaded (the checks below need
# them), then every module must unload
loaded rv_test_monitor || insmod $mods/rv_test_monitor/rv_test_monitor.ko
echo 1 > $rv/monitoring_on
echo 1 > $rv/reacting_on
for m in $(< $rv/available_monitors); do echo nop > $rv/monitors/$m/reactors; done
check_test_monitors "with monitoring_on 1 again"
# check_traced WHEN: wip and wwnr, where loaded: their event_ records
# appear in an instance of our own under a small load (context switches,
# wakeups, preemption toggles) exactly when enabled_monitors, and each
# enable file, say that they are on
check_traced() {
	local m on records want= seen=
	for m in wip wwnr; do
		loaded $m || continue
		mkdir $tracing/instances/witness_$m
		echo 1 > $tracing/instances/witness_$m/events/rv/event_$m/enable
	done
	"$RV_CACHE/bin/stop_cont" 20
	for m in wip wwnr; do
		loaded $m || continue
		on=0
		grep -qx $m $rv/enabled_monitors && on=1
		want+=" $m:$on:$on"
		records=$(ring_buffer_records $tracing/instances/witness_$m)
		seen+=" $m:$(< $rv/monitors/$m/enable):$([ "$records" -gt 0 ] && echo 1 || echo 0)"
		rmdir $tracing/instances/witness_$m
	done
	ktap_eq "$1: wip and wwnr, MONITOR:ENABLE-FILE:TRACED as enabled_monitors says" "$want" "$seen"
}
check_traced "as the workers left them"
# and with some on, whatever the workers left: wip and rv_test
echo wip > $rv/enabled_monitors
echo rv_test >> $rv/enabled_monitors
check_test_monitors "with wip and rv_test enabled"
check_traced "with wip and rv_test enabled"
echo > $rv/enabled_monitors
echo 0 > $tracing/instances/torture/events/rv/error_wip/enable
violations=$(grep -c error_wip $tracing/instances/torture/trace)
ktap_eq "wip reported no violation: this load cannot break its model" 0 "$violations"
ktap_nomatch "and no reactor printed one of wip's" "monitor wip does not allow" "$(dmesg)"
rmdir $tracing/instances/torture
for name in wip wwnr reactor_printk rv_test_monitor rv_test_reactor; do
	if loaded $name; then
		ktap_ok "$name unloads" rmmod $name
	else
		ktap_ok "$name loads and unloads" sh -c "modprobe $name 2>/dev/null ||
			insmod $mods/$name/$name.ko; rmmod $name"
	fi
done

ktap_kmemleak "kmemleak finds nothing of ours"
rm -rf "$work"
ktap_finish
