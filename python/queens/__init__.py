"""queens: the N-Queens research harness from Python.

The same Rust core as the ``queens`` command line (the trial path, the
experiment runner, the statistics, the charts and the report), as a
second front end:

- :func:`algorithms` — the registry (names, parameters with defaults,
  sources, step units);
- :func:`solve` — one seeded, timed, validated trial (``queens solve``);
- :func:`count` — the exact number of solutions (``queens count``);
- :func:`run` — an experiment config (a TOML path, TOML text or a dict),
  resumable, with a progress bar (``queens run``);
- :func:`load` — a data directory as pandas tables, checked as the command
  line checks them, with the summary, the comparison, the charts, the
  report, the IOHprofiler export and the replay of any row (``queens
  summarize``, ``compare``, ``plot``, ``report``, ``export``);
- :func:`merge` — the shards of a cluster run as one experiment (``queens
  merge``);
- :func:`animate` — one seeded trial as an animated replay (``queens
  animate``);
- :func:`register` — your own solver in Python, run in process under a
  name, in configs (``name = "python:NAME"``) and in :func:`solve`.

Errors are typed (:class:`ConfigError`, :class:`DataError`,
:class:`RunError`, :class:`InvalidSolutionError`, all
:class:`QueensError`) and carry the command line's messages, what to do
named as this package's calls (``queens.load('data/x').summarize()``,
``fresh=True``).
"""

from __future__ import annotations

import os
import sys
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, NamedTuple, Optional, Union

import numpy as np

from . import _arguments, _queens, _toml
from ._data import Data, load
from ._errors import (
    ConfigError,
    DataError,
    Interrupted,
    InvalidSolutionError,
    QueensError,
    RunError,
)
from ._solvers import (
    Answer,
    Budget,
    Instance,
    native_registry,
    register,
    registered,
    unregister,
)

__version__: str = _queens.__version__

PathLike = Union[str, "os.PathLike[str]"]
Config = Union[PathLike, str, Mapping[str, Any]]
ParamValue = Union[int, float, bool, str]


@dataclass(frozen=True)
class Param:
    """One parameter of an algorithm: its name, kind (``int 1..=1000``,
    ``float 0..=1``, ``bool``, ``choice a|b``), default and help."""

    name: str
    kind: str
    default: str
    help: str


@dataclass(frozen=True)
class Algorithm:
    """One algorithm of the registry, as ``queens algorithms`` lists it."""

    name: str
    summary: str
    source: str
    citation: str
    step_unit: str
    default_budget: str
    checks: Dict[str, str]
    params: List[Param]
    variants: List[str]


def algorithms() -> List[Algorithm]:
    """The registry: every built-in algorithm with its parameters (and
    their defaults), source, step unit and what its checks count."""
    return [
        Algorithm(**{**a, "params": [Param(**p) for p in a["params"]]})
        for a in _queens.algorithms()
    ]


class TracePoint(NamedTuple):
    """One convergence point of a traced search."""

    steps: int
    checks: int
    restarts: int
    evaluations: int
    conflicts: int


@dataclass(frozen=True)
class SolveResult:
    """One trial: its counters, stop reason, wall time and the validated
    board (``None`` when unsolved); ``replay`` is the :func:`solve` call
    that runs the same trial again."""

    algorithm: str
    n: int
    seed: int
    params: str
    budget: str
    step_unit: str
    solved: bool
    stop_reason: str
    steps: int
    restarts: int
    checks: int
    tests: int
    backtracks: int
    evaluations: int
    solutions: int
    final_conflicts: Optional[int]
    wall_seconds: float
    cpu_seconds: Optional[float]
    board: Optional[np.ndarray]
    replay: str
    error: Optional[str] = None
    trace: List[TracePoint] = field(default_factory=list)

    def __str__(self) -> str:
        state = "solved" if self.solved else f"unsolved ({self.stop_reason})"
        return (
            f"{self.algorithm} N={self.n} seed={self.seed}: {state}, steps={self.steps}, "
            f"checks={self.checks}, restarts={self.restarts}, {self.wall_seconds:.6f} s"
        )


