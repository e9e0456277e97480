#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write random deterministic automata as DOT files in varied, valid
syntax (quoted and bare IDs, comments, attributes in other orders,
subgraphs, several events per edge), each with the table dot2c must find.

Usage: random_models.py OUTDIR COUNT SEED

For each model NAME: OUTDIR/NAME.dot and OUTDIR/NAME.expected, whose
lines are "initial S", "final S 0|1" for each state, and "S E NEXT" for
each state and event (NEXT is "-" without a transition), sorted.
"""
import os
import random
import sys


def ident(rng, name):
    """A DOT ID for a C identifier: bare or quoted."""
    return name if rng.random() < 0.5 else '"%s"' % name


def attrs(rng, pairs):
    """An attribute list in random order and spacing."""
    rng.shuffle(pairs)
    sep = rng.choice([", ", " ", "; ", ","])
    eq = rng.choice(["=", " = "])
    return "[" + sep.join("%s%s%s" % (k, eq, v) for k, v in pairs) + "]"


def comment(rng):
    # a '#' line must start at column 0 (a C preprocessor line to DOT)
    return rng.choice(["", "\t// a comment\n", "\t/* a\n\t   comment */\n", "# a comment\n"])


def model(rng, name):
    nr_states = rng.randint(1, 12)
    nr_events = rng.randint(1, 6)
    states = ["s%d_%s" % (i, rng.choice("abc")) for i in range(nr_states)]
    events = ["ev%d_%s" % (i, rng.choice("xyz")) for i in range(nr_events)]
    initial = rng.choice(states)
    final = {s: rng.random() < 0.4 for s in states}
    function = {}
    for s in states:
        for e in events:
            if rng.random() < 0.45:
                function[(s, e)] = rng.choice(states)
    # at least one event is used, so that every event is named by an edge
    used = {e for (_, e) in function}
    for e in events:
        if e not in used:
            function[(rng.choice(states), e)] = rng.choice(states)

    # edges: transitions between the same states share one edge
    edges = {}
    for (s, e), t in function.items():
        edges.setdefault((s, t), []).append(e)

    stmts = []
    stmts.append("%s %s;" % (ident(rng, "__init_" + initial),
                             attrs(rng, [("style", "invis"), ("label", '""'), ("shape", "none")])))
    for s in states:
        shape = "doublecircle" if final[s] else "circle"
        choice = rng.random()
        if choice < 0.3:
            stmts.append("%s %s;" % (ident(rng, s), attrs(rng, [("shape", shape), ("label", '"%s"' % s)])))
        elif choice < 0.6:
            stmts.append("{ node [shape = %s] %s }" % (shape, ident(rng, s)))
        else:
            stmts.append("subgraph cluster_%s { %s %s }" % (s, ident(rng, s), attrs(rng, [("shape", '"%s"' % shape)])))
    stmts.append("%s -> %s;" % (ident(rng, "__init_" + initial), ident(rng, initial)))
    for (s, t), evs in edges.items():
        label = '"%s"' % "\\n".join(evs)
        pairs = [("label", label)] + rng.sample([("color", "black"), ("fontsize", "9"), ("arrowhead", "normal")], rng.randint(0, 2))
        edge = "%s -> %s %s" % (ident(rng, s), ident(rng, t), attrs(rng, pairs))
        if rng.random() < 0.2:
            edge = "subgraph { %s }" % edge
        stmts.append(edge + rng.choice([";", ""]))
    # Node statements stay before the edges: as Graphviz reads DOT, a
    # subgraph's node defaults apply only to the nodes it creates.
    body = "".join(comment(rng) + "\t" + st + "\n" for st in stmts)
    keyword = rng.choice(["digraph", "DiGraph", "strict digraph"])
    header = rng.choice(["rankdir = LR;\n", "graph [rankdir=LR, size=\"7,11\"];\n", ""])
    dot = "%s%s %s {\n\t%s%s}\n" % (comment(rng), keyword, ident(rng, "state_automaton"), header, body)

    expected = ["initial %s" % initial]
    expected += ["final %s %d" % (s, final[s]) for s in states]
    expected += ["%s %s %s" % (s, e, function.get((s, e), "-")) for s in states for e in events]
    return dot, "\n".join(sorted(expected)) + "\n"


def main():
    outdir, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    for i in range(count):
        name = "rnd%d" % i
        dot, expected = model(rng, name)
        with open(os.path.join(outdir, name + ".dot"), "w") as f:
            f.write(dot)
        with open(os.path.join(outdir, name + ".expected"), "w") as f:
            f.write(expected)


if __name__ == "__main__":
    main()
