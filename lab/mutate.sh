#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make mutate: the suite measured by the bugs it catches. Each mutant of
# tests/mutants/ (one small bug, as a patch of the repository) is planted
# in a scratch copy of the repository; what it touches is rebuilt there
# (the test kernel, the test modules and tools); then the scripts that
# tests/coverage-map names for the files it touches run, in order, until
# one fails, and, when the kernel changed, the KUnit suites run at boot.
# A mutant that a script or a KUnit case catches is killed; one that
# every check lets through SURVIVED, and fails the run. Prints KTAP, then
# the score.
#
# Usage: mutate.sh [MUTANT...]    (make mutate [MUTANTS='NAME...'])
#   MUTANT: a name of tests/mutants/ (without .patch), default all.
#   MUTATE_JOBS: mutants planted at once, each in a work area of its own
#   (default: one per two CPUs).
#
# The repository, the lab's tree and its builds are never written: each
# work area ($RV_CACHE/mutate/N) has its own copy of the repository, its
# own kernel tree (hard links to the prepared base, replaced, never
# written into, as lab/prepare.sh does) and builds, and shares ccache.
# A work area is kept for the next run; its kernel is rebuilt whenever
# its sources differ from those it was last built from (so, without the
# last mutant of the kernel, before the next mutant's tests).
set -uo pipefail
shopt -s extglob
. "$(dirname "$0")/lib.sh"
. "$LAB_DIR/ktap.sh"
cd "$REPO_DIR" || exit

