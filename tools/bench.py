"""`python main.py bench`: speed figures (median and 95th percentile).

Start-up is measured in a fresh process; the rest in this one. Figures are
reported, never asserted in tests.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def summary(values):
    return {"median": round(statistics.median(values), 5), "p95": round(pct(values, 0.95), 5),
            "n": len(values)}


def startup(runs: int) -> dict:
    code = ("import time,os;t=time.perf_counter();os.environ.setdefault('SDL_VIDEODRIVER','dummy');"
            "from ui.app import App;from ui.scenes.menu import MainMenu;a=App((1280,720),lang='en');"
            "a.push(MainMenu(a));a.step(0,[]);print(time.perf_counter()-t)")
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True,
                       env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
        times.append(time.perf_counter() - t0)
    return summary(times)


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_cpu(args: list[str], warm: float, seconds: float) -> float | None:
    """Percent of one core a real app process (`main.py ARGS`, default settings, a fresh home)
    uses when left alone: measured over `seconds` after `warm` seconds of starting up (bots
    play their moves, the table calms). None where /proc is not there."""
    if not os.path.exists("/proc/self/stat"):
        return None
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "BOARDGAME_HOME": home, "SDL_AUDIODRIVER": "dummy"}
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        p = subprocess.Popen([sys.executable, "main.py", *args], cwd=ROOT, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(warm)
            c0, t0 = _cpu_seconds(p.pid), time.perf_counter()
            time.sleep(seconds)
            c1, t1 = _cpu_seconds(p.pid), time.perf_counter()
        finally:
            p.kill()
            p.wait()
    return round(100 * (c1 - c0) / (t1 - t0), 2)


def idle_figures(quick: bool) -> dict:
    """Idle cost of the menu and of each table waiting for its person."""
    from games.core import registry
    secs = 5 if quick else 10
    out = {"menu": idle_cpu([], 4, secs)}
    for gid in (["ttr_germany"] if quick else registry.table_ids()):
        out[gid] = idle_cpu(["play", gid, "--seats", "Anna,bot:normal", "--seed", "1"], 10, secs)
    return out


def _status_mb(field: str) -> float | None:
    """A size line of /proc/self/status ("VmHWM", "VmRSS") in MB, None where there is none."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def own_peak_mb() -> float:
    """This process's peak resident memory. Linux's ru_maxrss survives exec, so a child
    started by a big parent would report the parent's size: VmHWM belongs to the new image."""
    peak = _status_mb("VmHWM")
    if peak is not None:
        return peak
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def own_rss_mb() -> float:
    """This process's resident memory now (its peak where the current size is not known)."""
    rss = _status_mb("VmRSS")
    return own_peak_mb() if rss is None else rss


