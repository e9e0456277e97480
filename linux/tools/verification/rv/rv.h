/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the commands of rv share: exit statuses, messages, JSON strings,
 * the decoding of the monitors' trace records.
 */
#ifndef RV_TOOL_H
#define RV_TOOL_H

#include <stdbool.h>
#include <stdio.h>

#include <event-parse.h>

/* as in the kernel: __printf() for a format the compiler checks */
#define PRINTF_FORMAT(a, b)	format(printf, a, b)
#define __printf(a, b)		__attribute__((PRINTF_FORMAT(a, b)))

/* Exit statuses */
#define EXIT_CLEAN	0		/* no violation seen */
#define EXIT_VIOLATION	1		/* some were */
#define EXIT_ERROR	2		/* usage or system error */

/* "rv: MESSAGE" and "rv: warning: MESSAGE" on stderr */
__printf(1, 2) void rv_err(const char *fmt, ...);
__printf(1, 2) void rv_warn(const char *fmt, ...);

/* TEXT as a JSON string, null for NULL */
void json_string(FILE *out, const char *text);

/* say that stdout could not be written: EXIT_ERROR */
int output_failed(void);

#define RV_NAME_LEN	64	/* a monitor's name, a clock's */
#define RV_TEXT_LEN	256	/* a state, an event; an LTL set of states or of atoms */

/* What a trace event of the rv system reports (decode.c). */
enum rv_record_kind {
	RV_RECORD_OTHER,	/* no monitor's that rv knows: printed as the kernel formats it */
	RV_RECORD_DA,		/* an automaton's step or violation: state, event, next state */
	RV_RECORD_HA,		/* a hybrid automaton's clock violation: error_env_NAME */
	RV_RECORD_LTL,		/* an LTL monitor's step or violation: states, atoms, next */
};

/* How the records of one trace event of the rv system are read. */
struct rv_format {
	int id;					/* the trace event's */
	enum rv_record_kind kind;
	bool error;				/* it reports violations */
	/* NAME of event_NAME, error_NAME, error_env_NAME; empty for RV's shared da_* */
	char own[RV_NAME_LEN];
	struct tep_format_field *monitor;	/* the shared events' monitor name */
	struct tep_format_field *id_field;	/* the task's pid or the object's id */
	struct tep_format_field *state, *event, *next_state, *final;
	struct tep_format_field *states, *atoms, *next;
	struct tep_print_flag_sym *atom_names;	/* of the atoms field's __print_flags() */
	struct tep_format_field *clock, *value, *in_jiffies, *invariant, *op, *bound;
};

/* One record, decoded. */
struct rv_decoded {
	char monitor[RV_NAME_LEN];	/* the monitor field of RV's shared events, or empty */
	bool keyed;			/* the state and event below name what it reports */
	char state[RV_TEXT_LEN];	/* DA, HA: the state; LTL: the set of states */
	char event[RV_TEXT_LEN];	/* DA, HA: the event; LTL: the atoms that held */
	struct trace_seq line;		/* what -t and -v print after COMM-PID [CPU] */
};

void rv_format_init(struct rv_format *format, struct tep_event *event);
void rv_decode(const struct rv_format *f, struct tep_handle *tep, struct tep_record *record,
	       struct rv_decoded *d, bool line);

/* rv replay: a model over a recorded trace (replay.c) */
int cmd_replay(int argc, char **argv);

#endif /* RV_TOOL_H */
