#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The KUnit suites of the sched container's monitors
# (CONFIG_RV_MON_SCHED_KUNIT_TEST), which run each time a monitor's module
# is loaded, before the monitor registers: each monitor loaded afresh ran
# its suite rv_sched_NAME, every case of it passed (a skipped case says
# why), and the monitor then registered as if the suite had not run: no
# violation of the suite's in its stats, and enabling it works. Each case
# is a check here: the lab's count of KUnit results reads only what the
# kernel printed at boot.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
monitors="sco snroc scpd snep sts nrp sssw opid"
# builtins: each process costs about a second under TCG on this kernel
loaded() {
	local name rest
	while read -r name rest; do
		[ "$name" != "$1" ] || return 0
	done < /proc/modules
	return 1
}
stat() { field_of $rv/monitors/sched/$1/stats "$2"; }
append() { echo "$2" >> "$1"; }	# append FILE LINE
# suite_of MARK SUITE: from the kernel's messages after the line MARK,
# without their timestamps: SUITE's lines in $suite, its result line in
# $result, its plan (the number of cases) in $plan and its cases' result
# lines in the array $cases
suite_of() {
	local line log in_suite=0
	mapfile -t log < <(dmesg)
	suite= result= plan= cases=()
	for line in "${log[@]}"; do
		line=${line#\[*\] }
		if [ $in_suite = 0 ]; then
			[ "$line" != "$1" ] || in_suite=1
			continue
		fi
		if [[ $line =~ ^(not\ )?ok\ [0-9]+\ $2(\ |$) ]]; then
			result=$line
			break
		fi
		[ "$line" != "    # Subtest: $2" ] && [ -z "$suite" ] && continue
		suite+="$line"$'\n'
		if [[ $line =~ ^\ {4}1\.\.([0-9]+)$ ]]; then
			plan=${plan:-${BASH_REMATCH[1]}}
		elif [[ $line =~ ^\ {4}((not\ )?ok\ [0-9]+\ .*) ]]; then
			cases+=("${BASH_REMATCH[1]}")
		fi
	done
}

# a module that an earlier script left loaded would not run its suite
for m in $monitors; do
	! loaded $m || rmmod $m
done
# this run's marks in the kernel log: a run before it left its own
run="$$-$(date +%s%N)"
had_sched=0
loaded sched && had_sched=1
ktap_ok "modprobe sched" modprobe sched

for m in $monitors; do
	echo "sched-kunit $run: loading $m" > /dev/kmsg
	ktap_ok "modprobe $m" modprobe $m
	loaded $m || continue
	# the suite's lines, from what the kernel printed since the mark
	suite_of "sched-kunit $run: loading $m" rv_sched_$m
	ktap_match "$m: its suite rv_sched_$m ran and passed" "^ok [0-9]+ rv_sched_$m( |\$)" \
		"$result"
	ktap_eq "$m: as many results as cases" "${plan:-none}" "${#cases[@]}"
	for line in "${cases[@]}"; do
		[[ $line =~ ^(not )?ok\ [0-9]+\ ([^ ]+) ]] && name=${BASH_REMATCH[2]} || name=$line
		case $line in
		"ok "*" # SKIP"*) ktap_skip "$m: $name" "${line#* # SKIP }" ;;
		"ok "*) ktap_result 0 "$m: $name" ;;
		*)
			# what KUnit printed of the case before its result
			ktap_result 1 "$m: $name" "$line" "$(awk -v want="    $line" '
				/^    (not )?ok [0-9]+ / { if ($0 == want) { printf "%s", buf; exit }
						     buf = ""; next }
				{ buf = buf $0 "\n" }' <<< "$suite")" ;;
		esac
	done

	# registered afresh: nothing of the suite's runs left in it
	ktap_eq "$m: registered, disabled, after its suite" 0 \
		"$(cat $rv/monitors/sched/$m/enable 2>&1)"
	ktap_eq "$m: without the suite's violations" "0 none" \
		"$(stat $m violations) $(stat $m last_violation)"
	# and it follows the kernel when enabled
	ktap_ok "$m: enabling it works" append $rv/enabled_monitors "sched:$m"
	for i in 1 2 3 4 5; do (:); done	# forks: switches, wakeups, ...
	sleep 0.1
	ktap_ok "$m: disabling it works" append $rv/enabled_monitors "!sched:$m"
	events=$(stat $m events)
	ktap_result $([ "${events:-0}" -gt 0 ]; echo $?) "$m: it saw events once enabled (${events:-none})"
	ktap_ok "rmmod $m" rmmod $m
done
ktap_nomatch "no KUnit case failed" '^ *not ok ' \
	"$(dmesg | sed -n "/sched-kunit $run: loading sco\$/,\$p" | sed 's/^\[[^]]*\] //' |
	   grep -E '^ *(not )?ok [0-9]+ ')"
[ $had_sched = 1 ] || ktap_ok "rmmod sched" rmmod sched
ktap_kmemleak "kmemleak finds no leak of RV's"
ktap_finish
