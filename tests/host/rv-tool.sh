#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The rv tool on the host: it builds without a warning, installs with its
# manual page, reads its command line, says what is wrong when there is
# no RV to drive, and does its work on a copy of the RV interface made of
# plain files (RV_TRACEFS_DIR), where the files record what it wrote.
# What it does to a kernel is tested in the guest (tests/guest/rv-tool.sh):
# never on the host's own, whose tracing this test never reads.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"
cd "$REPO_DIR"

src=linux/tools/verification/rv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"	# for the run as another user

out=$(make -s -C $src OUTPUT="$work/" CFLAGS="-O2 -Werror" 2>&1)
ktap_result $? "rv builds with -Wall -Wextra, no warning" "$out"
rv=$work/rv
# never the host's tracefs: an empty folder unless a test says otherwise
export RV_TRACEFS_DIR=$work/empty
mkdir "$RV_TRACEFS_DIR"

# status_and_output CMD...: "STATUS" then what CMD printed, stderr included
status_and_output() {
	local out status
	out=$("$@" 2>&1)
	status=$?
	printf '%s\n%s' "$status" "$out"
}
status() { head -n1 <<< "$1"; }

# usage and help
out=$(status_and_output "$rv")
ktap_eq "rv without a command is a usage error (2)" 2 "$(status "$out")"
ktap_match "that shows the usage" '^usage: rv COMMAND' "$out"
out=$(status_and_output "$rv" --help)
ktap_eq "rv --help succeeds" 0 "$(status "$out")"
ktap_match "naming the commands" '^  mon MONITOR' "$out"
for cmd in list mon coverage replay; do
	for h in -h --help; do
		out=$(status_and_output "$rv" $cmd $h)
		ktap_eq "rv $cmd $h succeeds" 0 "$(status "$out")"
		ktap_match "and prints its usage" "^usage: rv $cmd " "$out"
	done
done

# every option of each --help is in the manual page and in rv_tool.rst,
# and the manual page's options are in the --help
man_text=$(MANWIDTH=200 man -l $src/rv.1 2>/dev/null | col -b)
rst=$(cat linux/Documentation/trace/rv/rv_tool.rst)
for cmd in list mon coverage replay; do
	help=$("$rv" $cmd --help)
	options=$(grep -oE '^  -[a-zA-Z], --[a-z]+( [A-Z]+)?' <<< "$help" | sed 's/^  //')
	ktap_match "rv $cmd --help lists its options" '^-h, --help$' "$options"
	missing=
	while read -r short long arg; do
		short=${short%,}
		grep -qE -- "^ *$short, $long( $arg)?\$" <<< "$man_text" || missing+=" man:$short"
		grep -qF -- "\`\`$short" <<< "$rst" || [ "$short" = -h ] || missing+=" rst:$short"
		grep -qF -- "\`\`$long" <<< "$rst" || [ "$short" = -h ] || missing+=" rst:$long"
	done <<< "$options"
	ktap_eq "each option of rv $cmd --help is in the manual page and rv_tool.rst" "" "$missing"
	# the manual page's section of the command, its options
	man_options=$(awk -v cmd="rv $cmd" '/^ *rv [a-z]+$/ { on = ($1 " " $2 == cmd) } on' <<< \
		"$(sed -n '/^OPTIONS/,/^EXIT STATUS/p' <<< "$man_text")" |
		grep -oE '^ *-[a-zA-Z], --[a-z]+' | sed 's/^ *//' | sort)
	ktap_eq "and the manual page gives rv $cmd no other" \
		"$(sed -E 's/ [A-Z]+$//' <<< "$options" | sort)" "$man_options"
done
ktap_match "the manual page's synopsis gives each command" '^ *rv coverage \[-d\|-j\]' "$man_text"

