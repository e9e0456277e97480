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
 *   wake COUNT TASKS
 *               TASKS threads sleep, each on a semaphore of its own; the
 *               main thread wakes them in turn, each time waiting for the
 *               woken one to wake it back: two wakeups and two context
 *               switches, as pipe, but a per-task monitor follows TASKS
 *               tasks, each woken once every TASKS round trips
 *
 * The program is linked statically and copied to /tmp before the run, so
 * that no 9p read of the host lands in the timed region.
 */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdbool.h>
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

/* round trips of a byte to one of @tasks echoing tasks, over @ping and @pong */
static long long echo_round_trips(long count, int ping[2], int pong[2])
{
	long long start, end;
	char byte = 0;
	long i;

	start = now_ns();
	for (i = 0; i < count; i++) {
		if (write(ping[1], &byte, 1) != 1)
			die("write");
		if (read(pong[0], &byte, 1) != 1)
			die("read");
	}
	end = now_ns();
	/* the echoing tasks read the end of the file, and return */
	close(ping[1]);
	return end - start;
}

/* echo every byte back until the write end closes; false if a write fails */
static bool echo(int ping, int pong)
{
	char byte;

	while (read(ping, &byte, 1) == 1)
		if (write(pong, &byte, 1) != 1)
			return false;
	return true;
}

/* @tasks: 1, unused */
static long long bench_pipe(long count, long tasks __attribute__((unused)))
{
	int ping[2], pong[2], status;
	long long ns;
	pid_t child;

	if (pipe(ping) || pipe(pong))
		die("pipe");
	child = fork();
	if (child < 0)
		die("fork");
	if (child == 0) {
		close(ping[1]);
		close(pong[0]);
		_exit(!echo(ping[0], pong[1]));
	}
	close(ping[0]);
	close(pong[1]);
	ns = echo_round_trips(count, ping, pong);
	if (waitpid(child, &status, 0) != child)
		die("waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "rv-bench: the echoing child failed\n");
		exit(1);
	}
	return ns;
}

/* wake: each thread waits for its turn, and the main thread for a reply */
struct waker {
	sem_t *turns;
	sem_t reply;
	bool stop;
};

struct sleeper {
	struct waker *waker;
	long index;
};

static void *sleeper_thread(void *arg)
{
	struct sleeper *me = arg;
	struct waker *w = me->waker;

	for (;;) {
		while (sem_wait(&w->turns[me->index]))
			;
		if (__atomic_load_n(&w->stop, __ATOMIC_ACQUIRE))
			return NULL;
		sem_post(&w->reply);
	}
}

/* threads, not processes: 10,000 of them start in seconds, not minutes */
static long long bench_wake(long count, long tasks)
{
	struct sleeper *sleepers = calloc(tasks, sizeof(*sleepers));
	pthread_t *threads = calloc(tasks, sizeof(*threads));
	struct waker w = { .turns = calloc(tasks, sizeof(sem_t)) };
	long long start, end;
	pthread_attr_t attr;
	long i;
	int err;

	if (!sleepers || !threads || !w.turns)
		die("calloc");
	/* a sleeper needs little stack: 10,000 default stacks would not fit */
	if (pthread_attr_init(&attr) ||
	    pthread_attr_setstacksize(&attr, 64 * 1024) ||
	    sem_init(&w.reply, 0, 0))
		die("setting up the threads");
	for (i = 0; i < tasks; i++) {
		sleepers[i] = (struct sleeper){ .waker = &w, .index = i };
		if (sem_init(&w.turns[i], 0, 0))
			die("sem_init");
		err = pthread_create(&threads[i], &attr, sleeper_thread, &sleepers[i]);
		if (err) {
			errno = err;
			die("pthread_create");
		}
	}

	/* each round trip wakes the thread that has slept longest */
	start = now_ns();
	for (i = 0; i < count; i++) {
		sem_post(&w.turns[i % tasks]);
		while (sem_wait(&w.reply))
			;
	}
	end = now_ns();

	__atomic_store_n(&w.stop, true, __ATOMIC_RELEASE);
	for (i = 0; i < tasks; i++) {
		sem_post(&w.turns[i]);
		if (pthread_join(threads[i], NULL))
			die("pthread_join");
		sem_destroy(&w.turns[i]);
	}
	sem_destroy(&w.reply);
	pthread_attr_destroy(&attr);
	free(w.turns);
	free(threads);
	free(sleepers);
	return end - start;
}

/* @tasks: 1, unused */
static long long bench_fork(long count, long tasks __attribute__((unused)))
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
	bool takes_tasks;
	long long (*run)(long count, long tasks);
} workloads[] = {
	{ "pipe", false, bench_pipe },
	{ "fork", false, bench_fork },
	{ "wake", true, bench_wake },
};

static void usage(FILE *out)
{
	fprintf(out, "usage: rv-bench pipe|fork COUNT\n"
		     "       rv-bench wake COUNT TASKS\n"
		     "  prints the mean guest time of one iteration, in ns\n");
}

/* a positive number, or exit with the reason */
static long positive(const char *what, const char *text)
{
	char *end;
	long value;

	errno = 0;
	value = strtol(text, &end, 10);
	if (errno || end == text || *end || value <= 0) {
		fprintf(stderr, "rv-bench: %s must be a positive number, not '%s'\n",
			what, text);
		exit(2);
	}
	return value;
}

int main(int argc, char **argv)
{
	const struct workload *w = NULL;
	long count, tasks = 1;
	unsigned int i;

	for (i = 0; argc > 1 && i < sizeof(workloads) / sizeof(workloads[0]); i++)
		if (!strcmp(argv[1], workloads[i].name))
			w = &workloads[i];
	if (argc > 1 && !w)
		fprintf(stderr, "rv-bench: no workload '%s'\n", argv[1]);
	if (!w || argc != 3 + w->takes_tasks) {
		usage(stderr);
		return 2;
	}
	count = positive("COUNT", argv[2]);
	if (w->takes_tasks)
		tasks = positive("TASKS", argv[3]);
	printf("%.1f\n", (double)w->run(count, tasks) / count);
	return 0;
}
