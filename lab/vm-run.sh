#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Boot a lab kernel in QEMU and run a command in it as root.
#
# Usage: vm-run.sh [options] [--] [CMD]
#   CMD (or $CMD) is a shell command run in the guest, in the repository,
#   which is at the same path as on the host. The exit status is CMD's;
#   it is non-zero, with the reason, when the kernel splats (WARNING, BUG,
#   Oops, lockdep, KASAN, UBSAN, RCU stall, hung task, panic) or the guest
#   runs past the time limit.
# Options:
#   --kind KIND          test (default), bench or kcsan kernel
#   --timeout SECONDS    time limit of the whole boot (default $VM_TIMEOUT or 300);
#                        a guest that has not reached CMD after
#                        $VM_BOOT_TIMEOUT seconds (180) is booted once more
#   --expect-panic ERE   succeed only if the kernel panics with a message
#                        matching ERE
#   --append ARGS        more kernel command-line arguments
#   --cpus N             number of CPUs (default 2)
#   --icount             count guest time in instructions (repeatable timings)
#   --tcg-threads MODE   QEMU's TCG: single (default: all CPUs in one host
#                        thread) or multi (a host thread per CPU, faster).
#                        With multi, QEMU 7.2 runs stale code after the
#                        kernel patches itself (static calls, jump labels),
#                        and the guest oopses on a leftover int3: see
#                        lab/text-poke-storm.sh
#   --kmemleak           turn kmemleak on (off by default: it doubles the
#                        cost of starting a process)
#   --interactive        an interactive shell instead of CMD
#   --quiet              do not copy the console to stdout (it is still kept)
#   --console FILE       also copy the guest console to FILE
#   --out DIR            copy what the command left in $LAB_OUT to DIR
#   --share DIR          a host folder the guest may write to, at its host
#                        path (guests running at once meet there)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

kind=test timeout=${VM_TIMEOUT:-300} expect_panic=${EXPECT_PANIC:-}
append=${KERNEL_ARGS:-} cpus=2 icount=0 interactive=0 quiet=0 console_copy=
kmemleak=off tcg_threads=single
out_copy= share=
cmd=${CMD:-}
while [ $# -gt 0 ]; do
	case $1 in
	--kind) kind=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--expect-panic) expect_panic=$2; shift 2 ;;
	--append) append="$append $2"; shift 2 ;;
	--cpus) cpus=$2; shift 2 ;;
	--icount) icount=1; shift ;;
	--kmemleak) kmemleak=on; shift ;;
	--tcg-threads) tcg_threads=$2; shift 2 ;;
	--interactive) interactive=1; shift ;;
	--quiet) quiet=1; shift ;;
	--console) console_copy=$2; shift 2 ;;
	--out) out_copy=$2; shift 2 ;;
	--share) share=$(cd "$2" && pwd) || die "no folder $2 to share"; shift 2 ;;
	--) shift; cmd="$*"; break ;;
	-*) die "unknown option $1" ;;
	*) cmd="$*"; break ;;
	esac
done
[ -n "$cmd" ] || [ $interactive -eq 1 ] || die "no command (CMD='...')"
case $timeout in ''|*[!0-9]*) die "--timeout wants whole seconds, not '$timeout'" ;; esac

out=$(build_dir "$kind")
kernel=$out/arch/x86/boot/bzImage
[ -f "$kernel" ] || die "no $kind kernel at $kernel (make kernel)"

# The initramfs: busybox-static and our /init, packed by the kernel's own
# gen_init_cpio so that no device node has to be made on the host; not
# compressed, as unpacking a gzipped one costs each boot seconds under TCG.
initramfs=$out/lab-initramfs.cpio
initramfs_id=$(cat "$LAB_DIR/initramfs-init" /bin/busybox | sha1sum)
if [ "$(cat "$initramfs.id" 2>/dev/null)" != "$initramfs_id" ]; then
	list=$(mktemp)
	cat > "$list" <<-LIST
	dir /bin 755 0 0
	file /bin/busybox /bin/busybox 755 0 0
	file /init $LAB_DIR/initramfs-init 755 0 0
	dir /dev 755 0 0
	nod /dev/console 600 0 0 c 5 1
	LIST
	"$out/usr/gen_init_cpio" "$list" > "$initramfs"
	rm -f "$list"
	echo "$initramfs_id" > "$initramfs.id"
fi

