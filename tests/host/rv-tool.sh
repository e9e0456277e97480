#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The rv tool on the host: it builds without a warning, installs with its
# manual page, and reads its command line. What it does to a kernel is
# tested in the guest (tests/guest/rv-tool.sh): never on the host's own.
. "$(dirname "$0")/../../lab/ktap.sh"
. "$(dirname "$0")/../../lab/lib.sh"
cd "$REPO_DIR"

src=linux/tools/verification/rv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

out=$(make -s -C $src OUTPUT="$work/" CFLAGS="-O2 -Werror" 2>&1)
ktap_result $? "rv builds with -Wall -Wextra, no warning" "$out"
rv=$work/rv

# status_and_output CMD...: "STATUS" then what CMD printed, stderr included
status_and_output() {
	local out status
	out=$("$@" 2>&1)
	status=$?
	printf '%s\n%s' "$status" "$out"
}
out=$(status_and_output "$rv")
ktap_eq "rv without a command is a usage error (2)" 2 "$(head -n1 <<< "$out")"
ktap_match "that shows the usage" '^usage: rv COMMAND' "$out"
out=$(status_and_output "$rv" --help)
ktap_eq "rv --help succeeds" 0 "$(head -n1 <<< "$out")"
ktap_match "naming the commands" '^  mon MONITOR' "$out"
ktap_match "rv mon --help explains the options" '^  -r, --reactor REACTOR' "$("$rv" mon --help)"
out=$(status_and_output "$rv" mon --bogus wip)
ktap_eq "an unknown option is a usage error" 2 "$(head -n1 <<< "$out")"
ktap_match "named by getopt" "unrecognized option '--bogus'" "$out"
out=$(status_and_output "$rv" list extra)
ktap_eq "rv list takes no argument" 2 "$(head -n1 <<< "$out")"
ktap_match "and says so" "list takes no argument: 'extra'" "$out"

warnings=$(groff -man -ww -z -Tutf8 $src/rv.1 2>&1)
ktap_eq "the manual page renders without a warning" "" "$warnings"
out=$(make -s -C $src OUTPUT="$work/" DESTDIR="$work/root" prefix=/usr install 2>&1)
ktap_ok "make install puts rv and its manual page under DESTDIR" \
	test -x "$work/root/usr/bin/rv" -a -f "$work/root/usr/share/man/man1/rv.1"
ktap_finish