# usage errors: status 2, a message, the usage; nothing is read
usage_error() {	# usage_error DESC MESSAGE-ERE ARGS...
	local desc=$1 message=$2 out
	shift 2
	out=$(status_and_output "$rv" "$@")
	ktap_eq "$desc is a usage error (2)" 2 "$(status "$out")"
	ktap_match "that says so: $message" "$message" "$out"
}
usage_error "an unknown option" "unrecognized option '--bogus'" mon --bogus wip
usage_error "an unknown command" "no command 'frobnicate'" frobnicate
usage_error "rv list with two containers" "list takes one container at most: 'b'" list a b
usage_error "an unknown option of list" "invalid option -- 'x'" list -x
usage_error "rv mon without a monitor" 'which monitor\?' mon
usage_error "rv mon of two monitors" 'one monitor at a time' mon wip wwnr
usage_error "-r without a reactor" "option requires an argument -- 'r'" mon wip -r
for t in 0 -1 abc 1x nan inf ''; do
	usage_error "-T '$t'" "-T takes a number of seconds greater than 0: '$t'" mon -T "$t" wip
done
usage_error "rv coverage without a monitor" 'which monitor\?' coverage
usage_error "rv coverage of two monitors" 'one monitor at a time' coverage wip wwnr
usage_error "rv coverage --dot --json" '--dot or --json, not both' coverage -d -j wip
usage_error "an unknown option of coverage" '^usage: rv coverage ' coverage --svg wip

# what rv mon makes of the records of each kind of monitor: formats as
# tracefs shows them (tests/rv/formats), parsed by libtraceevent, records
# laid out by them, decoded by rv's decode.c (tests/rv/decode_test.c);
# a kernel's own records are decoded in the guest (rtapp.sh, stall.sh)
out=$(gcc -O2 -Wall -Wextra -Werror -I$src $(pkg-config --cflags libtraceevent) \
	-o "$work/decode_test" tests/rv/decode_test.c $src/decode.c \
	$(pkg-config --libs libtraceevent) 2>&1)
ktap_result $? "rv's decoding builds into decode_test, no warning" "$out"
formats=tests/rv/formats
decoded() {	# decoded FORMAT FIELD=VALUE...: the line -t and -v print
	"$work/decode_test" "$formats/$1" "${@:2}" | sed -n 's/^line: //p'
}
counted() {	# counted FORMAT FIELD=VALUE...: the state and event of the violation
	"$work/decode_test" "$formats/$1" "${@:2}" | sed -n 's/^counted: //p'
}
ktap_eq "an LTL step: the task, its states, the atoms by name, the next states" \
	"id=412 s0,s1 x PAGEFAULT -> s0,s1" "$(decoded event_pagefault pid=412 states=3 atoms=2 next=3)"
ktap_eq "the step that finds no state left goes to none" \
	"id=412 s0,s1 x RT,PAGEFAULT -> none" \
	"$(decoded event_pagefault pid=412 states=3 atoms=3 next=0)"
ktap_eq "an LTL violation: VIOLATION, the states, the atoms that held" \
	"id=412 VIOLATION s0,s1 x RT,PAGEFAULT" "$(decoded error_pagefault pid=412 states=3 atoms=3)"
ktap_eq "counted by its states and atoms, as the kernel's stats name them" "s0,s1 x RT,PAGEFAULT" \
	"$(counted error_pagefault pid=412 states=3 atoms=3)"
ktap_eq "no atom is none; every state of the 64 has its name" "id=9 VIOLATION s0,s63 x none" \
	"$(decoded error_pagefault pid=9 states=0x8000000000000001 atoms=0)"
ktap_eq "an atom the format does not name is a number" "id=1 s0 x RT,0x4 -> s1" \
	"$(decoded event_pagefault pid=1 states=1 atoms=5 next=2)"
ktap_eq "a hybrid monitor's clock violation: the clock's value, its unit, the invariant" \
	"id=77 VIOLATION enqueued x clk_expired with clk=30 jiffies (invariant clk < 25)" \
	"$(decoded error_env_stall pid=77 state=enqueued event=clk_expired clock=clk value=30 \
		bound=25 op='<' in_jiffies=1 invariant=1)"
ktap_eq "counted by state and event" "enqueued x clk_expired" \
	"$(counted error_env_stall pid=77 state=enqueued event=clk_expired clock=clk value=30 \
		bound=25 op='<' in_jiffies=1 invariant=1)"
