#!/usr/bin/env bash
# Installs what is missing and runs every test: formatting and lints, the rules crate's tests,
# the app's unit tests, wasm-bindgen-test component tests in headless Chromium, and end-to-end
# tests that click through the built page in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup.sh --test
export CHROMEDRIVER=/usr/bin/chromedriver

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== no file of src/ imports one that imports it back (scripts/import-cycles.py)"
python3 scripts/import-cycles.py
echo "== cargo clippy (native and wasm)"
cargo clippy --workspace --all-targets -- -D warnings
cargo clippy --target wasm32-unknown-unknown -p vrhcaby --all-targets -- -D warnings
# The page's build: the lazy screens and the connection as split points (the build step, xtask/).
cargo clippy --target wasm32-unknown-unknown -p vrhcaby --features split --lib --bins -- -D warnings
cargo clippy --target wasm32-unknown-unknown -p vrhcaby-relay --all-targets -- -D warnings
# The computer's worker with the net's SIMD pass (compiled only for wasm with `simd`).
cargo clippy --target wasm32-unknown-unknown -p vrhcaby-worker --features standard-net,simd --all-targets -- -D warnings
cargo clippy --target wasm32-unknown-unknown -p vrhcaby-rules --features simd --lib --test simd -- -D warnings

echo "== native tests (rules crate, app logic)"
cargo test --workspace
# The standard worker's own build (its bot holds standard backgammon's net only).
cargo test -p vrhcaby-worker --features standard-net

echo "== the peer protocol's simulation (release: 10,000 honest and 2,000 adversary games) and the"
echo "   exploring cheater (every sequence of its steps to depth 3; depth 4 is the benchmark)"
cargo test --release -p vrhcaby-p2p --test sim --test explore -- --nocapture

echo "== the page's LZMA inflater against xz (boot/lzma.js)"
node --test tests/lzma.test.mjs

echo "== browser component tests (wasm-bindgen-test, headless Chromium)"
cargo test --target wasm32-unknown-unknown -p vrhcaby --test browser --test peer
# The rules crate's SIMD read-out of a play against its scalar one, built as the SIMD workers are.
cargo test --profile worker --target wasm32-unknown-unknown -p vrhcaby-rules --features simd --test simd

echo "== release build (the page and its three workers)"
./scripts/build.sh

echo "== end-to-end tests (headless Chromium against the built page; Nostr relays on loopback)"
node --test --test-concurrency=1 tests/e2e/
