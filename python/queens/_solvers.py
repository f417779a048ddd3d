"""Your own solver in Python, run in process by the harness.

Register a callable, or an object with a ``solve`` method, under a name::

    def my_solver(n, rng_seed, budget, trace):
        rng = random.Random(rng_seed)
        ...
        return board, "solved", {"steps": repairs, "checks": checks}

    queens.register("mine", my_solver, step="repair")

and use the name in :func:`queens.solve` (``"mine"`` or ``"python:mine"``)
and in configs run by :func:`queens.run` (``name = "python:mine"`` in an
``[[algorithm]]`` table, with ``label`` and ``params`` as for any entry).

The harness calls ``solver(n, rng_seed, budget, trace)`` once per trial, and
also passes ``params=`` (the entry's parameters, a dict of numbers, words
and flags, verbatim) when the callable takes a ``params`` argument or
``**kwargs``, and ``instance=`` when it was registered with
``instances=True``:

- ``n``: the board size; ``rng_seed``: the trial's seed (runs.csv's
  ``seed``), the solver's only source of randomness, so a row replays;
- ``budget``: a :class:`Budget` (``max_steps``, ``max_restarts``,
  ``max_checks``, ``time_limit``, each ``None`` when unset; also readable
  as ``budget["max_steps"]``). The solver must stop within it: the harness
  cannot interrupt Python code, and refuses a counter above its limit;
- ``budget.deadline``: when the time limit runs out, as a
  :func:`time.monotonic` value (``None`` without a time limit), with
  ``budget.time_left()`` (seconds, 0.0 once passed) and
  ``budget.expired()`` to read it cheaply in the search loop. A trial
  that returns after its time limit is ``budget_time`` whatever it
  returns (its answer is not counted, and ``external.log`` says so, as
  for an external program killed at the time limit): a solver that sees
  ``budget.expired()`` returns ``"budget_time"`` with its counters;
- ``trace``: a list to append convergence points to (dicts with
  ``steps``, ``checks``, ``restarts``, ``evaluations``, ``conflicts`` and
  optionally ``columns``, the board), or ``None`` when no trace is kept;
- ``instance`` (only with ``instances=True``): the trial's
  :class:`Instance` (its ``blocked`` squares and ``given`` queens, as the
  external protocol's version 3 sends them), or ``None`` for a plain
  trial. The solver never puts a queen on a blocked square and never moves
  a given queen (a board that does is an ``invalid_solution`` row), and
  may answer ``"exhausted"`` when it proves the instance has no solution
  (a claim the harness cannot check). A plan with instances refuses, when
  it loads, a solver registered without ``instances=True``.

It returns one of:

- a tuple ``(board, stop_reason, counters)``, as
  ``experiments/solvers/min_conflicts.py``'s ``solve``: ``board`` the
  solution when ``stop_reason == "solved"``, else the last board (or
  ``None``); ``counters`` a dict of ``steps``, ``checks``, ``restarts``,
  ``evaluations`` (missing ones are 0);
- an :class:`Answer`;
- a dict with the external protocol's reply fields (``solution``,
  ``stop_reason``, ``counters``, ``final_board``, ``final_conflicts``,
  ``trace``).

The answer goes through the same checks as an external program's reply
(``experiments/solvers/PROTOCOL.md``): stop reasons ``solved``,
``exhausted``, ``budget_steps``, ``budget_checks``, ``budget_restarts``,
``budget_time``; counters within the budget; and every solution through the
independent validator (a board that is no solution is an
``invalid_solution`` row). Its values reach those checks as given, NumPy
integer arrays and scalars as the integers they hold: boards and counters
are whole numbers, so a float (``np.array(board) + 0.5``, ``{"steps":
1.9}``), a bool or a string is refused, never rounded (a ``solver_error``
row, the reason in ``external.log``). An exception raised by the solver is a
``solver_error`` row, its traceback in ``external.log`` beside runs.csv
(and in :attr:`SolveResult.error` for :func:`queens.solve`): the run goes
on.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import marshal
import re
import threading
import time
import traceback
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from ._plain import json_default

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


@dataclass(frozen=True)
class Budget:
    """The limits of one trial; ``None`` where unset.

    ``deadline`` is when the time limit runs out, as a :func:`time.monotonic`
    value (``None`` without a time limit): a solver stops by then, or its
    trial is ``budget_time`` whatever it returns. :meth:`time_left` and
    :meth:`expired` read it.
    """

    max_steps: Optional[int] = None
    max_restarts: Optional[int] = None
    max_checks: Optional[int] = None
    time_limit: Optional[float] = None
    deadline: Optional[float] = None

    def __getitem__(self, key: str) -> Any:
        """The limit ``key``, as ``budget["max_steps"]``."""
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        """The limit ``key``, or ``default`` when there is no such key."""
        return getattr(self, key, default)

    def time_left(self) -> Optional[float]:
        """The seconds left before the deadline (0.0 once it has passed), or
        ``None`` without a time limit."""
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - time.monotonic())

    def expired(self) -> bool:
        """Whether the deadline has passed (never without a time limit)."""
        return self.deadline is not None and time.monotonic() >= self.deadline


@dataclass
class Answer:
    """What a solver found in one trial.

    ``solution`` is the board (column of the queen in each row) when
    ``stop_reason`` is ``"solved"``; ``final_board`` the last board of an
    unsolved search (the harness counts its attacking pairs).
    """

    stop_reason: str
    solution: Optional[Sequence[int]] = None
    steps: int = 0
    checks: int = 0
    restarts: int = 0
    evaluations: int = 0
    final_board: Optional[Sequence[int]] = None

    def reply(self) -> Dict[str, Any]:
        """The protocol's reply (without its id), every value as given."""
        reply: Dict[str, Any] = {
            "solution": self.solution,
            "stop_reason": self.stop_reason,
            "counters": {
                "steps": self.steps,
                "checks": self.checks,
                "restarts": self.restarts,
                "evaluations": self.evaluations,
            },
        }
        if self.final_board is not None:
            reply["final_board"] = self.final_board
        return reply


