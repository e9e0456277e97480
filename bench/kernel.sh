#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Benchmark: what the monitors cost a live kernel, ours against the RV that
# Debian's tree ships. Both bench kernels (no debugging options) are built
# from the same configuration, one from our prepared tree, one from the
# pristine Debian tree, and booted in turn with one CPU and QEMU's -icount,
# so that guest time counts instructions and a figure repeats from run to
# run. In each, bench/kernel-guest.sh times the rv-bench workloads under
# each monitor setting. The report gives medians and ratios; nothing here
# passes or fails.
#
# BENCH_ROUNDS (5), BENCH_PIPE (20000), BENCH_FORK (1000), BENCH_TOGGLES
# (1000000): rounds, and iterations of each workload per run. The raw
# figures are kept in $RV_CACHE/bench/kernel.results; BENCH_REPORT=FILE
# reports those of FILE again, without building or running anything.
set -euo pipefail
. "$(dirname "$0")/../lab/lib.sh"
cd "$REPO_DIR"

# ours, Debian's, and ours without RV (for what RV costs when idle)
kinds=(bench bench-debian bench-norv)
declare -A tree=([bench]=$TREE [bench-debian]=$PRISTINE [bench-norv]=$TREE)
declare -A label=([bench]="our RV" [bench-debian]="Debian's RV" [bench-norv]="no RV")
declare -A config=([bench]=bench [bench-debian]=bench [bench-norv]=bench-norv)
# Debian's tree lacks our monitors: its kernel takes the options it has
declare -A partial=([bench]= [bench-debian]=--partial [bench-norv]=)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results=$RV_CACHE/bench/kernel.results
mkdir -p "$RV_CACHE/bench"
if [ -n "${BENCH_REPORT:-}" ]; then
	cp "$BENCH_REPORT" "$work/all"
else
	for kind in "${kinds[@]}"; do
		"$LAB_DIR/build.sh" --tree "${tree[$kind]}" --out "$(build_dir "$kind")" \
			${partial[$kind]} "${config[$kind]}"
	done
	build_rv_bench
	for kind in "${kinds[@]}"; do
		"$LAB_DIR/build-module.sh" --kind "$kind" bench/modules/rv_bench_events > /dev/null
	done
	for kind in "${kinds[@]}"; do
		echo "bench: timing the workloads, ${label[$kind]}" >&2
		"$LAB_DIR/vm-run.sh" --kind "$kind" --cpus 1 --icount --quiet \
			--timeout "${VM_TIMEOUT:-3600}" --out "$work/$kind" -- \
			"bash bench/kernel-guest.sh \$LAB_OUT/results \
			$RV_CACHE/ext/$kind/rv_bench_events/rv_bench_events.ko" >&2
		sed "s/^/$kind /" "$work/$kind/results" >> "$work/all"
	done
	cp "$work/all" "$results"
fi

echo "What the monitors cost: ${BENCH_ROUNDS:-5} interleaved runs of each setting,"
echo "medians in guest nanoseconds (1 CPU, QEMU -icount: time counts instructions)."
echo "Bench kernels from one configuration: ours, Debian's tree with its RV,"
echo "and ours without RV."
# lines: KIND WORKLOAD SETTING NS
awk '
function abs(x) { return x < 0 ? -x : x }
# the events the monitors of SETTING follow in an iteration of WL on KIND;
# -1 where not counted (the other settings, older results)
function events(kind, wl, setting,    n, i, m, sum) {
	n = split(setting, m, "+")
	for (i = 1; i <= n; i++) {
		if (!((kind " " wl " " m[i]) in followed))
			return -1
		sum += followed[kind " " wl " " m[i]]
	}
	return sum
}
# whether a monitor of SETTING on the Debian kernel follows next to none
# of the events ours follows on WL: its probes return at once
function void(wl, setting,    n, i, m, oe) {
	n = split(setting, m, "+")
	for (i = 1; i <= n; i++) {
		oe = events("bench", wl, m[i])
		if (oe >= 0.1 && events("bench-debian", wl, m[i]) >= 0 &&
		    events("bench-debian", wl, m[i]) < oe / 20)
			return 1
	}
	return 0
}
function median(key,    n, i, j, t, v) {
	n = split(runs[key], v, " ")
	for (i = 2; i <= n; i++)		# insertion sort: a handful
		for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) {
			t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
		}
	return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
