#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Prepare the kernel tree in the cache:
#   1. extract Debian's tarball (once),
#   2. remove the in-tree RV (once per version of the removal script),
#   3. bring the tree to BASE + linux/ overlay + patches/series.
# Step 3 only rewrites files whose content changed, so that make rebuilds
# only what an edit touched.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

mkdir -p "$RV_CACHE"
[ -f "$TARBALL" ] || die "$TARBALL not found (make deps installs linux-source-6.1)"

stamp_of() { cat "$1" 2>/dev/null || true; }

tarball_id=$(stat -c '%s %Y' "$TARBALL")
if [ "$(stamp_of "$RV_CACHE/.pristine")" != "$tarball_id" ]; then
	echo "prepare: extracting $TARBALL" >&2
	rm -rf "$PRISTINE" "$BASE" "$TREE" "$RV_CACHE/.pristine" "$RV_CACHE/.base"
	tar -C "$RV_CACHE" -xJf "$TARBALL"
	[ -f "$PRISTINE/Makefile" ] || die "the tarball did not give $PRISTINE"
	echo "$tarball_id" > "$RV_CACHE/.pristine"
fi

base_id="$tarball_id $(sha1sum < "$LAB_DIR/remove-in-tree-rv.sh")"
if [ "$(stamp_of "$RV_CACHE/.base")" != "$base_id" ]; then
	echo "prepare: removing the in-tree RV" >&2
	rm -rf "$BASE" "$TREE" "$RV_CACHE/.base"
	# Hard links: the removal and the sync below replace files, never
	# write into them, so the pristine tree stays intact.
	cp -al "$PRISTINE" "$BASE.tmp"
	"$LAB_DIR/remove-in-tree-rv.sh" "$BASE.tmp"
	mv "$BASE.tmp" "$BASE"
	echo "$base_id" > "$RV_CACHE/.base"
fi

if [ ! -d "$TREE" ]; then
	cp -al "$BASE" "$TREE.tmp"
	mv "$TREE.tmp" "$TREE"
	rm -f "$RV_CACHE/.tree-manifest"
fi

# Compose the wanted content of every file we own in a staging folder.
stage=$RV_CACHE/stage
rm -rf "$stage"
mkdir -p "$stage"
series=$REPO_DIR/patches/series
patch_list=()
if [ -f "$series" ]; then
	while read -r p _; do
		case $p in ''|\#*) continue ;; esac
		patch_list+=("$REPO_DIR/patches/$p")
	done < "$series"
fi
for p in "${patch_list[@]}"; do
	sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$p"
done | sort -u | while read -r f; do
	if [ -e "$BASE/$f" ]; then
		mkdir -p "$stage/$(dirname "$f")"
		cp -p "$BASE/$f" "$stage/$f"
	fi
done
cp -a "$REPO_DIR/linux/." "$stage/"
for p in "${patch_list[@]}"; do
	patch -d "$stage" -p1 -s -F0 -N --no-backup-if-mismatch < "$p" ||
		die "patch ${p#"$REPO_DIR"/} does not apply"
done
sync_tree "$stage" "$TREE" "$RV_CACHE/.tree-manifest"
