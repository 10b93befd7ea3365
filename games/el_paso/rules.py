"""El Paso rules (spec el_paso.md §3): towns, rounds, the sheriff, leaving waves.

Decision points (state.phase):
  decide - in turn order from the guard, each seat still in town plays a crime
           card face down ("play bank 7") or leaves ("leave");
  carry  - each leaver keeps up to its wave's number of tiles ("keep bank 4"),
           then exchanges the rest ("exchange"; reaching the limit exchanges at once:
           the table asks before sending such a keep);
  draw   - each seat that played refills its hand, one pile per card ("draw saloon").
Everything between decisions (reveal, dice, loot, bust, town end) happens
inside `perform` and is reported as events.
"""
from __future__ import annotations

from functools import cached_property

from games.core.action import Action
from games.core.contract import Config, GameInfo, Option, Result, Rules, rank_by
from games.core.errors import IllegalAction, SaveError
from games.core.events import Event
from games.core.rng import Rng

from .model import ElPasoData, default_data
from .state import AFTER_EMPTIED, AFTER_LEAVE, CARRY, DECIDE, DRAW, OVER, ElPasoState, PlayerState

INFO = GameInfo(
    id="el_paso",
    title_key="game.el_paso",
    min_players=2,
    max_players=5,
    options=(
        Option("loot_per_town", ("18", "20"), "18", "option.loot_per_town"),
        Option("emptied_carry", ("2", "wave"), "2", "option.emptied_carry"),
    ),
)


class _Tables:
    """Lookups derived once from the data, for the hot paths of bot games (thousands of
    actions a second): ids to indices and back, and every action a seat can ever be
    offered, built once and shared, since actions are immutable values."""

    def __init__(self, d: ElPasoData, seats: int):
        self.data = d
        nsites = len(d.sites)
        self.nsites = nsites
        self.site_ids = tuple(s.id for s in d.sites)
        self.site_index = {sid: i for i, sid in enumerate(self.site_ids)}
        self.card_site = tuple(d.card_site(c) for c in range(d.n_cards))
        self.card_value = tuple(d.card_value(c) for c in range(d.n_cards))
        # A card's action arguments (site id, value) and back.
        self.card_args = tuple((self.site_ids[self.card_site[c]], str(self.card_value[c]))
                               for c in range(d.n_cards))
        self.card_of = {args: c for c, args in enumerate(self.card_args)}
        # A tile's "keep" arguments (site id, value).
        self.tile_args = tuple((self.site_ids[s], str(v))
                               for s, v in zip(d.tile_site, d.tile_value, strict=True))
        self.town_has = tuple(tuple(sid in t.sites for sid in self.site_ids) for t in d.towns)
        self.play = [[Action(w, "play", a) for a in self.card_args] for w in range(seats)]
        self.keep = [[Action(w, "keep", a) for a in self.tile_args] for w in range(seats)]
        self.draw = [[Action(w, "draw", (sid,)) for sid in self.site_ids] for w in range(seats)]
        self.leave = [Action(w, "leave") for w in range(seats)]
        self.exchange = [Action(w, "exchange") for w in range(seats)]