mkdir -p "$RV_CACHE/runs"
run=$(mktemp -d "$RV_CACHE/runs/$(date +%Y%m%d-%H%M%S)-XXXX")
# Keep the last few runs for a look afterwards; a run holds a lock on its
# folder while it lasts, so that no other run removes it (make check runs
# guests at once, and many short ones meanwhile).
exec {run_lock}> "$run/lock"
flock "$run_lock"
for old in $(ls -1d "$RV_CACHE"/runs/*/ 2>/dev/null | head -n -20); do
	# in use, or removed meanwhile by another run's sweep
	flock -n "$old/lock" rm -rf "$old" 2>/dev/null || true
done
cp "$LAB_DIR/guest-init.sh" "$run/init"
mkdir "$run/out"
printf '%s\n' "$cmd" > "$run/cmd"
{
	printf 'REPO_DIR=%q\n' "$PWD"
	printf 'LAB_INTERACTIVE=%q\n' "$interactive"
	printf 'export LAB_KIND=%q\n' "$kind"
	printf 'export RV_CACHE=%q\n' "$RV_CACHE"
	printf 'LAB_SHARE=%q\n' "$share"
} > "$run/env"
mkdir -p "$out/modroot/lib/modules"

# icount counts one instruction stream: it runs all CPUs in one thread
[ $icount -eq 0 ] || tcg_threads=single
virtfs() { echo "local,path=$1,mount_tag=$2,security_model=none,multidevs=remap$3"; }
qemu=(qemu-system-x86_64 -nodefaults -no-reboot -display none
	-machine pc -cpu max -m 2G -smp "$cpus" -accel "tcg,thread=$tcg_threads"
	# no hotplug of PCI devices or memory, which the guest never does: the
	# ACPI objects that describe it cost the boot seconds under TCG
	-global PIIX4_PM.acpi-root-pci-hotplug=off
	-global PIIX4_PM.acpi-pci-hotplug-with-bridge-support=off
	-global PIIX4_PM.memory-hotplug-support=off
	-kernel "$kernel" -initrd "$initramfs"
	-append "console=ttyS0 acpi=noirq no_timer_check kmemleak=$kmemleak panic=-1 oops=panic rdinit=/init $append"
	-virtfs "$(virtfs / hostroot ,readonly=on)"
	-virtfs "$(virtfs "$out/modroot/lib/modules" labmods ,readonly=on)"
	-virtfs "$(virtfs "$run" labrun '')"
	-device virtio-rng-pci)
[ -z "$share" ] || qemu+=(-virtfs "$(virtfs "$share" labshare '')")
[ $icount -eq 0 ] || qemu+=(-icount shift=4,align=off,sleep=off)

if [ $interactive -eq 1 ]; then
	exec "${qemu[@]}" -serial mon:stdio
fi

verdict() { echo "vm-run: $*" >&2; }
console=$run/console.log
# boot: run the guest, its console in $console (and on stdout unless
# --quiet), its status in $qemu_status. A guest that has not reached the
# command after $boot_limit seconds is stopped, with $boot_hung set. Under
# TCG on a loaded host, a boot sometimes hangs for good after "Running
# RCU-tasks wait API self tests" (synchronize_rcu_tasks(), which needs
# timer ticks) with QEMU idle: seen twice in a day of runs (in the console
# kept, the TSC calibration against the PIT had failed), it held the guest
# until its time limit.
# A boot takes 15 to 60 s; the watch is off when the time limit is
# shorter than $boot_limit anyway.
boot_limit=${VM_BOOT_TIMEOUT:-180}
boot() {
	local qemu_pid shown= waited=0
	boot_hung=0
	: > "$console"
	timeout -k 10 "$timeout" "${qemu[@]}" -serial stdio < /dev/null > "$console" &
	qemu_pid=$!
	if [ $quiet -eq 0 ]; then
		tail -n +1 -f --pid=$qemu_pid "$console" &
		shown=$!
	fi
	while kill -0 $qemu_pid 2>/dev/null &&
		! grep -aq 'rv-lab: running the command' "$console"; do
		if [ $waited -ge "$boot_limit" ] && [ "$timeout" -gt "$boot_limit" ]; then
			boot_hung=1
			kill $qemu_pid
			break
		fi
		sleep 1
		waited=$((waited + 1))
	done
	wait $qemu_pid
	qemu_status=$?
	[ -z "$shown" ] || wait $shown
}
set +e
boot
if [ $boot_hung -eq 1 ]; then
	cp "$console" "$run/console.hung.log"
	verdict "the guest did not reach the command in ${boot_limit}s, its console ending with:"
	tr -d '\r' < "$console" | tail -n 3 >&2
	verdict "booting it once more (that console is kept as $run/console.hung.log)"
	boot
	if [ $boot_hung -eq 1 ]; then
		verdict "FAIL: the guest did not reach the command in ${boot_limit}s, twice"
		exit 1
	fi
fi
set -e
[ -z "$console_copy" ] || cp "$console" "$console_copy"
[ -z "$out_copy" ] || { mkdir -p "$out_copy" && cp -r "$run/out/." "$out_copy/"; }

# Kernel lines only (they carry the printk timestamp): what a user-space
# program prints cannot pass for a splat.
klines=$(tr -d '\r' < "$console" | grep -E '^\[ *[0-9]+\.[0-9]+\] ' || true)
# KCSAN reports races anywhere in the kernel: on the KCSAN kernel, those
# whose report names no code of RV's are noted, not failed on.
ours_re='(^|[^a-z0-9_])(rv|da)_[a-z0-9_]+\+0x|\[(wip|wwnr|reactor_printk|reactor_panic|rv_test_monitor|rv_test_reactor)\]'
if [ "$kind" = kcsan ]; then
	foreign=$(awk -v ours="$ours_re" '
		function flush() { if (title != "" && block !~ ours) print title; title = "" }
		/ ====================+$/ { flush(); block = ""; next }
		/ BUG: KCSAN: / { title = $0 }
		{ block = block "\n" $0 }
		END { flush() }' <<< "$klines")
	if [ -n "$foreign" ]; then
		echo "vm-run: KCSAN reports that involve no RV code (not failed on):" >&2
		sed 's/^\[ *[0-9.]*\] /  /' <<< "$foreign" | sort | uniq -c >&2
		klines=$(grep -vxF -f <(printf '%s\n' "$foreign") <<< "$klines" || true)
	fi
fi
splat_re='WARNING: |BUG: |kernel BUG at|Oops: |: [0-9a-f]{4} \[#[0-9]+\]|general protection fault|double fault|UBSAN: |KASAN: |rcu: INFO: rcu_|self-detected stall|detected stalls on CPUs|INFO: task .* blocked for more than|possible recursive locking|circular locking dependency|inconsistent lock state|suspicious RCU usage'
panic_re='Kernel panic - not syncing'
splats=$(grep -E "$splat_re" <<< "$klines" || true)
# with the line before each, which holds the message of a WARN()
splat_context=$(grep -B1 -E "$splat_re" <<< "$klines" || true)
panics=$(grep -E "$panic_re" <<< "$klines" || true)

status=0
if [ -n "$expect_panic" ]; then
	if [ -z "$panics" ]; then
		verdict "FAIL: expected a kernel panic matching '$expect_panic', there was none"
		status=1
	elif ! grep -qE "$expect_panic" <<< "$panics"; then
		verdict "FAIL: the kernel panicked, but not with '$expect_panic':"
		echo "$panics" >&2
		status=1
	else
		verdict "the kernel panicked as expected: $(head -n1 <<< "$panics")"
	fi
elif [ -n "$panics" ]; then
	# with what led to it: the oops or the reason is in the lines before
	verdict "FAIL: kernel panic; the console up to it:"
	tr -d '\r' < "$console" | grep -m1 -B60 -E "$panic_re" >&2
	status=1
fi
if [ -n "$splats" ]; then
	verdict "FAIL: the kernel reported a problem:"
	echo "$splat_context" | head -n 20 >&2
	status=1
fi
if [ "$qemu_status" -eq 124 ] || [ "$qemu_status" -eq 137 ]; then
	verdict "FAIL: the guest ran past the time limit of ${timeout}s and was stopped"
	exit 124
fi
if [ -n "$expect_panic" ]; then
	exit $status
fi
if [ "$qemu_status" -ne 0 ]; then
	verdict "FAIL: QEMU exited with status $qemu_status"
	exit 1
fi
if [ ! -f "$run/status" ]; then
	verdict "FAIL: the guest stopped before the command finished"
	exit 1
fi
cmd_status=$(cat "$run/status")
[ "$cmd_status" -eq 0 ] || verdict "the command exited with status $cmd_status"
[ $status -eq 0 ] || exit $status
exit "$cmd_status"
