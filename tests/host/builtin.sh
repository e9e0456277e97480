#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The monitors and reactors built into the kernel (the bench kernel), as
# the test kernel has them as modules: there at boot, and working.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"
lab=$(cd "$(dirname "$0")/../../lab" && pwd)

out=$("$lab/build.sh" bench 2>&1)
ktap_result $? "the bench kernel, monitors and reactors built in, builds" "$(tail -n 20 <<< "$out")"
console=$(mktemp)
trap 'rm -f "$console"' EXIT
rv=/sys/kernel/tracing/rv
out=$("$lab/vm-run.sh" --kind bench --quiet --console "$console" -- "
	echo monitors: \$(cat $rv/available_monitors)
	echo reactors: \$(cat $rv/available_reactors)
	echo printk > $rv/monitors/wwnr/reactors
	echo wip > $rv/enabled_monitors; echo wwnr >> $rv/enabled_monitors
	stress-ng --switch 4 --cpu 2 --timeout 2 --quiet
	# and tasks woken while they still run, which wwnr forbids, on purpose
	$RV_CACHE/bin/stop_cont 1000
	sleep 0.5
	echo wip: \$(cat $rv/monitors/wip/stats)
	echo wwnr: \$(cat $rv/monitors/wwnr/stats)
	echo > $rv/enabled_monitors" 2>&1)
ktap_result $? "it boots and runs the monitors with no splat" "$out"
text=$(tr -d '\r' < "$console")
ktap_match "wip, wwnr, the rtapp monitors and stall are there at boot, in link order" \
	'^monitors: wip wwnr rtapp rtapp:pagefault rtapp:sleep stall( |$)' "$text"
ktap_match "and the reactors" '^reactors: nop printk panic$' "$text"
ktap_match "wip counts events and finds no violation" '^wip: events: [1-9][0-9]* violations: 0' "$text"
ktap_match "wwnr finds violations" '^wwnr: events: [1-9][0-9]* violations: [1-9]' "$text"
ktap_match "the built-in printk reactor prints wwnr's violations" \
	'rv: monitor wwnr does not allow event wakeup on state running' "$text"
ktap_finish
