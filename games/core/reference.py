"""The in-app rules reference: data/<game>/rules.yaml, validated.

A reference is a list of sections, each with an id and a title and body in
every supported language. A body is plain text: paragraphs separated by blank
lines, "- " starts a bullet and "1. " a numbered step; following lines without
a blank line continue the same block. `blocks()` splits a body that way so the
UI only has to lay the blocks out.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .data import data_path, load_yaml
from .i18n import LANGUAGES

_ID = re.compile(r"^[a-z0-9_]+$")
_NUMBERED = re.compile(r"^(\d{1,2})[.)]\s+(.*)$")


@dataclass(frozen=True)
class Block:
    """One laid-out unit of a body: kind 'p' (paragraph), 'bullet' or 'number'."""

    kind: str
    text: str
    marker: str = ""


@dataclass(frozen=True)
class Section:
    id: str
    title: dict[str, str] = field(default_factory=dict)
    body: dict[str, str] = field(default_factory=dict)

    def title_in(self, lang: str) -> str:
        return self.title.get(lang) or self.title.get("en") or self.id

    def body_in(self, lang: str) -> str:
        return self.body.get(lang) or self.body.get("en") or ""


def blocks(text: str) -> list[Block]:
    """Split a body into paragraphs, bullets and numbered steps."""
    out: list[Block] = []
    kind, marker, words = "", "", []

    def flush():
        nonlocal kind, marker, words
        if words:
            out.append(Block(kind or "p", " ".join(words), marker))
        kind, marker, words = "", "", []

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
            continue
        numbered = _NUMBERED.match(line)
        if line.startswith("- "):
            flush()
            kind, marker, words = "bullet", "•", [line[2:].strip()]
        elif numbered:
            flush()
            kind, marker, words = "number", numbered.group(1) + ".", [numbered.group(2)]
        else:
            if not words:
                kind = "p"
            words.append(line)
    flush()
    return out


def reference_path(game_id: str) -> Path:
    """The rules reference the game's manifest names (data/<id>/rules.yaml for a game
    without one)."""
    from . import registry
    try:
        return registry.manifest(game_id).reference_path
    except registry.UnknownGame:
        return data_path(game_id, "rules.yaml")


def load_reference(game_id: str, path: Path | str | None = None) -> list[Section]:
    """Load and validate a game's rules reference; raises DataError naming file and key."""
    root = load_yaml(path if path is not None else reference_path(game_id)).mapping()
    root.only_keys({"sections"})
    sections: list[Section] = []
    seen: set[str] = set()
    for node in root.get("sections").seq(min_len=1):
        node.mapping().only_keys({"id", "title", "body"})
        id_node = node.get("id")
        sid = id_node.str()
        if not _ID.match(sid):
            id_node.fail("an id of lower-case letters, digits and _", sid)
        if sid in seen:
            id_node.fail("an id not used by another section", sid)
        seen.add(sid)
        texts = {}
        for key in ("title", "body"):
            tr = node.get(key).mapping().only_keys(set(LANGUAGES))
            texts[key] = {lang: tr.get(lang).str().strip() for lang in LANGUAGES}
        for lang, title in texts["title"].items():
            if "\n" in title:
                node.get("title").get(lang).fail("a one-line title", title)
        sections.append(Section(sid, texts["title"], texts["body"]))
    return sections
