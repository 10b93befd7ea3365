"""Ticket to Ride: Germany data: every published count, the map facts the rules tests use,
and clear errors for broken files (rules spec shared/rules/ttr_germany.md §1, §5)."""
import heapq
import shutil
from collections import Counter

import pytest

from games.core.data import data_path
from games.core.errors import DataError
from games.ttr_germany import model


@pytest.fixture(scope="module")
def d():
    return model.load()


# Spec §5.1, column "Routes touching it".
TOUCHING = {
    "augsburg": 5, "berlin": 8, "bremen": 5, "bremerhaven": 5, "chemnitz": 4, "dortmund": 6,
    "dresden": 4, "duesseldorf": 7, "emden": 4, "erfurt": 8, "frankfurt": 10, "freiburg": 5,
    "hamburg": 9, "hannover": 10, "karlsruhe": 5, "kassel": 6, "kiel": 6, "koblenz": 5,
    "koeln": 7, "konstanz": 4, "leipzig": 5, "lindau": 5, "magdeburg": 3, "mainz": 7,
    "mannheim": 8, "muenchen": 7, "muenster": 6, "nuernberg": 8, "regensburg": 6, "rostock": 3,
    "saarbruecken": 5, "schwerin": 4, "stuttgart": 7, "ulm": 5, "wuerzburg": 4,
    "daenemark": 2, "frankreich": 3, "niederlande": 3, "oesterreich": 3, "schweiz": 3,
}
COUNTRIES = {"daenemark", "frankreich", "niederlande", "oesterreich", "schweiz"}
BIG = {"berlin": 5, "hamburg": 4, "koeln": 4, "frankfurt": 4, "muenchen": 4, "leipzig": 3,
       "stuttgart": 3}


def test_default_data_is_cached():
    assert model.default_data() is model.default_data()


def test_locations_and_passengers(d):
    assert len(d.locations) == 40
    kinds = Counter(loc.kind for loc in d.locations)
    assert kinds == {"city": 35, "country": 5}
    assert {loc.id for loc in d.locations if loc.is_country} == COUNTRIES
    assert set(d.location_ids) == set(TOUCHING)
    assert sum(loc.passengers for loc in d.locations) == 60
    for loc in d.locations:
        assert loc.passengers == BIG.get(loc.id, 1), loc.id
    assert d.location("koeln").name == "Köln" and d.location("daenemark").name == "Dänemark"
    assert d.location("muenchen").name_ru == "Мюнхен"
    assert d.location("berlin").lat == pytest.approx(52.52) and d.location("berlin").lon == pytest.approx(13.40)
    for loc in d.locations:  # all inside a box around Germany and its borders
        assert 47.0 <= loc.lat <= 55.5 and 5.5 <= loc.lon <= 15.5, loc.id


def test_each_location_touches_the_published_number_of_tracks(d):
    found = {loc: len(ts) for loc, ts in d.tracks_at.items()}
    assert found == TOUCHING
    assert sum(found.values()) == 2 * 110


def test_tracks_spaces_and_parallel_connections(d):
    assert len(d.tracks) == 110
    assert sum(t.length for t in d.tracks) == 313
    sizes = Counter(len(ts) for ts in d.tracks_by_connection.values())
    assert sizes == {1: 62, 2: 21, 3: 2}
    assert len(d.connections) == 85
    assert Counter(t.length for t in d.tracks) == {1: 23, 2: 30, 3: 25, 4: 17, 5: 8, 6: 2, 7: 5}
    by_colour = Counter(t.colour for t in d.tracks)
    spaces = Counter()
    for t in d.tracks:
        spaces[t.colour] += t.length
    assert by_colour == {"gray": 45, "yellow": 9, "orange": 8, "white": 8, "green": 8, "blue": 8,
                         "black": 8, "red": 8, "pink": 8}
    assert spaces == {"gray": 92, "yellow": 27, "orange": 27, "white": 27, "green": 28, "blue": 28,
                      "black": 28, "red": 28, "pink": 28}
    for conn, ts in d.tracks_by_connection.items():
        assert [t.index for t in ts] == list(range(len(ts)))
        assert [t.id for t in ts] == [f"{conn}-{i + 1}" for i in range(len(ts))]
        assert len({t.length for t in ts}) == 1
    triples = sorted(c for c, ts in d.tracks_by_connection.items() if len(ts) == 3)
    assert triples == ["dortmund-duesseldorf", "duesseldorf-koeln"]
    country_routes = Counter(e for t in d.tracks for e in t.ends if e in COUNTRIES)
    assert country_routes == {"daenemark": 2, "niederlande": 3, "frankreich": 3, "schweiz": 3,
                              "oesterreich": 3}
    assert not any(t.a in COUNTRIES and t.b in COUNTRIES for t in d.tracks)