ktap_eq "a global one's guard, in ns, without an id" \
	"VIOLATION busy x end with since_start=5000 ns (guard since_start >= 10000)" \
	"$(decoded error_env_tha state=busy event=end clock=since_start value=5000 bound=10000 \
		op='>=' in_jiffies=0 invariant=0)"
ktap_eq "an event that a hybrid monitor's model refuses is a DA violation, on error_NAME" \
	"id=77 VIOLATION running x sched_wakeup" \
	"$(decoded error_stall pid=77 state=running event=sched_wakeup)"
ktap_eq "error_env_NAME of a DA monitor named env_NAME is its error" \
	"$(printf '%s\n' 'kind: da' 'error: yes' 'own: env_dup' 'monitor: -' 'counted: a x b' \
	'line: VIOLATION a x b')" "$("$work/decode_test" $formats/error_env_dup state=a event=b)"
ktap_eq "the hybrid monitor's DA step, per task, with the id" \
	"id=77 dequeued x sched_wakeup -> enqueued" \
	"$(decoded event_stall pid=77 state=dequeued event=sched_wakeup next_state=enqueued)"
ktap_eq "a per-CPU DA step, no id, the final state marked" \
	"preemptive x preempt_disable -> non_preemptive (final)" \
	"$(decoded event_wip state=preemptive event=preempt_disable next_state=non_preemptive \
		final_state=1)"
ktap_eq "a per-CPU DA violation" "VIOLATION non_preemptive x sched_waking" \
	"$(decoded error_wip state=non_preemptive event=sched_waking)"
ktap_eq "RV's shared da_event_id: the monitor, the id of the task or object" \
	"$(printf '%s\n' 'kind: da' 'error: no' 'own: -' 'monitor: wwnr' \
	'line: id=218 running x switch_out -> not_running')" \
	"$("$work/decode_test" $formats/da_event_id monitor=wwnr id=218 state=running \
		event=switch_out next_state=not_running)"
ktap_eq "da_error_id" "id=-5 VIOLATION held x destroy" \
	"$(decoded da_error_id monitor=tobj id=-5 state=held event=destroy)"
ktap_eq "da_error, without an id" "wip: VIOLATION non_preemptive x sched_waking" \
	"$("$work/decode_test" $formats/da_error monitor=wip state=non_preemptive \
		event=sched_waking | sed -n 's/^monitor: //p; s/^line: / /p' | paste -sd:)"
ktap_eq "an event of no kind rv knows: as the kernel formats it, a violation marked" \
	"VIOLATION value -3 is wrong" "$(decoded error_other value=-3)"
ktap_eq "and counted without a state and an event" "" "$(counted error_other value=-3)"

# no RV to drive: status 2 and what to do, for every command
for cmd in "list" "mon wip" "coverage wip"; do
	out=$(status_and_output "$rv" $cmd)
	ktap_eq "rv $cmd on a tracing folder without rv/ fails with status 2" 2 "$(status "$out")"
	ktap_match "saying that the kernel has no RV, and what to do" \
		"rv: this kernel has no RV: there is no $RV_TRACEFS_DIR/rv; build it with CONFIG_RV=y" "$out"
done
out=$(RV_TRACEFS_DIR=$work/nowhere status_and_output "$rv" list)
ktap_eq "an RV_TRACEFS_DIR that is no folder fails with status 2" 2 "$(status "$out")"
ktap_match "naming it" "RV_TRACEFS_DIR=$work/nowhere is no folder" "$out"
if grep -qw tracefs /proc/mounts; then
	ktap_skip "without tracefs mounted, rv says how to mount it" "tracefs is mounted here"
else
	out=$(env -u RV_TRACEFS_DIR "$rv" list 2>&1)
	status=$?
	if [ "$(id -u)" = 0 ]; then
		expected="rv: tracefs is not mounted: mount it with 'mount -t tracefs nodev /sys/kernel/tracing'"
	else
		expected="rv: tracefs is not mounted, and rv is not root: as root, mount it with 'mount -t tracefs nodev /sys/kernel/tracing' and run rv"
	fi
	ktap_eq "without tracefs mounted, rv says how to mount it (status 2)" "2:$expected" \
		"$status:$out"
