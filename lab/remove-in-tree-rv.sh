#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Remove the RV implementation that Debian's linux-source-6.1 ships, with
# every hook it has in files that stay, so that the tree builds with and
# without CONFIG_RV before any of our code goes in.
#
# Usage: remove-in-tree-rv.sh TREE
#
# Every edit must match exactly once; a tree that does not look like the
# one we know is refused rather than half-edited.
set -euo pipefail

tree=${1:?usage: remove-in-tree-rv.sh TREE}
cd "$tree"

rm -rf kernel/trace/rv include/rv tools/verification Documentation/trace/rv \
	include/linux/rv.h include/trace/events/rv.h

# delete FILE PERL-REGEX: remove the one region of FILE that matches.
delete() {
	local file=$1 regex=$2
	perl -0777 -i -pe '
		BEGIN { $re = shift @ARGV }
		$n = () = /$re/gms;
		die "remove-in-tree-rv: '"$file"': expected one match, found $n\n" if $n != 1;
		s/$re//ms;
	' "$regex" "$file"
}

delete kernel/trace/Makefile '^obj-\$\(CONFIG_RV\) \+= rv/\n\n'
delete kernel/trace/Kconfig '^source "kernel/trace/rv/Kconfig"\n\n'
delete kernel/trace/trace.h '^#ifdef CONFIG_RV\nextern int rv_init_interface\(void\);\n#else\n.*?#endif\n\n'
delete kernel/trace/trace.c '^\trv_init_interface\(\);\n\n'
delete kernel/fork.c '^#ifdef CONFIG_RV\nstatic void rv_task_fork\(.*?#endif\n\n'
delete kernel/fork.c '^\trv_task_fork\(p\);\n\n'
delete include/linux/sched.h '^#include <linux/rv.h>\n'
delete include/linux/sched.h '^#ifdef CONFIG_RV\n\t/\*\n\t \* Per-task RV monitor\..*?#endif\n\n'
delete MAINTAINERS '^RUNTIME VERIFICATION \(RV\)\n.*?\n\n'
delete Documentation/trace/index.rst '^   rv/index\n'