def _tracks(d, x, y):
    return d.tracks_by_connection[d.connection_between(x, y)]


def test_map_facts_used_by_the_rules_cases(d):
    (hb, hb2) = _tracks(d, "hamburg", "berlin")
    assert (hb.length, hb.colour) == (7, "blue") and (hb2.length, hb2.colour) == (7, "yellow")
    kf = _tracks(d, "koeln", "frankfurt")
    assert [(t.length, t.colour) for t in kf] == [(4, "gray"), (4, "gray")]
    hk = _tracks(d, "hannover", "kassel")
    assert [(t.length, t.colour) for t in hk] == [(3, "gray"), (3, "gray")]
    assert [t.id for t in hk] == ["hannover-kassel-1", "hannover-kassel-2"]
    assert all(t.connection == "hannover-kassel" for t in hk)
    assert d.parallel("hannover-kassel-1") == (hk[1],)
    dk = _tracks(d, "koeln", "duesseldorf")
    assert len(dk) == 3 and all((t.length, t.colour) == (1, "gray") for t in dk)
    assert d.connection_between("emden", "niederlande") and d.connection_between("duesseldorf", "niederlande")
    assert d.connection_between("emden", "duesseldorf") is None
    assert d.track("kiel-rostock-1").other("kiel") == "rostock"


def test_cards_and_constants(d):
    assert d.card_colour_ids == ("red", "blue", "green", "yellow", "orange", "black", "white", "pink")
    assert all(c.count == 12 for c in d.card_colours) and d.locomotive.count == 14
    assert d.n_train_cards == 110
    assert {t.colour for t in d.tracks} <= set(d.colour_by_id) - {"locomotive"}
    assert d.route_points == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18}
    assert max(t.length for t in d.tracks) in d.route_points
    assert d.trains_per_player == 45 and d.hand_deal == 4 and d.face_up == 5
    assert (d.loco_reset_threshold, d.loco_reset_max) == (3, 3)
    assert (d.ticket_draw, d.ticket_keep_min, d.setup_ticket_draw, d.setup_ticket_keep_min) == (4, 1, 4, 2)
    assert d.end_trigger_trains == 2 and d.globetrotter_points == 15
    assert (d.majority_first, d.majority_second) == (20, 10)
    assert d.passenger_colour_ids == ("red", "black", "green", "yellow", "blue", "white")
    assert all(p.count == 10 for p in d.passenger_colours)
    assert sum(p.count for p in d.passenger_colours) == sum(loc.passengers for loc in d.locations)


def test_tickets_counts_and_totals(d):
    assert len(d.tickets) == 89
    short, long_ = d.tickets_in("short"), d.tickets_in("long")
    assert (len(short), len(long_)) == (55, 34)
    assert sum(t.points for t in short) == 415 and sum(t.points for t in long_) == 526
    assert len({frozenset((t.a, t.b)) for t in d.tickets}) == 89
    assert d.ticket("kiel-stuttgart").points == 17 and d.ticket("kiel-stuttgart").deck == "long"
    assert d.ticket("bremerhaven-regensburg").points == 16
    assert d.ticket("koeln-regensburg").points == 11
    assert d.ticket("emden-oesterreich").points == 19 and d.ticket("emden-oesterreich").deck == "long"
    with_country = {t.id for t in d.tickets if {t.a, t.b} & COUNTRIES}
    assert len(with_country) == 17


def _shortest(d, start, goal):
    """Shortest path in trains; a path may end at a country but never pass through one."""
    dist = {start: 0}
    heap = [(0, start)]
    while heap:
        n, here = heapq.heappop(heap)
        if here == goal:
            return n
        if n > dist[here] or (here != start and d.is_country(here)):
            continue
        for t in d.tracks_at[here]:
            there = t.other(here)
            if n + t.length < dist.get(there, 10**9):
                dist[there] = n + t.length
                heapq.heappush(heap, (n + t.length, there))
    return None


def test_every_ticket_is_connected_without_passing_through_a_country(d):
    for t in d.tickets:
        assert _shortest(d, t.a, t.b) is not None, t.id


def test_ticket_values_equal_the_shortest_path_except_kiel_stuttgart(d):
    # A strong check of the track lengths (spec §5.3): 88 of 89 values are the shortest path.
    off = {t.id: _shortest(d, t.a, t.b) for t in d.tickets if _shortest(d, t.a, t.b) != t.points}
    assert off == {"kiel-stuttgart": 16}


def test_countries_are_dead_ends(d):
    # Emden and Düsseldorf both touch the Netherlands (2 + 3 = 5 through it), but a path may
    # not pass through a country: Emden–Münster–Dortmund–Düsseldorf = 4 + 1 + 1.
    assert _shortest(d, "emden", "duesseldorf") == 6
    assert _shortest(d, "daenemark", "niederlande") == 10          # from one country to another


