#!/usr/bin/env python3
# Copied unchanged (apart from this note) from the shared benchmark folder
# bench/solver/generator.py (generator version 1), so that tests never read ../shared.
# scripts/solver_lp_peer.py imports it for its PRNG, modelling layer and workload classes.
"""Deterministic generator for constraint-solver benchmark workloads.

Writes JSON files in the "cassowary-bench-v1" format described in FORMAT.md.
Needs only the Python standard library.  With --expect it also solves every
workload once with kiwisolver (pip package) and embeds the reference values.

Usage:
    python3 generator.py --out workloads            # all standard workloads
    python3 generator.py --out workloads --only navscreen animate
    python3 generator.py --out workloads --expect   # embed kiwisolver values
    python3 generator.py --check-unique             # uniqueness self-test

The output is byte-for-byte deterministic for a given generator version
(no wall-clock, no hash randomisation, own PRNG).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys

FORMAT = "cassowary-bench-v1"
GENERATOR_VERSION = 1
SEED = 20251129

# ---------------------------------------------------------------------------
# Deterministic PRNG (splitmix64) -- trivially portable to Swift/C++.
# ---------------------------------------------------------------------------

MASK64 = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed: int):
        self.state = seed & MASK64

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def uniform(self) -> float:
        """Float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def randint(self, lo: int, hi: int) -> int:
        """Integer in [lo, hi] (inclusive)."""
        return lo + int(self.uniform() * (hi - lo + 1))


# ---------------------------------------------------------------------------
# Tiny modelling layer: linear expressions over variable indices.
# ---------------------------------------------------------------------------


class Expr:
    __slots__ = ("terms", "const")

    def __init__(self, terms=None, const=0.0):
        self.terms = dict(terms or {})  # var index -> coefficient
        self.const = float(const)

    @staticmethod
    def of(x) -> "Expr":
        if isinstance(x, Expr):
            return x
        if isinstance(x, (int, float)):
            return Expr({}, float(x))
        raise TypeError(x)

    def __add__(self, other):
        o = Expr.of(other)
        t = dict(self.terms)
        for v, c in o.terms.items():
            t[v] = t.get(v, 0.0) + c
        return Expr(t, self.const + o.const)

    __radd__ = __add__

    def __neg__(self):
        return Expr({v: -c for v, c in self.terms.items()}, -self.const)

    def __sub__(self, other):
        return self + (-Expr.of(other))

    def __rsub__(self, other):
        return Expr.of(other) + (-self)

    def __mul__(self, k):
        k = float(k)
        return Expr({v: c * k for v, c in self.terms.items()}, self.const * k)

    __rmul__ = __mul__


def num(x: float):
    """Emit integral floats as ints to keep the JSON short and exact."""
    x = float(x)
    if x == int(x) and abs(x) < 1e15:
        return int(x)
    return round(x, 9)


class Model:
    def __init__(self, name: str, description: str):
        self.name = name
        self.description = description
        self.vars: list[str] = []
        self.cons: list[tuple[list, float, str, object]] = []
        self.edits: list[dict] = []
        self.frames: list[list] = []
        self.meta: dict = {}

    # variables -----------------------------------------------------------
    def var(self, name: str) -> Expr:
        self.vars.append(name)
        return Expr({len(self.vars) - 1: 1.0})

    def view(self, name: str) -> "View":
        return View(self, name)

    # constraints ---------------------------------------------------------
    def add(self, lhs, op: str, rhs, strength="required"):
        assert op in ("<=", "==", ">=")
        e = Expr.of(lhs) - Expr.of(rhs)
        terms = [[v, num(c)] for v, c in sorted(e.terms.items()) if c != 0.0]
        if not terms:
            raise ValueError("constraint without variables")
        s = strength if isinstance(strength, str) else num(strength)
        self.cons.append((terms, num(e.const), op, s))

    def eq(self, lhs, rhs, strength="required"):
        self.add(lhs, "==", rhs, strength)

    def le(self, lhs, rhs, strength="required"):
        self.add(lhs, "<=", rhs, strength)

    def ge(self, lhs, rhs, strength="required"):
        self.add(lhs, ">=", rhs, strength)

    # edits ---------------------------------------------------------------
    def edit(self, var: Expr, strength: str, initial: float) -> int:
        (idx,) = var.terms.keys()
        self.edits.append({"v": idx, "s": strength, "initial": num(initial)})
        return len(self.edits) - 1

    def frame(self, pairs):
        self.frames.append([[e, num(v)] for e, v in pairs])

    # output --------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "name": self.name,
            "description": self.description,
            "generator": {"script": "generator.py", "version": GENERATOR_VERSION, "seed": SEED},
            "meta": self.meta,
            "variables": self.vars,
            "constraints": [{"t": t, "c": c, "op": op, "s": s} for (t, c, op, s) in self.cons],
            "edits": self.edits,
            "frames": self.frames,
        }


