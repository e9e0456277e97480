// SPDX-License-Identifier: GPL-2.0
/*
 * decode_test: what rv mon makes of one record of a trace event, for the
 * host test of the rv tool (tests/host/rv-tool.sh), with no kernel and
 * no tracefs. The event's format, as tracefs shows it, is parsed by
 * libtraceevent as rv mon's are; a record is laid out as the format
 * says, with the fields given; rv's decode.c decodes it.
 *
 *   decode_test FORMAT [FIELD=VALUE ...]
 *
 * A dynamic string field (__data_loc) takes its text; any other field a
 * number (decimal, 0x hexadecimal, negative); common_pid is a field too.
 * Prints what rv mon reads of the record:
 *
 *   kind: da|ha|ltl|other
 *   error: yes|no
 *   own: NAME of event_NAME, error_NAME, error_env_NAME, or -
 *   monitor: the monitor field of a shared event, or -
 *   counted: STATE x EVENT, for a violation counted by them
 *   line: what -t and -v print after COMM-PID [CPU] [MONITOR ]
 *
 * Exits 2 on an error (a format libtraceevent refuses, an unknown field).
 */
#define _GNU_SOURCE
#include <endian.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/param.h>

#include <event-parse.h>

#include "rv.h"

static const char *const kinds[] = { "other", "da", "ha", "ltl" };

static void die(const char *what, const char *detail)
{
	fprintf(stderr, "decode_test: %s: %s\n", what, detail);
	exit(2);
}

static char *read_file(const char *path, size_t *size)
{
	char *text = NULL;
	FILE *in = fopen(path, "re");

	if (!in)
		die("cannot open", path);
	*size = 0;
	if (getdelim(&text, size, '\0', in) < 0)
		die("cannot read", path);
	*size = strlen(text);
	fclose(in);
	return text;
}

/* Write VALUE in SIZE bytes at TO, in the host's order, as the kernel does. */
static void put_number(unsigned char *to, int size, unsigned long long value)
{
	uint8_t u8 = value;
	uint16_t u16 = value;
	uint32_t u32 = value;
	uint64_t u64 = value;

	switch (size) {
	case 1:
		memcpy(to, &u8, 1);
		break;
	case 2:
		memcpy(to, &u16, 2);
		break;
	case 4:
		memcpy(to, &u32, 4);
		break;
	default:
		memcpy(to, &u64, 8);
		break;
	}
}

int main(int argc, char **argv)
{
	unsigned char data[4096] = { 0 };
	struct tep_format_field *field;
	struct tep_record record = { 0 };
	struct rv_decoded decoded;
	struct tep_handle *tep;
	struct tep_event *event;
	struct rv_format format;
	size_t size, end = 0;
	char *text;
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: decode_test FORMAT [FIELD=VALUE ...]\n");
		return 2;
	}
	tep = tep_alloc();
	if (!tep)
		die("tep_alloc", "out of memory");
	tep_set_long_size(tep, sizeof(long));
	tep_set_file_bigendian(tep, __BYTE_ORDER == __BIG_ENDIAN ? TEP_BIG_ENDIAN :
				    TEP_LITTLE_ENDIAN);
	tep_set_local_bigendian(tep, __BYTE_ORDER == __BIG_ENDIAN ? TEP_BIG_ENDIAN :
				     TEP_LITTLE_ENDIAN);
	text = read_file(argv[1], &size);
	if (tep_parse_format(tep, &event, text, size, "rv"))
		die("libtraceevent cannot parse", argv[1]);
	free(text);

	/* the fixed part of the record, then the strings */
	for (field = event->format.common_fields; field; field = field->next)
		end = MAX(end, (size_t)(field->offset + field->size));
	for (field = event->format.fields; field; field = field->next)
		end = MAX(end, (size_t)(field->offset + field->size));
	field = tep_find_common_field(event, "common_type");
	if (!field)
		die(argv[1], "no common_type");
	put_number(data + field->offset, field->size, event->id);
	for (i = 2; i < argc; i++) {
		char *value = strchr(argv[i], '=');

		if (!value)
			die("not FIELD=VALUE", argv[i]);
		*value++ = '\0';
		field = tep_find_any_field(event, argv[i]);
		if (!field)
			die("no such field", argv[i]);
		if (field->flags & TEP_FIELD_IS_DYNAMIC) {
			size_t len = strlen(value) + 1;

			if (end + len > sizeof(data))
				die("too long", value);
			memcpy(data + end, value, len);
			put_number(data + field->offset, field->size, (len << 16) | end);
			end += len;
		} else {
			put_number(data + field->offset, field->size, strtoull(value, NULL, 0));
		}
	}
	record.data = data;
	record.size = end;
	record.cpu = 0;

	rv_format_init(&format, event);
	trace_seq_init(&decoded.line);
	rv_decode(&format, tep, &record, &decoded, true);
	printf("kind: %s\n", kinds[format.kind]);
	printf("error: %s\n", format.error ? "yes" : "no");
	printf("own: %s\n", format.own[0] ? format.own : "-");
	printf("monitor: %s\n", decoded.monitor[0] ? decoded.monitor : "-");
	if (format.error && decoded.keyed)
		printf("counted: %s x %s\n", decoded.state, decoded.event);
	printf("line: %s\n", decoded.line.buffer);
	trace_seq_destroy(&decoded.line);
	tep_free(tep);
	return 0;
}
