#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The patch series (make series): exported with a chosen identity, it
# applies with git am to a git repository of the pristine Debian tree and
# gives the lab's prepared tree, byte for byte; every patch passes
# checkpatch --strict but for the exceptions the cover letter gives; and
# sparse and W=1 find nothing in our files of the last patch's tree. A
# plan that leaves a file, patch or symbol out, or gives it twice, is
# refused. That the kernel builds after the last patch, make kernel shows
# (the tree is the same); after each patch, make series-bisect (a kernel
# build per patch, too long for make check).
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"
cd "$REPO_DIR"

work=$(mktemp -d)
git_dir=$SERIES_GIT
trap 'rm -rf "$work"' EXIT
out=$work/out
from='Ada Tester <ada@example.org>'

export SERIES_FROM=$from
msg=$(make -s series SERIES_OUT="$out" 2>&1)
ktap_result $? "make series exports the series" "$msg"
nr_steps=$(ls series/[0-9]*.txt | wc -l)
mapfile -t patches < <(ls "$out"/[0-9][0-9][0-9][0-9]-*.patch | grep -v '/0000-')
ktap_eq "a patch for each of the $nr_steps steps, and a cover letter" \
	"$nr_steps 1" "${#patches[@]} $(ls "$out"/0000-cover-letter.patch | wc -l)"

cover=$out/0000-cover-letter.patch
ktap_match "the cover letter has its subject" \
	"^Subject: \[PATCH 00/$nr_steps\] The Runtime Verification \(RV\) interface$" "$(cat "$cover")"
ktap_nomatch "and no placeholder left" '\*\*\* (SUBJECT|BLURB) HERE' "$(cat "$cover")"
for section in 'How to test' 'Changes against the RFC' 'checkpatch'; do
	ktap_match "the cover letter has a '$section' section" "^$section" "$(cat "$cover")"
done
ktap_match "and the diffstat of the series" '^ [0-9]+ files changed, [0-9]+ insertions' "$(cat "$cover")"
bad=$(for p in "${patches[@]}"; do
	grep -qxF "From: $from" "$p" && grep -qxF "Signed-off-by: $from" "$p" ||
		echo "${p##*/}"
done)
ktap_eq "every patch is from and signed off by SERIES_FROM" "" "$bad"
ktap_match "the first patch removes the in-tree RV" '^Subject: \[PATCH 01/[0-9]+\] rv: Remove' \
	"$(cat "${patches[0]}")"
ktap_match "and deletes its core" '^deleted file mode .*' "$(grep -A1 '^diff --git a/kernel/trace/rv/rv.c' "${patches[0]}")"

# git am onto the pristine tree, in a worktree of its repository that
# stays in the cache: checking out the whole tree afresh each time took
# longer than the rest of this test; going back to the pristine commit
# rewrites only what the last run's patches changed
am_dir=$RV_CACHE/series/am
if ! git -C "$am_dir" rev-parse --git-dir >/dev/null 2>&1; then
	rm -rf "$am_dir"
	git --git-dir="$git_dir" worktree prune
	git --git-dir="$git_dir" worktree add -q --detach "$am_dir" refs/tags/pristine
fi
git -C "$am_dir" am --abort >/dev/null 2>&1
git -C "$am_dir" checkout -q -f --detach refs/tags/pristine && git -C "$am_dir" clean -q -f -d -x
ktap_eq "the worktree for git am is at the pristine tree" "" "$(git -C "$am_dir" status --porcelain)"
am=$(cd "$am_dir" && git -c user.name=Am -c user.email=am@example.org am -q "${patches[@]}" 2>&1)
ktap_result $? "git am applies every patch to the pristine tree" "$am"
ktap_eq "one commit each" "$nr_steps" \
	"$(git -C "$am_dir" rev-list --count refs/tags/pristine..HEAD)"
ktap_eq "and leaves a clean worktree" "" "$(git -C "$am_dir" status --porcelain)"
# The lab's tree as a git tree, hashed from an index of the pristine
# tree whose unchanged files it shares
lab_tree=$(series_tree_of "$TREE" "$work/lab.index")
am_tree=$(git -C "$am_dir" rev-parse 'HEAD^{tree}')
ktap_result "$([ -n "$lab_tree" ] && [ "$lab_tree" = "$am_tree" ]; echo $?)" \
	"the result is the lab's prepared tree, file for file" \
	"$(git --git-dir="$git_dir" diff --stat "$lab_tree" "$am_tree" 2>&1 | tail -n 20)"

