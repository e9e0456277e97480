#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The RV core's tracefs interface: every file, every example of the user
# documentation, and every bad input (its errno, and nothing changed).
# Uses the test-only monitor and reactor modules of tests/modules.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
mods=$RV_CACHE/ext/test
rvwrite=$RV_CACHE/bin/rvwrite
monp=/sys/module/rv_test_monitor/parameters
reap=/sys/module/rv_test_reactor/parameters
lines() { printf '%s\n' "$@"; }

ktap_ok "rv/ exists in tracefs" test -d $rv
ktap_ok "the test monitor module loads" insmod $mods/rv_test_monitor/rv_test_monitor.ko
ktap_ok "the test reactor module loads" insmod $mods/rv_test_reactor/rv_test_reactor.ko

# files and their modes: root only
for f in available_monitors:-r-------- available_reactors:-r-------- \
	enabled_monitors:-rw------- monitoring_on:-rw------- reacting_on:-rw------- \
	monitors/rv_test/desc:-r-------- monitors/rv_test/enable:-rw------- \
	monitors/rv_test/reactors:-rw------- monitors/rv_test/stats:-r--------; do
	ktap_eq "mode of ${f%%:*}" "${f#*:}" "$(stat -c %A "$rv/${f%%:*}" 2>&1)"
done

ktap_eq "available_monitors lists the registered monitors" \
	"$(lines rv_test rv_test_b)" "$(< $rv/available_monitors)"
ktap_eq "available_reactors lists nop, then the registered reactors" \
	"$(lines nop rv_test_react)" "$(< $rv/available_reactors)"
ktap_eq "monitors/ has a folder for each monitor" "$(lines rv_test rv_test_b)" "$(ls $rv/monitors)"
ktap_eq "a monitor folder holds coverage, desc, enable, reactors and stats" \
	"$(lines coverage desc enable reactors stats)" "$(ls $rv/monitors/rv_test)"
ktap_eq "coverage is empty for a monitor without a model" "" \
	"$(< $rv/monitors/rv_test/coverage)"
ktap_eq "desc prints the description" "test-only monitor that follows no event" \
	"$(< $rv/monitors/rv_test/desc)"
ktap_eq "enable reads 0 for a disabled monitor" 0 "$(< $rv/monitors/rv_test/enable)"
ktap_eq "monitoring_on is 1 at boot" 1 "$(< $rv/monitoring_on)"
ktap_eq "reacting_on is 1 at boot" 1 "$(< $rv/reacting_on)"

# the enabled_monitors example of the documentation
cd $rv
ktap_eq "no monitor is enabled at first" "" "$(< enabled_monitors)"
echo rv_test > enabled_monitors
echo rv_test_b >> enabled_monitors
ktap_eq "echo NAME > and >> enabled_monitors enable two monitors" \
	"$(lines rv_test rv_test_b)" "$(< enabled_monitors)"
ktap_eq "each monitor's enable file says so" "1 1" \
	"$(< monitors/rv_test/enable) $(< monitors/rv_test_b/enable)"
echo -rv_test >> enabled_monitors
ktap_eq "echo -NAME >> enabled_monitors disables one" rv_test_b "$(< enabled_monitors)"
echo > enabled_monitors
ktap_eq "echo > enabled_monitors disables them all" "" "$(< enabled_monitors)"
echo rv_test_b > enabled_monitors
echo '!rv_test_b' >> enabled_monitors
ktap_eq "!NAME disables, as in the merged Linux RV" "" "$(< enabled_monitors)"

# start, stop and reset calls
r0=$(< $monp/resets) s0=$(< $monp/starts) t0=$(< $monp/stops)
echo 1 > monitors/rv_test/enable
ktap_eq "enabling resets the monitor, then starts it" "$((r0 + 1)) $((s0 + 1))" \
	"$(< $monp/resets) $(< $monp/starts)"
ktap_eq "echo 1 > enable lists it in enabled_monitors" rv_test "$(< enabled_monitors)"
echo rv_test >> enabled_monitors
ktap_eq "enabling an enabled monitor does not start it again" "$((s0 + 1))" "$(< $monp/starts)"
echo 0 > monitors/rv_test/enable
ktap_eq "echo 0 > enable stops it" "$((t0 + 1)) " "$(< $monp/stops) $(< enabled_monitors)"

