"""Play two bot levels against each other and print win rates and decision times.

    python tools/winrate.py normal easy            # 200 two-player El Paso games
    python tools/winrate.py hard normal -n 50 --game el_paso
    python tools/winrate.py normal easy --game moon_river --players 4 --option variant=legends
    python tools/winrate.py hard automa --game gwt_el_paso --option sue_b=3 --think 200

A level is a bot level or `automa` (the game's automa seat). The win rate comes with its 95%
interval (Wilson) and the mean margin: the level's score minus the best other seat's.

Game i uses seed i (0..N-1); the first level sits in seat 0 in even games and
in seat 1 in odd games. With --players P > 2 the first level takes one seat (seat i mod P
in game i) and the second level all the others. A tie counts as a share of the win.

    python tools/winrate.py hard normal --game moon_river -n 100 --record mr.jsonl

--record FILE appends each finished game to FILE as one JSON line. Run the same command
again and the seeds the file already holds for the same match (game, levels, players,
options, think) are read from it instead of played: a run cut short goes on where it
stopped, and the summary covers every game of the range. Runs on other cores may write
their own files over other seed ranges; `cat` them together to read them as one.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.core import registry  # noqa: E402
from games.core.contract import Config, Seat  # noqa: E402
from games.core.match import Match  # noqa: E402
from games.core.search import Budget  # noqa: E402


def seat_of(level: str, i: int) -> Seat:
    """A seat for a level name: `automa` is the game's automa, anything else a bot level."""
    if level == "automa":
        return Seat("automa", "automa")
    return Seat(f"{level} {i}", f"bot:{level}")


def play_one(rules, levels: tuple[str, str], seed: int, times: dict[str, list[float]],
             options: dict[str, str] | None = None, budget=None,
             margins: dict[str, list[float]] | None = None) -> list[float]:
    """One game; returns the points (1 win, 0.5 each on a tie) per seat."""
    seats = [seat_of(lv, i) for i, lv in enumerate(levels)]
    m = Match(rules, Config(seats, seed, dict(options or {})))
    m.budget = budget
    while not m.is_over():
        seat = m.to_act()[0]
        t0 = time.perf_counter()
        a = m.bot_action(seat)
        times[levels[seat]].append(time.perf_counter() - t0)
        m.apply(a)
    res = rules.result(m.state)
    winners = res.winners
    if margins is not None:  # each level's score minus the best other seat's
        for s, lv in enumerate(levels):
            best_other = max(x for k, x in enumerate(res.scores) if k != s)
            margins.setdefault(lv, []).append(res.scores[s] - best_other)
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(len(levels))]


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def lineup(a: str, b: str, i: int, players: int) -> tuple[str, ...]:
    """Game i's seats: two players alternate; more give `a` one seat, rotating."""
    if players == 2:
        return (a, b) if i % 2 == 0 else (b, a)
    return tuple(a if s == i % players else b for s in range(players))


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a win rate (Wilson score interval; ties count half)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def match_key(game: str, a: str, b: str, players: int, options: dict[str, str] | None,
              think: int | None) -> dict:
    """What makes two recorded games part of the same run."""
    return {"game": game, "a": a, "b": b, "players": players,
            "options": dict(sorted((options or {}).items())), "think": think}


def read_record(path: str | Path, key: dict) -> dict[int, dict]:
    """Seed -> recorded game, for the games in `path` that belong to the run `key`. A line
    that cannot be read (a game cut off while it was written) is skipped with a warning;
    the file is never changed."""
    found: dict[int, dict] = {}
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except FileNotFoundError:
        return found
    except (OSError, UnicodeDecodeError) as e:
        raise SystemExit(f"cannot read the record {path}: {e}") from None
    for no, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            g = json.loads(line)
            if not isinstance(g, dict) or g.get("match") != key:
                continue
            levels = {key["a"], key["b"]}
            found[int(g["seed"])] = {
                "points": {lv: float(v) for lv, v in _levels(g["points"], levels)},
                "margins": {lv: [float(x) for x in v] for lv, v in _levels(g["margins"], levels)},
                "times": {lv: [float(x) for x in v] for lv, v in _levels(g["times"], levels)}}
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            print(f"{path}:{no}: skipped, not a recorded game ({e})", file=sys.stderr)
    return found


