#!/usr/bin/env bash
# Fails when anything the product, its tests or its scripts are made of reaches outside the
# checkout: a path to a `shared` folder beside the clone, or a data path derived from the
# source file's location (#filePath). Data is found through SwiftPM resources (Bundle.module).
#
#   scripts/check-standalone.sh [repo-root]
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
paths=(Sources Tests scripts Makefile .ci Package.swift Examples Fuzz)
pattern='\.\./shared|shared/(data|bench)|#filePath|#file\b'
# Data files (fixtures, snapshots, resources) are not code; this script names the patterns.
found=$(grep -rInE "$pattern" "${paths[@]}" \
  --include='*.swift' --include='*.sh' --include='*.py' --include='Makefile' --include='run' \
  --exclude='check-standalone.sh' 2>/dev/null || true)
if [ -n "$found" ]; then
  echo "check-standalone: these lines reach outside the checkout or derive data paths from #filePath:" >&2
  echo "$found" >&2
  exit 1
fi
echo "check-standalone: no reference to ../shared or #filePath in ${paths[*]}"
