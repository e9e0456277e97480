// SPDX-License-Identifier: GPL-2.0
/*
 * rt_sleep: real-time threads that sleep in bounded ways, or do not.
 *
 *   rt_sleep abs        a periodic loop on clock_nanosleep(TIMER_ABSTIME)
 *                       of CLOCK_MONOTONIC, as cyclictest does
 *   rt_sleep pingpong   two threads of one priority hand a token back and
 *                       forth through futexes
 *   rt_sleep pi         a thread blocks on a priority-inheriting mutex
 *                       that a normal thread holds
 *   rt_sleep rel        a relative nanosleep(): unbounded (it drifts)
 *   rt_sleep lowwaker   a thread waits on a futex that a normal thread
 *                       wakes: a lower-priority waker
 *   rt_sleep pisleep    as pi, but the owner, boosted by the waiter, takes
 *                       a relative nanosleep() before it unlocks: the
 *                       owner's unbounded sleep (prints "owner N" too)
 *
 * Each real-time thread runs under SCHED_FIFO, its memory locked first.
 * Prints "tid N" for the first real-time thread once it is done; exits 0
 * when everything could be set up and ran, 1 otherwise.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS	200

static atomic_int token;	/* pingpong: whose turn; lowwaker: 1 once woken */
static pthread_mutex_t pi_lock;
static _Atomic pid_t first_tid;

static long futex(atomic_int *word, int op, int val)
{
	return syscall(SYS_futex, word, op, val, NULL, NULL, 0);
}

/* wait until *word is val */
static void wait_for(atomic_int *word, int val)
{
	int now;

	while ((now = atomic_load(word)) != val)
		futex(word, FUTEX_WAIT_PRIVATE, now);
}

static void set_and_wake(atomic_int *word, int val)
{
	atomic_store(word, val);
	futex(word, FUTEX_WAKE_PRIVATE, 1);
}

static void *abs_loop(void *arg __attribute__((unused)))
{
	struct timespec next;
	int i;

	first_tid = gettid();
	clock_gettime(CLOCK_MONOTONIC, &next);
	for (i = 0; i < ROUNDS; i++) {
		next.tv_nsec += 1000000;
		if (next.tv_nsec >= 1000000000) {
			next.tv_nsec -= 1000000000;
			next.tv_sec++;
		}
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL) == EINTR)
			;
	}
	return NULL;
}

/*
 * A relative nanosleep() of 1 ms, until one really blocked: on a slow
 * machine the timer can expire before the task leaves its CPU, and then
 * it does not sleep at all. The thread's voluntary switches tell.
 */
static void sleep_relative_once(void)
{
	struct timespec delay = { .tv_nsec = 1000000 };
	struct rusage before, after;

	do {
		getrusage(RUSAGE_THREAD, &before);
		nanosleep(&delay, NULL);
		getrusage(RUSAGE_THREAD, &after);
	} while (after.ru_nvcsw == before.ru_nvcsw);
}

static void *rel_sleep(void *arg __attribute__((unused)))
{
	first_tid = gettid();
	sleep_relative_once();
	return NULL;
}

static void *ping(void *arg)
{
	int me = (int)(long)arg, i;

	if (!me)
		first_tid = gettid();
	for (i = 0; i < ROUNDS; i++) {
		wait_for(&token, me);
		set_and_wake(&token, !me);
	}
	return NULL;
}

static void *pi_waiter(void *arg __attribute__((unused)))
{
	first_tid = gettid();
	pthread_mutex_lock(&pi_lock);
	pthread_mutex_unlock(&pi_lock);
	return NULL;
}

static void *woken_by_low(void *arg __attribute__((unused)))
{
	first_tid = gettid();
	wait_for(&token, 1);
	return NULL;
}

/*
 * Wait until the first real-time thread sleeps, for at most 10 s. In pi
 * mode the caller holds the lock that thread blocks on and, from the
 * moment it blocks, runs boosted to its priority: a relative sleep then
 * would be a real-time task's unbounded sleep, which sleep reports. So
 * there the caller yields the CPU between looks instead of sleeping.
 */
