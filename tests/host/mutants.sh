#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make mutate's inputs: tests/coverage-map names a script for every source
# of RV, and only scripts that exist; every mutant of tests/mutants says
# what bug it plants, is one change at one place of one such source, and
# applies to the repository as it is.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"
shopt -s extglob
cd "$REPO_DIR" || exit
map=tests/coverage-map

patterns=() scripts=()
while read -r pattern line; do
	case $pattern in '' | \#*) continue ;; esac
	patterns+=("$pattern")
	scripts+=($line)
done < "$map"
covered() {
	local p
	for p in "${patterns[@]}"; do
		# shellcheck disable=SC2053 # a glob
		[[ $1 == $p ]] && return 0
	done
	return 1
}

uncovered=
while read -r f; do
	covered "$f" || uncovered+=" $f"
done < <(git ls-files linux patches)
ktap_eq "every source of RV (linux/, patches/) has a script in the map" "" "$uncovered"
missing=
for s in "${scripts[@]}"; do
	[ -f "tests/$s" ] || missing+=" $s"
done
ktap_eq "every script the map names exists" "" "$missing"
ktap_result "$([ "${#patterns[@]}" -ge 30 ]; echo $?)" "the map has its lines (${#patterns[@]})"

mutants=(tests/mutants/*.patch)
ktap_result "$([ ${#mutants[@]} -ge 30 ]; echo $?)" "at least 30 mutants (${#mutants[@]})"
bad=
for m in "${mutants[@]}"; do
	name=${m##*/}
	files=$(sed -n 's|^+++ b/||p' "$m")
	hunks=$(grep -c '^@@ ' "$m")
	about=$(sed -n '1,/^--- a\//p' "$m" | grep -v -e '^--- a/' -e '^diff --git' -e '^index ' -e '^[[:space:]]*$' | head -n 1)
	if [ -z "$about" ]; then
		bad+=" $name:no-description"
	elif [ "$(wc -l <<< "$files")" != 1 ] || [ "$hunks" != 1 ]; then
		bad+=" $name:not-one-hunk-of-one-file"
	elif ! covered "$files"; then
		bad+=" $name:$files-not-in-the-map"
	elif ! patch -p1 -s -F0 --dry-run -d "$REPO_DIR" < "$m" > /dev/null 2>&1; then
		bad+=" $name:does-not-apply"
	fi
done
ktap_eq "each mutant says what it plants and is one hunk of one mapped file that applies" "" "$bad"
ktap_finish
