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

# the log from here on holds every message of the reactor
dmesg -C
echo printk > $rv/monitors/wip/reactors
echo printk > $rv/monitors/wwnr/reactors
echo wip > $rv/enabled_monitors
echo wwnr >> $rv/enabled_monitors
echo "enabled: $(xargs < $rv/enabled_monitors), reactor: printk"
echo "workload: stress-ng, context switches and CPU load, ${seconds}s"
stress-ng --switch 2 --cpu 1 --timeout "$seconds" --quiet >/dev/null 2>&1
sleep 0.5
# the counters stay until the next enable: all the figures below are of
# the same run
echo > $rv/enabled_monitors
echo nop > $rv/monitors/wip/reactors
echo nop > $rv/monitors/wwnr/reactors
echo "then disabled: enabled_monitors is '$(cat $rv/enabled_monitors)'"

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
log=$(dmesg | grep 'rv: ' | sed 's/^\[[^]]*\] //')
grep -v 'more violations not printed' <<< "$log" | sort | uniq -c | sort -rn | head -n 5
# past its queue, the reactor prints how many it left out: their sum
dropped=$(awk '/more violations not printed/ { n += $2 } END { print n + 0 }' <<< "$log")
[ "$dropped" -eq 0 ] ||
	printf '%7d %s\n' "$dropped" "more, not printed: bursts overflowed the reactor's queue"

echo
echo "what the run exercised of each model (rv coverage; --dot draws it):"
for m in wip wwnr; do
	"$RV_CACHE/rv/rv" coverage $m
done