def solve(
    algorithm: str,
    n: int,
    *,
    seed: int = 0,
    params: Optional[Mapping[str, ParamValue]] = None,
    budget: Optional[Mapping[str, Union[int, float]]] = None,
    trace: bool = False,
) -> SolveResult:
    """Runs one seeded trial of ``algorithm`` (a registry name, or a
    solver registered with :func:`register`, as ``NAME`` or
    ``python:NAME``) on the N×N board, as ``queens solve -a ALGORITHM -n N
    --seed SEED`` does: the same row as runs.csv's for that seed.

    ``params`` are the algorithm's parameters (``{"variant": "random"}``);
    ``budget`` overrides its default budget key by key (``max_steps``,
    ``max_restarts``, ``max_checks``, ``time_limit`` in seconds);
    ``trace=True`` keeps the convergence points. The board is validated by
    the independent validator; a Python solver's exception is in
    :attr:`SolveResult.error` (stop reason ``solver_error``). ``n`` (1 to
    2^32 - 1) and ``seed`` (0 to 2^53 - 1) are whole numbers, ints or NumPy
    integers, as on the command line. Raises :class:`ConfigError` for an
    unknown name, parameter or budget key, and for an ``n`` or ``seed``
    that is no whole number or out of range.
    """
    record = _queens.solve(
        _arguments.algorithm(algorithm), _arguments.board_size(n), _arguments.seed(seed),
        dict(params or {}), dict(budget or {}), bool(trace), native_registry(),
    )
    solution = record.pop("solution")
    record["board"] = None if solution is None else np.asarray(solution, dtype=np.int64)
    record["trace"] = [TracePoint(*p) for p in record["trace"]]
    return SolveResult(**record)


class Count(NamedTuple):
    """The solutions of the N×N board: all of them, and the fundamental
    ones (one per class of rotations and reflections)."""

    solutions: int
    unique: int


def count(n: int, *, threads: Optional[int] = None) -> Count:
    """The exact number of solutions at ``n`` (OEIS A000170) and of
    fundamental solutions (A002562), as ``queens count -n N``, on
    ``threads`` threads (all cores by default). ``n`` is a whole number
    from 1 to 32; raises :class:`ConfigError` otherwise."""
    n = _arguments.board_size(n, most=_arguments.MAX_COUNT_SIZE)
    return Count(*_queens.count(n, _arguments.threads(threads)))


@dataclass(frozen=True)
class RunResult:
    """What :func:`run` did: the trials planned, done before and run now,
    whether Ctrl-C stopped it, how many rows ended in a solver's error, and
    the files written."""

    name: str
    data: Path
    plots: Path
    planned: int
    previously_done: int
    ran: int
    interrupted: bool
    program_errors: int
    warnings: List[str]
    charts: List[Path]
    report: Optional[Path]
    comparison: List[Path]
    notes: List[str]

    def load(self) -> Data:
        """The run's data directory as pandas tables."""
        return load(self.data)


_DICT = "<dict>"


def _config_text(config: Config) -> "tuple[str, str]":
    if isinstance(config, Mapping):
        return _DICT, _toml.dumps(dict(config))
    if isinstance(config, os.PathLike) or (
        isinstance(config, str) and "\n" not in config and "=" not in config
    ):
        path = Path(config)
        try:
            data = path.read_bytes()
        except OSError as e:
            raise ConfigError(f"cannot read config {path}: {e.strerror or e}") from e
        try:
            return os.fspath(path), data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ConfigError(
                f"{path}: byte {e.start} is not UTF-8: save the config as UTF-8 text"
            ) from e
    return "<string>", str(config)


