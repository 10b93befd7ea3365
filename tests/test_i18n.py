"""Both catalogues have the same keys, and no scene draws a raw message key."""
import pygame
import pytest

from games.core import i18n, registry
from games.core.contract import Config, Seat
from games.core.match import Match


def test_catalogues_have_the_same_keys():
    en, ru = i18n.catalogue("en"), i18n.catalogue("ru")
    assert set(en) == set(ru)
    assert all(v.strip() for v in en.values()) and all(v.strip() for v in ru.values())


def test_placeholders_match_between_languages():
    import string
    en, ru = i18n.catalogue("en"), i18n.catalogue("ru")
    # a plural {n|one|other} names its number n (its word forms differ by language)
    fields = lambda s: {f.split("|")[0] for _, f, _, _ in string.Formatter().parse(s) if f}  # noqa: E731
    assert {k for k in en if fields(en[k]) != fields(ru[k])} == set()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_scene_draws_a_raw_key(lang, monkeypatch, tmp_path, quick_argentina_normal):
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    missing = set()
    real_raw = i18n.Translator.raw

    def raw(self, key):
        if key not in i18n.catalogue(self.lang):
            missing.add(key)
        return real_raw(self, key)

    monkeypatch.setattr(i18n.Translator, "raw", raw)
    from ui.app import App
    from ui.scenes.dialogs import QuitConfirm
    from ui.scenes.handoff import HandOff
    from ui.scenes.menu import MainMenu
    from ui.scenes.play import PlayScene
    from ui.scenes.results import ResultsScene
    from ui.scenes.saving import LoadScene, SaveDialog
    from ui.scenes.settings import SettingsScene
    from ui.scenes.setup import NewGame
    app = App((1280, 720), lang=lang)
    for gid in registry.table_ids():
        rules = registry.get(gid)
        seats = [Seat("A", "human", 0)] + [Seat(f"B{i}", "bot:normal", i) for i in range(1, rules.INFO.max_players)]
        live = Match(rules, Config(seats, 1))
        done = Match(rules, Config(seats, 2))
        done.play_bots_to_end()
        scenes = [[MainMenu(app)], [NewGame(app, gid)], [HandOff(app, "A")], [ResultsScene(app, done)],
                  [LoadScene(app)], [SettingsScene(app)]]
        for k in range(0, 400, 40):  # the play scene through many phases of a game
            while not live.is_over() and live.ply < k:
                live.apply(live.bot_action(live.to_act()[0]))
            scenes.append([PlayScene(app, live, viewer=0, animate=False)])
        play = PlayScene(app, live, viewer=0)
        scenes += [[play, QuitConfirm(app)], [play, SaveDialog(app, live)]]
        for stack in scenes:
            app.scenes.clear()
            for s in stack:
                app.push(s)
            app.draw()
        # the play scene's log holds every event type seen in a full game
        app.reset_to(PlayScene(app, done, viewer=0, animate=False))
        app.draw()
        app.top.log_lines()
    pygame.quit()
    assert missing == set()


def test_plural_forms_agree_with_their_number():
    from games.core.i18n import check_text, plural_form
    assert [plural_form("en", n, ["card", "cards"]) for n in (0, 1, 2, 21)] == ["cards", "card", "cards", "cards"]
    ru = ["карта", "карты", "карт"]
    assert [plural_form("ru", n, ru) for n in (1, 2, 5, 11, 12, 21, 22, 25, 101, 111)] == \
        ["карта", "карты", "карт", "карт", "карт", "карта", "карты", "карт", "карта", "карт"]
    assert check_text("f", "k", "{n} {n|card|cards}") == "{n} {n|card|cards}"
    import pytest

    from games.core.errors import DataError
    for bad in ("{n|card}", "{n|a|b|c|d}", "{1x|a|b}", "{n||b}"):
        with pytest.raises(DataError):
            check_text("f", "k", bad)
