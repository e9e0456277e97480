#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Export our work as a patch series that applies with git am to the
# pristine Debian tree: a cover letter, the removal of the in-tree RV
# (generated here, from the trees in the cache), then one patch per step
# that series/NN-*.txt describes.
#
# Usage: series.sh [--out DIR]
#   --out DIR	where the cover letter and patches go (default
#		$SERIES_OUT, else $RV_CACHE/series-out); emptied first
# Environment:
#   SERIES_FROM		author and Signed-off-by, "Name <email>" (default:
#			the repository's git identity)
#   SERIES_PREFIX	the subject prefix (default PATCH)
#   SERIES_PLAN		the folder of step descriptions (default series/)
#
# A step description is a header, a blank line and the commit message:
#   Subject:	the patch's subject line (required)
#   Files:	our files (paths under linux/) that this step adds
#   Patches:	patches/ files (quilt edits of kernel files) it applies
#   Symbols:	the Kconfig symbols it introduces
#   Skeleton:	MODEL TYPE DESCRIPTION: add what dot2k generates for
#		tools/verification/models/MODEL.dot, unchanged
#   Tree:	base: the step is the removal of the in-tree RV
# A header line that starts with a blank continues the one above.
#
# Every file, patch and symbol of ours belongs to exactly one step. Before
# its step, a file does not exist; what a file holds for a later step
# (a Kconfig entry, a Makefile line, a toctree entry, an #ifdef branch) is
# held back until that step, so that every patch builds.
#
# The commits are kept in the git repository $RV_CACHE/series/git, the
# step N as refs/series/NN; lab/series-build.sh builds them.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=${SERIES_OUT:-$RV_CACHE/series-out}
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=${2:?--out needs a folder}; shift 2 ;;
	*) die "unknown argument '$1' (usage: series.sh [--out DIR])" ;;
	esac
done
plan=${SERIES_PLAN:-$REPO_DIR/series}
prefix=${SERIES_PREFIX:-PATCH}
from=${SERIES_FROM:-$(git -C "$REPO_DIR" config user.name 2>/dev/null || true) <$(git -C "$REPO_DIR" config user.email 2>/dev/null || true)>}
[[ $from =~ ^([^<>]*[^<> ])\ +\<([^<>@ ]+@[^<> ]+)\>$ ]] ||
	die "SERIES_FROM is '$from', not 'Name <email>'"
export GIT_AUTHOR_NAME=${BASH_REMATCH[1]} GIT_AUTHOR_EMAIL=${BASH_REMATCH[2]}
export GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
# The date of our last commit: the same sources give the same series.
date=$(git -C "$REPO_DIR" log -1 --format=%cI 2>/dev/null || date -Iseconds)
export GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date

[ -d "$BASE" ] && [ -d "$TREE" ] || die "no prepared tree in $RV_CACHE (make prepare)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git_dir=$SERIES_GIT
g() { series_git "$@"; }

# The pristine tree, committed once per tarball.
pristine_id=$(cat "$RV_CACHE/.pristine")
if [ "$(cat "$RV_CACHE/series/.pristine" 2>/dev/null)" != "$pristine_id" ]; then
	echo "series: committing the pristine tree (once)" >&2
	rm -rf "$RV_CACHE/series"
	mkdir -p "$RV_CACHE/series"
	git init -q --bare "$git_dir"
	g config core.bare false
	version=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || echo unknown)
	GIT_INDEX_FILE=$SERIES_PRISTINE_INDEX g --work-tree="$PRISTINE" add -A -f
	tree=$(GIT_INDEX_FILE=$SERIES_PRISTINE_INDEX g write-tree)
	commit=$(GIT_AUTHOR_NAME=Debian GIT_AUTHOR_EMAIL=debian-kernel@lists.debian.org \
		GIT_COMMITTER_NAME=Debian GIT_COMMITTER_EMAIL=debian-kernel@lists.debian.org \
		GIT_AUTHOR_DATE="@$(stat -c %Y "$TARBALL") +0000" GIT_COMMITTER_DATE="@$(stat -c %Y "$TARBALL") +0000" \
		g commit-tree "$tree" -m "Debian linux-source-6.1 $version")
	g update-ref refs/tags/pristine "$commit"
	echo "$pristine_id" > "$RV_CACHE/series/.pristine"
fi

# tree_of DIR: the git tree of DIR, a hard-linked copy of PRISTINE.
tree_of() { series_tree_of "$1" "$work/index"; }

# The plan: header fields of every step.
steps=()
for f in "$plan"/[0-9]*.txt; do
	[ -f "$f" ] || die "no step descriptions in $plan"
	steps+=("$f")
