#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write a deterministic automaton of the size of the PREEMPT_RT thread
synchronization model (9,017 states, 20 events, 33,331 transitions) as
DOT: every state reachable from the initial one, a random rest. The DOT
is laid out as the RFC's models are (one node declaration a line, then
the edges), which the line-based Python dot2c of Debian's tree needs.

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
        f.write("digraph state_automaton {\n")
        f.write('\t{node [shape = plaintext, style=invis, label=""] "__init_s0"};\n')
        for s in range(states):
            shape = "doublecircle" if s % 7 == 0 else "circle"
            f.write('\t{node [shape = %s] "s%d"};\n' % (shape, s))
        f.write('\t"__init_s0" -> "s0";\n')
        for (src, ev), dst in sorted(function.items()):
            f.write('\t"s%d" -> "s%d" [ label = "e%d" ];\n' % (src, dst, ev))
        f.write("}\n")


if __name__ == "__main__":
    main()
