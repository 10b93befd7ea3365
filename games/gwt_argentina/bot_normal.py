"""The normal bot of Great Western Trail: Argentina: a short look-ahead over its own turn.

Each decision is tried on a copy of the position in which everything hidden from the seat
(its deck order, the other hands, the bags, the market deck, the ship stack) is dealt again
at random, so the bot never reads what it could not see. Every legal action is played on
that copy and the result is rated by `Evaluator` (victory points now plus what the seat's
resources are worth later, in VP); the best few are followed a few decisions deeper while
the turn is still the seat's, taking the best line found.

The evaluator carries the plan: a hand of distinct, valuable breeds for the next income in
Buenos Aires (and the ship that total reaches), certificates and grain for loading and
special deliveries, cattle of high breeding value in the deck, exhaustion cards as a cost,
removed disc spaces by the use of their ability (hand and step limits first), workers by a
wanted mix (gauchos, maquinistas, carpinteros), buildings, the locomotive's position,
farmers, tokens; all of the future parts shrink as the job market nears its end.
"""
from __future__ import annotations

from games.core.bots import Bot
from games.core.rng import Rng

from . import scoring

HAND = 0.45         # VP per breeding value of the hand's distinct breeds (the next income)
STEP = 0.05         # VP per step moved (tempo)
PESO = 0.2          # VP per peso (5 pesos = 1 VP at the end)
DISC_VALUE = {"hand1": 2.2, "hand2": 2.0, "step1": 2.2, "step2": 1.6, "cert": 1.0, "stamina1": 0.8,
              "stamina2": 0.8, "aux1": 0.6, "aux2": 0.6}
WORKER_WANT = {"gaucho": 4.0, "maquinista": 3.6, "carpintero": 3.6, "granjero": 2.4}
# The look-ahead's size. A budget of 24 positions (4 root actions followed, beams 2, 1)
# scored ~46 VP a game against Pedro at Medium; 150 positions ~63, 250 with 8 root actions
# and beams 3, 2 ~67 (and won 39 of 40 two-player games against the 24-position bot, mean
# 65 to 38), at a decision p95 of 55-65 ms measured on a loaded 2-core machine (the limit
# is 100 ms): most of the strength is in seeing a turn's whole chain of actions. One
# decision deeper (LOOK 4) added ~1 VP at twice the time.
ROOT_KEEP = 8       # root actions followed deeper (every destination of a move)
LOOK = 3            # decisions looked ahead within the turn below the root
BEAMS = (3, 2)      # children followed at the first levels below the root; then the best one
BUDGET = 250        # positions tried per decision at most
FREE_VERBS = ("token", "play")
LOCO = 0.25         # VP per railroad space of the locomotive (stations ahead, ramps open)


