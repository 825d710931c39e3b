#!/usr/bin/env bash
# Reproduces bot/FIGURES.md: every match of the table, one after another on one thread, each a JSON
# line in bot/bench/figures.jsonl. Needs GNU Backgammon in a virtualenv for the gnubg rows:
#   python3 -m venv /work/gnubg-venv && /work/gnubg-venv/bin/pip install --pre gnubg
# Usage: bot/bench/figures.sh [quick|full]   (quick: the cheap 0-ply rows only)
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -p vrhcaby-bot --bin match
M=${CARGO_TARGET_DIR:-target}/release/match
OUT=bot/bench/figures.jsonl
PY=${GNUBG_PYTHON:-/work/gnubg-venv/bin/python}
run() { nice -n 19 "$M" --python "$PY" --gnubg-script bot/bench/gnubg_eval.py "$@" | tee -a "$OUT"; }
# 0-ply levels: 1000 deals = 2000 games each.
run --a expert --b gnubg --deals 1000 --seed 1
run --a expert --b pubeval --deals 1000 --seed 2
run --a gnubg --b pubeval --deals 1000 --seed 3
run --a beginner --b expert --deals 1000 --seed 4
run --a intermediate --b expert --deals 1000 --seed 5
run --a beginner --b random --deals 1000 --seed 6
run --a intermediate --b random --deals 1000 --seed 7
run --a expert --b random --deals 1000 --seed 8
run --a beginner --b pubeval --deals 1000 --seed 9
run --a intermediate --b pubeval --deals 1000 --seed 10
run --a ply1 --b expert --deals 250 --seed 11
[ "${1:-full}" = quick ] && exit 0
# The strongest level (pruned 2-ply) is ~25 ms a move natively: fewer games.
run --a strongest --b gnubg --deals 1000 --seed 12
run --a strongest --b expert --deals 250 --seed 13
run --a strongest --b pubeval --deals 100 --seed 14
run --a strongest --b random --deals 50 --seed 15
# Against gnubg 1-ply (issue 22): house rules and standard backgammon, the same seed.
run --a strongest --b gnubg1 --deals 1000 --seed 12
run --a strongest --b gnubg1 --deals 1000 --seed 12 --rules standard