$2 == "memory" { memory[$1 " " $3] = $4; next }
$2 == "followed" { followed[$1 " " $3 " " $4] = $5; next }
{
	key = $1 " " $2 " " $3
	runs[key] = runs[key] " " $4
	if (!(key in lo) || $4 < lo[key]) lo[key] = $4
	if (!(key in hi) || $4 > hi[key]) hi[key] = $4
	if ($2 ~ /^wake-/) {
		if (!($2 in seen_t)) { seen_t[$2] = 1; scales[++nt] = substr($2, 6) }
		next
	}
	if (!($2 in seen_w)) { seen_w[$2] = 1; workloads[++nw] = $2 }
	if (!($3 in seen_s)) { seen_s[$3] = 1; settings[++ns] = $3 }
}
END {
	for (w = 1; w <= nw; w++) {
		wl = workloads[w]
		if (wl == "pipe")
			printf "\npipe round trip (two wakeups, two context switches)\n"
		else if (wl == "fork")
			printf "\nfork + exit + wait\n"
		else
			printf "\none preemption toggle from a module (two wip events)\n"
		printf "  %-11s %10s %8s %10s %8s %11s %10s\n", "setting", "ours", "vs none", \
			"Debian", "vs none", "cost ratio", "per event"
		ob = median("bench " wl " no-monitor")
		db = median("bench-debian " wl " no-monitor")
		for (s = 1; s <= ns; s++) {
			if (!(("bench " wl " " settings[s]) in runs))
				continue
			o = median("bench " wl " " settings[s])
			line = sprintf("  %-11s %10.1f %+7.1f%%", settings[s], o, 100 * (o / ob - 1))
			point = sprintf("%s %.2f", settings[s], 100 * (o / ob - 1))
			if (("bench-debian " wl " " settings[s]) in runs) {
				d = median("bench-debian " wl " " settings[s])
				line = line sprintf(" %10.1f %+7.1f%%", d, 100 * (d / db - 1))
				point = point sprintf(" %.2f", 100 * (d / db - 1))
				# no ratio to a time Debian adds within the spread of its runs: noise
				dk = "bench-debian " wl " " settings[s]
				db_k = "bench-debian " wl " no-monitor"
				# nor to the time of a monitor that follows next to none
				# of the events ours follows; no ratio per event where
				# one of the monitors does (wip+wwnr on fork)
				oe = events("bench", wl, settings[s])
				de = events("bench-debian", wl, settings[s])
				if (settings[s] == "no-monitor")
					;
				else if (void(wl, settings[s]) && index(settings[s], "+") == 0)
					line = line sprintf(" %11s %10s", "void", "void")
				else if (abs(d - db) <= hi[dk] - lo[dk] + hi[db_k] - lo[db_k])
					line = line sprintf(" %11s %10s", "noise", "-")
				else {
					line = line sprintf(" %11.3f", (o - ob) / (d - db))
					if (oe > 0 && de > 0 && !void(wl, settings[s]))
						line = line sprintf(" %10.3f", \
							(o - ob) / oe / ((d - db) / de))
					else
						line = line sprintf(" %10s", "-")
				}
			} else {
				line = line sprintf(" %10s %8s", "-", "-")
				point = point " -"
			}
			print line
			if (settings[s] != "no-monitor")
				print point > (plot "-" wl)
		}
		if (events("bench", wl, "wip+wwnr") >= 0 && events("bench-debian", wl, "wip+wwnr") >= 0)
			printf "  events followed per iteration: wip ours %.2f, Debian\047s %.2f; wwnr ours %.2f, Debian\047s %.2f\n", \
				events("bench", wl, "wip"), events("bench-debian", wl, "wip"), \
				events("bench", wl, "wwnr"), events("bench-debian", wl, "wwnr")
		printf "  RV built in, no monitor enabled, against no RV: %+.2f%%\n", \
			100 * (ob / median("bench-norv " wl " no-rv") - 1)
		printf "  monitoring wip+wwnr / tracing their events: ours %.3f, Debian\047s %.3f\n", \
			(median("bench " wl " wip+wwnr") - ob) / (median("bench " wl " tracing") - ob), \
			(median("bench-debian " wl " wip+wwnr") - db) / \
			(median("bench-debian " wl " tracing") - db)
	}
	printf "\nThe runs of one setting on one kernel differ by at most:"
	if (nt)
		workloads[++nw] = "wake"
	for (w = 1; w <= nw; w++) {
		widest = 0
		for (key in runs) {
			split(key, part, " ")
			sub(/-[0-9]+$/, "", part[2])
			if (part[2] != workloads[w])
				continue
			spread = (hi[key] - lo[key]) / median(key)
			if (spread > widest)
				widest = spread
		}
		printf " %.2f%% (%s)", 100 * widest, workloads[w]
	}
	printf "\n"

	if (nt) {
		printf "\nwwnr following TASKS tasks: a round trip that wakes one of them in turn\n"
		printf "(rv-bench wake), time added to no-monitor, ns, medians of the scale runs\n"
		printf "  %6s %10s %8s %10s %8s %11s %10s\n", "tasks", "ours none", "added", \
			"Debian", "added", "cost ratio", "per event"
		for (t = 1; t <= nt; t++) {
			wl = "wake-" scales[t]
			ob = median("bench " wl " no-monitor")
			oa = median("bench " wl " wwnr") - ob
			db = median("bench-debian " wl " no-monitor")
			da = median("bench-debian " wl " wwnr") - db
			oe = events("bench", wl, "wwnr")
			de = events("bench-debian", wl, "wwnr")
			printf "  %6d %10.1f %8.1f %10.1f %8.1f %11.3f", scales[t], ob, oa, \
				db, da, oa / da
			if (oe > 0 && de > 0 && !void(wl, "wwnr"))
				printf " %10.3f   (events: ours %.2f, Debian\047s %.2f)", \
					oa / oe / (da / de), oe, de
			printf "\n"
			print scales[t], oa, da > (plot "-scale")
		}
	}

	ours = memory["bench task_struct"]
	none = memory["bench-norv task_struct"]
	debian = memory["bench-debian task_struct"]
	if (ours && none && debian) {
		printf "\nMemory per task: a task_struct takes %d bytes without RV; RV adds\n", none
		printf "  ours    %4d bytes (%d per-task monitor slots of %d bytes: any %d enabled at once)\n", \
			ours - none, slots, (ours - none) / slots, slots
		printf "  Debian\047s %3d bytes (one slot: one per-task monitor at a time)\n", debian - none
		printf "  (task_struct is aligned to a 64-byte cache line: a few bytes more may\n"
		printf "  fit in its padding, and show as none)\n"
		printf "  the seed\047s pid-indexed array: none per task, but 1,024,000 entries of 16 bytes,\n"
		printf "  16,384,000 bytes per per-task monitor whatever the number of tasks\n"
		printf "  (as much as one of our slots in %d tasks)\n", 16384000 / ((ours - none) / slots)
	}
}' plot="$work/plot" slots="$(sed -n 's/^CONFIG_RV_PER_TASK_SLOTS=//p' "$(build_dir bench)/.config")" "$work/all"
echo
echo "no-monitor: RV on, no monitor enabled; rv-off: wip and wwnr enabled,"
echo "monitoring_on 0; tracing: no monitor, the events of wip and wwnr recorded"
echo "in the ftrace ring buffer; sched: the sched container (ours only)."
echo "'vs none': against no-monitor on the same kernel; cost ratio: ours over"
echo "Debian's, of the time added to no-monitor; per event: the same, each"
echo "divided by the events its monitors follow in an iteration (counted in a"
echo "run of its own with their event traces on); noise: Debian's adds less"
echo "than the spread of its runs; void: ours follows events there (0.1 or"
echo "more an iteration) and Debian's less than a twentieth of them, so its"
echo "time is that of probes that return at once: no ratio compares like work."
echo
echo "Memory per monitor, its object's code and data (size(1) of the built-in"
echo "object: text, data, bss), in bytes; ours holds its own trace events, and"
echo "takes 8 bytes per transition of its model per CPU for its coverage counters"
echo "while it is enabled:"
for m in wip wwnr; do
	printf '  %-5s ours %6d, Debian\x27s %6d\n' "$m" \
		"$(size "$(build_dir bench)/kernel/trace/rv/monitors/$m/$m.o" | awk 'NR == 2 { print $4 }')" \
		"$(size "$(build_dir bench-debian)/kernel/trace/rv/monitors/$m/$m.o" | awk 'NR == 2 { print $4 }')"
