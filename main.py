"""The one entry point: the app by default, sub-commands for play, simulate,
screenshots, data validation and benchmarks (DESIGN.md §6).

Bad input (unknown game, bad option, broken data file) prints one line and
exits non-zero; no tracebacks for things a user can get wrong.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


class CliError(Exception):
    """A user-facing command-line error: printed as one line, exit code 2."""


def _rules(game_id: str):
    from games.core import registry
    try:
        return registry.get(game_id)
    except registry.UnknownGame as e:
        raise CliError(str(e)) from None


def _options(pairs: list[str] | None) -> dict[str, str]:
    opts = {}
    for p in pairs or []:
        if "=" not in p:
            raise CliError(f"--option needs name=value, not {p!r}")
        k, v = p.split("=", 1)
        opts[k.strip()] = v.strip()
    return opts


def _config(rules, seats: list, seed: int, options: dict):
    from games.core.contract import Config, ConfigError
    try:
        return rules.check_config(Config(seats, seed, options))
    except ConfigError as e:
        raise CliError(str(e)) from None


def _bot_seats(n: int, level: str, rules=None):
    from games.core.contract import Seat
    return _with_automa([Seat(f"Bot {i + 1}", f"bot:{level}", i) for i in range(n)], rules)


def _with_automa(seats: list, rules) -> list:
    """`--players 1` in a game with an automa means solo against it (DESIGN §6)."""
    from games.core.contract import Seat
    if rules is not None and len(seats) == 1 and rules.INFO.has_automa:
        from games.core.i18n import Translator
        t = Translator("en")  # the automa's own name, as the new-game screen gives it
        key = f"automa.{rules.INFO.id}"
        seats = seats + [Seat(t(key) if t.has(key) else "Automa", "automa", 1)]
    return seats


def _parse_seats(text: str):
    from games.core.contract import Seat
    seats = []
    for i, part in enumerate(x.strip() for x in text.split(",")):
        if not part:
            raise CliError("--seats has an empty entry")
        if part.startswith("bot:") or part == "automa":
            seats.append(Seat(f"Bot {i + 1}" if part != "automa" else "Automa", part, i))
        else:
            from games.core.limits import MAX_NAME_LEN
            if len(part) > MAX_NAME_LEN or not part.isprintable():
                # as the new-game screen: a save with a longer name would not load
                raise CliError(f"--seats: names are at most {MAX_NAME_LEN} printable characters")
            seats.append(Seat(part, "human", i))
    return seats


# --------------------------------------------------------------------- commands
def _game_json(game_id, m, dt) -> dict:
    res = m.rules.result(m.state)
    return {"game": game_id, "seed": m.config.seed, "players": len(m.config.seats),
            "seats": [s.to_json() for s in m.config.seats], "scores": res.scores,
            "breakdown": res.breakdown, "winner": res.winners, "turns": _turns(m),
            "actions": m.ply, "seconds": round(dt, 6)}


def cmd_simulate(args) -> int:
    from games.core import saves
    from games.core.match import Match
    rules = _rules(args.game)
    recorder = _RecordWriter() if args.record else None  # opened on the first game
    if args.load:
        t0 = time.perf_counter()
        m = saves.load(args.load, expect_game=args.game)
        m.budget = _think(args.think)
        m.play_bots_to_end()
        dt = time.perf_counter() - t0
        if recorder:
            recorder.add(m, dt)
        out = _game_json(args.game, m, dt)
        print(json.dumps(out) if args.json else
              f"finished {args.game} from {args.load}: scores {out['scores']}, winner {out['winner']}")
        return 0
    if args.players is None:
        raise CliError("simulate needs --players N (or --load FILE)")
    if args.bots not in rules.INFO.bot_levels:
        raise CliError(f"--bots must be one of {', '.join(rules.INFO.bot_levels)}")
    if args.games < 1:
        raise CliError("--games must be at least 1")
    if (args.stop_after is None) != (args.save is None):
        raise CliError("--stop-after and --save go together")
    if recorder and args.stop_after is not None:
        raise CliError("--record writes finished games: it does not go with --stop-after")
    options = _options(args.option)
    total = 0.0
    wins: dict[int, float] = {}
    for g in range(args.games):
        seed = args.seed + g
        config = _config(rules, _bot_seats(args.players, args.bots, rules), seed, options)
        t0 = time.perf_counter()
        m = Match(rules, config)
        m.budget = _think(args.think)
        if args.stop_after is not None:
            while not m.is_over() and m.ply < args.stop_after:
                m.apply(m.bot_action(m.to_act()[0]))
            saves.write(args.save, m)
            print(f"saved {args.game} after {m.ply} actions to {args.save}")
            return 0
        m.play_bots_to_end()
        dt = time.perf_counter() - t0
        total += dt
        if recorder:
            recorder.add(m, dt)
        res = rules.result(m.state)
        for w in res.winners:
            wins[w] = wins.get(w, 0) + 1 / len(res.winners)
        if args.json:
            print(json.dumps(_game_json(args.game, m, dt)), flush=True)
    if not args.json:
        print(f"{args.games} game(s) of {args.game}, {args.players} players, {args.bots} bots: "
              f"{args.games / max(total, 1e-9):.1f} games/s")
        for seat, s in enumerate(config.seats):
            print(f"  seat {seat + 1}{' (automa)' if s.kind == 'automa' else ''}: {wins.get(seat, 0):.1f} wins")
    return 0


def _think(n: int | None):
    """--think N: a searching bot's budget of N iterations per decision (reproducible)."""
    if n is None:
        return None
    if n < 1:
        raise CliError("--think must be at least 1 (iterations per decision)")
    from games.core.search import Budget
    return Budget(iterations=n)