class Evaluator:
    """The value of a position for one seat, in VP."""
    peso_early = 0.0    # VP a peso is worth beyond PESO at the start, shrinking to the end
    disc_value = DISC_VALUE    # a removed disc space's ability, at the game's start

    def __init__(self, rules):
        self.r = rules
        d = rules.data
        self.d = d
        self.obj_cache: dict = {}
        self.station_vp = {x.id: x.vp for x in d.railroad.stations}
        # each cattle card as (VP, exhausted, breeding value, breed): value() reads them all
        self.card_info = {c: (k.vp, k.role == "exhaustion", k.bv, k.breed) for c, k in d.cards.items()}
        self.n_owned = 0
        self.space_rank = self.rank_spaces()

    def rank_spaces(self) -> dict:
        """Building spaces by how surely a herder passes them: the detour from a shortest
        trail (start to Buenos Aires) through the space, then the nearer to the start."""
        d = self.d

        def dist(src, edges):
            out, todo = {src: 0}, [src]
            while todo:
                nxt = []
                for n in todo:
                    for m in edges.get(n, ()):
                        if m not in out:
                            out[m] = out[n] + 1
                            nxt.append(m)
                todo = nxt
            return out
        back: dict = {}
        for n, nx in d.succ.items():
            for m in nx:
                back.setdefault(m, []).append(n)
        ds, dc = dist(d.start_node, d.succ), dist(d.city, back)
        far = ds.get(d.city, 99)
        key = {n: (ds.get(n, 99) + dc.get(n, 99) - far, ds.get(n, 99), n) for n in d.building_spaces}
        return {n: i for i, n in enumerate(sorted(key, key=key.get))}

    def progress_left(self, st) -> float:
        """1.0 at the start, near 0 when the game is about to end."""
        if st.jm_row is None:        # the end is triggered: the last turns
            return 0.05
        total = max(1, len(st.jm))
        return max(0.05, 1.0 - st.jm_row / total)

    def value(self, st, seat: int) -> float:
        r, d = self.r, self.d
        p = st.players[seat]
        cards = p["deck"] + p["hand"] + p["discard"]
        # the herd: VP now, breeding value for later incomes, exhaustion as a cost
        bv = tired = dead = cattle_vp = 0
        breeds = set()
        herd = []
        objs = []
        info = self.card_info
        for c in cards:
            k = info.get(c)
            if k is None:
                dead += 1       # an objective card: a hand space until played
                objs.append(c)
                continue
            cattle_vp += k[0]
            if k[1]:
                tired += 1
            else:
                bv += k[2]
                breeds.add(k[3])
                herd.append(c)
        v = self.points(st, seat, p, objs, herd) + cattle_vp + p["money"] * PESO
        if st.phase == "over":
            return v
        f = self.progress_left(st)
        v += f * (0.22 * bv + 0.4 * len(breeds)) - (0.3 + 0.7 * f) * tired - 0.5 * f * dead
        # money buys buildings, workers and loading while the game is young (the hard
        # level's evaluator; skipped at 0, so the normal bot's sums are as they were)
        if self.peso_early:
            v += self.peso_early * f * p["money"]
        # the next income: the hand's distinct breeds (and certificates) reach a ship
        hv = r.hand_value(p)
        v += HAND * hv
        v += 0.35 * min(p["certs"], 6) + 0.35 * p["grain"]
        v += 0.25 * p["tokens"]
        # removed discs: their abilities while there is time to use them
        for x in p["removed"]:
            v += f * self.disc_value.get(x, 0.5)
        # workers beyond the printed ones
        for t, row in p["rows"].items():
            n = len(row) - 1
            v += f * WORKER_WANT.get(t, 1.0) * (min(n, 3) + 0.5 * max(0, n - 3))
        # discs on ships that will sail to a dock (dock VP later)
        for sh, seats in st.ship_discs.items():
            if seat in seats and sh in st.ships and d.ships[sh].group is not None:
                v += 1.5 * seats.count(seat)
        # the railroad: further is more stations ahead and ramps open
        loco = p["loco"]
        if loco.isdigit():
            v += f * LOCO * int(loco)
        # buildings: their actions and fees later
        v += f * 1.5 * self.n_owned
        # a Buenos Aires visit under way: the ship the total will reach
        if st.pending and st.current == seat:
            v += self.visit_potential(st, seat, p, hv)
        return v

    def points(self, st, seat: int, p: dict, objs: list, herd: list) -> float:
        """The score pad without the money and cattle rows (scoring.breakdown's other rows;
        objectives through a cache keyed by what they can be met with)."""
        r, d = self.r, self.d
        bd = 0
        ships = []
        for sh, seats in st.ship_discs.items():
            if seat in seats:
                ships += [sh] * seats.count(seat)
                if sh in st.ships:
                    bd += d.ships[sh].vp * seats.count(seat)
        mine = [b for b, s in st.bonus.items() if s == seat]
        bd += sum(d.bonus(b).vp for b in mine)
        bd += sum(d.dock(k).vp * seats.count(seat) for k, seats in st.docks.items() if seat in seats)
        owned = 0
        for b in st.built.values():
            if b["owner"] == seat:
                owned += 1
                bd += d.btype(b["type"]).sides[b["side"]][1]
        self.n_owned = owned
        stations = 0
        for sid, seats in st.stations.items():
            if seat in seats:
                k = seats.count(seat)
                stations += k
                bd += self.station_vp[sid] * k
        bd += d.farmer_vp * len(p["farmers"])
        if p["masters"]:
            bd += scoring.master_vp(r, st, seat)
        bd += r.workers_vp(p) + r.disc_vp(p)
        bd += d.job_market.token_vp if st.jm_holder == seat else 0
        if objs or p["objectives"]:
            key = (tuple(p["objectives"]), tuple(sorted(objs)), tuple(sorted(herd)), owned,
                   tuple(sorted(p["farmers"])), tuple(sorted(mine)), stations, tuple(sorted(ships)))
            got = self.obj_cache.get(key)
            if got is None:
                if len(self.obj_cache) > 20000:
                    self.obj_cache.clear()
                got = self.obj_cache[key] = scoring.objective_vp(r, st, seat)
            bd += got
        return float(bd)

    def visit_potential(self, st, seat, p, hv) -> float:
        k = st.pending[-1]["k"]
        if k == "ba_delivery" or k == "ba_income":
            total = hv + p["certs"] + self.r.perm_certs(p)
        elif k == "ba_load":
            total = st.pending[-1]["total"]
        else:
            return 0.0
        return self.best_ship(st, seat, p, total)

    def best_ship(self, st, seat, p, total) -> float:
        r, d = self.r, self.d
        best = 0.0
        for sh in st.ships:
            if not r.ship_open(st, seat, sh, total):
                continue
            s = d.ships[sh]
            w = s.vp + (1.5 if s.group is not None else 0.0) + (1.5 if s.acts else 0.0)
            need = r.loading_need(p, sh)
            short = max(0, need - p["grain"])
            w -= 0.35 * min(need, p["grain"]) + short * d.loading_penalty * PESO
            best = max(best, w)
        return best


