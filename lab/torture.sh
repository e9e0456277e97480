#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make torture, make torture-kcsan: build the test modules for a lab
# kernel, boot it and run the torture (tests/guest/torture.sh) for
# TORTURE_SECONDS (default 600), then the per-object monitor's test (with
# kmemleak on, which make check's guests are not) and the in-guest fuzz of
# the interface.
#
# Usage: torture.sh KIND    (test or kcsan; the kernel must be built)
set -uo pipefail
. "$(dirname "$0")/lib.sh"
cd "$REPO_DIR"

kind=${1:?usage: torture.sh test|kcsan}
seconds=${TORTURE_SECONDS:-600}
for m in tests/modules/rv_test_monitor tests/modules/rv_test_reactor \
	tests/modules/rv_test_container tests/modules/rv_test_objects; do
	"$LAB_DIR/build-module.sh" --kind "$kind" "$m" >/dev/null || exit 1
done
echo "torture: $seconds s on the $kind kernel" >&2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
console=$RV_CACHE/torture-$kind.console
"$LAB_DIR/vm-run.sh" --kind "$kind" --quiet --timeout $((seconds + 900)) --kmemleak \
	--console "$console" --out "$out" -- \
	"TORTURE_SECONDS=$seconds RV_TEST_MODULES=$RV_CACHE/ext/$kind \
	lab/run-tests.sh tests/guest/torture.sh tests/guest/objects.sh tests/guest/fuzz.sh \
	> \$LAB_OUT/ktap 2>&1"
status=$?
cat "$out/ktap" 2>/dev/null
echo "torture: the guest console is in $console" >&2
exit $status
