#!/usr/bin/env bash
# Expert (0-ply) against GNU Backgammon 0-ply over N seeds of 1,000 deals (2,000 games each, the
# same dice for both seats), and the total: how a weights file was chosen and checked (FIGURES.md).
# Usage: bot/bench/vs_gnubg_seeds.sh WEIGHTS|builtin FIRST_SEED N [vrhcaby|standard]
# Needs GNU Backgammon in a virtualenv (see figures.sh); each seed's line and the total go to stdout.
set -euo pipefail
cd "$(dirname "$0")/../.."
weights=$1 first=$2 n=$3 rules=${4:-vrhcaby}
cargo build --release -q -p vrhcaby-bot --bin match
M=${CARGO_TARGET_DIR:-target}/release/match
PY=${GNUBG_PYTHON:-/work/gnubg-venv/bin/python}
w=()
[ "$weights" != builtin ] && w=(--weights "$weights")
score=0 games=0
for s in $(seq "$first" $((first + n - 1))); do
  line=$(nice "$M" "${w[@]}" --rules "$rules" --a expert --b gnubg --deals 1000 --seed "$s" \
    --python "$PY" --gnubg-script bot/bench/gnubg_eval.py | tail -1)
  wins=$(grep -o '"a_wins":[0-9]*' <<<"$line" | cut -d: -f2)
  draws=$(grep -o '"draws":[0-9]*' <<<"$line" | cut -d: -f2)
  echo "$weights seed $s: $wins wins, $draws draws of 2000"
  score=$((score + 2 * wins + draws)) games=$((games + 2000))
done
python3 -c "
p = $score / 2 / $games
print('$weights $rules seeds $first..$((first + n - 1)): %d games, %.2f%% +- %.2f' % ($games, 100 * p, 196 * (p * (1 - p) / $games) ** 0.5))"
