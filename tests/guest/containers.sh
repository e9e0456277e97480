#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Containers: a monitor that groups others, through every file of the
# interface. Uses the test-only container "sched" of tests/modules, with
# its children child_a and child_b, and the test-only reactor.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
mods=$RV_CACHE/ext/test
rvwrite=$RV_CACHE/bin/rvwrite
conp=/sys/module/rv_test_container/parameters
reap=/sys/module/rv_test_reactor/parameters
lines() { printf '%s\n' "$@"; }
counts() { echo "$(< $conp/starts_a) $(< $conp/stops_a) $(< $conp/starts_b) $(< $conp/stops_b)"; }
switches() {	# the enable file of sched, child_a and child_b
	echo "$(< monitors/sched/enable) $(< monitors/sched/child_a/enable) $(< monitors/sched/child_b/enable)"
}
selected() {	# the reactor of sched, child_a and child_b, read by bash
	local f line chosen=()
	for f in monitors/sched/reactors monitors/sched/child_a/reactors \
		monitors/sched/child_b/reactors; do
		while read -r line; do
			[[ $line != \[*\] ]] || { line=${line#[}; chosen+=("${line%]}"); }
		done < $f
	done
	echo "${chosen[*]}"
}

cd $rv
ktap_ok "the test container module loads" insmod $mods/rv_test_container/rv_test_container.ko
ktap_ok "a monitor module loads after it" insmod $mods/rv_test_monitor/rv_test_monitor.ko
ktap_ok "and the test reactor" insmod $mods/rv_test_reactor/rv_test_reactor.ko

ktap_eq "available_monitors lists the container, then its children as container:child" \
	"$(lines sched sched:child_a sched:child_b rv_test rv_test_b)" "$(< available_monitors)"
ktap_eq "the container has a folder in monitors/" "$(lines rv_test rv_test_b sched)" "$(ls monitors)"
ktap_eq "which holds desc, enable, reactors and a folder for each child" \
	"$(lines child_a child_b desc enable reactors)" "$(ls monitors/sched)"
ktap_eq "a child's folder holds what a monitor's does" \
	"$(lines coverage desc enable reactors stats)" "$(ls monitors/sched/child_a)"
ktap_eq "the container's desc" "test-only container of scheduler monitors" "$(< monitors/sched/desc)"
ktap_eq "a child's desc" "second test-only child" "$(< monitors/sched/child_b/desc)"
ktap_eq "all start disabled" "0 0 0:" "$(switches):$(< enabled_monitors)"

# enabling and disabling the container: all its children
echo 1 > monitors/sched/enable
ktap_eq "1 to a container's enable enables its children" "1 1 1" "$(switches)"
ktap_eq "enabled_monitors lists the container and each child" \
	"$(lines sched sched:child_a sched:child_b)" "$(< enabled_monitors)"
ktap_eq "each child was started once" "1 0 1 0" "$(counts)"
echo 0 > monitors/sched/enable
ktap_eq "0 disables them" "0 0 0:" "$(switches):$(< enabled_monitors)"
ktap_eq "each child was stopped once" "1 1 1 1" "$(counts)"
echo sched >> enabled_monitors
ktap_eq "writing the container's name to enabled_monitors enables its children" \
	"1 1 1" "$(switches)"
echo '!sched' >> enabled_monitors
ktap_eq "!CONTAINER disables them" "0 0 0:" "$(switches):$(< enabled_monitors)"
echo sched >> enabled_monitors
echo -sched >> enabled_monitors
ktap_eq "and so does -CONTAINER" "0 0 0:" "$(switches):$(< enabled_monitors)"
echo 1 > monitors/sched/enable
echo > enabled_monitors
ktap_eq "truncating enabled_monitors disables the children" "0 0 0:" \
	"$(switches):$(< enabled_monitors)"

# one child alone
echo sched:child_a >> enabled_monitors
ktap_eq "CONTAINER:CHILD enables that child alone" "0 1 0" "$(switches)"
ktap_eq "enabled_monitors lists it alone: the container is on when all its children are" \
	sched:child_a "$(< enabled_monitors)"
echo child_b >> enabled_monitors
ktap_eq "a child's own name enables it too, as in the merged Linux RV" "1 1 1" "$(switches)"
ktap_eq "with every child on, the container is listed" \
	"$(lines sched sched:child_a sched:child_b)" "$(< enabled_monitors)"
echo '!sched:child_a' >> enabled_monitors
ktap_eq "!CONTAINER:CHILD disables that child alone" "0 0 1" "$(switches)"
echo 1 > monitors/sched/child_a/enable
echo 0 > monitors/sched/child_b/enable
ktap_eq "so do the children's own enable files" "0 1 0:sched:child_a" \
	"$(switches):$(< enabled_monitors)"
echo 1 > monitors/sched/enable
ktap_eq "enabling the container enables the children that were off" "1 1 1" "$(switches)"
echo > enabled_monitors
python3 -c 'open("enabled_monitors", "w").write("sched:child_b\n")'
ktap_eq "Python's open(..., 'w') with CONTAINER:CHILD" "0 0 1" "$(switches)"
echo > enabled_monitors

# a pause of monitoring: the children detach and stay enabled; a child
# enabled during it completes the container, and starts when it ends
echo sched:child_a > enabled_monitors
read -r starts_a stops_a starts_b stops_b <<< "$(counts)"
echo 0 > monitoring_on
ktap_eq "a pause stops the enabled child and leaves it on" \
	"0 1 0:$starts_a $((stops_a + 1)) $starts_b $stops_b" "$(switches):$(counts)"
echo 1 > monitors/sched/enable
ktap_eq "enabling the container during the pause lists it whole, starting nothing" \
	"1 1 1:$(lines sched sched:child_a sched:child_b):$starts_a $starts_b" \
	"$(switches):$(< enabled_monitors):$(counts | cut -d' ' -f1,3)"
echo 1 > monitoring_on
ktap_eq "the end of the pause starts both children" "$((starts_a + 1)) $((starts_b + 1))" \
	"$(counts | cut -d' ' -f1,3)"
echo > enabled_monitors

# bad input: the errno, and nothing changed
echo sched:child_a > enabled_monitors
state() {	# what a bad write must not change (ktap_bad_write)
	files_text enabled_monitors monitors/sched/enable monitors/sched/*/enable \
		monitors/sched/reactors monitors/sched/*/reactors available_monitors
	counts
}
data=sched:no_such ktap_bad_write "a child the container does not have" EINVAL enabled_monitors
data='!sched:no_such' ktap_bad_write "disabling it" EINVAL enabled_monitors
data=rv_test:child_b ktap_bad_write "a child under a monitor that is not its container" EINVAL enabled_monitors
data=no_such:child_b ktap_bad_write "a child under a container that does not exist" EINVAL enabled_monitors
data=sched: ktap_bad_write "a container and a colon" EINVAL enabled_monitors
data=:child_b ktap_bad_write "a colon and a child" EINVAL enabled_monitors
data=sched:child_b:x ktap_bad_write "three parts" EINVAL enabled_monitors
data=sched:sched ktap_bad_write "the container as its own child" EINVAL enabled_monitors
long=$(printf 'm%.0s' $(seq 31))
data="!$long:$long" ktap_bad_write "the longest form refused for its names, not its length" EINVAL \
	enabled_monitors
data=2 ktap_bad_write "a container's enable, 2" EINVAL monitors/sched/enable
data=nosuch ktap_bad_write "a container's reactors, an unknown reactor" EINVAL monitors/sched/reactors

# registration: what the API refuses, and nothing changes
attempt() {	# attempt DESC WORD ERRNO
	local before after
	before=$(state)
	echo "$2" > $conp/attempt
	ktap_eq "$1 is refused with $3" "$(errno_value "$3")" "$(< $conp/attempt_result)"
	after=$(state)
	ktap_eq "$1: nothing changed" "$before" "$after"
}
errno_value() {	# errno_value NAME: -errno, as the kernel returns it
	case $1 in
	ENOENT) echo -2 ;;
	EBUSY) echo -16 ;;
	EEXIST) echo -17 ;;
	EINVAL) echo -22 ;;
	*) echo "errno_value: $1 is not in its table" >&2; return 1 ;;
	esac
}
attempt "a container under a container" nested EINVAL
attempt "a child under a container that is not registered" orphan ENOENT
attempt "a child under a monitor that is not a container" under_child EINVAL
attempt "a child of a name already taken" duplicate EEXIST
attempt "unregistering a container that has children" unregister EBUSY

