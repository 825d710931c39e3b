#!/usr/bin/env bash
# Installs what is missing, builds and starts the game.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo >/dev/null || { echo "cargo (Rust) is required: https://rustup.rs" >&2; exit 1; }
cargo build --release -p vrhcaby-rules --bin vrhcaby
echo "The rules CLI is built: target/release/vrhcaby legal|plays|replay (JSON lines on stdin)."