# --- broken copies -----------------------------------------------------------------------

def broken_copy(tmp_path, name, edit):
    folder = tmp_path / "data"
    shutil.copytree(data_path("ttr_germany"), folder)
    f = folder / name
    text = f.read_text(encoding="utf-8")
    new = edit(text)
    assert new != text, "the edit did not change the file"
    f.write_text(new, encoding="utf-8")
    return folder


def drop_line(fragment):
    return lambda s: "\n".join(line for line in s.split("\n") if fragment not in line)


BREAKS = [
    # wrong counts
    ("board.yaml", drop_line("id: rostock-schwerin-1"), "tracks", "110 tracks"),
    ("board.yaml", lambda s: s.replace("colour: gray, length: 3}  # 20", "colour: gray, length: 4}  # 20"),
     "tracks[*].length", "313"),
    ("board.yaml", lambda s: s.replace("name: Berlin, name_ru: Берлин, kind: city, passengers: 5",
                                       "name: Berlin, name_ru: Берлин, kind: city, passengers: 4"),
     "locations[1].passengers", "5"),
    ("board.yaml", lambda s: s.replace("kind: country, passengers: 1, lat: 55.30",
                                       "kind: city, passengers: 1, lat: 55.30"),
     "locations[*].kind", "35 cities and 5 countries"),
    ("board.yaml", lambda s: s.replace("id: augsburg-ulm-2,", "id: augsburg-ulm-3,"),
     "tracks[4].id", "augsburg-ulm-2"),
    ("tickets.yaml", drop_line("id: mannheim-stuttgart"), "tickets", "89 tickets"),
    ("tickets.yaml", lambda s: s.replace("points: 17, deck: long", "points: 16, deck: long"),
     "tickets[*].points (long deck)", "526"),
    ("tickets.yaml", lambda s: s.replace("points: 2, deck: short", "points: 2, deck: long"),
     "tickets[*].deck", "55 short and 34 long"),
    ("components.yaml", lambda s: s.replace("{id: locomotive, count: 14}", "{id: locomotive, count: 13}"),
     "locomotive.count", "14"),
    ("components.yaml", lambda s: s.replace("  - {id: white, count: 10}\n", ""),
     "passengers", "6 passenger colours"),
    # unknown references
    ("board.yaml", lambda s: s.replace("a: kiel, b: rostock", "a: kiel, b: rostok"), "tracks[77].b", "rostok"),
    ("board.yaml", lambda s: s.replace("colour: orange, length: 4}  # 78", "colour: purple, length: 4}  # 78"),
     "tracks[77].colour", "purple"),
    ("tickets.yaml", lambda s: s.replace("a: kiel, b: stuttgart", "a: kiel, b: stutgart"),
     "tickets[80].b", "stutgart"),
    # wrong types
    ("board.yaml", lambda s: s.replace("colour: blue, length: 7}  # 7", "colour: blue, length: seven}  # 7"),
     "tracks[6].length", "whole number"),
    ("board.yaml", lambda s: s.replace("lat: 52.52, lon: 13.40", "lat: north, lon: 13.40"),
     "locations[1].lat", "a number"),
    ("tickets.yaml", lambda s: s.replace("points: 3, deck: short", "points: [3], deck: short"),
     "tickets[1].points", "whole number"),
    ("components.yaml", lambda s: s.replace("trains_per_player: 45", "trains_per_player: many"),
     "trains_per_player", "whole number"),
    ("components.yaml", lambda s: s.replace("{id: orange, count: 12}", "{id: orange, rgb: [1, 2, 3], count: 12}"),
     "card_colours[4].rgb", "one of the keys"),
    ("components.yaml", lambda s: s.replace("route_points: {1: 1,", "route_points: {1: one,"),
     "route_points.1", "whole number"),
    ("board.yaml", lambda s: s.replace("tracks:", "trax:"), "trax", "one of the keys"),
    ("tickets.yaml", lambda s: s + "  - [unclosed\n", "line", "valid YAML"),
]


@pytest.mark.parametrize("name,edit,where,what", BREAKS)
def test_broken_data_names_file_key_and_expectation(tmp_path, name, edit, where, what):
    folder = broken_copy(tmp_path, name, edit)
    with pytest.raises(DataError) as e:
        model.load(folder)
    msg = str(e.value)
    assert name in msg and where in msg and "expected" in msg and what in msg, msg


def test_count_mismatch_says_expected_and_found(tmp_path):
    folder = broken_copy(tmp_path, "board.yaml", drop_line("id: rostock-schwerin-1"))
    with pytest.raises(DataError) as e:
        model.load(folder)
    assert e.value.key_path == "tracks" and e.value.found == 109
    assert "expected 110 tracks (published count), found 109" in str(e.value)
