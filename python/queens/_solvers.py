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
``**kwargs``:

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
  optionally ``columns``, the board), or ``None`` when no trace is kept.

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
    """A registered solver: the callable, what one of its steps is, and
    whether it takes ``params``."""

    def __init__(self, name: str, solver: Any, step: str) -> None:
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
        self.takes_params = any(
            p.name == "params" or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters
        )
        self.fingerprint = _fingerprint(solver, function)

    def trial(
        self, n: int, seed: int, params: str, budget: str, tracing: bool,
        time_left: Optional[float],
    ) -> Tuple[bool, str]:
        """One trial, as the native module calls it: ``(True, reply)`` with
        the reply as JSON, or ``(False, traceback)``. ``time_left`` is the
        seconds left before the trial's time limit (``None`` without one)."""
        try:
            deadline = None if time_left is None else time.monotonic() + time_left
            limits = Budget(**json.loads(budget), deadline=deadline)
            trace: Optional[List[Dict[str, Any]]] = [] if tracing else None
            if self.takes_params:
                answer = self.function(n, seed, limits, trace, params=json.loads(params))
            else:
                answer = self.function(n, seed, limits, trace)
            reply = _reply(answer)
            if trace and "trace" not in reply:
                reply["trace"] = trace
            reply["id"] = 1
            return True, json.dumps(reply, default=json_default)
        except Exception:  # noqa: BLE001 - every error is the trial's, not the run's
            return False, traceback.format_exc()


_lock = threading.Lock()
_registry: Dict[str, Registered] = {}


def register(name: str, solver: Union[SolverFunction, Any], *, step: str = "step") -> None:
    """Register ``solver`` under ``name`` for :func:`queens.solve` and for
    configs run by :func:`queens.run` (``name = "python:NAME"``).

    ``solver`` is a callable ``solver(n, rng_seed, budget, trace)`` (with
    ``params=`` when it takes it) or an object with such a ``solve`` method;
    ``step`` says what one of its steps is (the ``step_unit`` column: steps
    of two labels compare only when it is the same, so a solver counting
    repairs as the built-in ``min-conflicts`` does says ``step="repair"``).
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
    entry = Registered(name, solver, step)
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


def native_registry() -> Dict[str, Tuple[Callable[..., Tuple[bool, str]], str, Tuple[str, str]]]:
    """The registered solvers as the native module takes them: the trial
    function, the step unit and the fingerprint."""
    with _lock:
        return {
            name: (entry.trial, entry.step, entry.fingerprint)
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


__all__ = ["Answer", "Budget", "register", "unregister", "registered"]
