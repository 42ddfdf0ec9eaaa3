#!/usr/bin/env python3
"""LP reference for the solver differential test (CassowaryTests, LPDifferentialTests).

Generates seeded random constraint systems of several classes, runs a short sequence of
incremental operations on each, and solves every state with an independent LP solver
(HiGHS, through `scipy.optimize.linprog(method="highs")`): which required constraints are
rejected as unsatisfiable and the optimal weighted error, by strength as kiwi weighs it
(weak 1, medium 1e3, strong 1e6, numbers clipped to required = 1001001000). Optionally it
also reports which values the build's optimum determines uniquely, and runs kiwisolver on
each build (in a child process, since kiwi aborts the process on some of these systems).

    python3 solver_lp_peer.py --count 1250 --seed 1 --incremental 250 --unique 100 \
        --kiwi 1250 > reference.json
    python3 solver_lp_peer.py --check systems.json > reference.json

`--check PATH` takes systems from a file or a directory of .json files instead of generating
them: in this script's output form (fields "nv", "cons", "edits" and optionally "ops"), or
cassowary-bench-v1 workload documents (FORMAT.md; frames become suggestions). It adds the
reference results, so a kept set of systems is checked the same way as the generated ones.

Classes (each system's "class" field):
  points      2-10 variables, 2-20 constraints with small integer coefficients, required
              ones built around a known point (so the system is satisfiable), 0-3 edits
  fractional  10-30 variables, 20-80 constraints, fractional coefficients, numeric strengths
  layout      3-12 views (left, top, width, height) related like Auto Layout: edges,
              centres, size ratios, spacing, inequalities, mixed and numeric strengths, the
              root's size as edit variables
  conflict    like points, plus required constraints away from the point: some are rejected
  chain, grid, navscreen
              the benchmark generator's own workloads (scripts/solver-bench/generator.py), small,
              with random seeds; their frames become suggestions

Output: {"systems": [...]}; for each system "class", "nv", "cons" ([terms, constant, op,
strength]), "edits" ([variable, strength, value]), "rejected" (indices of the build's
constraints the LP finds unsatisfiable with the accepted ones before them), "opt" (optimal
weighted error after the build), "ops" (each with "ok": accepted, and "opt" after it) and,
with --unique, "values" (the LP's after the build) and "unique" (which of them the optimum
determines: the least and greatest value on the optimal face agree); with --kiwi, "kiwi"
({"aborted": bool, "values": [...]}).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import coo_matrix

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "solver-bench"))
import generator as gen  # noqa: E402

REQUIRED = 1001001000.0
NAMED = {"required": REQUIRED, "strong": 1e6, "medium": 1e3, "weak": 1.0}
SOFT = ["strong", "medium", "weak"]
NUMERIC = [750000, 250, 500000, 2, 999000]


def weight(s) -> float:
    """kiwi's strength number: named, or clipped to [0, required]."""
    v = NAMED.get(s)
    return v if v is not None else min(max(float(s), 0.0), REQUIRED)


def is_required(s) -> bool:
    return s == "required" or (not isinstance(s, str) and float(s) >= REQUIRED)


# ---------------------------------------------------------------------------
# Random classes
# ---------------------------------------------------------------------------


class Rng:
    def __init__(self, seed):
        self.r = gen.SplitMix64(seed)

    def uniform(self):
        return self.r.uniform()

    def int(self, lo, hi):
        return self.r.randint(lo, hi)

    def choice(self, xs):
        return xs[self.r.randint(0, len(xs) - 1)]

    def sample(self, n, k):
        pool = list(range(n))
        out = []
        for _ in range(k):
            out.append(pool.pop(self.r.randint(0, len(pool) - 1)))
        return sorted(out)


def around(rng, terms, point, op, slack_max):
    """The constant that makes the known point satisfy `terms + c op 0`."""
    value = sum(k * point[v] for v, k in terms)
    slack = 0 if op == "==" else rng.int(0, slack_max)
    return -value - slack if op == "<=" else -value + slack if op == ">=" else -value


def random_constraint(rng, nv, point, coefs, req_share, strengths, spread, on_point=True):
    k = rng.int(1, min(3, nv))
    terms = [[v, rng.choice(coefs)] for v in rng.sample(nv, k)]
    op = rng.choice(["==", "<=", ">="])
    s = "required" if rng.uniform() < req_share else rng.choice(strengths)
    if s == "required" and on_point:
        c = around(rng, terms, point, op, 20)
    else:
        c = rng.int(-spread, spread)
    return [terms, c, op, s]


