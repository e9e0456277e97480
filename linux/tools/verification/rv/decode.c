// SPDX-License-Identifier: GPL-2.0
/*
 * The records of the monitors' trace events, decoded for rv mon: which
 * monitor traced one, whether it reports a violation and of what (a state
 * and an event, as the monitor's stats file names them), and the line
 * that -t and -v print after the task, its pid and the CPU:
 *
 *   DA   [id=ID ]STATE x EVENT -> NEXT[ (final)]
 *        [id=ID ]VIOLATION STATE x EVENT
 *   HA   [id=ID ]VIOLATION STATE x EVENT with CLOCK=VALUE UNIT (KIND CLOCK OP BOUND)
 *   LTL  id=PID STATES x ATOMS -> NEXT
 *        id=PID VIOLATION STATES x ATOMS
 *
 * DA: event_NAME and error_NAME of a deterministic automaton (and of a
 * hybrid one), or RV's shared da_event, da_error and their _id variants,
 * which name the monitor in a field. HA: error_env_NAME, a hybrid
 * automaton's clock that broke an invariant or a guard (KIND), with its
 * value in jiffies or ns (UNIT). LTL: event_NAME and error_NAME of an
 * LTL monitor, whose STATES are sets of states of its Büchi automaton
 * ("s0,s1", bit n of the states field being sn) and whose ATOMS are the
 * atoms that held ("RT,PAGEFAULT"), named as the __print_flags() of the
 * event's format names the bits of its atoms field, which libtraceevent
 * parsed; "none" for an empty set. A violation of an LTL monitor is
 * counted by its states and atoms, as the kernel records it. The id is
 * the task's pid, or the object's id, of a per-task or per-object
 * monitor. Any other record is printed as the kernel formats it.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rv.h"

static struct tep_format_field *field_of(struct tep_event *event, const char *name)
{
	return tep_find_field(event, name);
}

/*
 * The symbols of the __print_flags() that the format of EVENT applies to
 * its atoms field, as libtraceevent parsed the print format, or NULL.
 */
static struct tep_print_flag_sym *atom_symbols(struct tep_event *event)
{
	struct tep_print_arg *arg, *field;

	for (arg = event->print_fmt.args; arg; arg = arg->next) {
		if (arg->type != TEP_PRINT_FLAGS)
			continue;
		field = arg->flags.field;
		while (field && field->type == TEP_PRINT_TYPE)
			field = field->typecast.item;
		if (field && field->type == TEP_PRINT_FIELD && field->field.name &&
		    !strcmp(field->field.name, "atoms"))
			return arg->flags.flags;
	}
	return NULL;
}

/**
 * rv_format_init - how the records of a trace event of the rv system are read
 * @format:	receives the fields to read and the kind of monitor
 * @event:	the trace event, as libtraceevent parsed its format
 */
void rv_format_init(struct rv_format *format, struct tep_event *event)
{
	const char *name = event->name;
	bool shared = !strncmp(name, "da_", 3);
	const char *own = NULL;

	memset(format, 0, sizeof(*format));
	format->id = event->id;
	format->monitor = field_of(event, "monitor");
	format->id_field = field_of(event, "id");
	if (!format->id_field)
		format->id_field = field_of(event, "pid");
	format->state = field_of(event, "state");
	format->event = field_of(event, "event");
	format->next_state = field_of(event, "next_state");
	format->final = field_of(event, "final_state");
	format->states = field_of(event, "states");
	format->atoms = field_of(event, "atoms");
	format->next = field_of(event, "next");
	format->clock = field_of(event, "clock");
	format->value = field_of(event, "value");
	format->in_jiffies = field_of(event, "in_jiffies");
	format->invariant = field_of(event, "invariant");
	format->op = field_of(event, "op");
	format->bound = field_of(event, "bound");

	if (format->state && format->event && format->clock && format->value)
		format->kind = RV_RECORD_HA;
	else if (format->state && format->event)
		format->kind = RV_RECORD_DA;
	else if (format->states && format->atoms)
		format->kind = RV_RECORD_LTL;
	else
		format->kind = RV_RECORD_OTHER;
	if (format->kind == RV_RECORD_LTL)
		format->atom_names = atom_symbols(event);

	/* error_env_NAME is an HA event; a DA monitor may be named env_NAME */
	if (shared)
		format->error = !strncmp(name + 3, "error", 5);
	else if (format->kind == RV_RECORD_HA && !strncmp(name, "error_env_", 10))
		own = name + 10;
	else if (!strncmp(name, "error_", 6))
		own = name + 6;
	else if (!strncmp(name, "event_", 6))
		own = name + 6;
	format->error = format->error || (own && !strncmp(name, "error_", 6));
	if (own)
		snprintf(format->own, sizeof(format->own), "%s", own);
}