fi

# a copy of the RV interface in plain files, as the kernel would show it
# with the wip and wwnr monitors and the test container
fake=$work/tracing
make_fake() {
	local m
	rm -rf "$fake"
	mkdir -p "$fake"/rv/monitors/{wip,wwnr,sched/child_a,sched/tobj} "$fake/instances"
	touch "$fake/trace"
	printf '%s\n' wip wwnr sched sched:child_a sched:tobj > "$fake/rv/available_monitors"
	: > "$fake/rv/enabled_monitors"
	printf '%s\n' nop printk panic > "$fake/rv/available_reactors"
	echo 1 > "$fake/rv/monitoring_on"
	echo 1 > "$fake/rv/reacting_on"
	echo 'wakeup in preemptive: a task is woken only with preemption disabled' \
		> "$fake/rv/monitors/wip/desc"
	echo 'wakeup while not running: a task is woken only while it is not running' \
		> "$fake/rv/monitors/wwnr/desc"
	echo 'test-only container of scheduler monitors' > "$fake/rv/monitors/sched/desc"
	echo 'first test-only child' > "$fake/rv/monitors/sched/child_a/desc"
	echo 'test-only per-object monitor of made-up objects' > "$fake/rv/monitors/sched/tobj/desc"
	for m in wip wwnr sched sched/child_a sched/tobj; do
		printf '%s\n' '[nop]' printk panic > "$fake/rv/monitors/$m/reactors"
		echo 0 > "$fake/rv/monitors/$m/enable"
	done
	printf '%s\n' 'preemptive preempt_disable non_preemptive 1500' \
		'non_preemptive preempt_enable preemptive 1500' \
		'non_preemptive sched_waking non_preemptive 0' > "$fake/rv/monitors/wip/coverage"
	printf '%s\n' 'events: 3000' 'violations: 0' 'last_violation: none' \
		> "$fake/rv/monitors/wip/stats"
	: > "$fake/rv/monitors/wwnr/coverage"
	printf '%s\n' 'events: 0' 'violations: 0' 'last_violation: none' \
		> "$fake/rv/monitors/wwnr/stats"
	printf '%s\n' 'idle create idle 0' 'idle destroy idle 356' 'idle get held 366' \
		'held put idle 356' > "$fake/rv/monitors/sched/tobj/coverage"
	printf '%s\n' 'events: 1078' 'violations: 10' 'objects: 0' 'objects_followed: 356' \
		'objects_dropped: 44' 'objects_capacity: 256' \
		'last_violation: state=held event=destroy cpu=1 pid=93 time_ns=123456789' \
		> "$fake/rv/monitors/sched/tobj/stats"
	printf '%s\n' 'events: 0' 'violations: 0' 'last_violation: none' \
		> "$fake/rv/monitors/sched/child_a/stats"
}
make_fake
export RV_TRACEFS_DIR=$fake

# rv list
out=$(status_and_output "$rv" list)
ktap_eq "rv list succeeds" 0 "$(status "$out")"
ktap_eq "and lists each monitor, a container's children indented under it" \
	"$(printf '%s\n' \
	'wip             [OFF] wakeup in preemptive: a task is woken only with preemption disabled' \
	'wwnr            [OFF] wakeup while not running: a task is woken only while it is not running' \
	'sched           [OFF] test-only container of scheduler monitors' \
	'  sched:child_a [OFF] first test-only child' \
	'  sched:tobj    [OFF] test-only per-object monitor of made-up objects')" \
	"$(tail -n +2 <<< "$out")"
printf '%s\n' wwnr sched:tobj > "$fake/rv/enabled_monitors"
ktap_eq "enabled monitors are [ON]" "wwnr [ON] sched:tobj [ON]" \
	"$("$rv" list | awk '$2 == "[ON]" { printf "%s%s %s", sep, $1, $2; sep = " " }')"
