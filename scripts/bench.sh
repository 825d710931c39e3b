#!/usr/bin/env bash
# Every benchmark: native and wasm move generation, the first-load size and click latencies.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup.sh --test
export CHROMEDRIVER=/usr/bin/chromedriver
echo "== native move generation (median of runs, ns per (position, roll))"
cargo run --release -p vrhcaby-rules --bin vrhcaby -- bench
cargo run --release -p vrhcaby-rules --bin vrhcaby -- bench --feed
echo "== the same in wasm, headless Chromium"
cargo test --release --target wasm32-unknown-unknown -p vrhcaby --test wasm_bench -- --nocapture 2>&1 | grep '^wasm '
echo "== the same in the computer's worker profile (the rules crate at opt-level 2)"
cargo test --profile worker --target wasm32-unknown-unknown -p vrhcaby --test wasm_bench -- --nocapture 2>&1 | grep '^wasm '
echo "== the same in the SIMD workers' build (the rules crate's \`simd\` feature: the board read out in SIMD)"
cargo test --profile worker --target wasm32-unknown-unknown -p vrhcaby --features vrhcaby-rules/simd --test wasm_bench -- --nocapture 2>&1 | grep '^wasm '
echo "== page budgets (release build)"
./scripts/build.sh
node tests/e2e/budgets.mjs
node tests/e2e/peer-budgets.mjs
