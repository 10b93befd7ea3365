"""Message catalogues (data/i18n/<lang>.yaml) and translation of keys with arguments.

Catalogues are flat mappings key -> text with {name} placeholders. Event and
prompt arguments that name a game thing (site, town, face...) are translated
through the key "<arg>.<value>" when the catalogue has it; seat numbers become
seat names.
"""
from __future__ import annotations

import locale
import os
from functools import lru_cache

from .data import data_path, load_yaml

LANGUAGES = ("en", "ru")


@lru_cache(maxsize=4)
def catalogue(lang: str) -> dict[str, str]:
    node = load_yaml(data_path("i18n", f"{lang}.yaml")).mapping()
    return {k: v.str(nonempty=False) for k, v in node.items()}


def system_language() -> str:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        val = os.environ.get(var, "")
        if val:
            return "ru" if val.lower().startswith("ru") else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "ru" if loc.lower().startswith("ru") else "en"


class _Args(dict):
    def __missing__(self, key):
        return "?"


class Translator:
    def __init__(self, lang: str = "en", seat_names: list[str] | None = None):
        self.lang = lang if lang in LANGUAGES else "en"
        self.seat_names = seat_names or []
        self._cat = catalogue(self.lang)
        self._fallback = catalogue("en")

    def has(self, key: str) -> bool:
        return key in self._cat or key in self._fallback

    def raw(self, key: str) -> str:
        return self._cat.get(key) or self._fallback.get(key) or key

    def seat(self, i) -> str:
        try:
            return self.seat_names[int(i)]
        except (IndexError, ValueError, TypeError):
            return f"#{i}"

    def arg(self, name: str, value):
        if name in ("seat", "guard") and isinstance(value, int):
            return self.seat(value)
        if name in ("seats", "winners") and isinstance(value, list):
            return ", ".join(self.seat(v) for v in value) or "-"
        if isinstance(value, str) and self.has(f"{name}.{value}"):
            return self.raw(f"{name}.{value}")
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return ", ".join(self.raw(f"{name}.{v}") if self.has(f"{name}.{v}") else v for v in value)
        return value

    def __call__(self, key: str, **args) -> str:
        text = self.raw(key)
        if not args:
            return text
        return text.format_map(_Args({k: self.arg(k, v) for k, v in args.items()}))
