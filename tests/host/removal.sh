#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The prepared base tree (before our overlay) holds nothing of the RV that
# Debian's tree ships: none of its files, symbols or hooks.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"

for f in kernel/trace/rv include/rv include/linux/rv.h include/trace/events/rv.h \
	tools/verification Documentation/trace/rv; do
	ktap_fails "the base tree has no $f" test -e "$BASE/$f"
done
ktap_ok "the pristine tree still has them (the removal did not write through hard links)" \
	test -e "$PRISTINE/kernel/trace/rv/rv.c" -a -e "$PRISTINE/include/linux/rv.h"
ktap_ok "the pristine fork.c still calls rv_task_fork" grep -q rv_task_fork "$PRISTINE/kernel/fork.c"

symbols='CONFIG_RV|CONFIG_RV_[A-Z_]+|rv_init_interface|rv_task_fork|RV_PER_TASK_MONITORS|rv_task_monitor|rv_register_monitor|rv_register_reactor|da_monitor|DECLARE_DA_MON_[A-Z_]+'
paths='linux/rv\.h|kernel/trace/rv|include/rv/|tools/verification|Documentation/trace/rv|^ *rv/index$|RUNTIME VERIFICATION'
hits=$(cd "$BASE" && grep -rIn --exclude-dir=.git -wE "$symbols" . | head -n 20)
ktap_eq "no symbol of the in-tree RV is left" "" "$hits"
hits=$(cd "$BASE" && grep -rIn --exclude-dir=.git -E "$paths" . | head -n 20)
ktap_eq "no path of the in-tree RV is named any more" "" "$hits"
ktap_finish