ktap_eq "rv list CONTAINER lists that container alone" \
	"$(printf '%s\n' 'sched           [OFF] test-only container of scheduler monitors' \
	'  sched:child_a [OFF] first test-only child' \
	'  sched:tobj    [ON]  test-only per-object monitor of made-up objects')" \
	"$("$rv" list sched)"
out=$(status_and_output "$rv" list wip)
ktap_eq "rv list of a monitor that is no container fails with status 2" \
	"2:rv: wip is a monitor, no container: rv list shows the containers" \
	"$(status "$out"):$(tail -n +2 <<< "$out")"
out=$(status_and_output "$rv" list nosuch)
ktap_eq "so does rv list of an unknown container" \
	"2:rv: no container 'nosuch' in this kernel; rv list shows the containers" \
	"$(status "$out"):$(tail -n +2 <<< "$out")"
echo printk > "$fake/rv/monitors/sched/tobj/reactors"
printf '%s\n' nop '[printk]' panic > "$fake/rv/monitors/sched/tobj/reactors"
echo 0 > "$fake/rv/reacting_on"
# the JSON, checked against the files it comes from
check_list_json() {
	cat > "$work/json"
	python3 - "$fake/rv" "$work/json" <<-'EOF'
	import json, os, re, sys
	rv = sys.argv[1]
	data = json.load(open(sys.argv[2]))
	def read(path):
	    with open(os.path.join(rv, path)) as f:
	        return f.read()
	available = read("available_monitors").split()
	enabled = read("enabled_monitors").split()
	assert data["monitoring_on"] is (read("monitoring_on").strip() == "1"), "monitoring_on"
	assert data["reacting_on"] is (read("reacting_on").strip() == "1"), "reacting_on"
	seen = []
	def check(m, parent):
	    name = m["name"]
	    seen.append(name)
	    folder = "monitors/" + name.replace(":", "/")
	    assert m["description"] == read(folder + "/desc").strip(), name
	    assert m["enabled"] is (name in enabled), name
	    selected = re.search(r"^\[(.*)\]$", read(folder + "/reactors"), re.M).group(1)
	    assert m["reactor"] == selected, name
	    children = [a for a in available if a.startswith(name + ":")]
	    assert m["container"] is bool(children), name
	    assert (parent is None) is (":" not in name), name
	    if m["container"]:
	        assert [c["name"] for c in m["children"]] == children, name
	        for c in m["children"]:
	            check(c, m)
	for m in data["monitors"]:
	    check(m, None)
	assert seen == available, seen
	print("ok")
	EOF
}
ktap_eq "rv list --json is JSON that agrees with every file of the interface" ok \
	"$("$rv" list --json | check_list_json 2>&1)"
ktap_eq "rv list -j sched lists the container alone" '["sched"] ["sched:child_a", "sched:tobj"]' \
	"$("$rv" list -j sched | python3 -c 'import json, sys; d = json.load(sys.stdin)
print(json.dumps([m["name"] for m in d["monitors"]]), json.dumps([c["name"] for c in d["monitors"][0]["children"]]))')"
make_fake

# rv coverage
out=$(status_and_output "$rv" coverage wip)
ktap_eq "rv coverage wip succeeds, and prints the summary, then every transition" \
	"$(printf '%s\n' 0 'wip: 2 of 3 transitions taken' \
	'preemptive     x preempt_disable -> non_preemptive: 1500' \
	'non_preemptive x preempt_enable  -> preemptive: 1500' \
	'non_preemptive x sched_waking    -> non_preemptive: 0')" "$out"
# tobj's counts as the fake coverage file has them
tobj_table=$(printf '%s\n' 'sched:tobj: 3 of 4 transitions taken' 'idle x create  -> idle: 0' \
	'idle x destroy -> idle: 356' 'idle x get     -> held: 366' 'held x put     -> idle: 356')
out=$(status_and_output "$rv" coverage sched)
ktap_eq "rv coverage of a container prints that of each child that counts transitions" \
	"$(printf '0\n%s' "$tobj_table")" "$out"
for child in sched:tobj tobj; do
	out=$(status_and_output "$rv" coverage $child)
	ktap_eq "rv coverage $child, a child, succeeds and prints the same" \
		"$(printf '0\n%s' "$tobj_table")" "$out"
