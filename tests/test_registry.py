"""The game registry: games are found by their manifests (data/<id>/manifest.yaml), in
menu order; a broken or missing manifest is a DataError naming the file; a new game is
registered by its own folders alone."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

import main
from games.core import registry
from games.core.data import data_path
from games.core.errors import DataError
from games.core.reference import load_reference
from games.core.tutorial import has_tutorial

FOUR = ("el_paso", "ttr_germany", "moon_river", "gwt_el_paso")   # the games that had a table first
ALL = FOUR + ("gwt_argentina",)    # every game, each at the table


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    """A copy of the data folder the registry reads (BOARDGAME_DATA)."""
    folder = tmp_path / "data"
    shutil.copytree(data_path(), folder)
    monkeypatch.setenv("BOARDGAME_DATA", str(folder))
    return folder


def edit(path: Path, old: str, new: str):
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# --------------------------------------------------------------------------- found
def test_the_games_are_found_in_menu_order():
    # GAME_IDS is worked out on each use (module __getattr__); a module attribute of that
    # name, left by a test setting it, would freeze the list
    assert "GAME_IDS" not in vars(registry)
    assert registry.GAME_IDS == ALL
    assert registry.game_ids() == ALL
    assert [m.id for m in registry.manifests()] == list(ALL)
    orders = [m.menu_order for m in registry.manifests()]
    assert orders == sorted(orders)
    assert [r.INFO.id for r in registry.all_games()] == list(ALL)
    for gid in ALL:
        m = registry.manifest(gid)
        assert m.file == data_path(gid, "manifest.yaml") and m.file.is_file()
        assert registry.get(gid).INFO.id == gid
        assert m.reference_path.is_file()
        assert m.tutorial_path is not None and m.tutorial_path.is_file()
    assert registry.check_manifests() == ([f"data/{g}/manifest.yaml" for g in ALL], [])


def test_a_game_without_a_table_is_off_the_menu(data):
    assert registry.table_ids() == ALL
    edit(data / "gwt_argentina" / "manifest.yaml", "table: ui.views.gwt_argentina.view:ArgentinaView", "")
    edit(data / "gwt_argentina" / "manifest.yaml", "layout_loader: ui.views.gwt_argentina:load_layout", "")
    assert registry.table_ids() == FOUR
    assert registry.manifest("gwt_argentina").table is None


def test_views_and_layout_loaders_come_from_the_manifests():
    import ui.views as views
    assert list(views.VIEWS) == list(ALL) == list(views.LAYOUT_LOADERS)
    assert views.VIEWS["gwt_el_paso"] == "ui.views.gwt_el_paso.view:GWTView"
    for gid in ALL:
        assert isinstance(registry.resolve(registry.manifest(gid), "table"), type)
    checked, errors = views.validate_layouts()
    assert errors == [] and checked == [f"data/{g}/layout.yaml" for g in ALL]


def test_unknown_game_names_the_known_ones():
    with pytest.raises(registry.UnknownGame) as e:
        registry.get("chess")
    assert "chess" in str(e.value) and "el_paso, ttr_germany" in str(e.value)
    with pytest.raises(AttributeError):
        registry.NO_SUCH_NAME  # noqa: B018


def test_menu_order_is_data(data):
    edit(data / "moon_river" / "manifest.yaml", "menu_order: 30", "menu_order: 5")
    assert registry.GAME_IDS == ("moon_river", "el_paso", "ttr_germany", "gwt_el_paso", "gwt_argentina")
    edit(data / "moon_river" / "manifest.yaml", "menu_order: 5", "menu_order: 40")  # a tie: by id
    assert registry.GAME_IDS == ("el_paso", "ttr_germany", "gwt_el_paso", "moon_river", "gwt_argentina")


def test_a_fifth_game_needs_only_its_own_folders(data, tmp_path, monkeypatch):
    """A game package (games/fifth, here outside the checkout) and a data folder with its
    manifest: the registry, the menu order, the views and validate-data all see it."""
    import games
    package = tmp_path / "more_games" / "fifth"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from dataclasses import replace\n"
        "from games.el_paso.rules import INFO as BASE, ElPasoRules\n\n\n"
        "class FifthRules(ElPasoRules):\n"
        "    INFO = replace(BASE, id='fifth')\n\n\n"
        "RULES = FifthRules()\n", encoding="utf-8")
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(package.parent)])
    monkeypatch.setattr(registry, "_packages", {})
    monkeypatch.setattr(registry, "_cache", {})
    monkeypatch.delitem(sys.modules, "games.fifth", raising=False)
    (data / "fifth").mkdir()
    shutil.copy2(data / "el_paso" / "rules.yaml", data / "fifth" / "rules.yaml")
    (data / "fifth" / "manifest.yaml").write_text(
        "id: fifth\nmenu_order: 25\nrules: games.fifth:RULES\n"
        "table: ui.views.el_paso:ElPasoView\nrules_reference: rules.yaml\n", encoding="utf-8")
    try:
        assert registry.GAME_IDS == ("el_paso", "ttr_germany", "fifth", "moon_river", "gwt_el_paso", "gwt_argentina")
        assert registry.get("fifth").INFO.id == "fifth"
        assert [r.INFO.id for r in registry.all_games()][2] == "fifth"
        assert not has_tutorial("fifth") and load_reference("fifth")
        import ui.views as views
        assert views.VIEWS["fifth"] == "ui.views.el_paso:ElPasoView"
        assert "fifth" not in views.LAYOUT_LOADERS  # it has no layout of its own
        assert views.validate_layouts()[1] == []
        assert "data/fifth/manifest.yaml" in registry.check_manifests()[0]
    finally:
        sys.modules.pop("games.fifth", None)


# --------------------------------------------------------------------------- broken
BROKEN = [  # (old, new, what the message holds besides the file)
    ("id: el_paso", "id: elpaso", "id"),
    ("menu_order: 10", "menu_order: first", "menu_order"),
    ("menu_order: 10", "menu_order: [10", "line"),
    ("menu_order: 10", "menu_ordre: 10", "menu_ordre"),
    ("id: el_paso\n", "", "id"),
    ("rules: games.el_paso:RULES", "rules: games.ttr_germany:RULES", "rules"),
    ("rules: games.el_paso:RULES", "rules: games.el_paso RULES", "rules"),
    ("rules: games.el_paso:RULES", "rules: games.el_paso.nothing:RULES", "rules"),
    ("rules: games.el_paso:RULES", "rules: games.el_paso:NOTHING", "rules"),
    ("rules: games.el_paso:RULES", "rules: games.el_paso:INFO", "rules"),
    ("table: ui.views.el_paso:ElPasoView", "table: pygame:quit", "table"),
    ("layout_loader: ui.views.el_paso:load_layout", "layout_loader: 3", "layout_loader"),
    ("tutorial: tutorial.yaml", "tutorial: lesson.yaml", "tutorial"),
    ("rules_reference: rules.yaml", "rules_reference: ../ttr_germany/rules.yaml", "rules_reference"),
]


@pytest.mark.parametrize("old,new,where", BROKEN, ids=[b[1].strip() or "no id" for b in BROKEN])
def test_a_broken_manifest_is_a_data_error_naming_it(data, old, new, where):
    path = data / "el_paso" / "manifest.yaml"
    edit(path, old, new)
    with pytest.raises(DataError) as e:
        registry.get("el_paso")
    msg = str(e.value)
    assert str(path) in msg and where in msg and "expected" in msg
    assert registry.get("moon_river").INFO.id == "moon_river"  # the other games still play
    checked, errors = registry.check_manifests()
    if where != "rules":  # the manifest itself is wrong: the game is not listed
        with pytest.raises(DataError, match="manifest.yaml"):
            registry.all_games()
        assert "el_paso" not in registry.GAME_IDS and "moon_river" in registry.GAME_IDS
        assert len(errors) == 1 and str(path) in errors[0]
        assert "data/el_paso/manifest.yaml" not in checked
    edit(path, new, old)  # mended, and seen at once
    assert registry.get("el_paso").INFO.id == "el_paso" and registry.GAME_IDS == ALL


def test_a_table_that_does_not_exist_is_reported_naming_the_manifest(data):
    path = data / "ttr_germany" / "manifest.yaml"
    edit(path, "ui.views.ttr_germany:TTRView", "ui.views.ttr_germany:NoSuchView")
    import ui.views as views
    errors = views.validate_layouts()[1]
    assert len(errors) == 1 and str(path) in errors[0] and "table" in errors[0]
    with pytest.raises(DataError, match="NoSuchView"):
        views.make_view("ttr_germany", None)


def test_a_missing_manifest_is_a_data_error_naming_it(data):
    (data / "el_paso" / "manifest.yaml").unlink()
    (data / "extras").mkdir()  # a folder that is no games/ package is not a game,
    (data / "core").mkdir()  # nor one of a package without RULES (code games share)
    with pytest.raises(DataError) as e:
        registry.get("el_paso")
    assert str(data / "el_paso" / "manifest.yaml") in str(e.value) and "exist" in str(e.value)
    assert registry.GAME_IDS == ("ttr_germany", "moon_river", "gwt_el_paso", "gwt_argentina")
    errors = registry.check_manifests()[1]
    assert len(errors) == 1 and "el_paso/manifest.yaml" in errors[0]


def test_a_data_folder_without_games_is_a_data_error(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAME_DATA", str(tmp_path / "nothing"))
    with pytest.raises(DataError, match="manifest.yaml"):
        registry.manifests()
    with pytest.raises(DataError):
        registry.get("el_paso")
    assert registry.GAME_IDS == ()


def test_the_tutorial_is_optional(data):
    edit(data / "moon_river" / "manifest.yaml", "tutorial: tutorial.yaml\n", "")
    assert not has_tutorial("moon_river") and has_tutorial("el_paso")


def test_cli_with_a_broken_manifest_is_one_line(data, capsys):
    edit(data / "el_paso" / "manifest.yaml", "menu_order: 10", "menu_order: -1")
    assert main.main(["simulate", "el_paso", "--players", "2"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "el_paso/manifest.yaml" in err and "menu_order" in err
    assert main.main(["simulate", "moon_river", "--players", "2", "--seed", "1"]) == 0


def test_validate_data_checks_every_manifest(data, capsys):
    assert main.main(["validate-data"]) == 0
    from games.core.validate import validate_all
    checked = validate_all()[0]
    assert all(f"data/{g}/manifest.yaml" in checked for g in FOUR)
    capsys.readouterr()
    edit(data / "gwt_el_paso" / "manifest.yaml", "rules_reference: rules.yaml", "rules_reference: rulez.yaml")
    (data / "el_paso" / "manifest.yaml").unlink()
    assert main.main(["validate-data"]) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 2 and "Traceback" not in "".join(lines)
    assert "el_paso/manifest.yaml" in lines[0] and "exist" in lines[0]
    assert "gwt_el_paso/manifest.yaml" in lines[1] and "rules_reference" in lines[1]
