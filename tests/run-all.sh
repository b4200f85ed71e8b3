#!/usr/bin/env bash
# Runs every check and test of Kiosk: formatting, lints, Rust unit and integration tests,
# UI type check and unit tests, and the browser journeys in Debian's Chromium.
# Usage: tests/run-all.sh        (from anywhere; needs cargo, cargo-deny, node 20.19+, npm,
#                                 /usr/bin/chromium, curl, and schemathesis in .venv: see
#                                 tests/fuzz/schemathesis.sh; .ci/run installs what is missing)
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step prints the seconds since the start, so a slow step shows in the CI log.
step() { printf '\n==> [%ss] %s\n' "$SECONDS" "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (warnings are errors)"
cargo clippy --all-targets --locked -- -D warnings

step "cargo deny: licences, banned crates (rsa, openssl), sources (deny.toml; offline)"
cargo deny --offline check --hide-inclusion-graph licenses bans sources

step "floors: imports only go down (tests/floors.rs, docs/ARCHITECTURE.md)"
cargo test --locked --test floors

step "cargo test (builds the UI through build.rs, then unit + integration tests)"
cargo test --locked

step "API fuzzing: schemathesis against /api/openapi.json (docs/API.md)"
cargo build --locked --bin kiosk
tests/fuzz/schemathesis.sh target/debug/kiosk

step "UI: type check and unit tests"
( cd ui && npm run typecheck && npm run lint && npm test )

step "UI: browser journeys (Playwright + /usr/bin/chromium)"
cargo build --locked --bin kiosk
( cd ui && KIOSK_BIN="$PWD/../target/debug/kiosk" npm run e2e )

step "all tests passed"
