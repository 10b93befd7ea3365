"""Memory over a long session: many games in one process keep nothing per game.

The registry keeps one Rules object per game for the whole process, so a memo hung on
it, a module-level dict, an unbounded lru_cache or a class-level cache in a bot outlives
every game and grows with each one (Ticket to Ride's claim memo once took a process
from 45 to 690 MB over 1,600 normal-bot games). The default tests check structurally
that what the rules and the game modules keep stops growing after a warm-up; the slow
one plays over a thousand games of each game in a fresh process and bounds its RSS:

    .venv/bin/python -m pytest -m slow tests/test_memory_soak.py
"""
import importlib
import json
import os
import pkgutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

import games.core
from games.core import registry
from games.core.contract import Config, Seat
from games.core.match import Match

ROOT = Path(__file__).resolve().parent.parent
GAMES = registry.game_ids()
WARM_UP = 1  # games before the baseline: lazily made tables (per seat, per data set) fill
MORE = 2  # games after it
GROWTH = 300  # objects; a per-hand or per-game memo adds thousands per game
SOAK_GAMES = 1200  # per game in the slow test (the first tenth is the warm-up)
SOAK_GROWTH_MB = 60


def _modules(package) -> list[types.ModuleType]:
    out = [package]
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        out.append(importlib.import_module(info.name))
    return out


def _lru_caches(modules):
    """(module.name, wrapper) for every functools lru_cache at module or class level."""
    for mod in modules:
        for name, obj in vars(mod).items():
            if isinstance(obj, type) and obj.__module__ == mod.__name__:
                for attr, member in vars(obj).items():
                    if hasattr(member, "cache_info"):
                        yield f"{mod.__name__}.{name}.{attr}", member
            elif callable(obj) and hasattr(obj, "cache_info") and getattr(obj, "__module__", None) == mod.__name__:
                yield f"{mod.__name__}.{name}", obj


def _reachable(roots) -> int:
    """How many objects hang off `roots` through containers, instance dicts and slots
    (functions, classes and modules are not followed: their code is not a cache)."""
    seen, stack, n = set(), list(roots), 0
    atoms = (str, int, float, bool, bytes, type(None), types.FunctionType, types.BuiltinFunctionType,
             types.ModuleType, type)
    while stack:
        o = stack.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        n += 1
        if isinstance(o, dict):
            stack.extend(o.keys())
            stack.extend(o.values())
        elif isinstance(o, (list, tuple, set, frozenset)):
            stack.extend(o)
        elif isinstance(o, atoms):
            continue
        elif hasattr(o, "cache_info"):  # an lru_cache: its entries count, not its function
            n += o.cache_info().currsize
        else:
            d = getattr(o, "__dict__", None)
            if d is not None:
                stack.append(d)
            for slot in getattr(type(o), "__slots__", ()):
                if hasattr(o, slot):
                    stack.append(getattr(o, slot))
    return n


def _kept(rules, modules) -> int:
    """Everything that outlives a game: the shared Rules object, module-level containers and
    lru caches of the game's modules and of the core, and containers in their classes."""
    roots = [rules]
    for mod in modules:
        for obj in vars(mod).values():
            if isinstance(obj, (dict, list, set)) or hasattr(obj, "cache_info"):
                roots.append(obj)
            elif isinstance(obj, type) and obj.__module__ == mod.__name__:
                roots += [v for v in vars(obj).values() if isinstance(v, (dict, list, set))]
    return _reachable(roots)


def _play(rules, n, seeds):
    seats = [Seat(f"P{i}", "bot:normal" if i % 2 == 0 else "bot:easy", i) for i in range(n)]
    for seed in seeds:
        Match(rules, Config(seats, seed)).play_bots_to_end()


@pytest.mark.parametrize("gid", GAMES)
def test_nothing_kept_grows_with_games_played(gid, quick_argentina_normal):
    rules = registry.get(gid)
    modules = _modules(importlib.import_module(f"games.{gid}")) + _modules(games.core)
    n = rules.INFO.min_players
    _play(rules, n, range(WARM_UP))
    before = _kept(rules, modules)
    _play(rules, n, range(WARM_UP, WARM_UP + MORE))
    grown = _kept(rules, modules) - before
    assert grown < GROWTH, f"{gid}: {grown} more objects kept after {MORE} more games"


def test_game_lru_caches_are_small():
    """The games' caches are keyed by data sets or small tables, never by a position; the
    core's (texts of the catalogues, data files) are bounded too."""
    found = list(_lru_caches([m for g in GAMES for m in _modules(importlib.import_module(f"games.{g}"))]))
    assert found, "no lru_cache found: the scan is broken"
    for name, fn in found:
        size = fn.cache_info().maxsize
        assert size is not None and size <= 64, f"{name}: lru_cache maxsize {size}"
    for name, fn in _lru_caches(_modules(games.core)):
        assert fn.cache_info().maxsize is not None, f"{name}: lru_cache without a bound"


def test_ui_lru_caches_are_bounded():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import ui
    found = list(_lru_caches(_modules(ui)))
    assert found
    for name, fn in found:
        assert fn.cache_info().maxsize is not None, f"{name}: lru_cache without a bound"


def test_fonts_kept_are_bounded():
    """Every pixel size asked for (fit_text tries each size down to its minimum, a resize
    brings new ones) was a font kept for the whole session."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from ui import theme
    for size in range(4, 4 + 3 * theme._FONTS_KEPT):
        theme.font(size)
    assert len(theme._fonts) <= theme._FONTS_KEPT
    assert theme.font(40) is theme.font(40)


def test_ttr_claim_tables_are_bounded_by_the_map():
    """Ticket to Ride's claims come from one table per seat, made once (at most every
    track's payments per colour): nothing is kept per hand, and claim_actions makes no
    action of its own."""
    rules = registry.get("ttr_germany")
    d = rules.data
    tb = rules._tables
    m = Match(rules, Config([Seat(f"P{i}", "bot:normal", i) for i in range(5)], 7))
    while not m.is_over():
        seat = m.to_act()[0]
        if m.state.phase == "turn":
            table = {id(a) for _, _, per, loco in tb.claims[seat] for acts in per.values()
                     for a in (*acts, loco)}
            assert all(id(a) in table for a in rules.claim_actions(m.state, seat))
        m.apply(m.bot_action(seat))
    assert not any(isinstance(v, dict) and len(v) > 200 for v in vars(tb).values())
    assert set(tb.claims) <= set(range(5))
    bound = sum(t.length * (len(d.card_colour_ids) if t.colour == "gray" else 1) + 1 for t in d.tracks)
    for rows in tb.claims.values():
        made = [a for _, _, per, loco in rows for acts in per.values() for a in (*acts, loco)]
        assert len({id(a) for a in made}) == bound


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAMES)
def test_long_session_memory_stays_flat(gid):
    """Over a thousand bot games in one fresh process: RSS after the warm-up tenth grows
    by less than SOAK_GROWTH_MB (before the fix Ticket to Ride grew ~0.3 MB a game)."""
    code = ("import json;from tools.bench import play_bot_games;"
            f"print(json.dumps(play_bot_games({gid!r},{SOAK_GAMES})))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True,
                         text=True, env={**os.environ, "SDL_VIDEODRIVER": "dummy",
                                         "SDL_AUDIODRIVER": "dummy"})
    r = json.loads(out.stdout.strip().splitlines()[-1])
    growth = r["rss_end_mb"] - r["rss_after_warm_up_mb"]
    assert growth < SOAK_GROWTH_MB, f"{gid}: {r}"
