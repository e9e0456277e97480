#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run in the guest by `make demo`: RV verifying the live kernel.
set -u
rv=/sys/kernel/tracing/rv
seconds=${DEMO_SECONDS:-5}

# the test kernel has them as modules; a kernel with them built in too
for m in wip wwnr reactor_printk reactor_panic; do
	modprobe -q $m 2>/dev/null
done

echo
echo "== Runtime Verification on Linux $(uname -r), $(nproc) CPUs"
echo "available monitors: $(xargs < $rv/available_monitors)"
echo "available reactors: $(xargs < $rv/available_reactors)"
for m in wip wwnr; do
	echo "  $m: $(cat $rv/monitors/$m/desc)"
done

echo printk > $rv/monitors/wip/reactors
echo printk > $rv/monitors/wwnr/reactors
echo wip > $rv/enabled_monitors
echo wwnr >> $rv/enabled_monitors
dmesg -C
echo "enabled: $(xargs < $rv/enabled_monitors), reactor: printk"
echo "workload: stress-ng, context switches and CPU load, ${seconds}s"
stress-ng --switch 2 --cpu 1 --timeout "$seconds" --quiet >/dev/null 2>&1
sleep 0.5

echo
printf '%-8s %12s %11s  %s\n' monitor events violations "last violation"
for m in wip wwnr; do
	stats=$rv/monitors/$m/stats
	events=$(sed -n 's/^events: //p' $stats)
	violations=$(sed -n 's/^violations: //p' $stats)
	last=$(sed -n 's/^last_violation: //p' $stats |
		sed -E 's/^state=([^ ]*) event=([^ ]*) cpu=([^ ]*) pid=([^ ]*) .*/event \2 in state \1 (CPU \3, pid \4)/')
	printf '%-8s %12s %11s  %s\n' "$m" "$events" "$violations" "$last"
done
echo
echo "what the printk reactor printed (how many times, message):"
dmesg | grep 'rv: ' | sed 's/^\[[^]]*\] //' | sort | uniq -c | sort -rn | head -n 5

echo > $rv/enabled_monitors
echo nop > $rv/monitors/wip/reactors
echo nop > $rv/monitors/wwnr/reactors
echo
echo "all monitors disabled: '$(cat $rv/enabled_monitors)'"