mutants_dir=$REPO_DIR/tests/mutants
map=$REPO_DIR/tests/coverage-map
main_cache=$RV_CACHE
export CCACHE_DIR

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
	for p in "$mutants_dir"/*.patch; do
		names+=("$(basename "$p" .patch)")
	done
fi
for n in "${names[@]}"; do
	[ -f "$mutants_dir/$n.patch" ] || die "no mutant $n in tests/mutants"
done
[ -f "$BASE/Makefile" ] || die "no prepared tree in $RV_CACHE (make prepare)"

jobs=${MUTATE_JOBS:-$(( $(nproc) / 2 ))}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1

# mutant_files PATCH: the repository's files it changes
mutant_files() { sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$1" | sort -u; }

# scripts_for FILE...: the scripts the map names for FILEs, in the map's
# order, each once
scripts_for() {
	local pattern scripts s f seen=" "
	while read -r pattern scripts; do
		case $pattern in '' | \#*) continue ;; esac
		for f in "$@"; do
			# shellcheck disable=SC2053 # the pattern is a glob
			[[ $f == $pattern ]] || continue
			for s in $scripts; do
				[[ $seen == *" $s "* ]] || { echo "tests/$s"; seen+="$s "; }
			done
		done
	done < "$map"
}

# touches_kernel FILE...: whether any FILE is built into the test kernel
touches_kernel() {
	local f
	for f in "$@"; do
		case $f in
		linux/tools/* | linux/Documentation/*) ;;
		linux/* | patches/*) return 0 ;;
		esac
	done
	return 1
}

# setup_area DIR: a work area with its own cache, sharing the prepared
# pristine and base trees and ccache of the lab's
setup_area() {
	local area=$1 f
	mkdir -p "$area/cache"
	for f in linux-source-6.1 base; do
		ln -sfn "$main_cache/$f" "$area/cache/$f"
	done
	cp "$main_cache/.pristine" "$main_cache/.base" "$area/cache/"
	if [ ! -d "$area/cache/tree" ]; then
		cp -al "$main_cache/base/." "$area/cache/tree.tmp" &&
			mv "$area/cache/tree.tmp" "$area/cache/tree"
		rm -f "$area/cache/.tree-manifest"
	fi
}

# in_area DIR CMD...: CMD in the area's copy of the repository, on its cache
in_area() {
	local area=$1
	shift
	(cd "$area/repo" && RV_CACHE=$area/cache "$@")
}

# kernel_inputs DIR: a hash of what the area's kernel is built from
kernel_inputs() {
	(cd "$1/repo" && find linux patches lab/config -type f ! -path 'linux/tools/*' \
		! -path 'linux/Documentation/*' -print0 | sort -z | xargs -0 sha1sum | sha1sum)
}

# build_area DIR FILE...: the area's kernel (test), unless it was built
# from the same sources, and the tool that a FILE belongs to, from its
# copy of the repository: what the mutant itself must build
build_area() {
	local area=$1 inputs f tool
	shift
	inputs=$(kernel_inputs "$area")
	if [ "$inputs" != "$(cat "$area/kernel-inputs" 2>/dev/null)" ]; then
		rm -f "$area/kernel-inputs"
		in_area "$area" lab/prepare.sh && in_area "$area" lab/build.sh test || return
		echo "$inputs" > "$area/kernel-inputs"
	fi
	for f in "$@"; do
		case $f in
		linux/tools/verification/*/*)
			tool=${f#linux/tools/verification/}
			tool=${tool%%/*}
			[ "$tool" != models ] || continue
			mkdir -p "$area/cache/mutant/$tool" &&
				make -s -C "$area/repo/linux/tools/verification/$tool" \
					OUTPUT="$area/cache/mutant/$tool/" || return ;;
		esac
	done
}

# plant DIR NAME RESULT: plant mutant NAME in the area DIR, rebuild,
# run its scripts; write "killed by WHAT", "SURVIVED" or "error: WHY" to
# RESULT, and what the failing check printed to RESULT.log
plant() {
	local area=$1 name=$2 result=$3 patch=$mutants_dir/$2.patch files scripts
	local host=() guest=() s kernel=0 status
	: > "$result.log"
	mkdir -p "$area/repo"
	# by content (-c), without times: a file that differs from the last
	# mutant's copy gets a new mtime, and make rebuilds what it makes
	rsync -rlpc --delete --exclude=.git "$REPO_DIR/" "$area/repo/"
	if ! patch -d "$area/repo" -p1 -s -F0 --no-backup-if-mismatch < "$patch" >> "$result.log" 2>&1; then
		echo "error: does not apply" > "$result"
		return
	fi
	mapfile -t files < <(mutant_files "$patch")
	mapfile -t scripts < <(scripts_for "${files[@]}")
	if [ ${#scripts[@]} -eq 0 ]; then
		echo "error: tests/coverage-map names no script for ${files[*]}" > "$result"
		return
	fi
	touches_kernel "${files[@]}" && kernel=1
	if ! build_area "$area" "${files[@]}" >> "$result.log" 2>&1; then
		echo "error: does not build" > "$result"
		return
	fi
	# what the tests need, built with the mutant: make check fails when
	# they do not build (a monitor that dot2k generates, say)
	if ! in_area "$area" bash -c '. lab/lib.sh && build_test_prerequisites' \
		>> "$result.log" 2>&1; then
		echo "killed by the build of the tests' prerequisites (build_test_prerequisites)" > "$result"
		return
	fi
	for s in "${scripts[@]}"; do
		case $s in
		tests/guest/*) guest+=("$s") ;;
		*) host+=("$s") ;;
		esac
	done
	for s in "${host[@]}"; do
		if ! in_area "$area" lab/run-tests.sh "$s" >> "$result.log" 2>&1; then
			echo "killed by $s" > "$result"
			return
		fi
	done
		# the guest scripts in one boot, up to the first that fails; and the
	# KUnit suites that ran at that boot (a mutant of the kernel with no
	# guest script is judged by them and the lab's own checks)
	if [ ${#guest[@]} -eq 0 ] && [ $kernel -eq 0 ]; then
		echo "SURVIVED" > "$result"
		return
	fi
	[ ${#guest[@]} -gt 0 ] || guest=(tests/guest/lab.sh)
	rm -rf "$area/out" "$area/console"
	mkdir -p "$area/out"
	in_area "$area" lab/vm-run.sh --quiet --timeout "${VM_TIMEOUT:-1800}" \
		--console "$area/console" --out "$area/out" -- \
		"lab/run-tests.sh --bail ${guest[*]} > \$LAB_OUT/ktap 2>&1" >> "$result.log" 2>&1
	status=$?
	cat "$area/out/ktap" >> "$result.log" 2>/dev/null
	if [ $kernel -eq 1 ] && tr -d '\r' < "$area/console" |
		sed -n '/rv-lab: starting /q; p' | grep -q '^\[ *[0-9.]*\]     not ok '; then
		echo "killed by KUnit at boot" > "$result"
	elif s=$(grep -m1 '^not ok [0-9]* ' "$area/out/ktap" 2>/dev/null); then
		echo "killed by tests/guest/${s#not ok * }.sh" > "$result"
	elif [ $status -ne 0 ]; then
		# the scripts passed, the lab failed the run: a splat, a hang
		echo "killed by the lab: $(grep -m1 -E 'FAIL|splat|time limit' "$result.log" ||
			echo "vm-run exited with $status")" > "$result"
	else
		echo "SURVIVED" > "$result"
	fi
}

# worker I: plants the mutants it claims first
worker() {
	local area=$RV_CACHE/mutate/$1 name
	setup_area "$area"
	for name in "${names[@]}"; do
		mkdir "$claims/$name" 2>/dev/null || continue
		SECONDS=0
		plant "$area" "$name" "$claims/$name/result"
		echo "$SECONDS" > "$claims/$name/seconds"
		echo "mutate: $name: $(< "$claims/$name/result") ($SECONDS s)" >&2
	done
}

claims=$(mktemp -d)
trap 'rm -rf "$claims"' EXIT
start=$SECONDS
echo "mutate: ${#names[@]} mutants, $jobs at once" >&2
for i in $(seq "$jobs"); do
	worker "$i" &
done
wait

echo "KTAP version 1"
killed=0
for name in "${names[@]}"; do
	result=$(cat "$claims/$name/result" 2>/dev/null || echo "error: did not run")
	desc="$name: $result ($(cat "$claims/$name/seconds" 2>/dev/null || echo '?') s)"
	case $result in
	"killed by "*)
		killed=$((killed + 1))
		ktap_result 0 "$desc" ;;
	*)
		ktap_result 1 "$desc" "$(sed -n '1,/^---/p' "$mutants_dir/$name.patch" | head -n 5)" \
			"the end of what ran:" "$(tail -n 30 "$claims/$name/result.log")" ;;
	esac
done
echo "# score: $killed of ${#names[@]} mutants killed, in $(( (SECONDS - start) / 60 )) minutes"
ktap_finish