def _in_dict(message: str, config: Mapping[str, Any]) -> str:
    """A message about the TOML text written from the dict ``config``
    (``<dict>:LINE:COL: what``, then the line with a caret under the
    column) as the dict's key path there says it: ``algorithm[0].params.variant:
    what``. Any other message is returned as it is."""
    prefix = f"{_DICT}:"
    if not message.startswith(prefix):
        return message
    place, _, what = message[len(prefix):].partition(": ")
    line, _, column = place.partition(":")
    if not (line.isdigit() and column.isdigit()):
        return message
    lines = what.split("\n")
    if len(lines) >= 3 and lines[-1].strip() == "^":
        what = "\n".join(lines[:-2])
    _, spans = _toml.dumps_located(dict(config))
    path = _toml.key_path(spans, int(line), int(column))
    return f"{path if path is not None else 'the config'}: {what}"


def _progress_callback(progress: Union[bool, None, Callable[[int, int], Any]]):
    if callable(progress):
        return progress, None
    if progress is False:
        return None, None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None, None
    bar: Dict[str, Any] = {}

    def update(done: int, total: int) -> None:
        if "bar" not in bar:
            if total == 0:
                return
            bar["bar"] = tqdm(total=total, unit="trial", file=sys.stderr)
        b = bar["bar"]
        b.update(done - b.n)

    def close() -> None:
        if "bar" in bar:
            bar["bar"].close()

    return update, close


def run(
    config: Config,
    *,
    data: Optional[PathLike] = None,
    plots: Optional[PathLike] = None,
    threads: Optional[int] = None,
    fresh: bool = False,
    progress: Union[bool, None, Callable[[int, int], Any]] = None,
    charts: bool = True,
) -> RunResult:
    """Runs an experiment, as ``queens run`` does: every trial through the
    same trial path into ``data`` (default ``data/<name>``), then the
    summary, the comparison, the charts and the report into ``plots``
    (default ``plots/<name>``).

    ``config`` is a TOML file's path, TOML text, or a dict of the same
    schema (``{"name": ..., "sizes": [...], "trials": 10, "algorithm":
    [{"name": "min-conflicts"}, ...]}``). Python solvers registered with
    :func:`register` run in process as ``name = "python:NAME"``. Running
    the same config again resumes (``fresh=True`` discards earlier
    results). ``threads`` defaults to every core; ``progress`` is a
    callable ``progress(done, total)``, ``False`` for quiet, or ``None`` for
    a tqdm bar when tqdm is installed (terminal and Jupyter). The GIL is
    released while built-in solvers run. ``charts=False`` writes the data
    alone (the runs, the summary and the comparison): no charts, no report.
    In a dict, sizes may be a ``range`` or a NumPy array and numbers NumPy
    scalars; ``threads`` is a whole number from 1 (:class:`ConfigError`
    otherwise). The run is the command line's own run service: the same
    threads, the same files, the same resume.

    A config's warnings, and trials that ended in a solver's error, are
    reported with :func:`warnings.warn`.

    Ctrl-C stops the run as the command line does: the finished trials are
    kept and :class:`Interrupted` (a ``KeyboardInterrupt``) is raised;
    running the same call again resumes. Raises :class:`ConfigError` (with
    ``file:line:col``; for a dict, the key path, ``algorithm[0].params``),
    :class:`RunError` or :class:`DataError`; their messages name what to do
    as calls of this package (``fresh=True``, ``.summarize()``).
    """
    threads = _arguments.threads(threads)
    source, text = _config_text(config)
    callback, close = _progress_callback(progress)
    try:
        result = _queens.run(
            source,
            text,
            None if data is None else os.fspath(data),
            None if plots is None else os.fspath(plots),
            threads,
            bool(fresh),
            callback,
            native_registry(),
            bool(charts),
        )
    except ConfigError as e:
        if source != _DICT:
            raise
        raise ConfigError(_in_dict(str(e), config)) from None
    finally:
        if close is not None:
            close()
    if source == _DICT:
        result["warnings"] = [_in_dict(w, config) for w in result["warnings"]]
    result["data"] = Path(result["data"])
    result["plots"] = Path(result["plots"])
    result["charts"] = [Path(p) for p in result["charts"]]
    result["comparison"] = [Path(p) for p in result["comparison"]]
    if result["report"] is not None:
        result["report"] = Path(result["report"])
    outcome = RunResult(**result)
    for warning in outcome.warnings:
        warnings.warn(warning, stacklevel=2)
    if outcome.program_errors:
        warnings.warn(
            f"{outcome.program_errors} trial(s) ended in a solver's error (solver_error or "
            "invalid_solution): left out of the statistics, the comparison and the charts; "
            f"the reasons are in {outcome.data / 'external.log'}",
            stacklevel=2,
        )
    if outcome.interrupted:
        raise Interrupted(
            "interrupted: the finished trials are kept; run the same call again to resume",
            outcome,
        )
    return outcome


