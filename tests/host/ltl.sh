#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ltl2ba: golden automata for a few properties, every refused input, the
# C header compiled and stepped in a harness against the reference, and a
# random cross-check of the automaton's finite-prefix verdicts against an
# independent reference (formula progression, tests/ltl/ltl_check.c).
# ltl2k: the golden skeleton, the kernel's generated parts up to date,
# checkpatch on what it writes, and what it refuses.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"
cd "$REPO_DIR"

tools=$RV_CACHE/ltl/
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=linux/tools/verification/ltl
golden=tests/ltl/golden

mkdir -p "$tools"
out=$(make -s -C $src OUTPUT="$tools" CFLAGS="-O2 -Werror" 2>&1)
ktap_result $? "ltl2ba and ltl2k build with -Wall -Wextra, no warning" "$out"
ltl2ba=${tools}ltl2ba
out=$(gcc -O2 -Wall -Wextra -Werror -I$src -o "${tools}ltl_check" tests/ltl/ltl_check.c \
	"${tools}parse.o" "${tools}tableau.o" 2>&1)
ktap_result $? "the reference ltl_check builds on ltl2ba's parser, no warning" "$out"
check=${tools}ltl_check

# golden output
for f in rt wakeup grant precedence; do
	ktap_eq "ltl2ba $f.ltl prints the golden automaton" "$(cat $golden/$f.txt)" \
		"$($ltl2ba $golden/$f.ltl 2>&1)"
done
ktap_eq "ltl2ba --c rt rt.ltl prints the golden header" "$(cat $golden/rt.h)" \
	"$($ltl2ba --c rt $golden/rt.ltl 2>&1)"
ktap_eq "the property may come from the standard input" "$(cat $golden/rt.txt)" \
	"$($ltl2ba - < $golden/rt.ltl 2>&1)"

# refused input: exit status 2 and a message naming the place
refused() {	# DESC ERE TEXT
	local out status
	printf '%b' "$3" > "$work/rule.ltl"
	out=$(cd "$work" && "$ltl2ba" rule.ltl 2>&1 >/dev/null)
	status=$?
	ktap_eq "ltl2ba refuses $1, exit status 2" 2 $status
	ktap_match "saying: $2" "$2" "$out"
}
refused "an operator without an operand" \
	"^ltl2ba: rule\.ltl:1:23: expected an atom or '\(' after 'and'\$" \
	'RULE = always (RT and )\n'
refused "an operator at the start" \
	"^ltl2ba: rule\.ltl:2:8: expected an atom or '\(' at the start of the formula\$" \
	'# comment\nRULE = until A\n'
refused "an unclosed parenthesis" \
	"^ltl2ba: rule\.ltl:1:16: expected '\)' for the '\(' at column 8 after 'B'\$" 'RULE = (A and B\n'
refused "two atoms in a row" \
	"^ltl2ba: rule\.ltl:1:10: expected an operator or the end of the line after 'A'\$" 'RULE = A B\n'
refused "a character outside the language" \
	"^ltl2ba: rule\.ltl:1:10: expected an operator or the end of the line after 'A'\$" 'RULE = A & B\n'
refused "a line without '='" "^ltl2ba: rule\.ltl:1:6: expected '=' after the name 'RULE'\$" \
	'RULE always A\n'
refused "a line without a name" "^ltl2ba: rule\.ltl:1:1: expected a name at the start of the line\$" \
	'= A\n'
refused "an operator as a name" "^ltl2ba: rule\.ltl:1:1: 'always' is an operator, not a name\$" \
	'always = A\n'
refused "a name defined twice" "^ltl2ba: rule\.ltl:2:1: 'X' is already defined on line 1\$" \
	'X = A\nX = B\nRULE = X\n'
refused "an unknown name" "^ltl2ba: rule\.ltl:1:15: unknown name 'foo' \(atoms are upper case" \
	'RULE = always foo\n'
refused "a name defined through another" \
	"^ltl2ba: rule\.ltl:1:1: 'X' is defined through itself: X -> Y -> X\$" \
	'X = Y and A\nY = next X\nRULE = always X\n'
refused "a name defined through itself" \
	"^ltl2ba: rule\.ltl:1:1: 'RULE' is defined through itself: RULE -> RULE\$" 'RULE = A or next RULE\n'
refused "an empty file" "^ltl2ba: rule\.ltl: no property: expected a line NAME = FORMULA\$" \
	'# nothing\n\n'
atoms=$(for i in $(seq 1 33); do printf 'A%d and ' $i; done)
refused "33 atoms" "^ltl2ba: rule\.ltl: the property has more than 32 atoms \(A33 is one too many\)\$" \
	"RULE = always (${atoms% and })\n"
