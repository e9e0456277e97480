// SPDX-License-Identifier: GPL-2.0
/*
 * dot2c: print the C representation of a deterministic automaton written
 * in DOT, for the RV monitor synthesis headers (include/rv/automata.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "automaton.h"

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: dot2c [-n NAME] MODEL.dot\n"
		"\n"
		"Print the C representation of the deterministic automaton in\n"
		"MODEL.dot: enums of its states and events, and the automaton struct\n"
		"(names, transition function, initial and final states), named\n"
		"after the model.\n"
		"\n"
		"  -n NAME     name the automaton NAME (default: the file name)\n"
		"  -h, --help  print this help\n"
		"\n"
		"Model conventions: the initial state is the target of the edge\n"
		"from an invisible __init_STATE node; final states have the\n"
		"doublecircle shape; an edge label lists its events, one a line.\n"
		"A line \"EVENT;GUARD;reset(CLOCK)\" and an invariant, the second\n"
		"line of a state's label, make a hybrid automaton: see dot2c(1).\n");
}

int main(int argc, char **argv)
{
	const char *path = NULL;
	char *name = NULL;
	struct automaton aut;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		}
		if (!strcmp(argv[i], "-n") && i + 1 < argc) {
			name = argv[++i];
		} else if (argv[i][0] != '-' && !path) {
			path = argv[i];
		} else {
			usage(stderr);
			return 2;
		}
	}
	if (!path) {
		usage(stderr);
		return 2;
	}
	name = name ? strdup(name) : automaton_name_of(path);
	if (!name || automaton_load(&aut, path, name)) {
		free(name);
		return 1;
	}
	automaton_print_c(stdout, &aut);
	automaton_free(&aut);
	free(name);
	return 0;
}