class ElPasoRules(Rules):
    INFO = INFO
    STATE_VERSION = 1
    HIDDEN_EVENT_TYPES = frozenset({"card_drawn", "dice_rolled", "town_stocked", "cards_revealed"})

    def __init__(self, data: ElPasoData | None = None):
        self._data = data

    @property
    def data(self) -> ElPasoData:
        if self._data is None:
            self._data = default_data()
        return self._data

    @cached_property  # a plain attribute once made: read several times per action
    def tables(self) -> _Tables:
        return _Tables(self.data, INFO.max_players)

    def validate_data(self) -> list[str]:
        from .model import load
        load()
        return ["data/el_paso/components.yaml", "data/el_paso/board.yaml"]

    # ------------------------------------------------------------------ setup
    def setup(self, config: Config) -> ElPasoState:
        config = self.check_config(config)
        d = self.data
        n = len(config.seats)
        rng = Rng(config.seed)
        nsites = len(d.sites)
        st = ElPasoState(
            n=n, rng=rng, loot_per_town=int(config.options["loot_per_town"]),
            emptied_carry=config.options["emptied_carry"],
            players=[PlayerState(earned=[0] * (len(d.towns) + 1)) for _ in range(n)],
            bag=list(range(d.n_tiles)),
            stacks=[[] for _ in range(nsites)],
            draw=[[d.card_id(s, v) for v in d.card_values] for s in range(nsites)],
            discard=[[] for _ in range(nsites)],
        )
        for pile in st.draw:
            rng.shuffle(pile)
        for p in st.players:  # one card of each kind
            for s in range(nsites):
                p.hand.append(st.draw[s].pop())
            p.hand.sort()
        st.guard = rng.below(n)  # "who last visited a bank": the table picks at random
        self._start_town(st, [])
        return st

    # ------------------------------------------------------------ questions
    def to_act(self, st: ElPasoState) -> list[int]:
        return [] if st.phase == OVER else st.queue[:1]

    def is_over(self, st: ElPasoState) -> bool:
        return st.phase == OVER

    def legal_actions(self, st: ElPasoState, seat: int | None = None) -> list[Action]:
        if st.phase == OVER or not st.queue:
            return []
        who = st.queue[0]
        if seat is not None and seat != who:
            return []
        t = self.tables
        p = st.players[who]
        if st.phase == DECIDE:
            play = t.play[who]
            acts = [play[c] for c in p.hand]
            acts.append(t.leave[who])
            return acts
        if st.phase == CARRY:
            keep = t.keep[who]
            seen = set()
            acts = []
            for tile in p.loot:
                if tile in p.kept:
                    continue
                a = keep[tile]
                if a.args not in seen:  # one action per kind of tile (site, value)
                    seen.add(a.args)
                    acts.append(a)
            acts.append(t.exchange[who])
            return acts
        # DRAW
        draw = t.draw[who]
        return [draw[s] for s in range(t.nsites) if st.draw[s] or st.discard[s]]

    def is_legal(self, st: ElPasoState, a: Action) -> bool:
        """Answers as `a in legal_actions(st, a.seat)` would, without building the list:
        Match.apply asks once per action."""
        if st.phase == OVER or not st.queue or a.seat != st.queue[0] or type(a.args) is not tuple:
            return False
        t = self.tables
        p = st.players[a.seat]
        verb = a.verb
        if st.phase == DECIDE:
            if verb == "play":
                card = t.card_of.get(a.args)
                return card is not None and card in p.hand
            return verb == "leave" and a.args == ()
        if st.phase == CARRY:
            if verb == "keep":
                return any(t.tile_args[tile] == a.args and tile not in p.kept for tile in p.loot)
            return verb == "exchange" and a.args == ()
        if verb != "draw" or len(a.args) != 1:
            return False
        s = t.site_index.get(a.args[0])
        return s is not None and bool(st.draw[s] or st.discard[s])

    def _drawable(self, st: ElPasoState) -> bool:
        """Whether any pile, draw or discard, still holds a card."""
        return any(st.draw) or any(st.discard)

    def prompt(self, st: ElPasoState) -> tuple[str, dict]:
        if st.phase == OVER:
            return "prompt.el_paso.over", {}
        seat = st.queue[0]
        p = st.players[seat]
        if st.phase == DECIDE:
            return "prompt.el_paso.decide", {"seat": seat}
        if st.phase == CARRY:
            return "prompt.el_paso.carry_tiles", {"seat": seat, "limit": p.carry_limit,
                                                  "kept": len(p.kept)}
        return "prompt.el_paso.draw_cards", {"seat": seat, "missing": self.data.hand_size - len(p.hand)}

    # -------------------------------------------------------------- perform
    def perform(self, st: ElPasoState, a: Action) -> list[Event]:
        ev: list[Event] = []
        t = self.tables
        seat, verb = a.seat, a.verb
        p = st.players[seat]
        if verb == "play":
            card = t.card_of[a.args]
            p.hand.remove(card)
            p.played = card
            p.decided = True
            ev.append(Event("card_played", {"seat": seat, "site": a.args[0], "value": t.card_value[card]},
                            private_to=(seat,), public_args={"seat": seat}))
            self._next_decider(st, ev)
        elif verb == "leave":
            p.decided = True
            p.in_town = False
            ev.append(Event("decided_leave", {"seat": seat}))
            self._next_decider(st, ev)
        elif verb == "keep":
            tile = next(x for x in p.loot if x not in p.kept and t.tile_args[x] == a.args)
            p.kept.append(tile)
            ev.append(Event("tile_kept", {"seat": seat, "site": a.args[0],
                                          "value": t.data.tile_value[tile]}))
            if len(p.kept) >= p.carry_limit or len(p.kept) == len(p.loot):
                self._finish_carry(st, seat, ev)
        elif verb == "exchange":
            self._finish_carry(st, seat, ev)
        elif verb == "draw":
            self._draw_card(st, seat, t.site_index[a.args[0]], ev)
            if len(p.hand) >= t.data.hand_size or not self._drawable(st):
                st.queue.pop(0)
                self._advance_draw(st, ev)
        else:  # pragma: no cover - legal_actions never offers another verb
            raise IllegalAction(f"unknown verb {a.verb}")
        return ev

    # ---------------------------------------------------------- town cycle
    def _start_town(self, st: ElPasoState, ev: list[Event]) -> None:
        d = self.data
        town = d.towns[st.town]
        st.round = 0
        st.sheriff = 0
        st.wave = 0
        st.last_roll = []
        st.revealed = []
        st.bust = False
        for p in st.players:
            p.in_town = True
        k = min(st.loot_per_town, len(st.bag))
        drawn = []
        for _ in range(k):
            drawn.append(st.bag.pop(st.rng.below(len(st.bag))))
        returned = 0
        has = self.tables.town_has[st.town]
        for t in drawn:
            if has[d.tile_site[t]]:
                st.stacks[d.tile_site[t]].append(t)
            else:
                st.bag.append(t)
                returned += 1
        for s in st.stacks:  # lowest value on top (last), higher underneath
            s.sort(key=lambda t: -d.tile_value[t])
        ev.append(Event("town_stocked", {"town": town.id, "drawn": k, "returned": returned,
                                         "guard": st.guard}))
        if not any(st.stacks):  # nothing to rob: everyone rides on as from an emptied town
            self._town_emptied(st, ev)
            return
        self._start_round(st, ev)

    def _start_round(self, st: ElPasoState, ev: list[Event]) -> None:
        st.round += 1
        for p in st.players:
            p.played = None
            p.decided = False
        st.phase = DECIDE
        st.queue = [s for s in self._clockwise_from_guard(st) if st.players[s].in_town]
        ev.append(Event("round_started", {"round": st.round}))

    def _clockwise_from_guard(self, st: ElPasoState) -> list[int]:
        return [(st.guard + i) % st.n for i in range(st.n)]

    def _next_decider(self, st: ElPasoState, ev: list[Event]) -> None:
        st.queue.pop(0)
        if st.queue:
            return
        leavers = [s for s in self._clockwise_from_guard(st)
                   if st.players[s].decided and not st.players[s].in_town]
        if leavers:
            st.wave += 1  # everyone leaving in the same round is one wave
            for s in leavers:
                st.players[s].carry_limit = st.wave
            ev.append(Event("wave_left", {"seats": leavers, "wave": st.wave}))
            self._begin_carry(st, leavers, AFTER_LEAVE, ev)
        else:
            self._resolve_round(st, ev)

    def _begin_carry(self, st: ElPasoState, seats: list[int], reason: str, ev: list[Event]) -> None:
        st.carry_reason = reason
        st.phase = CARRY
        st.queue = []
        for s in seats:
            p = st.players[s]
            p.kept = []
            if p.loot:
                st.queue.append(s)
            else:
                p.carry_limit = 0
                ev.append(Event("left_empty", {"seat": s}))
        if not st.queue:
            self._after_carry(st, ev)

    def _finish_carry(self, st: ElPasoState, seat: int, ev: list[Event]) -> None:
        d = self.data
        p = st.players[seat]
        town = d.towns[st.town]
        has = self.tables.town_has[st.town]
        gone = [t for t in p.loot if t not in p.kept]
        local = sum(d.tile_value[t] for t in gone if has[d.tile_site[t]])
        foreign = sum(d.tile_value[t] for t in gone if not has[d.tile_site[t]])
        gained = local // town.rate + foreign
        p.nuggets += gained
        p.earned[st.town] += gained
        p.loot = p.kept[:]
        st.bag.extend(gone)
        if gone:
            ev.append(Event("exchanged", {
                "seat": seat, "town": town.id, "tiles": len(gone), "local": local,
                "rate": town.rate, "foreign": foreign, "nuggets": gained, "carried": len(p.kept)}))
        p.kept = []
        p.carry_limit = 0
        st.queue.pop(0)
        if not st.queue:
            self._after_carry(st, ev)

    def _after_carry(self, st: ElPasoState, ev: list[Event]) -> None:
        if st.carry_reason == AFTER_EMPTIED:
            self._end_town(st, ev)
        else:
            self._resolve_round(st, ev)

    def _resolve_round(self, st: ElPasoState, ev: list[Event]) -> None:
        d = self.data
        t = self.tables
        robbers = [s for s in self._clockwise_from_guard(st) if st.players[s].in_town]
        if not robbers:
            self._end_town(st, ev)
            return
        st.revealed = [[s, st.players[s].played] for s in robbers]
        ev.append(Event("cards_revealed", {"plays": [
            [s, t.card_args[c][0], t.card_value[c]] for s, c in st.revealed]}))
        for s, c in st.revealed:  # one line each in the log: which cards, not only that they are up
            ev.append(Event("card_revealed", {"seat": s, "site": t.card_args[c][0], "value": t.card_value[c]}))
        rolled = [d.dice_faces[st.rng.below(len(d.dice_faces))]
                  for _ in range(d.dice_count - st.sheriff)]
        stars = rolled.count("star")
        st.sheriff += stars
        st.last_roll = rolled
        ev.append(Event("dice_rolled", {"faces": rolled, "stars": stars, "sheriff": st.sheriff,
                                        "guard": st.guard}))
        if st.sheriff >= d.dice_count:
            st.bust = True
            lost = []
            for s in robbers:
                p = st.players[s]
                lost.append([s, len(p.loot)])
                st.bag.extend(p.loot)
                p.loot = []
            ev.append(Event("bust", {"lost": lost}))
        else:
            self._distribute(st, robbers, rolled, ev)
        for s in robbers:  # played cards go face up onto their own kind's pile
            c = st.players[s].played
            st.discard[t.card_site[c]].append(c)
            st.players[s].played = None
        st.phase = DRAW
        st.queue = [s for s in robbers if len(st.players[s].hand) < d.hand_size]
        self._advance_draw(st, ev)

    def _distribute(self, st: ElPasoState, robbers: list[int], rolled: list[str],
                    ev: list[Event]) -> None:
        d = self.data
        t = self.tables
        has = t.town_has[st.town]
        plays_at: dict[int, list[tuple[int, int]]] = {}  # site -> (card value, seat)
        for s in robbers:
            c = st.players[s].played
            plays_at.setdefault(t.card_site[c], []).append((t.card_value[c], s))
        for si in sorted(plays_at):
            site = d.sites[si]
            plays = sorted(plays_at[si], reverse=True)
            if not has[si]:
                for _, s in plays:
                    ev.append(Event("loot_missed", {"seat": s, "site": site.id, "why": "no_site"}))
                continue
            if site.needs and site.needs not in rolled:
                for _, s in plays:
                    ev.append(Event("loot_missed", {"seat": s, "site": site.id,
                                                    "why": "no_" + site.needs}))
                continue
            stack = st.stacks[si]
            for _, s in plays:  # highest card first takes the top (lowest) tile
                if stack:
                    tile = stack.pop()
                    st.players[s].loot.append(tile)
                    ev.append(Event("loot_taken", {"seat": s, "site": site.id,
                                                   "value": d.tile_value[tile]}))
                else:
                    ev.append(Event("loot_missed", {"seat": s, "site": site.id, "why": "empty"}))

    def _draw_card(self, st: ElPasoState, seat: int, site: int, ev: list[Event]) -> None:
        t = self.tables
        sid = t.site_ids[site]
        if not st.draw[site]:
            # turn the discard pile over without shuffling: the first card discarded
            # (bottom of the face-up pile) becomes the top of the new draw pile
            st.draw[site] = st.discard[site][::-1]
            st.discard[site] = []
            ev.append(Event("pile_turned", {"site": sid}))
        card = st.draw[site].pop()
        hand = st.players[seat].hand
        hand.append(card)
        hand.sort()
        ev.append(Event("card_drawn", {"seat": seat, "site": sid, "value": t.card_value[card]},
                        private_to=(seat,), public_args={"seat": seat, "site": sid}))

    def _advance_draw(self, st: ElPasoState, ev: list[Event]) -> None:
        if not self._drawable(st):
            st.queue = []
        if st.queue:
            return
        if st.bust:
            self._end_town(st, ev)
        elif not any(st.stacks):
            self._town_emptied(st, ev)
        else:
            self._start_round(st, ev)

    def _town_emptied(self, st: ElPasoState, ev: list[Event]) -> None:
        stayers = [s for s in self._clockwise_from_guard(st) if st.players[s].in_town]
        limit = 2 if st.emptied_carry == "2" else max(2, st.wave + 1)
        for s in stayers:
            st.players[s].in_town = False
            st.players[s].carry_limit = limit
        ev.append(Event("town_emptied", {"seats": stayers, "carry": limit}))
        if stayers:
            self._begin_carry(st, stayers, AFTER_EMPTIED, ev)
        else:
            self._end_town(st, ev)

    def _end_town(self, st: ElPasoState, ev: list[Event]) -> None:
        d = self.data
        for s in st.stacks:
            st.bag.extend(s)
            s.clear()
        for p in st.players:
            p.in_town = False
            p.played = None
        ev.append(Event("town_ended", {"town": d.towns[st.town].id, "bust": st.bust}))
        st.town += 1
        st.guard = (st.guard + 1) % st.n  # the dice pass to the left-hand neighbour
        if st.town < len(d.towns):
            self._start_town(st, ev)
            return
        for seat, p in enumerate(st.players):  # final exchange 1:1
            value = sum(d.tile_value[t] for t in p.loot)
            p.nuggets += value
            p.earned[len(d.towns)] += value
            st.bag.extend(p.loot)
            ev.append(Event("final_exchange", {"seat": seat, "tiles": len(p.loot), "nuggets": value}))
            p.loot = []
        st.phase = OVER
        st.queue = []
        st.town = len(d.towns) - 1
        r = self.result(st)
        ev.append(Event("game_over", {"winners": r.winners, "scores": r.scores}))

    def reveals_hidden(self, events: list[Event]) -> bool:
        # The base's answer, as a plain loop: Match.apply asks after every action.
        hidden = self.HIDDEN_EVENT_TYPES
        for e in events:
            if e.type in hidden:
                return True
        return False

    # -------------------------------------------------------------- results
    def result(self, st: ElPasoState) -> Result:
        d = self.data
        cats = [f"town.{t.id}" for t in d.towns] + ["category.final_exchange"]
        breakdown = [dict(zip(cats, p.earned, strict=True)) for p in st.players]
        scores = [p.nuggets for p in st.players]
        ranks = rank_by([(s,) for s in scores])
        winners = [i for i, r in enumerate(ranks) if r == 1]
        return Result(cats, breakdown, scores, ranks, winners,
                      "tiebreak.shared" if len(winners) > 1 else "none")

    # ------------------------------------------------------------------ view
    def view(self, st: ElPasoState, seat: int | None) -> dict:
        d = self.data

        def card(c):
            return {"site": d.sites[d.card_site(c)].id, "value": d.card_value(c)}

        def tile(t):
            return {"site": d.sites[d.tile_site[t]].id, "value": d.tile_value[t]}

        players = []
        for i, p in enumerate(st.players):
            players.append({
                "seat": i, "nuggets": p.nuggets, "earned": p.earned[:],
                "loot": [tile(t) for t in p.loot], "hand_count": len(p.hand),
                "in_town": p.in_town, "decided": p.decided,
                "has_played": p.played is not None and st.phase == DECIDE,
                "carry_limit": p.carry_limit, "kept": [tile(t) for t in p.kept],
            })
        v = {
            "game": "el_paso", "seat": seat, "n": st.n, "phase": st.phase,
            "to_act": self.to_act(st), "prompt": self.prompt(st),
            "town": d.towns[st.town].id, "town_index": st.town, "round": st.round,
            "rate": d.towns[st.town].rate, "town_sites": sorted(d.towns[st.town].sites),
            "guard": st.guard, "sheriff": st.sheriff, "last_roll": st.last_roll[:],
            "wave": st.wave, "bag": len(st.bag),
            "stacks": {d.sites[i].id: [d.tile_value[t] for t in s] for i, s in enumerate(st.stacks)},
            "draw": {d.sites[i].id: len(s) for i, s in enumerate(st.draw)},
            "discard": {d.sites[i].id: [d.card_value(c) for c in s]
                        for i, s in enumerate(st.discard)},
            "revealed": [[s, card(c)] for s, c in st.revealed],
            "players": players,
        }
        if seat is not None:
            me = st.players[seat]
            v["hand"] = [card(c) for c in me.hand]
            v["my_played"] = card(me.played) if me.played is not None and st.phase == DECIDE else None
        return v

    def randomize_hidden(self, st: ElPasoState, observer: int, rng: Rng) -> ElPasoState:
        """A state `observer` cannot tell apart from `st`: other seats' card values,
        unrevealed played cards and the draw piles' order re-dealt, fresh dice."""
        d = self.data
        s = st.clone()
        s.rng = Rng(rng.next_u64())
        nv = len(d.card_values)
        others = [i for i in range(s.n) if i != observer]
        # A face-down card could have been any card of that seat's hand.
        for i in others:
            p = s.players[i]
            if p.played is not None and s.phase == DECIDE:
                pool = p.hand + [p.played]
                k = rng.below(len(pool))
                p.played = pool.pop(k)
                p.hand = sorted(pool)
        # Kinds in hands are public (the draws are from named piles); values are not.
        for site in range(len(d.sites)):
            slots = []  # (container, index)
            for i in others:
                p = s.players[i]
                slots += [(p.hand, j) for j, c in enumerate(p.hand) if c // nv == site]
                if p.played is not None and p.played // nv == site and s.phase == DECIDE:
                    slots.append((p, None))
            slots += [(s.draw[site], j) for j in range(len(s.draw[site]))]
            vals = [c[j] if j is not None else c.played for c, j in slots]
            rng.shuffle(vals)
            for (c, j), v in zip(slots, vals, strict=True):
                if j is None:
                    c.played = v
                else:
                    c[j] = v
        for i in others:
            s.players[i].hand.sort()
        return s

    # ---------------------------------------------------------- persistence
    def to_json(self, st: ElPasoState) -> dict:
        return {"version": self.STATE_VERSION, "game": "el_paso", "state": st.to_json()}

    def from_json(self, data: dict) -> ElPasoState:
        if not isinstance(data, dict) or data.get("game") != "el_paso":
            raise SaveError("not an El Paso state")
        if data.get("version") != self.STATE_VERSION:
            raise SaveError(f"El Paso state version {data.get('version')!r} is not supported")
        try:
            return ElPasoState.from_json(data["state"])
        except (KeyError, TypeError, ValueError) as e:
            raise SaveError(f"El Paso state is damaged ({e})") from None

    def clone(self, st: ElPasoState) -> ElPasoState:
        return st.clone()

    # ------------------------------------------------------------ invariants
    def check_invariants(self, st: ElPasoState) -> None:
        d = self.data
        tiles = st.bag + [t for s in st.stacks for t in s] + [t for p in st.players for t in p.loot]
        assert sorted(tiles) == list(range(d.n_tiles)), "loot tiles not conserved"
        cards = ([c for s in st.draw for c in s] + [c for s in st.discard for c in s]
                 + [c for p in st.players for c in p.hand]
                 + [p.played for p in st.players if p.played is not None])
        assert sorted(cards) == list(range(d.n_cards)), "crime cards not conserved"
        assert 0 <= st.sheriff <= d.dice_count
        for p in st.players:
            assert p.nuggets == sum(p.earned), "nuggets differ from their breakdown"
            assert len(p.hand) <= d.hand_size
        for si, stack in enumerate(st.stacks):
            assert all(d.tile_site[t] == si for t in stack)
            vals = [d.tile_value[t] for t in stack]
            assert vals == sorted(vals, reverse=True), "stack not lowest-on-top"
        if st.phase != OVER:
            assert self.legal_actions(st), "no legal action in a running game"

    # ------------------------------------------------------------------ bots
    def bot(self, level: str):
        from . import bots
        return bots.make(level)
