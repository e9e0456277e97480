#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# dot2c and dot2k: golden output for the wip and wwnr models, for a
# per-object monitor and a container, random automata in varied DOT
# checked through a compiled harness, every class of invalid model and
# of refused command line, the generated monitors and containers compiled
# in the kernel, and the tools' install, help and overwrite rules; hybrid
# automata (clocks, guards, invariants): golden output, the notation of
# Linux's RV, every refused model with its message, and the generated
# hybrid monitors of every kind compiled in the kernel.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"
cd "$REPO_DIR"

tools=$RV_CACHE/dot2/
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
models=linux/tools/verification/models
monitors=linux/kernel/trace/rv/monitors
# the generated skeletons; the kernel's monitors hold the golden model.h
# and trace headers, regenerated below
golden=tests/dot2/golden

mkdir -p "$tools"
out=$(make -s -C linux/tools/verification/dot2 OUTPUT="$tools" CFLAGS="-O2 -Werror" 2>&1)
ktap_result $? "dot2c and dot2k build with -Wall -Wextra, no warning" "$out"
dot2c=${tools}dot2c
dot2k=${tools}dot2k

# golden output
for m in wip wwnr; do
	ktap_eq "dot2c $m.dot prints the golden model" "$(cat $monitors/$m/model.h)" \
		"$($dot2c $models/$m.dot 2>&1)"
done
$dot2k -d $models/wip.dot -t per_cpu -o "$work" -D "wakeup in preemptive" >/dev/null
$dot2k -d $models/wwnr.dot -t per_task -o "$work" -D "wakeup while not running" >/dev/null
for m in wip wwnr; do
	ktap_ok "dot2k writes $m/model.h as dot2c prints it" cmp "$work/$m/model.h" $monitors/$m/model.h
	ktap_ok "dot2k writes the golden $m/$m.c skeleton" cmp "$work/$m/$m.c" $golden/$m.c
done

# a per-object monitor, a child of a container, and the container: the
# same as the hand-written test modules, tobj under sched
tobj_dot=tests/modules/rv_test_objects/tobj.dot
mkdir -p "$work/golden"
out=$($dot2k -d $tobj_dot -t per_obj -c 256 -p sched -D "made-up objects, taken and given back" \
	-o "$work/golden")
ktap_eq "dot2k -t per_obj -c 256 -p sched prints the golden Kconfig entry and hints" \
	"$(cat $golden/tobj.out)" "$out"
ktap_ok "and writes the golden tobj/tobj.c skeleton" cmp "$work/golden/tobj/tobj.c" $golden/tobj.c
ktap_ok "and tobj/model.h as in the hand-written per-object test monitor" \
	cmp "$work/golden/tobj/model.h" tests/modules/rv_test_objects/model.h
ktap_match "a per-object monitor traces the object's id as per-task ones trace the pid" \
	'^DEFINE_RV_DA_TASK_EVENT\(tobj\);$' "$(cat "$work/golden/tobj/tobj_trace.h")"
out=$($dot2k container -n sched -D "scheduler specifications" -o "$work/golden")
ktap_eq "dot2k container -n sched prints the golden Kconfig entry and hints" \
	"$(cat $golden/sched.out)" "$out"
for f in sched.c sched.h Makefile:sched.Makefile; do
	ktap_ok "and writes the golden sched/${f%%:*}" cmp "$work/golden/sched/${f%%:*}" "$golden/${f#*:}"
done
ktap_eq "nothing else" "Makefile sched.c sched.h" "$(ls "$work/golden/sched" | xargs)"
$dot2k -d $tobj_dot -t per_obj -n tobj_alone -o "$work/golden" >/dev/null
c=$(cat "$work/golden/tobj_alone/tobj_alone.c")
ktap_match "a per-object monitor follows 1024 objects by default" \
	'^DECLARE_DA_MON_PER_OBJ\(tobj_alone, unsigned char, 1024\);$' "$c"
ktap_match "its DECLARE_DA_MON_PER_OBJ follows the declaration of its rv_monitor" \
	'^static struct rv_monitor rv_tobj_alone;$' "$(grep -B1 '^DECLARE_DA_MON_PER_OBJ' <<< "$c")"
