#!/usr/bin/env bash
# Installs the labelling teacher, GNU Backgammon's Python module (PyPI `gnubg`, GPL-3.0, a
# pre-release pinned to 1.1.0a16), into a virtualenv OUTSIDE the repo, then checks that it imports
# and that a 2-ply evaluation of the opening position answers five cubeless probabilities.
# Nothing of gnubg (code, nets, data) goes into this repo; only its evaluations of our own
# positions are used, as data (bot/label/README.md).
#
# Usage: bot/label/setup-teacher.sh [VENV]      (default: $TEACHER_VENV or /work/teacher-venv)
set -euo pipefail
VENV=${1:-${TEACHER_VENV:-/work/teacher-venv}}
VERSION=1.1.0a16
REPO=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$(dirname "$VENV")"
case "$(cd "$(dirname "$VENV")" && pwd)/$(basename "$VENV")/" in
  "$REPO"/*) echo "the virtualenv must be outside the repo ($REPO)" >&2; exit 2 ;;
esac
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --pre "gnubg==$VERSION"
"$VENV/bin/python" - <<'PY'
import gnubg
from importlib.metadata import version

assert version("gnubg") == "1.1.0a16", version("gnubg")


def board(opponent, on_roll):
    """gnubg's layout: (opponent's 25, on roll's 25), index 0..23 the points 1..24 in each
    side's own numbering, 24 the bar; {index: checkers}."""
    sides = []
    for d in (opponent, on_roll):
        s = [0] * 25
        for i, n in d.items():
            s[i] = n
        sides.append(tuple(s))
    return tuple(sides)


opening = board({5: 5, 7: 3, 12: 5, 23: 2}, {5: 5, 7: 3, 12: 5, 23: 2})
assert gnubg.positionid(opening) == "4HPwATDgc/ABMA", gnubg.positionid(opening)
money = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0)  # money game, cube 1 and centred
zero, two = gnubg.evalcontext(0, 0, 1, 1, 0.0), gnubg.evalcontext(0, 2, 1, 1, 0.0)
# gnubg.evaluate answers six numbers for the side on roll (board[1]), before it rolls: win, win
# gammon, win backgammon, lose gammon, lose backgammon (gammons include backgammons), then the
# cubeless equity. Checked on positions whose result is certain:
certain = [
    (board({5: 15}, {0: 1}), (1, 1, 0, 0, 0)),  # it bears off its last checker: a gammon
    (board({20: 15}, {0: 1}), (1, 1, 1, 0, 0)),  # the opponent still in its home board
    (board({0: 1}, {8: 15}), (0, 0, 0, 1, 0)),  # it cannot bear off before the opponent does
    (board({0: 1}, {20: 15}), (0, 0, 0, 1, 1)),  # ... and is still in the opponent's home
]
for b, want in certain:
    got = gnubg.evaluate(b, money, zero)
    assert len(got) == 6 and all(abs(g - w) < 1e-4 for g, w in zip(got, want)), (want, got)
p = gnubg.evaluate(opening, money, two)
equity = 2 * p[0] - 1 + p[1] + p[2] - p[3] - p[4]
assert 0.45 < p[0] < 0.56 and abs(equity - p[5]) < 1e-4, p
print("gnubg", version("gnubg"), "2-ply opening:", [round(x, 4) for x in p[:5]])
PY
echo "teacher ready: $VENV/bin/python"
