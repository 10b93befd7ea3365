"""The job market and the Buenos Aires supply (spec gwt_argentina.md §2.1 steps 4-8, §3.6.4,
§3.8.1, §3.12): the bags, the foresight spaces, farmer tokens going to their zones, worker
tokens filling the job market row by row, the job-market token moving down and the arrows
it passes, hiring from the market, and the end of the game.

State (games/gwt_argentina/state.py): `st.jm` is the grid, one list of 4 per row (column 0
is the 4-player column); `st.jm_row` the row the job-market token lies in (it covers that
row's last space), None once it has left along the red arrow; `st.jm_holder` the seat that
took it. An arrow passed while the token moves down is queued in `st.events_due` and runs
right after the action that moved it (`run_events_due`):

  "cattle"         yellow arrow: the cattle market is refilled (`refill_market`)
  "sail:<group>"   blue arrow: the ships of that colour group sail: their discs go to the
                   ships' docks, the ships leave, 2 ships come from the stack
  "end"            red arrow: the active seat takes the token (+2 VP at the end) and every
                   other seat has one last turn (`st.final`)

Choices beyond the rulebook's text (spec §4 G17): an empty bag leaves its foresight space
empty; a farmer token whose zone is full leaves the game (it goes to `st.box`); an empty
ship stack brings fewer ships.
"""
from __future__ import annotations

from games.core.events import Event

WORKER, FARMER = "worker", "farmer"
SAIL = "sail:"
LETTERS = ("A", "B", "C")