ktap_match "without -p, it stands alone" '^	return rv_register_monitor\(&rv_tobj_alone\);$' "$c"
ktap_nomatch "and includes no container" '#include "\.\./' "$c"
out=$($dot2k -d $tobj_dot -t per_obj -c 1048576 -n tobj_max -o "$work/golden")
ktap_result $? "the largest capacity, 1048576 (1 << 20), is taken" "$out"
ktap_match "and declared" 'DECLARE_DA_MON_PER_OBJ\(tobj_max, unsigned char, 1048576\);' \
	"$(cat "$work/golden/tobj_max/tobj_max.c")"
$dot2k -d $models/wip.dot -t per_cpu -p sched -n wip_child -o "$work/golden" >/dev/null
c=$(cat "$work/golden/wip_child/wip_child.c")
ktap_match "-p works for every kind: a per-CPU child includes its container's header" \
	'^#include "\.\./sched/sched\.h"$' "$c"
ktap_match "and registers under it" '^	return rv_register_monitor\(&rv_wip_child, &rv_sched\);$' "$c"

# refused command lines: exit status 2, a message, nothing written
refused() {	# DESC ERE ARGS...
	local desc=$1 ere=$2 out status
	shift 2
	rm -rf "$work/refused" && mkdir "$work/refused"
	out=$(cd "$work/refused" && $dot2k "$@" 2>&1 >/dev/null)
	status=$?
	ktap_eq "dot2k refuses $desc, exit status 2" 2 $status
	ktap_match "saying: $ere" "$ere" "$out"
	ktap_eq "and writes nothing" "" "$(ls -A "$work/refused")"
}
tobj_abs=$REPO_DIR/$tobj_dot
for c in 0 -1 1048577 4294967297 12x 0x10 "" " 5" +5 1e3; do
	refused "the capacity '$c'" "^dot2k: capacity '$(sed 's/[+.]/\\&/g' <<< "$c")': .* a whole number from 1 to 1048576\$" \
		-d "$tobj_abs" -t per_obj -c "$c"
done
for kind in global per_cpu; do
	refused "-c for a $kind monitor" \
		"^dot2k: -c/--capacity is for per_obj monitors and hybrid per_task ones only, not $kind ones\$" \
		-c 10 -d "$tobj_abs" -t $kind
done
refused "-c for a deterministic per_task monitor" \
	'^dot2k: -c/--capacity is .* only, not deterministic per_task ones$' -c 10 -d "$tobj_abs" -t per_task
refused "a container without -n" '^dot2k container: -n NAME is required$' container -D "no name"
refused "a container with -d" '^dot2k container: -d/--dot is for monitors: a container has no model' \
	container -n box -d "$tobj_abs"
refused "a container with -t" '^dot2k container: -t/--type is for monitors' container -n box -t per_cpu
refused "a container with -c" '^dot2k container: -c/--capacity is for monitors' container -n box -c 4
refused "a container with -m" '^dot2k container: -m/--model-only is for monitors' container -n box -m
refused "a container in a container" 'containers do not nest$' container -n box -p sched
for name in Box box-1 a/b "" abcdefghijabcdefghijabcdefghij_32; do
	refused "the container name '$name'" "^dot2k: container name '$name': " container -n "$name"
done
for name in Bad-Name "" abcdefghijabcdefghijabcdefghij_32; do
	refused "the monitor name '$name'" "^dot2k: monitor name '$name': " \
		-d "$tobj_abs" -t per_obj -n "$name"
done
refused "the parent name 'Sched'" "^dot2k: container name 'Sched': " -d "$tobj_abs" -t per_obj -p Sched
refused "a monitor as its own container" '^dot2k: monitor tobj cannot be its own container$' \
	-d "$tobj_abs" -t per_obj -p tobj
refused "an unknown type" "^dot2k: unknown monitor type 'per_thread': global, per_cpu, per_task or per_obj\$" \
	-d "$tobj_abs" -t per_thread
refused "a monitor without -t" '^dot2k: -t KIND is required' -d "$tobj_abs"
refused "a monitor without -d" '^dot2k: -d MODEL.dot is required' -t per_obj
refused "the subcommand after the options" '^dot2k: the subcommand container comes first$' \
	-d "$tobj_abs" -t per_obj container
refused "a description with a quote" "^dot2k: the description must be one line" container -n box -D 'a "b"'

