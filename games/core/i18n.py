"""Message catalogues and translation of keys with arguments.

A language's catalogue is data/i18n/<lang>.yaml (the app's own texts) merged with
data/<game>/i18n/<lang>.yaml and data/<game>/i18n/<part>.<lang>.yaml of every game
that has them, so each game keeps its texts beside its data. A key defined twice is a data error.

Catalogues are flat mappings key -> text with {name} placeholders. Every text is
checked when its catalogue loads (check_text): a placeholder is a plain name, with no
position, attribute or index, conversion !s/!r/!a at most and a short format spec that
suits words, numbers and lists alike, so no text can fail when it is drawn. Event and
prompt arguments that name a game thing (site, town, face...) are translated
through the key "<arg>.<value>" when the catalogue has it (a translator made for a game
looks first for "<game>.<arg>.<value>"); seat numbers become seat names. A word that
agrees with a number is written {n|card|cards} in English and {n|карта|карты|карт} in
Russian (one, few, many): never "card(s)".
"""
from __future__ import annotations

import locale
import os
import re
import string
from functools import lru_cache
from pathlib import Path

from .data import data_path, load_yaml
from .errors import DataError

LANGUAGES = ("en", "ru")


def catalogue_files(lang: str) -> list[Path]:
    """The files making up one language's catalogue, the app's own first."""
    root = data_path()
    games = [p for pattern in (f"*/i18n/{lang}.yaml", f"*/i18n/*.{lang}.yaml")
             for p in root.glob(pattern) if p.parent.parent.name != "i18n"]
    return [data_path("i18n", f"{lang}.yaml")] + sorted(games)


def load_catalogue(lang: str, origin: dict[str, Path] | None = None) -> dict[str, str]:
    """Read and merge a language's files; raises DataError naming the file at fault.
    `origin`, if given, is filled with the file each key comes from."""
    merged: dict[str, str] = {}
    origin = {} if origin is None else origin
    for path in catalogue_files(lang):
        node = load_yaml(path).mapping()
        for k, v in node.items():
            if k in merged:
                raise DataError(path, k, f"a key not already defined in {origin[k]}")
            merged[k], origin[k] = check_text(path, k, v.str(nonempty=False)), path
    return merged


_FORMATTER = string.Formatter()
# A format spec at most aligns and pads (":>3", ":^12"): widths of up to three digits.
_SPEC = re.compile(r"[^{}]?[<>^=]?[-+ ]?0?\d{0,3}")
# A word that agrees with a number: {n|card|cards} (English: one, other) or
# {n|карта|карты|карт} (Russian: one, few, many); the forms hold no braces.
_PLURAL = re.compile(r"\{([^{}|]*)\|([^{}]*)\}")


def plural_form(lang: str, n, forms: list[str]) -> str:
    """The form of a word for number `n` in `lang` (forms as in _PLURAL)."""
    try:
        n = abs(int(n))
    except (TypeError, ValueError):
        return forms[-1]
    if lang == "ru" and len(forms) >= 3:
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
    return forms[0] if n == 1 else forms[1]
# A placeholder must format each of these (arguments are words, numbers, lists or None).
SAMPLE_ARGS = ("word", 7, -1, 2.5, [1, 2], None)


def check_text(path, key: str, text: str) -> str:
    """`text` if every {placeholder} in it formats; a DataError naming the file and key if
    not (an unbalanced brace, a positional field, an attribute or index, an unknown
    conversion, a format spec a word, a number or a list cannot take)."""
    if "{" not in text and "}" not in text:
        return text

    def bad(why):
        raise DataError(path, key, f"a text whose placeholders format ({why})", text[:120])

    def plural(m):
        forms = m[2].split("|")
        if not m[1].isidentifier() or not 2 <= len(forms) <= 3 or not all(forms):
            bad(f"{m[0]} is not a plural: use {{n|one|other}} or {{n|one|few|many}}")
        return ""

    original, text = text, _PLURAL.sub(plural, text)

    try:
        parts = list(_FORMATTER.parse(text))
    except ValueError as e:
        bad(str(e))
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        if not name.isidentifier():
            bad(f"{{{name}}} is not a plain name: use {{name}}")
        if conversion not in (None, "s", "r", "a"):
            bad(f"!{conversion} is not a conversion: use !s, !r or !a")
        if spec and not _SPEC.fullmatch(spec):
            bad(f":{spec} is not a short alignment")
        if not spec:
            continue  # {name} and {name!r}: any value formats
        convert = {"s": str, "r": repr, "a": ascii}.get(conversion, lambda v: v)
        for sample in SAMPLE_ARGS:
            try:
                format(convert(sample), spec)
            except (ValueError, TypeError) as e:
                bad(f"{{{name}}} fails with {sample!r}: {e}")
    try:  # the whole text once, every placeholder given a word
        text.format_map(_Args())
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        bad(str(e))
    return original


@lru_cache(maxsize=4096)
def _formats(text: str) -> bool:
    """Whether check_text passes `text` (Translator shows any other text raw: even a
    text that never went through a catalogue's checks cannot fail or ask for a huge pad)."""
    try:
        check_text("", "", text)
        return True
    except DataError:
        return False


@lru_cache(maxsize=4)
def catalogue(lang: str) -> dict[str, str]:
    return load_catalogue(lang)


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


# Argument names translated through another name's keys ("from.berlin" -> "location.berlin").
ARG_ALIASES = {"from": "location", "to": "location", "a": "location", "b": "location",
               "old": "colour", "new": "colour"}
# Arguments whose values join several names with "-" ("berlin-hamburg" -> "Berlin–Hamburg").
COMPOUND_ARGS = {"ticket": "location", "tickets": "location"}


class Translator:
    def __init__(self, lang: str = "en", seat_names: list[str] | None = None, game: str | None = None):
        self.lang = lang if lang in LANGUAGES else "en"
        self.seat_names = seat_names or []
        self.game = game  # a game's own names of things come first: "<game>.<arg>.<value>"
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
        if name in ("seat", "guard", "other") and isinstance(value, int):
            return self.seat(value)
        if name in ("seats", "winners") and isinstance(value, list):
            return ", ".join(self.seat(v) for v in value) or "-"
        if name in COMPOUND_ARGS:
            part = COMPOUND_ARGS[name]
            names = value if isinstance(value, list) else [value]
            return ", ".join("–".join(str(self.arg(part, x)) for x in str(v).split("-")) for v in names)
        name = ARG_ALIASES.get(name, name)
        if isinstance(value, str):
            return self._name(name, value, value)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return ", ".join(self._name(name, v, v) for v in value)
        return value

    def _name(self, name: str, value: str, default):
        """The text of an argument's value: the game's own name (two games may use one id
        for different things), else the shared one, else `default`."""
        if self.game and self.has(f"{self.game}.{name}.{value}"):
            return self.raw(f"{self.game}.{name}.{value}")
        if self.has(f"{name}.{value}"):
            return self.raw(f"{name}.{value}")
        return default

    def __call__(self, key: str, **args) -> str:
        """The text of `key` with its arguments; never raises: a text that cannot take
        its arguments (a damaged catalogue, a key used as its own text) comes out raw."""
        text = self.raw(key)
        if not args:
            return text
        if not _formats(text):
            return text
        try:
            if "|" in text:
                text = _PLURAL.sub(lambda m: plural_form(self.lang, args.get(m[1]), m[2].split("|")), text)
            return text.format_map(_Args({k: self.arg(k, v) for k, v in args.items()}))
        except Exception:  # noqa: BLE001 - a text must never stop a frame
            return text