# a child that fails to start: enabling the container changes nothing
echo 1 > monitors/sched/child_a/enable
echo -5 > $conp/start_error_b
before=$(state)
ktap_eq "enabling a container whose child fails to start fails with its error" EIO \
	"$($rvwrite monitors/sched/enable 1 2>&1)"
ktap_eq "and changes nothing" "$before" "$(state)"
echo 0 > monitors/sched/child_a/enable
before=$(counts)
ktap_eq "so does enabling it through enabled_monitors" EIO \
	"$($rvwrite enabled_monitors sched 2>&1)"
ktap_eq "the children it had enabled are disabled again" "0 0 0:" \
	"$(switches):$(< enabled_monitors)"
read -r a1 a2 b1 b2 <<< "$before"
ktap_eq "child_a was started, then stopped again; child_b never started" \
	"$((a1 + 1)) $((a2 + 1)) $b1 $b2" "$(counts)"
echo 0 > $conp/start_error_b

# reactors
echo sched:child_a > enabled_monitors
ktap_eq "every reactor file starts on nop" "nop nop nop" "$(selected)"
echo rv_test_react > monitors/sched/reactors
ktap_eq "a container's reactor becomes each child's" \
	"rv_test_react rv_test_react rv_test_react" "$(selected)"
ktap_eq "selecting it enables or disables nothing" "0 1 0" "$(switches)"
echo container says > $conp/react_a
ktap_eq "a child reacts with it" "1:container says" \
	"$(< $reap/reactions):$(< $reap/last_msg)"
