# SPDX-License-Identifier: GPL-2.0
# Helpers for test scripts that report in KTAP; sourced. Each check prints
# one "ok N - desc" or "not ok N - desc" line; ktap_finish prints the plan
# and exits non-zero when a check failed. The lab's runner nests the output
# of each script under the suite's own KTAP header.

ktap_count=0
ktap_failures=0

# ktap_result STATUS DESC [DIAGNOSTIC...]: record one result.
ktap_result() {
	local status=$1 desc=$2
	shift 2
	ktap_count=$((ktap_count + 1))
	if [ "$status" -eq 0 ]; then
		echo "ok $ktap_count - $desc"
	else
		ktap_failures=$((ktap_failures + 1))
		echo "not ok $ktap_count - $desc"
		local line
		for line in "$@"; do
			printf '%s\n' "$line" | sed 's/^/# /'
		done
	fi
}

# ktap_ok DESC CMD...: CMD succeeds.
ktap_ok() {
	local desc=$1 out status
	shift
	out=$("$@" 2>&1) && status=0 || status=$?
	ktap_result $status "$desc" "command: $*" "exit status $status" "$out"
}

# ktap_fails DESC CMD...: CMD exits non-zero.
ktap_fails() {
	local desc=$1 out status
	shift
	out=$("$@" 2>&1) && status=0 || status=$?
	[ $status -ne 0 ] && status=0 || status=1
	ktap_result $status "$desc" "command: $*" "succeeded, should have failed" "$out"
}

# ktap_eq DESC EXPECTED ACTUAL: two strings are equal.
ktap_eq() {
	local status=1
	[ "$2" = "$3" ] && status=0
	ktap_result $status "$1" "expected: '$2'" "actual:   '$3'"
}

# ktap_match DESC ERE TEXT: TEXT has a line matching ERE.
ktap_match() {
	local status=1
	ktap_any_line "$2" "$3" && status=0
	ktap_result $status "$1" "no line matches: $2" "in:" "$3"
}

# ktap_nomatch DESC ERE TEXT: no line of TEXT matches ERE.
ktap_nomatch() {
	local status=0
	ktap_any_line "$2" "$3" && status=1
	ktap_result $status "$1" "a line matches: $2" "in:" "$3"
}

# ktap_any_line ERE TEXT: whether a line of TEXT matches ERE. Bash matches
# a short TEXT itself, line by line as grep -E would: while monitors
# follow the kernel's every step, each process a test starts costs
# seconds under TCG. A long TEXT goes to grep.
ktap_any_line() {
	local line
	if [ ${#2} -gt 4096 ]; then
		grep -qE -- "$1" <<< "$2"
		return
	fi
	while IFS= read -r line; do
		[[ $line =~ $1 ]] && return 0
	done <<< "$2"
	return 1
}

# ktap_skip DESC REASON
ktap_skip() {
	ktap_count=$((ktap_count + 1))
	echo "ok $ktap_count - $1 # SKIP $2"
}

# ktap_bad_write DESC ERRNO FILE RVWRITE-ARGS...: tests/tools/rvwrite,
# writing $data to FILE as RVWRITE-ARGS say, fails with ERRNO, and the
# caller's function `state`, the text of what a bad write must not
# change, reads the same before and after: two checks.
ktap_bad_write() {
	local desc=$1 errno=$2 file=$3 before after
	shift 3
	before=$(state)
	ktap_eq "$desc: $errno" "$errno" "$("$RV_CACHE/bin/rvwrite" "$@" -- "$file" "${data-}" 2>&1)"
	after=$(state)
	ktap_eq "$desc: nothing changed" "$before" "$after"
}

# rv_symbols: the functions of RV in the running lab kernel, one a line:
# those the objects built from kernel/trace/rv define (the core, every
# kind of monitor, the monitors and reactors, built in or modules) and
# those of the lab's test modules, but for the names every module has.
# Needs lab/lib.sh.
rv_symbols() {
	local kind=${LAB_KIND:-test}
	find "$(build_dir "$kind")/kernel/trace/rv" "$RV_CACHE/ext/$kind" -name '*.o' -print0 2>/dev/null |
		xargs -0 nm --defined-only 2>/dev/null |
		awk '$2 ~ /^[tTwW]$/ && $3 !~ /^(init_module|cleanup_module|_sub_[DI]_.*)$/ { print $3 }' |
		sort -u
}

# kmemleak_ours SYMBOLS < REPORTS: the kmemleak reports whose allocation
# backtrace has a function that the file SYMBOLS lists
kmemleak_ours() {
	awk 'FNR == NR { ours[$1] = 1; next }
		function flush() { if (hit) print report; hit = 0 }
		/^unreferenced object/ { flush(); report = $0; trace = 0; next }
		{ report = report "\n" $0 }
		/backtrace:/ { trace = 1; next }
		trace && $1 ~ /^\[<[0-9a-f]+>\]$/ { fn = $2; sub(/\+.*/, "", fn); if (fn in ours) hit = 1 }
		END { flush() }' "$1" -
}

# ktap_kmemleak DESC: kmemleak, where it is on, reports no object that a
# function of RV allocated (rv_symbols). It reports objects unreferenced
# for some seconds, on a scan; writing to it fails with EPERM when it is
# off, and the check is skipped.
ktap_kmemleak() {
	local kmemleak=/sys/kernel/debug/kmemleak leaks symbols
	if ! echo scan 2>/dev/null > $kmemleak; then
		ktap_skip "$1" "kmemleak is off (make torture turns it on)"
		return
	fi
	symbols=$(mktemp)
	rv_symbols > "$symbols"
	sleep 6
	echo scan > $kmemleak
	leaks=$(cat $kmemleak)
	if [ ! -s "$symbols" ]; then
		ktap_result 1 "$1" "no function of RV found to look for"
	else
		ktap_eq "$1" "" "$(kmemleak_ours "$symbols" <<< "$leaks")"
	fi
	rm -f "$symbols"
	echo "# kmemleak: $(grep -c '^unreferenced object' <<< "$leaks") unreferenced objects in all"
}

ktap_finish() {
	echo "1..$ktap_count"
	[ "$ktap_failures" -eq 0 ]
	exit
}
