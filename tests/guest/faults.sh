#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Failing allocations in registration, enabling and the interface
# (tests/guest/faults.py): a clean errno each time, nothing changed;
# the torture, which runs later, looks for leaks with kmemleak.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
mods=$RV_CACHE/ext/test
if [ ! -w /proc/self/fail-nth ] || [ ! -d /sys/kernel/debug/failslab ]; then
	ktap_skip "fault injection" "no failslab or fail-nth in this kernel"
	ktap_finish
fi
modprobe wip && modprobe wwnr && modprobe reactor_printk
! grep -q '^rv_test_monitor ' /proc/modules || rmmod rv_test_monitor
/usr/bin/python3 "$(dirname "$0")/faults.py" $mods/rv_test_monitor/rv_test_monitor.ko
status=$?
echo > $rv/enabled_monitors
rmmod reactor_printk wwnr wip
exit $status
