#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Per-object monitors: tobj, the test-only per-object monitor of
# tests/modules/rv_test_objects, a child of the test container, follows
# made-up objects by the hundred, alone and under a scheduling load; its
# instances are counted, dropped when its pool is exhausted, released on
# a reset and freed when it is disabled.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

rv=/sys/kernel/tracing/rv
mods=${RV_TEST_MODULES:-$RV_CACHE/ext/test}
objp=/sys/module/rv_test_objects/parameters
tobj=$rv/monitors/sched/tobj
stat() { field_of $tobj/stats "$1"; }
coverage() { awk '{ print $1 "-" $2 ":" $4 }' $tobj/coverage | paste -sd' '; }
# objects_now: the instances in use, three ways: the stats' count (taken
# less released), and the test module's witnesses, which look at tobj's
# table itself: the instances in its hash buckets, and those missing from
# its free pool
objects_now() { echo "$(stat objects) $(< $objp/live) $(< $objp/pool_used)"; }

ktap_ok "the test container loads" insmod $mods/rv_test_container/rv_test_container.ko
ktap_ok "and the per-object monitor, its child" insmod $mods/rv_test_objects/rv_test_objects.ko
ktap_match "it is listed as sched:tobj" '^sched:tobj$' "$(< $rv/available_monitors)"
ktap_nomatch "its stats have no object count before it first runs" '^objects' "$(< $tobj/stats)"
echo 1 > $tobj/enable
ktap_eq "enabled, it follows no object, of 256 at most" "0 0 0 256" \
	"$(stat objects) $(stat objects_followed) $(stat objects_dropped) $(stat objects_capacity)"
ktap_eq "its table holds no instance, its pool has them all (stats, buckets, pool)" "0 0 0" "$(objects_now)"

echo 100 > $objp/run
ktap_eq "100 objects: each followed from its creation, none left, none dropped" "0 100 0" \
	"$(stat objects) $(stat objects_followed) $(stat objects_dropped)"
ktap_eq "the table holds none of them, the pool has them all back (stats, buckets, pool)" "0 0 0" \
	"$(objects_now)"
ktap_eq "their get, put and destroy events counted, no violation" "300 0" \
	"$(stat events) $(stat violations)"
ktap_eq "each transition taken once an object" \
	"idle-create:0 idle-destroy:100 idle-get:100 held-put:100" "$(coverage)"

echo 300 > $objp/run
ktap_eq "300 objects alive at once: 256 followed, 44 dropped, none left" "0 356 44" \
	"$(stat objects) $(stat objects_followed) $(stat objects_dropped)"
ktap_eq "only the followed objects' events count" "$((3 * 356)) 0" \
	"$(stat events) $(stat violations)"
ktap_eq "none of them left in the table or out of the pool" "0 0 0" "$(objects_now)"

echo 10 > $objp/run_bad
ktap_eq "10 objects destroyed while held: 10 violations" 10 "$(stat violations)"
ktap_match "the last one is recorded" '^last_violation: state=held event=destroy ' \
	"$(< $tobj/stats)"
ktap_eq "and no instance is left (stats, buckets, pool)" "0 0 0" "$(objects_now)"

# hundreds of objects from four writers at once, under a scheduling load
echo 0 > $tobj/enable
echo 1 > $tobj/enable
# the load lasts while the writers do, and is stopped once they are done
stress-ng --switch 2 --fork 1 --timeout 120s --quiet &
load=$!
# (at most 100 alive and 100 on their way back to the pool: none dropped)
writers=()
for writer in 1 2 3 4; do
	(for round in $(seq 10); do echo 25 > $objp/run; done) &
	writers+=($!)
done
wait "${writers[@]}"
kill $load
wait $load
ktap_eq "1000 objects, from four writers under load: all followed, none left" "0 1000 0" \
	"$(stat objects) $(stat objects_followed) $(stat objects_dropped)"
ktap_eq "3000 events, no violation" "3000 0" "$(stat events) $(stat violations)"
ktap_eq "no instance left in the table or out of the pool" "0 0 0" "$(objects_now)"

# the instances of objects that stay go on a reset and when disabled
echo 40 > $objp/keep
ktap_eq "40 objects that stay are followed (stats, buckets, pool)" "40 40 40" "$(objects_now)"
echo 0 > $rv/monitoring_on
echo 1 > $rv/monitoring_on
ktap_eq "switching monitoring off and on forgets them (stats, buckets, pool)" "0 0 0" "$(objects_now)"
echo 40 > $objp/keep
echo 0 > $tobj/enable
echo 1 > $tobj/enable
ktap_eq "so do disabling and enabling the monitor" "0 0" "$(stat objects) $(stat objects_followed)"
ktap_eq "with none in the table or out of the pool" "0 0" "$(< $objp/live) $(< $objp/pool_used)"
echo 30 > $objp/keep
ktap_eq "30 more that stay (stats, buckets, pool)" "30 30 30" "$(objects_now)"
echo 0 > $tobj/enable
ktap_eq "disabled, it follows none of them, with no table left (stats, buckets, pool)" "0 0 0" \
	"$(objects_now)"
ktap_ok "the monitor unloads with its instances gone" rmmod rv_test_objects
ktap_ok "then its container" rmmod rv_test_container
ktap_kmemleak "kmemleak finds nothing of ours"
ktap_finish
