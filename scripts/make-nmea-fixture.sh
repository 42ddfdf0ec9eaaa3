#!/usr/bin/env bash
# Remakes Tests/LocationTests/Fixtures/monaco-drive.nmea from the generator (SimulatedDrive on
# the bundled Monaco map, see Tests/LocationTests/MonacoDrive.swift), then checks it.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$PWD/Tests/LocationTests/Fixtures/monaco-drive.nmea"
swift build --build-tests
NAVUI_RECORD_NMEA="$out" swift test --skip-build --filter FixtureTests || true
swift build --build-tests
swift test --skip-build --filter FixtureTests