class View:
    """Auto Layout style view: four variables, the other anchors are expressions."""

    def __init__(self, m: Model, name: str):
        self.name = name
        self.left = m.var(name + ".left")
        self.top = m.var(name + ".top")
        self.width = m.var(name + ".width")
        self.height = m.var(name + ".height")

    @property
    def right(self):
        return self.left + self.width

    @property
    def bottom(self):
        return self.top + self.height

    @property
    def cx(self):
        return self.left + 0.5 * self.width

    @property
    def cy(self):
        return self.top + 0.5 * self.height


# ---------------------------------------------------------------------------
# Workloads
# ---------------------------------------------------------------------------

DEVICE_SIZES = [
    (390, 844), (844, 390), (430, 932), (932, 430), (375, 667),
    (667, 375), (393, 852), (852, 393), (768, 1024), (1024, 768),
]


def chain(n: int, seed: int) -> Model:
    rng = SplitMix64(seed ^ (n * 0x1000193))
    m = Model(
        "chain-%d" % n,
        "Horizontal chain of %d boxes with 8pt spacing. Edits: leading offset "
        "(moves every box) and container width (trailing slack). Solution is "
        "unique for every frame." % n,
    )
    offset = m.var("offset")
    W = m.var("container.width")
    xs, ws, prefs = [], [], []
    for i in range(n):
        xs.append(m.var("box%d.left" % i))
        ws.append(m.var("box%d.width" % i))
        prefs.append(rng.randint(24, 96))
    m.eq(xs[0], offset + 8)                                   # leading margin
    for i in range(n):
        m.ge(ws[i], 8)                                        # minimum size
        m.eq(ws[i], prefs[i], "strong")                       # intrinsic width
        if i + 1 < n:
            m.eq(xs[i + 1], xs[i] + ws[i] + 8)                # spacing
    m.le(xs[-1] + ws[-1] + 8, offset + W)                     # trailing fits
    natural = 8 + sum(prefs) + 8 * (n - 1) + 8
    e_off = m.edit(offset, "strong", 0)
    e_w = m.edit(W, "strong", natural + 100)
    frames = 60
    for k in range(frames):
        ph = 2 * math.pi * k / frames
        m.frame([(e_off, round(-120 * math.sin(ph), 3)),
                 (e_w, round(natural + 100 + 90 * math.cos(ph), 3))])
    m.meta = {"boxes": n, "natural_width": natural, "frames_meaning": "60 frames, 1 s at 60 Hz"}
    return m


def grid(rows: int, cols: int, seed: int) -> Model:
    m = Model(
        "grid-%dx%d" % (rows, cols),
        "%dx%d grid of cells; every row is a horizontal chain filling the "
        "container width with equal widths, every column a vertical chain "
        "filling the height with equal heights. Edits: container width and "
        "height cycling through device sizes." % (rows, cols),
    )
    W = m.var("container.width")
    H = m.var("container.height")
    cells = [[m.view("cell%d_%d" % (r, c)) for c in range(cols)] for r in range(rows)]
    margin, gap = 4, 2
    for r in range(rows):
        for c in range(cols):
            v = cells[r][c]
            m.ge(v.width, 1)
            m.ge(v.height, 1)
            if c == 0:
                m.eq(v.left, margin)
            else:
                m.eq(v.left, cells[r][c - 1].right + gap)
                m.eq(v.width, cells[r][0].width)
            if r == 0:
                m.eq(v.top, margin)
            else:
                m.eq(v.top, cells[r - 1][c].bottom + gap)
                m.eq(v.height, cells[0][c].height)
        m.eq(cells[r][cols - 1].right + margin, W)
    for c in range(cols):
        m.eq(cells[rows - 1][c].bottom + margin, H)
    w0, h0 = DEVICE_SIZES[0]
    ew = m.edit(W, "strong", w0)
    eh = m.edit(H, "strong", h0)
    for k in range(60):
        w, h = DEVICE_SIZES[(k + 1) % len(DEVICE_SIZES)]
        m.frame([(ew, w), (eh, h)])
    m.meta = {"rows": rows, "cols": cols, "frames_meaning": "60 frames cycling device sizes"}
    return m


