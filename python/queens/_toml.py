"""A config given as a dict, written as the TOML text the harness reads
(and stores in metadata.json): top-level values, then tables, then arrays
of tables (``[[algorithm]]``, ``[[question]]``), nested dicts inside them
as inline tables."""

from __future__ import annotations

import json
import math
from typing import Any, Dict, List


def _key(key: str) -> str:
    if key and all(c.isalnum() or c in "_-" for c in key):
        return key
    return json.dumps(key)


def _value(value: Any) -> str:
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
        return "{ " + ", ".join(f"{_key(str(k))} = {_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} {value!r} in a config")


def _is_table_array(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and bool(value) and all(isinstance(v, dict) for v in value)


def dumps(config: Dict[str, Any]) -> str:
    """``config`` as TOML text."""
    lines: List[str] = []
    tables: List[str] = []
    arrays: List[str] = []
    for key, value in config.items():
        if isinstance(value, dict) and key in ("budget",):
            tables.append(f"\n[{_key(key)}]")
            tables.extend(f"{_key(str(k))} = {_value(v)}" for k, v in value.items())
        elif _is_table_array(value):
            for item in value:
                arrays.append(f"\n[[{_key(key)}]]")
                arrays.extend(f"{_key(str(k))} = {_value(v)}" for k, v in item.items())
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    return "\n".join(lines + tables + arrays) + "\n"