class JobMarketMixin:
    # ---- the grid ----------------------------------------------------------------
    def jm_first_column(self, st) -> int:
        """The leftmost column in use for this player count (4: 0, 3: 1, 2: 2)."""
        jm = self.data.job_market
        n = min(max(st.n, min(jm.first_column)), max(jm.first_column))
        return jm.first_column[n]

    def setup_job_market(self, st) -> None:
        """§2.1 steps 4 and 7: the token on its starting row's last space; bag B tokens fill
        the rows above it from the player-count column, then its row up to the space left
        of the token (5/8/11 workers for 2/3/4 players)."""
        jm = self.data.job_market
        cols = jm.columns
        st.jm = [[None] * cols for _ in jm.rows]
        st.jm_row = jm.start_row
        st.jm_holder = None
        first = self.jm_first_column(st)
        bag = st.bags["B"]
        for r in range(jm.start_row + 1):
            last = cols - 1 if r == jm.start_row else cols
            for c in range(first, last):
                if bag:
                    st.jm[r][c] = bag.pop()

    def jm_workers(self, st) -> int:
        return sum(1 for row in st.jm for t in row if t is not None)

    # ---- foresight and the bags ------------------------------------------------------
    def refill_foresight(self, st, ev: list[Event] | None = None) -> None:
        """Every empty foresight space gets a token from the bag of its letter (an empty
        bag leaves the space empty)."""
        drawn = []
        for letter in LETTERS:
            slots = st.foresight.setdefault(letter, [None, None])
            bag = st.bags.get(letter, [])
            for i, t in enumerate(slots):
                if t is None and bag:
                    slots[i] = bag.pop()
                    drawn.append(slots[i])
        if drawn and ev is not None:
            ev.append(Event("gwta_foresight_refill", {"tokens": drawn}))

    def farmer_space(self, st, colour: str) -> str | None:
        """The empty space with the lowest number in a farmer zone, or None (full)."""
        return next((node for node in self.data.farmer_zones[colour] if node not in st.farmers), None)

    def place_farmer(self, st, token: str, ev: list[Event] | None = None, seat: int | None = None) -> str | None:
        """A farmer token onto the lowest empty space of its zone (under any herders there);
        a full zone: the token leaves the game. Returns the space or None."""
        colour = self.data.tokens[token].type
        node = self.farmer_space(st, colour)
        if node is None:
            st.box.append(token)
        else:
            st.farmers[node] = token
        if ev is not None:
            if node is None:
                ev.append(Event("gwta_farmer_out", {"seat": seat, "token": token, "colour": colour}))
            else:
                number = self.data.farmer_zones[colour].index(node) + 1
                ev.append(Event("gwta_farmer", {"seat": seat, "token": token, "node": node, "colour": colour,
                                                "number": number}))
        return node

    def setup_farmers(self, st, count: int = 5) -> None:
        """§2.1 step 6: `count` tokens from bag A onto their zones; a token whose zone is
        full goes back into the bag (at random) and another is drawn."""
        bag = st.bags["A"]
        placed = tries = 0
        while placed < count and bag and tries < 10 * count + len(bag):
            tries += 1
            t = bag.pop()
            if self.farmer_space(st, self.data.tokens[t].type) is None:
                bag.insert(st.rng.below(len(bag) + 1), t)
                continue
            self.place_farmer(st, t)
            placed += 1

    # ---- workers onto the market; the token moves down ------------------------------
    def place_worker(self, st, seat: int, token: str, ev: list[Event]) -> None:
        """§3.6.4: a worker token onto the next free space of the token's row; onto the
        token's own space, the token moves down a row (the arrow passed is queued)."""
        row = st.jm_row
        cells = st.jm[row]
        col = next(c for c in range(self.jm_first_column(st), len(cells)) if cells[c] is None)
        cells[col] = token
        ev.append(Event("gwta_jm_worker", {"seat": seat, "token": token, "worker": self.data.tokens[token].type,
                                           "row": row, "col": col, "number": row + 1}))
        if col == len(cells) - 1:
            self.move_jm_token(st, ev)

    def move_jm_token(self, st, ev: list[Event]) -> None:
        rows = self.data.job_market.rows
        row = st.jm_row
        after = rows[row].after
        st.jm_row = row + 1 if row + 1 < len(rows) else None
        if after:
            st.events_due.append(after)
        elif st.jm_row is None:
            st.events_due.append("end")
        if st.jm_row is not None:
            ev.append(Event("gwta_jm_token", {"row": st.jm_row, "arrow": after, "number": st.jm_row + 1}))

    def run_events_due(self, st, seat: int, ev: list[Event]) -> None:
        """The arrows passed during the action just finished, in order."""
        while st.events_due:
            e = st.events_due.pop(0)
            if e == "cattle":
                drawn = self.refill_market(st) or []
                ev.append(Event("gwta_refill", {"added": len(drawn), "cards": list(drawn)}))
            elif e.startswith(SAIL):
                self.sail(st, e[len(SAIL):], ev)
            elif e == "end":
                self.end_trigger(st, seat, ev)

    def sail(self, st, group: str, ev: list[Event]) -> None:
        """§3.6.4 blue arrow: the loading area's ships of `group` sail; every disc on them
        goes to the ship's dock; 2 ships from the stack join the loading area."""
        d = self.data
        gone = [s for s in st.ships if d.ships[s].group == group]
        moved = []
        for s in gone:
            dock = d.ships[s].dock
            for seat in st.ship_discs.get(s, []):
                st.docks.setdefault(dock, []).append(seat)
                moved.append([seat, dock])
            st.ship_discs[s] = []
            st.ships.remove(s)
            st.sailed.append(s)
        ev.append(Event("gwta_sail", {"group": group, "ships": gone, "discs": moved}))
        drawn = [st.ship_stack.pop() for _ in range(min(d.ships_drawn, len(st.ship_stack)))]
        for s in drawn:
            st.ship_discs.setdefault(s, [])
        st.ships = sorted(st.ships + drawn, key=lambda s: (d.ships[s].value, s))
        if drawn:
            ev.append(Event("gwta_ships", {"ships": drawn,
                                           "values": ", ".join(str(d.ships[s].value) for s in drawn)}))

    def end_trigger(self, st, seat: int, ev: list[Event]) -> None:
        """§3.12: the token leaves along the red arrow to the active seat; this is its last
        turn, every other seat takes one more."""
        st.jm_row = None
        st.jm_holder = seat
        st.final = [(seat + i) % st.n for i in range(1, st.n)]
        ev.append(Event("gwta_end_triggered", {"seat": seat}))

    def game_ending(self, st) -> bool:
        return st.jm_holder is not None

    def workers_open(self, st) -> bool:
        """Whether a worker token may still be placed (the token is still in the market)."""
        return st.jm_row is not None

    # ---- hiring (§3.8.1) -----------------------------------------------------------
    def hire_cost(self, st, row: int, token: str, modifier: int) -> int:
        """The row's cost, the icon's modifier, +1 for a stamina icon; never below 0."""
        tok = self.data.tokens[token]
        return max(0, self.data.job_market.rows[row].cost + modifier + (1 if tok.stamina else 0))

    def jm_find(self, st, token: str) -> tuple[int, int] | None:
        for r, row in enumerate(st.jm):
            for c, t in enumerate(row):
                if t == token:
                    return r, c
        return None

    def row_room(self, p: dict, wtype: str) -> bool:
        return self.row_count(p, wtype) < len(self.data.worker_rows[wtype])

    def hire_options(self, st, seat: int, modifier: int, money: int | None = None) -> list[tuple]:
        """("<token>",) for every worker hireable now: not in the token's row, its row in
        the worker area not full, the cost payable."""
        p = st.players[seat]
        money = p["money"] if money is None else money
        out = []
        for r, row in enumerate(st.jm):
            if r == st.jm_row:
                continue
            for t in row:
                if t is None or not self.row_room(p, self.data.tokens[t].type):
                    continue
                if self.hire_cost(st, r, t, modifier) <= money:
                    out.append((t,))
        return out

    def hire_worker(self, st, seat: int, token: str, modifier: int, ev: list[Event]) -> None:
        p = st.players[seat]
        r, c = self.jm_find(st, token)
        cost = self.hire_cost(st, r, token, modifier)
        p["money"] -= cost
        st.jm[r][c] = None
        wtype = self.data.tokens[token].type
        ev.append(Event("gwta_hire", {"seat": seat, "token": token, "worker": wtype, "cost": cost}))
        self.add_worker(st, seat, wtype, token, ev)

    def opt_hire_worker(self, st, seat, p, a, money):
        return self.hire_options(st, seat, int(a.get("modifier", 0) or 0), money)

    def run_hire_worker(self, st, seat, p, a, args, ev):
        self.hire_worker(st, seat, args[0], int(a.get("modifier", 0) or 0), ev)
