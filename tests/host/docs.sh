#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Documentation and kernel style: the RV pages are valid reStructuredText,
# build with the kernel's Sphinx setup without a warning and are linked
# from the tracing index, our kernel files pass checkpatch --strict, and
# their kernel-doc is complete.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"
cd "$REPO_DIR"

for page in linux/Documentation/trace/rv/*.rst; do
	out=$(/usr/bin/python3 tests/docs/check_rst.py "$page" 2>&1)
	ktap_result $? "docutils finds nothing wrong in ${page#linux/}" "$out"
done
# the kernel's own Sphinx build of just these pages, warnings as errors
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=$(make -C "$TREE" O="$work/docs" SPHINXDIRS=trace/rv SPHINXOPTS="-W --keep-going" \
	htmldocs 2>&1)
ktap_result $? "Sphinx builds Documentation/trace/rv with no warning (make htmldocs)" \
	"$(grep -vE 'parse-headers.pl' <<< "$out" | tail -n 30)"
html=$work/docs/Documentation/output/trace/rv
for page in linux/Documentation/trace/rv/*.rst; do
	ktap_ok "and writes $(basename "$page" .rst).html" test -s "$html/$(basename "$page" .rst).html"
done
for sym in rv_register_monitor rv_report_violation rv_register_reactor rv_get_task_monitor_slot; do
	ktap_ok "the API reference, from kernel-doc, documents $sym" \
		grep -q "id=\"c\.$sym\"" "$html/runtime-verification.html"
done

ktap_match "the tracing index links the RV pages" '^   rv/index$' "$(cat "$TREE/Documentation/trace/index.rst")"
for page in linux/Documentation/trace/rv/*.rst; do
	name=$(basename "$page" .rst)
	[ "$name" = index ] && continue
	ktap_match "the RV index lists $name" "^   $name\$" "$(cat linux/Documentation/trace/rv/index.rst)"
done

files=$(cd linux && find kernel include -name '*.[ch]' | sort)
out=$(cd linux && "$TREE/scripts/checkpatch.pl" --strict --no-tree -q -f $files 2>&1)
ktap_eq "checkpatch --strict finds nothing in our kernel files" "" "$out"
out=$(cd linux && "$TREE/scripts/checkpatch.pl" --strict --no-tree -q -f \
	$(find kernel -name Kconfig -o -name Makefile) 2>&1)
ktap_eq "nor in our Kconfig and Makefiles" "" "$out"
out=$(cd linux && "$TREE/scripts/kernel-doc" -none $files 2>&1)
ktap_eq "kernel-doc finds no missing or broken comment" "" "$out"
out=$(cd linux && for f in $(grep -l EXPORT_SYMBOL_GPL $files); do
	for sym in $(sed -n 's/^EXPORT_SYMBOL_GPL(\(.*\));/\1/p' "$f"); do
		case $sym in __rv_monitoring_on|__rv_reacting_on) continue ;; esac
		grep -q "^ \* $sym - " "$f" || echo "$f: $sym has no kernel-doc"
	done
done)
ktap_eq "every exported function has kernel-doc" "" "$out"
ktap_finish