class _RecordWriter:
    """simulate --record: each finished game into the records database (one open)."""

    def __init__(self):
        from games.core.records import Records
        self.db = Records()

    def add(self, m, seconds: float) -> None:
        from games.core.records import RecordsError
        try:
            self.db.record(m, seconds, source="simulated")
        except RecordsError as e:
            raise CliError(str(e)) from None
        _notes(self.db)


def _notes(db) -> None:
    """What the records database has to tell (a file moved aside, a game kept aside)."""
    for msg in db.messages:
        print(f"note: {msg}", file=sys.stderr)
    db.messages.clear()


def _records():
    from games.core.records import Records
    return Records()


def _ask_records(ask):
    """(True, ask(db)) on the records database, its notes printed; (False, None) with the
    error printed when the database refuses."""
    from games.core.records import RecordsError
    with _records() as db:
        try:
            out = ask(db)
        except RecordsError as e:
            _notes(db)
            print(f"error: {e}", file=sys.stderr)
            return False, None
        _notes(db)
    return True, out


def cmd_history(args) -> int:
    if args.game:
        _rules(args.game)
    ok, games = _ask_records(lambda db: db.list_games(game=args.game, opponent=args.opponent,
                                                      result=args.result, limit=args.limit))
    if not ok:
        return 1
    if args.json:
        print(json.dumps(games))
        return 0
    for g in games:
        seats = ", ".join(f"{s['name']} {s['score']}{' *' if s['winner'] else ''}" for s in g["seats"])
        print(f"{g['id']:>6}  {g['played_at']}  {g['game']:<14} {seats}")
    if not games:
        print("no finished games recorded")
    return 0


def cmd_stats(args) -> int:
    if args.game:
        _rules(args.game)
    ok, st = _ask_records(lambda db: db.stats(game=args.game, opponent=args.opponent, subject=args.subject,
                                              last=args.last))
    if not ok:
        return 1
    if args.json:
        print(json.dumps(st))
        return 0
    if not st["games"]:
        print("no finished games recorded for these choices")
        return 0
    print(f"{st['games']} games, {st['wins']} wins ({st['win_rate']:.0%}), average score "
          f"{st['average_score']}, best {st['best_score']}")
    for opp, o in st["by_opponent"].items():
        print(f"  against {opp}: {o['games']} games, {o['win_rate']:.0%} won, average {o['average_score']}")
    return 0


