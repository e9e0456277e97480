#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The lab tests itself: vm-run passes a command's status through, and fails
# the run on a kernel warning, a panic or a hung guest.
. "$(dirname "$0")/../../lab/ktap.sh"
lab=$(cd "$(dirname "$0")/../../lab" && pwd)
. "$lab/lib.sh"
fault=$("$lab/build-module.sh" "$lab/modules/lab_fault")/lab_fault.ko

# one CPU: what these checks look at needs no second one, and a guest
# with one boots in less time under single-threaded TCG
vm() { "$lab/vm-run.sh" --quiet --cpus 1 "$@"; }

# from a clone under /tmp, which the guest covers with its own scratch /tmp
console=$(mktemp)
clone=$(mktemp -d /tmp/rv-lab-clone.XXXX)
trap 'rm -rf "$console" "$clone"' EXIT
cp -r "$lab/.." "$clone/repo"
out=$(cd "$clone/repo" && lab/vm-run.sh --quiet --cpus 1 --console "$console" -- 'uname -r;
	test -x lab/vm-run.sh && pwd && test -d /sys/kernel/tracing &&
	echo "WARNING: words printed by a program"' 2>&1)
ktap_result $? "a command that succeeds passes, and what it prints cannot pass for a splat" "$out"
out=$(tr -d '\r' < "$console")
ktap_match "the guest runs a 6.1 kernel" '^6\.1\.[0-9]+' "$out"
ktap_match "a repository under /tmp is at its path in the guest too, and the command runs in it" \
	"^$clone/repo\$" "$out"
rm -rf "$clone"

out=$(env -u LAB_OUT "$lab/run-tests.sh" tests/guest/sched.sh 2>&1)
ktap_eq "run-tests refuses a guest script on the host" 2 $?
ktap_match "and says where it runs" 'runs in a lab guest only' "$out"

vm -- 'exit 7' >/dev/null 2>&1
ktap_eq "a failing command fails vm-run, with its exit status" 7 $?

out=$(vm -- "insmod $fault action=warn" 2>&1)
status=$?
ktap_eq "a kernel WARNING fails vm-run although the command succeeds" 1 $status
ktap_match "vm-run names the warning" 'lab_fault: warning on request' "$out"

out=$(vm -- "insmod $fault action=panic" 2>&1)
status=$?
ktap_eq "an unexpected panic fails vm-run" 1 $status
ktap_match "vm-run reports it as a panic" 'FAIL: kernel panic' "$out"
out=$(vm -- "insmod $fault action=irq_fault; sleep 30" 2>&1)
status=$?
ktap_eq "an oops in interrupt that says neither BUG nor WARNING fails vm-run" 1 $status
ktap_match "vm-run shows the oops that led to the panic" 'invalid opcode: 0000 \[#1\]' "$out"
ktap_match "with where it happened" 'lab_fault_timer_fn' "$out"
out=$(vm --expect-panic 'lab_fault: panic on request' -- "insmod $fault action=panic" 2>&1)
ktap_result $? "an expected panic is reported as such" "$out"
out=$(vm --expect-panic 'some other message' -- "insmod $fault action=panic" 2>&1)
status=$?
ktap_eq "a panic with another message than expected fails" 1 $status
out=$(vm --expect-panic 'lab_fault' -- true 2>&1)
status=$?
ktap_eq "an expected panic that does not come fails" 1 $status

out=$(vm --timeout 20 -- 'sleep 600' 2>&1)
status=$?
ktap_eq "a hung guest is stopped at the time limit" 124 $status
ktap_match "vm-run says so" 'ran past the time limit' "$out"
# a boot that does not reach the command in time (here: 1 s, which no boot
# does) is tried once more, then fails
out=$(VM_BOOT_TIMEOUT=1 vm -- true 2>&1)
status=$?
ktap_eq "a guest that does not finish booting in time fails vm-run" 1 $status
ktap_match "after a second boot" "booting it once more" "$out"
ktap_match "vm-run says why" 'did not reach the command in 1s, twice' "$out"
ktap_finish
