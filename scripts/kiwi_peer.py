#!/usr/bin/env python3
"""Differential-test peer: solves random constraint systems with kiwisolver.

Reads a JSON file of systems (written by CassowaryTests' differential test), prints JSON:
for each system, the index of the first constraint kiwi rejects as unsatisfiable (or null),
the values of every variable with the accepted prefix, and which of those values the
system determines uniquely (found by pulling every variable with tiny preferences of
random weights in several random directions: a value that moves is not unique).

    python3 kiwi_peer.py systems.json > results.json
"""
import json
import random
import sys

import kiwisolver as kw

TINY = 1e-4  # far below weak (1): cannot move a unique optimum


def build(system, upto, pulls=None):
    vs = [kw.Variable(f"v{i}") for i in range(system["vars"])]
    s = kw.Solver()
    for e in system["edits"]:
        s.addEditVariable(vs[e["v"]], strength(e["s"]))
        s.suggestValue(vs[e["v"]], float(e["value"]))
    failed = None
    for i, c in enumerate(system["constraints"][:upto]):
        expr = kw.Expression([kw.Term(vs[v], float(k)) for v, k in c["t"]], float(c["c"]))
        try:
            s.addConstraint(kw.Constraint(expr, c["op"], strength(c["s"])))
        except kw.UnsatisfiableConstraint:
            failed = i
            break
    if pulls:
        for v, target, weight in pulls:
            s.addConstraint(kw.Constraint(vs[v] - target, "==", TINY * weight))
    s.updateVariables()
    return failed, [v.value() for v in vs]


def strength(name):
    return name if isinstance(name, str) else float(name)


def main():
    systems = json.load(open(sys.argv[1]))
    rng = random.Random(20261129)
    out = []
    for system in systems:
        n = len(system["constraints"])
        failed, _ = build(system, n)
        prefix = n if failed is None else failed
        _, values = build(system, prefix)
        unique = [True] * system["vars"]
        for _ in range(6):
            # Random directions and unequal weights, so pulls along an optimal face never
            # cancel out.
            pulls = [(i, rng.choice([-1e4, 1e4]), rng.uniform(0.2, 1.0))
                     for i in range(system["vars"])]
            _, moved = build(system, prefix, pulls)
            for i, (a, b) in enumerate(zip(values, moved)):
                if abs(a - b) > 1e-7:
                    unique[i] = False
        out.append({"failed": failed, "values": values, "unique": unique})
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
