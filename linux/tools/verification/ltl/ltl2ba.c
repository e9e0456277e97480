// SPDX-License-Identifier: GPL-2.0
/*
 * ltl2ba: translate an LTL property to a Büchi automaton, printed as text
 * or as a C header for a kernel monitor that steps a set of states.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltl.h"

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: ltl2ba [-c NAME] FILE\n"
		"Translate the LTL property in FILE to a Buchi automaton.\n"
		"\n"
		"  -c, --c NAME   print a C header for the monitor NAME instead of text\n"
		"  -h, --help     print this help\n"
		"\n"
		"FILE holds lines NAME = FORMULA; the line RULE, or else the last one,\n"
		"is the property. See ltl2ba(1).\n");
}

static void print_set(FILE *f, uint64_t set)
{
	int s;

	if (!set)
		fputs(" (none)", f);
	for (s = 0; s < 64; s++)
		if (set >> s & 1)
			fprintf(f, " s%d", s);
}

static void print_text(const struct ltl_spec *spec, const struct ltl_ba *ba)
{
	int s, a;

	printf("property %s: ", spec->name);
	ltl_print(stdout, spec, spec->prop);
	printf("\nnegation normal form: ");
	ltl_print(stdout, spec, ba->nnf);
	printf("\natoms:");
	for (a = 0; a < spec->natoms; a++)
		printf(" %s", spec->atoms[a]);
	printf("\nstates: %d\ninitial:", ba->nstates);
	print_set(stdout, ba->initial);
	printf("\n");
	for (s = 0; s < ba->nstates; s++) {
		printf("s%d: ", s);
		ltl_print_label(stdout, spec, ba->must_true[s], ba->must_false[s]);
		printf("\n    ->");
		print_set(stdout, ba->next[s]);
		printf("\n");
	}
	if (!ba->nacc)
		printf("acceptance: none, every infinite run is accepting\n");
	for (a = 0; a < ba->nacc; a++) {
		printf("acceptance %d, for ", a);
		ltl_print(stdout, spec, ba->acc_until[a]);
		printf(":");
		print_set(stdout, ba->acc[a]);
		printf("\n");
	}
}

int main(int argc, char **argv)
{
	const char *cname = NULL, *path = NULL;
	struct ltl_spec spec;
	struct ltl_ba ba;
	char err[1024];
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "-c") || !strcmp(argv[i], "--c")) {
			if (++i == argc) {
				fprintf(stderr, "ltl2ba: %s needs a NAME\n", argv[i - 1]);
				return 2;
			}
			cname = argv[i];
			if (!ltl_valid_monitor_name(cname)) {
				fprintf(stderr,
					"ltl2ba: monitor name '%s': at most 32 of [a-z0-9_], not starting with a digit\n",
					cname);
				return 2;
			}
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "ltl2ba: unknown option '%s'\n", argv[i]);
			usage(stderr);
			return 2;
		} else if (!path) {
			path = argv[i];
		} else {
			fprintf(stderr, "ltl2ba: one property FILE only\n");
			return 2;
		}
	}
	if (!path) {
		usage(stderr);
		return 2;
	}
	if (ltl_parse_file(path, &spec, err, sizeof(err)) ||
	    ltl_translate(&spec, &ba, err, sizeof(err))) {
		fprintf(stderr, "ltl2ba: %s\n", err);
		return 2;
	}
	if (cname)
		ltl_print_header(stdout, cname, &spec, &ba);
	else
		print_text(&spec, &ba);
	return 0;
}
