#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The RV interface under a fuzzer: every file operation on every file of
# rv/, thousands of payloads, writers and readers at once, an unprivileged
# process. The checks are those of tests/guest/fuzz-interface.py, whose
# KTAP this passes through; FUZZ_PAYLOADS, FUZZ_SEED, FUZZ_SECONDS and
# FUZZ_SKIP go to it. Loads the test monitor and reactor, wip, wwnr and the
# printk reactor (not the panic reactor), and unloads what it loaded.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

mods=${RV_TEST_MODULES:-$RV_CACHE/ext/test}
loaded=()

unload() {
	local name status=0
	for name in "${loaded[@]}"; do
		rmmod "$name" || { echo "fuzz.sh: $name does not unload" >&2; status=1; }
	done
	return $status
}

# load NAME CMD...: CMD loads module NAME, unless it is loaded already; a
# module that does not load is the one check of this script
load() {
	local name=$1
	shift
	[ ! -d "/sys/module/$name" ] || return 0
	if ! "$@"; then
		ktap_result 1 "$name loads"
		unload
		ktap_finish
	fi
	loaded=("$name" "${loaded[@]}")
}

load rv_test_monitor insmod "$mods/rv_test_monitor/rv_test_monitor.ko"
load rv_test_reactor insmod "$mods/rv_test_reactor/rv_test_reactor.ko"
load wip modprobe wip
load wwnr modprobe wwnr
load reactor_printk modprobe reactor_printk

/usr/bin/python3 "$REPO_DIR/tests/guest/fuzz-interface.py"
status=$?
unload || status=1
exit $status
