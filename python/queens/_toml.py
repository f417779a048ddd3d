"""A config given as a dict, written as the TOML text the harness reads
(and stores in metadata.json): top-level values, then tables, then arrays
of tables (``[[algorithm]]``, ``[[question]]``), nested dicts inside them
as inline tables. NumPy values and ranges are written as the plain values
they hold (``sizes = range(8, 65)``, ``trials = np.int64(10)``); a value no
TOML holds is a :class:`ConfigError` naming its key path.

The writer remembers where it put each value, so an error the harness
locates in that text (``<dict>:6:8``) is told by the key path of the dict
instead (``algorithm[0].params.variant``): :func:`key_path`."""

from __future__ import annotations

import json
import math
from typing import Any, Dict, List, Optional, Tuple

from ._errors import ConfigError
from ._plain import plain

# Where each value of a line is: (first column, last column, key path),
# columns 1-based and inclusive, the outer values before the inner ones.
Spans = List[Tuple[int, int, str]]


def _key(key: str) -> str:
    if key and all(c.isalnum() or c in "_-" for c in key):
        return key
    return json.dumps(key)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _value(value: Any, path: str, column: int, spans: Spans) -> str:
    """``value`` as TOML, starting at ``column``; records the spans of the
    values nested in it (``path``'s own span is the caller's). NumPy values
    and ranges are written as the plain values they hold
    (:func:`queens._plain.plain`)."""
    value = plain(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        text = "{ "
        for index, (k, v) in enumerate(value.items()):
            if index:
                text += ", "
            text += _entry(str(k), v, _join(path, str(k)), column + len(text), spans)
        return text + " }"
    if isinstance(value, (list, tuple)):
        text = "["
        for index, item in enumerate(value):
            if index:
                text += ", "
            start = column + len(text)
            at = len(spans)
            inner = _value(item, f"{path}[{index}]", start, spans)
            spans.insert(at, (start, start + len(inner) - 1, f"{path}[{index}]"))
            text += inner
        return text + "]"
    raise ConfigError(
        f"{path}: cannot write {type(value).__name__} {value!r} in a config: give a number, "
        "a string, True/False, a list (or range, or NumPy array) or a dict"
    )


def _entry(key: str, value: Any, path: str, column: int, spans: Spans) -> str:
    """``key = value`` starting at ``column``, its span recorded before the
    spans of the values inside it."""
    head = f"{_key(key)} = "
    at = len(spans)
    text = head + _value(value, path, column + len(head), spans)
    spans.insert(at, (column, column + len(text) - 1, path))
    return text


def _is_table_array(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and bool(value) and all(isinstance(v, dict) for v in value)


def dumps_located(config: Dict[str, Any]) -> Tuple[str, List[Spans]]:
    """``config`` as TOML text, with the spans of each of its lines."""
    lines: List[Tuple[str, Spans]] = []
    tables: List[Tuple[str, Spans]] = []
    arrays: List[Tuple[str, Spans]] = []

    def entries(into: List[Tuple[str, Spans]], items: Dict[str, Any], prefix: str) -> None:
        for k, v in items.items():
            spans: Spans = []
            into.append((_entry(str(k), v, _join(prefix, str(k)), 1, spans), spans))

    for key, value in config.items():
        if isinstance(value, dict) and key in ("budget",):
            tables.append(("", []))
            header = f"[{_key(key)}]"
            tables.append((header, [(1, len(header), key)]))
            entries(tables, value, key)
        elif _is_table_array(value):
            for index, item in enumerate(value):
                arrays.append(("", []))
                header = f"[[{_key(key)}]]"
                arrays.append((header, [(1, len(header), f"{key}[{index}]")]))
                entries(arrays, item, f"{key}[{index}]")
        else:
            entries(lines, {key: value}, "")
    located = lines + tables + arrays
    return "\n".join(text for text, _ in located) + "\n", [spans for _, spans in located]


def dumps(config: Dict[str, Any]) -> str:
    """``config`` as TOML text."""
    return dumps_located(config)[0]


def key_path(spans: List[Spans], line: int, column: int) -> Optional[str]:
    """The key path of the innermost value at ``line`` and ``column``
    (1-based) of the text :func:`dumps_located` wrote, or ``None`` where no
    value is (a blank line, past the end)."""
    if not 1 <= line <= len(spans):
        return None
    found = None
    for first, last, path in spans[line - 1]:
        if first <= column <= last:
            found = path
    return found