static int wait_asleep(bool may_sleep)
{
	struct timespec tick = { .tv_nsec = 1000000 };
	char path[64], stat[256], *state;
	struct timespec start, now;
	FILE *f;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - start.tv_sec >= 10)
			break;
		if (may_sleep)
			nanosleep(&tick, NULL);
		else
			sched_yield();
		if (!first_tid)
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%d/stat", first_tid);
		f = fopen(path, "r");
		if (!f)
			continue;
		state = fgets(stat, sizeof(stat), f) ? strrchr(stat, ')') : NULL;
		fclose(f);
		if (state && state[1] == ' ' && state[2] == 'S')
			return 0;
	}
	fprintf(stderr, "the real-time thread did not go to sleep\n");
	return -1;
}

struct rt_start {
	void *(*fn)(void *);
	void *arg;
};

/*
 * The thread turns real-time itself: a thread created with real-time
 * attributes may wait, real-time already, for its creator to finish setting
 * it up and wake it, a wakeup by a lower priority that sleep reports.
 */
static void *run_rt(void *start)
{
	struct sched_param param = { .sched_priority = 10 };
	struct rt_start *rt = start;
	int ret;

	ret = pthread_setschedparam(pthread_self(), SCHED_FIFO, &param);
	if (ret) {
		fprintf(stderr, "pthread_setschedparam: %s\n", strerror(ret));
		exit(1);
	}
	return rt->fn(rt->arg);
}

static int start_rt(pthread_t *thread, void *(*fn)(void *), void *arg)
{
	struct rt_start *rt = malloc(sizeof(*rt));
	int ret;

	if (!rt)
		return -1;
	rt->fn = fn;
	rt->arg = arg;
	ret = pthread_create(thread, NULL, run_rt, rt);
	if (ret)
		fprintf(stderr, "pthread_create: %s\n", strerror(ret));
	return ret;
}

int main(int argc, char **argv)
{
	const char *mode = argc == 2 ? argv[1] : "";
	pthread_mutexattr_t pi;
	pthread_t t[2];
	int n = 1;

	if (mlockall(MCL_CURRENT | MCL_FUTURE)) {
		perror("mlockall");
		return 1;
	}
	if (!strcmp(mode, "abs")) {
		if (start_rt(&t[0], abs_loop, NULL))
			return 1;
	} else if (!strcmp(mode, "rel")) {
		if (start_rt(&t[0], rel_sleep, NULL))
			return 1;
	} else if (!strcmp(mode, "pingpong")) {
		if (start_rt(&t[0], ping, (void *)0L) || start_rt(&t[1], ping, (void *)1L))
			return 1;
		n = 2;
	} else if (!strcmp(mode, "pi") || !strcmp(mode, "pisleep")) {
		pthread_mutexattr_init(&pi);
		pthread_mutexattr_setprotocol(&pi, PTHREAD_PRIO_INHERIT);
		pthread_mutex_init(&pi_lock, &pi);
		pthread_mutex_lock(&pi_lock);
		if (start_rt(&t[0], pi_waiter, NULL))
			return 1;
		if (wait_asleep(false))
			return 1;
		if (!strcmp(mode, "pisleep"))
			sleep_relative_once();
		pthread_mutex_unlock(&pi_lock);
		if (!strcmp(mode, "pisleep"))
			printf("owner %d\n", gettid());
	} else if (!strcmp(mode, "lowwaker")) {
		if (start_rt(&t[0], woken_by_low, NULL))
			return 1;
		if (wait_asleep(true))
			return 1;
		set_and_wake(&token, 1);
	} else {
		fprintf(stderr, "usage: rt_sleep abs|pingpong|pi|pisleep|rel|lowwaker\n");
		return 1;
	}
	while (n--)
		pthread_join(t[n], NULL);
	printf("tid %d\n", first_tid);
	return 0;
}