done

# The picture: what each setting adds, ours beside Debian's, a panel per
# workload.
png=$RV_CACHE/bench/kernel.png
mkdir -p "$(dirname "$png")"
gnuplot <<EOF
set terminal pngcairo size 2000,500 font ",10"
set output '$png'
set multiplot layout 1,4 title "Time added to no-monitor, % (medians of ${BENCH_ROUNDS:-5}; $(date -u +%F); 1 CPU, QEMU -icount)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set datafile missing '-'
set yrange [0:*]
set ylabel '% added'
set xtics rotate by -30
set key top left
set title 'pipe round trip'
plot '$work/plot-pipe' using 2:xtic(1) title 'ours', '' using 3 title "Debian's"
set title 'fork + exit + wait'
plot '$work/plot-fork' using 2:xtic(1) title 'ours', '' using 3 title "Debian's"
set title 'one preemption toggle, from a module'
plot '$work/plot-toggle' using 2:xtic(1) title 'ours', '' using 3 title "Debian's"
set title 'wwnr following N tasks: ns added to a wakeup round trip'
set style data linespoints
set logscale x
set xtics norotate
set xlabel 'tasks'
set ylabel 'ns added'
plot '$work/plot-scale' using 1:2 title 'ours', '' using 1:3 title "Debian's"
unset multiplot
EOF
echo
echo "The plot: $png"
