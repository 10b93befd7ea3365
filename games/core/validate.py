"""`validate-data`: load every data file of every game and the i18n catalogues.

Loading already refuses what the app would trip over later: a file that is not a
regular file of sane size, a key given twice in one mapping (load_yaml), a catalogue
text whose placeholders do not format with sample arguments (i18n.check_text)."""
from __future__ import annotations

from pathlib import Path

from . import i18n, registry
from .data import data_path
from .errors import DataError


def validate_all() -> tuple[list[str], list[str]]:
    """Returns (files checked, error messages)."""
    checked, errors = registry.check_manifests()  # data/<id>/manifest.yaml of every game
    from .reference import load_reference
    for gid in registry.GAME_IDS:
        try:
            checked += registry.get(gid).validate_data()
        except DataError as e:
            errors.append(str(e))
        from .tutorial import has_tutorial, load_tutorial
        if has_tutorial(gid):
            try:
                load_tutorial(gid)
                checked.append(f"data/{gid}/tutorial.yaml")
            except DataError as e:
                errors.append(str(e))
        try:
            load_reference(gid)
            checked.append(f"data/{gid}/rules.yaml")
        except DataError as e:
            errors.append(str(e))
    keys, origins = {}, {}
    root = data_path()
    for lang in i18n.LANGUAGES:
        try:
            origins[lang] = {}
            keys[lang] = i18n.load_catalogue(lang, origins[lang])
            checked += [f"data/{p.relative_to(root).as_posix()}" for p in i18n.catalogue_files(lang)]
        except DataError as e:
            errors.append(str(e))
    if len(keys) == len(i18n.LANGUAGES):
        base = set(keys["en"])
        for lang, cat in keys.items():
            # a missing key belongs in this language's twin of the English file holding it
            missing = _by_file(sorted(base - set(cat)), lambda k, lang=lang: _twin(origins["en"][k], lang), root)
            for name, ks in missing.items():
                errors.append(f"{name}: missing keys {_few(ks)}")
            extra = _by_file(sorted(set(cat) - base), lambda k, lang=lang: origins[lang][k], root)
            for name, ks in extra.items():
                errors.append(f"{name}: keys not in English: {_few(ks)}")
    return checked, errors


def _twin(english: Path, lang: str) -> Path:
    """data/x/i18n/ui.en.yaml -> data/x/i18n/ui.<lang>.yaml"""
    return english.with_name(english.name[: -len("en.yaml")] + f"{lang}.yaml")


def _by_file(keys, file_of, root) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for k in keys:
        p = file_of(k)
        try:
            name = f"data/{p.relative_to(root).as_posix()}"
        except ValueError:
            name = str(p)
        out.setdefault(name, []).append(k)
    return out


def _few(keys: list[str]) -> str:
    return ", ".join(keys[:8]) + (" …" if len(keys) > 8 else "")
