#!/usr/bin/env bash
# Builds the tests under AddressSanitizer and under ThreadSanitizer (each in its own build
# folder, .build/sanitize-address and .build/sanitize-thread) and runs the given suites
# (test targets) under each, with timings. Any sanitizer report fails the run: ASan and TSan
# abort on their first report (halt_on_error), so a report is a failed suite.
#
#   scripts/sanitize.sh [SUITE...]      # default: the suites below
#   SANITIZERS="thread" scripts/sanitize.sh RoutingTests
set -uo pipefail
cd "$(dirname "$0")/.."
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(CassowaryTests ViewKitTests RenderingTests RoutingTests)
export NAVUI_PYTHON=${NAVUI_PYTHON:-$PWD/.venv/bin/python}
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=0}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1}
failed=0
for sanitizer in ${SANITIZERS:-address thread}; do
  build=.build/sanitize-$sanitizer
  start=$SECONDS
  if ! swift build --build-tests -Xswiftc -sanitize="$sanitizer" --build-path "$build"; then
    echo "sanitize: the $sanitizer build failed" >&2
    exit 2
  fi
  echo "sanitize: $sanitizer build took $((SECONDS - start)) s"
  for suite in "${suites[@]}"; do
    start=$SECONDS
    log="$build/$suite.log"
    swift test --skip-build -Xswiftc -sanitize="$sanitizer" --build-path "$build" \
      --filter "^$suite\." >"$log" 2>&1
    status=$?
    reports=$(grep -cE 'ERROR: (AddressSanitizer|ThreadSanitizer)|WARNING: ThreadSanitizer' "$log")
    summary=$(grep -E 'Test run with .* passed|Test run with .* failed|Executed [0-9]+ tests' "$log" |
      tail -n 1)
    echo "sanitize: $sanitizer $suite: status $status, $reports sanitizer reports," \
      "$((SECONDS - start)) s; ${summary:-no summary, see $log}"
    [ "$status" -eq 0 ] && [ "$reports" -eq 0 ] || failed=1
  done
done
exit $failed
