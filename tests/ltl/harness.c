// SPDX-License-Identifier: GPL-2.0
/*
 * Steps the automaton of a header from ltl2ba --c mon over traces read
 * from the standard input, as ltl_check traces prints them, and prints
 * each trace with the index of its first violation (-1: none).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef uint32_t u32;
typedef uint64_t u64;

#include "monitor.h"

int main(void)
{
	char line[1024];

	while (fgets(line, sizeof(line), stdin)) {
		char *p = strchr(line, ' ');
		u64 set = ltl_mon_initial;
		int i = 0, first = -1, n;
		unsigned int v;

		while (p && sscanf(p, " %x%n", &v, &n) == 1) {
			set = ltl_mon_step(set, v);
			if (!set && first < 0)
				first = i;
			i++;
			p += n;
		}
		printf("%d%s", first, strchr(line, ' ') ? strchr(line, ' ') : "\n");
	}
	return 0;
}
