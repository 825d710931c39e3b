"""GNU Backgammon as a benchmark opponent for the match runner. gnubg is a tool here, never a
part of the program: none of its code, nets or data is in the repo or ships. Its evaluations are
used in two ways: as an opponent and judge in benchmarks (this script), and, since issue 51, as
training labels for the standard net — gnubg 1.1.0a16's 2-ply cubeless evaluations of our own
self-play positions (bot/label/README.md), kept as data outside the repo.

Reads JSON lines {"boards": [[opponent25, on_roll25], ...]} on stdin, each board in gnubg's
layout (index 0..23 = points 1..24 in each side's own numbering, 24 = the bar), and answers
{"win": [p, ...]}: the probability that the side on roll wins a 1-point game (gammons do not
count). The boards are the positions after each legal play of the match's rules, the opponent
on roll, so the player takes the lowest.

    python bench/gnubg_eval.py [PLIES | judgeN]

PLIES 0 (the default): gnubg's 0-ply evaluation of every board. PLIES 1: gnubg's own move
filter for 1-ply — the 0-ply best 8 plays within 0.08 of equity of the best (0.04 of win
probability in a 1-point match, where equity is 2p - 1) are rescored by gnubg's 1-ply evaluation
(every roll of the opponent, its reply chosen by gnubg at 0-ply under standard rules); the plays
the filter drops are answered 1.0, so they are never chosen. judgeN (the `judge` benchmark): every
board at gnubg's N-ply, no filter. Run with the virtualenv's python:
/work/gnubg-venv/bin/python bench/gnubg_eval.py
"""

import json
import sys

import gnubg

CUBE = gnubg.cubeinfo(1, -1, 0, 1, (0, 0), 0)  # a 1-point match
ZERO_PLY = gnubg.evalcontext(0, 0, 1, 1, 0.0)
ONE_PLY = gnubg.evalcontext(0, 1, 1, 1, 0.0)
KEEP = 8
WITHIN = 0.04


def win(board, context):
    return gnubg.evaluate((tuple(board[0]), tuple(board[1])), CUBE, context)[0]


def answer(boards, plies):
    wins = [win(b, ZERO_PLY) for b in boards]
    if plies == 0 or len(boards) < 2:
        return wins
    best = min(wins)
    kept = sorted(range(len(boards)), key=lambda i: wins[i])[:KEEP]
    kept = [i for i in kept if wins[i] <= best + WITHIN]
    out = [1.0] * len(boards)
    for i in kept:
        out[i] = win(boards[i], ONE_PLY)
    return out


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "0"
    judge = None
    if mode.startswith("judge") and mode[5:] in ("0", "1", "2", "3"):
        judge = gnubg.evalcontext(0, int(mode[5:]), 1, 1, 0.0)
    elif mode not in ("0", "1"):
        sys.exit("PLIES is 0 or 1, or judge0 .. judge3")
    plies = int(mode) if judge is None else 0
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            boards = json.loads(line)["boards"]
            wins = [win(b, judge) for b in boards] if judge is not None else answer(boards, plies)
            print(json.dumps({"win": wins}), flush=True)
        except Exception as e:  # one bad line must not stop the match
            print(json.dumps({"error": str(e)}), flush=True)


if __name__ == "__main__":
    main()
