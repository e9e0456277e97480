#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# wwnr with the panic reactor: the kernel panics with the violation's
# message, and the lab reports it as the expected panic.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"
lab=$(cd "$(dirname "$0")/../../lab" && pwd)

rv=/sys/kernel/tracing/rv
msg='rv: monitor wwnr does not allow event wakeup on state running'
out=$("$lab/vm-run.sh" --quiet --expect-panic "Kernel panic - not syncing: $msg" -- \
	"modprobe wwnr && modprobe reactor_panic && echo panic > $rv/monitors/wwnr/reactors &&
	 echo wwnr > $rv/enabled_monitors && $RV_CACHE/bin/stop_cont 100000" 2>&1)
ktap_result $? "wwnr with the panic reactor panics the kernel with the violation" "$out"
ktap_match "the lab reports the expected panic" 'the kernel panicked as expected' "$out"
ktap_finish
