"""Soak: many bot games of every registered game, over every player count and every
combination of options, with the game's invariants checked after every single action.

CI plays a bounded share (SOAK_CI games per game, mostly easy bots for speed, some
normal), in CI_CHUNKS parts so the workers share it out. There every variant's first game
and every game with a stronger bot is checked after every action; the other easy-bot games
(the invariants cost as much as the easy bots' play) every CHECK_EVERY-th action, at a
phase shifted by the seed, and at the end. The full soak checks every action of every game
and is marked slow:

    .venv/bin/python -m pytest -m slow tests/test_soak.py
"""
import itertools
import json

import pytest

from games.core import registry
from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.search import Budget


@pytest.fixture(autouse=True)
def _quick_bots(quick_argentina_normal):
    """(how well Argentina's normal bot plays does not matter here)"""


SOAK_CI = 128  # games per game in every test run
CI_CHUNKS = 8  # the CI share in parts, so no one long test holds up the others
CHECK_EVERY = 5  # actions between invariant checks in the CI share's repeated easy-bot games
SOAK_FULL = 10_000  # games per game under -m slow
CHUNKS = 10  # the slow soak in parts, so progress shows and a failure names its part
MAX_ACTIONS = 100_000  # a game this long is stuck


def variants(gid, full=False):
    """(players, options) set-ups to play: every player count (and, for a game with an
    automa, solo against it: players 1) with every combination of options, or, when
    that product is too big for the CI share, each choice of each option once with the
    others at their defaults (the full product is left to the slow soak)."""
    info = registry.get(gid).INFO
    names = [o.name for o in info.options]
    counts = ([1] if info.has_automa else []) + list(range(info.min_players, info.max_players + 1))
    combos = [dict(zip(names, c, strict=True)) for c in itertools.product(*(o.choices for o in info.options))]
    if not full and len(combos) * len(counts) > SOAK_CI // 2:
        base = info.default_options()
        combos = [dict(base)] + [dict(base, **{o.name: c}) for o in info.options for c in o.choices
                                 if c != base[o.name]]
    return [(n, o) for n in counts for o in combos]


def seat_kinds(k, n_variants, n, levels, hard_every=0):
    """Game k's seats: all easy bots, except one game in five mixes in normal bots (shifted
    each round through the variants, so every variant gets its normal games), and, when
    asked, every `hard_every`-th game gives seat 0 the hardest bot."""
    kinds = ["bot:easy"] * n
    if (k % n_variants + k // n_variants) % 5 == 4 and "normal" in levels:
        kinds = ["bot:normal" if (i + k) % 2 == 0 else "bot:easy" for i in range(n)]
    if hard_every and k % hard_every == hard_every - 1 and "hard" in levels:
        kinds[0] = "bot:hard"
    if n == 1:  # solo: a bot against the game's automa
        kinds.append("automa")
    return kinds


SOAK_BUDGET = Budget(iterations=4)


def play_one(rules, config, check_every=1):
    """Play to the end, checking the invariants after every `check_every`-th action (every
    one by default; the phase shifts with the seed, so games check different moments) and
    at the end; returns the match."""
    m = Match(rules, config)
    m.budget = SOAK_BUDGET  # a hard seat searches a little: the soak is about rules, not play
    rules.check_invariants(m.state)
    phase = config.seed % check_every
    while not m.is_over():
        to_act = m.to_act()
        assert to_act, "a running game has no seat to act"
        m.apply(m.bot_action(to_act[0]))
        if m.ply % check_every == phase:
            rules.check_invariants(m.state)
        assert m.ply < MAX_ACTIONS, "the game does not end"
    if m.ply % check_every != phase:
        rules.check_invariants(m.state)
    assert m.to_act() == [] and rules.legal_actions(m.state) == []
    res = rules.result(m.state)
    n = config.players
    assert len(res.scores) == len(res.breakdown) == len(res.ranks) == n
    assert [sum(b.values()) for b in res.breakdown] == res.scores
    assert res.winners and all(res.ranks[w] == 1 for w in res.winners)
    assert sorted(res.ranks)[0] == 1 and all(1 <= r <= n for r in res.ranks)
    json.dumps(res.to_json())
    return m


def check_every(k, n_variants, kinds, stride):
    """Actions between invariant checks in game k: every one in a variant's first game and
    in a game with a stronger bot, `stride` in the other (easy-bot) games."""
    return 1 if k < n_variants or any(s not in ("bot:easy", "automa") for s in kinds) else stride


def soak(gid, games, start=0, hard_every=0, full=False, stride=1):
    rules = registry.get(gid)
    combos = variants(gid, full)
    levels = rules.INFO.bot_levels
    for k in range(start, start + games):
        n, options = combos[k % len(combos)]
        kinds = seat_kinds(k, len(combos), n, levels, hard_every)
        config = Config([Seat(f"S{i}", kind, i) for i, kind in enumerate(kinds)], seed=k,
                        options=dict(options))
        try:
            play_one(rules, config, check_every(k, len(combos), kinds, stride))
        except Exception as e:  # name the game so it can be replayed by hand
            raise AssertionError(
                f"{gid} game {k}: seed={k} players={n} options={options} seats={kinds}: "
                f"{type(e).__name__}: {e}") from e


@pytest.mark.parametrize("chunk", range(CI_CHUNKS))
@pytest.mark.parametrize("gid", registry.GAME_IDS)
def test_soak_ci_share(gid, chunk):
    per = SOAK_CI // CI_CHUNKS
    soak(gid, per, start=chunk * per, stride=CHECK_EVERY)


def test_variants_cover_every_count_and_option():
    for gid in registry.GAME_IDS:
        info = registry.get(gid).INFO
        combos = variants(gid)
        solo = {1} if info.has_automa else set()
        assert {n for n, _ in combos} == solo | set(range(info.min_players, info.max_players + 1))
        for o in info.options:
            assert {opts[o.name] for _, opts in combos} == set(o.choices)
        # the CI share plays every variant, with easy bots and, room permitting, normal ones
        played = {(k % len(combos), "bot:normal" in seat_kinds(k, len(combos), 2, info.bot_levels))
                  for k in range(SOAK_CI)}
        assert {v for v, _ in played} == set(range(len(combos)))
        if len(combos) * 5 <= SOAK_CI:
            assert {v for v, normal in played if normal} == set(range(len(combos)))


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("gid", registry.GAME_IDS)
def test_soak_full(gid, chunk):
    per = SOAK_FULL // CHUNKS
    soak(gid, per, start=chunk * per, hard_every=200, full=True)
