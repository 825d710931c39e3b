#!/usr/bin/env bash
# Installs what is missing, builds the game and serves it at http://127.0.0.1:8080.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup.sh
cargo fetch
./scripts/build.sh
exec node scripts/serve.mjs
