#!/usr/bin/env bash
# The release build into dist/: the one page (its start screen painted by index.html before any
# script, the app's wasm and its chunks, the workers loaded when first needed) and peer/, which
# sends the old second page's addresses to it. Trunk builds the workers, the styles and the
# copied files, then runs the step after it that we own (xtask/, Trunk.toml's post_build hook):
# the app split, bound, shrunk, packed and hashed, the workers' loaders and the manifest.
# Expects the tools on PATH (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
public_url="${1:-./}"
trunk build --release --public-url "$public_url"
