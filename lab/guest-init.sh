#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# PID 1 in the lab guest, run from the host root after switch_root: run the
# command vm-run was given, as root, in the repository, and record its exit
# status in the run folder, then reboot (QEMU runs with -no-reboot, so the
# guest ends there).
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root TERM=${TERM:-linux} LANG=C.UTF-8 LAB_OUT=/run/lab/out
. /run/lab/env
hostname rv-lab 2>/dev/null
cd "$REPO_DIR" || cd /

echo "rv-lab: running the command"
if [ "$LAB_INTERACTIVE" = 1 ]; then
	setsid sh -c 'exec bash -i <>/dev/ttyS0 >&0 2>&1'
	status=$?
else
	sh /run/lab/cmd </dev/null
	status=$?
fi
echo "$status" > /run/lab/status
echo "rv-lab: command exited with status $status"
sync
exec busybox reboot -f
