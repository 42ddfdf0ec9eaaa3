#!/usr/bin/env bash
# Builds the libFuzzer binary of Fuzz/ (`-sanitize=fuzzer,address`) and runs each target for
# SECONDS, then prints one line per target: executions, executions per second, coverage
# (`cov:` edges, `ft:` features) and the outcome. Exits 1 when any target found a crash, a
# leak or a timeout; the input that did it is in Fuzz/.build-fuzz/artifacts/.
#
#   scripts/fuzz.sh SECONDS [TARGET...]     # targets: see ALL below
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
ALL=(osrm valhalla mapbox gpx geojson polyline instructions nmea map-style navui-args osm-xml
  osm-pbf)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${ALL[@]}")
build=Fuzz/.build-fuzz
swift build -c debug -Xswiftc -sanitize=fuzzer,address \
  --build-path "$build" --product navfuzz || exit 2
binary="$build/debug/navfuzz"
mkdir -p "$build/logs" "$build/artifacts"
failed=0
printf '%-13s %10s %8s %7s %7s  %s\n' target runs exec/s cov ft result
for target in "${targets[@]}"; do
  case $target in
    osrm | valhalla | mapbox | geojson | instructions | map-style)
      dict=Fuzz/dict/json.dict max_len=65536 ;;
    nmea) dict=Fuzz/dict/nmea.dict max_len=16384 ;;
    gpx | osm-xml) dict=Fuzz/dict/xml.dict max_len=65536 ;;
    navui-args) dict=Fuzz/dict/navui-args.dict max_len=4096 ;;
    polyline) dict="" max_len=4096 ;;
    osm-pbf) dict="" max_len=16384 ;;
    *) echo "fuzz: unknown target $target (targets: ${ALL[*]})" >&2; exit 2 ;;
  esac
  work="$build/work/$target"
  log="$build/logs/$target.log"
  mkdir -p "$work"
  # The working corpus first (libFuzzer adds what it finds there), then the seeds in the repo.
  NAVFUZZ_TARGET=$target "$binary" "$work" "Fuzz/corpus/$target" ${dict:+-dict=$dict} \
    -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$build/artifacts/$target-" >"$log" 2>&1
  status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1 | cut -d' ' -f2)
  ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -n 1 | cut -d' ' -f2)
  if [ $status -eq 0 ]; then
    result=ok
  else
    result="FAILED (status $status): $(grep -m 1 -oE 'Test unit written to .*' "$log" || echo "see $log")"
    failed=1
  fi
  printf '%-13s %10s %8s %7s %7s  %s\n' "$target" "${runs:--}" "${speed:--}" "${cov:--}" \
    "${ft:--}" "$result"
done
exit $failed