# checkpatch --strict on each patch. The exceptions, given in the cover
# letter: checkpatch asks about MAINTAINERS for every patch that adds
# files (patch 2 adds the entry that covers them all), and libcgraph's
# names are CamelCase.
mkdir -p "$work/cp"
report=$(cd "$work/cp" && for p in "$cover" "${patches[@]}"; do
	"$TREE/scripts/checkpatch.pl" --root="$TREE" --strict "$p" | sed "s|^|${p##*/}: |"
done)
ktap_eq "checkpatch ran on the cover letter and every patch" "$((nr_steps + 1))" \
	"$(grep -c ': total: [0-9]* errors' <<< "$report")"
unexpected=$(grep -E ': (ERROR|WARNING|CHECK):' <<< "$report" |
	grep -vE ': WARNING: added, moved or deleted file\(s\), does MAINTAINERS need updating\?$' |
	grep -vE ': CHECK: Avoid CamelCase: <Ag(node_t|edge_t|raph_t|directed)>$')
ktap_eq "checkpatch --strict: nothing but the exceptions of the cover letter" "" "$unexpected"
ktap_match "the cover letter gives the MAINTAINERS exception" 'does MAINTAINERS need updating' \
	"$(tr '\n' ' ' < "$cover")"
ktap_match "and the CamelCase one" 'Avoid CamelCase" for Agnode_t, Agedge_t, Agraph_t and Agdirected' \
	"$(tr '\n' ' ' < "$cover")"
maint=$(sed -n '/^RUNTIME VERIFICATION (RV)$/,/^$/s/^F:\t//p' "$am_dir/MAINTAINERS")
uncovered=$(cd "$am_dir" && git diff --name-only --diff-filter=A refs/tags/pristine HEAD |
	while read -r f; do
		covered=0
		for pat in $maint; do
			case $f in "$pat"|"$pat"*/*|"${pat%/}"/*) covered=1 ;; esac
		done
		[ $covered -eq 1 ] || echo "$f"
	done)
ktap_eq "the MAINTAINERS entry covers every file the series adds" "" "$uncovered"

# sparse and W=1 on our kernel code, in the last patch's tree: only the
# RV directory is built (and what it needs), with the series config
msg=$(lab/series-build.sh --configure-only last 2>&1)
ktap_result $? "the last patch's tree configures with every RV option ($(grep -o 'patch [0-9]*: .*' <<< "$msg" | head -1))" \
	"$(tail -n 30 <<< "$msg")"
last=$RV_CACHE/series/build/$(printf %02d "$nr_steps")
sparse=$(make -C "$last/src" O="$last/obj" ARCH=x86_64 CC="ccache gcc" -j"$(nproc)" \
	C=2 W=1 kernel/trace/rv/ 2>&1)
ktap_match "sparse checked our files" '^  CHECK .*/kernel/trace/rv/monitors/wwnr/wwnr\.c$' "$sparse"
ours='(kernel/trace/rv/|include/rv/|include/linux/rv(_task)?\.h|include/linux/sched\.h:[0-9]+:.*rv)'
ktap_eq "sparse and W=1 find nothing in our files" "" \
	"$(grep -E "$ours" <<< "$sparse" | grep -vE '^  [A-Z]+ ' | head -n 20)"

# a plan with a mistake is refused
plan=$work/plan
bad_plan() {
	rm -rf "$plan"
	cp -r series "$plan"
	perl -0777 -i -pe "$2" "$plan/$1"
}
bad_plan 03-reactors.txt 's/^Files: .*\n//m'
ktap_match "a file in no step is refused" 'rv_reactors.c is in the Files of no step' \
	"$(SERIES_PLAN=$plan lab/series.sh --out "$work/bad" 2>&1)"
bad_plan 03-reactors.txt 's/^Symbols: RV_REACTORS$/Symbols: RV_REACTORS RV/m'
ktap_match "a symbol in two steps is refused" 'RV is in the Symbols of more than one step' \
	"$(SERIES_PLAN=$plan lab/series.sh --out "$work/bad" 2>&1)"
bad_plan 16-docs-basic.txt 's/^Patches: .*\n//m'
ktap_match "a patch in no step is refused" 'rv-docs-index.patch is in the Patches of no step' \
	"$(SERIES_PLAN=$plan lab/series.sh --out "$work/bad" 2>&1)"
ktap_fails "an identity that is not 'Name <email>' is refused" \
	env SERIES_FROM=nobody lab/series.sh --out "$work/bad"
mkdir -p "$work/keep" && touch "$work/keep/notes.txt"
ktap_fails "a folder with other files in it is not emptied" lab/series.sh --out "$work/keep"
ktap_ok "and still has them" test -f "$work/keep/notes.txt"
ktap_finish