def cmd_export_record(args) -> int:
    ok, _ = _ask_records(lambda db: db.export(args.id, args.out))
    if not ok:
        return 1
    print(f"wrote {args.out}")
    return 0


def cmd_import_record(args) -> int:
    ok, gid = _ask_records(lambda db: db.import_(args.file))
    if not ok:
        return 1
    print(f"recorded as game {gid}")
    return 0


def cmd_replay(args) -> int:
    from games.core.errors import SaveError
    from games.core.records import RecordsError
    from games.core.replay import Replay
    size = _size(args.size)
    source = args.source
    try:
        if os.path.exists(source) or not source.isdigit():
            rp = Replay.from_file(source)
        else:
            with _records() as db:
                rec = db.get(int(source))
                _notes(db)
            if rec is None:
                raise CliError(f"there is no recorded game {source} (see: main.py history)")
            rp = Replay.from_record(rec)
    except (RecordsError, SaveError, ValueError) as e:  # ValueError: moves that no longer replay
        print(f"error: {e}", file=sys.stderr)
        return 1
    _at_table(rp.rules.INFO.id)
    step = rp.steps if args.step is None else args.step
    if step < 0:
        step += rp.steps + 1  # -1: the end
    if not 0 <= step <= rp.steps:
        raise CliError(f"--step must be 0 to {rp.steps} (or negative, counted from the end)")
    n = len(rp.config.seats)
    if args.seat == "all":
        seats = list(range(n))
    elif args.seat.isdigit() and int(args.seat) < n:
        seats = [int(args.seat)]
    else:
        raise CliError(f"--seat must be 0 to {n - 1} or all")
    if len(seats) == 1:
        _render_step(rp, step, seats[0], size, args.out, args.lang)
    else:
        _render_all_seats(rp, step, seats, size, args.out, args.lang)
    print(f"wrote {args.out} (step {step} of {rp.steps})")
    return 0


def _render_step(rp, step: int, seat: int, size, out: str, lang: str) -> None:
    """The play scene at `step` as `seat` saw it (as screenshot renders it); at the end,
    the final table rather than the results over it."""
    import pygame

    from ui.app import App
    from ui.scenes.play import PlayScene
    app = App(size, lang=lang)
    scene = PlayScene(app, rp.match_at(step), viewer=seat, animate=False)
    scene.results_shown = True  # a replay shows the table; its results are the record's
    scene.first_handoff = False
    app.push(scene)
    app.step(0.0, events=[])
    pygame.image.save(app.window, out)
    pygame.quit()


