#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The whole test suite: host tests, then the in-guest tests in one boot of
# the test kernel. Prints KTAP, then one line "N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"
cd "$REPO_DIR"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0 skipped=0
add_counts() {
	local p f s
	read -r p f s < "$1" || { p=0 f=1 s=0; }
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
}

# the test-only modules the in-guest tests load
for m in lab/modules/*/ tests/modules/*/; do
	"$LAB_DIR/build-module.sh" "$m" >/dev/null || failed=$((failed + 1))
done
# and the test tools
mkdir -p "$RV_CACHE/bin"
for t in tests/tools/*.c; do
	gcc -Wall -Wextra -Werror -O2 -o "$RV_CACHE/bin/$(basename "$t" .c)" "$t" ||
		failed=$((failed + 1))
done

echo "# host tests"
"$LAB_DIR/run-tests.sh" --counts "$work/host" tests/host/*.sh
add_counts "$work/host"

echo "# in-guest tests"
guest_tests=$(ls tests/guest/*.sh 2>/dev/null | tr '\n' ' ')
if [ -n "$guest_tests" ]; then
	"$LAB_DIR/vm-run.sh" --quiet --timeout "${VM_TIMEOUT:-900}" \
		--console "$work/console.log" --out "$work/guest" -- \
		"lab/run-tests.sh --counts \$LAB_OUT/counts $guest_tests > \$LAB_OUT/ktap 2>&1"
	status=$?
	cat "$work/guest/ktap" 2>/dev/null
	if [ -f "$work/guest/counts" ]; then
		add_counts "$work/guest/counts"
	else
		failed=$((failed + 1))
		echo "not ok - the in-guest tests did not complete"
	fi
	# the KUnit suites ran at boot: their test cases, from the console
	echo "# KUnit tests, run at boot"
	kunit=$(tr -d '\r' < "$work/console.log" | sed -n 's/^\[ *[0-9.]*\] \(    \(not \)\{0,1\}ok [0-9].*\)/\1/p')
	if [ -z "$kunit" ]; then
		failed=$((failed + 1))
		echo "not ok - KUnit ran no test at boot"
	else
		echo "$kunit"
		passed=$((passed + $(grep -c '^    ok ' <<< "$kunit")))
		failed=$((failed + $(grep -c '^    not ok ' <<< "$kunit")))
	fi
	if [ $status -ne 0 ] && [ "$(cat "$work/guest/counts" 2>/dev/null | cut -d' ' -f2)" = 0 ]; then
		# all checks passed, yet the run failed: the kernel splatted
		failed=$((failed + 1))
		echo "not ok - the guest kernel stayed clean during the in-guest tests"
		tr -d '\r' < "$work/console.log" | tail -n 60 | sed 's/^/# /'
	fi
fi

if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