def random_system(rng, klass):
    if klass in ("points", "conflict"):
        nv, nc, coefs, share, strengths, spread = rng.int(2, 10), rng.int(2, 20), [-3, -2, -1, 1, 2, 3], 0.5, SOFT, 50
    else:  # fractional
        nv, nc = rng.int(10, 30), rng.int(20, 80)
        coefs = [-3, -2, -1, -0.5, -0.25, 0.25, 0.5, 1, 2, 3]
        share, strengths, spread = 0.5, SOFT + NUMERIC, 300
    point = [rng.int(-200, 200) for _ in range(nv)]
    cons = [random_constraint(rng, nv, point, coefs, share, strengths, spread) for _ in range(nc)]
    if klass == "conflict":
        for _ in range(rng.int(1, 3)):
            c = random_constraint(rng, nv, point, coefs, 1.0, strengths, 300, on_point=False)
            cons.insert(rng.int(len(cons) // 2, len(cons)), c)
    edits = [[v, rng.choice(SOFT), rng.int(-300, 300)] for v in rng.sample(nv, rng.int(0, min(3, nv)))]
    gen_op = lambda: random_constraint(rng, nv, point, coefs, share, strengths, spread,
                                       on_point=rng.uniform() < 0.9)
    return {"nv": nv, "cons": cons, "edits": edits}, point, gen_op


ANCHORS = ("left", "right", "cx", "top", "bottom", "cy", "width", "height")


def layout_system(rng):
    """Random views related like Auto Layout, around a known layout (the point)."""
    n = rng.int(3, 12)
    nv = 4 * n
    point = []
    for i in range(n):
        w, h = (rng.int(300, 1000), rng.int(300, 1000)) if i == 0 else (rng.int(0, 300), rng.int(0, 300))
        x, y = (0, 0) if i == 0 else (rng.int(-50, 700), rng.int(-50, 900))
        point += [x, y, w, h]

    def anchor(i, a):
        l, t, w, h = 4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3
        return {"left": {l: 1}, "right": {l: 1, w: 1}, "cx": {l: 1, w: 0.5}, "top": {t: 1},
                "bottom": {t: 1, h: 1}, "cy": {t: 1, h: 0.5}, "width": {w: 1},
                "height": {h: 1}}[a]

    cons = []

    def add(lhs, rhs, k, op, s, on_point):
        e = dict(lhs)
        for v, c in rhs.items():
            e[v] = e.get(v, 0) - k * c
        terms = [[v, c] for v, c in sorted(e.items()) if c != 0]
        if not terms:
            return
        c = around(rng, terms, point, op, 30) if on_point else rng.int(-400, 400)
        cons.append([terms, c, op, s])

    for i in range(n):
        add(anchor(i, "width"), {}, 0, ">=", "required", True)
        add(anchor(i, "height"), {}, 0, ">=", "required", True)
    add(anchor(0, "left"), {}, 0, "==", "required", True)
    add(anchor(0, "top"), {}, 0, "==", "required", True)
    for _ in range(rng.int(n, 4 * n)):
        i = rng.int(1, n - 1)
        j = rng.int(0, n - 1)
        a = rng.choice(ANCHORS)
        if a in ("width", "height"):
            b, k = rng.choice([(a, rng.choice([1, 0.5, 1 / 3, 2])), (a, 0)])
        else:
            b, k = rng.choice(ANCHORS[:3] if a in ANCHORS[:3] else ANCHORS[3:6]), 1
        op = rng.choice(["==", "==", "<=", ">="])
        s = rng.choice(["required", "required", "strong", "medium", "weak", 750000, 250])
        add(anchor(i, a), anchor(j, b) if k else {}, k, op, s, s == "required" or rng.uniform() < 0.3)
    edits = [[2, "strong", point[2]], [3, "strong", point[3]]]

    def gen_op():
        before = len(cons)
        while len(cons) == before:
            i, j = rng.int(1, n - 1), rng.int(0, n - 1)
            a = rng.choice(ANCHORS[:6])
            b = rng.choice(ANCHORS[:3] if a in ANCHORS[:3] else ANCHORS[3:6])
            s = rng.choice(["required", "strong", "medium", "weak", 750000])
            add(anchor(i, a), anchor(j, b), 1, rng.choice(["==", "<=", ">="]), s, rng.uniform() < 0.9)
        return cons.pop()

    return {"nv": nv, "cons": cons, "edits": edits}, point, gen_op


def workload_system(rng, klass):
    """One of the benchmark generator's workloads, small and with a random seed."""
    seed = rng.int(0, 1 << 30)
    if klass == "chain":
        m = gen.chain(rng.int(3, 30), seed)
    elif klass == "grid":
        m = gen.grid(rng.int(2, 5), rng.int(2, 5), seed)
    else:
        m = gen.navscreen_x100(seed, copies=1)
    doc = m.to_json()
    cons = [[c["t"], c["c"], c["op"], c["s"]] for c in doc["constraints"]]
    edits = [[e["v"], e["s"], e["initial"]] for e in doc["edits"]]
    frames = doc["frames"][: rng.int(2, 8)]
    return {"nv": len(doc["variables"]), "cons": cons, "edits": edits}, frames


# ---------------------------------------------------------------------------
# LP (HiGHS): many independent states as the blocks of one problem
# ---------------------------------------------------------------------------


class Block:
    """One state: variables, active constraints and edits, as rows of the stacked LP. With
    `face`, the weighted error is held at most `face` and the objective is `pulls` instead:
    (variable, target, weight) terms `weight·|x - target|`."""

    def __init__(self, nv, cons, edits, face=None, pulls=()):
        self.nv, self.cons, self.edits = nv, cons, edits
        self.face, self.pulls = face, pulls


OPTIONS = {"primal_feasibility_tolerance": 1e-9, "dual_feasibility_tolerance": 1e-9}


def solve_blocks(blocks, strict=True):
    """Solves the blocks as one LP. Returns (status, [x per block]); when HiGHS fails,
    raises, or with `strict` false returns ("failed", None)."""
    cols = 0
    c_obj = []
    ub_r, ub_c, ub_v, b_ub = [], [], [], []
    eq_r, eq_c, eq_v, b_eq = [], [], [], []
    offsets = []

    def new_cols(k, w=0.0):
        nonlocal cols
        first = cols
        cols += k
        c_obj.extend([w] * k)
        return first

    for blk in blocks:
        x0 = new_cols(blk.nv)
        offsets.append(x0)
        rows = [(terms, c, op, s) for terms, c, op, s in blk.cons]
        rows += [([[v, 1.0]], -float(value), "==", s) for v, s, value in blk.edits]
        face = blk.face is not None
        errors = []  # (column, weight) of the block's weighted error
        rows += [([[v, 1.0]], -float(target), "==", ("pull", w)) for v, target, w in blk.pulls]
        for terms, c, op, s in rows:
            pull = isinstance(s, tuple)
            w = s[1] if pull else weight(s)
            req = not pull and w >= REQUIRED
            cost = w if pull or not face else 0.0
            extra = []  # (column, coefficient)
            if not req:
                if op in ("==", "<="):
                    extra.append((new_cols(1, cost), -1.0))
                if op in ("==", ">="):
                    extra.append((new_cols(1, cost), 1.0))
                if not pull:
                    errors += [(col, w) for col, _ in extra]
            entries = [(x0 + int(v), float(k)) for v, k in terms] + extra
            if op == "==":
                r = len(b_eq)
                for col, k in entries:
                    eq_r.append(r), eq_c.append(col), eq_v.append(k)
                b_eq.append(-float(c))
            else:
                sign = 1.0 if op == "<=" else -1.0
                r = len(b_ub)
                for col, k in entries:
                    ub_r.append(r), ub_c.append(col), ub_v.append(sign * k)
                b_ub.append(-sign * float(c))
        if face and errors:
            r = len(b_ub)
            for col, w in errors:
                ub_r.append(r), ub_c.append(col), ub_v.append(w)
            b_ub.append(blk.face)
    # The variables are free; the error columns non-negative.
    free = set()
    for blk, x0 in zip(blocks, offsets):
        free.update(range(x0, x0 + blk.nv))
    bounds = [(None, None) if j in free else (0, None) for j in range(cols)]
    a_ub = coo_matrix((ub_v, (ub_r, ub_c)), shape=(len(b_ub), cols)) if b_ub else None
    a_eq = coo_matrix((eq_v, (eq_r, eq_c)), shape=(len(b_eq), cols)) if b_eq else None
    for options in (OPTIONS, {}):  # tight tolerances, else HiGHS's defaults
        res = linprog(
            np.array(c_obj), A_ub=a_ub, b_ub=b_ub or None, A_eq=a_eq, b_eq=b_eq or None,
            bounds=bounds, method="highs", options=options)
        if res.status in (0, 2):
            break
    if res.status == 2:
        return "infeasible", None
    if res.status != 0 and not strict:
        return "failed", None
    if res.status != 0:
        raise RuntimeError("HiGHS: %s %s (%d columns, %d + %d rows)" % (res.status, res.message, cols, len(b_ub), len(b_eq)))
    return "optimal", [res.x[x0:x0 + blk.nv] for blk, x0 in zip(blocks, offsets)]


def violation(terms, c, op, x):
    v = float(c) + sum(float(k) * x[int(i)] for i, k in terms)
    return abs(v) if op == "==" else max(0.0, v) if op == "<=" else max(0.0, -v)


def error(blk, x):
    """The weighted error of a solution: what the solver minimises."""
    total = 0.0
    for terms, c, op, s in blk.cons:
        if not is_required(s):
            total += weight(s) * violation(terms, c, op, x)
    for v, s, value in blk.edits:
        total += weight(s) * abs(x[v] - float(value))
    return total


def optimum(blk):
    """None when the required constraints admit no solution."""
    status, xs = solve_blocks([blk])
    return None if status == "infeasible" else error(blk, xs[0])


def optima(blocks, batch=60, solutions=False):
    """Optimal errors of many states known to be satisfiable (with `solutions`, the pairs
    (error, values))."""
    out = []
    for k in range(0, len(blocks), batch):
        part = blocks[k:k + batch]
        try:
            status, xs = solve_blocks(part)
        except RuntimeError:  # HiGHS gave up on the batch: one block at a time
            status = "infeasible"
        if status == "infeasible":
            xs = []
            for b in part:
                st, one = solve_blocks([b], strict=False)
                xs.append(None if st != "optimal" else one[0])
        for b, x in zip(part, xs):
            e = None if x is None else error(b, x)
            out.append((e, None if x is None else [float(v) for v in x]) if solutions else e)
    return out


def unique_values(blocks, solutions):
    """Which variables each state determines: each variable's least and greatest value on
    the optimal face (the weighted error held at the optimum, to round-off), found by
    pulling it toward far targets there; a value whose range is not a point is not unique.
    Returns one list of flags per block."""
    pulled = []
    for b, (opt, x) in zip(blocks, solutions):
        face = 1e-9 + opt * (1 + 1e-12)
        far = 10 * max(1e3, max(abs(t) for t in x))  # beyond anything near the optimum
        for v in range(b.nv):
            for target in (-far, far):
                pulled.append(Block(b.nv, b.cons, b.edits, face=face, pulls=[(v, target, 1.0)]))
    ends = optima(pulled, solutions=True)
    flags = []
    k = 0
    for b, (_, x) in zip(blocks, solutions):
        unique = []
        for v in range(b.nv):
            (_, low), (_, high) = ends[k], ends[k + 1]
            k += 2
            unique.append(x is not None and low is not None and high is not None
                          and abs(high[v] - low[v]) <= 1e-7 * max(1.0, abs(x[v])))
        flags.append(unique)
    return flags


# ---------------------------------------------------------------------------
# Systems and operations
# ---------------------------------------------------------------------------


def build_state(system):
    """Rejected build constraints (the LP's sequential verdict) and the accepted set."""
    accepted, rejected = [], []
    required = []
    everything = [c for c in system["cons"] if is_required(c[3])]
    if system.get("_feasible") or satisfiable(system, everything):
        return list(enumerate(system["cons"])), []
    for i, con in enumerate(system["cons"]):
        if is_required(con[3]):
            if not satisfiable(system, required + [con]):
                rejected.append(i)
                continue
            required.append(con)
        accepted.append((i, con))
    return accepted, rejected


def satisfiable(system, required):
    """Whether the required constraints admit a solution. A point that satisfies them all
    proves it: the system's known point, or the last solution the LP found (which becomes the
    new known point); else the LP decides."""
    point = system.get("_point")
    if point is not None and all(violation(t, c, op, point) <= 1e-7 for t, c, op, _ in required):
        return True
    status, xs = solve_blocks([Block(system["nv"], required, [])])
    if status == "infeasible":
        return False
    system["_point"] = list(xs[0])
    return True


def apply(op, system, active, edits):
    """Applies one operation to the LP's state (`active`: id -> constraint; `edits`); a
    required constraint that leaves no solution is rejected. Returns whether it was accepted."""
    k = op["k"]
    if k == "suggest":
        edits[op["e"]][2] = op["value"]
        return True
    if k == "remove":
        del active[op["id"]]
        return True
    if k == "add":
        con = op["con"]
    else:
        con = list(active[op["id"]])
        con[1] = op["c"]
    if is_required(con[3]):
        req = [c for i, c in active.items() if is_required(c[3]) and i != op["id"]]
        if not satisfiable(system, req + [con]):
            return False
    active[op["id"]] = con
    return True


def run_ops(system, accepted, next_op):
    """Applies the operations `next_op(active)` returns (None: done), recording each with its
    verdict; returns the state after each, whose optima are found later in batches."""
    nv = system["nv"]
    active = dict(accepted)
    edits = [list(e) for e in system["edits"]]
    states = []
    ops = []
    while (op := next_op(active)) is not None:
        op["ok"] = apply(op, system, active, edits)
        ops.append(op)
        states.append(Block(nv, list(active.values()), [list(e) for e in edits]))
    system["ops"] = ops
    return states


def random_ops(rng, system, gen_op, frames, steps):
    """The next-operation function of a generated system: its frames as suggestions, or
    `steps` random adds, removals, suggestions and constant changes (ids: build constraints
    by index, added ones after them)."""
    if frames is not None:
        queue = [{"k": "suggest", "e": e, "value": v} for fr in frames for e, v in fr]
        return lambda active: queue.pop(0) if queue else None
    state = {"left": steps, "next": len(system["cons"])}

    def next_op(active):
        if state["left"] == 0:
            return None
        state["left"] -= 1
        r = rng.uniform()
        if r < 0.35 and system["edits"]:
            e = rng.int(0, len(system["edits"]) - 1)
            return {"k": "suggest", "e": e, "value": rng.int(-300, 300)}
        if r < 0.6 or not active:
            state["next"] += 1
            return {"k": "add", "id": state["next"] - 1, "con": gen_op()}
        i = rng.choice(sorted(active))
        if r < 0.8:
            return {"k": "remove", "id": i}
        return {"k": "constant", "id": i, "c": rng.int(-300, 300)}

    return next_op


# ---------------------------------------------------------------------------
# kiwisolver (optional): values where kiwi answers, and which are unique
# ---------------------------------------------------------------------------


def kiwi_values(system, rejected):
    import kiwisolver as kw

    vs = [kw.Variable("v%d" % i) for i in range(system["nv"])]
    s = kw.Solver()
    for v, st, value in system["edits"]:
        s.addEditVariable(vs[v], weight(st))
        s.suggestValue(vs[v], float(value))
    for i, (terms, c, op, st) in enumerate(system["cons"]):
        if i in rejected:
            continue
        e = kw.Expression([kw.Term(vs[int(v)], float(k)) for v, k in terms], float(c))
        s.addConstraint(kw.Constraint(e, op, weight(st)))
    s.updateVariables()
    return [v.value() for v in vs]


def kiwi_one(system, rejected):
    """Runs in a child process (kiwi may abort it)."""
    return {"aborted": False, "values": kiwi_values(system, set(rejected))}


def kiwi_all(items):
    """kiwi on every (system, rejected) pair, children in turn: one child runs systems until
    it finishes or kiwi aborts it, then the next one carries on after the aborted system."""
    results = [None] * len(items)
    start = 0
    while start < len(items):
        rfd, wfd = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(rfd)
            os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
            out = os.fdopen(wfd, "w")
            for k in range(start, len(items)):
                system, rejected = items[k]
                try:
                    r = kiwi_one(system, rejected)
                except Exception as e:  # kiwi's own errors: reported as an abort too
                    r = {"aborted": True, "error": str(e)}
                out.write(json.dumps(r) + "\n")
                out.flush()
            os._exit(0)
        os.close(wfd)
        with os.fdopen(rfd) as f:
            lines = f.read().splitlines()
        os.waitpid(pid, 0)
        for k, line in enumerate(lines):
            results[start + k] = json.loads(line)
        start += len(lines)
        if start < len(items):
            results[start] = {"aborted": True}
            start += 1
    return results


# ---------------------------------------------------------------------------


CLASSES = ["points", "fractional", "layout", "conflict", "chain", "grid", "navscreen"]
SHARE = {"points": 3, "fractional": 3, "layout": 3, "conflict": 1, "chain": 1, "grid": 1, "navscreen": 1}


def generate(count, seed, steps):
    rng = Rng(seed)
    wheel = [k for k in CLASSES for _ in range(SHARE[k])]
    systems = []
    for n in range(count):
        klass = wheel[n % len(wheel)]
        frames = None
        if klass in ("points", "fractional", "conflict"):
            system, point, gen_op = random_system(rng, klass)
        elif klass == "layout":
            system, point, gen_op = layout_system(rng)
        else:
            system, frames = workload_system(rng, klass)
            gen_op, point = None, None
            system["_feasible"] = True  # the workloads are satisfiable by design
        system["_point"] = point
        system["class"] = klass
        system["_gen_op"] = gen_op
        system["_frames"] = frames
        systems.append(system)
    return rng, systems


def from_workload(doc):
    """A cassowary-bench-v1 document (FORMAT.md) as a system: its frames become suggestions."""
    return {
        "class": doc.get("name", "kept"),
        "nv": len(doc["variables"]),
        "cons": [[c["t"], c["c"], c["op"], c["s"]] for c in doc["constraints"]],
        "edits": [[e["v"], e["s"], e["initial"]] for e in doc["edits"]],
        "ops": [{"k": "suggest", "e": e, "value": v} for fr in doc.get("frames", []) for e, v in fr],
    }


def kept_systems(path):
    """Systems from a file or a directory of files: this script's output form ({"systems":
    [...]} or a list), or cassowary-bench-v1 documents (one per file or a list)."""
    paths = [path] if os.path.isfile(path) else sorted(
        os.path.join(path, n) for n in os.listdir(path) if n.endswith(".json"))
    systems = []
    for p in paths:
        with open(p) as f:
            doc = json.load(f)
        items = doc["systems"] if isinstance(doc, dict) and "systems" in doc else doc
        for s in items if isinstance(items, list) else [items]:
            s = from_workload(s) if "variables" in s else s
            s.setdefault("class", "kept")
            s.setdefault("ops", [])
            systems.append(s)
    return systems


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--steps", type=int, default=6, help="operations after each build")
    ap.add_argument("--incremental", type=int, default=None,
                    help="give operations to only the first N systems")
    ap.add_argument("--unique", type=int, default=0,
                    help="for the first N systems: the LP's values and which are unique")
    ap.add_argument("--kiwi", type=int, default=0, help="run kiwisolver on the first N builds")
    ap.add_argument("--check", help="take the systems from this JSON file")
    args = ap.parse_args(argv)

    if args.check:
        systems = kept_systems(args.check)
        rng = None
    else:
        rng, systems = generate(args.count, args.seed, args.steps)

    build_blocks = []
    op_blocks = []
    for n, system in enumerate(systems):
        accepted, rejected = build_state(system)
        system["rejected"] = rejected
        build_blocks.append(Block(system["nv"], [c for _, c in accepted], system["edits"]))
        if rng is not None:
            with_ops = args.incremental is None or n < args.incremental
            frames = system["_frames"] if with_ops or system["_frames"] is None else []
            next_op = random_ops(rng, system, system["_gen_op"], frames,
                                 args.steps if with_ops else 0)
        else:
            given = list(system["ops"])
            next_op = lambda active, given=given: given.pop(0) if given else None
        op_blocks.append(run_ops(system, accepted, next_op))
    solutions = optima(build_blocks, solutions=True)
    flat = optima([b for blocks in op_blocks for b in blocks])
    k = 0
    for system, (opt, _), blocks in zip(systems, solutions, op_blocks):
        system["opt"] = opt
        for op in system["ops"]:
            op["opt"] = flat[k]
            k += 1
    if args.unique:
        n = args.unique
        flags = unique_values(build_blocks[:n], solutions[:n])
        for s, (_, x), unique in zip(systems, solutions, flags):
            s["values"] = x
            s["unique"] = unique
    if args.kiwi:
        items = [(s, s["rejected"]) for s in systems[:args.kiwi]]
        for s, kiwi in zip(systems, kiwi_all(items)):
            s["kiwi"] = kiwi
    for s in systems:
        for key in [k for k in s if k.startswith("_")]:
            del s[key]
    sys.stdout.write(json.dumps({"systems": systems}, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