def _render_all_seats(rp, step: int, seats: list[int], size, out: str, lang: str) -> None:
    """Every seat's table at `step`, side by side in one picture (all hands open)."""
    import math
    import tempfile

    cols = math.ceil(math.sqrt(len(seats)))
    rows = math.ceil(len(seats) / cols)
    with tempfile.TemporaryDirectory() as tmp:
        shots = []
        for s in seats:
            shots.append(os.path.join(tmp, f"seat{s}.png"))
            _render_step(rp, step, s, size, shots[-1], lang)
        import pygame
        sheet = pygame.Surface(size)
        tw, th = size[0] // cols, size[1] // rows
        for k, path in enumerate(shots):
            tile = pygame.transform.smoothscale(pygame.image.load(path), (tw, th))
            sheet.blit(tile, ((k % cols) * tw, (k // cols) * th))
        pygame.image.save(sheet, out)


def _turns(m) -> int:
    """Turns = decisions taken by a seat different from the previous one."""
    turns, last = 0, None
    for a in m.actions:
        if a.seat != last:
            turns += 1
            last = a.seat
    return turns


def cmd_validate(args) -> int:
    from games.core.validate import validate_all
    checked, errors = validate_all()
    # The layouts are read by the tables, which need pygame; the rules' data does not.
    # Without pygame (a bare interpreter checking a data folder) the layouts are left out,
    # and the output says so.
    tables = importlib.util.find_spec("pygame") is not None
    if tables:
        from ui.views import validate_layouts
        more, more_errors = validate_layouts()
        checked, errors = checked + more, errors + more_errors
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        return 1
    skipped = "" if tables else " (table layouts not checked: pygame is not installed)"
    print(f"ok: {len(checked)} data files valid{skipped}")
    return 0


def _at_table(game: str) -> None:
    """A game whose table has not landed yet is played from the command line only."""
    from games.core import registry
    if not registry.manifest(game).table:
        raise CliError(f"{game} has no table yet: play it with `python main.py simulate {game}`")


def cmd_screenshot(args) -> int:
    from games.core.contract import Seat
    from games.core.match import Match
    rules = _rules(args.game)
    _at_table(args.game)
    size = _size(args.size)
    seats = _with_automa([Seat(f"Player {i + 1}", "human" if i == (args.seat or 0) else "bot:normal", i)
                          for i in range(args.players)], rules)
    config = _config(rules, seats, args.seed, _options(args.option))
    m = Match(rules, config)
    for _ in range(args.moves):
        if m.is_over():
            break
        seat = m.to_act()[0]
        m.apply(m.bot_action(seat))
    from ui.app import render_match_screenshot
    render_match_screenshot(m, args.seat or 0, size, args.out, args.lang)
    print(f"wrote {args.out}")
    return 0


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise CliError(f"--size must look like 1920x1080, not {text!r}") from None
    if w < 320 or h < 240 or w > 7680 or h > 4320:
        raise CliError("--size must be between 320x240 and 7680x4320")
    return w, h


def cmd_play(args) -> int:
    rules = _rules(args.game)
    _at_table(args.game)
    seats = _parse_seats(args.seats) if args.seats else _parse_seats(
        ",".join(["You"] + ["bot:normal"] * (rules.INFO.min_players - 1)))
    config = _config(rules, seats, args.seed if args.seed is not None else int(time.time()) % 100000,
                     _options(args.option))
    from ui.app import run_app
    return run_app(start_game=(args.game, config))


def cmd_app(args) -> int:
    from ui.app import run_app
    return run_app()


def cmd_tutorial(args) -> int:
    """Open a game's tutorial, or with --auto run it headless and check every step."""
    _rules(args.game)
    from games.core.tutorial import has_tutorial, load_tutorial
    if not has_tutorial(args.game):
        raise CliError(f"{args.game} has no tutorial (data/{args.game}/tutorial.yaml)")
    load_tutorial(args.game)  # a format error is reported here, naming file and key
    if not args.auto:
        from ui.app import run_app
        return run_app(start_tutorial=args.game)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ui.scenes.tutorial import auto_check
    failed = False
    for lang in ("en", "ru"):
        problems = auto_check(args.game, lang)
        for p in problems:
            print(f"{args.game} ({lang}): {p}", file=sys.stderr)
        failed = failed or bool(problems)
    if not failed:
        print(f"ok: {args.game} tutorial, {len(load_tutorial(args.game).steps)} steps")
    return 1 if failed else 0


def _tool(name: str):
    """A developer tool from tools/, which only a checkout has (it is not installed)."""
    import importlib
    try:
        return importlib.import_module(f"tools.{name}")
    except ModuleNotFoundError as e:
        if e.name in ("tools", f"tools.{name}"):
            raise CliError(f"{name} runs from a checkout: python main.py {name} "
                           f"(tools/{name}.py is not part of the installed app)") from None
        raise


def cmd_bench(args) -> int:
    return _tool("bench").main(args)


def cmd_smoke(args) -> int:
    """Start the app, render a few menu frames and exit 0: checks an install or a frozen build."""
    from ui.app import run_app
    return run_app(size=(1280, 720), frames=max(1, args.frames))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="main.py", description="The board-game table.")
    sub = p.add_subparsers(dest="command")

    s = sub.add_parser("play", help="start a game directly")
    s.add_argument("game")
    s.add_argument("--seats", help='comma list: names for people, bot:LEVEL for bots')
    s.add_argument("--seed", type=int)
    s.add_argument("--option", action="append")
    s.set_defaults(func=cmd_play)

    s = sub.add_parser("simulate", help="bot-vs-bot games")
    s.add_argument("game")
    s.add_argument("--players", type=int)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--games", type=int, default=1)
    s.add_argument("--stop-after", type=int, dest="stop_after")
    s.add_argument("--save")
    s.add_argument("--load")
    s.add_argument("--bots", default="easy")
    s.add_argument("--option", action="append")
    s.add_argument("--json", action="store_true")
    s.add_argument("--record", action="store_true", help="write the finished games into the records")
    s.add_argument("--think", type=int, metavar="N",
                   help="hard bots search N iterations per decision (default: the game's own)")
    s.set_defaults(func=cmd_simulate)

    s = sub.add_parser("history", help="the finished games recorded, newest first")
    s.add_argument("--game")
    s.add_argument("--opponent", help="human, bot, bot:LEVEL, automa or automa:DIFFICULTY")
    s.add_argument("--result", choices=("win", "loss"))
    s.add_argument("--limit", type=int)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_history)

    s = sub.add_parser("stats", help="statistics of the recorded games")
    s.add_argument("game", nargs="?")
    s.add_argument("--opponent", help="human, bot, bot:LEVEL, automa or automa:DIFFICULTY")
    s.add_argument("--as", dest="subject", default="human",
                   help="whose results: human (default), bot:LEVEL, automa or any")
    s.add_argument("--last", type=int, default=20, help="how many recent scores to list")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_stats)

    s = sub.add_parser("export-record", help="write a recorded game to a file (to send it)")
    s.add_argument("id", type=int)
    s.add_argument("out")
    s.set_defaults(func=cmd_export_record)

    s = sub.add_parser("import-record", help="record a game from a file (an exported record or a finished save)")
    s.add_argument("file")
    s.set_defaults(func=cmd_import_record)

    s = sub.add_parser("replay", help="render a recorded game (or a save) at a step to a PNG")
    s.add_argument("source", metavar="ID|FILE")
    s.add_argument("--step", type=int)
    s.add_argument("--out", required=True)
    s.add_argument("--seat", default="0", help="a seat number, or all")
    s.add_argument("--size", default="1920x1080")
    s.add_argument("--lang", choices=("en", "ru"), default="en")
    s.set_defaults(func=cmd_replay)

    s = sub.add_parser("screenshot", help="render the play scene to a PNG")
    s.add_argument("game")
    s.add_argument("--players", type=int, required=True)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--moves", type=int, default=0)
    s.add_argument("--option", action="append")
    s.add_argument("--out", required=True)
    s.add_argument("--size", default="1920x1080")
    s.add_argument("--seat", type=int, default=0)
    s.add_argument("--lang", choices=("en", "ru"), default="en")
    s.set_defaults(func=cmd_screenshot)

    s = sub.add_parser("tutorial", help="learn a game by playing it (--auto: check it headless)")
    s.add_argument("game")
    s.add_argument("--auto", action="store_true")
    s.set_defaults(func=cmd_tutorial)

    s = sub.add_parser("smoke", help="render a few frames of the menu and exit (install check)")
    s.add_argument("--frames", type=int, default=3)
    s.set_defaults(func=cmd_smoke)

    s = sub.add_parser("validate-data", help="check every data file")
    s.set_defaults(func=cmd_validate)

    s = sub.add_parser("bench", help="measure speed")
    s.add_argument("--json", action="store_true")
    s.add_argument("--quick", action="store_true")
    s.set_defaults(func=cmd_bench)
    return p


# what pyproject.toml installs; a missing one is an install problem, not a bug
DEPENDENCIES = ("pygame", "yaml", "platformdirs")


def main(argv: list[str] | None = None) -> int:
    from games.core.errors import DataError, IllegalAction, SaveError
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", cmd_app)
    try:
        return func(args) or 0
    except CliError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except (DataError, SaveError, IllegalAction) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except ModuleNotFoundError as e:
        if e.name not in DEPENDENCIES:
            raise
        print(f"error: {e.name} is not installed; install the table first: "
              "python3 -m venv .venv && .venv/bin/pip install -e .", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
