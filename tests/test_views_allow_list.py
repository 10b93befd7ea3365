"""Views are an allow-list: every table draws from its game's view alone.

For each registered game, seeded positions (the start, one mid-game where the person at the
screen decides, the end; bots around seat 0, and for a game with an automa also solo
against it) are drawn from the view passed through JSON, with the match's state replaced
by an object that fails on any use: at 1280x720 (with a few targets hovered, so tooltips
are drawn, and the animation beats of the last move) and at 1920x1080. The legal actions
and the prompt are the play scene's own business (the rules contract); they are worked
out before the state is sealed.

And statically: no module under ui/views imports from a game's package anything but its
data model (games.<id>.model; games.core is the framework), reads an attribute named
`state`, or asks the rules object for anything but its static `data` and `INFO`.
"""
import ast
import json
from pathlib import Path

import pytest

from games.core import registry
from games.core.contract import Config, Seat
from games.core.match import Match
from ui.scenes.play import PlayScene

ROOT = Path(__file__).resolve().parent.parent
VIEWS = ROOT / "ui" / "views"
SIZES = ((1280, 720), (1920, 1080))


class Sealed:
    """Stands in for the game state once the view is taken: any use of it fails."""

    def __getattribute__(self, name):
        raise AssertionError(f"the table read the game state (.{name})")

    def __repr__(self):
        return "<sealed state>"


def setups():
    """Seat 0 a person, the others easy bots; solo against the automa where the game has one."""
    out = []
    for m in registry.registered():
        if not m.table:
            continue   # no table to draw yet
        info = registry.resolve(m, "rules").INFO
        n = max(info.min_players, min(3, info.max_players))
        seats = [Seat("Anna", "human", 0)] + [Seat(f"Bot {i}", "bot:easy", i) for i in range(1, n)]
        out.append(pytest.param(m.id, seats, {}, id=f"{m.id}-{n}p"))
        if info.has_automa:
            solo = [Seat("Anna", "human", 0), Seat("Automa", "automa", 1)]
            out.append(pytest.param(m.id, solo, {}, id=f"{m.id}-solo"))
    return out


def positions(rules, config) -> tuple[list[int], list]:
    """Plies to draw: the start, the first where seat 0 decides from half-way, the end."""
    m = Match(rules, config)
    mine = []
    while not m.is_over():
        if 0 in m.to_act():
            mine.append(m.ply)
        m.apply(m.bot_action(m.to_act()[0]))
    mid = next((p for p in mine if p >= m.ply // 2), mine[-1] if mine else m.ply // 2)
    return [0, mid, m.ply], m.actions


def sealed_scene(app, rules, config, actions, viewer=0):
    """A play scene at the position after `actions` that shows the JSON round trip of the
    view for `viewer`, its match's state sealed."""
    m = Match.replay(rules, config, actions)
    scene = PlayScene(app, m, viewer=viewer, animate=False)
    app.push(scene)
    view = json.loads(json.dumps(rules.view(m.state, viewer)))
    # an edition's former view fields, kept for a while beside the new ones, are not for the table
    for k in (rules.view_legacy(m.state, viewer) if hasattr(rules, "view_legacy") else ()):
        del view[k]
    legal, prompt = scene.my_legal(), scene.prompt_text()
    scene.current_view = lambda: view
    scene.my_legal = lambda: legal
    scene.prompt_text = lambda: prompt
    events = [e.for_seat(viewer) for ply, e in m.events if ply == m.ply]
    m.state = Sealed()
    return scene, view, events


def hover_some(app, scene, most=10):
    """Point at a few of the table's targets (their tooltips and previews get drawn)."""
    targets = scene.view.targets
    for rect, _, _ in targets[:: max(1, len(targets) // most)]:
        scene.mouse = rect.center
        app.draw()
    scene.mouse = (-1, -1)


def gwt_extras(app, scene, view):
    """The GWT table's tooltips and enlarged pictures, every one, and another seat's board
    opened large (Sue's with her score pad)."""
    v = scene.view
    for _, text, args in v.tips:
        if callable(text):
            assert isinstance(text(*args), str)
    for _, make, args in v.previews:
        make(*args)
    for s in range(len(view["seats"])):
        if s != v.main_seat(view):
            v.inspect = s
            app.draw()
    v.inspect = None


@pytest.mark.parametrize("game,seats,options", setups())
def test_table_draws_from_the_json_view_alone(app, game, seats, options):
    rules = registry.resolve(registry.manifest(game), "rules")
    config = rules.check_config(Config(seats, 11, options))
    plies, actions = positions(rules, config)
    for ply in plies:
        for size in SIZES:
            app.resize(size)
            app.scenes.clear()
            scene, view, events = sealed_scene(app, rules, config, actions[:ply])
            app.draw()
            if size == SIZES[0]:
                scene.hint = True
                app.draw()
                scene.hint = False
                hover_some(app, scene)
                if game == "gwt_el_paso":
                    gwt_extras(app, scene, view)
                scene.frozen_view = view
                for beat in scene.view.beats_for(events):
                    scene.view.draw_beat(app.window, beat, 0.5)
                scene.frozen_view = None
    assert plies[-1] > 0


def view_modules() -> list[Path]:
    return sorted(VIEWS.rglob("*.py"))


def allowed_import(module: str) -> bool:
    parts = module.split(".")
    if parts[0] != "games":
        return True
    return parts[:2] == ["games", "core"] or (len(parts) == 3 and parts[2] == "model")


def offences(source: str, name: str) -> list[str]:
    tree = ast.parse(source, name)
    out = []
    for node in ast.walk(tree):
        where = f"{name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Import):
            out += [f"{where} imports {a.name}" for a in node.names if not allowed_import(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] == "games" and len(node.module.split(".")) == 2 \
                    and node.module != "games.core":
                # from games.<id> import x: x is a module of the game's package
                out += [f"{where} imports {node.module}.{a.name}" for a in node.names
                        if not allowed_import(f"{node.module}.{a.name}")]
            elif not allowed_import(node.module):
                out.append(f"{where} imports {node.module}")
        elif isinstance(node, ast.Attribute):
            if node.attr == "state":
                out.append(f"{where} reads .state")
            base = node.value
            base_name = base.attr if isinstance(base, ast.Attribute) else base.id if isinstance(base, ast.Name) else ""
            if base_name == "rules" and node.attr not in ("data", "INFO"):
                out.append(f"{where} asks the rules for .{node.attr}")
    return out


def test_no_view_reaches_into_the_rules():
    mods = view_modules()
    assert len(mods) > 10 and any(p.parent.name == "gwt_el_paso" for p in mods)
    bad = [o for p in mods for o in offences(p.read_text(encoding="utf-8"), str(p.relative_to(ROOT)))]
    assert bad == []


def test_the_static_check_sees_what_it_forbids():
    """The scan itself: each forbidden form is caught, the allowed ones are not."""
    src = ("from games.gwt_el_paso.rules import GWTRules\nfrom games.moon_river import bots\n"
           "import games.ttr_germany.state\nfrom games.gwt_el_paso import describe as desc\n"
           "x = self.scene.match.state\ny = self.rules._aux_state(p)\nz = rules.delivery_value(p)\n"
           "from games.core.action import Action\nfrom games.moon_river.model import default_data\n"
           "from games.el_paso import model\nd = self.rules.data\n")
    found = offences(src, "probe.py")
    assert len(found) == 7, found
