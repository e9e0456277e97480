// SPDX-License-Identifier: GPL-2.0
/*
 * stop_cont: a child stops itself and its parent continues it, ROUNDS
 * times. Stopping, the child tells its parent (SIGCHLD, waitpid) before it
 * leaves its CPU; a parent on another CPU that sends SIGCONT at once wakes
 * the child while it still runs there: the "wakeup while running" that the
 * wwnr model forbids, produced on purpose rather than waited for. With
 * two CPUs or more, the child runs on one and the parent on another: on an
 * otherwise idle machine, the scheduler would often keep both on one CPU,
 * where the child has left it before its parent runs.
 *
 * Usage: stop_cont ROUNDS
 * Exits 0 when every round completed.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* pin_to: run on the allowed CPU of that rank (0: the first), if there is one */
static void pin_to(int rank)
{
	cpu_set_t allowed, one;
	int cpu;

	if (sched_getaffinity(0, sizeof(allowed), &allowed))
		return;
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &allowed) || rank--)
			continue;
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		sched_setaffinity(0, sizeof(one), &one);
		return;
	}
}

int main(int argc, char **argv)
{
	long rounds, i;
	int status;
	pid_t child;

	if (argc != 2 || (rounds = strtol(argv[1], NULL, 10)) <= 0) {
		fprintf(stderr, "usage: stop_cont ROUNDS\n");
		return 2;
	}
	child = fork();
	if (child < 0) {
		perror("fork");
		return 1;
	}
	if (child == 0) {
		pin_to(1);
		for (i = 0; i < rounds; i++)
			raise(SIGSTOP);
		_exit(0);
	}
	pin_to(0);
	for (i = 0; i < rounds; i++) {
		if (waitpid(child, &status, WUNTRACED) != child || !WIFSTOPPED(status)) {
			fprintf(stderr, "stop_cont: the child did not stop in round %ld\n", i);
			return 1;
		}
		kill(child, SIGCONT);
	}
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0) {
		fprintf(stderr, "stop_cont: the child did not exit\n");
		return 1;
	}
	return 0;
}
