#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The rv tool (tools/verification/rv) on the running kernel: it lists the
# monitors and containers, runs a monitor, a container or one of its
# monitors until interrupted or for a time, prints its events and
# violations as they happen, sums the run up (as text and as JSON that
# agrees with the tracefs files), refuses what it cannot do with the exit
# status it documents, and leaves the RV interface as it found it on every
# kind of stop.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

tracing=/sys/kernel/tracing
rv_dir=$tracing/rv
rv=$RV_CACHE/rv/rv
mods=${RV_TEST_MODULES:-$RV_CACHE/ext/test}
objp=/sys/module/rv_test_objects/parameters
out=$(mktemp)
json=$(mktemp)
# Bash builtins where a test only reads: while a monitor is enabled, each
# process the test starts costs seconds under TCG.
# stat MONITOR FIELD: a value of its stats file
stat() { field_of "$rv_dir/monitors/${1/://}/stats" "$2"; }
# expected_status MONITOR...: what rv mon must exit with after a run of
# them: 1 if one counted a violation, else 0
expected_status() {
	local m
	for m in "$@"; do
		[ "$(stat "$m" violations)" -gt 0 ] && { echo 1; return; }
	done
	echo 0
}
# the files rv mon may change, with their values
interface() {
	local f line value enabled instances
	mapfile -t enabled < $rv_dir/enabled_monitors
	echo "enabled: ${enabled[*]}"
	read -r value < $rv_dir/monitoring_on
	echo -n "monitoring_on: $value"
	read -r value < $rv_dir/reacting_on
	echo " reacting_on: $value"
	# a monitor's, and a container's child's
	for f in $rv_dir/monitors/*/reactors $rv_dir/monitors/*/*/reactors; do
		[ -e "$f" ] || continue
		value=
		while read -r line; do
			[[ $line != \[* ]] || value=$line
		done < "$f"
		echo "$f: $value"
	done
	instances=($tracing/instances/*)
	[ -e "${instances[0]}" ] || instances=()
	echo "instances: ${instances[*]##*/}"
}
# start_mon ARGS...: rv mon ARGS in the background, its output in $out,
# its messages in $out.err; returns once it says that it is monitoring
start_mon() {
	: > "$out.err"	# not the last run's words: the child opens it later
	"$rv" mon "$@" > "$out" 2> "$out.err" &
	mon_pid=$!
	wait_for_start
}
# wait_for_start: until rv mon says that it is monitoring, in $out.err,
# emptied before rv mon started
wait_for_start() { wait_for_text "$out.err" 'until interrupted'; }
# stop_mon [SIGNAL]: stop it as Ctrl-C does (or with SIGNAL); returns its
# exit status
stop_mon() {
	kill -"${1:-INT}" $mon_pid
	wait $mon_pid
}
# load: context switches and wakeups (rounds of stop_cont, a child that
# stops and its parent that continues it), then three wakeups of a
# running task, wwnr's violation, for certain (a test module's loader
# makes them; stop_cont makes some in a thousand rounds, by chance). Small,
# since rv mon reads and decodes each event it makes while the load runs.
load() {
	"$RV_CACHE/bin/stop_cont" 100
	insmod "$RV_CACHE/ext/test/rv_wwnr_violation/rv_wwnr_violation.ko" wakeups=3
	rmmod rv_wwnr_violation
}
# mon_for ARGS...: rv mon ARGS under the load, stopped by SIGINT
mon_for() {
	start_mon "$@"
	load
	stop_mon
}
# coverage_text NAME FILE: what rv coverage NAME must print, blanks
# squeezed, for the kernel's coverage FILE (lines "STATE EVENT NEXT COUNT"),
# worked out here and not by rv: "NAME: T of N transitions taken", then
# each transition with its count
coverage_text() {
	awk -v name="$1" 'NF { n++; taken += $4 > 0; line[n] = $1 " x " $2 " -> " $3 ": " $4 }
		END { print name ": " taken + 0 " of " n + 0 " transitions taken"
			for (i = 1; i <= n; i++) print line[i] }' "$2"
}

for m in wip wwnr reactor_printk; do
	ktap_ok "modprobe $m" modprobe $m
done
initial=$(interface)

# rv list
list=$("$rv" list)
ktap_eq "rv list succeeds" 0 $?
ktap_match "it shows wip, off, and what it checks" \
	'^wip +\[OFF\] +wakeup in preemptive: a task is woken only with preemption disabled$' "$list"
ktap_match "and wwnr" '^wwnr +\[OFF\] +wakeup while not running' "$list"
# check_list_json FILE: rv list --json's output agrees with the interface
check_list_json() {
	python3 - "$rv_dir" "$1" <<-'EOF' 2>&1
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
	assert sorted(seen) == sorted(available), seen
	print("ok")
	EOF
}
"$rv" list --json > "$json"
ktap_eq "rv list --json succeeds" 0 $?
ktap_eq "and agrees with available_monitors, enabled_monitors, each desc and reactors" ok \
	"$(check_list_json "$json")"

msg=$("$rv" coverage wip 2>&1)
ktap_eq "rv coverage of a monitor never enabled fails with status 2" 2 $?
ktap_match "saying why" 'wip has no transition counts: it was never enabled' "$msg"

# rv mon wwnr -v: the violations as they happen, the summary, the status
mon_for wwnr -v
status=$?
ktap_eq "rv mon wwnr -v on SIGINT exits with 1 if wwnr counted a violation, else 0" \
	"$(expected_status wwnr)" $status
ktap_match "the load made wwnr count violations" '^[1-9]' "$(stat wwnr violations)"
ktap_match "-v prints them as TASK-PID [CPU] id=PID VIOLATION STATE x EVENT" \
	'^ *[^ ].*-[0-9]+ +\[[0-9]{3}\] id=[0-9]+ VIOLATION running x wakeup$' "$(< "$out")"
ktap_nomatch "and no event without -t" '^ *[^ ].*-[0-9]+ +\[[0-9]{3}\] .* -> ' "$(< "$out")"
ktap_eq "the summary gives the monitor's counters" \
	"wwnr: $(stat wwnr events) events, $(stat wwnr violations) violations" \
	"$(grep -E '^wwnr: [0-9]+ events' "$out")"
ktap_match "the violations by state and event" '^wwnr: violations: running x wakeup: [1-9][0-9]*$' \
	"$(< "$out")"
ktap_match "the last violation" '^wwnr: last violation: event wakeup in state running \(CPU [0-9]+, pid [0-9]+\)$' \
	"$(< "$out")"
ktap_match "how much of the model the load exercised" '^wwnr: [1-3] of 3 transitions taken$' \
	"$(< "$out")"
ktap_match "and why it stopped" '^rv: stopped by SIGINT after [0-9.]+ s$' "$(< "$out.err")"
ktap_eq "after it, the interface is as it was" "$initial" "$(interface)"

# the counts stay after the run: rv coverage shows them, as the file has them
counts=$(< $rv_dir/monitors/wwnr/coverage)
table=$("$rv" coverage wwnr)
ktap_eq "rv coverage wwnr after the run succeeds" 0 $?
ktap_eq "and prints the summary, then every transition with its count, as the coverage file has them" \
	"$(coverage_text wwnr $rv_dir/monitors/wwnr/coverage)" "$(tr -s ' ' <<< "$table")"
"$rv" coverage --json wwnr > "$json"
ktap_eq "rv coverage --json agrees with the coverage file" ok "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["monitors"]
lines = [l.split() for l in open(sys.argv[2])]
assert [m["name"] for m in d] == ["wwnr"], d
assert d[0]["table"] == [{"state": s, "event": e, "next": n, "count": int(c)} for s, e, n, c in lines], d
assert d[0]["transitions"] == len(lines) and d[0]["taken"] == sum(int(l[3]) > 0 for l in lines), d
print("ok")' "$json" $rv_dir/monitors/wwnr/coverage 2>&1)"
dot=$("$rv" coverage wwnr --dot)
ktap_eq "rv coverage --dot succeeds" 0 $?
ktap_result "$(dot -Tcanon <<< "$dot" > /dev/null; echo $?)" "and prints a graph that Graphviz reads"
edges=$(gvpr 'E { printf("%s %s %s %s\n", $.tail.name, $.head.name, $.label, $.style); }' <<< "$dot")
ktap_eq "one edge per transition, labelled with its event and count, dashed if never taken" \
	"$(awk '{ print $1, $3, $2 ":", $4, ($4 > 0 ? "solid" : "dashed") }' <<< "$counts" | sort)" \
	"$(sort <<< "$edges")"

# --json, checked against the stats and coverage files after the run
# check_mon_json FILE: rv mon --json's summary agrees with the files
check_mon_json() {
	python3 - "$rv_dir" "$1" <<-'EOF' 2>&1
	import json, os, re, sys
	rv = sys.argv[1]
	d = json.load(open(sys.argv[2]))
	total = [0, 0]
	for m in d["monitors"]:
	    folder = os.path.join(rv, "monitors", m["name"].replace(":", "/"))
	    text = open(folder + "/stats").read()
	    stats = dict(l.split(": ", 1) for l in text.splitlines())
	    assert m["events"] == int(stats["events"]), (m, stats)
	    assert m["violations"] == int(stats["violations"]), (m, stats)
	    by = sum(v["count"] for v in m["violations_by"])
	    assert m["traced_violations"] <= int(stats["violations"]), (m, stats)
	    assert by <= int(stats["violations"]), (m, stats)
	    # every violation is traced, unless the buffers overflowed: then
	    # rv's counts by state and event add up to the kernel's own
	    # counter (enabling the monitor zeroed it: the run's alone)
	    if d["lost_events"] == 0:
	        assert m["traced_violations"] == int(stats["violations"]), (m, stats)
	        assert by == int(stats["violations"]), (m, stats)
	    last = re.match(r"state=(\S+) event=(\S+) cpu=(\d+) pid=(\d+) time_ns=(\d+)$", stats["last_violation"])
	    if last:
	        assert m["last_violation"] == {"state": last[1], "event": last[2], "cpu": int(last[3]), "pid": int(last[4]), "time_ns": int(last[5])}, m
	    else:
	        assert m["last_violation"] is None, m
	    if "objects" in stats:
	        assert m["objects"] == {"now": int(stats["objects"]), "followed": int(stats["objects_followed"]), "dropped": int(stats["objects_dropped"]), "capacity": int(stats["objects_capacity"])}, m
	    else:
	        assert "objects" not in m, m
	    lines = [l.split() for l in open(folder + "/coverage")]
	    if lines:
	        c = m["coverage"]
	        assert c["transitions"] == len(lines), m
	        assert c["taken"] == sum(int(l[3]) > 0 for l in lines), m
	        assert c["never_taken"] == [{"state": l[0], "event": l[1], "next": l[2]} for l in lines if l[3] == "0"], m
	    else:
	        assert m["coverage"] is None, m
	    total[0] += m["events"]
	    total[1] += m["violations"]
	assert [d["events"], d["violations"]] == total, d
	print("ok %s %s %s" % (d["monitor"], d["stopped_by"], " ".join(m["name"] for m in d["monitors"])))
	EOF
}
start_mon wwnr --json -T 2
load
wait $mon_pid
status=$?
cp "$out" "$json"
ktap_eq "rv mon wwnr -T 2 --json stops by itself, status as the violations say" \
	"$(expected_status wwnr)" $status
ktap_eq "its stdout is JSON that agrees with wwnr's stats and coverage files" \
	"ok wwnr time limit wwnr" "$(check_mon_json "$json")"
ktap_eq "and the interface is as it was" "$initial" "$(interface)"

# -t: every event, with the id of a per-task monitor; rv's own left out
mon_for wwnr -t
ktap_match "rv mon wwnr -t prints each event as TASK-PID [CPU] id=PID STATE x EVENT -> NEXT" \
	'^ *[^ ].*-[0-9]+ +\[[0-9]{3}\] id=[0-9]+ (not_running|running) x (switch_in|switch_out|wakeup) -> (not_running|running)$' \
	"$(< "$out")"
mon_for wip -t
status=$?
ktap_eq "rv mon wip -t exits with the status its violations say" "$(expected_status wip)" $status
ktap_match "and prints the events of wip, a per-CPU monitor, without an id" \
	'^ *[^ ].*-[0-9]+ +\[[0-9]{3}\] (preemptive|non_preemptive) x (preempt_disable|preempt_enable|sched_waking) -> (preemptive|non_preemptive)$' \
	"$(< "$out")"
ktap_nomatch "but none of rv's own, without -s" "-$mon_pid +\[[0-9]{3}\] " "$(< "$out")"
"$rv" mon wip -t -s -T 1 > "$out" 2> "$out.err" &
mon_pid=$!
wait $mon_pid
ktap_match "with -s, its own too" "^ *rv-$mon_pid +\[[0-9]{3}\] (preemptive|non_preemptive) x " \
	"$(< "$out")"
ktap_eq "the interface is as it was" "$initial" "$(interface)"

# a reader that goes away stops the run, which puts everything back
timeout 60 "$rv" mon wip -t 2> "$out.err" | head -n 3 > "$out"
status=${PIPESTATUS[0]}
ktap_eq "rv mon wip -t | head -n 3: head gets its 3 lines" 3 "$(wc -l < "$out")"
ktap_match "and rv stops by itself, with the status of the violations (not a signal's)" \
	"^$(expected_status wip)\$" "$status"
ktap_match "saying why" '^rv: stopped by output closed after ' "$(< "$out.err")"
ktap_eq "and the interface is as it was" "$initial" "$(interface)"

# while it runs: on in rv list, and a second run is refused
start_mon wwnr -q
ktap_match "while rv mon runs, rv list shows the monitor on" '^wwnr +\[ON\]' "$("$rv" list)"
ktap_eq "a tracing instance of its own reads the events" "rv_mon_$mon_pid" \
	"$(ls $tracing/instances)"
msg=$(timeout 5 "$rv" mon wwnr 2>&1)
ktap_eq "a second rv mon of the same monitor fails with status 2" 2 $?
ktap_match "saying why" '^rv: wwnr is enabled already: someone else is using it' "$msg"
"$RV_CACHE/bin/stop_cont" 100
stop_mon
ktap_eq "rv mon -q prints two lines: the counters and the coverage" \
	"$(printf '%s\n' "wwnr: $(stat wwnr events) events, $(stat wwnr violations) violations" \
		"$(grep . $rv_dir/monitors/wwnr/coverage | awk '$4 > 0 { n++ } END { print "wwnr: " n+0 " of " NR " transitions taken" }')")" \
	"$(< "$out")"

# a monitor that someone else enabled is refused, and left on
echo wwnr >> $rv_dir/enabled_monitors
msg=$(timeout 5 "$rv" mon wwnr 2>&1)
ktap_eq "rv mon of a monitor enabled by someone else fails with status 2" 2 $?
ktap_match "saying how to disable it" "echo '!wwnr' >> $rv_dir/enabled_monitors" "$msg"
ktap_eq "and leaves it enabled" wwnr "$(< $rv_dir/enabled_monitors)"
echo '!wwnr' >> $rv_dir/enabled_monitors

# SIGTERM, SIGHUP and -T: everything changed is put back, monitoring_on
# and reacting_on included
echo 0 > $rv_dir/monitoring_on
echo 0 > $rv_dir/reacting_on
changed=$(interface)
for stop in TERM HUP; do
	start_mon wwnr -r printk
	ktap_eq "while rv mon wwnr -r printk runs: wwnr on, printk selected, monitoring_on and reacting_on 1" \
		"wwnr [printk] 1 1" \
		"$(< $rv_dir/enabled_monitors) $(grep '^\[' $rv_dir/monitors/wwnr/reactors) $(< $rv_dir/monitoring_on) $(< $rv_dir/reacting_on)"
	ktap_match "it says that it set monitoring_on" '^rv: warning: monitoring_on was 0: it is 1 for the run' \
		"$(< "$out.err")"
	load
	stop_mon $stop
	status=$?
	ktap_eq "on SIG$stop, it exits with the status its violations say" "$(expected_status wwnr)" $status
	ktap_eq "and puts back the monitor, its reactor, monitoring_on, reacting_on and the instance" \
		"$changed" "$(interface)"
	ktap_match "and prints the summary" '^wwnr: [0-9]+ events, [0-9]+ violations$' "$(< "$out")"
done
start=$(date +%s)
"$rv" mon wwnr -r printk -T 2 > "$out" 2> "$out.err"
status=$?
took=$(($(date +%s) - start))
ktap_eq "rv mon -T 2 stops by itself, with the status its violations say" "$(expected_status wwnr)" $status
ktap_result "$([ $took -ge 2 ] && [ $took -le 30 ]; echo $?)" "after about 2 seconds" "took ${took}s"
ktap_match "saying why" '^rv: stopped by time limit after [2-9][0-9]*\.[0-9] s$' "$(< "$out.err")"
ktap_eq "and puts back what it changed" "$changed" "$(interface)"
echo 1 > $rv_dir/monitoring_on
echo 1 > $rv_dir/reacting_on
ktap_eq "(the interface as it was)" "$initial" "$(interface)"

# the printk reactor
dmesg -C
mon_for wwnr -r printk -q
status=$?
ktap_eq "rv mon -r printk exits with 1 after violations" 1 $status
nap 0.2
ktap_match "and the printk reactor reports them to the kernel log" \
	'rv: monitor wwnr does not allow event wakeup on state running' "$(dmesg)"
ktap_eq "the reactor is put back afterwards" "[nop]" "$(grep -F '[' $rv_dir/monitors/wwnr/reactors)"

# errors: status 2, a message, nothing changed
msg=$(timeout 5 "$rv" mon nosuch 2>&1)
ktap_eq "rv mon of an unknown monitor fails with status 2" 2 $?
ktap_match "naming it" "^rv: no monitor 'nosuch' in this kernel; rv list shows those there are" "$msg"
msg=$(timeout 5 "$rv" mon wwnr -r nosuch 2>&1)
ktap_eq "an unknown reactor fails with status 2" 2 $?
ktap_match "listing the reactors there are" "no reactor 'nosuch' for wwnr; there are: .*printk" "$msg"
msg=$("$rv" mon 2>&1)
ktap_eq "rv mon without a monitor is a usage error (2)" 2 $?
ktap_match "that asks which" 'which monitor\?' "$msg"
msg=$(timeout 5 "$rv" mon wip wwnr 2>&1)
ktap_eq "two monitors are a usage error" 2 $?
msg=$(timeout 5 "$rv" mon -T 0 wip 2>&1)
ktap_eq "so is -T 0" 2 $?
msg=$("$rv" mon --bogus wip 2>&1)
ktap_eq "so is an unknown option" 2 $?
msg=$("$rv" list wip 2>&1)
ktap_eq "rv list of a monitor that is no container fails with status 2" 2 $?
ktap_match "saying so" 'wip is a monitor, no container' "$msg"
msg=$("$rv" coverage nosuch 2>&1)
ktap_eq "rv coverage of an unknown monitor fails with status 2" 2 $?
ktap_match "naming it" "no monitor 'nosuch'" "$msg"
msg=$("$rv" coverage 2>&1)
ktap_eq "rv coverage without a monitor is a usage error (2)" 2 $?
msg=$("$rv" coverage wwnr --svg 2>&1)
ktap_eq "so is an unknown option" 2 $?
ktap_match "shown with the usage" 'usage: rv coverage ' "$msg"
msg=$("$rv" frobnicate 2>&1)
ktap_eq "so is an unknown command" 2 $?
ktap_match "named in the message" "no command 'frobnicate'" "$msg"
install -m 755 "$rv" /tmp/rv-as-nobody
msg=$(setpriv --reuid=65534 --regid=65534 --clear-groups /tmp/rv-as-nobody list 2>&1)
ktap_eq "rv list as another user than root fails with status 2" 2 $?
ktap_match "saying that rv needs root" 'rv needs root: run it as root' "$msg"
rm -f /tmp/rv-as-nobody
ktap_eq "after all that, the interface is as it was" "$initial" "$(interface)"

# containers: the test container sched, its children child_a and child_b
# (no events) and tobj, a per-object monitor with trace events
ktap_ok "the test container loads" insmod $mods/rv_test_container/rv_test_container.ko
ktap_ok "and its per-object child tobj" insmod $mods/rv_test_objects/rv_test_objects.ko
initial=$(interface)
list=$("$rv" list)
ktap_eq "rv list shows the container, its children indented after it" \
	"$(printf '%s\n' sched '  sched:child_a' '  sched:child_b' '  sched:tobj')" \
	"$(grep -A3 '^sched ' <<< "$list" | sed -E 's/ +\[OFF\] .*//')"
ktap_match "each with its description" '^  sched:tobj +\[OFF\] test-only per-object monitor of made-up objects$' \
	"$list"
echo sched:child_a >> $rv_dir/enabled_monitors
ktap_eq "rv list sched lists that container alone, a child on when it is" \
	"$(printf '%s\n' 'sched [OFF] test-only container of scheduler monitors' \
		'  sched:child_a [ON] first test-only child' '  sched:child_b [OFF] second test-only child' \
		'  sched:tobj [OFF] test-only per-object monitor of made-up objects')" \
	"$("$rv" list sched | sed -E 's/([^ ]) +/\1 /g')"
"$rv" list --json > "$json"
ktap_eq "rv list --json agrees with the interface, the children in their container" ok \
	"$(check_list_json "$json")"
msg=$(timeout 5 "$rv" mon sched 2>&1)
ktap_eq "rv mon of a container one of whose children is enabled fails with status 2" 2 $?
ktap_match "naming the child" '^rv: sched:child_a is enabled already' "$msg"
echo '!sched:child_a' >> $rv_dir/enabled_monitors
"$rv" list -j sched > "$json"
ktap_eq "rv list -j sched lists the container alone" '["sched"]' \
	"$(python3 -c 'import json, sys; print(json.dumps([m["name"] for m in json.load(open(sys.argv[1]))["monitors"]]))' "$json")"

# a child's reactor of its own is put back after a run of its container
echo printk > $rv_dir/monitors/sched/child_b/reactors
reactors_before=$(interface)
start_mon sched -t -r nop
ktap_eq "rv mon sched enables the container, each child" \
	"$(printf '%s\n' sched sched:child_a sched:child_b sched:tobj)" "$(< $rv_dir/enabled_monitors)"
echo 20 > $objp/run
echo 5 > $objp/run_bad
stop_mon
status=$?
ktap_eq "rv mon sched exits with 1: tobj saw violations" 1 $status
ktap_eq "and puts back the reactors, the container's and each child's" "$reactors_before" \
	"$(interface)"
ktap_eq "-t printed each get of tobj, named, with the object's id" 25 \
	"$(grep -cE '\] tobj id=[0-9]+ idle x get -> held$' "$out")"
ktap_eq "each put" 20 "$(grep -cE '\] tobj id=[0-9]+ held x put -> idle \(final\)$' "$out")"
ktap_eq "each destroy" 20 "$(grep -cE '\] tobj id=[0-9]+ idle x destroy -> idle \(final\)$' "$out")"
ktap_eq "and each violation" 5 "$(grep -cE '\] tobj id=[0-9]+ VIOLATION held x destroy$' "$out")"
ktap_match "the summary: tobj's counters" '^sched:tobj: 70 events, 5 violations$' "$(< "$out")"
ktap_match "its violations by state and event" '^sched:tobj: violations: held x destroy: 5$' "$(< "$out")"
ktap_match "its objects" '^sched:tobj: objects: 0 followed now, 25 in all, 0 dropped, capacity 256$' \
	"$(< "$out")"
ktap_match "and a child without events, by its counters" '^sched:child_a: 0 events, 0 violations$' \
	"$(< "$out")"
echo nop > $rv_dir/monitors/sched/child_b/reactors

start_mon sched --json -v
echo 10 > $objp/run
echo 3 > $objp/run_bad
stop_mon TERM
status=$?
cp "$out" "$json"
ktap_eq "rv mon sched --json -v exits with 1 on SIGTERM" 1 $status
ktap_eq "its JSON agrees with each child's stats and coverage" \
	"ok sched SIGTERM sched:child_a sched:child_b sched:tobj" "$(check_mon_json "$json")"
ktap_eq "tobj's violations by state and event" '[{"state": "held", "event": "destroy", "count": 3}]' \
	"$(python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1]))["monitors"][2]["violations_by"]))' "$json")"
ktap_eq "the violations went to stderr with --json" 3 \
	"$(grep -cE '\] tobj id=[0-9]+ VIOLATION held x destroy$' "$out.err")"

: > "$out.err"
"$rv" mon tobj -T 2 > "$out" 2> "$out.err" &
mon_pid=$!
wait_for_start
ktap_eq "a child named by its own name runs alone, as CONTAINER:CHILD" sched:tobj \
	"$(< $rv_dir/enabled_monitors)"
echo 4 > $objp/run
wait $mon_pid
ktap_eq "and exits with 0 without a violation" 0 $?
ktap_match "and sums up the 12 events of the 4 objects" '^sched:tobj: 12 events, 0 violations$' "$(< "$out")"
# tobj's counts, from its coverage file: 4 objects, each created, got,
# put and destroyed
tobj_coverage=$(coverage_text sched:tobj $rv_dir/monitors/sched/tobj/coverage)
ktap_match "(tobj's coverage file has counts)" '^sched:tobj: [1-9] of 4 transitions taken$' \
	"$tobj_coverage"
table=$("$rv" coverage sched)
status=$?
ktap_eq "rv coverage of the container succeeds, printing its child's counts, as the coverage file has them" \
	"$(printf '0\n%s' "$tobj_coverage")" "$(printf '%s\n%s' $status "$(tr -s ' ' <<< "$table")")"
table=$("$rv" coverage sched:tobj)
status=$?
ktap_eq "so does rv coverage of the child by CONTAINER:CHILD" \
	"$(printf '0\n%s' "$tobj_coverage")" "$(printf '%s\n%s' $status "$(tr -s ' ' <<< "$table")")"
ktap_eq "the interface is as it was" "$initial" "$(interface)"
rmmod rv_test_objects
rmmod rv_test_container

# a monitor of Linux 6.1, which traces RV's shared events: Debian's wwnr
rmmod wwnr
ktap_ok "Debian's wwnr loads" insmod $mods/debian_rv_monitors/wwnr.ko
# it follows a task only once it slept in exactly TASK_INTERRUPTIBLE,
# which neither of stop_cont's tasks does: a pipe's reader does
start_mon wwnr -t
"$RV_CACHE/bin/rv-bench" pipe 2000 > /dev/null
stop_mon
ktap_match "rv mon -t decodes its shared rv:da_event_id, with the pid" \
	'^ *[^ ].*-[0-9]+ +\[[0-9]{3}\] id=[0-9]+ (not_running|running) x (switch_in|switch_out|wakeup) -> (not_running|running)$' \
	"$(< "$out")"
ktap_match "and sums it up from its counters" '^wwnr: [1-9][0-9]* events, [0-9]+ violations$' "$(< "$out")"
rmmod wwnr
modprobe wwnr

ktap_eq "no tracing instance is left behind" "" "$(ls $tracing/instances)"
rm -f "$out" "$out.err" "$json"
for m in reactor_printk wwnr wip; do
	rmmod $m
done
ktap_finish