def build_navscreen(m: Model, prefix: str, rng: SplitMix64 | None, jitter: bool,
                    fixed_size: tuple | None, prompt_fixed: float | None):
    """One phone navigation screen (23 views). Returns dict of handy variables.

    fixed_size: (w, h) -> root size is required; None -> root.width/height
    are returned for use as edit variables.
    prompt_fixed: value -> prompt offset pinned (required); None -> left free
    for use as an edit variable.
    """
    def j(base, spread):
        if jitter and rng is not None:
            return base + rng.randint(-spread, spread)
        return base

    P = prefix
    root = m.view(P + "root")
    safe = m.view(P + "safeArea")
    mapv = m.view(P + "map")
    card = m.view(P + "turnCard")
    icon = m.view(P + "turnIcon")
    dist = m.view(P + "turnDistance")
    street = m.view(P + "turnStreet")
    lane = m.view(P + "laneGuidance")
    eta = m.view(P + "etaCard")
    prog = m.view(P + "progressBar")
    etime = m.view(P + "etaTime")
    edist = m.view(P + "etaDistance")
    earr = m.view(P + "etaArrival")
    endb = m.view(P + "endButton")
    prompt = m.view(P + "prompt")
    plabel = m.view(P + "promptLabel")
    logo = m.view(P + "logo")
    speed = m.view(P + "speedWidget")
    limit = m.view(P + "speedLimit")
    stack = m.view(P + "buttonStack")
    btns = [m.view(P + "button%d" % k) for k in range(3)]
    offset = m.var(P + "prompt.bottomOffset")

    views = [root, safe, mapv, card, icon, dist, street, lane, eta, prog, etime,
             edist, earr, endb, prompt, plabel, logo, speed, limit, stack] + btns
    for v in views:                       # non-negative sizes (cheap inequalities)
        m.ge(v.width, 0)
        m.ge(v.height, 0)

    # root / safe area / map
    m.eq(root.left, 0)
    m.eq(root.top, 0)
    if fixed_size is not None:
        m.eq(root.width, fixed_size[0])
        m.eq(root.height, fixed_size[1])
    inset_top, inset_bottom = 47, 34
    m.eq(safe.left, root.left)
    m.eq(safe.right, root.right)
    m.eq(safe.top, root.top + inset_top)
    m.eq(safe.bottom, root.bottom - inset_bottom)
    m.eq(mapv.left, root.left)
    m.eq(mapv.top, root.top)
    m.eq(mapv.right, root.right)
    m.eq(mapv.bottom, root.bottom)

    # turn card (top), capped width and centred on wide screens
    m.ge(card.left, safe.left + 12)
    m.le(card.right, safe.right - 12)
    m.eq(card.left, safe.left + 12, "medium")           # prefer full width
    m.le(card.width, j(520, 20))
    m.eq(card.cx, safe.cx)
    m.eq(card.top, safe.top + 8)
    m.ge(card.height, 88)
    m.eq(card.height, j(112, 8), "strong")
    m.eq(icon.left, card.left + 16)
    m.eq(icon.cy, card.cy)
    m.eq(icon.width, 48)
    m.eq(icon.height, 48)
    m.eq(dist.left, icon.right + 12)
    m.eq(dist.top, card.top + 18)
    m.eq(dist.height, 34, "strong")
    m.eq(dist.width, j(140, 30), "weak")            # content hugging
    m.le(dist.right, card.right - 16)
    m.eq(street.left, dist.left)
    m.eq(street.top, dist.bottom + 4)
    m.eq(street.height, 26, "strong")
    m.eq(street.right, card.right - 16, "strong")
    m.le(street.bottom, card.bottom - 10)

    # lane guidance under the card
    m.eq(lane.top, card.bottom + 8)
    m.eq(lane.cx, card.cx)
    m.eq(lane.width, j(240, 40), 750000)             # numeric strength (kiwi scale)
    m.le(lane.width, card.width)
    m.eq(lane.height, 44)

    # ETA card (bottom sheet)
    m.eq(eta.left, root.left)
    m.eq(eta.right, root.right)
    m.eq(eta.bottom, root.bottom)
    m.ge(eta.height, 80)
    m.eq(eta.height, 96 + inset_bottom, "strong")
    frac = j(37, 30) / 100.0 if jitter else 0.37
    m.eq(prog.left, eta.left)
    m.eq(prog.width, frac * eta.width)               # route progress fraction
    m.eq(prog.top, eta.top)
    m.eq(prog.height, 4)
    m.eq(etime.left, eta.left + 20)
    m.eq(etime.top, eta.top + 16)
    m.eq(etime.height, 32, "strong")
    m.eq(etime.width, j(96, 16), "weak")
    m.eq(edist.left, etime.right + 12)
    m.eq(edist.bottom, etime.bottom)
    m.eq(edist.height, 22, "strong")
    m.eq(edist.width, j(120, 30), "weak")
    m.le(edist.right, endb.left - 12)
    m.eq(earr.left, etime.left)
    m.eq(earr.top, etime.bottom + 4)
    m.eq(earr.height, 20, "strong")
    m.eq(earr.width, j(160, 30), "weak")
    m.le(earr.right, endb.left - 12)
    m.eq(endb.right, eta.right - 16)
    m.eq(endb.cy, etime.cy)
    m.eq(endb.width, 88)
    m.eq(endb.height, 44)

    # prompt banner that slides up from behind the ETA card
    m.ge(prompt.left, safe.left + 12)
    m.le(prompt.right, safe.right - 12)
    m.eq(prompt.left, safe.left + 12, "medium")
    m.le(prompt.width, 560)
    m.eq(prompt.cx, safe.cx)
    m.ge(prompt.height, 48)
    m.eq(prompt.height, j(64, 8), "strong")
    m.eq(prompt.bottom, eta.top - 12 + offset)
    if prompt_fixed is not None:
        m.eq(offset, prompt_fixed)
    m.eq(plabel.left, prompt.left + 16)
    m.eq(plabel.right, prompt.right - 16)
    m.eq(plabel.cy, prompt.cy)
    m.eq(plabel.height, 24, "strong")

    # logo and speed widgets (bottom left)
    m.eq(logo.left, safe.left + 16)
    m.eq(logo.bottom, eta.top - 8, "strong")
    m.eq(logo.width, 72)
    m.eq(logo.height, 18)
    m.eq(speed.left, safe.left + 16)
    m.eq(speed.width, 64)
    m.eq(speed.height, 64)
    m.le(speed.bottom, logo.top - 8)
    m.eq(speed.bottom, logo.top - 8, "medium")
    m.le(speed.bottom, prompt.top - 12)
    m.ge(speed.top, lane.bottom + 12, "weak")
    m.eq(limit.left, speed.right + 8)
    m.eq(limit.cy, speed.cy)
    m.eq(limit.width, 44)
    m.eq(limit.height, 44)

    # vertical button stack (bottom right), pushed up by the prompt
    m.eq(stack.right, safe.right - 16)
    m.eq(stack.width, 56)
    m.le(stack.bottom, eta.top - 16)
    m.eq(stack.bottom, eta.top - 16, "medium")
    m.le(stack.bottom, prompt.top - 12)
    m.ge(stack.top, lane.bottom + 16, "weak")
    for k, b in enumerate(btns):
        m.eq(b.left, stack.left)
        m.eq(b.right, stack.right)
        m.eq(b.height, 56)
        if k == 0:
            m.eq(b.top, stack.top)
        else:
            m.eq(b.top, btns[k - 1].bottom + 12)
    m.eq(btns[-1].bottom, stack.bottom)

    return {"root": root, "offset": offset}


