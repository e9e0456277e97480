#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The lab's KTAP: the runner counts what scripts print as KTAP readers
# would (lab/run-tests.sh on small scripts, each written to be counted one
# way, and the counts it writes: passed, failed, skipped), and kmemleak's
# reports are RV's when a function of RV's allocated the object.
. "$(dirname "$0")/../../lab/ktap.sh"
lab=$(cd "$(dirname "$0")/../../lab" && pwd)
. "$lab/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# counted "PASSED FAILED SKIPPED" DESC BODY: a script of BODY, run alone,
# is counted so, and the runner's own verdict (its status) agrees
counted() {
	local want=$1 desc=$2 script=$work/case.sh out status
	printf '%s\n' "$3" > "$script"
	out=$("$lab/run-tests.sh" --counts "$work/counts" "$script" 2>&1)
	status=$?
	ktap_eq "$desc: counted $want" "$want" "$(cat "$work/counts" 2>/dev/null)"
	if [ "${want#* 0 }" != "$want" ]; then
		ktap_eq "$desc: and the run passes" "0 ok 1 case" "$status $(tail -n 1 <<< "$out")"
	else
		ktap_eq "$desc: and the run fails" "1 not ok 1 case" "$status $(tail -n 1 <<< "$out")"
	fi
}

counted "2 0 0" "two checks and their plan" 'echo "ok 1 - a"; echo "ok 2 - b"; echo 1..2'
counted "2 0 1" "a skip is neither a pass nor a failure" \
	'echo "ok 1 - a"; echo "ok 2 - b # SKIP no such device"; echo "ok 3 - c"; echo 1..3'
counted "1 1 0" "a numbered failure" 'echo "ok 1 - a"; echo "not ok 2 - b"; echo 1..2'
counted "1 1 0" "an unnumbered not ok" 'echo "ok 1 - a"; echo "not ok - modprobe x"; echo 1..1'
counted "1 1 0" "an unnumbered not ok after the plan" 'echo "ok 1 - a"; echo 1..1; echo "not ok - late"'
counted "2 1 0" "a plan that counts fewer checks than printed" 'echo "ok 1 - a"; echo "ok 2 - b"; echo 1..1'
counted "1 1 0" "a plan that counts more checks than printed" 'echo "ok 1 - a"; echo 1..3'
counted "1 1 0" "checks but no plan" 'echo "ok 1 - a"'
counted "2 1 0" "two plans" 'echo 1..1; echo "ok 1 - a"; echo "ok 2 - b"; echo 1..2'
counted "2 1 0" "a check printed after the plan" 'echo "ok 1 - a"; echo 1..1; echo "ok 2 - b"'
counted "2 1 0" "two checks numbered alike (two counters in one script)" \
	'echo "ok 1 - a"; echo "ok 1 - b"; echo 1..2'
counted "0 1 0" "a script that prints nothing" 'true'
counted "0 1 0" "a script that prints only its plan" 'echo 1..0'
counted "2 1 0" "all ok, exit status 3" 'echo "ok 1 - a"; echo "ok 2 - b"; echo 1..2; exit 3'
counted "1 0 0" "indented lines are a nested document, not its checks" \
	'echo "ok 1 - a"; echo "    not ok 1 - nested"; echo "# not ok - a diagnostic"; echo 1..1'
counted "2 0 0" "the ktap helpers, as every script uses them" \
	". $lab/ktap.sh; ktap_ok a true; ktap_eq b x x; ktap_finish"
counted "1 1 1" "the ktap helpers, a failure and a skip" \
	". $lab/ktap.sh; ktap_ok a true; ktap_skip b why; ktap_ok c false; ktap_finish"

# two scripts: the counts add up, each script's problem is its own
printf '%s\n' 'echo "ok 1 - a"; echo 1..1' > "$work/one.sh"
printf '%s\n' 'echo "ok 1 - a"; echo 1..2' > "$work/two.sh"
out=$("$lab/run-tests.sh" --counts "$work/counts" "$work/one.sh" "$work/two.sh" 2>&1)
ktap_eq "two scripts: their counts add up" "2 1 0" "$(cat "$work/counts")"
ktap_match "the first passes" '^ok 1 one$' "$out"
ktap_match "the second fails" '^not ok 2 two$' "$out"
ktap_match "and its problem is named under it" '^    not ok [0-9]+ - two: ' "$out"

# kmemleak: the functions of RV, from the test kernel's objects, hold one
# of every part of RV (core, per-object, LTL, reactors, a hybrid monitor,
# an LTL monitor, a container) and none of the kernel's
rv_symbols > "$work/symbols"
missing=
for fn in __rv_register_monitor rv_objects_create rv_ltl_violation_text start_stall \
	ltl_event_sleep register_reactor_printk register_sched; do
	grep -qx "$fn" "$work/symbols" || missing+=" $fn"
done
ktap_eq "RV's functions include one of each part of RV" "" "$missing"
ktap_nomatch "and no function of the kernel's" '^(kmalloc_trace|__kmalloc|do_init_module|kstrdup|init_module)$' \
	"$(cat "$work/symbols")"
report() {
	printf '%s\n' "unreferenced object 0xffff888004f1e0$1 (size 64):" \
		'  comm "modprobe", pid 99, jiffies 4294892345 (age 12.340s)' \
		'  hex dump (first 32 bytes):' \
		"    00 00 00 00 00 00 00 00 6b 6b 6b 6b 6b 6b 6b 6b  ........kkkkkkkk" \
		'  backtrace:'
	shift
	local fn
	for fn in "$@"; do
		echo "    [<00000000c0ffee00>] $fn"
	done
}
leaks=$(report 00 __kmalloc+0x4d/0x150 kstrdup+0x31/0x60 do_init_module+0x4a/0x210
	report 40 kmalloc_trace+0x26/0x60 "start_stall+0x22/0x90 [stall]" do_one_initcall+0x5c/0x2f0
	report 80 kmalloc_trace+0x26/0x60 rv_not_a_function_of_rv+0x10/0x20)
ktap_eq "kmemleak: of three reports, the one with a function of RV in its backtrace is RV's" \
	"$(report 40 kmalloc_trace+0x26/0x60 "start_stall+0x22/0x90 [stall]" do_one_initcall+0x5c/0x2f0)" \
	"$(kmemleak_ours "$work/symbols" <<< "$leaks")"
ktap_finish