/* A string field of RECORD (dynamic or fixed) into BUF of SIZE bytes. */
static const char *field_string(struct tep_format_field *field, struct tep_record *record,
				char *buf, size_t size)
{
	unsigned long long offset;
	const char *data = record->data;
	int len;

	buf[0] = '\0';
	if (!field)
		return buf;
	if (field->flags & TEP_FIELD_IS_DYNAMIC) {
		if (tep_read_number_field(field, data, &offset))
			return buf;
		len = offset >> 16;
		offset &= 0xffff;
		if (field->flags & TEP_FIELD_IS_RELATIVE)
			offset += field->offset + field->size;
	} else {
		offset = field->offset;
		len = field->size;
	}
	if (len < 0 || offset + len > (unsigned long long)record->size)
		return buf;
	snprintf(buf, size, "%.*s", len, data + offset);
	return buf;
}

/* A number field of RECORD; false without the field (or the record's room for it). */
static bool field_number(struct tep_format_field *field, struct tep_record *record,
			 unsigned long long *value)
{
	if (!field || field->offset + field->size > record->size)
		return false;
	return !tep_read_number_field(field, record->data, value);
}

/* Append ITEM to the comma-separated list in BUF of SIZE bytes, cut if need be. */
static void list_add(char *buf, size_t size, const char *item)
{
	size_t len = strlen(buf);

	if (len + 1 >= size)
		return;
	snprintf(buf + len, size - len, "%s%s", len ? "," : "", item);
}

/* "s0,s2": the states of the set STATES, "none" for none */
static void states_text(char *buf, size_t size, unsigned long long states)
{
	char item[8];
	int i;

	buf[0] = '\0';
	for (i = 0; i < 64; i++) {
		if (!(states & (1ULL << i)))
			continue;
		snprintf(item, sizeof(item), "s%d", i);
		list_add(buf, size, item);
	}
	if (!buf[0])
		snprintf(buf, size, "none");
}

/*
 * "RT,PAGEFAULT": the atoms of ATOMS by the names of SYMBOLS, in their
 * order; bits that no symbol names as a number; "none" for none.
 */
static void atoms_text(char *buf, size_t size, unsigned long long atoms,
		       const struct tep_print_flag_sym *symbols)
{
	const struct tep_print_flag_sym *sym;
	char rest[32];

	buf[0] = '\0';
	for (sym = symbols; sym && atoms; sym = sym->next) {
		unsigned long long bits = sym->value ? strtoull(sym->value, NULL, 0) : 0;

		if (!bits || (atoms & bits) != bits || !sym->str)
			continue;
		list_add(buf, size, sym->str);
		atoms &= ~bits;
	}
	if (atoms) {
		snprintf(rest, sizeof(rest), "%#llx", atoms);
		list_add(buf, size, rest);
	}
	if (!buf[0])
		snprintf(buf, size, "none");
}

static void decode_ltl(const struct rv_format *f, struct tep_record *record,
		       struct rv_decoded *d, bool line)
{
	unsigned long long states = 0, atoms = 0, next = 0;
	char next_text[RV_TEXT_LEN];