def navscreen(seed: int) -> Model:
    m = Model(
        "navscreen",
        "Phone navigation screen: 23 views (map, turn card with icon/labels, "
        "lane guidance, ETA card with progress bar/labels/end button, prompt "
        "banner, logo, speed widgets, 3-button stack). Edits: root width and "
        "height cycling through portrait/landscape device sizes.",
    )
    h = build_navscreen(m, "", None, False, None, 240)
    w0, h0 = DEVICE_SIZES[0]
    ew = m.edit(h["root"].width, "strong", w0)
    eh = m.edit(h["root"].height, "strong", h0)
    for k in range(60):
        w, hh = DEVICE_SIZES[(k + 1) % len(DEVICE_SIZES)]
        m.frame([(ew, w), (eh, hh)])
    m.meta = {"views": 23, "frames_meaning": "60 frames, each a rotation/resize"}
    return m


def navscreen_x100(seed: int, copies: int = 100) -> Model:
    rng = SplitMix64(seed ^ 0xA5A5)
    m = Model(
        "navscreen-x%d" % copies,
        "%d independent navigation screens (constants jittered per copy) in "
        "one solver. Each frame resizes ONE screen (round robin with stride "
        "37), so an engine that exploits independence does ~1/%d of the "
        "work per frame." % (copies, copies),
    )
    edits = []
    for i in range(copies):
        h = build_navscreen(m, "s%d/" % i, rng, True, None, 240)
        w0, h0 = DEVICE_SIZES[i % len(DEVICE_SIZES)]
        edits.append((m.edit(h["root"].width, "strong", w0),
                      m.edit(h["root"].height, "strong", h0), i % len(DEVICE_SIZES)))
    state = [e[2] for e in edits]
    for k in range(200):
        i = (k * 37) % copies
        state[i] = (state[i] + 1) % len(DEVICE_SIZES)
        w, hh = DEVICE_SIZES[state[i]]
        m.frame([(edits[i][0], w), (edits[i][1], hh)])
    m.meta = {"copies": copies, "frames_meaning": "200 frames, each resizes one copy"}
    return m


