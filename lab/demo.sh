#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make demo: boot the test kernel and show RV verifying it live
# (lab/demo-guest.sh), without the boot's console noise. MONITORS: the
# monitors or containers to run (default: wip wwnr); DEMO_SECONDS, how
# long the load runs; DEMO_TRACE=1, count the monitors' trace records too.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
monitors=${MONITORS:-wip wwnr}
[[ $monitors =~ ^[A-Za-z0-9_:\ ]+$ ]] ||
	die "MONITORS='$monitors': give monitor or container names, separated by spaces"
[[ ${DEMO_SECONDS:-5} =~ ^[0-9]+$ ]] || die "DEMO_SECONDS='$DEMO_SECONDS': a number of seconds"
[[ ${DEMO_TRACE:-0} =~ ^[01]$ ]] || die "DEMO_TRACE='$DEMO_TRACE': 0 or 1"
build_rv_tool || exit 1
echo "demo: booting the test kernel in QEMU (about a minute)..." >&2
"$LAB_DIR/vm-run.sh" --quiet --console "$out/console" --out "$out" -- \
	"MONITORS='$monitors' DEMO_SECONDS=${DEMO_SECONDS:-5} DEMO_TRACE=${DEMO_TRACE:-0} lab/demo-guest.sh > \$LAB_OUT/demo 2>&1"
status=$?
cat "$out/demo" 2>/dev/null
if [ $status -ne 0 ]; then
	echo "demo: the run failed (status $status); the end of the console:" >&2
	tr -d '\r' < "$out/console" | tail -n 40 >&2
fi
exit $status