def play_bot_games(game_id: str, games: int, seconds: float = 1e9) -> dict:
    """Play `games` bot games one after another in this process (seeds 0, 1, ...; the most
    players, seats alternating normal and easy bots, so both kinds of decision are asked
    for), or as many as `seconds` allow (a game whose normal bot thinks long plays fewer):
    the resident MB after a warm-up tenth of them and at the end, and the peak.
    A cache that outlives its game shows as growth after the warm-up."""
    from games.core import registry
    from games.core.contract import Config, Seat
    from games.core.match import Match
    rules = registry.get(game_id)
    n = rules.INFO.max_players
    levels = [lv for lv in ("normal", "easy") if lv in rules.INFO.bot_levels] or [rules.INFO.bot_levels[0]]
    seats = [Seat(f"P{i}", f"bot:{levels[i % len(levels)]}", i) for i in range(n)]
    warm = max(1, games // 10)
    warm_rss = None
    t0 = time.perf_counter()
    played = 0
    for seed in range(games):
        Match(rules, Config(seats, seed)).play_bots_to_end()
        played += 1
        if seed + 1 == warm:
            warm_rss = own_rss_mb()
        if played >= 2 * warm and time.perf_counter() - t0 > seconds:
            break
    return {"games": played, "warm_up": warm, "rss_after_warm_up_mb": round(warm_rss, 1),
            "rss_end_mb": round(own_rss_mb(), 1), "peak_mb": round(own_peak_mb(), 1)}


def bot_games_memory(game_id: str, games: int, seconds: float) -> dict:
    """play_bot_games in a fresh process (nothing else held in it): its figures."""
    code = (f"import json;from tools.bench import play_bot_games;"
            f"print(json.dumps(play_bot_games({game_id!r},{games},{seconds})))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    return json.loads(out.stdout.strip().splitlines()[-1])


def peak_memory(game_id: str, size=(3840, 2160)) -> float:
    """Peak resident MB of a fresh app that opens the menu, then plays a busy position of
    this game with the mouse moving (a player's session, one game at a time)."""
    code = ("import os;os.environ.setdefault('SDL_VIDEODRIVER','dummy');"
            "from ui.app import App;from ui.scenes.menu import MainMenu;"
            f"a=App({tuple(size)!r},lang='en');a.push(MainMenu(a));a.step(0,[]);"
            "from tools.bench import frame_times;"
            f"frame_times({game_id!r},{tuple(size)!r},30,True,a,across=True);"
            "from tools.bench import own_peak_mb;print(own_peak_mb())")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    return round(float(out.stdout.strip().splitlines()[-1]), 1)


def mid_game(rules):
    """A busy position at any game: normal bots play 55% of a full game's actions (same
    seed), then on until seat 0, a human, must decide."""
    from games.core.contract import Config, Seat
    from games.core.match import Match
    n = rules.INFO.max_players
    config = Config([Seat(f"P{i}", "human" if i == 0 else "bot:normal", i) for i in range(n)], 1)
    full = Match(rules, config)
    full.play_bots_to_end()
    m = Match(rules, config)
    while not m.is_over() and (m.ply < full.ply * 0.55 or 0 not in m.to_act()):
        m.apply(m.bot_action(m.to_act()[0]))
    return m


def save_load_times(game_id: str, runs: int, folder: Path) -> dict:
    """Writing and reading back (with its replay check) a finished game's save."""
    from games.core import registry, saves
    from games.core.contract import Config, Seat
    from games.core.match import Match
    rules = registry.get(game_id)
    n = rules.INFO.max_players
    m = Match(rules, Config([Seat(f"P{i}", "bot:normal", i) for i in range(n)], 2))
    m.play_bots_to_end()
    path = folder / f"bench-{game_id}.json"
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        saves.write(path, m)
        saves.load(path)
        times.append(time.perf_counter() - t0)
    return summary(times)


def frame_times(game_id: str, size, frames: int, moving: bool = False, app=None, across: bool = False) -> dict:
    """Frame time of the play scene left alone (idle frames reuse the picture on screen
    unless a highlight pulses) or, `moving`, with the pointer on another element of the
    table every frame (a card, a space, a button: each frame changes what is lit, redrawn as
    the app does it, see ui/pointer_layer.py), after one sweep over the same elements has
    warmed the caches (their tooltips and enlarged previews), as a minute of play does.
    `across`: the pointer crosses the table diagonally instead, once (peak_memory's walk,
    kept as it was so that its figures compare across versions)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from games.core import registry
    from games.core.rng import Rng
    from ui.app import App, pygame
    from ui.scenes.play import PlayScene
    m = mid_game(registry.get(game_id))
    app = app or App(size, lang="en")
    scene = PlayScene(app, m, viewer=0, animate=False)
    app.push(scene)
    app.step(0, [])
    spots = [r.center for r in scene.view.hover_rects()] + [b.rect.center for b in scene.buttons]
    rng = Rng(7)
    spots = [spots[rng.below(len(spots))] for _ in range(frames)]
    if across:
        w, h = size
        spots = [(int(w * (0.05 + 0.9 * (i * 37 % frames) / frames)), int(h * (0.1 + 0.8 * (i % 7) / 7)))
                 for i in range(frames)]

    def sweep() -> list:
        times = []
        for pos in spots:
            events = []
            if moving:
                events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))]
            t0 = time.perf_counter()
            app.step(0.016, events)
            times.append(time.perf_counter() - t0)
        return times

    if moving and not across:
        sweep()
    return summary(sweep())


def games_per_second(game_id: str, level: str, seconds: float) -> float:
    from games.core import registry
    from games.core.contract import Config, Seat
    from games.core.match import Match
    rules = registry.get(game_id)
    n = rules.INFO.max_players
    t0 = time.perf_counter()
    games = 0
    while time.perf_counter() - t0 < seconds:
        m = Match(rules, Config([Seat(f"P{i}", f"bot:{level}", i) for i in range(n)], games))
        m.play_bots_to_end()
        games += 1
    return round(games / (time.perf_counter() - t0), 1)


def decision_times(game_id: str, level: str, decisions: int, seconds: float | None = None) -> dict:
    """Bot decisions at the most players; with `seconds`, under the app's time budget (as
    the thinking setting gives it), else under the headless default."""
    from games.core import registry
    from games.core.contract import Config, Seat
    from games.core.match import Match
    from games.core.search import Budget
    rules = registry.get(game_id)
    n = rules.INFO.max_players
    times, seed = [], 0
    while len(times) < decisions:
        m = Match(rules, Config([Seat(f"P{i}", f"bot:{level}", i) for i in range(n)], seed))
        if seconds is not None:
            m.budget = Budget(seconds=seconds)
        while not m.is_over() and len(times) < decisions:
            s = m.to_act()[0]
            t0 = time.perf_counter()
            a = m.bot_action(s)
            times.append(time.perf_counter() - t0)
            m.apply(a)
        seed += 1
    return summary(times)


def records_times(games: int, runs: int = 7) -> dict:
    """History (every game, and the page its screen reads) and statistics on a records
    database of `games` games, a fresh connection each time as a screen opens it; and
    recording a game: its entry worked out (the window waits for that) and written (open,
    write, close, on the results screen's worker). Real games of every kind, repeated."""
    from games.core import records, registry
    from games.core.contract import Config, Seat
    from games.core.match import Match
    matches = []
    for gid in registry.GAME_IDS:
        rules = registry.get(gid)
        other = "automa" if rules.INFO.has_automa else "bot:easy"
        for seed in range(2 + runs):
            m = Match(rules, Config([Seat("Ann", "human", 0), Seat("Bo", other, 1)], seed))
            m.play_bots_to_end()
            matches.append(m)
    base, fresh = matches[::2 + runs], [m for i, m in enumerate(matches) if i % (2 + runs)]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "records.sqlite3"
        with records.Records(path) as db:
            rows = [records.entry(m, 600.0) for m in base]
            for i in range(games):
                row = dict(rows[i % len(rows)], uid=f"bench-{i}",
                           played_at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(1.7e9 + 3600 * i)))
                db._insert(db.db(), row)

        def timed(fn) -> dict:
            times = []
            for _ in range(runs):
                t0 = time.perf_counter()
                with records.Records(path) as db:
                    fn(db)
                times.append(time.perf_counter() - t0)
            return summary(times)
        gid = registry.GAME_IDS[0]
        from ui.scenes.history import PAGE
        out = {"games": games, "history_all_s": timed(lambda db: db.list_games()),
               "history_screen_page_s": timed(lambda db: db.list_games(limit=PAGE + 1)),
               "stats_s": timed(lambda db: db.stats()),
               f"stats_{gid}_vs_bots_s": timed(lambda db: db.stats(gid, opponent="bot"))}
        prepare, write = [], []
        for m in fresh[:runs * 2]:
            t0 = time.perf_counter()
            row = records.entry(m, 60.0)  # what the window waits for
            t1 = time.perf_counter()
            with records.Records(path) as db:  # the results screen's worker thread
                db.record_entry(row)
            prepare.append(t1 - t0)
            write.append(time.perf_counter() - t1)
        out["record_prepare_s"] = summary(prepare)
        out["record_write_s"] = summary(write)
    return out


def main(args) -> int:
    from games.core import registry
    quick = bool(getattr(args, "quick", False))
    out = {"startup_s": startup(3 if quick else 7), "games": {}}
    tables = registry.table_ids()
    for gid in registry.GAME_IDS:
        g = {}
        for size in ((1280, 720), (1920, 1080), (3840, 2160)) if gid in tables else ():
            g[f"frame_s_{size[0]}x{size[1]}"] = frame_times(gid, size, 40 if quick else 200)
            g[f"frame_moving_s_{size[0]}x{size[1]}"] = frame_times(gid, size, 40 if quick else 200, True)
        for level in registry.get(gid).INFO.bot_levels:
            if level != "hard":
                g[f"games_per_s_{level}"] = games_per_second(gid, level, 2 if quick else 5)
            # a searching bot thinks about a second a decision: fewer of them
            count = (12 if quick else 40) if level == "hard" else (60 if quick else 300)
            g[f"decision_s_{level}"] = decision_times(gid, level, count)
            if level == "hard":   # the app's default: a second a decision
                g["decision_s_hard_1s_budget"] = decision_times(gid, level, count, 1.0)
        with tempfile.TemporaryDirectory() as tmp:
            g["save_load_s"] = save_load_times(gid, 5 if quick else 20, Path(tmp))
        if gid in tables:   # a game without a table yet is measured as rules and bots only
            g["peak_rss_mb_3840x2160"] = peak_memory(gid)
        # a long session: many games in one process must not keep anything per game
        mem = bot_games_memory(gid, 300 if quick else 1000, 60 if quick else 300)
        g[f"peak_rss_mb_after_{mem['games']}_bot_games"] = mem["peak_mb"]
        g[f"rss_growth_mb_games_{mem['warm_up']}_to_{mem['games']}"] = round(
            mem["rss_end_mb"] - mem["rss_after_warm_up_mb"], 1)
        out["games"][gid] = g
    out["records"] = records_times(2_000 if quick else 10_000)
    out["idle_cpu_percent_of_a_core"] = idle_figures(quick)
    try:
        import resource
        # this process held every game's pictures at every size: an upper bound, not a session
        out["bench_process_peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    except ImportError:
        pass
    if getattr(args, "json", False):
        print(json.dumps(out))
    else:
        print(f"start to first menu frame: {out['startup_s']}")
        print(f"idle, percent of a core: {out['idle_cpu_percent_of_a_core']}")
        for gid, g in out["games"].items():
            print(gid)
            for k, v in g.items():
                print(f"  {k}: {v}")
        if "bench_process_peak_rss_mb" in out:
            print(f"peak RSS of this whole run: {out['bench_process_peak_rss_mb']} MB")
    return 0
