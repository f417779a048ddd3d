"""Python values as the plain values the harness reads (the JSON of a
solver's answer, the TOML of a dict config), passed through faithfully.

NumPy arrays and scalars become the lists and numbers they hold
(``.tolist()``), ranges become lists, and any other integer type
(:class:`numbers.Integral`) becomes an ``int``. Nothing else is converted:
a float stays a float and a bool a bool, so the harness refuses a float
where it wants a whole number with its own message, instead of the value
being silently truncated.
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np


def plain(value: Any) -> Any:
    """``value`` as a plain Python value, or ``value`` itself when it is
    one already or has no plain form."""
    if isinstance(value, (np.ndarray, np.generic)):
        return value.tolist()
    if isinstance(value, range):
        return list(value)
    if isinstance(value, numbers.Integral) and not isinstance(value, (bool, int)):
        return int(value)
    return value


def json_default(value: Any) -> Any:
    """The ``default`` hook of :func:`json.dumps`: the plain form of a value
    JSON cannot write, or :class:`TypeError` naming it when it has none."""
    converted = plain(value)
    if converted is value:
        raise TypeError(
            f"cannot write {type(value).__name__} {value!r} in the answer: give ints, lists "
            "of ints or NumPy integer arrays for boards and counters"
        )
    return converted
