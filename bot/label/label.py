"""Labels standard-backgammon positions with GNU Backgammon's 2-ply cubeless probabilities
(issue 51; the recipe: bot/label/README.md). gnubg is the teacher only: it runs from a
virtualenv outside the repo (bot/label/setup-teacher.sh), and only its evaluations of our own
positions are kept, as data outside the repo (/work/data/labels/).

Reads a positions file (JSON lines from `positions`, the bot crate's bin: "board" in gnubg's
layout [[opponent 25], [on roll 25]], "id" its gnubg position id, "class", "seed", "game", "ply")
and appends to OUT one JSON line per position:

    {"id", "board", "class", "seed", "game", "ply", "p": [win, win gammon, win backgammon,
     lose gammon, lose backgammon]}

`p` is the side on roll's, before it rolls, by gnubg.evaluate at PLIES (default 2) with a
cubeless evaluation context (evalcontext(0, PLIES, 1, 1, 0.0): cubeless, deterministic, pruning
as gnubg's own 2-ply, no noise) and a money cubeinfo; gammons include backgammons (gnubg's
order, checked by setup-teacher.sh on positions whose results are certain).

Resumable: the ids already in OUT are skipped (a torn last line from a kill is cut off first);
lines are written in chunks of --chunk, each flushed and fsynced. Every position is checked
against gnubg itself: its id must be gnubg.positionid(board) (the layout), its class gnubg's
gnubg.classify(board) (a mismatch is counted and logged, never fatal). Positions whose board is
in an --exclude file (the held-out benchmark set) are never labelled. Progress: one JSON line per
--log-every positions on stdout (positions/s of this run, the total, an estimate of the time
left).

    /work/teacher-venv/bin/python bot/label/label.py --positions FILE --out FILE \
        [--plies 2] [--chunk 200] [--limit N] [--exclude FILE]...

Standard library and gnubg only.
"""

import argparse
import json
import os
import sys
import time

import gnubg

# gnubg.classify's classes (gnubg's positionclass): 0 over, 4..7 its bear-off databases,
# 8 race, 9 crashed, 10 contact.
GNUBG_CLASS = {4: "bearoff", 5: "bearoff", 6: "bearoff", 7: "bearoff", 8: "race",
               9: "crashed", 10: "contact"}
MONEY = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0)  # money game, cube 1 and centred


def read_labelled(path):
    """The ids already labelled in `path`; cuts a torn last line (an interrupted write)."""
    done = set()
    if not os.path.exists(path):
        return done
    good = 0
    with open(path, "rb") as f:
        for raw in f:
            if not raw.endswith(b"\n"):
                break
            try:
                done.add(json.loads(raw)["id"])
            except (ValueError, KeyError):
                break
            good += len(raw)
    if good != os.path.getsize(path):
        with open(path, "r+b") as f:
            f.truncate(good)
        print(json.dumps({"event": "cut a torn last line", "bytes_kept": good}), flush=True)
    return done


def ids_of(path):
    with open(path) as f:
        return {json.loads(line)["id"] for line in f if line.strip()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--plies", type=int, default=2, choices=(0, 1, 2, 3))
    ap.add_argument("--chunk", type=int, default=200)
    ap.add_argument("--log-every", type=int, default=2000)
    ap.add_argument("--limit", type=int, default=0, help="stop after labelling this many (0: all)")
    ap.add_argument("--exclude", action="append", default=[],
                    help="a positions file whose boards are never labelled (the held-out set)")
    a = ap.parse_args()

    context = gnubg.evalcontext(0, a.plies, 1, 1, 0.0)
    done = read_labelled(a.out)
    exclude = set()
    for path in a.exclude:
        exclude |= ids_of(path)
    with open(a.positions) as f:
        total = sum(1 for line in f if line.strip())
    print(json.dumps({"event": "start", "positions": a.positions, "total": total,
                      "already_labelled": len(done), "excluded_ids": len(exclude),
                      "plies": a.plies, "gnubg": gnubg.__version__, "pid": os.getpid()}),
          flush=True)

    start = time.time()
    labelled = skipped = mismatched = 0
    chunk = []
    out = open(a.out, "a")

    def flush():
        out.write("".join(chunk))
        out.flush()
        os.fsync(out.fileno())
        chunk.clear()

    def progress(event):
        secs = time.time() - start
        rate = labelled / secs if secs > 0 else 0.0
        left = total - len(done) - skipped
        print(json.dumps({"event": event, "labelled_now": labelled,
                          "labelled_total": len(done), "of": total, "excluded": skipped,
                          "class_mismatches": mismatched, "per_second": round(rate, 1),
                          "seconds": round(secs), "hours_left": round(left / rate / 3600, 2)
                          if rate > 0 else None}), flush=True)

    with open(a.positions) as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            if r["id"] in done:
                continue
            if r["id"] in exclude:
                skipped += 1
                continue
            board = (tuple(r["board"][0]), tuple(r["board"][1]))
            if gnubg.positionid(board) != r["id"]:
                sys.exit(f"layout mismatch: {r['id']} is {gnubg.positionid(board)} to gnubg")
            theirs = GNUBG_CLASS.get(gnubg.classify(board))
            if theirs != r["class"]:
                mismatched += 1
                print(json.dumps({"event": "class mismatch", "id": r["id"], "ours": r["class"],
                                  "gnubg": theirs}), flush=True)
            p = gnubg.evaluate(board, MONEY, context)[:5]
            chunk.append(json.dumps({
                "id": r["id"], "board": r["board"], "class": r["class"], "seed": r["seed"],
                "game": r["game"], "ply": r["ply"], "p": [round(x, 6) for x in p],
            }) + "\n")
            done.add(r["id"])
            labelled += 1
            if len(chunk) >= a.chunk:
                flush()
            if labelled % a.log_every == 0:
                progress("progress")
            if a.limit and labelled >= a.limit:
                break
    flush()
    out.close()
    progress("done")


if __name__ == "__main__":
    main()