	field_number(f->states, record, &states);
	field_number(f->atoms, record, &atoms);
	states_text(d->state, sizeof(d->state), states);
	atoms_text(d->event, sizeof(d->event), atoms, f->atom_names);
	d->keyed = true;
	if (!line)
		return;
	if (f->error) {
		trace_seq_printf(&d->line, "VIOLATION %s x %s", d->state, d->event);
		return;
	}
	field_number(f->next, record, &next);
	states_text(next_text, sizeof(next_text), next);
	trace_seq_printf(&d->line, "%s x %s -> %s", d->state, d->event, next_text);
}

static void decode_ha(const struct rv_format *f, struct tep_record *record,
		      struct rv_decoded *d, bool line)
{
	unsigned long long value = 0, in_jiffies, invariant = 0, bound;
	char clock[RV_NAME_LEN], op[8];

	d->keyed = true;
	if (!line)
		return;
	field_string(f->clock, record, clock, sizeof(clock));
	field_number(f->value, record, &value);
	trace_seq_printf(&d->line, "VIOLATION %s x %s with %s=%llu", d->state, d->event, clock,
			 value);
	if (field_number(f->in_jiffies, record, &in_jiffies))
		trace_seq_printf(&d->line, " %s", in_jiffies ? "jiffies" : "ns");
	if (f->op && field_number(f->bound, record, &bound)) {
		field_number(f->invariant, record, &invariant);
		field_string(f->op, record, op, sizeof(op));
		trace_seq_printf(&d->line, " (%s %s %s %llu)", invariant ? "invariant" : "guard",
				 clock, op, bound);
	}
}

/**
 * rv_decode - decode a record of a trace event of the rv system
 * @f:		how its event's records are read (rv_format_init())
 * @tep:	the parsed formats, for a record printed as the kernel formats it
 * @record:	the record
 * @d:		receives the monitor field, the violation's state and event,
 *		and, with @line, the line; its trace_seq initialised by the caller
 * @line:	whether to write the line, which -t and -v print
 */
void rv_decode(const struct rv_format *f, struct tep_handle *tep, struct tep_record *record,
	       struct rv_decoded *d, bool line)
{
	unsigned long long value, final = 0;
	char next[RV_TEXT_LEN];

	d->monitor[0] = '\0';
	d->state[0] = '\0';
	d->event[0] = '\0';
	d->keyed = false;
	trace_seq_reset(&d->line);
	field_string(f->monitor, record, d->monitor, sizeof(d->monitor));
	if (line && f->kind != RV_RECORD_OTHER && field_number(f->id_field, record, &value))
		trace_seq_printf(&d->line, "id=%d ", (int)value);
	switch (f->kind) {
	case RV_RECORD_LTL:
		decode_ltl(f, record, d, line);
		break;
	case RV_RECORD_HA:
		field_string(f->state, record, d->state, sizeof(d->state));
		field_string(f->event, record, d->event, sizeof(d->event));
		decode_ha(f, record, d, line);
		break;
	case RV_RECORD_DA:
		field_string(f->state, record, d->state, sizeof(d->state));
		field_string(f->event, record, d->event, sizeof(d->event));
		d->keyed = true;
		if (!line)
			break;
		if (f->error) {
			trace_seq_printf(&d->line, "VIOLATION %s x %s", d->state, d->event);
			break;
		}
		field_number(f->final, record, &final);
		trace_seq_printf(&d->line, "%s x %s -> %s%s", d->state, d->event,
				 field_string(f->next_state, record, next, sizeof(next)),
				 final ? " (final)" : "");
		break;
	default:
		if (!line)
			break;
		if (f->error)
			trace_seq_puts(&d->line, "VIOLATION ");
		tep_print_event(tep, &d->line, record, "%s", TEP_PRINT_INFO);
		break;
	}
	trace_seq_terminate(&d->line);
}