done
# field STEP NAME: the value of a header field, continuation lines joined.
field() {
	awk -v want="$2" '
		/^$/ { exit }
		/^[A-Za-z-]+:/ { name = $1; sub(/:$/, "", name); sub(/^[^:]*:[ \t]*/, "") }
		/^[ \t]/ { sub(/^[ \t]+/, " ") }
		name == want { printf "%s", $0 }
		END { print "" }
	' "$1"
}
message() { sed '1,/^$/d' "$1"; }

# Every file, patch and symbol of ours belongs to exactly one step.
(cd "$REPO_DIR/linux" && find . -type f | sed 's|^\./||' | sort) > "$work/ours-overlay"
sed -n 's/^\([^#[:space:]][^[:space:]]*\).*/\1/p' "$REPO_DIR/patches/series" | sort > "$work/ours-patches"
sed -n 's/^\(menu\)\{0,1\}config[[:space:]]\{1,\}\([A-Za-z0-9_]*\).*/\2/p' \
	"$REPO_DIR"/linux/kernel/trace/rv/Kconfig | sort > "$work/ours-symbols"
for kind in Files:overlay Patches:patches Symbols:symbols; do
	for s in "${steps[@]}"; do
		for item in $(field "$s" "${kind%%:*}"); do
			echo "$item ${s##*/}"
		done
	done | sort > "$work/claimed-${kind#*:}"
	cut -d' ' -f1 "$work/claimed-${kind#*:}" | uniq -d | while read -r item; do
		die "$item is in the ${kind%%:*} of more than one step"
	done
	comm -23 "$work/ours-${kind#*:}" <(cut -d' ' -f1 "$work/claimed-${kind#*:}") |
	while read -r item; do
		die "$item is in the ${kind%%:*} of no step in ${plan#"$REPO_DIR"/}"
	done
	comm -13 "$work/ours-${kind#*:}" <(cut -d' ' -f1 "$work/claimed-${kind#*:}") |
	while read -r item; do
		die "${kind%%:*} of a step names $item, which is not ours"
	done
done
for s in "${steps[@]}"; do
	[ -n "$(field "$s" Subject)" ] || die "${s##*/} has no Subject"
	[ -n "$(message "$s" | tr -d '[:space:]')" ] || die "${s##*/} has no message"
done
[ "$(field "${steps[0]}" Tree)" = base ] || die "the first step must be the removal (Tree: base)"

# dot2k, for the skeletons
make -s -C "$REPO_DIR/linux/tools/verification/dot2" OUTPUT="$work/" >/dev/null

removal_tree=$(tree_of "$BASE")
# Files of the kernel tree that our patches edit: their BASE version.
mkdir -p "$work/base"
for p in $(cat "$work/ours-patches"); do
	sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$REPO_DIR/patches/$p"
done | sort -u > "$work/patched"
while read -r f; do
	mkdir -p "$work/base/$(dirname "$f")"
	cp "$BASE/$f" "$work/base/$f"
done < "$work/patched"
comm -12 "$work/patched" "$work/ours-overlay" | while read -r f; do
	die "$f is both an overlay file and patched"
done

# A generated skeleton: MODEL TYPE DESCRIPTION into DIR.
skeleton() {
	local model=$1 type=$2 dir=$3
	shift 2
	shift
	mkdir -p "$dir/kernel/trace/rv/monitors"
	"$work/dot2k" -d "$REPO_DIR/linux/tools/verification/models/$model.dot" \
		-t "$type" -D "$*" -o "$dir/kernel/trace/rv/monitors" >/dev/null
}

# Empty the output folder, if it holds nothing but patches.
if [ -d "$out" ] && find "$out" -mindepth 1 ! -name '*.patch' | grep -q .; then
	die "$out holds other files than patches: not emptied; choose another --out"
fi
rm -rf "$out"
mkdir -p "$out"
: > "$work/present"
parent=$(g rev-parse refs/tags/pristine)
g for-each-ref --format='%(refname)' refs/series/ | while read -r ref; do
	g update-ref -d "$ref"
