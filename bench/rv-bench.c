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
 *               (Linux 6.1's wwnr follows none of it: the parent waits
 *               in TASK_INTERRUPTIBLE | TASK_FREEZABLE, see wake below,
 *               and a child never sleeps)
 *   wake COUNT TASKS
 *               TASKS threads sleep, each reading a pipe of its own; the
 *               main thread wakes them in turn with a byte, each time
 *               waiting for the woken one to write it back on a reply
 *               pipe: a wakeup and two context switches (on one CPU, the
 *               woken thread runs at once, and its reply is there when
 *               the main thread reads), but a per-task monitor follows
 *               TASKS tasks, each woken once every TASKS round trips.
 *               Pipes, not futexes: a futex
 *               wait sleeps in TASK_INTERRUPTIBLE | TASK_FREEZABLE, and
 *               Linux 6.1's wwnr starts following a task only after it
 *               slept in exactly TASK_INTERRUPTIBLE, so it would follow
 *               none of the threads, and the comparison would be void.
 *
 * The program is linked statically and copied to /tmp before the run, so
 * that no 9p read of the host lands in the timed region.
 *
 * With RV_BENCH_TRACING_ON set to the path of a tracing_on file, the ring
 * buffer records only the timed region: the events a monitor follows in
 * the iterations, not in creating and ending the tasks.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
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

/* tracing_on, written at the bounds of the timed region; -1 if not asked for */
static int tracing_on_fd = -1;

static void set_tracing(const char *on)
{
	if (tracing_on_fd >= 0 && write(tracing_on_fd, on, 1) != 1)
		die("tracing_on");
}

/* the timed region starts: its time, the ring buffer recording */
static long long region_start(void)
{
	set_tracing("1");
	return now_ns();
}

/* the timed region ends: its time, the ring buffer stopped */
static long long region_end(void)
{
	long long end = now_ns();

	set_tracing("0");
	return end;
}

/* round trips of a byte to one of @tasks echoing tasks, over @ping and @pong */
static long long echo_round_trips(long count, int ping[2], int pong[2])
{
	long long start, end;
	char byte = 0;
	long i;

	start = region_start();
	for (i = 0; i < count; i++) {
		if (write(ping[1], &byte, 1) != 1)
			die("write");
		if (read(pong[0], &byte, 1) != 1)
			die("read");
	}
	end = region_end();
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

/* wake: each thread reads its turns from a pipe, and writes a reply */
struct sleeper {
	int turn;	/* read end of the thread's own pipe */
	int reply;	/* write end of the pipe the main thread reads */
};

static void *sleeper_thread(void *arg)
{
	struct sleeper *me = arg;
	char byte;

	/* until the main thread closes the write end of the turn pipe */
	while (read(me->turn, &byte, 1) == 1)
		if (write(me->reply, &byte, 1) != 1)
			die("write");
	return NULL;
}

/* threads, not processes: 10,000 of them start in seconds, not minutes */
static long long bench_wake(long count, long tasks)
{
	struct sleeper *sleepers = calloc(tasks, sizeof(*sleepers));
	pthread_t *threads = calloc(tasks, sizeof(*threads));
	int *turns = calloc(tasks, sizeof(*turns));	/* write ends */
	/* two descriptors per thread, the reply pipe and the usual three */
	rlim_t files = 2 * tasks + 16;
	struct rlimit limit;
	long long start, end;
	pthread_attr_t attr;
	int reply[2], pipefd[2];
	char byte = 0;
	long i;
	int err;

	if (!sleepers || !threads || !turns)
		die("calloc");
	if (getrlimit(RLIMIT_NOFILE, &limit))
		die("getrlimit");
	if (limit.rlim_cur < files) {
		limit.rlim_cur = files;
		if (limit.rlim_max < files)
			limit.rlim_max = files;
		if (setrlimit(RLIMIT_NOFILE, &limit))
			die("raising the limit of open files for the pipes");
	}
	/* a sleeper needs little stack: 10,000 default stacks would not fit */
	if (pthread_attr_init(&attr) ||
	    pthread_attr_setstacksize(&attr, 64 * 1024) ||
	    pipe(reply))
		die("setting up the threads");
	for (i = 0; i < tasks; i++) {
		if (pipe(pipefd))
			die("pipe");
		turns[i] = pipefd[1];
		sleepers[i] = (struct sleeper){ .turn = pipefd[0], .reply = reply[1] };
		err = pthread_create(&threads[i], &attr, sleeper_thread, &sleepers[i]);
		if (err) {
			errno = err;
			die("pthread_create");
		}
	}

	/* each round trip wakes the thread that has slept longest */
	start = region_start();
	for (i = 0; i < count; i++) {
		if (write(turns[i % tasks], &byte, 1) != 1)
			die("write");
		if (read(reply[0], &byte, 1) != 1)
			die("read");
	}
	end = region_end();

	for (i = 0; i < tasks; i++) {
		close(turns[i]);
		if (pthread_join(threads[i], NULL))
			die("pthread_join");
		close(sleepers[i].turn);
	}
	close(reply[0]);
	close(reply[1]);
	pthread_attr_destroy(&attr);
	free(turns);
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

	start = region_start();
	for (i = 0; i < count; i++) {
		child = fork();
		if (child < 0)
			die("fork");
		if (child == 0)
			_exit(0);
		if (waitpid(child, &status, 0) != child)
			die("waitpid");
	}
	end = region_end();
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
	const char *tracing_on;
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
	tracing_on = getenv("RV_BENCH_TRACING_ON");
	if (tracing_on) {
		tracing_on_fd = open(tracing_on, O_WRONLY | O_CLOEXEC);
		if (tracing_on_fd < 0)
			die(tracing_on);
	}
	printf("%.1f\n", (double)w->run(count, tasks) / count);
	return 0;
}
