/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rv_test_task model, in the form dot2c writes: a task is running or
 * not, switch_in and switch_out move it between the two, and a wakeup is
 * expected only while it is not running (the wwnr model).
 */
enum states_rv_test_task {
	not_running_rv_test_task,
	running_rv_test_task,
	state_max_rv_test_task,
};

enum events_rv_test_task {
	switch_in_rv_test_task,
	switch_out_rv_test_task,
	wakeup_rv_test_task,
	event_max_rv_test_task,
};

struct automaton_rv_test_task {
	const char *state_names[state_max_rv_test_task];
	const char *event_names[event_max_rv_test_task];
	unsigned char function[state_max_rv_test_task][event_max_rv_test_task];
	unsigned char initial_state;
	bool final_states[state_max_rv_test_task];
};

static const struct automaton_rv_test_task automaton_rv_test_task = {
	.state_names = {
		"not_running",
		"running",
	},
	.event_names = {
		"switch_in",
		"switch_out",
		"wakeup",
	},
	.function = {
		{ running_rv_test_task, state_max_rv_test_task, not_running_rv_test_task },
		{ state_max_rv_test_task, not_running_rv_test_task, state_max_rv_test_task },
	},
	.initial_state = not_running_rv_test_task,
	.final_states = { 1, 0 },
};