big=$(for i in 1 2 3 4 5 6; do printf 'always (A%d or B%d) and ' $i $i; done)
refused "an automaton over 64 states" "^ltl2ba: rule\.ltl: the automaton has 128 states, at most 64 allowed\$" \
	"RULE = ${big% and }\n"
big=$(for i in $(seq 1 16); do printf '(A%d or B%d) and ' $i $i; done)
refused "an automaton that grows too big while it is built" \
	"^ltl2ba: rule\.ltl: the automaton has more than 4096 states during its construction, at most 64 allowed\$" \
	"RULE = always (${big% and })\n"
atoms=$(for i in $(seq 1 32); do printf 'A%d and ' $i; done)
printf 'RULE = always (%s)\n' "${atoms% and }" > "$work/32.ltl"
ktap_ok "32 atoms are taken" $ltl2ba "$work/32.ltl"
big=$(for i in 1 2 3 4 5; do printf 'always (A%d or B%d) and ' $i $i; done)
printf 'RULE = %s\n' "${big% and }" > "$work/64.ltl"
ktap_match "and an automaton of 64 states (5 such conjuncts; 6 give 128)" '^states: 64$' "$($ltl2ba "$work/64.ltl")"
out=$($ltl2ba "$work/missing.ltl" 2>&1)
ktap_eq "a missing file: status 2 and a message" "2:ltl2ba: $work/missing.ltl: No such file or directory" \
	"$?:$out"
out=$($ltl2ba --c Bad-Name $golden/rt.ltl 2>&1)
ktap_eq "a monitor name that is not lower-case C: status 2" 2 $?
ktap_match "saying so" "^ltl2ba: monitor name 'Bad-Name'" "$out"
out=$($ltl2ba --frobnicate $golden/rt.ltl 2>&1)
ktap_eq "an unknown option: status 2" 2 $?
out=$($ltl2ba 2>&1)
ktap_eq "no file: status 2" 2 $?
ktap_match "--help explains the options" '--c NAME' "$($ltl2ba --help)"

# the C header: checkpatch, then compiled in a harness and stepped over
# random traces; the reference gives the first violation of each
cp="$TREE/scripts/checkpatch.pl"
for f in rt wakeup grant precedence; do
	mkdir -p "$work/h/$f"
	$ltl2ba --c mon $golden/$f.ltl > "$work/h/$f/monitor.h"
	if [ -x "$cp" ]; then
		out=$("$cp" --strict --no-tree -q -f "$work/h/$f/monitor.h" 2>&1)
		ktap_eq "checkpatch --strict finds nothing in the header of $f" "" "$out"
	else
		ktap_skip "checkpatch --strict on the header of $f" "no tree at $TREE"
	fi
	out=$(gcc -Wall -Wextra -Werror -I"$work/h/$f" -o "$work/h/$f/harness" tests/ltl/harness.c 2>&1)
	ktap_result $? "the header of $f compiles with -Wall -Wextra -Werror" "$out"
	"$check" traces $golden/$f.ltl 7 300 > "$work/h/$f/expected"
	out=$(diff <("$work/h/$f/harness" < "$work/h/$f/expected") "$work/h/$f/expected" | head -n 10)
	ktap_eq "and its state sets give the reference's verdicts on 300 random traces" "" "$out"
	echo "# $f: $(grep -vc '^-1 ' "$work/h/$f/expected") of 300 traces violate the property"
done

# the random cross-check
start=$SECONDS
out=$("$check" random "${LTL_SEED:-2026}" 2000)
status=$?
summary=$(tail -n 1 <<< "$out")
echo "# $summary ($((SECONDS - start)) s)"
ktap_result $status "2000 random formulas, 3 traces each: the automaton agrees with the reference, and each formula prints and reads back the same" \
	"$(head -n 40 <<< "$out")"
ktap_match "at least 2000 formula/trace pairs were compared, with 0 disagreements" \
	'^formulas 2000, .*traces ([2-5][0-9]{3}|6000), .*disagreements 0$' "$summary"

# ltl2k
ltl2k=${tools}ltl2k
models=linux/tools/verification/models/rtapp
monitors=linux/kernel/trace/rv/monitors
out=$(cd "$work" && "$ltl2k" -l "$REPO_DIR/$golden/rt.ltl" -n rtmon -p cont -D "what it checks" 2>&1)
ktap_result $? "ltl2k writes a monitor" "$out"
ktap_match "and prints its Kconfig entry under its container" '^	depends on RV_MON_CONT$' "$out"
for f in rtmon.c rtmon.h rtmon_trace.h Makefile; do
	ktap_eq "ltl2k writes the golden $f" "$(cat $golden/rtmon/$f)" "$(cat "$work/rtmon/$f")"
