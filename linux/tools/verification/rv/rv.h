/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the commands of rv share: exit statuses, messages, JSON strings.
 */
#ifndef RV_TOOL_H
#define RV_TOOL_H

#include <stdio.h>

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

/* rv replay: a model over a recorded trace (replay.c) */
int cmd_replay(int argc, char **argv);

#endif /* RV_TOOL_H */