# monitoring_on: a pause detaches the enabled monitors, which stay
# enabled; the end of the pause starts them again, reset
echo rv_test > enabled_monitors
r0=$(< $monp/resets) s0=$(< $monp/starts) t0=$(< $monp/stops)
echo 0 > monitoring_on
ktap_eq "echo 0 > monitoring_on switches monitoring off" 0 "$(< monitoring_on)"
ktap_eq "and leaves the monitors enabled" rv_test "$(< enabled_monitors)"
ktap_eq "but detached: stopped" "$((t0 + 1))" "$(< $monp/stops)"
ktap_eq "and its enable file says so" 1 "$(< monitors/rv_test/enable)"
echo 1 > monitoring_on
ktap_eq "echo 1 > monitoring_on switches it back on" 1 "$(< monitoring_on)"
ktap_eq "and resets and starts the enabled monitors (only those)" \
	"$((r0 + 1)) $((s0 + 1))" "$(< $monp/resets) $(< $monp/starts)"
echo 1 > monitoring_on
ktap_eq "writing 1 when it is on resets nothing" "$((r0 + 1))" "$(< $monp/resets)"
# what the user switches during a pause takes effect when it ends
echo 0 > monitoring_on
s0=$(< $monp/starts) t0=$(< $monp/stops)
echo rv_test_b >> enabled_monitors
ktap_eq "a monitor enabled during a pause is listed" "rv_test rv_test_b" \
	"$(xargs < enabled_monitors)"
ktap_eq "but not started" "$s0" "$(< $monp/starts)"
echo '!rv_test' >> enabled_monitors
ktap_eq "one disabled during a pause goes, with no stop to call" "rv_test_b $t0" \
	"$(xargs < enabled_monitors) $(< $monp/stops)"
echo 1 > monitoring_on
ktap_eq "the end of the pause starts only what is enabled" "$((s0 + 1)) rv_test_b" \
	"$(< $monp/starts) $(xargs < enabled_monitors)"
# a monitor that cannot attach again is left disabled, and the write says so
echo 0 > monitoring_on
echo -16 > $monp/start_error
ktap_match "resuming fails with the error of a monitor that cannot start" \
	"Device or resource busy" "$( (echo 1 > monitoring_on) 2>&1)"
ktap_eq "monitoring is on, that monitor disabled" "1 " \
	"$(< monitoring_on) $(xargs < enabled_monitors)"
echo 0 > $monp/start_error
echo > enabled_monitors

# reactors: the documentation's example, and reactions
ktap_eq "a monitor's reactor is nop by default" "$(lines '[nop]' rv_test_react)" \
	"$(< monitors/rv_test/reactors)"
echo rv_test_react > monitors/rv_test/reactors
ktap_eq "writing a reactor's name selects it" "$(lines nop '[rv_test_react]')" \
	"$(< monitors/rv_test/reactors)"
ktap_eq "for that monitor only" "$(lines '[nop]' rv_test_react)" \
	"$(< monitors/rv_test_b/reactors)"
echo "a violation" > $monp/react
ktap_eq "a reaction reaches the selected reactor with its message" "1:a violation" \
	"$(< $reap/reactions):$(< $reap/last_msg)"
echo 0 > reacting_on
echo "another one" > $monp/react
ktap_eq "reacting_on 0 suppresses the reaction" "1:a violation" \
	"$(< $reap/reactions):$(< $reap/last_msg)"
echo 1 > reacting_on
echo "third" > $monp/react
ktap_eq "reacting_on 1 brings reactions back" "2:third" \
	"$(< $reap/reactions):$(< $reap/last_msg)"

