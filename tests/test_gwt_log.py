"""The move log of both GWT editions says every action of every seat in words: each
description the rules give an action has a log line in both languages (or is left out
because the action's own event says it), and Sue's move names where she stops."""
import pytest

from games.core.contract import Config, Seat
from games.core.i18n import Translator, catalogue
from games.core.match import Match
from games.gwt_argentina import describe as arg_desc
from games.gwt_argentina.rules import ArgentinaRules
from games.gwt_el_paso.rules import GWTRules

EDITIONS = [(GWTRules(), "gwt_el_paso", "Sue"), (ArgentinaRules(), "gwt_argentina", "Pedro")]


def play(rules, automa, n, seed, plies=300):
    seats = ([Seat("P0", "bot:easy", 0), Seat(automa, "automa", 1)] if n == 1
             else [Seat(f"P{i}", "bot:easy", i) for i in range(n)])
    m = Match(rules, Config(seats, seed, {}))
    while not m.is_over() and m.ply < plies:
        m.apply(m.bot_action(m.to_act()[0]))
    return m, [s.name for s in seats]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_logged_description_has_a_log_line(lang):
    cat = catalogue(lang)
    quiet = ArgentinaRules.LOG_QUIET
    assert GWTRules.LOG_QUIET <= quiet and arg_desc.LOG_QUIET <= quiet
    keys = {k for k in catalogue("en") if k.startswith(("gwt.d.", "gwta.d."))}
    keys -= {"gwt.d.aux", "gwta.d.auxd"}  # logged as the act they wrap
    missing = sorted(k for k in keys - quiet if f"event.gwt_did.{k}" not in cat)
    assert not missing


@pytest.mark.parametrize("rules,game,automa", EDITIONS)
def test_own_actions_are_log_lines(rules, game, automa):
    m, names = play(rules, automa, 2, 3)
    did = [e for _, e in m.events if e.type.startswith("gwt_did.")]
    assert {e.args["seat"] for e in did} == {0, 1}  # both seats' own actions
    for lang in ("en", "ru"):
        tr = Translator(lang, names, game)
        for e in did:
            text = tr(e.key, **e.args)
            assert not text.startswith("event.") and names[e.args["seat"]] in text and "?" not in text


def test_sue_says_where_she_moves():
    m, names = play(GWTRules(), "Sue", 1, 4, plies=60)
    moves = [e for _, e in m.events if e.type == "gwt_sue_move" and e.args["path"]]
    assert moves
    tr = Translator("en", names, "gwt_el_paso")
    for e in moves:
        assert e.args["node"] == e.args["path"][-1]
        text = tr(e.key, **e.args)
        assert "moves" in text and "?" not in text and text != "Sue moves"