done
ktap_eq "rv coverage --json agrees with the coverage file" ok \
	"$("$rv" coverage --json wip | python3 -c '
import json, sys
d = json.load(sys.stdin)["monitors"]
lines = [l.split() for l in open(sys.argv[1])]
assert [m["name"] for m in d] == ["wip"]
assert d[0]["table"] == [{"state": s, "event": e, "next": n, "count": int(c)} for s, e, n, c in lines]
assert d[0]["transitions"] == 3 and d[0]["taken"] == 2
print("ok")' "$fake/rv/monitors/wip/coverage" 2>&1)"
dot=$("$rv" coverage -d wip)
ktap_result "$(dot -Tcanon <<< "$dot" > /dev/null; echo $?)" "rv coverage --dot prints a graph that Graphviz reads"
ktap_eq "the transition never taken is dashed" "non_preemptive non_preemptive sched_waking: 0 dashed" \
	"$(gvpr 'E [$.style == "dashed"] { printf("%s %s %s %s\n", $.tail.name, $.head.name, $.label, $.style); }' <<< "$dot")"
# the one never taken is a loop: the others tell the direction of the arrows
ktap_eq "each transition is an edge from its state to its next, labelled with its event and count" \
	"$(awk '{ print $1, $3, $2 ": " $4, ($4 > 0 ? "solid" : "dashed") }' \
	"$fake/rv/monitors/wip/coverage" | sort)" \
	"$(gvpr 'E { printf("%s %s %s %s\n", $.tail.name, $.head.name, $.label, $.style); }' <<< "$dot" | sort)"
out=$(status_and_output "$rv" coverage wwnr)
ktap_eq "rv coverage of a monitor never enabled fails with status 2, saying why" \
	"2:rv: wwnr has no transition counts: it was never enabled, or it is no automaton; rv mon wwnr runs it" \
	"$(status "$out"):$(tail -n +2 <<< "$out")"
out=$(status_and_output "$rv" coverage nosuch)
ktap_eq "rv coverage of an unknown monitor fails with status 2" \
	"2:rv: no monitor 'nosuch' in this kernel; rv list shows those there are (a module not loaded?)" \
	"$(status "$out"):$(tail -n +2 <<< "$out")"
rm "$fake/rv/monitors/wip/coverage"
out=$(status_and_output "$rv" coverage wip)
ktap_match "on a kernel without coverage files, rv coverage says so (status 2)" \
	"this kernel counts no transitions of wip: there is no $fake/rv/monitors/wip/coverage" "$out"
make_fake

# rv mon: what it refuses, with status 2 and nothing written
snapshot() { (cd "$fake" && find . -type f | sort | xargs tail -n +1); }
before=$(snapshot)
refused() {	# refused DESC MESSAGE ARGS...
	local desc=$1 message=$2 out
	shift 2
	out=$(status_and_output timeout 5 "$rv" mon "$@")
	ktap_eq "$desc: status 2" 2 "$(status "$out")"
	ktap_eq "$desc: the message" "$message" "$(tail -n +2 <<< "$out")"
	ktap_eq "$desc: nothing written" "$before" "$(snapshot)"
}
refused "an unknown monitor" \
	"rv: no monitor 'nosuch' in this kernel; rv list shows those there are (a module not loaded?)" nosuch
refused "an unknown reactor" "rv: no reactor 'nosuch' for wwnr; there are: nop printk panic" \
	wwnr -r nosuch
printf '%s\n' sched:child_a > "$fake/rv/enabled_monitors"
before=$(snapshot)
refused "a monitor enabled already" \
	"rv: sched:child_a is enabled already: someone else is using it; leave it to them, or disable it with: echo '!sched:child_a' >> $fake/rv/enabled_monitors" \
	child_a
refused "a container one of whose monitors is enabled already" \
	"rv: sched:child_a is enabled already: someone else is using it; leave it to them, or disable it with: echo '!sched:child_a' >> $fake/rv/enabled_monitors" \
	sched
make_fake