# bad input: the errno, and nothing changed
state() {	# what a bad write must not change (ktap_bad_write)
	files_text enabled_monitors monitoring_on reacting_on monitors/rv_test/reactors \
		monitors/rv_test/enable $monp/starts $monp/stops $monp/resets
}
echo rv_test_b > enabled_monitors
long31=$(printf 'm%.0s' $(seq 31))
long32=$(printf 'm%.0s' $(seq 32))
data=nosuch ktap_bad_write "enabled_monitors, an unknown name" EINVAL enabled_monitors
data=- ktap_bad_write "enabled_monitors, '-' alone" EINVAL enabled_monitors
data='!' ktap_bad_write "enabled_monitors, '!' alone" EINVAL enabled_monitors
data='!nosuch' ktap_bad_write "enabled_monitors, disabling an unknown name" EINVAL enabled_monitors
data=$long31 ktap_bad_write "enabled_monitors, an unknown name of maximum length" EINVAL enabled_monitors
data=$long32 ktap_bad_write "enabled_monitors, a name beyond maximum length" EINVAL enabled_monitors
data= ktap_bad_write "enabled_monitors, 4096 bytes" EINVAL enabled_monitors -n 4096
data= ktap_bad_write "enabled_monitors, 1 MiB" EINVAL enabled_monitors -n 1048576
data='rv_test rv_test_b' ktap_bad_write "enabled_monitors, two names" EINVAL enabled_monitors
data=rv_test ktap_bad_write "enabled_monitors, a NUL byte" EINVAL enabled_monitors -z
# a seq_file, which cannot be written at an offset
data=rv_test ktap_bad_write "enabled_monitors, a write at an offset" ESPIPE enabled_monitors -o 3
data=rv_tes ktap_bad_write "enabled_monitors, a name cut short by one" EINVAL enabled_monitors
data=$'rv_test\xa0' ktap_bad_write "enabled_monitors, a no-break space (not ASCII, no blank)" EINVAL enabled_monitors
data=rv_test_bb ktap_bad_write "enabled_monitors, a name one too long" EINVAL enabled_monitors
for v in 2 -1 yes on 01 '1 1' '' ' ' '\n' 0x1; do
	data=$v ktap_bad_write "monitoring_on, '$v'" EINVAL monitoring_on
	data=$v ktap_bad_write "reacting_on, '$v'" EINVAL reacting_on
done
data=2 ktap_bad_write "monitors/rv_test/enable, '2'" EINVAL monitors/rv_test/enable
data=1 ktap_bad_write "monitors/rv_test/enable, at an offset" EINVAL monitors/rv_test/enable -o 1
data=nosuch ktap_bad_write "monitors/rv_test/reactors, an unknown reactor" EINVAL monitors/rv_test/reactors
data= ktap_bad_write "monitors/rv_test/reactors, an empty write" EINVAL monitors/rv_test/reactors
data='\n' ktap_bad_write "monitors/rv_test/reactors, a newline alone" EINVAL monitors/rv_test/reactors
data=rv_test_reac ktap_bad_write "monitors/rv_test/reactors, a name cut short" EINVAL monitors/rv_test/reactors

# what a shell writes, with or without newline, with blanks around
ktap_eq "a name without newline is accepted" "ok 7" "$($rvwrite enabled_monitors rv_test)"
ktap_eq "and enables it" "$(lines rv_test rv_test_b)" "$(< enabled_monitors)"
ktap_eq "blanks around a '!name' are accepted" "ok 12" "$($rvwrite enabled_monitors ' !rv_test \t\n')"
ktap_eq "and disable it" rv_test_b "$(< enabled_monitors)"
ktap_eq "a blank write to enabled_monitors is accepted" "ok 1" "$($rvwrite enabled_monitors '\n')"
ktap_eq "and changes nothing" rv_test_b "$(< enabled_monitors)"
ktap_eq "O_TRUNC alone disables all" "ok 0" "$($rvwrite -t enabled_monitors '')"
ktap_eq "so nothing is enabled" "" "$(< enabled_monitors)"
ktap_eq "monitoring_on takes ' 0 ' with blanks" "ok 4" "$($rvwrite monitoring_on ' 0 \n')"
ktap_eq "and switches off" 0 "$(< monitoring_on)"
echo 1 > monitoring_on
ktap_eq "reactors take a name with blanks" "ok 5" "$($rvwrite monitors/rv_test/reactors ' nop\n')"
ktap_eq "and select it" "$(lines '[nop]' rv_test_react)" "$(< monitors/rv_test/reactors)"

