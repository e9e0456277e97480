#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write a deterministic automaton of the size of the PREEMPT_RT thread
synchronization model (9,017 states, 20 events, 33,331 transitions) as
DOT: every state reachable from the initial one, a random rest.

Usage: big_model.py OUT.dot [STATES EVENTS TRANSITIONS [SEED]]
"""
import random
import sys


def main():
    out = sys.argv[1]
    states, events, transitions = (int(x) for x in (sys.argv[2:5] or (9017, 20, 33331)))
    rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 1)
    function = {}
    # a spanning tree from state 0 keeps every state reachable
    for s in range(1, states):
        while True:
            src, ev = rng.randrange(s), rng.randrange(events)
            if (src, ev) not in function:
                function[(src, ev)] = s
                break
    while len(function) < transitions:
        key = (rng.randrange(states), rng.randrange(events))
        function.setdefault(key, rng.randrange(states))
    with open(out, "w") as f:
        f.write("digraph big {\n\t__init_s0 [style = invis];\n\t__init_s0 -> s0;\n")
        for s in range(states):
            if s % 7 == 0:
                f.write("\ts%d [shape = doublecircle];\n" % s)
        for (src, ev), dst in sorted(function.items()):
            f.write('\ts%d -> s%d [label = "e%d"];\n' % (src, dst, ev))
        f.write("}\n")


if __name__ == "__main__":
    main()