def ease_in_out(t: float) -> float:
    return t * t * (3 - 2 * t)


def animate(seed: int) -> Model:
    m = Model(
        "animate",
        "navscreen at a fixed 390x844 with the prompt banner's bottom offset "
        "as the only edit variable, suggested 600 times (10 s at 60 Hz): "
        "4 cycles of slide-in (30 frames), hold (60), slide-out (30), hidden "
        "(30). While it rises it pushes the button stack and speed widget up "
        "through required inequalities (dual-simplex pivots).",
    )
    h = build_navscreen(m, "", None, False, (390, 844), None)
    hidden = 240.0
    e = m.edit(h["offset"], "strong", hidden)
    for _cycle in range(4):
        for k in range(30):
            m.frame([(e, round(hidden * (1 - ease_in_out((k + 1) / 30)), 4))])
        for _k in range(60):
            m.frame([(e, 0)])
        for k in range(30):
            m.frame([(e, round(hidden * ease_in_out((k + 1) / 30), 4))])
        for _k in range(30):
            m.frame([(e, hidden)])
    assert len(m.frames) == 600
    m.meta = {"frames_meaning": "600 frames, 10 s at 60 Hz"}
    return m


def all_workloads(seed: int = SEED) -> dict:
    return {
        "chain-100": lambda: chain(100, seed),
        "chain-1000": lambda: chain(1000, seed),
        "chain-10000": lambda: chain(10000, seed),
        "grid-30x30": lambda: grid(30, 30, seed),
        "navscreen": lambda: navscreen(seed),
        "navscreen-x100": lambda: navscreen_x100(seed),
        "animate": lambda: animate(seed),
    }


# ---------------------------------------------------------------------------
# Optional kiwisolver helpers (reference values, uniqueness check)
# ---------------------------------------------------------------------------