@dataclass(frozen=True)
class MergeResult:
    """What :func:`merge` did: the experiment, the shards merged, the
    trials, and the files written."""

    name: str
    shards: int
    trials: int
    data: Path
    plots: Path
    charts: List[Path]
    report: Optional[Path]
    comparison: List[Path]
    notes: List[str]

    def load(self) -> Data:
        """The merged data directory as pandas tables."""
        return load(self.data)


def merge(
    dirs: Union[PathLike, List[PathLike]],
    *,
    into: Optional[PathLike] = None,
    plots: Optional[PathLike] = None,
) -> MergeResult:
    """Merges the shards of a cluster run (``queens run --shard I/K``)
    found in ``dirs`` into one runs.csv, summary.csv, params.csv and
    metadata.json in ``into`` (default: the first directory), then compares,
    charts and reports into ``plots`` (default ``plots/<name>``), as
    ``queens merge``. Raises :class:`RunError` when a shard is missing,
    incomplete or of another config."""
    if isinstance(dirs, (str, os.PathLike)):
        dirs = [dirs]
    paths = [os.fspath(d) for d in dirs]
    if not paths:
        raise ConfigError("merge: give at least one directory holding shards")
    result = _queens.merge(paths, os.fspath(into) if into is not None else paths[0],
                           None if plots is None else os.fspath(plots))
    result["data"] = Path(result["data"])
    result["plots"] = Path(result["plots"])
    result["charts"] = [Path(p) for p in result["charts"]]
    result["comparison"] = [Path(p) for p in result["comparison"]]
    if result["report"] is not None:
        result["report"] = Path(result["report"])
    return MergeResult(**result)


@dataclass(frozen=True)
class Replay:
    """An animated replay :func:`animate` wrote: the file, its frames, and
    how the trial ended."""

    out: Path
    frames: int
    solved: bool
    steps: int
    checks: int


def animate(
    algorithm: str,
    n: int,
    out: PathLike,
    *,
    seed: int = 0,
    params: Optional[Mapping[str, ParamValue]] = None,
    budget: Optional[Mapping[str, Union[int, float]]] = None,
) -> Replay:
    """Records one seeded trial of ``algorithm`` on the N×N board (N at
    most 32) frame by frame and writes it to ``out``, as ``queens animate``
    does: an interactive page when ``out`` ends in ``.html``, a
    self-playing animation when it ends in ``.svg``. ``n`` and ``seed`` are
    checked as for :func:`solve`."""
    n = _arguments.board_size(n, most=_arguments.MAX_ANIMATE_SIZE)
    result = _queens.animate(
        _arguments.algorithm(algorithm), n, os.fspath(out), _arguments.seed(seed),
        dict(params or {}), dict(budget or {}), native_registry(),
    )
    result["out"] = Path(result["out"])
    return Replay(**result)


__all__ = [
    "Algorithm", "Answer", "Budget", "Config", "ConfigError", "Count", "Data", "DataError",
    "Instance", "Interrupted", "InvalidSolutionError", "MergeResult", "Param", "QueensError",
    "Replay", "RunError", "RunResult", "SolveResult", "TracePoint", "algorithms", "animate",
    "count", "load", "merge", "register", "registered", "run", "solve", "unregister",
]
