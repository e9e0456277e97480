// SPDX-License-Identifier: GPL-2.0
/*
 * run_as_pid: run a command as a process with a chosen pid, through
 * clone3()'s set_tid (root only), and wait for it.
 *
 * Usage: run_as_pid PID COMMAND [ARG...]
 * Exits with the command's status.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct clone_args args;
	pid_t tid, child;
	int status;

	if (argc < 3) {
		fprintf(stderr, "usage: run_as_pid PID COMMAND [ARG...]\n");
		return 2;
	}
	tid = atoi(argv[1]);
	memset(&args, 0, sizeof(args));
	args.exit_signal = SIGCHLD;
	args.set_tid = (uintptr_t)&tid;
	args.set_tid_size = 1;
	child = syscall(SYS_clone3, &args, sizeof(args));
	if (child < 0) {
		fprintf(stderr, "run_as_pid: clone3: %s\n", strerror(errno));
		return 2;
	}
	if (child == 0) {
		execvp(argv[2], argv + 2);
		fprintf(stderr, "run_as_pid: %s: %s\n", argv[2], strerror(errno));
		_exit(127);
	}
	if (waitpid(child, &status, 0) < 0)
		return 2;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
