// SPDX-License-Identifier: GPL-2.0
/*
 * stop_cont: a child stops itself and its parent continues it, ROUNDS
 * times. Stopping, the child tells its parent (SIGCHLD, waitpid) before it
 * leaves its CPU; a parent on another CPU that sends SIGCONT at once wakes
 * the child while it still runs there: the "wakeup while running" that the
 * wwnr model forbids, produced on purpose rather than waited for.
 *
 * Usage: stop_cont ROUNDS
 * Exits 0 when every round completed.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

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
		for (i = 0; i < rounds; i++)
			raise(SIGSTOP);
		_exit(0);
	}
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
