# SPDX-License-Identifier: GPL-2.0
# Shared settings of the lab scripts; sourced, not run.

LAB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(cd "$LAB_DIR/.." && pwd)
RV_CACHE=${RV_CACHE:-$HOME/.cache/rv-lab}
TARBALL=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}

PRISTINE=$RV_CACHE/linux-source-6.1	# the tarball, extracted, never edited
BASE=$RV_CACHE/base			# PRISTINE without the in-tree RV
TREE=$RV_CACHE/tree			# BASE with our overlay and patches
export CCACHE_DIR=${CCACHE_DIR:-$RV_CACHE/ccache}

# build_dir KIND: where the kernel of that kind (test, bench) is built.
build_dir() { echo "$RV_CACHE/build-$1"; }

# sync_tree STAGE TREE MANIFEST: make TREE, a hard-linked copy of BASE,
# hold the files of STAGE. Files that MANIFEST lists from the last sync and
# STAGE no longer has go back to their BASE version, or away. Checksums
# decide what changed: an unchanged file keeps its mtime, so make rebuilds
# only what changed.
sync_tree() {
	local stage=$1 tree=$2 manifest=$3 f
	(cd "$stage" && find . -type f | sed 's|^\./||' | sort) > "$manifest.new"
	if [ -f "$manifest" ]; then
		comm -23 "$manifest" "$manifest.new" | while read -r f; do
			rm -f "$tree/$f"
			# a fresh mtime, so that make rebuilds what used it
			[ ! -e "$BASE/$f" ] || cp "$BASE/$f" "$tree/$f"
		done
	fi
	# rsync replaces a file rather than writing into it: BASE's hard
	# links stay intact.
	rsync -rc --perms "$stage/" "$tree/"
	mv "$manifest.new" "$manifest"
}

# The series' git repository (lab/series.sh): the pristine tree, committed
# once, and the series' commits on it.
SERIES_GIT=$RV_CACHE/series/git
# the index of the pristine tree's commit, which series_tree_of starts from
SERIES_PRISTINE_INDEX=$RV_CACHE/series/pristine.index
# series_git ARGS...: git on it. Unchanged files in BASE and TREE are hard
# links to PRISTINE's: with ctime and inode numbers out of the comparison,
# git hashes only what changed.
series_git() {
	git --git-dir="$SERIES_GIT" -c core.trustctime=false -c core.checkStat=minimal \
		-c core.autocrlf=false -c gc.auto=0 "$@"
}
# series_tree_of DIR INDEX: the id of DIR's git tree, all its files (-f:
# the ignored ones too), DIR a hard-linked copy of PRISTINE; INDEX is a
# scratch file, which starts as the pristine tree's index
series_tree_of() {
	cp "$SERIES_PRISTINE_INDEX" "$2"
	GIT_INDEX_FILE=$2 series_git --work-tree="$1" add -A -f
	GIT_INDEX_FILE=$2 series_git write-tree
}

# field_of FILE NAME: the value of FILE's line "NAME: VALUE" (a monitor's
# stats, say), read by bash itself: in a guest with monitors enabled,
# each process a test starts costs about a second under TCG
field_of() {
	local name value
	while read -r name value; do
		[ "$name" != "$2:" ] || echo "$value"
	done < "$1"
}

# ring_buffer_records INSTANCE: how many records the tracing INSTANCE
# (a folder) was given since its buffer was last cleared, from its
# counters, with nothing read back: an instance overwrites, so the
# entries it keeps plus its overruns are all of them
ring_buffer_records() {
	local stats key value records=0
	for stats in "$1"/per_cpu/cpu*/stats; do
		while read -r key value; do
			case $key in
			entries: | overrun:) records=$((records + value)) ;;
			esac
		done < "$stats"
	done
	echo $records
}

# slurp VAR FILE: VAR gets the whole text of FILE, read by bash itself
slurp() { IFS= read -r -d '' "$1" < "$2" || true; }

# files_text FILE...: their texts one after the other, read by bash itself
files_text() {
	local file text
	for file in "$@"; do
		slurp text "$file"
		printf '%s' "$text"
	done
}

# write_to FILE TEXT, append_to FILE TEXT...: `echo TEXT > FILE` and, one
# write each, `echo TEXT >> FILE`, by bash itself, as commands that
# ktap_ok and ktap_fails can run: a kernel interface file's error is their
# status
write_to() { echo "$2" > "$1"; }
append_to() {
	local file=$1 text
	shift
	for text in "$@"; do
		echo "$text" >> "$file" || return
	done
}

# nap SECONDS: sleep without starting sleep(1): a read that times out on
# a pipe nobody writes to, opened once per script
nap() {
	[ -n "${nap_fd:-}" ] || exec {nap_fd}<> <(:)
	read -r -t "$1" -u "$nap_fd" || true
}

# wait_for_text FILE TEXT: until FILE holds TEXT, a minute at most (say,
# until "rv mon", started in the background, says that it is monitoring);
# fails if it never does. Empty FILE before starting its writer: the
# writer's shell truncates it only when the writer starts.
wait_for_text() {
	local i text
	for ((i = 0; i < 600; i++)); do
		text=
		[ ! -e "$1" ] || slurp text "$1"
		[[ $text != *"$2"* ]] || return 0
		nap 0.1
	done
	return 1
}

# has_nul FILE: whether FILE holds a NUL byte (read stops at the first
# one; without one it meets the end of the file and fails)
has_nul() {
	local text
	IFS= read -r -d '' text < "$1"
}

# build_rv_bench: the benchmark's workload program, static (the guest runs
# it from /tmp), in $RV_CACHE/bin
build_rv_bench() {
	mkdir -p "$RV_CACHE/bin"
	gcc -static -pthread -O2 -Wall -Wextra -Werror -o "$RV_CACHE/bin/rv-bench" \
		"$REPO_DIR/bench/rv-bench.c"
}

# build_rv_tool: the rv tool (tools/verification/rv), in $RV_CACHE/rv, where
# the guest runs it from
build_rv_tool() {
	mkdir -p "$RV_CACHE/rv"
	make -s -C "$REPO_DIR/linux/tools/verification/rv" OUTPUT="$RV_CACHE/rv/"
}

# build_test_prerequisites: what the tests need besides the test kernel,
# built for it; fails if any part does not build
build_test_prerequisites() {
	local m t status=0
	# the test-only modules the in-guest tests load, the benchmark's among them
	for m in "$REPO_DIR"/lab/modules/*/ "$REPO_DIR"/tests/modules/*/ "$REPO_DIR"/bench/modules/*/; do
		"$LAB_DIR/build-module.sh" "$m" >/dev/null || status=1
	done
	# a monitor generated by dot2k, its handler filled in
	"$REPO_DIR/tests/dot2/make_generated_monitor.sh" >/dev/null || status=1
	# the test tools
	mkdir -p "$RV_CACHE/bin"
	for t in "$REPO_DIR"/tests/tools/*.c; do
		gcc -Wall -Wextra -Werror -O2 -o "$RV_CACHE/bin/$(basename "$t" .c)" "$t" || status=1
	done
	build_rv_tool || status=1
	# and the benchmark's workloads, which a test runs briefly
	build_rv_bench || status=1
	return $status
}

die() { echo "${0##*/}: $*" >&2; exit 1; }