# what a Python program does: open() probes the file with lseek() and
# fstat(), whatever the mode. One interpreter (each costs seconds under
# TCG) takes the steps in turn, printing for each "ok", or "ok TEXT" for
# what it read, or the errno, then "|" and what enabled_monitors holds.
mapfile -t py < <(/usr/bin/python3 - <<'PY'
import errno

def write(path, text, mode="w"):
    with open(path, mode) as f:
        f.write(text)

def read_r_plus():
    with open("enabled_monitors", "r+") as f:
        f.seek(0, 2)
        f.seek(0)
        f.tell()
        return f.read()

def unbuffered():
    with open("monitoring_on", "wb", buffering=0) as f:
        f.write(b"1\n")

def truncate():
    open("enabled_monitors", "w").close()

steps = (
    lambda: write("enabled_monitors", "rv_test\n"),
    lambda: write("enabled_monitors", "rv_test_b\n", "a"),
    lambda: open("enabled_monitors").read(),
    read_r_plus,
    lambda: write("monitors/rv_test/enable", "0"),
    unbuffered,
    lambda: write("monitors/rv_test/reactors", "nop\n"),
    truncate,
)
for step in steps:
    try:
        got = step()
        outcome = "ok" if got is None else "ok " + " ".join(got.split())
    except OSError as e:
        outcome = errno.errorcode.get(e.errno, str(e.errno))
    with open("enabled_monitors") as f:
        print(outcome + "|" + " ".join(f.read().split()))
PY
)
ktap_eq "Python enables a monitor with open(enabled_monitors, 'w').write()" "ok|rv_test" "${py[0]-}"
ktap_eq "Python appends with open(enabled_monitors, 'a')" "ok|rv_test rv_test_b" "${py[1]-}"
ktap_eq "Python reads it with open(enabled_monitors).read()" \
	"ok rv_test rv_test_b|rv_test rv_test_b" "${py[2]-}"
ktap_eq "Python opens it 'r+', seeks and reads" "ok rv_test rv_test_b|rv_test rv_test_b" "${py[3]-}"
ktap_eq "Python writes monitors/NAME/enable, which disables rv_test" "ok|rv_test_b" "${py[4]-}"
ktap_eq "and monitoring_on, unbuffered" "ok|rv_test_b" "${py[5]-}"
ktap_eq "and a reactor" "ok|rv_test_b" "${py[6]-}"
ktap_eq "Python truncating enabled_monitors disables them all" "ok|" "${py[7]-}"

# an open that fails has no effect: the VFS refuses O_DIRECT after open
echo rv_test > enabled_monitors
ktap_fails "an O_DIRECT open of enabled_monitors, truncating, fails" \
	dd of=enabled_monitors oflag=direct status=none < /dev/null
ktap_eq "and disables nothing" rv_test "$(< enabled_monitors)"
echo > enabled_monitors

# a reader never sees a NUL byte
for f in available_monitors available_reactors enabled_monitors monitoring_on reacting_on \
	monitors/rv_test/desc monitors/rv_test/enable monitors/rv_test/reactors \
	monitors/rv_test/stats; do
	status=0
	! has_nul "$f" || status=1
	ktap_result $status "no NUL byte in $f"
done

# a start that fails leaves the monitor disabled, with the errno
echo -12 > $monp/start_error
ktap_eq "a failing start() returns its errno to the writer" ENOMEM "$($rvwrite enabled_monitors rv_test)"
ktap_eq "and the monitor stays disabled" "0:" "$(< monitors/rv_test/enable):$(< enabled_monitors)"
echo 0 > $monp/start_error

# registration errors
probe() { echo "$1" > $monp/probe_name; cat $monp/probe_result; }
ktap_eq "registering a duplicate name fails with -EEXIST" -17 "$(probe rv_test)"
ktap_eq "registering an upper-case name fails with -EINVAL" -22 "$(probe Bad)"
ktap_eq "registering a name with '-' fails with -EINVAL" -22 "$(probe a-b)"
ktap_eq "registering a name with '/' fails with -EINVAL" -22 "$(probe a/b)"
ktap_eq "registering an empty name fails with -EINVAL" -22 "$(probe '')"
ktap_eq "registering a name of 32 characters fails with -EINVAL" -22 "$(probe "$long32")"
ktap_eq "a name of 31 characters registers" 0 "$(probe "$long31")"
ktap_eq "and was unregistered again" "$(lines rv_test rv_test_b)" "$(< available_monitors)"