class NormalBot(Bot):
    level = "normal"
    positions = BUDGET     # not `budget`: a match sets that on searching bots
    root_keep = ROOT_KEEP
    look, beams = LOOK, BEAMS
    evaluator_class = Evaluator    # the hard level judges with its own (knowledge.py)

    def __init__(self):
        self._eval = None
        self._left = 0
        self.last_ratings: list = []      # the last choice's actions and values, best first

    def evaluator(self, rules) -> Evaluator:
        if self._eval is None or self._eval.r is not rules:
            self._eval = self.evaluator_class(rules)
        return self._eval

    def choose(self, rules, st, seat, rng):
        acts = rules.legal_actions(st, seat)
        if len(acts) == 1:
            return acts[0]
        fixed = self.policy(rules, st, seat, acts)
        if fixed is not None:
            return fixed
        rng = rng or Rng(7)
        rated = self.rate(rules, st, self.sample(rules, st, seat, rng), seat, acts, self.positions)
        self.last_ratings = [(round(v, 2), a.text) for v, a in rated]
        return rated[0][1]

    def rate(self, rules, st, sample, seat: int, acts, positions: int) -> list:
        """[(value, action)] best first: each (pruned) action played on `sample`, the
        best followed deeper within `positions` positions in all (`st` gives the biases)."""
        ev = self.evaluator(rules)
        self._left = positions
        rated = []
        acts = self.prune(acts)
        snap = (type(sample), sample.snapshot())
        for i, a in enumerate(acts):
            child = self._child(rules, snap, a)
            v = ev.value(child, seat) + self.bias(rules, st, seat, a)
            rated.append([v, i, a, child])
        rated.sort(key=lambda x: (-x[0], x[1]))
        keep = len(rated) if acts[0].verb == "move" else self.root_keep
        deep = [row for row in rated[:keep] if row[2].verb not in FREE_VERBS]
        total = max(0, positions - len(acts))
        for i, row in enumerate(deep):
            self._left = share = total // (len(deep) - i)     # an even share of what is left
            deeper = self.search(rules, row[3], seat, self.look, self.beams)
            total -= share - max(0, self._left)
            row[0] = max(row[0], deeper + self.bias(rules, st, seat, row[2]))
        rated.sort(key=lambda x: (-x[0], x[1]))
        return [(x[0], x[2]) for x in rated]

    def sample(self, rules, st, seat: int, rng):
        """The position the look-ahead plays on: the hidden parts dealt again."""
        return rules.randomize_hidden(self.canonical(st, seat), seat, Rng(rng.next_u64()))

    @staticmethod
    def canonical(st, seat: int):
        """A copy with every order the seat cannot see sorted (its deck, the other hands
        and decks, the stacks, the bags), so the dealt sample depends on what it knows only."""
        c = st.clone()
        for i, p in enumerate(c.players):
            if p.get("pedro") is not None:      # the solo opponent: his piles' order
                for pile in ("deck", "loading"):
                    if isinstance(p["pedro"].get(pile), list):
                        p["pedro"][pile].sort()
            elif i == seat:
                p["deck"].sort()
            else:
                pool = sorted(p["hand"] + p["deck"])
                p["hand"], p["deck"] = pool[:len(p["hand"])], pool[len(p["hand"]):]
        for name in ("obj_stack", "cattle_deck", "ship_stack"):
            getattr(c, name).sort()
        for bag in c.bags.values():
            bag.sort()
        return c

    def prune(self, acts):
        """A new building's options: only the best-ranked empty space for each tile."""
        rank = self._eval.space_rank
        best: dict = {}
        for a in acts:
            if a.verb == "do" and len(a.args) == 4 and a.args[1] == "place":
                key = (a.args[0], a.args[2])
                if key not in best or rank.get(a.args[3], 99) < rank.get(best[key].args[3], 99):
                    best[key] = a
        if not best:
            return acts
        keep = set(best.values())
        return [a for a in acts if a in keep or not (a.verb == "do" and len(a.args) == 4 and a.args[1] == "place")]

    def _child(self, rules, snap: tuple, a):
        """The position after `a` from its parent's (class, snapshot), taken once for all
        its children."""
        cls, blob = snap
        c = cls.restore(blob)
        rules.perform(c, a)
        self._left -= 1
        return c

    def search(self, rules, st, seat, steps, beams):
        """The best value the seat reaches by its own next decisions this turn, from `st`
        (which it may change). Decisions with a fixed policy (helping farmers) and using
        the location reached are played out on `st` itself; a new move ends the look."""
        ev = self._eval
        for _ in range(12):
            if st.phase != "play" or st.current != seat or not st.pending:
                return ev.value(st, seat)
            top = st.pending[-1]
            if top["k"] == "move":
                return ev.value(st, seat)
            acts = rules.legal_actions(st, seat)
            fixed = self.policy(rules, st, seat, acts)
            if fixed is None and top["k"] == "act":
                fixed = next((a for a in acts if a.verb == "use"), None)
            if fixed is None:
                break
            rules.perform(st, fixed)
        else:
            return ev.value(st, seat)
        here = ev.value(st, seat)
        if steps <= 0 or self._left <= 0:
            return here
        kids = []
        snap = None
        for a in self.prune(acts):
            if a.verb in FREE_VERBS:
                continue
            if self._left <= 0:
                break
            if snap is None:
                snap = (type(st), st.snapshot())
            c = self._child(rules, snap, a)
            kids.append((ev.value(c, seat), len(kids), c))
        if not kids:
            return here
        kids.sort(key=lambda x: (-x[0], x[1]))
        best = kids[0][0]
        width = beams[0] if beams else 1
        for _v, _i, c in kids[:width]:
            best = max(best, self.search(rules, c, seat, steps - 1, beams[1:]))
        return best

    # ---- fixed policies ------------------------------------------------------------
    def policy(self, rules, st, seat, acts):
        """The action of a decision played by a rule of thumb (None: rated by search)."""
        if not st.pending:
            return None
        k = st.pending[-1]["k"]
        if k == "help":
            return self.help_action(rules, st, seat, acts)
        return None

    def help_action(self, rules, st, seat, acts):
        """Helping farmers: the number of farmers whose VP and pesos beat the exhaustion
        and the hand cards the stamina costs; the farmers needing least stamina, the
        cards giving most stamina for least hand value."""
        d = rules.data
        p = st.players[seat]
        top = st.pending[-1]
        picked, revealed, bonus = top["picked"], top["revealed"], top["bonus"]
        have = rules.help_stamina(st, seat, bonus, revealed)
        need = sum(rules.farmer_need(st, n) for n in picked)
        offered = {a.args[0]: a for a in acts if a.verb == "farmer"}
        reveal = {a.args[0]: a for a in acts if a.verb == "reveal"}
        done = next((a for a in acts if a.verb == "done"), None)
        hand = rules.unrevealed(p, revealed)
        counts = {}
        for c in p["hand"]:
            counts[d.breed_of(c)] = counts.get(d.breed_of(c), 0) + 1

        def loss(c):
            return 0.25 if counts.get(d.breed_of(c), 0) > 1 else 0.45 * d.cards[c].bv + 0.2

        cards = sorted((c for c in hand if c in reveal), key=lambda c: (-d.cards[c].stamina, loss(c), c))
        room = d.help_cards_max - len(revealed)
        farmers = sorted(offered, key=lambda n: (rules.farmer_need(st, n),
                                                 -(st.farm_pesos.get(n, 0) + d.farmer_pesos.get(n, 0)), n))
        best = None
        for k in range(0, min(len(farmers), top["max"] - len(picked)) + 1):
            if not picked and k == 0:
                continue
            goal = need + sum(rules.farmer_need(st, n) for n in farmers[:k])
            got, r = have, 0
            while got < goal and r < min(room, len(cards)):
                got += d.cards[cards[r]].stamina
                r += 1
            if got < goal:
                break
            gain = sum(2.4 + PESO * (st.farm_pesos.get(n, 0) + d.farmer_pesos.get(n, 0)) for n in farmers[:k])
            tired = rules.help_exhaustion(len(revealed) + r) - rules.help_exhaustion(len(revealed))
            value = gain - 2.8 * tired - sum(loss(c) for c in cards[:r])
            if best is None or value > best[0]:
                best = (value, k, r)
        if best is not None:
            _, k, r = best
            if k > 0 and farmers[0] in offered:
                return offered[farmers[0]]
            if r > 0 and cards:
                return reveal[cards[0]]
        if done is not None:
            return done
        return (reveal[cards[0]] if cards else None) or next(iter(offered.values()), None) or acts[0]

    def bias(self, rules, st, seat, a) -> float:
        """Cheap preferences the position's value does not see."""
        if a.verb == "move":
            return STEP * self._steps(rules, st, seat, a.args[0])
        if a.verb == "token":
            return -0.3
        if a.verb == "foresight":
            # foresight: a worker the seat wants to the job market, else a farmer near the start
            d = rules.data
            token = st.foresight[st.pending[-1]["letter"]][int(a.args[0])]
            t = d.tokens[token]
            if t.kind == "worker":
                p = st.players[seat]
                return 0.05 * WORKER_WANT.get(t.type, 1.0) / len(p["rows"].get(t.type, [1]))
            return 0.02
        return 0.0

    def _steps(self, rules, st, seat, node) -> int:
        top = st.pending[-1]
        dests = rules.destinations(st, seat, top["max"] + top["extra"])
        x = dests.get(node)
        return getattr(x, "steps", 1) if x is not None else 1
