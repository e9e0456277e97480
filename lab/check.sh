#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The whole test suite: the host tests and the in-guest tests, shared
# among runners, each of which ends in a guest of the test kernel.
# Prints KTAP, then one line "N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"
cd "$REPO_DIR" || exit

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0 skipped=0
add_counts() {
	local p f s
	read -r p f s < "$1" || { p=0 f=1 s=0; }
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
}

build_test_prerequisites || failed=$((failed + 1))

# longest_first TIMES SCRIPT...: the scripts, longest first by the
# "NAME SECONDS" lines of TIMES (one not there, first of all)
longest_first() {
	local times=$1 t n
	shift
	for t in "$@"; do
		n=$(basename "$t" .sh)
		echo "$(awk -v n="$n" '$1 == n { print $2 }' "$times" 2>/dev/null | grep . || echo 999999) $t"
	done | sort -rn -k1,1 -s | cut -d' ' -f2- | tr '\n' ' '
}
# as many runners as host CPUs: a guest under single-threaded TCG, or
# checkpatch, keeps one CPU busy, and more work at once only slows each
vms=${GUEST_VMS:-$(nproc)}
[ "$vms" -ge 1 ] 2>/dev/null || vms=1

# Each runner takes host tests from a shared queue, longest first by the
# last run's times (a first run goes by lab/host-test-seconds, a cold
# run's, and lab/guest-test-seconds), and when none is left, boots a
# guest of the test kernel that takes the in-guest tests from a second
# queue: a runner done with the host tests early (the other building
# the bench kernel, on a first run) starts on the guest tests at once.
host_times=$RV_CACHE/host-test-seconds
guest_times=$RV_CACHE/guest-test-seconds
host_order=$host_times guest_order=$guest_times
[ -f "$host_order" ] || host_order=lab/host-test-seconds
[ -f "$guest_order" ] || guest_order=lab/guest-test-seconds
host_tests=$(longest_first "$host_order" tests/host/*.sh)
guest_tests=$(longest_first "$guest_order" tests/guest/*.sh)
mkdir "$work/host-queue"
queue=$work/queue
mkdir "$queue"
# runner I: its host tests, then its guest's. A guest runs its share of
# the scripts, about 400 seconds on this 2-core machine: the limit
# catches a hang, not a slow host.
runner() {
	local i=$1 start=$SECONDS
	"$LAB_DIR/run-tests.sh" --claim "$work/host-queue" --counts "$work/host.$i" \
		--times "$work/host-times" $host_tests > "$work/host-ktap.$i" 2>&1
	echo "host tests $((SECONDS - start)) s" > "$work/runner.$i"
	# the other guests took every script: no boot for nothing
	if [ "$(find "$queue" -mindepth 1 -maxdepth 1 | wc -l)" -ge "$(wc -w <<< "$guest_tests")" ]; then
		echo "no in-guest test left for it" >> "$work/runner.$i"
		return
	fi
	"$LAB_DIR/vm-run.sh" --quiet --timeout "${VM_TIMEOUT:-1800}" --share "$queue" \
		--console "$work/console.$i" --out "$work/guest.$i" -- \
		"lab/run-tests.sh --claim $queue --counts \$LAB_OUT/counts $guest_tests > \$LAB_OUT/ktap 2>&1" \
		> "$work/vm.$i" 2>&1
	echo $? > "$work/vm-status.$i"
	echo "then its guest until $((SECONDS - start)) s" >> "$work/runner.$i"
}
for i in $(seq "$vms"); do
	runner "$i" &
	pids[i]=$!
done
for i in $(seq "$vms"); do
	wait "${pids[i]}"
done

echo "# host tests"
for i in $(seq "$vms"); do
	echo "# host runner $i of $vms"
	cat "$work/host-ktap.$i"
	add_counts "$work/host.$i"
done
for t in $host_tests; do
	[ -f "$work/host-queue/$(basename "$t" .sh)/seconds" ] && continue
	failed=$((failed + 1))
	echo "not ok - $t did not run to its end"
done
echo "# host tests, each: $(sort -k2 -rn "$work/host-times" | tr '\n' ' ')"
cp "$work/host-times" "$host_times"

echo "# in-guest tests"
consoles=()
for i in $(seq "$vms"); do
	echo "# guest $i of $vms"
	if [ ! -f "$work/vm-status.$i" ] && grep -q "no in-guest test left" "$work/runner.$i"; then
		echo "# (not started: no in-guest test was left for it)"
		continue
	fi
	consoles+=("$work/console.$i")
	status=$(cat "$work/vm-status.$i" 2>/dev/null || echo 1)
	cat "$work/guest.$i/ktap" 2>/dev/null
	if [ -f "$work/guest.$i/counts" ]; then
		add_counts "$work/guest.$i/counts"
		if [ "$status" -ne 0 ] && [ "$(cut -d' ' -f2 < "$work/guest.$i/counts")" = 0 ]; then
			# all its checks passed, yet the run failed: the kernel splatted
			failed=$((failed + 1))
			echo "not ok - the kernel of guest $i stayed clean during its tests"
			cat "$work/vm.$i"
			tr -d '\r' < "$work/console.$i" | tail -n 60 | sed 's/^/# /'
		fi
	else
		failed=$((failed + 1))
		echo "not ok - the tests of guest $i did not complete"
		sed 's/^/# /' "$work/vm.$i"
		echo "# the end of its console:"
		tr -d '\r' < "$work/console.$i" | tail -n 40 | sed 's/^/# /'
	fi
done
# every script ran to its end in one of the guests; keep their times
: > "$work/times"
for t in $guest_tests; do
	n=$(basename "$t" .sh)
	if [ -f "$queue/$n/seconds" ]; then
		echo "$n $(cat "$queue/$n/seconds")" >> "$work/times"
	else
		failed=$((failed + 1))
		echo "not ok - $t did not run to its end"
	fi
done
echo "# in-guest tests, each: $(sort -k2 -rn "$work/times" | tr '\n' ' ')"
for i in $(seq "$vms"); do
	echo "# runner $i: $(tr '\n' ' ' < "$work/runner.$i")"
done
cp "$work/times" "$guest_times"
# The KUnit suites ran at each boot: their test cases, from the consoles,
# counted once, and a failure in any. The suites of modules run when a
# script loads one, after the boot (tests/guest/sched-kunit.sh counts
# those of the sched monitors): a failure of theirs counts too.
echo "# KUnit tests, run at boot"
# kunit_cases CONSOLE [boot|tests]: the results of KUnit cases it shows,
# all of them, or those before or after the first test script started
kunit_cases() {
	local part=
	case ${2:-} in
	boot) part='/rv-lab: starting /q;' ;;
	tests) part='/rv-lab: starting /,$' ;;
	esac
	tr -d '\r' < "$1" |
		sed -n "$part"'s/^\[ *[0-9.]*\] \(    \(not \)\{0,1\}ok [0-9].*\)/\1/p'
}
kunit=$(kunit_cases "${consoles[0]:-/dev/null}" boot)
if [ -z "$kunit" ]; then
	failed=$((failed + 1))
	echo "not ok - KUnit ran no test at boot"
else
	echo "$kunit"
	kunit_skipped=$(grep -c '^    ok .*# SKIP' <<< "$kunit")
	passed=$((passed + $(grep -c '^    ok ' <<< "$kunit") - kunit_skipped))
	skipped=$((skipped + kunit_skipped))
	failed=$((failed + $(grep -c '^    not ok ' <<< "$kunit")))
fi
for i in "${!consoles[@]}"; do
	part=
	[ "$i" -gt 0 ] || part=tests
	bad=$(kunit_cases "${consoles[i]}" $part | grep '^    not ok ')
	[ -z "$bad" ] || { failed=$((failed + 1)); echo "not ok - KUnit in ${consoles[i]##*/}: $bad"; }
done

# every skip, with its reason: a check that did not run is not a pass.
# A script's checks and the KUnit cases are the lines indented by four.
if [ "$skipped" -gt 0 ]; then
	echo "# skipped, and why:"
	{ cat "$work"/host-ktap.* "$work"/guest.*/ktap 2>/dev/null; printf '%s\n' "$kunit"; } |
		grep '^    ok [0-9]* .*# SKIP' | sed 's/^    /#   /'
fi
if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