echo nop > monitors/sched/child_b/reactors
ktap_eq "a child's reactor can then be changed alone" "rv_test_react rv_test_react nop" \
	"$(selected)"
echo 1 > $conp/late
ktap_eq "a child that registers late is listed after the others" \
	"$(lines sched sched:child_a sched:child_b sched:child_late rv_test rv_test_b)" \
	"$(< available_monitors)"
ktap_eq "and starts with its container's reactor" "[rv_test_react]" \
	"$(grep '^\[' monitors/sched/child_late/reactors)"
echo 1 > monitors/sched/enable
ktap_eq "enabling the container enables it too" \
	"1 1 1 1" "$(switches) $(< monitors/sched/child_late/enable)"
echo 0 > $conp/late
ktap_eq "when it goes, its folder goes" "$(lines child_a child_b desc enable reactors)" \
	"$(ls monitors/sched)"
ktap_eq "and the container is listed by what is left" \
	"$(lines sched sched:child_a sched:child_b)" "$(< enabled_monitors)"
ktap_fails "the reactor's module does not unload while the container selects it" \
	rmmod rv_test_reactor
echo nop > monitors/sched/reactors
ktap_eq "nop on the container is nop on each child" "nop nop nop" "$(selected)"
ktap_ok "then the reactor's module unloads" rmmod rv_test_reactor

# the rv tool names children as the kernel does
ktap_match "rv list shows a child, indented, with its container and description" \
	'^  sched:child_a +\[ON\] +first test-only child$' "$("$RV_CACHE/rv/rv" list 2>&1)"

# the container's module unloads with its children enabled
exec 3< monitors/sched/child_a/enable
ktap_ok "the container's module unloads while its children are enabled" \
	rmmod rv_test_container
ktap_eq "its monitors are gone" "$(lines rv_test rv_test_b):$(lines rv_test rv_test_b):" \
	"$(< available_monitors):$(ls monitors):$(< enabled_monitors)"
ktap_match "a child's file left open then fails with ENODEV" "No such device" \
	"$(cat <&3 2>&1)"
exec 3<&-
rmmod rv_test_monitor
ktap_finish
