// SPDX-License-Identifier: GPL-2.0
/*
 * stall_hog: hold a task off a CPU, for the test of the stall monitor.
 *
 * Usage: stall_hog CPU MS
 *
 * Forks a victim, pinned to CPU, that sleeps 1 ms at a time: each sleep
 * is a context switch that puts it in the monitor's initial state, and
 * each wakeup enqueues it. After 100 ms, becomes a SCHED_FIFO busy loop
 * pinned to the same CPU for MS milliseconds: the victim's next wakeup
 * leaves it enqueued behind the loop, for as long as real-time
 * throttling lets the loop run (950 ms of each second by default). Then
 * kills the victim. Prints the victim's pid first; exits 0 when all went
 * as planned, 2 on an error (SCHED_FIFO needs root).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

int main(int argc, char **argv)
{
	struct timespec one_ms = { 0, 1000000 };
	struct sched_param param = { .sched_priority = 50 };
	long long end;
	pid_t victim;
	int cpu, ms;

	if (argc != 3) {
		fprintf(stderr, "usage: stall_hog CPU MS\n");
		return 2;
	}
	cpu = atoi(argv[1]);
	ms = atoi(argv[2]);
	if (pin(cpu)) {
		fprintf(stderr, "stall_hog: CPU %d: %s\n", cpu, strerror(errno));
		return 2;
	}
	victim = fork();
	if (victim < 0) {
		perror("stall_hog: fork");
		return 2;
	}
	if (victim == 0) {
		/* pinned as its parent; sleep and wake until killed */
		for (;;)
			nanosleep(&one_ms, NULL);
	}
	printf("%d\n", victim);
	fflush(stdout);
	usleep(100000);
	if (sched_setscheduler(0, SCHED_FIFO, &param)) {
		fprintf(stderr, "stall_hog: SCHED_FIFO: %s\n", strerror(errno));
		kill(victim, SIGKILL);
		waitpid(victim, NULL, 0);
		return 2;
	}
	end = now_ms() + ms;
	while (now_ms() < end)
		;
	param.sched_priority = 0;
	sched_setscheduler(0, SCHED_OTHER, &param);
	kill(victim, SIGKILL);
	waitpid(victim, NULL, 0);
	return 0;
}
