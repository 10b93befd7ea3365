"""Argentina's log and tips name every trail space, bag token, card, disc space, worker row
and city in words, in both languages (data/gwt_argentina/i18n/names.*.yaml), and a name
of Argentina's never replaces another game's (a translator uses a game's own names only
for that game)."""
import pytest

from games.core.i18n import Translator
from games.gwt_argentina.model import load

D = load()


def things():
    yield from (("node", n) for n in D.node_order)
    yield from (("token", t) for t in D.tokens)
    yield from (("cards", c) for c in D.cards)
    yield from (("cards", o.id) for o in D.objectives)
    yield from (("source", disc.id) for disc in D.discs)
    yield from (("type", w) for w in D.worker_ids)
    yield from (("city", c.id) for c in D.cities)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_thing_has_a_name(lang):
    t = Translator(lang, game="gwt_argentina")
    missing = [f"{arg}.{v}" for arg, v in things() if not t.has(f"gwt_argentina.{arg}.{v}")]
    assert missing == []
    assert t("event.gwt_tile", seat=0, tile="o01") != Translator(lang, game="gwt_el_paso")(
        "event.gwt_tile", seat=0, tile="o01")
