"""`validate-data`: load every data file of every game and the i18n catalogues."""
from __future__ import annotations

from . import i18n, registry
from .data import data_path, load_yaml
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
        try:
            load_reference(gid)
            checked.append(f"data/{gid}/rules.yaml")
        except DataError as e:
            errors.append(str(e))
    keys = {}
    for lang in i18n.LANGUAGES:
        path = data_path("i18n", f"{lang}.yaml")
        try:
            node = load_yaml(path).mapping()
            keys[lang] = {k: v.str(nonempty=False) for k, v in node.items()}
            checked.append(f"data/i18n/{lang}.yaml")
        except DataError as e:
            errors.append(str(e))
    if len(keys) == len(i18n.LANGUAGES):
        base = set(keys["en"])
        for lang, cat in keys.items():
            missing = sorted(base - set(cat))
            if missing:
                errors.append(f"data/i18n/{lang}.yaml: missing keys {', '.join(missing[:8])}"
                              + (" …" if len(missing) > 8 else ""))
            extra = sorted(set(cat) - base)
            if extra:
                errors.append(f"data/i18n/{lang}.yaml: keys not in en.yaml: {', '.join(extra[:8])}")
    return checked, errors