done
n=0
for s in "${steps[@]}"; do
	n=$((n + 1))
	name=${s##*/}
	if [ $n -eq 1 ]; then
		tree=$removal_tree
	else
		# What later steps introduce is held back from this one.
		later=$(for l in "${steps[@]:$n}"; do field "$l" Symbols; done | xargs)
		field "$s" Files | tr ' ' '\n' | sed '/^$/d' >> "$work/present"
		stage=$work/stage-$n
		mkdir -p "$stage"
		read -r -a skel <<< "$(field "$s" Skeleton)"
		if [ ${#skel[@]} -gt 0 ]; then
			[ ${#skel[@]} -ge 3 ] || die "$name: Skeleton: MODEL TYPE DESCRIPTION"
			skeleton "${skel[@]:0:2}" "$work/skel-${skel[0]}" "${skel[*]:2}"
		fi
		# skeletons of earlier steps, until their files are ours
		for d in "$work"/skel-*/; do
			[ -d "$d" ] || continue
			(cd "$d" && find . -type f | sed 's|^\./||') | while read -r f; do
				if ! grep -qxF "$f" "$work/present"; then
					mkdir -p "$stage/$(dirname "$f")"
					cp "$d/$f" "$stage/$f"
				fi
			done
		done
		# present paths: ours, the skeletons', and the patched files
		(sort -u "$work/present"; cd "$stage" && find . -type f | sed 's|^\./||') |
			sort -u > "$work/present-paths"
		undefine=()
		for sym in $later; do undefine+=("-UCONFIG_$sym"); done
		: > "$work/sources"
		others=()
		while read -r f; do
			mkdir -p "$stage/${f%/*}"
			case $f in
			*.c|*.h)
				rc=0
				unifdef "${undefine[@]}" -o "$work/unifdef.out" "$REPO_DIR/linux/$f" || rc=$?
				[ $rc -le 1 ] || die "$name: unifdef failed on $f"
				# a branch gone leaves its blank lines around it: one is enough
				cat -s "$work/unifdef.out" > "$stage/$f"
				echo "$f" >> "$work/sources" ;;
			*)
				others+=("$f") ;;
			esac
		done < <(sort -u "$work/present")
		# the other files, all at once
		"$LAB_DIR/series-hold-back.pl" --later "$later" \
			--ours "$work/ours-overlay" --present "$work/present-paths" \
			--from "$REPO_DIR/linux" --to "$stage" "${others[@]}" ||
			die "$name: cannot hold back its files"
		# git keeps one bit of the mode
		while read -r f; do
			[ ! -x "$REPO_DIR/linux/$f" ] || chmod +x "$stage/$f"
		done < <(sort -u "$work/present")
		# all the C files at once: none names a symbol a later step adds
		if [ -n "$later" ] && [ -s "$work/sources" ]; then
			left=$(cd "$stage" && xargs -d '\n' grep -HowE "CONFIG_(${later// /|})" \
				< "$work/sources" || true)
			left=${left%%$'\n'*}
			[ -z "$left" ] || die "$name: ${left%%:*} still names ${left#*:}, which a later step adds"
		fi
		for p in $(field "$s" Patches); do
			patch -d "$work/base" -p1 -s -F0 -N --no-backup-if-mismatch \
				< "$REPO_DIR/patches/$p" || die "$name: patches/$p does not apply"
		done
		cp -a "$work/base/." "$stage/"
		# the removal's tree, plus this step's files
		GIT_INDEX_FILE=$work/index g read-tree "$removal_tree"
		(cd "$stage" && find . -type f | sed 's|^\./||' | sort) > "$work/staged"
		# one git for all the objects
		(cd "$stage" && g hash-object -w --stdin-paths) < "$work/staged" > "$work/hashes"
		while read -r f && read -r hash <&3; do
			mode=100644
			[ ! -x "$stage/$f" ] || mode=100755
			echo "$mode $hash	$f"
		done < "$work/staged" 3< "$work/hashes" |
			GIT_INDEX_FILE=$work/index g update-index --add --index-info
		tree=$(GIT_INDEX_FILE=$work/index g write-tree)
	fi
	[ "$tree" != "$(g rev-parse "$parent^{tree}")" ] || die "$name changes nothing"
	{
		field "$s" Subject
		echo
		message "$s"
		echo
		echo "Signed-off-by: $GIT_AUTHOR_NAME <$GIT_AUTHOR_EMAIL>"
	} | git stripspace > "$work/msg"
	parent=$(g commit-tree "$tree" -p "$parent" -F "$work/msg")
	g update-ref "refs/series/$(printf %02d $n)" "$parent"
done

# The last step must be the lab's tree, exactly.
[ "$(g rev-parse "$parent^{tree}")" = "$(tree_of "$TREE")" ] ||
	die "the series does not end at the prepared tree (make prepare, or a file held back for good?)"

g format-patch -q --cover-letter --subject-prefix="$prefix" --no-signature \
	-o "$out" refs/tags/pristine.."$parent"
cover=$(ls "$out"/0000-*.patch)
perl -0777 -i -pe '
	BEGIN { local $/; open(my $f, "<", shift @ARGV) or die; ($subject, $blurb) = split /\n\n/, <$f>, 2 }
	s/\*\*\* SUBJECT HERE \*\*\*/$subject/ or die "no subject placeholder\n";
	s/\*\*\* BLURB HERE \*\*\*\n/$blurb/ or die "no blurb placeholder\n";
' "$plan/cover-letter.txt" "$cover"
echo "series: $((n + 1)) files (cover letter and $n patches) in $out" >&2
