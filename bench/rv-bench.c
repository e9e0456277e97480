// SPDX-License-Identifier: GPL-2.0
/*
 * rv-bench: the workloads of the kernel benchmark, run in the guest.
 *
 * Each workload makes the kernel do what the monitors watch, COUNT times,
 * and prints the mean guest time of one iteration in nanoseconds:
 *
 *   pipe COUNT  two processes pass a byte back and forth over two pipes:
 *               each round trip is two wakeups and two context switches,
 *               the events of wip (sched_waking, preemption toggles) and
 *               wwnr (sched_switch, sched_wakeup)
 *   fork COUNT  fork a child that exits at once, and reap it: task
 *               creation and exit, where per-task monitor state is set up
 *
 * The program is linked statically and copied to /tmp before the run, so
 * that no 9p read of the host lands in the timed region.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void die(const char *what)
{
	fprintf(stderr, "rv-bench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static long long now_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts))
		die("clock_gettime");
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long bench_pipe(long count)
{
	int ping[2], pong[2], status;
	long long start, end;
	char byte = 0;
	pid_t child;
	long i;

	if (pipe(ping) || pipe(pong))
		die("pipe");
	child = fork();
	if (child < 0)
		die("fork");
	if (child == 0) {
		/* echo every byte back until the parent closes its end */
		char byte;

		close(ping[1]);
		close(pong[0]);
		while (read(ping[0], &byte, 1) == 1)
			if (write(pong[1], &byte, 1) != 1)
				_exit(1);
		_exit(0);
	}
	close(ping[0]);
	close(pong[1]);

	start = now_ns();
	for (i = 0; i < count; i++) {
		if (write(ping[1], &byte, 1) != 1)
			die("write");
		if (read(pong[0], &byte, 1) != 1)
			die("read");
	}
	end = now_ns();

	close(ping[1]);
	if (waitpid(child, &status, 0) != child)
		die("waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "rv-bench: the echoing child failed\n");
		exit(1);
	}
	return end - start;
}

static long long bench_fork(long count)
{
	long long start, end;
	int status;
	pid_t child;
	long i;

	start = now_ns();
	for (i = 0; i < count; i++) {
		child = fork();
		if (child < 0)
			die("fork");
		if (child == 0)
			_exit(0);
		if (waitpid(child, &status, 0) != child)
			die("waitpid");
	}
	end = now_ns();
	return end - start;
}

static const struct workload {
	const char *name;
	long long (*run)(long count);
} workloads[] = {
	{ "pipe", bench_pipe },
	{ "fork", bench_fork },
};

static void usage(FILE *out)
{
	fprintf(out, "usage: rv-bench pipe|fork COUNT\n"
		     "  prints the mean guest time of one iteration, in ns\n");
}

int main(int argc, char **argv)
{
	unsigned int i;
	char *end;
	long count;

	if (argc != 3) {
		usage(stderr);
		return 2;
	}
	errno = 0;
	count = strtol(argv[2], &end, 10);
	if (errno || end == argv[2] || *end || count <= 0) {
		fprintf(stderr, "rv-bench: COUNT must be a positive number, not '%s'\n",
			argv[2]);
		return 2;
	}
	for (i = 0; i < sizeof(workloads) / sizeof(workloads[0]); i++) {
		if (strcmp(argv[1], workloads[i].name))
			continue;
		printf("%.1f\n", (double)workloads[i].run(count) / count);
		return 0;
	}
	fprintf(stderr, "rv-bench: no workload '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}
