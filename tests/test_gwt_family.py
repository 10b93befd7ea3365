"""The GWT family layer (games/gwt/): edition-independent code parameterised by the
edition's data folder and its worker kinds. A copy of El Paso's data with other worker
names plays whole games (multi-player, normal bots, solo against the automa); the family
modules name no edition; fees along the trail are summed on the chosen path."""
import io
import re
import tokenize
from pathlib import Path

import pytest

from games.core.contract import Config, Seat
from games.core.data import data_path
from games.core.match import Match
from games.gwt import model as fam
from games.gwt.trail import destinations
from games.gwt_el_paso import model
from games.gwt_el_paso.rules import GWTRules

# other names in the same alphabetical order (options list worker kinds sorted)
RENAME = {"cowboy": "gaucho", "engineer": "maquinista", "builder": "carpintero", "joker": "peon"}
FAMILY = Path(fam.__file__).parent


@pytest.fixture(scope="module")
def toy(tmp_path_factory):
    """El Paso's rules data under another edition id, every worker kind renamed."""
    root = tmp_path_factory.mktemp("data")
    folder = root / "gwt_toy"
    folder.mkdir()
    for f in data_path("gwt_el_paso").glob("*.yaml"):
        text = f.read_text(encoding="utf-8")
        for old, new in RENAME.items():
            text = re.sub(rf"\b{old}\b", new, text)
        (folder / f.name).write_text(text, encoding="utf-8")
    mp = pytest.MonkeyPatch()
    mp.setenv("BOARDGAME_DATA", str(root))
    d = model.load("gwt_toy")
    mp.undo()
    return d


def test_worker_kinds_come_from_the_data(toy):
    assert toy.edition == "gwt_toy"
    assert toy.worker_ids == ("gaucho", "maquinista", "carpintero", "peon")
    assert toy.plain_workers == ("gaucho", "maquinista", "carpintero") and toy.wild == "peon"
    assert toy.payer("cattle_market") == "gaucho" and toy.payer("building") == "carpintero"
    el = model.default_data()
    assert el.plain_workers == ("cowboy", "engineer", "builder") and el.wild == "joker"


def play(rules, seats, seed, options=None, check_every=25):
    m = Match(rules, rules.check_config(Config(seats, seed, options or {})))
    verbs = set()
    while not m.is_over():
        a = m.bot_action(m.to_act()[0])
        verbs.add((a.verb, a.args[0] if a.args else ""))
        m.apply(a)
        if m.ply % check_every == 0:
            rules.check_invariants(m.state)
    rules.check_invariants(m.state)
    return m, verbs


@pytest.mark.parametrize("seats,seed", [
    ([Seat("A", "bot:easy", 0), Seat("B", "bot:normal", 1), Seat("C", "bot:easy", 2)], 5),
    ([Seat("A", "bot:normal", 0), Seat("Sue", "automa", 1)], 9),
])
def test_an_edition_with_other_worker_kinds_plays_to_the_end(toy, seats, seed):
    rules = GWTRules(toy)
    m, verbs = play(rules, seats, seed, {"sue_b": "3"} if len(seats) == 2 else {})
    assert rules.is_over(m.state) and sum(rules.result(m.state).scores) > 0
    workers = {w for p in m.state.players for w in p["workers"] + p["deck"] + p["discard"]
               if w in toy.worker_set}
    assert workers and workers <= set(RENAME.values())
    texts = " ".join(f"{v} {a}" for v, a in verbs)
    assert not any(old in texts for old in RENAME)


def test_the_same_seed_plays_the_same_game_under_either_name(toy):
    """Renaming the worker kinds changes names only: the same seed gives the same game."""
    seats = [Seat("A", "bot:normal", 0), Seat("B", "bot:easy", 1)]
    a, _ = play(GWTRules(), seats, 3)
    b, _ = play(GWTRules(toy), seats, 3)
    back = {v: k for k, v in RENAME.items()}
    texts = [" ".join(back.get(w, w) for w in x.text.split()) for x in b.actions]
    assert texts == [x.text for x in a.actions]
    assert GWTRules().result(a.state).scores == GWTRules(toy).result(b.state).scores


def _code_tokens(path: Path):
    """NAME tokens and one-word string literals (docstrings and comments left out)."""
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if tok.type == tokenize.NAME:
            yield tok.string
        elif tok.type == tokenize.STRING and " " not in tok.string:
            yield tok.string.strip("\"'")


def test_the_family_layer_names_no_edition():
    banned = {"gwt_el_paso", "el_paso", "sue", "simmental", "cowboy", "engineer", "builder", "joker",
              "train_sides", "bonus_stack", "bonuses", "posts", "finisher", "triggered_by"}
    for f in sorted(FAMILY.glob("*.py")):
        found = {t for t in _code_tokens(f) if t.lower() in banned}
        assert not found, (f.name, found)
    assert not (FAMILY / "aux.py").exists()   # AUX is a reserved file name on Windows


def test_edition_data_is_cached_per_edition(toy):
    calls = []

    def load():
        calls.append(1)
        return toy
    fam.clear_cache("gwt_toy")
    assert fam.cached("gwt_toy", load) is fam.cached("gwt_toy", load) is toy
    assert len(calls) == 1
    assert fam.cached("gwt_el_paso", model.load) is model.default_data()
    fam.clear_cache("gwt_toy")


def test_fees_are_summed_along_the_chosen_path():
    # a -> b -> d and a -> c -> d (a fork that rejoins); b charges 2, c charges 1, d 5
    succ = {"a": ("b", "c"), "b": ("d",), "c": ("d",), "d": ("a",)}
    fees = {"b": 2, "c": 1, "d": 5}
    out = destinations(succ, "a", 3, lambda x: True, "a", fee=lambda x: fees.get(x, 0))
    assert (out["b"].steps, out["b"].fee) == (1, 2)
    assert (out["d"].steps, out["d"].path, out["d"].fee) == (2, ("b", "d"), 7)  # the first branch
    assert out["a"].fee == 7
    plain = destinations(succ, "a", 3, lambda x: True, "a")
    assert {n: (x.steps, x.path) for n, x in plain.items()} == {n: (x.steps, x.path) for n, x in out.items()}
    assert all(x.fee == 0 for x in plain.values())
    # an empty space (not a location) charges nothing even if the function would
    out = destinations(succ, "a", 3, lambda x: x != "b", "a", fee=lambda x: fees.get(x, 0))
    assert out["d"].fee == 5 and "b" not in out
