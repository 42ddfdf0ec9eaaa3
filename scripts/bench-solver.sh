#!/usr/bin/env bash
# Runs our solver and kiwisolver on every workload of scripts/solver-bench (generated on first use) in one run and
# prints both lines per workload and a table of ratios (ours ÷ kiwisolver; below 1 is faster).
#
#   scripts/bench-solver.sh <bench-solver-dir> <work-dir> [runs]
set -euo pipefail
bench=$1
work=$2
runs=${3:-7}
python=${NAVUI_PYTHON:-python3}
mkdir -p "$work"
names="navscreen animate chain-100 chain-1000 grid-30x30 navscreen-x100 chain-10000"
for n in $names; do
  if [ ! -s "$work/$n.json" ]; then
    echo "generating $n (with kiwisolver reference values)…" >&2
    "$python" "$bench/generator.py" --out "$work" --only "$n" --expect >&2
  fi
done
ours=.build/release/benchmarks
out="$work/results.txt"
: > "$out"
for n in $names; do
  r=$runs
  [ "$n" = chain-10000 ] && r=3
  "$ours" solver --runs "$r" "$work/$n.json" | tee -a "$out"
  "$python" "$bench/runner_kiwisolver.py" --runs "$r" "$work/$n.json" | tee -a "$out"
done
"$python" scripts/bench_solver_table.py "$out"
