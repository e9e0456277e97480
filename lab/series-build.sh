#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build the kernel as it is after given patches of the exported series
# (make series first): each patch must leave a kernel that builds.
#
# Usage: series-build.sh [--configure-only] [STEP...]
#   STEP: a patch number, or first, middle, last or all (default: first
#   middle last). The series config (lab/config/series.config) asks for
#   every RV option; those that a patch does not define yet are skipped.
#   --configure-only: make each step's tree and configure its build,
#   without building (for a build of some directories only).
#
# Each step has its tree (a hard-linked copy of BASE with the step's
# files) and its build folder under $RV_CACHE/series/build/NN; ccache
# shares what the steps have in common.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

git_dir=$SERIES_GIT
g() { git --git-dir="$git_dir" "$@"; }
mapfile -t refs < <(g for-each-ref --format='%(refname)' refs/series/ 2>/dev/null)
n=${#refs[@]}
[ "$n" -gt 0 ] || die "no exported series in $git_dir (make series)"

build_args=(--partial)
if [ "${1:-}" = --configure-only ]; then
	build_args+=(--configure-only)
	shift
fi
steps=()
for s in "${@:-first middle last}"; do
	for s in $s; do
		case $s in
		first) steps+=(1) ;;
		middle) steps+=($(((n + 1) / 2))) ;;
		last) steps+=("$n") ;;
		all) steps+=($(seq 1 "$n")) ;;
		*[!0-9]*|'') die "unknown step '$s' (a number, first, middle, last or all)" ;;
		*) [ "$((10#$s))" -ge 1 ] && [ "$((10#$s))" -le "$n" ] ||
			die "no patch $s: the series has $n"
		   steps+=("$((10#$s))") ;;
		esac
	done
done

# Same relative paths in every step's build: ccache hits across steps.
export CCACHE_BASEDIR=$RV_CACHE/series/build CCACHE_NOHASHDIR=true
base_id=$(cat "$RV_CACHE/.base")
failed=0
for k in $(printf '%s\n' "${steps[@]}" | sort -nu); do
	nn=$(printf %02d "$k")
	ref=refs/series/$nn
	dir=$RV_CACHE/series/build/$nn
	if [ "$(cat "$dir/.base" 2>/dev/null)" != "$base_id" ]; then
		rm -rf "$dir"
		mkdir -p "$dir"
		cp -al "$BASE" "$dir/src"
		echo "$base_id" > "$dir/.base"
	fi
	rm -rf "$dir/stage"
	mkdir -p "$dir/stage"
	[ -z "$(g diff --name-only --diff-filter=DRT refs/series/01 "$ref")" ] ||
		die "patch $nn deletes or renames files of BASE: not supported here"
	mapfile -t changed < <(g diff --name-only --diff-filter=AM refs/series/01 "$ref")
	if [ ${#changed[@]} -gt 0 ]; then
		g archive "$ref" -- "${changed[@]}" | tar -x -C "$dir/stage"
	fi
	sync_tree "$dir/stage" "$dir/src" "$dir/manifest"
	echo "series-build: patch $nn: $(g log -1 --format=%s "$ref")" >&2
	if ! "$LAB_DIR/build.sh" --tree "$dir/src" --out "$dir/obj" "${build_args[@]}" series; then
		echo "series-build: the kernel does not ${build_args[1]:+configure or }build after patch $nn" >&2
		failed=1
	fi
done
exit $failed
