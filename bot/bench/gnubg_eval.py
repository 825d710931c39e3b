"""GNU Backgammon 0-ply as a benchmark opponent for the match runner (a tool only: nothing of
gnubg ships or goes into training).

Reads JSON lines {"boards": [[opponent25, on_roll25], ...]} on stdin, each board in gnubg's
layout (index 0..23 = points 1..24 in each side's own numbering, 24 = the bar), and answers
{"win": [p, ...]}: the 0-ply probability that the side on roll wins a 1-point game (gammons
do not count). Run with the virtualenv's python: /work/gnubg-venv/bin/python bench/gnubg_eval.py
"""

import json
import sys

import gnubg

CUBE = gnubg.cubeinfo(1, -1, 0, 1, (0, 0), 0)  # a 1-point match
ZERO_PLY = gnubg.evalcontext(0, 0, 1, 1, 0.0)


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            boards = json.loads(line)["boards"]
            wins = [
                gnubg.evaluate((tuple(b[0]), tuple(b[1])), CUBE, ZERO_PLY)[0]
                for b in boards
            ]
            print(json.dumps({"win": wins}), flush=True)
        except Exception as e:  # one bad line must not stop the match
            print(json.dumps({"error": str(e)}), flush=True)


if __name__ == "__main__":
    main()
