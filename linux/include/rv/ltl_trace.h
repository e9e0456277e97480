/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace events of the LTL monitors (see <rv/ltl_monitor.h>): a step of a
 * task's instance, from the states of its automaton on the atoms that
 * held to the next states, and a violation. A monitor's tracepoint
 * header declares its two events, which print the atoms by name, with:
 *
 *	DEFINE_RV_LTL_EVENT(NAME, ATOM_FLAGS);
 *	DEFINE_RV_LTL_ERROR(NAME, ATOM_FLAGS);
 *
 * where ATOM_FLAGS lists { bit, "ATOM" } for each atom, as
 * __print_flags() takes them (ltl2k writes this header). TRACE_EVENT()
 * takes a new meaning each time the tracing macros read the monitor's
 * header, and these expand to it where they are used. (Their assignments
 * are one expression: checkpatch misreads a macro holding statements.)
 */
#ifndef _RV_LTL_TRACE_H
#define _RV_LTL_TRACE_H

#define DEFINE_RV_LTL_EVENT(name, atom_flags...)				\
	TRACE_EVENT(event_##name,						\
		TP_PROTO(pid_t pid, u64 states, u32 atoms, u64 next),		\
		TP_ARGS(pid, states, atoms, next),				\
		TP_STRUCT__entry(__field(pid_t, pid)				\
				 __field(u64, states)				\
				 __field(u32, atoms)				\
				 __field(u64, next)),				\
		TP_fast_assign(__entry->pid = pid,				\
			       __entry->states = states,			\
			       __entry->atoms = atoms,				\
			       __entry->next = next),				\
		TP_printk("%d: states %#llx x [%s] -> %#llx", __entry->pid,	\
			  __entry->states,					\
			  __print_flags(__entry->atoms, ",", atom_flags),	\
			  __entry->next))

#define DEFINE_RV_LTL_ERROR(name, atom_flags...)				\
	TRACE_EVENT(error_##name,						\
		TP_PROTO(pid_t pid, u64 states, u32 atoms),			\
		TP_ARGS(pid, states, atoms),					\
		TP_STRUCT__entry(__field(pid_t, pid)				\
				 __field(u64, states)				\
				 __field(u32, atoms)),				\
		TP_fast_assign(__entry->pid = pid,				\
			       __entry->states = states,			\
			       __entry->atoms = atoms),				\
		TP_printk("%d: [%s] break the property in states %#llx",	\
			  __entry->pid,						\
			  __print_flags(__entry->atoms, ",", atom_flags),	\
			  __entry->states))

#endif /* _RV_LTL_TRACE_H */
