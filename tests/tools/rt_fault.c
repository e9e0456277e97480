// SPDX-License-Identifier: GPL-2.0
/*
 * rt_fault: a real-time task that page faults, or one that does not.
 *
 *   rt_fault fault      SCHED_FIFO, then touch pages never touched
 *   rt_fault fault-dl   the same under SCHED_DEADLINE
 *   rt_fault clean      what a real-time application does: lock its
 *                       memory, touch what it will use, then run its
 *                       loop under SCHED_FIFO without a fault
 *
 * Prints "pid N" first. Exits 0 when the policy could be set and the
 * work done, 1 otherwise.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PAGES		16
#define STACK_BYTES	(64 * 1024)

/* struct sched_attr of sched_setattr(2), which glibc does not declare */
struct deadline_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
};

static int set_fifo(int on)
{
	struct sched_param param = { .sched_priority = on ? 10 : 0 };

	if (sched_setscheduler(0, on ? SCHED_FIFO : SCHED_OTHER, &param)) {
		perror("sched_setscheduler");
		return -1;
	}
	return 0;
}

static int set_deadline(int on)
{
	struct deadline_attr attr = {
		.size = sizeof(attr),
		.sched_policy = on ? 6 /* SCHED_DEADLINE */ : SCHED_OTHER,
		.sched_runtime = 10 * 1000 * 1000,
		.sched_deadline = 100 * 1000 * 1000,
		.sched_period = 100 * 1000 * 1000,
	};

	if (syscall(SYS_sched_setattr, 0, &attr, 0)) {
		perror("sched_setattr");
		return -1;
	}
	return 0;
}

/* the work of the real-time loop: write a buffer and the stack, read them back */
static unsigned long work(volatile char *buf, size_t size)
{
	volatile char stack[STACK_BYTES];
	unsigned long sum = 0;
	size_t i;

	for (i = 0; i < size; i += 64)
		buf[i] = (char)i;
	for (i = 0; i < sizeof(stack); i += 64)
		stack[i] = (char)i;
	for (i = 0; i < size; i += 64)
		sum += buf[i] + stack[i % sizeof(stack)];
	return sum;
}

static char *map_pages(void)
{
	char *buf = mmap(NULL, PAGES * 4096, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (buf == MAP_FAILED) {
		perror("mmap");
		return NULL;
	}
	return buf;
}

int main(int argc, char **argv)
{
	const char *mode = argc == 2 ? argv[1] : "";
	int (*set_rt)(int on) = set_fifo;
	unsigned long sum = 0;
	char *buf;
	int i;

	printf("pid %d\n", getpid());
	fflush(stdout);
	if (!strcmp(mode, "clean")) {
		if (mlockall(MCL_CURRENT | MCL_FUTURE)) {
			perror("mlockall");
			return 1;
		}
		buf = map_pages();
		if (!buf)
			return 1;
		sum += work(buf, PAGES * 4096);
		if (set_rt(1))
			return 1;
		for (i = 0; i < 100; i++)
			sum += work(buf, PAGES * 4096);
		if (set_rt(0))
			return 1;
	} else if (!strcmp(mode, "fault") || !strcmp(mode, "fault-dl")) {
		if (!strcmp(mode, "fault-dl"))
			set_rt = set_deadline;
		buf = map_pages();
		if (!buf)
			return 1;
		if (set_rt(1))
			return 1;
		/* each page's first touch faults */
		sum += work(buf, PAGES * 4096);
		if (set_rt(0))
			return 1;
	} else {
		fprintf(stderr, "usage: rt_fault fault|fault-dl|clean\n");
		return 1;
	}
	printf("done %lu\n", sum & 1);
	return 0;
}
