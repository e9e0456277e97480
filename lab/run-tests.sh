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
#   A script that exits non-zero without a failed check counts as a failed
#   check of its own; one that prints no check at all does too.
set -uo pipefail

counts= claim= times=
while [ $# -gt 0 ]; do
	case $1 in
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

passed=0 failed=0 skipped=0 n=0
echo "KTAP version 1"
# claiming, the number of scripts is known at the end only
[ -n "$claim" ] || echo "1..$#"
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
	p=$(grep -cE '^ok [0-9]+' <<< "$out" | tr -d ' ')
	s=$(grep -cE '^ok [0-9]+ .*# SKIP' <<< "$out" | tr -d ' ')
	f=$(grep -cE '^not ok [0-9]+' <<< "$out" | tr -d ' ')
	p=$((p - s))
	echo "    KTAP version 1"
	sed 's/^/    /' <<< "$out"
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "    not ok $((p + s + 1)) - $name exited with status $status"
		f=1
	elif [ $((p + s + f)) -eq 0 ]; then
		echo "    not ok 1 - $name ran no check"
		f=1
	fi
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
	if [ "$f" -eq 0 ]; then echo "ok $n $name"; else echo "not ok $n $name"; fi
done
[ -z "$claim" ] || echo "1..$n"
[ -z "$counts" ] || echo "$passed $failed $skipped" > "$counts"
[ "$failed" -eq 0 ]
