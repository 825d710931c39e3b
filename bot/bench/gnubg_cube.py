"""GNU Backgammon 0-ply with its cube, as a money-play benchmark opponent (a tool only).

Reads JSON lines on stdin and answers one JSON line each:
- {"op": "play", "boards": [[opponent25, on_roll25], ...]} -> {"equity": [e, ...]}: gnubg's 0-ply
  cubeless money equity for the side on roll after each play (the runner takes the lowest);
- {"op": "cube", "xgid": "XGID=..."} -> {"action": "...", "double": bool, "take": bool}: gnubg's
  0-ply cube analysis of the position (the side on roll about to roll), from the `hint` command
  of the gnubg program (Debian's `gnubg`, text mode), its "Proper cube action" line.
"""

import json
import subprocess
import sys

import gnubg

MONEY = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0)
ZERO_PLY = gnubg.evalcontext(0, 0, 1, 1, 0.0)


class Cli:
    def __init__(self, path="/usr/games/gnubg"):
        self.p = subprocess.Popen([path, "-t", "-q"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, bufsize=1)
        for cmd in ["set evaluation cubedecision evaluation plies 0",
                    "set evaluation chequerplay evaluation plies 0",
                    "set jacoby off", "set beavers 0", "set automatic doubles 0"]:
            self.send(cmd)
        self.send("new session")

    def send(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()

    def cube(self, xgid):
        self.send("set xgid " + xgid)
        self.send("hint")
        # A marker after the answer: an unknown command prints its name back.
        self.send("echo_end_marker")
        action = None
        for line in self.p.stdout:
            if line.startswith("Proper cube action:"):
                action = line.split(":", 1)[1].strip()
            if "echo_end_marker" in line:
                break
        return action


def main():
    cli = Cli()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
            if req["op"] == "play":
                eq = [gnubg.evaluate((tuple(b[0]), tuple(b[1])), MONEY, ZERO_PLY)[5]
                      for b in req["boards"]]
                print(json.dumps({"equity": eq}), flush=True)
            else:
                action = cli.cube(req["xgid"]) or ""
                a = action.lower()
                print(json.dumps({
                    "action": action,
                    "double": a.startswith("double") or a.startswith("redouble"),
                    "take": ("take" in a) or ("beaver" in a),
                }), flush=True)
        except Exception as e:  # one bad line must not stop the match
            print(json.dumps({"error": str(e)}), flush=True)


if __name__ == "__main__":
    main()
