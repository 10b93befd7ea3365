"""Moon River rules (spec moon_river.md §3–§5).

Decision points (state.phase):
  place   - setup: "place <slot>" puts a ranchero on a square of the first column
            (slot 0 = nearest the box, which plays first);
  expand  - the acting seat has taken its square; "build <a> <b> <xa> <ya> <xb> <yb>" joins
            held squares a and b into a parcel with a on cell (xa, ya), b on (xb, yb);
            "done" ends the expansion (not while storage is over its limit);
  skull   - a drought with cows on several squares: "drought <x> <y>" returns one of them;
  hire    - a circle: "hire <table> <side>" (side = cowboy or the token's specialist);
  cowboy  - "move <x> <y> <x2> <y2>" one cow one step, up to 3 times; "stop";
  raider  - "swap <mine> <seat> <theirs>" or "skip";
  rustler - "steal <seat> <x> <y>" or "skip";
  bonus   - 2 players, the first parcel in the last row: "bonus <tile> <side> <x> <y>", or
            "drop <tile>" for a tile that fits nowhere on either side: it leaves the game
            (the rulebook lets the player take either tile; only one that cannot be
            attached is removed, and the opponent later gets the other);
  discard - storage over its limit and nothing can be attached: "discard <a> <b>";
  choose  - "choose <slot>" puts the ranchero on a square of the next column.
A choice with a single possibility (the last ranchero's square, a skull whose area holds
cows on one square) is made by the rules, with an event, so nobody clicks a forced move.
"""
from __future__ import annotations

from games.core.action import Action
from games.core.contract import Config, ConfigError, GameInfo, Option, Result, Rules, rank_by
from games.core.errors import SaveError
from games.core.events import Event
from games.core.rng import Rng

from . import ranch as R
from .model import MoonData, default_data
from .state import (
    BONUS,
    CHOOSE,
    COWBOY,
    DISCARD,
    EXPAND,
    HIRE,
    OVER,
    PLACE,
    RAIDER,
    RUSTLER,
    SKULL,
    Cell,
    MoonState,
    PlayerState,
)

LEGENDS = ("variant", "legends")
# the Legends characters, as boards.yaml names them (validate_data checks they agree)
CHARACTERS = ("mary", "calamity_jane", "big_joe", "wesley")
RANDOM = "random"

INFO = GameInfo(
    id="moon_river", title_key="game.moon_river", min_players=2, max_players=4,
    options=(Option("variant", ("base", "legends"), "base", "option.moon.variant"),
             Option("scenario", (RANDOM, "1", "2", "3", "4"), RANDOM, "option.moon.scenario", when=LEGENDS)),
    # §4.1: each player chooses a character; "random" deals one of those nobody chose
    seat_options=(Option("character", (RANDOM, *CHARACTERS), RANDOM, "option.moon.character", when=LEGENDS,
                         one_each=True),),
    hidden_information=False,
    # 2: characters chosen per seat (a random deal otherwise) and the bonus tile's
    # "drop" decision; games saved before replay differently and are refused as such
    data_version="2")

COWBOY_SIDE = "cowboy"
_NUMS = tuple(str(i) for i in range(64))


def _num(i: int) -> str:
    """str(i), from a table for the small cell coordinates."""
    return _NUMS[i] if 0 <= i < 64 else str(i)


def _act(seat: int, verb: str, *args) -> Action:
    """Action.of, a little faster (legal action lists are built for every decision)."""
    return Action(seat, verb, tuple(map(str, args)))


