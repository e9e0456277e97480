#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run test scripts and report them as one KTAP document, each script a
# test whose subtests are its checks.
#
# Usage: run-tests.sh [--counts FILE] [--claim DIR] SCRIPT...
#   --counts FILE  write "PASSED FAILED SKIPPED" (checks, not scripts)
#   --claim DIR    share the scripts with other runners (other guests)
#                  through DIR: run only those this runner claims first,
#                  by making DIR/NAME, and leave in DIR/NAME/seconds how
#                  long each took
#   --times FILE   append "NAME SECONDS" for each script run to FILE
#   --bail         stop after the first script that fails
#   A script that exits non-zero without a failed check counts as a failed
#   check of its own; one that prints no check at all does too, and so
#   does one whose KTAP is malformed (see ktap_tally). Every "not ok"
#   line a script prints at its top level is a failure, numbered or not.
set -uo pipefail

counts= claim= times= bail=0
while [ $# -gt 0 ]; do
	case $1 in
	--bail) bail=1; shift ;;
	--counts) counts=$2; shift 2 ;;
	--claim) claim=$2; shift 2 ;;
	--times) times=$2; shift 2 ;;
	*) break ;;
	esac
done

# In the guest ($LAB_OUT is set there only), each script's start goes to
# the kernel log too: the console then says which one a crash hit.
mark_start() {
	if [ -n "${LAB_OUT:-}" ] && [ -w /dev/kmsg ]; then
		echo "rv-lab: starting $1" > /dev/kmsg
	fi
}

# A guest script loads modules and writes to the kernel's tracefs: never
# on the host's own kernel. Only guest-init.sh sets LAB_OUT, to this.
for script in "$@"; do
	case $script in
	*tests/guest/*)
		if [ "${LAB_OUT:-}" != /run/lab/out ] || [ ! -d /run/lab/out ]; then
			echo "run-tests: $script runs in a lab guest only: lab/vm-run.sh -- lab/run-tests.sh $script" >&2
			exit 2
		fi ;;
	esac
done

# ktap_tally < OUTPUT: "PASSED SKIPPED FAILED PROBLEM" of a script's
# top-level KTAP lines. Every "not ok" line is a failure, numbered or
# not; PROBLEM, empty when there is none, says what is wrong with the
# document itself: results not numbered 1, 2, ... in order, no plan or
# more than one, a plan that does not count the results, or results
# printed after the plan.
ktap_tally() {
	awk '
	function result(number) {
		results++
		if (number != results)
			misnumbered++
		if (plans)
			late++
	}
	/^ok [0-9]+( |$)/ {
		result($2)
		if ($0 ~ /# SKIP/) skipped++; else passed++
		next
	}
	/^ok( |$)/ { result(-1); passed++; next }
	/^not ok [0-9]+( |$)/ { result($3); failed++; next }
	# a stray "not ok -" (a bare echo): a failure, outside the numbering
	/^not ok( |$)/ { failed++; next }
	/^1\.\.[0-9]+$/ { plans++; planned = substr($0, 4) + 0 }
	END {
		if (misnumbered)
			problem = misnumbered " of its " results " results not numbered in order"
		else if (late)
			problem = late " results after its plan"
		else if (results && plans == 0)
			problem = "no plan (1..N) after its " results " results"
		else if (plans > 1)
			problem = plans " plans"
		else if (plans && planned != results)
			problem = "its plan says 1.." planned ", it printed " results " results"
		print passed + 0, skipped + 0, failed + 0, problem
	}'
}

passed=0 failed=0 skipped=0 n=0
echo "KTAP version 1"
# claiming or bailing out, the number of scripts is known at the end only
[ -n "$claim" ] || [ $bail -eq 1 ] || echo "1..$#"
for script in "$@"; do
	name=$(basename "$script" .sh)
	if [ -n "$claim" ]; then
		mkdir "$claim/$name" 2>/dev/null || continue
	fi
	n=$((n + 1))
	mark_start "$script"
	start=$SECONDS
	out=$(bash "$script" 2>&1)
	status=$?
	[ -z "$claim" ] || echo $((SECONDS - start)) > "$claim/$name/seconds"
	[ -z "$times" ] || echo "$name $((SECONDS - start))" >> "$times"
	read -r p s f problem < <(ktap_tally <<< "$out")
	echo "    KTAP version 1"
	sed 's/^/    /' <<< "$out"
	if [ -n "$problem" ]; then
		echo "    not ok $((p + s + f + 1)) - $name: $problem"
		f=$((f + 1))
	elif [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "    not ok $((p + s + 1)) - $name exited with status $status"
		f=1
	elif [ $((p + s + f)) -eq 0 ]; then
		echo "    not ok 1 - $name ran no check"
		f=1
	fi
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
	if [ "$f" -eq 0 ]; then echo "ok $n $name"; else echo "not ok $n $name"; fi
	[ "$f" -eq 0 ] || [ $bail -eq 0 ] || break
done
[ -z "$claim" ] && [ $bail -eq 0 ] || echo "1..$n"
[ -z "$counts" ] || echo "$passed $failed $skipped" > "$counts"
[ "$failed" -eq 0 ]