# rv mon on the copy: it writes what the kernel needs, and writes back
# what it changed (the files record the writes: appended to
# enabled_monitors, others rewritten)
echo 0 > "$fake/rv/monitoring_on"
echo 0 > "$fake/rv/reacting_on"
out=$(status_and_output "$rv" mon wip -r printk -T 0.3)
ktap_eq "rv mon wip -r printk -T 0.3 stops by itself with status 0 (no violation)" 0 "$(status "$out")"
ktap_eq "it enabled wip, then disabled it, appending to enabled_monitors" 'wip!wip' \
	"$(cat "$fake/rv/enabled_monitors")"
ktap_eq "and put back wip's reactor, monitoring_on and reacting_on" "nop 0 0" \
	"$(cat "$fake/rv/monitors/wip/reactors") $(cat "$fake/rv/monitoring_on") $(cat "$fake/rv/reacting_on")"
ktap_match "saying that it set monitoring_on meanwhile" \
	'^rv: warning: monitoring_on was 0: it is 1 for the run, 0 again after it$' "$out"
ktap_match "and reacting_on" '^rv: warning: reacting_on was 0: it is 1 for the run' "$out"
ktap_match "and why it stopped" '^rv: stopped by time limit after [0-9]+\.[0-9] s$' "$out"
ktap_match "the summary: events and violations from the stats file" '^wip: 3000 events, 0 violations$' "$out"
ktap_match "the coverage" '^wip: 2 of 3 transitions taken$' "$out"
ktap_match "and the transitions never taken" \
	'^wip: never taken: non_preemptive x sched_waking -> non_preemptive$' "$out"
ktap_eq "no tracing instance is left" "" "$(ls "$fake/instances")"
make_fake
out=$(status_and_output "$rv" mon -q -T 0.1 wip)
ktap_eq "with -q, the summary is two lines" \
	"$(printf '%s\n' 0 'wip: 3000 events, 0 violations' 'wip: 2 of 3 transitions taken')" \
	"$(grep -v '^rv: ' <<< "$out")"
make_fake
out=$("$rv" mon -T 0.1 tobj 2>/dev/null)
ktap_eq "a monitor that saw violations ends with status 1" 1 $?
ktap_eq "a child named by its own name is enabled as CONTAINER:CHILD" 'sched:tobj!sched:tobj' \
	"$(cat "$fake/rv/enabled_monitors")"
ktap_match "its summary gives its objects" \
	'^sched:tobj: objects: 0 followed now, 356 in all, 44 dropped, capacity 256$' "$out"
ktap_match "and its last violation" \
	'^sched:tobj: last violation: event destroy in state held \(CPU 1, pid 93\)$' "$out"
make_fake
json=$("$rv" mon -T 0.2 --json sched -r printk 2>"$work/err")
ktap_eq "rv mon of a container ends with status 1 when a child saw violations" 1 $?
ktap_eq "it enabled and disabled the container" 'sched!sched' "$(cat "$fake/rv/enabled_monitors")"
ktap_eq "and put its reactor back" nop "$(cat "$fake/rv/monitors/sched/reactors")"
ktap_eq "--json prints only JSON on stdout, which agrees with the stats and coverage files" ok \
	"$(python3 - "$fake/rv" <(printf '%s' "$json") <<-'EOF' 2>&1
	import json, os, sys
	rv = sys.argv[1]
	d = json.load(open(sys.argv[2]))
	assert d["monitor"] == "sched" and d["reactor"] == "printk", d
	assert d["stopped_by"] == "time limit" and 0.2 <= d["seconds"] < 2, d
	names = [m["name"] for m in d["monitors"]]
	assert names == ["sched:child_a", "sched:tobj"], names
	total = [0, 0]
	for m in d["monitors"]:
	    folder = os.path.join(rv, "monitors", m["name"].replace(":", "/"))
	    stats = dict(l.split(": ", 1) for l in open(folder + "/stats").read().splitlines())
	    assert m["events"] == int(stats["events"]), m
	    assert m["violations"] == int(stats["violations"]), m
	    total[0] += m["events"]
	    total[1] += m["violations"]
	    lines = []
	    if os.path.exists(folder + "/coverage"):
	        lines = [l.split() for l in open(folder + "/coverage")]
	    if lines:
	        c = m["coverage"]
	        assert c["transitions"] == len(lines) and c["taken"] == sum(int(l[3]) > 0 for l in lines), m
	        assert c["never_taken"] == [{"state": l[0], "event": l[1], "next": l[2]} for l in lines if l[3] == "0"], m
	    else:
	        assert m["coverage"] is None, m
	tobj = d["monitors"][1]
	assert tobj["objects"] == {"now": 0, "followed": 356, "dropped": 44, "capacity": 256}, tobj
	assert tobj["last_violation"] == {"state": "held", "event": "destroy", "cpu": 1, "pid": 93, "time_ns": 123456789}, tobj
	assert "objects" not in d["monitors"][0] and d["monitors"][0]["last_violation"] is None
	assert [d["events"], d["violations"]] == total, d
	print("ok")
	EOF
	)"
