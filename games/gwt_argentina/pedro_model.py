"""Pedro's data (data/gwt_argentina/pedro.yaml; spec gwt_argentina_solo.md §13-§15, §20):
his 15 cards, the 12 loading cards, the cattle-market token's tiers, the difficulty levels
and the tuning knobs. A broken file raises DataError naming the file, key and expectation."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from games.gwt import model as fam

EDITION = "gwt_argentina"
PEDRO_FILE = f"data/{EDITION}/pedro.yaml"
SPEC_TYPES = ("gaucho", "carpintero", "maquinista")      # GCM order (§10 step 3)
STEPS = ("buildings", "gauchos", "spec")
ACTIONS = ("hire_any", "hire_spec", "hire", "loco", "objective", "help_any", "help_zone", "buy", "build",
           "reveal2")
CATEGORIES = ("angus", "franqueiro", "bv3", "caracu")
LEVELS = ("easy", "medium", "hard", "very_hard")


@dataclass(frozen=True)
class PedroCard:
    id: str
    steps: int | str          # a number, or "buildings" | "gauchos" | "spec"
    condition: str | None     # the specialization needed to act
    actions: tuple[tuple[str, str | None], ...]   # (name, argument)


@dataclass(frozen=True)
class LoadingCard:
    id: str
    stage: int
    value: int
    grain: int
    prefer: str               # worker | farmer


@dataclass(frozen=True)
class Level:
    remove: tuple[str, ...]
    extra_workers: tuple[str, ...]
    random_workers: int
    loading_modifier: int
    worker_modifier: int = 0  # added to the worker counts his card actions use (§15 knob)


@dataclass(frozen=True)
class Tuning:
    movement_priority: str
    help_any_base: int
    help_zone_base: int
    ship18_one_disc: bool
    depot_bonus: bool


@dataclass(frozen=True)
class PedroData:
    cards: tuple[PedroCard, ...]
    loading: tuple[LoadingCard, ...]
    tiers: tuple[tuple[str, ...], ...]
    step_down: tuple[str, ...]
    levels: Mapping[str, Level]
    tuning: Tuning
    design: bool = True       # our design, not the printed solo rules

    def card(self, cid: str) -> PedroCard:
        return next(c for c in self.cards if c.id == cid)

    def loading_card(self, lid: str) -> LoadingCard:
        return next(c for c in self.loading if c.id == lid)


def _action(node) -> tuple[str, str | None]:
    text = node.str()
    name, _, arg = text.partition(":")
    if name not in ACTIONS:
        node.fail(f"one of {', '.join(ACTIONS)}")
    if name == "hire" and arg not in SPEC_TYPES:
        node.fail("hire:<gaucho|carpintero|maquinista>")
    if name == "buy":
        try:
            int(arg)
        except ValueError:
            node.fail("buy:<tier offset, an integer>")
    return name, (arg or None)


def _load(edition: str = EDITION) -> PedroData:
    root = fam.EditionFiles(edition)("pedro").mapping()
    root.only_keys(("design", "cards", "loading_cards", "market_tiers", "step_down", "levels", "tuning"))
    design = root.get("design").bool()
    cards = []
    for c in root.get("cards").seq(1):
        c.only_keys(("id", "steps", "condition", "actions"))
        steps_n = c.get("steps")
        steps = steps_n.value if isinstance(steps_n.value, int) else steps_n.str(STEPS)
        if isinstance(steps, int) and steps < 1:
            steps_n.fail("at least 1")
        cond = c.get("condition", None)
        cards.append(PedroCard(c.get("id").str(), steps, None if cond is None or cond.value is None
                               else cond.str(SPEC_TYPES),
                               tuple(_action(a) for a in c.get("actions").seq(1))))
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        root.get("cards").fail("unique card ids")
    loading = []
    for lc in root.get("loading_cards").seq(1):
        lc.only_keys(("id", "stage", "value", "grain", "prefer"))
        loading.append(LoadingCard(lc.get("id").str(), lc.get("stage").int(1, 3), lc.get("value").int(0),
                                   lc.get("grain").int(0), lc.get("prefer").str(("worker", "farmer"))))
    tiers = tuple(tuple(x.str(CATEGORIES) for x in t.seq()) for t in root.get("market_tiers").seq(1))
    step_down = tuple(x.str(CATEGORIES) for x in root.get("step_down").seq(1))
    levels = {}
    lv_node = root.get("levels").mapping()
    for name in LEVELS:
        lv = lv_node.get(name).mapping()
        lv.only_keys(("remove", "extra_workers", "random_workers", "loading_modifier", "worker_modifier"))
        remove = tuple(x.str(ids) for x in lv.get("remove").seq())
        levels[name] = Level(remove, tuple(x.str(SPEC_TYPES) for x in lv.get("extra_workers").seq()),
                             lv.get("random_workers").int(0, 3), lv.get("loading_modifier").int(-10, 10),
                             lv.get("worker_modifier", 0).int(-3, 3))
    tn = root.get("tuning").mapping()
    tuning = Tuning(tn.get("movement_priority").str(("fees_first", "distance_first")),
                    tn.get("help_any_base").int(0), tn.get("help_zone_base").int(0),
                    tn.get("ship18_one_disc").bool(), tn.get("depot_bonus").bool())
    return PedroData(tuple(cards), tuple(loading), tiers, step_down, levels, tuning, design)


_CACHE: dict[str, PedroData] = {}


def load_pedro(edition: str | None = None) -> PedroData:
    """Pedro's data: cached once per process; load_pedro(folder) reads it afresh."""
    if edition is not None:
        return _load(edition)
    if EDITION not in _CACHE:
        _CACHE[EDITION] = _load(EDITION)
    return _CACHE[EDITION]