# the kernel's monitors: their generated parts come from the models as they are
for spec in wip:per_cpu wwnr:per_task; do
	m=${spec%%:*}
	mkdir -p "$work/regen" && $dot2k -m -d $models/$m.dot -t ${spec#*:} -o "$work/regen"
	for f in model.h ${m}_trace.h; do
		ktap_ok "kernel/trace/rv/monitors/$m/$f regenerates identically from $m.dot" \
			cmp "$work/regen/$m/$f" $monitors/$m/$f
	done
	mkdir -p "$work/regen2"
	$dot2k -d $models/$m.dot -t ${spec#*:} -o "$work/regen2" >/dev/null
	ktap_ok "and its Makefile" cmp "$work/regen2/$m/Makefile" $monitors/$m/Makefile
done
# the sched container's monitors, from models/sched/: the same, as its
# children (-p sched), and the container's own generated files
for spec in sco:per_cpu snroc:per_task scpd:per_cpu snep:per_cpu sts:per_cpu \
	    nrp:per_task sssw:per_task opid:per_cpu; do
	m=${spec%%:*}
	mkdir -p "$work/regen-sched"
	$dot2k -m -d $models/sched/$m.dot -t ${spec#*:} -p sched -o "$work/regen-sched"
	for f in model.h ${m}_trace.h; do
		ktap_ok "kernel/trace/rv/monitors/$m/$f regenerates identically from sched/$m.dot" \
			cmp "$work/regen-sched/$m/$f" $monitors/$m/$f
	done
	mkdir -p "$work/regen-sched2"
	$dot2k -d $models/sched/$m.dot -t ${spec#*:} -p sched -o "$work/regen-sched2" >/dev/null
	ktap_ok "and its Makefile" cmp "$work/regen-sched2/$m/Makefile" $monitors/$m/Makefile
	ktap_match "and it registers under sched" "^	return rv_register_monitor\(&rv_$m, &rv_sched\);\$" \
		"$(cat $monitors/$m/$m.c)"
done
$dot2k container -n sched -o "$work/regen-sched2" \
	-D "scheduler specifications from the formal model of Linux's scheduler" >/dev/null
for f in sched.c sched.h Makefile; do
	ktap_ok "kernel/trace/rv/monitors/sched/$f is what dot2k container writes" \
		cmp "$work/regen-sched2/sched/$f" $monitors/sched/$f
done

# random automata, in varied DOT, through a compiled harness
python3 tests/dot2/random_models.py "$work" 40 "${DOT2_SEED:-2021}"
bad=0
for dot in "$work"/rnd*.dot; do
	name=$(basename "$dot" .dot)
	mkdir -p "$work/h/$name"
	if ! $dot2c "$dot" > "$work/h/$name/model.h" 2>"$work/h/$name/err"; then
		echo "# $name: dot2c failed: $(cat "$work/h/$name/err")"
		bad=$((bad + 1)); continue
	fi
	sed "s/@NAME@/$name/g" tests/dot2/harness.c.in > "$work/h/$name/harness.c"
	if ! gcc -Wall -Wextra -Werror -o "$work/h/$name/harness" "$work/h/$name/harness.c" \
		-I"$work/h/$name" 2>"$work/h/$name/err"; then
		echo "# $name: the harness does not compile: $(head -n 5 "$work/h/$name/err")"
		bad=$((bad + 1)); continue
	fi
	if ! diff <("$work/h/$name/harness" | sort) "$work/$name.expected" > "$work/h/$name/diff"; then
		echo "# $name: the tables differ:"; sed 's/^/#   /' "$work/h/$name/diff" | head -n 10
		bad=$((bad + 1))
	fi
done
ktap_eq "40 random automata: model.h has exactly the graph's function, initial and final states" 0 $bad

# invalid models: exit 1, a message naming the file and the fault
check_invalid() {	# FILE ERE
	local out status
	out=$($dot2c "tests/dot2/invalid/$1" 2>&1 >/dev/null)
	status=$?
	ktap_eq "dot2c rejects $1" 1 $status
	ktap_match "with a message: $2" "^tests/dot2/invalid/$1: .*$2" "$out"
}
check_invalid not_dot.dot 'not a DOT graph'
check_invalid no_initial.dot 'no initial state'
check_invalid two_initial.dot 'more than one initial state'
check_invalid not_deterministic.dot 'not deterministic: state a has two transitions on event go'
check_invalid bad_state_name.dot "state name 'not-an-identifier' is not a C identifier"
check_invalid keyword_state.dot "state name 'while' is a C keyword"
check_invalid bad_event_name.dot "event name '2go' is not a C identifier"
check_invalid keyword_event.dot "event name 'return' is a C keyword"
check_invalid no_event.dot 'edge a -> b has no event'
check_invalid undirected.dot 'not a directed graph'
out=$($dot2c tests/dot2/invalid/nonexistent.dot 2>&1)
ktap_eq "dot2c fails on a missing file" "1:tests/dot2/invalid/nonexistent.dot: No such file or directory" "$?:$out"
out=$($dot2k -d tests/dot2/invalid/not_deterministic.dot -t global -o "$work" 2>&1)
ktap_eq "dot2k rejects an invalid model too" 1 $?
ktap_fails "and writes nothing" test -e "$work/not_deterministic"

# warnings: the model is still converted
out=$($dot2c tests/dot2/warn/unreachable.dot 2>&1 >/dev/null)
ktap_eq "an unreachable state is a warning, not an error" 0 $?
ktap_match "naming the state" 'warning: state island cannot be reached' "$out"
out=$($dot2c tests/dot2/warn/dead_end.dot 2>&1 >/dev/null)
ktap_match "a non-final state with no way out is a warning" 'warning: state stuck is not final and has no way out' "$out"

# hybrid automata: golden output, Linux's notation, the refused models
tha=tests/dot2/hybrid/tha.dot
ktap_eq "dot2c tha.dot (time clocks, guards, invariants) prints the golden model" \
	"$(cat $golden/tha_model.h)" "$($dot2c $tha 2>&1)"
mkdir -p "$work/ha"
out=$($dot2k -d $tha -t per_cpu -D "a made-up hybrid model" -o "$work/ha")
ktap_eq "dot2k -t per_cpu on a hybrid model prints the golden hints" "$(cat $golden/tha.out)" "$out"
ktap_ok "and writes the golden tha/tha.c skeleton" cmp "$work/ha/tha/tha.c" $golden/tha.c
ktap_ok "and tha/model.h as dot2c prints it" cmp "$work/ha/tha/model.h" $golden/tha_model.h
ktap_eq "stall.dot prints the kernel's stall model" \
	"$(cat $monitors/stall/model.h)" "$($dot2c $models/stall.dot 2>&1)"
ktap_eq "and so does the stall model written as Linux's RV writes it" \
	"$(cat $monitors/stall/model.h)" "$($dot2c -n stall tests/dot2/hybrid/stall_linux.dot 2>&1)"
mkdir -p "$work/regen"
$dot2k -m -d $models/stall.dot -t per_task -c 4096 -o "$work/regen"
for f in model.h stall_trace.h; do
	ktap_ok "kernel/trace/rv/monitors/stall/$f regenerates identically from stall.dot" \
		cmp "$work/regen/stall/$f" $monitors/stall/$f
done
c=$(cat "$work/ha/tha/tha.c")
ktap_match "a hybrid skeleton includes <rv/ha_monitor.h>" '^#include <rv/ha_monitor.h>$' "$c"
t=$(cat "$work/ha/tha/tha_trace.h")
ktap_match "its trace header declares error_env_tha, a clock's violation" \
	'^DEFINE_RV_HA_ERROR_ENV\(tha\);$' "$t"
ktap_match "from <rv/ha_trace.h>" '^#include <rv/ha_trace.h>$' "$t"
ktap_match "makes each named bound a module parameter" '^module_param\(beat_timeout_us, ullong, 0644\);$' "$c"
ktap_match "whose default is left to fill in" '^static u64 beat_timeout_us = XXX_default_beat_timeout_us;$' "$c"
ktap_match "the model declares it for its constraints" '^static u64 beat_timeout_us;$' \
	"$(cat "$work/ha/tha/model.h")"
out=$($dot2k -d $tha -t per_task -c 64 -n tha_task -o "$work/ha")
ktap_result $? "-c is taken for a hybrid per_task monitor" "$out"
ktap_match "whose instances come from a pool" '^DECLARE_HA_MON_PER_TASK\(tha_task, unsigned char, 64\);$' \
	"$(cat "$work/ha/tha_task/tha_task.c")"
ktap_match "and whose error_env_tha_task has the task's pid" \
	'^DEFINE_RV_HA_TASK_ERROR_ENV\(tha_task\);$' "$(cat "$work/ha/tha_task/tha_task_trace.h")"
ktap_nomatch "a deterministic monitor's trace header has no error_env" 'ERROR_ENV|ha_trace' \
	"$(cat "$work/golden/tobj/tobj_trace.h")"
$dot2k -d $tha -t per_task -n tha_task_default -o "$work/ha" >/dev/null
ktap_match "of 1024 tasks by default" \
	'^DECLARE_HA_MON_PER_TASK\(tha_task_default, unsigned char, 1024\);$' \
	"$(cat "$work/ha/tha_task_default/tha_task_default.c")"

check_ha_invalid() {	# FILE ERE
	local out status
	out=$($dot2c "tests/dot2/invalid/$1" 2>&1 >/dev/null)
	status=$?
	ktap_eq "dot2c rejects $1" 1 $status
	ktap_match "saying: $2" "^tests/dot2/invalid/$1: $2" "$out"
}
check_ha_invalid ha_unknown_clock.dot \
	"edge b -> a, event back: 'tick < 5ms' reads the unknown clock 'tick' \\(the clocks attribute declares clk\\)\$"
check_ha_invalid ha_unknown_clock_reset.dot \
	"edge b -> a, event back: 'tick < 1s' reads the unknown clock 'tick': no clocks attribute declares it and no edge resets it\$"
check_ha_invalid ha_mixed_units.dot \
	"clock 'clk' mixes units: time in 'clk > 5ms' \\(edge b -> a, event back\\), jiffies in 'clk < 10j' \\(state b\\)\$"
check_ha_invalid ha_guard_no_event.dot \
	"edge a -> b: ';clk < 5ms': a guard or reset follows one event, and there is none\$"
check_ha_invalid ha_guard_two_events.dot \
	"edge b -> a: 'back again;clk < 5ms': a guard or reset follows one event, alone on its line\$"
check_ha_invalid ha_invariant_no_exit.dot \
	"state b: 'clk < 5ms', but no edge leaves the state \\(or resets clk\\): the invariant can only be broken\$"
check_ha_invalid ha_reset_undeclared.dot \
	"edge a -> b, event go: reset\\(tick\\) of an undeclared clock \\(the clocks attribute declares clk\\)\$"
check_ha_invalid ha_bad_operator.dot \
	"edge b -> a, event back: cannot read 'clk =< 5ms': expected a comparison"
check_ha_invalid ha_bad_reset.dot \
	"edge a -> b, event go: cannot read 'reset\\(clk': expected reset\\(CLOCK\\)"
check_ha_invalid ha_empty_constraint.dot "edge a -> b, event go: an empty constraint"
check_ha_invalid ha_no_unit.dot "edge b -> a, event back: 'clk < 100': the bound 100 has no unit"
check_ha_invalid ha_bad_unit.dot "edge b -> a, event back: 'clk < 5min': unknown unit 'min'"
check_ha_invalid ha_param_no_unit.dot \
	"edge b -> a, event back: 'clk < limit': the named bound 'limit' has no unit: end its name with _ns"
check_ha_invalid ha_invariant_lower.dot \
	"state b: 'clk > 5ms': an invariant bounds its clock from above, with < or <=\$"
check_ha_invalid ha_invariant_two.dot "state b: 'clk < 5ms && clk <= 7ms': an invariant is one comparison\$"
check_ha_invalid ha_timer_kinds.dot \
	"invariants on a jiffies clock \\('slow < 10jiffies', state a\\) and a time clock \\('fast < 5ms', state b\\): a monitor arms one kind of timer\$"
check_ha_invalid ha_clock_unread.dot "clock 'clk' is never read by a guard or an invariant\$"
check_ha_invalid ha_expired_event.dot \
	"event name 'clk_expired' is reserved: it reports the expiry of clock clk\$"
check_ha_invalid ha_clock_keyword.dot "clock name 'while' is a C keyword\$"
check_ha_invalid ha_clock_names_state.dot "'b' names both a clock and a state or an event\$"
out=$($dot2k -d tests/dot2/invalid/ha_unknown_clock.dot -t per_task -o "$work" 2>&1)
ktap_eq "dot2k rejects an invalid hybrid model too" 1 $?
ktap_fails "and writes nothing" test -e "$work/ha_unknown_clock"

# dot2k's options and overwrite rules
$dot2k -d $models/wwnr.dot -t global -n renamed -D "a renamed monitor" -o "$work" >/dev/null
ktap_ok "-n names the monitor's folder and files" test -f "$work/renamed/renamed.c" -a -f "$work/renamed/renamed_trace.h"
ktap_match "-n names the monitor in the code" 'DECLARE_DA_MON_GLOBAL\(renamed, unsigned char\);' "$(cat "$work/renamed/renamed.c")"
ktap_match "and the model's C names" 'state_max_renamed' "$(cat "$work/renamed/model.h")"
ktap_match "-D sets the description" '\.description = "a renamed monitor",' "$(cat "$work/renamed/renamed.c")"
echo "/* instrumented by hand */" >> "$work/renamed/renamed.c"
out=$($dot2k -d $models/wwnr.dot -t global -n renamed -D "a renamed monitor" -o "$work" 2>&1)
ktap_eq "dot2k refuses to overwrite a hand-edited monitor" 1 $?
ktap_match "and says why" 'renamed.c exists and differs .* use -f' "$out"
ktap_match "leaving it as it was" 'instrumented by hand' "$(cat "$work/renamed/renamed.c")"
ktap_ok "-m rewrites only the generated parts, next to a hand-edited monitor" \
	$dot2k -m -d $models/wwnr.dot -t global -n renamed -o "$work"
ktap_ok "-f overwrites" $dot2k -f -d $models/wwnr.dot -t global -n renamed -D "a renamed monitor" -o "$work"
ktap_nomatch "and the hand edit is gone" 'instrumented by hand' "$(cat "$work/renamed/renamed.c")"
ktap_match "--help explains the options" '--model-only' "$($dot2k --help)"
# --help and the manual page name the same options
help_opts=$($dot2k --help | grep -oE -- '--[a-z][a-z-]*' | sort -u | xargs)
man_opts=$(sed 's/\\-/-/g' linux/tools/verification/dot2/dot2k.1 | grep -oE -- '--[a-z][a-z-]*' |
	sort -u | xargs)
ktap_eq "dot2k --help and dot2k.1 list the same long options" "$help_opts" "$man_opts"
help_short=$($dot2k --help | grep -oE -- '^  -[a-zA-Z],' | tr -d ' ,' | sort -u | xargs)
man_short=$(sed 's/\\-/-/g' linux/tools/verification/dot2/dot2k.1 | sed -n 's/^\.BR -\([a-zA-Z]\) .*/-\1/p' |
	sort -u | xargs)
ktap_eq "and the same short ones" "$help_short" "$man_short"
ktap_match "--help shows the container subcommand" '^       dot2k container -n NAME ' "$($dot2k --help)"
ktap_match "and so does the manual's synopsis" '^\.B dot2k container$' \
	"$(cat linux/tools/verification/dot2/dot2k.1)"
ktap_match "dot2c --help too" 'Usage: dot2c' "$($dot2c --help)"
out=$(make -s -C linux/tools/verification/dot2 OUTPUT="$tools" DESTDIR="$work/root" prefix=/usr install 2>&1)
ktap_ok "make install puts the tools and man pages under DESTDIR" test -x "$work/root/usr/bin/dot2c" -a \
	-x "$work/root/usr/bin/dot2k" -a -f "$work/root/usr/share/man/man1/dot2k.1"
ktap_match "the installed dot2c works from anywhere" 'enum states_wip' \
	"$(cd / && "$work/root/usr/bin/dot2c" "$REPO_DIR/$models/wip.dot")"

# the size of the PREEMPT_RT thread synchronization model
python3 tests/dot2/big_model.py "$work/big.dot" 9017 20 33331
out=$($dot2c "$work/big.dot" 2>/dev/null)
ktap_result $? "dot2c converts a model of 9,017 states, 20 events, 33,331 transitions"
ktap_eq "into a table of 9,017 rows" 9017 "$(grep -c '^		{ ' <<< "$out")"
ktap_match "in unsigned short" 'unsigned short function\[state_max_big\]\[event_max_big\];' "$out"
$dot2k -d "$work/big.dot" -t per_task -o "$work" >/dev/null 2>&1
out=$("$LAB_DIR/build-module.sh" "$work/big" CONFIG_RV_MON_BIG=m 2>&1)
ktap_result $(($? == 0)) "a skeleton whose tracepoints are not filled in does not build" "it built"
ktap_match "the compiler names the place to fill" "check_trace_callback_type_XXX_tracepoint_of_e[0-9]+" "$out"
tests/dot2/attach_to_nothing.sh "$work/big/big.c"
out=$("$LAB_DIR/build-module.sh" "$work/big" CONFIG_RV_MON_BIG=m 2>&1)
ktap_result $? "filled in, its monitor compiles in the kernel" "$out"

# the generated code: checkpatch --strict, and W=1 in the kernel
cp="$TREE/scripts/checkpatch.pl"
for m in wip wwnr golden/tobj golden/tobj_alone; do
	n=$(basename $m)
	out=$("$cp" --strict --no-tree -q -f "$work/$m/$n.c" "$work/$m/model.h" "$work/$m/${n}_trace.h" \
		"$work/$m/Makefile" 2>&1)
	ktap_eq "checkpatch --strict finds nothing in the generated $n" "" "$out"
done
out=$("$cp" --strict --no-tree -q -f "$work/golden/sched/sched.c" "$work/golden/sched/sched.h" \
	"$work/golden/sched/Makefile" 2>&1)
ktap_eq "nor in the generated container" "" "$out"
for kind in global per_cpu per_task per_obj; do
	rm -rf "$work/gen_$kind"
	$dot2k -d $models/wwnr.dot -t $kind -n gen_$kind -o "$work" >/dev/null
	tests/dot2/attach_to_nothing.sh "$work/gen_$kind/gen_$kind.c"
	out=$("$LAB_DIR/build-module.sh" "$work/gen_$kind" W=1 CONFIG_RV_MON_GEN_${kind^^}=m 2>&1)
	status=$?
	ktap_result $status "a generated $kind monitor, filled in, builds as a module with W=1" "$out"
	ktap_nomatch "without a warning" 'warning:' "$out"
done
for kind in global per_cpu per_task per_obj; do
	rm -rf "$work/ha_$kind"
	$dot2k -d $tha -t $kind -n ha_$kind -o "$work" >/dev/null
	tests/dot2/attach_to_nothing.sh "$work/ha_$kind/ha_$kind.c"
	out=$("$cp" --strict --no-tree -q -f "$work/ha_$kind"/*.[ch] "$work/ha_$kind/Makefile" 2>&1)
	ktap_eq "checkpatch --strict finds nothing in the generated hybrid $kind monitor" "" "$out"
	out=$("$LAB_DIR/build-module.sh" "$work/ha_$kind" W=1 CONFIG_RV_MON_HA_${kind^^}=m 2>&1)
	ktap_result $? "a generated hybrid $kind monitor, filled in, builds as a module with W=1" "$out"
	ktap_nomatch "without a warning" 'warning:' "$out"
done
# a container, and a per-object child of it in a sibling folder (as in
# kernel/trace/rv/monitors/), built against the container's symbols
rm -rf "$work/gen_cont" "$work/gen_child"
$dot2k container -n gen_cont -D "generated test container" -o "$work" >/dev/null
hint=$($dot2k -d tests/dot2/tobjgen.dot -t per_obj -c 64 -p gen_cont -n gen_child -o "$work")
ktap_match "the child's Kconfig entry depends on its container's" '^	depends on RV_MON_GEN_CONT$' "$hint"
ktap_match "and the hint builds it out of the tree with the container's symbols" \
	'KBUILD_EXTRA_SYMBOLS=\$PWD/gen_cont/Module.symvers$' "$hint"
tests/dot2/attach_to_nothing.sh "$work/gen_child/gen_child.c"
# lab/build-module.sh: the child uses the symbols of the module built from gen_cont/
echo gen_cont > "$work/gen_child/needs"
for m in gen_cont gen_child; do
	out=$("$cp" --strict --no-tree -q -f "$work/$m"/*.[ch] "$work/$m/Makefile" 2>&1)
	ktap_eq "checkpatch --strict finds nothing in the generated $m" "" "$out"
	out=$("$LAB_DIR/build-module.sh" "$work/$m" W=1 CONFIG_RV_MON_${m^^}=m 2>&1)
	ktap_result $? "the generated $m builds as a module with W=1" "$out"
	ktap_nomatch "without a warning" 'warning:' "$out"
done
ktap_match "the child's module depends on the container's" '^depends: +gen_cont$' \
	"$(modinfo "$RV_CACHE/ext/test/gen_child/gen_child.ko" 2>&1)"
ktap_finish