done
ktap_eq "its automaton is what ltl2ba -c prints" "$($ltl2ba -c rtmon $golden/rt.ltl)" \
	"$(cat "$work/rtmon/rtmon.h")"
if [ -x "$cp" ]; then
	out=$("$cp" --strict --no-tree -q -f "$work"/rtmon/*.[ch] 2>&1)
	ktap_eq "checkpatch --strict finds nothing in what ltl2k writes" "" "$out"
else
	ktap_skip "checkpatch --strict on what ltl2k writes" "no tree at $TREE"
fi
out=$(cd "$work" && "$ltl2k" -l "$REPO_DIR/$golden/rt.ltl" -n rtmon -p cont -D "what it checks" 2>&1)
ktap_result $? "writing the same files again succeeds" "$out"
echo '/* edited */' >> "$work/rtmon/rtmon.c"
out=$(cd "$work" && "$ltl2k" -l "$REPO_DIR/$golden/rt.ltl" -n rtmon -p cont -D "what it checks" 2>&1)
ktap_eq "a hand-edited file is not overwritten: status 2" 2 $?
ktap_match "saying so" 'rtmon/rtmon\.c exists and differs from what ltl2k writes: -f to overwrite it$' "$out"
ktap_match "and leaving it as it was" '/\* edited \*/$' "$(tail -n 1 "$work/rtmon/rtmon.c")"
out=$(cd "$work" && "$ltl2k" -f -l "$REPO_DIR/$golden/rt.ltl" -n rtmon -p cont -D "what it checks" 2>&1)
ktap_eq "-f overwrites it" "$(cat $golden/rtmon/rtmon.c)" "$(cat "$work/rtmon/rtmon.c")"
# the kernel's LTL monitors: what ltl2k generates from the property is unchanged
for m in pagefault; do
	mkdir -p "$work/kernel"
	"$ltl2k" -l $models/$m.ltl -o "$work/kernel" > /dev/null 2>&1
	for f in $m.h ${m}_trace.h; do
		ktap_eq "the kernel's $m/$f is what ltl2k generates from $m.ltl" \
			"$(cat "$work/kernel/$m/$f")" "$(cat $monitors/$m/$f)"
	done
done
ktap_eq "the header of the LTL KUnit tests is what ltl2ba -c writes for kunit.ltl" \
	"$($ltl2ba -c kunit_ltl $golden/kunit.ltl)" "$(cat linux/kernel/trace/rv/ltl_monitor_kunit.h)"
ktap_refused() {
	local what=$1 pattern=$2 out status
	shift 2
	out=$(cd "$work" && "$ltl2k" "$@" 2>&1)
	status=$?
	ktap_eq "ltl2k refuses $what: status 2" 2 $status
	ktap_match "saying so" "$pattern" "$out"
}
ktap_refused "no property" '^ltl2k: no property: -l PROPERTY\.ltl$'
ktap_refused "a bad name" "^ltl2k: monitor name 'Rt-Mon'" -l "$REPO_DIR/$golden/rt.ltl" -n Rt-Mon
ktap_refused "a file name that is no monitor name" "^ltl2k: monitor name '9lives'" \
	-l "$work/9lives.ltl"
ktap_refused "a bad container name" "^ltl2k: container name 'A B'" -l "$REPO_DIR/$golden/rt.ltl" -p "A B"
ktap_refused "a description with a quote" "^ltl2k: the description is one line" \
	-l "$REPO_DIR/$golden/rt.ltl" -D 'say "hi"'
printf 'RULE = always (A and\n' > "$work/bad.ltl"
ktap_refused "a property with an error, with its place" '^ltl2k: .*bad\.ltl:1:21: expected an atom' -l "$work/bad.ltl"
ktap_refused "an extra argument" "^ltl2k: unexpected argument 'x'" -l "$REPO_DIR/$golden/rt.ltl" x
ktap_refused "an unwritable folder" '^ltl2k: /proc/nope/rt: ' -l "$REPO_DIR/$golden/rt.ltl" -o /proc/nope
ktap_match "ltl2k --help explains the options" '--parent PARENT' "$("$ltl2k" --help)"

out=$(make -s -C $src OUTPUT="$tools" DESTDIR="$work/root" prefix=/usr install 2>&1)
ktap_ok "make install puts ltl2ba, ltl2k and their man pages under DESTDIR" \
	test -x "$work/root/usr/bin/ltl2ba" -a -f "$work/root/usr/share/man/man1/ltl2ba.1" -a \
	-x "$work/root/usr/bin/ltl2k" -a -f "$work/root/usr/share/man/man1/ltl2k.1"
ktap_finish
