#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Benchmark: our dot2c (C, Graphviz's cgraph) against the Python dot2c
# that Debian's tree ships, run from the extracted pristine tree, on a
# model the size of the PREEMPT_RT thread synchronization model (9,017
# states, 20 events, 33,331 transitions). Both run in turn, RUNS times
# each, in one session; the report gives the median wall times and their
# ratio. A measurement, not a test: nothing here passes or fails.
set -euo pipefail
. "$(dirname "$0")/../lab/lib.sh"

runs=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$RV_CACHE/dot2"
make -s -C "$REPO_DIR/linux/tools/verification/dot2" OUTPUT="$RV_CACHE/dot2/"
python3 "$REPO_DIR/tests/dot2/big_model.py" "$work/big.dot"
ours=("$RV_CACHE/dot2/dot2c" "$work/big.dot")
theirs=(env PYTHONPATH="$PRISTINE/tools/verification" python3
	"$PRISTINE/tools/verification/dot2/dot2c" "$work/big.dot")
[ -f "$PRISTINE/tools/verification/dot2/dot2c" ] || die "no Python dot2c in $PRISTINE (make prepare)"

# ms TIMES_FILE CMD...: run CMD once, append its wall time in ms
ms() {
	local file=$1 start end
	shift
	start=$(date +%s%N)
	"$@" > /dev/null 2>&1
	end=$(date +%s%N)
	echo $(((end - start) / 1000000)) >> "$file"
}
median() { sort -n "$1" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

for i in $(seq "$runs"); do
	ms "$work/ours" "${ours[@]}"
	ms "$work/theirs" "${theirs[@]}"
done
ours_ms=$(median "$work/ours")
theirs_ms=$(median "$work/theirs")
ratio=$(awk -v a="$theirs_ms" -v b="$ours_ms" 'BEGIN { printf "%.1f", a / (b ? b : 1) }')
echo "dot2c on a model of 9,017 states, 20 events, 33,331 transitions"
echo "median wall time of $runs runs each, interleaved:"
printf '  %-42s %8s ms\n' "dot2c (C, libcgraph; this project)" "$ours_ms"
printf '  %-42s %8s ms\n' "dot2c (Python; Debian's linux-source-6.1)" "$theirs_ms"
echo "  the C dot2c is ${ratio}x faster"