class MoonRules(Rules):
    INFO = INFO
    STATE_VERSION = 1
    HIDDEN_EVENT_TYPES = frozenset({"column_laid", "saloon_refilled", "scenario_drawn"})

    def __init__(self, data: MoonData | None = None):
        self._data = data

    @property
    def data(self) -> MoonData:
        if self._data is None:
            self._data = default_data()
        return self._data

    def validate_data(self) -> list[str]:
        from games.core.data import data_path
        from games.core.errors import DataError

        from .model import DATA_FILES, load
        d = load()
        ids = [b.id for b in d.legends_boards]
        if sorted(ids) != sorted(CHARACTERS):
            raise DataError(data_path("moon_river", "boards.yaml"), "legends",
                            f"the characters {', '.join(CHARACTERS)} (the new-game screen offers them)",
                            ids)
        return list(DATA_FILES)

    def check_config(self, config: Config) -> Config:
        config = super().check_config(config)
        if config.options["variant"] == "legends":
            chosen = [c for c in self.characters_chosen(config) if c != RANDOM]
            twice = sorted({c for c in chosen if chosen.count(c) > 1})
            if twice:
                raise ConfigError(f"each Legends character has one board: {', '.join(twice)} "
                                  "is chosen by more than one seat")
        return config

    @staticmethod
    def characters_chosen(config: Config) -> list[str]:
        """Each seat's character choice (RANDOM if it made none)."""
        return [config.options.get(INFO.seat_key("character", i), RANDOM) for i in range(len(config.seats))]

    def _deal_characters(self, config: Config, rng: Rng) -> list[str]:
        """The seats' boards: a chosen character is kept; the random seats get the others,
        shuffled."""
        chosen = self.characters_chosen(config)
        free = [b.id for b in self.data.legends_boards if b.id not in chosen]
        rng.shuffle(free)
        return [c if c != RANDOM else free.pop() for c in chosen]

    def depth(self, st: MoonState) -> int:
        return self.data.depth[st.n]

    def storage(self, st: MoonState, seat: int) -> int:
        return R.board_of(self.data, st.players[seat]).storage

    # ------------------------------------------------------------------ setup
    def setup(self, config: Config) -> MoonState:
        config = self.check_config(config)
        d = self.data
        n = len(config.seats)
        rng = Rng(config.seed)
        legends = config.options["variant"] == "legends"
        boards = self._deal_characters(config, rng) if legends else ["base"] * n
        st = MoonState(n=n, rng=rng, players=[PlayerState(b) for b in boards],
                       variant=config.options["variant"], supply=d.cows)
        ev: list[Event] = []
        if legends:
            pick = config.options["scenario"]
            number = rng.randint(1, 4) if pick == "random" else int(pick)
            st.scenario = d.scenarios[number - 1]
        st.pile = [s.id for s in d.squares]
        rng.shuffle(st.pile)
        tokens = list(range(len(d.specialists)))
        rng.shuffle(tokens)
        per = len(tokens) // d.saloon_piles
        st.piles = [tokens[i * per:(i + 1) * per] for i in range(d.saloon_piles)]
        st.piles[-1] += tokens[d.saloon_piles * per:]
        st.saloon = [st.piles[0].pop() for _ in range(d.saloon_tables)]
        st.bonus_left = [t for t, _ in d.bonus_tiles] if n == 2 else []
        st.cur, st.cur_r = self._lay(st, ev), [-1] * d.column_size
        seats = list(range(n))
        rng.shuffle(seats)  # the rancheros drawn blindly from a hand
        if d.rancheros[n] == 2:  # §5: the first places one, the other both, the first the last
            a, b = seats[0], seats[1]
            st.place_order = [a, b, b, a]
        else:
            st.place_order = seats
        st.phase, st.current = PLACE, st.place_order[0]
        self._settle_place(st, ev)
        return st

    def _lay(self, st: MoonState, ev: list[Event]) -> list[str | None]:
        """A new column: 4 squares drawn, sorted by their numbers (ties keep the order drawn),
        lowest nearest the box, then turned landscape up."""
        d = self.data
        drawn = [st.pile.pop() for _ in range(min(d.column_size, len(st.pile)))]
        drawn.sort(key=lambda s: d.square_by_id[s].number)
        ev.append(Event("column_laid", {"squares": drawn,
                                        "numbers": ", ".join(str(d.square_by_id[s].number) for s in drawn)}))
        return list(drawn) + [None] * (d.column_size - len(drawn))

    # ------------------------------------------------------------ questions
    def to_act(self, st: MoonState) -> list[int]:
        return [] if st.phase == OVER else [st.current]

    def is_over(self, st: MoonState) -> bool:
        return st.phase == OVER

    def prompt(self, st: MoonState) -> tuple[str, dict]:
        if st.phase == OVER:
            return "prompt.moon.over", {}
        args: dict = {"seat": st.current}
        if st.phase == EXPAND:
            p = st.players[st.current]
            args["held"] = len(p.held)
            args["storage"] = self.storage(st, st.current)
            if st.final:
                return "prompt.moon.expand_final", args
            if len(p.held) > args["storage"]:
                return "prompt.moon.expand_forced", args
        if st.phase == COWBOY:
            args["steps"] = st.steps
        if st.phase == BONUS and not self._bonus_options(st):
            return "prompt.moon.bonus_none", args
        return f"prompt.moon.{st.phase}", args

    def legal_actions(self, st: MoonState, seat: int | None = None) -> list[Action]:
        if st.phase == OVER or (seat is not None and seat != st.current):
            return []
        who, d = st.current, self.data
        p = st.players[who]
        A = _act
        ph = st.phase
        if ph == PLACE:
            return [A(who, "place", i) for i in self._free(st.cur, st.cur_r)]
        if ph == CHOOSE:
            return [A(who, "choose", i) for i in self._free(st.nxt, st.nxt_r)]
        if ph == EXPAND:
            # Action(...) with the args already as text: Action.of's str() per arg is slow here
            acts = [Action(who, "build", (a, b, _num(ca[0]), _num(ca[1]), _num(cb[0]), _num(cb[1])))
                    for a, b, ca, cb in R.parcel_placements(d, self.depth(st), p)]
            if not st.final and len(p.held) <= self.storage(st, who):
                acts.append(A(who, "done"))
            return acts
        if ph == DISCARD:
            return [A(who, "discard", a, b) for i, a in enumerate(p.held) for b in p.held[i + 1:]]
        if ph == SKULL:
            _, x, y = st.pending[0]
            return [A(who, "drought", *c) for c in self._skull_cells(st, (x, y))]
        if ph == HIRE:
            return [A(who, "hire", i, side) for i, t in enumerate(st.saloon) if t is not None
                    for side in (COWBOY_SIDE, d.specialists[t])]
        if ph == COWBOY:
            return [Action(who, "move", (_num(a[0]), _num(a[1]), _num(b[0]), _num(b[1])))
                    for a, b in self._cow_moves(p)] + [Action(who, "stop")]
        if ph == RAIDER:
            return [A(who, "swap", mine, o, theirs) for o in range(st.n) if o != who
                    for mine in p.held for theirs in st.players[o].held] + [A(who, "skip")]
        if ph == RUSTLER:
            return [A(who, "steal", o, *c) for o, c in self._stealable(st)] + [A(who, "skip")]
        if ph == BONUS:
            opts = self._bonus_options(st)
            fits = {t for t, _, _ in opts}
            return [A(who, "bonus", t, side, *c) for t, side, c in opts] + \
                [A(who, "drop", t) for t in st.bonus_left if t not in fits]
        return []

    def is_legal(self, st: MoonState, a: Action) -> bool:
        if st.phase == EXPAND and a.verb == "build" and a.seat == st.current and len(a.args) == 6:
            try:
                xa, ya, xb, yb = (int(v) for v in a.args[2:])
            except ValueError:
                return False
            if a.args[2:] != (str(xa), str(ya), str(xb), str(yb)):
                return False
            return R.parcel_is_legal(self.data, self.depth(st), st.players[a.seat],
                                     a.args[0], a.args[1], (xa, ya), (xb, yb))
        return super().is_legal(st, a)

    @staticmethod
    def _free(col: list, riders: list[int]) -> list[int]:
        return [i for i, s in enumerate(col) if s is not None and riders[i] < 0]

    def _skull_cells(self, st: MoonState, cell: Cell) -> list[Cell]:
        """Squares of the skull's area holding cows, if the skull extended an existing area."""
        p = st.players[st.current]
        terrains = R.terrain_map(self.data, p)
        area = R.area_at(terrains, cell)
        if all(c in st.fresh for c in area):
            return []  # it started a new area: the drought does nothing
        return sorted(c for c in area if p.cows.get(c, 0) > 0)

    def _cow_moves(self, p: PlayerState) -> list[tuple[Cell, Cell]]:
        d = self.data
        out = []
        for c in sorted(p.cows):
            for n in R.neighbours(c):
                s = p.ranch.get(n)
                if s is not None and R.face_of(d, s).terrain in d.cow_terrains:
                    out.append((c, n))
        return out

    def _stealable(self, st: MoonState) -> list[tuple[int, Cell]]:
        d = self.data
        me = st.players[st.current]
        if st.effect_cell is None or R.face_of(d, me.ranch[st.effect_cell]).terrain not in d.cow_terrains:
            return []
        out = []
        for o, p in enumerate(st.players):
            if o == st.current:
                continue
            terrains = R.terrain_map(d, p)
            for c in sorted(p.cows):
                if not R.protected(terrains, p, c):
                    out.append((o, c))
        return out

    def _bonus_options(self, st: MoonState) -> list[tuple[str, int, Cell]]:
        d, p = self.data, st.players[st.current]
        return [(t, side, c) for t in st.bonus_left for side in (0, 1)
                for c in R.tile_placements(d, self.depth(st), p, d.bonus_face(t, side))]

    # -------------------------------------------------------------- perform
    def perform(self, st: MoonState, a: Action) -> list[Event]:
        ev: list[Event] = []
        d = self.data
        who = a.seat
        p = st.players[who]
        v = a.verb
        if v == "place":
            slot = int(a.args[0])
            st.cur_r[slot] = who
            st.place_order.pop(0)
            ev.append(Event("ranchero_placed", {"seat": who, "slot": slot, **self._sq(st.cur[slot])}))
            self._settle_place(st, ev)
        elif v == "choose":
            slot = int(a.args[0])
            st.nxt_r[slot] = who
            ev.append(Event("square_chosen", {"seat": who, "slot": slot, **self._sq(st.nxt[slot])}))
            self._end_turn(st, ev)
        elif v == "build":
            sa, sb = a.args[0], a.args[1]
            ca, cb = (int(a.args[2]), int(a.args[3])), (int(a.args[4]), int(a.args[5]))
            p.held.remove(sa)
            p.held.remove(sb)
            p.ranch[ca], p.ranch[cb] = sa, sb
            st.parcels += 1
            ev.append(Event("parcel_built", {"seat": who, "a": sa, "b": sb, "cells": [list(ca), list(cb)],
                                             "terrain_a": d.face(sa).terrain, "terrain_b": d.face(sb).terrain}))
            self._resolve_piece(st, [ca, cb], ev)
        elif v == "done":
            ev.append(Event("expansion_done", {"seat": who, "held": len(p.held)}))
            self._after_expand(st, ev)
        elif v == "discard":
            for s in a.args:
                p.held.remove(s)
                p.discarded.append(s)
            ev.append(Event("squares_discarded", {"seat": who, "squares": list(a.args), "count": len(a.args)}))
            self._after_expand(st, ev)
        elif v == "drought":
            c = (int(a.args[0]), int(a.args[1]))
            self._remove_cow(st, who, c, ev)
            st.pending.pop(0)
            self._continue(st, ev)
        elif v == "hire":
            self._hire(st, int(a.args[0]), a.args[1], ev)
        elif v == "move":
            c1, c2 = (int(a.args[0]), int(a.args[1])), (int(a.args[2]), int(a.args[3]))
            self._take_cow(p, c1)
            p.cows[c2] = p.cows.get(c2, 0) + 1
            st.steps -= 1
            ev.append(Event("cow_moved", {"seat": who, "from": list(c1), "to": list(c2)}))
            if st.steps <= 0 or not self._cow_moves(p):
                st.phase = EXPAND
                self._continue(st, ev)
        elif v in ("stop", "skip"):
            self._continue(st, ev)
        elif v == "swap":
            mine, o, theirs = a.args[0], int(a.args[1]), a.args[2]
            q = st.players[o]
            p.held[p.held.index(mine)] = theirs
            q.held[q.held.index(theirs)] = mine
            ev.append(Event("squares_swapped", {"seat": who, "other": o, "gave": mine, "got": theirs,
                                                "gave_terrain": d.face(mine).terrain,
                                                "got_terrain": d.face(theirs).terrain}))
            self._continue(st, ev)
        elif v == "steal":
            o, c = int(a.args[0]), (int(a.args[1]), int(a.args[2]))
            self._take_cow(st.players[o], c)
            p.cows[st.effect_cell] = p.cows.get(st.effect_cell, 0) + 1
            ev.append(Event("cow_stolen", {"seat": who, "other": o, "from": list(c),
                                           "to": list(st.effect_cell)}))
            self._continue(st, ev)
        elif v == "bonus":
            tile, side, c = a.args[0], int(a.args[1]), (int(a.args[2]), int(a.args[3]))
            st.bonus_left.remove(tile)
            p.ranch[c] = f"{tile}/{side}"
            ev.append(Event("bonus_tile", {"seat": who, "tile": tile, "side": side,
                                           "terrain": d.bonus_face(tile, side).terrain, "cell": list(c)}))
            st.from_bonus = True
            self._resolve_piece(st, [c], ev)
        elif v == "drop":
            self._lose_bonus(st, a.args[0], ev)
            self._finish_piece(st, ev)
        return ev

    # --- setup placement ------------------------------------------------------------
    def _sq(self, square: str) -> dict:
        """Event arguments naming a square for the log: its id, terrain and number."""
        sq = self.data.square_by_id[square]
        return {"square": square, "terrain": sq.face.terrain, "number": sq.number}

    def _settle_place(self, st: MoonState, ev: list[Event]) -> None:
        while st.place_order:
            st.current = st.place_order[0]
            free = self._free(st.cur, st.cur_r)
            if len(free) > 1:
                return
            st.cur_r[free[0]] = st.current  # the last ranchero has no choice
            st.place_order.pop(0)
            ev.append(Event("ranchero_placed", {"seat": st.current, "slot": free[0],
                                                **self._sq(st.cur[free[0]])}))
        self._remove_unchosen(st, ev)
        st.nxt, st.nxt_r = self._lay(st, ev), [-1] * self.data.column_size
        self._start_round(st, ev)

    def _remove_unchosen(self, st: MoonState, ev: list[Event]) -> None:
        """3 players: the square nobody chose in the column to be taken leaves the game."""
        for i, s in enumerate(st.cur):
            if s is not None and st.cur_r[i] < 0:
                st.removed.append(s)
                st.cur[i] = None
                ev.append(Event("square_removed", self._sq(s)))

    # --- turns and rounds -----------------------------------------------------------
    def _start_round(self, st: MoonState, ev: list[Event]) -> None:
        st.round += 1
        ev.append(Event("round_started", {"round": st.round, "final": st.final}))
        self._begin_turn(st, -1, ev)

    def _begin_turn(self, st: MoonState, after: int, ev: list[Event]) -> None:
        slot = next((i for i in range(after + 1, len(st.cur)) if st.cur_r[i] >= 0), None)
        if slot is None:
            self._end_round(st, ev)
            return
        who = st.cur_r[slot]
        st.slot, st.current = slot, who
        st.cur_r[slot] = -1
        square = st.cur[slot]
        st.cur[slot] = None
        st.players[who].held.append(square)
        st.parcels = 0
        ev.append(Event("square_taken", {"seat": who, **self._sq(square)}))
        st.phase = EXPAND
        self._settle_expand(st, ev)

    def _last_turn_of_seat(self, st: MoonState) -> bool:
        return all(r != st.current for r in st.cur_r[st.slot + 1:])

    def _settle_expand(self, st: MoonState, ev: list[Event]) -> None:
        """Skip the expansion when there is nothing to decide."""
        d, who = self.data, st.current
        p = st.players[who]
        cap = self.storage(st, who)
        may_build = st.final or st.parcels < d.parcels_per_turn
        if may_build and len(p.held) >= 2 and R.has_placement(d, self.depth(st), p):
            st.phase = EXPAND
            return
        if st.final and self._last_turn_of_seat(st):
            if p.held:  # §3.10: what cannot be attached in the last round is discarded
                ev.append(Event("squares_discarded", {"seat": who, "squares": p.held[:], "count": len(p.held)}))
                p.discarded += p.held
                p.held = []
            self._end_turn(st, ev)
        elif len(p.held) > cap:
            st.phase = DISCARD  # forced to expand, but nothing fits: discard 2
        else:
            self._after_expand(st, ev)

    def _after_expand(self, st: MoonState, ev: list[Event]) -> None:
        if st.final:
            p = st.players[st.current]
            if p.held and self._last_turn_of_seat(st):
                ev.append(Event("squares_discarded", {"seat": st.current, "squares": p.held[:],
                                                      "count": len(p.held)}))
                p.discarded += p.held
                p.held = []
            self._end_turn(st, ev)
            return
        free = self._free(st.nxt, st.nxt_r)
        if len(free) == 1:  # the last ranchero has no choice
            st.nxt_r[free[0]] = st.current
            ev.append(Event("square_chosen", {"seat": st.current, "slot": free[0],
                                              **self._sq(st.nxt[free[0]])}))
            self._end_turn(st, ev)
        else:
            st.phase = CHOOSE

    def _end_turn(self, st: MoonState, ev: list[Event]) -> None:
        self._begin_turn(st, st.slot, ev)

    def _end_round(self, st: MoonState, ev: list[Event]) -> None:
        if st.final:
            self._game_over(st, ev)
            return
        st.cur, st.cur_r = st.nxt, st.nxt_r
        self._remove_unchosen(st, ev)
        if st.pile:
            st.nxt, st.nxt_r = self._lay(st, ev), [-1] * self.data.column_size
        else:  # §3.10: the box is empty: one last round
            st.nxt, st.nxt_r = [], []
            st.final = True
            ev.append(Event("box_empty", {}))
        self._refill_saloon(st, ev)
        self._start_round(st, ev)

    def _refill_saloon(self, st: MoonState, ev: list[Event]) -> None:
        filled = []
        for i, t in enumerate(st.saloon):
            if t is None:
                pile = next((pl for pl in st.piles if pl), None)
                if pile is None:
                    break
                st.saloon[i] = pile.pop()
                filled.append(self.data.specialists[st.saloon[i]])
        st.hired = False
        if filled:
            ev.append(Event("saloon_refilled", {"helpers": filled, "count": len(filled)}))

    # --- a parcel's symbols (§3.6) ----------------------------------------------------
    def _resolve_piece(self, st: MoonState, cells: list[Cell], ev: list[Event]) -> None:
        d, who = self.data, st.current
        p = st.players[who]
        st.fresh = list(cells)
        faces = [(c, R.face_of(d, p.ranch[c])) for c in cells]
        for c, f in faces:  # A. cows
            if f.terrain not in d.cow_terrains:
                continue
            for _ in range(f.cows):
                if st.supply <= 0:
                    ev.append(Event("no_cow_left", {"seat": who}))
                    break
                st.supply -= 1
                p.cows[c] = p.cows.get(c, 0) + 1
                ev.append(Event("cow_placed", {"seat": who, "cell": list(c)}))
        st.pending = [["skull", *c] for c, f in faces if f.skull]  # B. skulls
        st.pending += [["circle", *c] for c, f in faces for _ in range(f.circles)]  # C. circles
        self._continue(st, ev)

    def _continue(self, st: MoonState, ev: list[Event]) -> None:
        who = st.current
        p = st.players[who]
        st.effect_cell = None
        while st.pending:
            kind, x, y = st.pending[0]
            if kind == "skull":
                cells = self._skull_cells(st, (x, y))
                if len(cells) > 1:
                    st.phase = SKULL
                    return
                st.pending.pop(0)
                if cells:
                    self._remove_cow(st, who, cells[0], ev)
                else:
                    ev.append(Event("drought_harmless", {"seat": who, "cell": [x, y]}))
                continue
            if any(t is not None for t in st.saloon):
                st.phase = HIRE
                return
            st.pending.pop(0)
            ev.append(Event("saloon_empty", {"seat": who}))
        # the piece is resolved; 2 players: the first piece in the last row brings a bonus tile
        if (not st.from_bonus and not p.bonus_done and st.n == 2
                and any(c[1] == self.depth(st) - 1 for c in st.fresh)):
            p.bonus_done = True
            if len(st.bonus_left) > 1 or (st.bonus_left and self._bonus_options(st)):
                st.phase = BONUS  # the player takes a tile: attached if it fits, else removed
                return
            if st.bonus_left:  # the last tile fits nowhere: nothing to choose
                self._lose_bonus(st, st.bonus_left[0], ev)
        self._finish_piece(st, ev)

    def _lose_bonus(self, st: MoonState, tile: str, ev: list[Event]) -> None:
        st.bonus_left.remove(tile)
        st.bonus_lost.append(tile)
        ev.append(Event("bonus_lost", {"seat": st.current, "tile": tile}))

    def _finish_piece(self, st: MoonState, ev: list[Event]) -> None:
        st.from_bonus = False
        st.fresh = []
        st.phase = EXPAND
        self._settle_expand(st, ev)

    def _remove_cow(self, st: MoonState, who: int, c: Cell, ev: list[Event]) -> None:
        self._take_cow(st.players[who], c)
        st.supply += 1
        ev.append(Event("drought", {"seat": who, "cell": list(c)}))

    @staticmethod
    def _take_cow(p: PlayerState, c: Cell) -> None:
        p.cows[c] -= 1
        if p.cows[c] == 0:
            del p.cows[c]

    def _hire(self, st: MoonState, table: int, side: str, ev: list[Event]) -> None:
        d, who = self.data, st.current
        p = st.players[who]
        token = st.saloon[table]
        st.saloon[table] = None
        st.hired = True
        _, x, y = st.pending.pop(0)
        cell = (x, y)
        p.helpers.setdefault(cell, []).append([token, side])
        ev.append(Event("helper_hired", {"seat": who, "helper": side, "cell": [x, y],
                                         "table": table}))
        st.effect_cell = cell
        if side == COWBOY_SIDE and self._cow_moves(p):
            st.phase, st.steps = COWBOY, d.cowboy_steps
        elif side == "raider" and p.held and any(q.held for o, q in enumerate(st.players) if o != who):
            st.phase = RAIDER
        elif side == "rustler" and self._stealable(st):
            st.phase = RUSTLER
        else:
            self._continue(st, ev)

    # --- the end --------------------------------------------------------------------
    def _game_over(self, st: MoonState, ev: list[Event]) -> None:
        for seat, p in enumerate(st.players):  # §3.10: overpopulation, one cow per square
            extra = sum(k - 1 for k in p.cows.values() if k > 1)
            if extra:
                p.cows = R.capped(p)
                st.supply += extra
                ev.append(Event("overpopulation", {"seat": seat, "cows": extra}))
        st.phase = OVER
        st.pending, st.fresh, st.effect_cell = [], [], None
        r = self.result(st)
        ev.append(Event("game_over", {"winners": r.winners, "scores": r.scores}))

    def categories(self) -> list[str]:
        d = self.data
        cats = [f"category.moon.{t}" for t in d.terrains if t in d.cow_terrains]
        cats += [f"category.moon.{r}" for r in d.resources]
        cats += [f"category.moon.{d.resource_helper[r]}" for r in d.resources]
        return cats + ["category.moon.scenario"]

    def breakdown(self, st: MoonState, seat: int) -> dict[str, int]:
        p = st.players[seat]
        return R.breakdown(self.data, st.scenario, p, R.capped(p))

    def result(self, st: MoonState) -> Result:
        d = self.data
        cats = self.categories()
        pads = [self.breakdown(st, i) for i in range(st.n)]  # once per seat: it is the dear part
        breakdown = [{k: pad[k] for k in cats} for pad in pads]
        scores = [sum(b.values()) for b in breakdown]
        largest = [R.largest_area(d, p) for p in st.players]
        cows = [sum(R.capped(p).values()) for p in st.players]
        ranks = rank_by([(scores[i], largest[i], cows[i]) for i in range(st.n)])
        winners = [i for i, r in enumerate(ranks) if r == 1]
        top = [i for i in range(st.n) if scores[i] == max(scores)]
        tiebreak = "none"
        if len(top) > 1:
            if len({largest[i] for i in top}) > 1:
                tiebreak = "tiebreak.moon.area"
            elif len({cows[i] for i in top}) > 1:
                tiebreak = "tiebreak.moon.cows"
            else:
                tiebreak = "tiebreak.shared"
        return Result(cats, breakdown, scores, ranks, winners, tiebreak)

    # ------------------------------------------------------------------ view
    def face_view(self, piece: str | None) -> dict | None:
        if piece is None:
            return None
        f = R.face_of(self.data, piece)
        out = {"id": piece, "terrain": f.terrain, "gold": f.gold, "beaver": f.beaver,
               "corn": f.corn, "cows": f.cows, "skull": f.skull, "circles": f.circles}
        if piece in self.data.square_by_id:
            out["number"] = self.data.square_by_id[piece].number
        return out

    def area_view(self, p: PlayerState) -> list[dict]:
        """Each scoring area as the score pad counts it now: squares × cows (one per square)."""
        d = self.data
        cows = R.capped(p)
        out = []
        for t, g in R.areas(R.terrain_map(d, p)):
            if t in d.cow_terrains:
                k = sum(cows.get(c, 0) for c in g)
                out.append({"terrain": t, "cells": sorted(f"{c[0]},{c[1]}" for c in g),
                            "squares": len(g), "cows": k, "points": len(g) * k})
        return sorted(out, key=lambda a: (-a["points"], a["cells"]))

    def view(self, st: MoonState, seat: int | None) -> dict:
        """Everything on the table is public in Moon River; only the order of the box and
        of the helper piles is hidden."""
        d = self.data
        players = []
        for i, p in enumerate(st.players):
            b = R.board_of(d, p)
            players.append({
                "seat": i, "board": p.board, "bridges": [list(c) for c in b.bridges],
                "storage": b.storage, "held": [self.face_view(s) for s in p.held],
                "ranch": {f"{c[0]},{c[1]}": self.face_view(s) for c, s in p.ranch.items()},
                "cows": {f"{c[0]},{c[1]}": k for c, k in p.cows.items()},
                "helpers": {f"{c[0]},{c[1]}": [h[1] for h in hs] for c, hs in p.helpers.items()},
                "discarded": len(p.discarded), "bonus_done": p.bonus_done,
                "areas": self.area_view(p),
                "score": sum(self.breakdown(st, i).values()),
                "breakdown": self.breakdown(st, i),
            })
        pend = st.pending[0] if st.pending else None
        return {
            "game": "moon_river", "seat": seat, "n": st.n, "phase": st.phase,
            "to_act": self.to_act(st), "prompt": self.prompt(st), "current": st.current,
            "variant": st.variant, "scenario": st.scenario, "round": st.round, "final": st.final,
            "width": d.width, "depth": self.depth(st), "board_cell": list(d.board_cell),
            "column": [{"square": self.face_view(s), "ranchero": r} for s, r in zip(st.cur, st.cur_r, strict=True)],
            "next": [{"square": self.face_view(s), "ranchero": r} for s, r in zip(st.nxt, st.nxt_r, strict=True)],
            "acting_slot": st.slot, "pile": len(st.pile), "removed": len(st.removed),
            "saloon": [None if t is None else d.specialists[t] for t in st.saloon],
            "helper_piles": [len(pl) for pl in st.piles], "supply": st.supply,
            "bonus_left": [{"id": t, "sides": [self.face_view(f"{t}/0"), self.face_view(f"{t}/1")]}
                           for t in st.bonus_left],
            "parcels": st.parcels, "fresh": [list(c) for c in st.fresh],
            "pending": None if pend is None else {"kind": pend[0], "cell": [pend[1], pend[2]]},
            "effect_cell": None if st.effect_cell is None else list(st.effect_cell),
            "steps": st.steps, "place_order": st.place_order[:],
            "players": players,
        }

    def randomize_hidden(self, st: MoonState, observer: int, rng: Rng) -> MoonState:
        """Re-shuffle what nobody can see: the box and the helper piles."""
        s = st.clone()
        s.rng = Rng(rng.next_u64())
        rng.shuffle(s.pile)
        tokens = [t for pl in s.piles for t in pl]
        rng.shuffle(tokens)
        sizes = [len(pl) for pl in s.piles]
        s.piles = []
        for k in sizes:
            s.piles.append(tokens[:k])
            tokens = tokens[k:]
        return s

    # ---------------------------------------------------------- persistence
    def to_json(self, st: MoonState) -> dict:
        return {"version": self.STATE_VERSION, "game": "moon_river", "state": st.to_json()}

    def from_json(self, data: dict) -> MoonState:
        if not isinstance(data, dict) or data.get("game") != "moon_river":
            raise SaveError("not a Moon River state")
        if data.get("version") != self.STATE_VERSION:
            raise SaveError(f"Moon River state version {data.get('version')!r} is not supported")
        try:
            st = MoonState.from_json(data["state"])
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise SaveError(f"Moon River state is damaged ({e})") from None
        try:
            self.check_invariants(st)
        except (AssertionError, KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise SaveError(f"Moon River state is inconsistent ({e})") from None
        return st

    def clone(self, st: MoonState) -> MoonState:
        return st.clone()

    # ------------------------------------------------------------ invariants
    def check_invariants(self, st: MoonState) -> None:
        d = self.data
        assert st.n == len(st.players) and 2 <= st.n <= 4, "player count"
        squares = st.pile + [s for s in st.cur + st.nxt if s is not None] + st.removed
        for p in st.players:
            squares += p.held + p.discarded + [s for s in p.ranch.values() if "/" not in s]
        assert sorted(squares) == sorted(s.id for s in d.squares), "squares not conserved"
        cows = st.supply + sum(sum(p.cows.values()) for p in st.players)
        assert cows == d.cows, f"cows not conserved ({cows})"
        assert all(k > 0 for p in st.players for k in p.cows.values()), "empty cow entry"
        tokens = [t for t in st.saloon if t is not None] + [t for pl in st.piles for t in pl]
        tokens += [h[0] for p in st.players for hs in p.helpers.values() for h in hs]
        assert sorted(tokens) == list(range(len(d.specialists))), "helpers not conserved"
        tiles = st.bonus_left + st.bonus_lost + [s.split("/")[0] for p in st.players
                                                 for s in p.ranch.values() if "/" in s]
        assert sorted(tiles) == (sorted(t for t, _ in d.bonus_tiles) if st.n == 2 else []), "bonus tiles"
        depth = self.depth(st)
        for p in st.players:
            terr = R.terrain_map(d, p)
            assert all(R.in_grid(d, depth, c) for c in p.ranch), "a square off the grid"
            assert all(c in p.ranch and terr[c] in d.cow_terrains for c in p.cows), "a cow off pasture"
            assert all(c in p.ranch for c in p.helpers), "a helper off the ranch"
            if st.phase not in (OVER,) and p is not st.players[st.current]:
                assert len(p.held) <= R.board_of(d, p).storage, "storage over its limit"
            # every piece hangs on a bridge through other pieces (§3.4)
            bridges = set(R.board_of(d, p).bridges)
            assert all(g & bridges for g in R.groups(set(p.ranch))), "a piece not connected to a bridge"
            for c, hs in p.helpers.items():  # helpers stand on circles, with one of their sides up
                assert len(hs) <= R.face_of(d, p.ranch[c]).circles, "a helper without a circle"
                assert all(side in (COWBOY_SIDE, d.specialists[t]) for t, side in hs), "a helper's side"
            tiles_here = sum(1 for s in p.ranch.values() if "/" in s)
            assert tiles_here <= (1 if p.bonus_done else 0), "bonus tiles of one player"
        riders = [r for r in st.cur_r + st.nxt_r if r >= 0]
        assert all(riders.count(s) <= d.rancheros[st.n] for s in range(st.n)), "rancheros"
        if st.phase != OVER:
            assert self.legal_actions(st), "no legal action in a running game"
        else:
            assert all(k == 1 for p in st.players for k in p.cows.values()), "overpopulation"
            assert all(not p.held for p in st.players), "squares left in storage at the end"
            assert not st.pile and not riders, "the game ended early"
        r = self.result(st)
        assert all(r.scores[i] == sum(r.breakdown[i].values()) for i in range(st.n))

    # ------------------------------------------------------------------ bots
    def bot(self, level: str):
        from . import bots
        return bots.make(level)