ktap_match "its messages go to stderr" 'rv: monitoring sched for 0.2 s, or until interrupted' \
	"$(cat "$work/err")"
# the status counts every child's violations, not the last child's only
make_fake
printf '%s\n' 'events: 40' 'violations: 2' 'last_violation: none' \
	> "$fake/rv/monitors/sched/child_a/stats"
sed -i 's/^violations: 10$/violations: 0/' "$fake/rv/monitors/sched/tobj/stats"
out=$("$rv" mon -q -T 0.1 sched 2>/dev/null)
ktap_eq "and with status 1 when the child that saw violations is not the last one" 1 $?
ktap_match "whose violations the summary gives" '^sched:child_a: 40 events, 2 violations$' "$out"

# a stop signal: the interface is put back, the summary printed
for sig in TERM INT HUP; do
	make_fake
	echo 0 > "$fake/rv/reacting_on"
	"$rv" mon wwnr -r panic > "$work/out" 2> "$work/err" &
	pid=$!
	for i in $(seq 600); do
		grep -q 'until interrupted' "$work/err" && break
		sleep 0.1
	done
	ktap_eq "while rv mon wwnr -r panic runs: wwnr enabled, panic selected, reacting_on 1" \
		"wwnr panic 1" "$(cat "$fake/rv/enabled_monitors") $(cat "$fake/rv/monitors/wwnr/reactors") $(cat "$fake/rv/reacting_on")"
	kill -$sig $pid
	wait $pid
	ktap_eq "on SIG$sig, it ends with status 0" 0 $?
	ktap_eq "having put everything back" "wwnr!wwnr nop 0" \
		"$(cat "$fake/rv/enabled_monitors") $(cat "$fake/rv/monitors/wwnr/reactors") $(cat "$fake/rv/reacting_on")"
	ktap_match "saying why it stopped" "^rv: stopped by SIG$sig after " "$(cat "$work/err")"
	ktap_eq "and printing the summary" 'wwnr: 0 events, 0 violations' "$(cat "$work/out")"
done

# not root: a tracing folder only root can read
mkdir -p "$work/private/rv"
if [ "$(id -u)" = 0 ]; then
	chmod 700 "$work/private"
	as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
else
	chmod 000 "$work/private"
	as_user() { "$@"; }
fi
out=$(RV_TRACEFS_DIR=$work/private as_user "$rv" list 2>&1)
ktap_eq "rv as another user than root fails with status 2" 2 $?
ktap_eq "saying that it needs root" \
	"rv: cannot read $work/private/rv: Permission denied; rv needs root: run it as root (sudo rv ...)" \
	"$out"

warnings=$(groff -man -ww -z -Tutf8 $src/rv.1 2>&1)
ktap_eq "the manual page renders without a warning" "" "$warnings"
out=$(make -s -C $src OUTPUT="$work/" DESTDIR="$work/root" prefix=/usr install 2>&1)
ktap_ok "make install puts rv and its manual page under DESTDIR" \
	test -x "$work/root/usr/bin/rv" -a -f "$work/root/usr/share/man/man1/rv.1"
ktap_finish
