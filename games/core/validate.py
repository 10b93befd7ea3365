"""`validate-data`: load every data file of every game and the i18n catalogues."""
from __future__ import annotations

from . import i18n, registry
from .data import data_path
from .errors import DataError


def validate_all() -> tuple[list[str], list[str]]:
    """Returns (files checked, error messages)."""
    checked, errors = [], []
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
    keys = {}
    root = data_path()
    for lang in i18n.LANGUAGES:
        try:
            keys[lang] = i18n.load_catalogue(lang)
            checked += [f"data/{p.relative_to(root).as_posix()}" for p in i18n.catalogue_files(lang)]
        except DataError as e:
            errors.append(str(e))
    if len(keys) == len(i18n.LANGUAGES):
        base = set(keys["en"])
        for lang, cat in keys.items():
            missing = sorted(base - set(cat))
            if missing:
                errors.append(f"i18n ({lang}): missing keys {', '.join(missing[:8])}"
                              + (" …" if len(missing) > 8 else ""))
            extra = sorted(set(cat) - base)
            if extra:
                errors.append(f"i18n ({lang}): keys not in English: {', '.join(extra[:8])}")
    return checked, errors
