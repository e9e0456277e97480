#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make demo: boot the test kernel and show RV verifying it live
# (lab/demo-guest.sh), without the boot's console noise.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
build_rv_tool || exit 1
echo "demo: booting the test kernel in QEMU (about a minute)..." >&2
"$LAB_DIR/vm-run.sh" --quiet --console "$out/console" --out "$out" -- \
	'lab/demo-guest.sh > $LAB_OUT/demo 2>&1'
status=$?
cat "$out/demo" 2>/dev/null
if [ $status -ne 0 ]; then
	echo "demo: the run failed (status $status); the end of the console:" >&2
	tr -d '\r' < "$out/console" | tail -n 40 >&2
fi
exit $status
