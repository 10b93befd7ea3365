"""Loading YAML data with validation that names the file, key path and expectation.

Files are read with a YAML safe loader only (libyaml's when present), from regular files
of bounded size only, and a key given twice in one mapping is an error. A `Node` wraps a
loaded value with where it came from, so every check can say exactly what is wrong and where.
"""
from __future__ import annotations

import dis
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

from . import safefile
from .errors import DataError

_MISSING = object()


def resource_root() -> Path:
    """The folder holding data/ and assets/, found from this file, never the current
    directory: the frozen app's bundle, the copy a `pip install .` puts in
    games/_resources/, or the checkout."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    games_dir = Path(__file__).resolve().parents[1]
    installed = games_dir / "_resources"
    if (installed / "data").is_dir():
        return installed
    return games_dir.parent


def data_path(*parts: str) -> Path:
    """A file under data/; BOARDGAME_DATA may point at another data folder (tests, modding)."""
    override = os.environ.get("BOARDGAME_DATA")
    base = Path(override) if override else resource_root() / "data"
    return base.joinpath(*parts)


# libyaml's safe loader when PyYAML has it (about ten times faster, same safe subset).
_BASE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# The biggest data file is about 55 KB; anything past this is not ours.
MAX_DATA_BYTES = 4 << 20


class _DuplicateKey(yaml.YAMLError):
    def __init__(self, key, mark, first_mark):
        super().__init__(f"duplicate key {key!r}")
        self.key, self.mark, self.first_mark = key, mark, first_mark


_STR, _MERGE = "tag:yaml.org,2002:str", "tag:yaml.org,2002:merge"


class UniqueKeys:
    """Loader mixin refusing a key given twice in one mapping (YAML would keep the last
    silently: `hand_size: 6` then `hand_size: 1` plays with a hand of 1). Only
    construction is Python; libyaml still parses. Merge keys (`<<:`) still override."""

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            seen = {}
            for key_node, _ in node.value:
                tag = key_node.tag
                if tag == _STR:  # nearly every key: its text is the key
                    key = key_node.value
                elif tag == _MERGE:
                    continue
                else:
                    key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.setdefault(key, key_node)
                except TypeError:  # an unhashable key: the base class says so
                    continue
                if first is not key_node:
                    raise _DuplicateKey(key, key_node.start_mark, first.start_mark)
        return super().construct_mapping(node, deep=deep)


class _Loader(UniqueKeys, _BASE_LOADER):
    """The safe loader (libyaml's when present) with unique keys."""


_SAFE_LOADER = _Loader


def load_yaml(path: Path | str) -> Node:
    """A data file's content as a Node. Only a regular file of at most MAX_DATA_BYTES of
    UTF-8 is read (a FIFO, device or folder is refused without blocking); every problem
    is a DataError naming the file."""
    path = Path(path)
    try:
        raw = safefile.read_bytes(path, MAX_DATA_BYTES)
    except FileNotFoundError:
        raise DataError(path, None, "the file to exist") from None
    except safefile.FileRefused as e:
        raise DataError(path, None, f"a regular file of at most {MAX_DATA_BYTES} bytes ({e.strerror})") from None
    except (OSError, ValueError) as e:  # ValueError: a path with a NUL byte
        raise DataError(path, None, f"a readable file ({getattr(e, 'strerror', None) or e})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DataError(path, None, f"UTF-8 text (bad byte at offset {e.start})") from None
    try:
        value = yaml.load(text, Loader=_SAFE_LOADER)
    except _DuplicateKey as e:
        raise DataError(path, f"line {e.mark.line + 1}, column {e.mark.column + 1}",
                        f"each key once in a mapping (first given on line {e.first_mark.line + 1})",
                        _shown_key(e.key)) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "somewhere"
        problem = getattr(e, "problem", None) or "invalid YAML"
        raise DataError(path, where, f"valid YAML ({problem})") from None
    except (ValueError, ArithmeticError, AttributeError, TypeError, RecursionError) as e:
        # PyYAML lets some bad values through as plain Python errors: a date like
        # 2020-13-45, "!!int 12x", a number of more than 4300 digits, nesting too deep
        raise DataError(path, None, f"valid YAML ({type(e).__name__}: {str(e)[:80]})") from None
    return Node(value, path, "")


def _shown_key(key):
    """A duplicate key as the message shows it (short; an int too long to print is named)."""
    if isinstance(key, str):
        return key if len(key) <= 60 else key[:60] + "…"
    return key


class Node:
    """A value from a data file, with the file and key path it came from."""

    __slots__ = ("value", "file", "path")

    def __init__(self, value: Any, file: Path, path: str):
        self.value, self.file, self.path = value, file, path

    def fail(self, expected: str, found: Any = _MISSING):
        raise DataError(self.file, self.path, expected, None if found is _MISSING else found)

    def where(self) -> str:
        """"<game>/<file>.yaml <key path>": how an error in another file names this one (a
        broken cross-file reference names both files, since either may be the damaged one)."""
        f = Path(self.file)
        return f"{f.parent.name}/{f.name} {self.path or '(top level)'}"

    def _child(self, key) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else str(key)

    # --- containers -------------------------------------------------------
    def mapping(self) -> Node:
        if not isinstance(self.value, dict):
            self.fail("a mapping (key: value)", type(self.value).__name__)
        return self

    def get(self, key: str, default: Any = _MISSING) -> Node:
        self.mapping()
        if key not in self.value:
            if default is _MISSING:
                raise DataError(self.file, self._child(key), "this key to be present")
            return Node(default, self.file, self._child(key))
        return Node(self.value[key], self.file, self._child(key))

    def keys(self) -> list[str]:
        self.mapping()
        for k in self.value:
            if not isinstance(k, str):
                Node(k, self.file, self.path).fail("text keys", k)
        return list(self.value)

    def items(self):
        return [(k, Node(self.value[k], self.file, self._child(k))) for k in self.keys()]

    def only_keys(self, allowed) -> Node:
        for k in self.keys():
            if k not in allowed:
                Node(k, self.file, self._child(k)).fail(f"one of the keys {', '.join(sorted(allowed))}", k)
        return self

    def seq(self, min_len: int = 0, max_len: int | None = None) -> list[Node]:
        if not isinstance(self.value, list):
            self.fail("a list", type(self.value).__name__)
        n = len(self.value)
        if n < min_len or (max_len is not None and n > max_len):
            want = f"{min_len}" if max_len == min_len else f"{min_len}..{max_len if max_len is not None else 'any'}"
            self.fail(f"a list of {want} items", f"{n} items")
        return [Node(v, self.file, self._child(i)) for i, v in enumerate(self.value)]

    # --- scalars ----------------------------------------------------------
    def int(self, lo: int | None = None, hi: int | None = None) -> int:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail("a whole number", v)
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            self.fail(f"a number from {lo if lo is not None else '-inf'} to {hi if hi is not None else 'inf'}", v)
        return v

    def str(self, choices=None, nonempty: bool = True) -> str:
        v = self.value
        if not isinstance(v, str) or (nonempty and not v.strip()):
            self.fail("text", v)
        if choices is not None and v not in choices:
            self.fail(f"one of {', '.join(map(str, choices))}", v)
        return v

    def ref(self, choices, source: Node | None = None) -> str:
        """Text naming one of `choices`; when another file defines them (`source`), a wrong
        name reports that file too, since either may be the damaged one."""
        if source is None:
            return self.str(choices)
        v = self.str()
        if v not in choices:
            self.fail(f"one of {', '.join(map(str, choices))} (from {source.where()})", v)
        return v

    def number(self, lo: float, hi: float, keep_int: bool = False) -> float:
        """A whole or decimal number from lo to hi (not true/false, not NaN) as a float, or
        with `keep_int` a whole one as an int (a cache keyed by value keeps one entry)."""
        v = self.value
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
            self.fail(f"a number from {lo} to {hi}", v)
        return v if keep_int and isinstance(v, int) else float(v)

    def pair(self, lo: float, hi: float) -> tuple[float, float]:
        """Two numbers from lo to hi (a position or a size)."""
        a, b = (n.number(lo, hi) for n in self.seq(2, 2))
        return a, b

    def bool(self) -> bool:
        if not isinstance(self.value, bool):
            self.fail("true or false", self.value)
        return self.value

    def ints(self, lo=None, hi=None, min_len=0, max_len=None) -> list[int]:
        return [n.int(lo, hi) for n in self.seq(min_len, max_len)]

    def rgb(self) -> tuple[int, int, int]:
        items = self.seq(3, 3)
        return tuple(n.int(0, 255) for n in items)  # type: ignore[return-value]


# --- read recording (tests only) ------------------------------------------
# Which keys of which files the code reads: `recording_reads()` swaps recording versions
# of Node's accessors in for as long as it lasts, so a normal run pays nothing.

class Reads:
    """What was read while recording: file -> key paths visited (`seen`) and key paths
    whose whole value was taken (`whole`: everything under them counts as read)."""

    def __init__(self):
        self.seen: dict[str, set[str]] = {}
        self.whole: dict[str, set[str]] = {}
        self._names: dict = {}

    def add(self, node: Node, whole: bool = False) -> None:
        f = self._names.get(node.file)
        if f is None:
            f = self._names[node.file] = str(Path(node.file).resolve())
        self.seen.setdefault(f, set()).add(node.path)
        if whole:
            self.whole.setdefault(f, set()).add(node.path)


_PROBES = frozenset({"CONTAINS_OP", "IS_OP"})  # `key in node.value`, `node.value is None`
_NEXT_OP: dict = {}


def _probe(frame) -> bool:
    """Whether the `.value` the frame is loading only tests membership or identity (the
    next instruction is `in` or `is`): that reads no key below the node."""
    code = frame.f_code
    ops = _NEXT_OP.get(code)
    if ops is None:
        ins = list(dis.get_instructions(code))
        ops = _NEXT_OP[code] = {a.offset: b.opname for a, b in zip(ins, ins[1:], strict=False)}
    return ops.get(frame.f_lasti) in _PROBES


@contextmanager
def recording_reads():
    """Record every key path the code reads through Node while the block runs; yields a
    Reads. Taking `.value` of a mapping or list from outside this module counts its whole
    subtree as read (except a bare `in` / `is` test); get(), items(), keys() and seq()
    count the children they hand out. Not reentrant, not thread-safe: for tests."""
    reads = Reads()
    slot = Node.__dict__["value"]
    here = __file__
    originals = {name: Node.__dict__[name] for name in ("value", "get", "keys", "items", "seq")}
    get, keys, seq = originals["get"], originals["keys"], originals["seq"]

    def outside() -> bool:
        return sys._getframe(2).f_code.co_filename != here

    def value_get(self):
        frame = sys._getframe(1)
        if frame.f_code.co_filename != here:
            reads.add(self, whole=not _probe(frame))
        return slot.__get__(self)

    def rec_get(self, key, default=_MISSING):
        child = get(self, key, default)
        if key in slot.__get__(self):
            reads.add(child)
        return child

    def rec_keys(self):
        out = keys(self)
        if outside():
            for k in out:
                reads.add(Node(None, self.file, self._child(k)))
        return out

    def rec_items(self):
        return [(k, rec_get(self, k)) for k in keys(self)]

    def rec_seq(self, min_len=0, max_len=None):
        out = seq(self, min_len, max_len)
        for n in out:
            reads.add(n)
        return out

    Node.value = property(value_get, slot.__set__)
    Node.get, Node.keys, Node.items, Node.seq = rec_get, rec_keys, rec_items, rec_seq
    try:
        yield reads
    finally:
        for name, attr in originals.items():
            setattr(Node, name, attr)
