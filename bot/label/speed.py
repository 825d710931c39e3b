"""The teacher's speed: gnubg.evaluate at PLIES (default 2, cubeless, money) on a seeded random
sample of a positions file, on one core; prints positions per second, overall and per class, as
one JSON line. gnubg caches evaluations, so a sample spread over many games (as here) is slower
than a file's own order, where a game's positions follow one another.

    /work/teacher-venv/bin/python bot/label/speed.py POSITIONS [N=500] [PLIES=2] [SEED=1]
"""

import collections
import json
import random
import sys
import time

import gnubg


def main():
    path = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    plies = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    with open(path) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    sample = random.Random(seed).sample(rows, min(n, len(rows)))
    context = gnubg.evalcontext(0, plies, 1, 1, 0.0)
    money = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0)
    secs = collections.defaultdict(float)
    count = collections.Counter()
    for r in sample:
        board = (tuple(r["board"][0]), tuple(r["board"][1]))
        t = time.perf_counter()
        gnubg.evaluate(board, money, context)
        secs[r["class"]] += time.perf_counter() - t
        count[r["class"]] += 1
    total = sum(secs.values())
    print(json.dumps({
        "positions": len(sample), "plies": plies, "seed": seed, "gnubg": gnubg.__version__,
        "per_second": round(len(sample) / total, 1),
        "by_class": {c: {"positions": count[c], "per_second": round(count[c] / secs[c], 1)}
                     for c in sorted(count)},
    }))


if __name__ == "__main__":
    main()