# a reactor in use cannot go away
echo rv_test_react > monitors/rv_test/reactors
echo 1 > $reap/unregister
ktap_eq "unregistering a selected reactor fails with -EBUSY" -16 "$(< $reap/unregister_result)"
ktap_eq "and leaves the interface lock free" "$(lines nop rv_test_react)" \
	"$(timeout 10 cat available_reactors)"
ktap_fails "its module cannot be unloaded while it is selected" rmmod rv_test_reactor
ktap_eq "and is still selected" "$(lines nop '[rv_test_react]')" "$(< monitors/rv_test/reactors)"
echo nop > monitors/rv_test/reactors
echo 1 > $reap/unregister
ktap_eq "once deselected, it unregisters" 0 "$(< $reap/unregister_result)"
ktap_eq "and is no longer available" nop "$(< available_reactors)"
ktap_ok "and its module unloads" rmmod rv_test_reactor

# files held open across the unregistration of their monitor, which is
# then freed: each operation fails with ENODEV and reaches nothing (KASAN
# would report it)
echo held > $monp/hold
exec 4< monitors/held/desc 5< monitors/held/stats 6< monitors/held/coverage \
	7<> monitors/held/enable 8<> monitors/held/reactors
echo 1 > $monp/drop
ktap_eq "the held monitor is gone" "$(lines rv_test rv_test_b)" "$(< available_monitors)"
for fd in 4:desc 5:stats 6:coverage 7:enable 8:reactors; do
	ktap_match "reading its ${fd#*:}, open before, fails with ENODEV" "No such device" \
		"$(cat <&${fd%%:*} 2>&1)"
done
ktap_match "writing its enable fails with ENODEV" "No such device" "$( (echo 1 >&7) 2>&1)"
ktap_match "writing its reactors fails with ENODEV" "No such device" "$( (echo nop >&8) 2>&1)"
exec 4<&- 5<&- 6<&- 7<&- 8<&-
echo held > $monp/hold
ktap_eq "a new monitor of the same name is not reached by the old files" \
	"0:[nop]" "$(< monitors/held/enable):$(head -n1 monitors/held/reactors)"
echo 1 > $monp/drop

# a module whose monitor files are open still unloads; they then fail
exec 3< monitors/rv_test/desc
# as_nobody CMD: CMD run by sh as uid 65534, after `id -u` (which shows
# that the switch took place); then its exit status, all on one line
as_nobody() {
	local out
	out=$(setpriv --reuid=65534 --regid=65534 --clear-groups sh -c "id -u; $1" 2>&1)
	echo "${out//$'\n'/ } (status $?)"
}
ktap_eq "a non-root process (uid 65534) cannot read rv/ files: Permission denied" \
	"65534 cat: $rv/available_monitors: Permission denied (status 1)" \
	"$(as_nobody "cat $rv/available_monitors")"
ktap_match "nor enable a monitor: Permission denied" \
	"^65534 .*$rv/enabled_monitors: Permission denied \(status 2\)\$" \
	"$(as_nobody "echo rv_test > $rv/enabled_monitors")"
ktap_eq "which stays disabled" "" "$(< enabled_monitors)"
ktap_match "nor switch monitoring off: Permission denied" \
	"^65534 .*$rv/monitoring_on: Permission denied \(status 2\)\$" \
	"$(as_nobody "echo 0 > $rv/monitoring_on")"
ktap_eq "which stays on" 1 "$(< monitoring_on)"

# unloading an enabled monitor stops it first
echo rv_test > enabled_monitors
dmesg -C
ktap_ok "an enabled monitor's module unloads, its desc open" rmmod rv_test_monitor
ktap_match "it was stopped on the way" 'rv_test_monitor: stopped' "$(dmesg)"
ktap_eq "and is gone from rv/" "::" \
	"$(< available_monitors):$(< enabled_monitors):$(ls monitors)"
ktap_match "the desc left open then fails with ENODEV" "No such device" "$(cat <&3 2>&1)"
exec 3<&-

# a description of any length is printed whole
insmod $mods/rv_test_monitor/rv_test_monitor.ko desc_len=10000
ktap_eq "a 10000-character desc is read whole" 10001 "$(wc -c < monitors/rv_test/desc)"
ktap_eq "to its last character" z "$(tail -c 2 monitors/rv_test/desc | head -c 1)"
rmmod rv_test_monitor
ktap_finish
