#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The guest is what the tests expect: root, tracefs with the tracepoints
# RV hooks into, our modules where modprobe finds them, scratch space.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

ktap_eq "the tests run as root" 0 "$(id -u)"
ktap_eq "in the repository, at its host path" "$REPO_DIR" "$PWD"
ktap_ok "tracefs is mounted" test -f /sys/kernel/tracing/available_events
for ev in preemptirq:preempt_disable preemptirq:preempt_enable sched:sched_waking \
	sched:sched_wakeup sched:sched_switch; do
	ktap_ok "the $ev tracepoint exists" grep -qx "$ev" /sys/kernel/tracing/available_events
done
ktap_ok "modprobe finds the modules of the running kernel" \
	test -f "/lib/modules/$(uname -r)/modules.dep"
fault=$RV_CACHE/ext/test/lab_fault/lab_fault.ko
ktap_ok "a test module loads" insmod "$fault"
ktap_ok "and unloads" rmmod lab_fault
ktap_fails "a module refuses a bad parameter" insmod "$fault" action=nonsense
ktap_ok "/tmp is writable" touch /tmp/lab-write-test
ktap_ok "stress-ng runs" stress-ng --cpu 1 --timeout 1 --quiet
ktap_finish