def kiwi_solve(doc: dict, extra=None):
    """Solve doc with kiwisolver. Returns (initial_values, final_values)."""
    import kiwisolver as kw

    vs = [kw.Variable(n) for n in doc["variables"]]
    s = kw.Solver()
    for ed in doc["edits"]:                      # normative order: edits first
        s.addEditVariable(vs[ed["v"]], ed["s"])
        s.suggestValue(vs[ed["v"]], float(ed["initial"]))
    for c in doc["constraints"]:
        e = kw.Expression([kw.Term(vs[i], float(k)) for i, k in c["t"]], float(c["c"]))
        s.addConstraint(kw.Constraint(e, c["op"], c["s"]))
    if extra:
        for c in extra(kw, vs):
            s.addConstraint(c)
    s.updateVariables()
    initial = [v.value() for v in vs]
    for fr in doc["frames"]:
        for ei, val in fr:
            s.suggestValue(vs[doc["edits"][ei]["v"]], float(val))
        s.updateVariables()
    final = [v.value() for v in vs]
    return initial, final


def edit_states(doc: dict) -> list:
    """Edit values in force after each frame (index k -> list per edit)."""
    cur = [float(e["initial"]) for e in doc["edits"]]
    out = []
    for fr in doc["frames"]:
        for ei, val in fr:
            cur[ei] = float(val)
        out.append(list(cur))
    return out


def check_unique(doc: dict, frame_indices=(), eps: float = 0.5, tiny: float = 1e-3) -> list:
    """Perturbation test: for the initial state and for the edit values in
    force after each listed frame, solve from scratch, then for each variable
    add a tiny-strength preference to move it by +-eps.  If it moves, the
    optimum was not unique.  Returns (state, variable name) pairs."""
    states = [("initial", [float(e["initial"]) for e in doc["edits"]])]
    all_states = edit_states(doc)
    states += [("frame%d" % k, all_states[k]) for k in frame_indices]
    movable = []
    for label, vals in states:
        edits = [dict(e, initial=v) for e, v in zip(doc["edits"], vals)]
        d = {**doc, "edits": edits, "frames": []}
        base, _ = kiwi_solve(d)
        for i, name in enumerate(doc["variables"]):
            for sign in (1, -1):
                target = base[i] + sign * eps

                def extra(kw, vs, i=i, target=target):
                    return [kw.Constraint(kw.Expression([kw.Term(vs[i], 1.0)], -target), "==", tiny)]

                got, _ = kiwi_solve(d, extra)
                if abs(got[i] - base[i]) > 1e-6:
                    movable.append((label, name))
                    break
    return movable


def write(doc: dict, path: str):
    with open(path, "w") as f:
        json.dump(doc, f, separators=(",", ":"), sort_keys=False)
        f.write("\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="workloads", help="output directory")
    ap.add_argument("--only", nargs="*", help="subset of workload names")
    ap.add_argument("--expect", action="store_true", help="embed kiwisolver reference values")
    ap.add_argument("--check-unique", action="store_true",
                    help="run the uniqueness self-test on small instances (needs kiwisolver)")
    args = ap.parse_args(argv)

    if args.check_unique:
        smalls = {
            "chain-20": (chain(20, SEED).to_json(), range(0, 60, 15)),
            "grid-4x5": (grid(4, 5, SEED).to_json(), range(10)),
            "navscreen": (navscreen(SEED).to_json(), range(10)),
            "navscreen-x3": (navscreen_x100(SEED, copies=3).to_json(), range(0, 30, 3)),
            "animate": (animate(SEED).to_json(), range(0, 150, 5)),
        }
        bad = 0
        for name, (doc, frames) in smalls.items():
            mv = check_unique(doc, frames)
            print("%-14s vars=%-5d constraints=%-5d states=%-3d non-unique=%s" % (
                name, len(doc["variables"]), len(doc["constraints"]), 1 + len(frames),
                mv[:6] or "none"))
            bad += len(mv)
        return 1 if bad else 0

    os.makedirs(args.out, exist_ok=True)
    table = all_workloads()
    names = args.only or list(table)
    for name in names:
        doc = table[name]().to_json()
        if args.expect:
            ini, fin = kiwi_solve(doc)
            doc["expect"] = {
                "source": "kiwisolver",
                "tolerance": 1e-6,
                "initial": [num(round(x, 6)) for x in ini],
                "final": [num(round(x, 6)) for x in fin],
            }
        path = os.path.join(args.out, name + ".json")
        write(doc, path)
        print("%-16s vars=%-6d constraints=%-6d edits=%-4d frames=%-4d bytes=%d" % (
            name, len(doc["variables"]), len(doc["constraints"]), len(doc["edits"]),
            len(doc["frames"]), os.path.getsize(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
