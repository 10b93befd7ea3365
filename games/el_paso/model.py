"""El Paso's component data, loaded and validated from data/el_paso/*.yaml."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from games.core.data import data_path, load_yaml
from games.core.errors import DataError

FACES = ("star", "brand", "six")
NEEDS = (None, "brand", "six")


@dataclass(frozen=True)
class Site:
    id: str
    loot: tuple[int, ...]
    needs: str | None


@dataclass(frozen=True)
class Town:
    id: str
    rate: int
    sites: frozenset[str]


@dataclass(frozen=True)
class ElPasoData:
    sites: tuple[Site, ...]
    towns: tuple[Town, ...]
    card_values: tuple[int, ...]
    hand_size: int
    dice_count: int
    dice_faces: tuple[str, ...]
    # Derived numbering: card id = site index * len(card_values) + value index;
    # tile ids run over every site's loot list in order.
    tile_site: tuple[int, ...]
    tile_value: tuple[int, ...]

    # Cached: the bots ask for sites by id many times a decision. (cached_property stores
    # into the instance dict directly, so it works on a frozen dataclass.)
    @cached_property
    def site_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sites)

    @cached_property
    def _site_pos(self) -> dict[str, int]:
        return {sid: i for i, sid in enumerate(self.site_ids)}

    def site_index(self, site_id: str) -> int:
        try:
            return self._site_pos[site_id]
        except KeyError:
            raise ValueError(f"{site_id!r} is not a site") from None

    def card_id(self, site: int, value: int) -> int:
        return site * len(self.card_values) + self.card_values.index(value)

    def card_site(self, card: int) -> int:
        return card // len(self.card_values)

    def card_value(self, card: int) -> int:
        return self.card_values[card % len(self.card_values)]

    @property
    def n_cards(self) -> int:
        return len(self.sites) * len(self.card_values)

    @property
    def n_tiles(self) -> int:
        return len(self.tile_site)


def load(folder=None) -> ElPasoData:
    """Load and validate both files; raises DataError naming file and key."""
    base = folder or data_path("el_paso")
    comp = load_yaml(base / "components.yaml").mapping()
    sites = []
    seen = set()
    for node in comp.get("sites").seq(1, 12):
        node.only_keys({"id", "loot", "needs"})
        sid = node.get("id").str()
        if sid in seen:
            node.get("id").fail("a site id used once", sid)
        seen.add(sid)
        needs = node.get("needs", None)
        if needs.value is not None:
            needs.str(choices=[n for n in NEEDS if n])
        sites.append(Site(sid, tuple(node.get("loot").ints(1, 99, 1, 20)), needs.value))
    values = comp.get("card_values").ints(1, 99, 1, 20)
    if len(set(values)) != len(values):
        comp.get("card_values").fail("distinct card values", values)
    hand = comp.get("hand_size").int(1, len(sites))
    dice = comp.get("dice").mapping()
    faces = tuple(f.str(choices=FACES) for f in dice.get("faces").seq(1, 20))
    for f in FACES:
        if f not in faces:
            dice.get("faces").fail(f"every face kind ({', '.join(FACES)}) at least once", list(faces))
    board = load_yaml(base / "board.yaml").mapping()
    towns = []
    site_ids = {s.id for s in sites}
    for node in board.get("towns").seq(1, 20):
        node.only_keys({"id", "rate", "sites"})
        names = [n.ref(sorted(site_ids), comp.get("sites")) for n in node.get("sites").seq(1)]
        if len(set(names)) != len(names):
            node.get("sites").fail("each site once", names)
        towns.append(Town(node.get("id").str(), node.get("rate").int(1, 20), frozenset(names)))
    tile_site, tile_value = [], []
    for i, s in enumerate(sites):
        for v in s.loot:
            tile_site.append(i)
            tile_value.append(v)
    return ElPasoData(tuple(sites), tuple(towns), tuple(values), hand,
                      dice.get("count").int(1, 20), faces, tuple(tile_site), tuple(tile_value))


@lru_cache(maxsize=1)
def default_data() -> ElPasoData:
    return load()


__all__ = ["ElPasoData", "Site", "Town", "load", "default_data", "DataError"]