@dataclass(frozen=True)
class Instance:
    """One trial's hard N-Queens instance: the squares no queen may stand on
    and the queens placed in advance, each ``(row, column)`` counted from 0,
    row by row (the external protocol's ``instance`` field, version 3).

    Every other square is allowed; a given queen's square is allowed and
    its row's queen stands there. ``instance["blocked"]`` and
    ``instance["given"]`` read the fields as the protocol's dict does, so
    code written for an external program's request reads this too.
    """

    n: int
    blocked: Tuple[Tuple[int, int], ...] = ()
    given: Tuple[Tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        rows: Dict[int, set] = {}
        for row, column in self.blocked:
            rows.setdefault(row, set()).add(column)
        object.__setattr__(self, "_blocked_by_row", rows)
        object.__setattr__(self, "_given_by_row", dict(self.given))

    @classmethod
    def from_json(cls, n: int, text: str) -> "Instance":
        """The instance of an N×N board from the protocol's JSON field."""
        field = json.loads(text)
        return cls(
            n=n,
            blocked=tuple((r, c) for r, c in field["blocked"]),
            given=tuple((r, c) for r, c in field["given"]),
        )

    def __getitem__(self, key: str) -> Any:
        """``instance["blocked"]``, ``instance["given"]``, ``instance["n"]``."""
        if key not in ("n", "blocked", "given"):
            raise KeyError(key)
        return getattr(self, key)

    def is_allowed(self, row: int, column: int) -> bool:
        """Whether a queen may stand on (``row``, ``column``)."""
        given = self._given_by_row.get(row)  # type: ignore[attr-defined]
        if given is not None:
            return column == given
        return 0 <= column < self.n and column not in self._blocked_by_row.get(row, ())  # type: ignore[attr-defined]

    def allowed(self, row: int) -> List[int]:
        """The columns ``row``'s queen may take, in increasing order: the
        given column alone for a row with a given queen."""
        given = self._given_by_row.get(row)  # type: ignore[attr-defined]
        if given is not None:
            return [given]
        blocked = self._blocked_by_row.get(row, ())  # type: ignore[attr-defined]
        return [c for c in range(self.n) if c not in blocked]

    def given_column(self, row: int) -> Optional[int]:
        """The column of ``row``'s given queen, or ``None``."""
        return self._given_by_row.get(row)  # type: ignore[attr-defined]


SolverFunction = Callable[..., Any]


def _reply(answer: Any) -> Dict[str, Any]:
    """The answer of a solver as the protocol's reply (without its id), its
    values as the solver gave them: the reply's parser checks them."""
    if isinstance(answer, Answer):
        return answer.reply()
    if isinstance(answer, dict):
        return dict(answer)
    if isinstance(answer, tuple) and len(answer) == 3:
        board, stop_reason, counters = answer
        solved = stop_reason == "solved"
        reply = {
            "solution": board if solved else None,
            "stop_reason": stop_reason,
            "counters": dict(counters or {}),
        }
        if not solved and board is not None:
            reply["final_board"] = board
        return reply
    raise TypeError(
        "a solver returns (board, stop_reason, counters), a queens.Answer or a "
        f"dict of the protocol's reply, not {type(answer).__name__}"
    )


class Registered:
    """A registered solver: the callable, what one of its steps is, whether
    it takes ``params`` and whether it searches instances."""

    def __init__(self, name: str, solver: Any, step: str, instances: bool = False) -> None:
        function = getattr(solver, "solve", solver)
        if not callable(function):
            raise TypeError(
                f"queens.register({name!r}, ...): give a callable "
                "solver(n, rng_seed, budget, trace) or an object with such a solve method"
            )
        self.name = name
        self.function: SolverFunction = function
        self.step = step
        try:
            parameters = inspect.signature(function).parameters.values()
        except (TypeError, ValueError):
            parameters = []
        parameters = list(parameters)
        self.takes_params = any(
            p.name == "params" or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters
        )
        self.instances = bool(instances)
        if self.instances and parameters and not any(
            p.name == "instance" or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters
        ):
            raise TypeError(
                f"queens.register({name!r}, ..., instances=True): the solver takes no "
                "`instance` argument; add one (instance=None: the trial's queens.Instance, "
                "None for a plain trial) and keep to it"
            )
        self.fingerprint = _fingerprint(solver, function)

    def trial(
        self, n: int, seed: int, params: str, budget: str, tracing: bool,
        time_left: Optional[float], instance: Optional[str] = None,
    ) -> Tuple[bool, str]:
        """One trial, as the native module calls it: ``(True, reply)`` with
        the reply as JSON, or ``(False, traceback)``. ``time_left`` is the
        seconds left before the trial's time limit (``None`` without one);
        ``instance`` the trial's instance as the protocol's JSON field
        (``None`` for a plain trial)."""
        try:
            deadline = None if time_left is None else time.monotonic() + time_left
            limits = Budget(**json.loads(budget), deadline=deadline)
            trace: Optional[List[Dict[str, Any]]] = [] if tracing else None
            extra: Dict[str, Any] = {}
            if self.takes_params:
                extra["params"] = json.loads(params)
            if self.instances:
                extra["instance"] = None if instance is None else Instance.from_json(n, instance)
            answer = self.function(n, seed, limits, trace, **extra)
            reply = _reply(answer)
            if trace and "trace" not in reply:
                reply["trace"] = trace
            reply["id"] = 1
            return True, json.dumps(reply, default=json_default)
        except Exception:  # noqa: BLE001 - every error is the trial's, not the run's
            return False, traceback.format_exc()


_lock = threading.Lock()
_registry: Dict[str, Registered] = {}


def register(
    name: str, solver: Union[SolverFunction, Any], *, step: str = "step",
    instances: bool = False,
) -> None:
    """Register ``solver`` under ``name`` for :func:`queens.solve` and for
    configs run by :func:`queens.run` (``name = "python:NAME"``).

    ``solver`` is a callable ``solver(n, rng_seed, budget, trace)`` (with
    ``params=`` when it takes it) or an object with such a ``solve`` method;
    ``step`` says what one of its steps is (the ``step_unit`` column: steps
    of two labels compare only when it is the same, so a solver counting
    repairs as the built-in ``min-conflicts`` does says ``step="repair"``).
    ``instances=True`` says it searches hard instances (blocked squares,
    given queens): it is then called with ``instance=`` (an
    :class:`Instance`, ``None`` for a plain trial) and must take that
    argument; without it, a plan with instances refuses the solver when it
    loads.
    Registering a name again replaces the solver. See this module's
    documentation (``help(queens._solvers)``) for what the solver returns.
    """
    if not _NAME.match(name):
        raise ValueError(
            f"solver name {name!r}: use letters, digits, '_', '-' and '.', starting with a "
            "letter or digit, at most 64 characters"
        )
    step = step.strip()
    if not step or len(step) > 40 or not step[0].isalpha():
        raise ValueError(
            f"step {step!r}: say in a few words (at most 40 characters, starting with a "
            'letter) what one of the solver\'s steps is, like "repair"'
        )
    entry = Registered(name, solver, step, instances)
    with _lock:
        _registry[name] = entry


def unregister(name: str) -> None:
    """Forget the solver registered as ``name`` (nothing if there is none)."""
    with _lock:
        _registry.pop(name, None)


def registered() -> List[str]:
    """The names of the registered solvers, sorted."""
    with _lock:
        return sorted(_registry)


def native_registry() -> Dict[
    str, Tuple[Callable[..., Tuple[bool, str]], str, Tuple[str, str], bool]
]:
    """The registered solvers as the native module takes them: the trial
    function, the step unit, the fingerprint and whether it searches
    instances."""
    with _lock:
        return {
            name: (entry.trial, entry.step, entry.fingerprint, entry.instances)
            for name, entry in _registry.items()
        }


def _fingerprint(solver: Any, function: SolverFunction) -> Tuple[str, str]:
    """What a registered solver is, for a person (the Python function
    ``module.qualname``), and the SHA-256 of its code: the source of the
    solver (the whole class for an object with a ``solve`` method) when
    Python can find it, else its compiled code (marshalled). A run records
    it in metadata.json, and a resume refuses a solver whose fingerprint
    changed: the rows of two versions never mix under one label."""
    owner = solver if inspect.isroutine(solver) else type(solver)
    name = f"{getattr(owner, '__module__', '?')}.{getattr(owner, '__qualname__', repr(owner))}"
    try:
        code = inspect.getsource(owner).encode()
    except (OSError, TypeError):
        # No source (a built-in, a partial): its compiled code when it has
        # one, else its name alone.
        compiled = getattr(function, "__code__", None)
        code = b"" if compiled is None else marshal.dumps(compiled)
    return f"the Python function {name}", hashlib.sha256(name.encode() + b"\n" + code).hexdigest()


__all__ = ["Answer", "Budget", "Instance", "register", "unregister", "registered"]
