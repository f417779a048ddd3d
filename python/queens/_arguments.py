"""The package's arguments checked as the command line checks its options:
a board size, a seed or a number of threads is a whole number (an ``int``
or a NumPy integer, never a bool, a float or a string) within the
option's bounds, and an algorithm is named by a string. Anything else is
a :class:`ConfigError` that names the argument, the bad value and what is
allowed; nothing is converted silently (``seed=1.5`` is not seed 1).
"""

from __future__ import annotations

import numbers
from typing import Any, Optional

from . import _queens
from ._errors import ConfigError

#: The largest board size (``queens solve -n``, a config's ``sizes``).
MAX_SIZE: int = _queens.MAX_SIZE
#: The largest board size the exact counter handles (``queens count``).
MAX_COUNT_SIZE: int = _queens.MAX_COUNT_SIZE
#: The largest board size of an animated replay (``queens animate``).
MAX_ANIMATE_SIZE: int = _queens.MAX_ANIMATE_SIZE
#: Seeds are below this bound (2^53: a double holds every integer below it).
SEED_BOUND: int = _queens.SEED_BOUND


def whole_number(name: str, value: Any, what: str, low: int, high: Optional[int] = None) -> int:
    """``value`` as an ``int`` when it is a whole number from ``low`` to
    ``high`` (no upper bound when ``None``); else :class:`ConfigError`
    naming the argument ``name``, the value and ``what`` it should be."""
    bounds = f"from {low} to {high}" if high is not None else f"from {low} up"
    allowed = f"give {what}, a whole number {bounds}"
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ConfigError(
            f"{name} = {value!r} is a {type(value).__name__}, not a whole number: {allowed} "
            "(an int or a NumPy integer)"
        )
    number = int(value)
    if number < low or (high is not None and number > high):
        raise ConfigError(f"{name} = {number} is out of range: {allowed}")
    return number


def board_size(value: Any, *, most: int = MAX_SIZE) -> int:
    """The board size ``n``: a whole number from 1 to ``most``."""
    return whole_number("n", value, "a board size", 1, most)


def seed(value: Any) -> int:
    """The ``seed``: a whole number from 0 to 2^53 - 1."""
    return whole_number("seed", value, "a seed", 0, SEED_BOUND - 1)


def threads(value: Any) -> Optional[int]:
    """The number of worker ``threads``, from 1 up, or ``None`` for every
    core."""
    if value is None:
        return None
    return whole_number("threads", value, "a number of worker threads (or None for every core)", 1)


def algorithm(value: Any) -> str:
    """The ``algorithm``'s name: a string."""
    if not isinstance(value, str):
        raise ConfigError(
            f"algorithm = {value!r} is a {type(value).__name__}, not a name: give a registry "
            "name (queens.algorithms()) or the name of a solver registered with queens.register"
        )
    return value
