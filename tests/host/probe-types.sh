#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# RV_PROBE() and rv_attach_trace_probe() check a handler against its
# tracepoint when the monitor is built: a handler of the wrong prototype,
# or a tracepoint that does not exist, is a build error, not garbage read
# in the scheduler at run time.
. "$(dirname "$0")/../../lab/ktap.sh"
lab=$(cd "$(dirname "$0")/../../lab" && pwd)
src=$(cd "$(dirname "$0")/../modules-bad/rv_probe_type" && pwd)

out=$("$lab/build-module.sh" "$src" 2>&1)
ktap_result $? "a table of handlers that match their tracepoints builds" "$out"
out=$("$lab/build-module.sh" "$src" KCFLAGS=-DWRONG_HANDLER 2>&1)
ktap_eq "a handler of the wrong prototype does not build" 1 "$([ $? -ne 0 ] && echo 1)"
ktap_match "and the compiler names the tracepoint's type check" \
	"incompatible pointer type.*check_trace_callback_type_sched_switch|check_trace_callback_type_sched_switch.*incompatible pointer type" \
	"$(tr '\n' ' ' <<< "$out")"
out=$("$lab/build-module.sh" "$src" KCFLAGS=-DNO_SUCH_TRACEPOINT 2>&1)
ktap_eq "a tracepoint that does not exist does not build" 1 "$([ $? -ne 0 ] && echo 1)"
ktap_match "and the compiler names it" "check_trace_callback_type_sched_no_such_event" "$out"
out=$("$lab/build-module.sh" "$src" KCFLAGS=-DWRONG_HANDLER_ONE 2>&1)
ktap_eq "rv_attach_trace_probe() refuses a handler of the wrong prototype too" 1 \
	"$([ $? -ne 0 ] && echo 1)"
ktap_match "naming the tracepoint's type check" "check_trace_callback_type_sched_switch" \
	"$(tr '\n' ' ' <<< "$out")"
ktap_finish