def _levels(mapping, levels: set[str]):
    """A recorded mapping's (level, value) pairs, each key one of the run's levels."""
    if not isinstance(mapping, dict) or not set(mapping) <= levels:
        raise ValueError("a mapping by the run's levels was expected")
    return mapping.items()


def run(game: str, a: str, b: str, n: int, progress: bool = False, players: int = 2,
        options: dict[str, str] | None = None, think: int | None = None, first_seed: int = 0,
        record: str | Path | None = None) -> dict:
    rules = registry.get(game)
    levels_used = (a,) if a == b else (a, b)
    times: dict[str, list[float]] = {lv: [] for lv in levels_used}
    points = {a: 0.0, b: 0.0}
    margins: dict[str, list[float]] = {}
    budget = Budget(iterations=think) if think else None
    key = match_key(game, a, b, players, options, think)
    recorded = read_record(record, key) if record is not None else {}
    for i in range(first_seed, first_seed + n):
        g = recorded.get(i)
        if g is None:
            levels = lineup(a, b, i, players)
            game_times: dict[str, list[float]] = {lv: [] for lv in levels_used}
            game_margins: dict[str, list[float]] = {}
            pts = play_one(rules, levels, i, game_times, options, budget, game_margins)
            if a == b:
                got = {a: pts[0]}
            else:  # `a` holds one seat; `b`'s share is what `a` did not win
                won = sum(pts[s] for s, lv in enumerate(levels) if lv == a)
                got = {a: won, b: 1.0 - won}
            g = {"match": key, "seed": i, "points": got,
                 "margins": game_margins,
                 "times": {lv: [round(t, 6) for t in ts] for lv, ts in game_times.items()}}
            if record is not None:
                with open(record, "a", encoding="utf-8") as f:
                    f.write(json.dumps(g) + "\n")
        for lv, v in g["points"].items():
            points[lv] += float(v)
        for lv, ms in g["margins"].items():
            margins.setdefault(lv, []).extend(float(m) for m in ms)
        for lv, ts in g["times"].items():
            times.setdefault(lv, []).extend(float(t) for t in ts)
        done = i + 1 - first_seed
        if progress and done % 10 == 0:
            print(f"  {done}/{n}: {a} {points[a] / done:.1%}", file=sys.stderr, flush=True)
    return {"games": n, "points": points, "times": times, "margins": margins,
            "recorded": sum(1 for i in range(first_seed, first_seed + n) if i in recorded)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a", help="first bot level (easy, normal, hard)")
    ap.add_argument("b", help="second bot level")
    ap.add_argument("-n", "--games", type=int, default=200)
    ap.add_argument("--game", default="el_paso")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--option", action="append", default=[], metavar="K=V")
    ap.add_argument("--progress", action="store_true", help="print a running tally")
    ap.add_argument("--think", type=int, metavar="N",
                    help="hard bots search N iterations per decision (default: the game's own)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (game i uses seed i)")
    ap.add_argument("--record", metavar="FILE",
                    help="append each game to FILE (JSON lines) and reuse the games it holds")
    args = ap.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    r = run(args.game, args.a, args.b, args.games, args.progress, args.players, options,
            args.think, args.seed, args.record)
    n = r["games"]
    last = args.seed + n - 1
    reused = f", {r['recorded']} read from {args.record}" if args.record else ""
    print(f"{args.game}: {args.a} vs {args.b}, {n} {args.players}-player games (seeds "
          f"{args.seed}..{last}, seats rotate){' ' + str(options) if options else ''}"
          f"{f', think {args.think}' if args.think else ''}"
          f"{reused}")
    for lv in dict.fromkeys((args.a, args.b)):
        t = r["times"].get(lv, [])
        mean = sum(t) / len(t) if t else 0.0
        lo, hi = wilson(r["points"][lv], n)
        ms = r["margins"].get(lv, [])
        margin = sum(ms) / len(ms) if ms else 0.0
        print(f"  {lv:>7}: win rate {r['points'][lv] / n:6.1%} (95% {lo:.0%}–{hi:.0%})   "
              f"mean margin {margin:+6.1f}   decisions {len(t):6d}   "
              f"mean {mean * 1000:7.2f} ms   p95 {percentile(t, 0.95) * 1000:7.2f} ms   "
              f"max {max(t, default=0) * 1000:7.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
