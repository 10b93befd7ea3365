"""Tutorials: data/<game>/tutorial.yaml, validated, and the headless check of one.

A tutorial is a fixed game (seed, seats, options, optionally a prepared list of
actions played before it starts) and a list of steps. A seat other than the learner's
is an easy bot once the tutorial is over, or with `kind: automa` the game's automa
(GWT El Paso's solo opponent Sue), which it is from the start. Each step has a text in
every language, optional highlights (element ids of the game's view), and one of:
  expect: "<action text>"  the learner must perform this action; trailing arguments
                           may be left out ("0 claim berlin-hamburg-1" accepts any payment);
  expect: any              any legal action of the learner;
  script: [actions]        opponents' moves, played out with animation;
  (neither)                a text to read, then "Next".
An optional `hint` (both languages) is shown when the learner tries something else.
Adding a tutorial for a new game is writing this YAML; nothing else.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from .action import Action
from .contract import Config, Seat
from .data import Node, data_path, load_yaml
from .errors import DataError, IllegalAction
from .i18n import LANGUAGES

ANY = "any"


@dataclass(frozen=True)
class Step:
    text: dict[str, str]
    highlight: tuple[str, ...] = ()
    expect: str | None = None  # an action text, "any", or None
    script: tuple[str, ...] = ()
    hint: dict[str, str] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        if self.expect is not None:
            return "expect"
        return "script" if self.script else "info"

    def text_in(self, lang: str) -> str:
        return self.text.get(lang) or self.text["en"]

    def hint_in(self, lang: str) -> str:
        return self.hint.get(lang) or self.hint.get("en", "")


@dataclass(frozen=True)
class Tutorial:
    game: str
    seed: int
    learner: int
    seats: tuple[dict[str, str], ...]  # per seat: name per language
    colours: tuple[int, ...]
    options: dict[str, str]
    prepared: tuple[str, ...]
    steps: tuple[Step, ...]
    kinds: tuple[str, ...] = ()  # per seat: "bot" (default) or "automa"

    def config(self, lang: str) -> Config:
        """The learner plays a human seat; the others are bots once the tutorial is over
        (or the game's automa)."""
        def kind(i: int) -> str:
            if i == self.learner:
                return "human"
            return "automa" if i < len(self.kinds) and self.kinds[i] == "automa" else "bot:easy"
        seats = [Seat(names.get(lang) or names["en"], kind(i), self.colours[i])
                 for i, names in enumerate(self.seats)]
        return Config(seats, self.seed, dict(self.options))


def _texts(node: Node) -> dict[str, str]:
    node.mapping().only_keys(LANGUAGES)
    return {lang: node.get(lang).str() for lang in LANGUAGES}


def _action_text(node: Node, seats: int) -> str:
    text = node.str()
    try:
        a = Action.parse(text)
    except IllegalAction:
        node.fail("an action '<seat> <verb> [args]'", text)
    if not 0 <= a.seat < seats:
        node.fail(f"an action of a seat 0..{seats - 1}", text)
    return a.text


def tutorial_path(game_id: str):
    """The tutorial the game's manifest names (data/<id>/tutorial.yaml if it names none)."""
    from . import registry
    try:
        return registry.manifest(game_id).tutorial_path or data_path(game_id, "tutorial.yaml")
    except registry.UnknownGame:
        return data_path(game_id, "tutorial.yaml")


def has_tutorial(game_id: str) -> bool:
    """Whether the game's manifest names a tutorial."""
    from . import registry
    try:
        return registry.manifest(game_id).tutorial is not None
    except registry.UnknownGame:
        return False


def load_tutorial(game_id: str) -> Tutorial:
    """Read and validate a tutorial's format; raises DataError naming file and key path.
    Whether its actions are legal is checked by playing it (`check`)."""
    root = load_yaml(tutorial_path(game_id)).mapping()
    root.only_keys({"seed", "learner", "seats", "options", "prepared", "steps"})
    seats_node = root.get("seats").seq(1, 8)
    seats, colours, kinds = [], [], []
    for s in seats_node:
        s.mapping().only_keys({"name", "colour", "kind"})
        seats.append(_texts(s.get("name")))
        colours.append(s.get("colour").int(0, 7))
        kinds.append(s.get("kind", "bot").str(("bot", "automa")))
    n = len(seats)
    learner = root.get("learner", 0).int(0, n - 1)
    options = {k: str(v.value) for k, v in root.get("options", {}).items()}
    prepared = tuple(_action_text(a, n) for a in root.get("prepared", []).seq())
    steps = []
    for st in root.get("steps").seq(1):
        st.mapping().only_keys({"text", "highlight", "expect", "script", "hint"})
        expect = None
        if "expect" in st.value:
            e = st.get("expect")
            expect = ANY if e.value == ANY else _action_text(e, n)
        script = tuple(_action_text(a, n) for a in st.get("script", []).seq())
        if expect is not None and script:
            st.fail("either expect or script, not both")
        steps.append(Step(_texts(st.get("text")),
                          tuple(h.str() for h in st.get("highlight", []).seq()),
                          expect, script,
                          _texts(st.get("hint")) if "hint" in st.value else {}))
    return Tutorial(game_id, root.get("seed", 0).int(0), learner, tuple(seats), tuple(colours),
                    options, prepared, tuple(steps), tuple(kinds))


@lru_cache(maxsize=8)
def cached_tutorial(game_id: str) -> Tutorial:
    return load_tutorial(game_id)


def matches(expected: str, action: Action) -> bool:
    """Whether `action` is what an expect step asks for (any action when "any")."""
    if expected == ANY:
        return True
    want = Action.parse(expected)
    return (want.seat, want.verb) == (action.seat, action.verb) and \
        action.args[:len(want.args)] == want.args


def step_actions(rules, state, tutorial: Tutorial, step: Step) -> list[Action]:
    """The actions a step performs when played as written: for an expect step the first
    legal action that matches it (the expected action itself when it is complete)."""
    if step.expect is not None:
        if step.expect != ANY:
            exact = Action.parse(step.expect)
            if exact in rules.legal_actions(state, exact.seat):
                return [exact]
        seat = tutorial.learner if step.expect == ANY else Action.parse(step.expect).seat
        fits = [a for a in rules.legal_actions(state, seat) if matches(step.expect, a)]
        return fits[:1] if fits else [Action.parse(step.expect)]
    return [Action.parse(a) for a in step.script]


def check(rules, tutorial: Tutorial, highlight_ok=None) -> list[str]:
    """Play a tutorial headless; returns the problems (empty = fine). `highlight_ok(state,
    element_id)` may check highlights against the drawn view."""
    from .match import Match
    problems = []
    m = Match(rules, tutorial.config("en"))
    for text in tutorial.prepared:
        try:
            m.apply(Action.parse(text))
        except IllegalAction as e:
            return [f"prepared action {text!r}: {e}"]
    for i, step in enumerate(tutorial.steps, 1):
        if highlight_ok is not None:
            problems += [f"step {i}: no element {h!r} to highlight" for h in step.highlight
                         if not highlight_ok(m, h)]
        if step.expect is not None and tutorial.learner not in m.to_act():
            problems.append(f"step {i}: the learner is not to act")
        for a in step_actions(rules, m.state, tutorial, step):
            if m.is_over() or a not in rules.legal_actions(m.state, a.seat):
                problems.append(f"step {i}: {a.text!r} is not legal here")
                return problems
            m.apply(a)
    return problems


__all__ = ["Tutorial", "Step", "ANY", "load_tutorial", "cached_tutorial", "has_tutorial", "check",
           "step_actions", "matches", "DataError"]
