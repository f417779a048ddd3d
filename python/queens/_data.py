"""A data directory as pandas tables: :func:`load`.

Every table is read with the dtypes the CSV contract promises (the
book's reference of the data files, docs/src/reference/data.md): ``seed``, ``n``, ``trial`` and the counts
``int64``; ``solved``, ``significant``, ``indistinguishable_from_best`` and
summary.csv's ``*_heavy_tail`` ``bool``; ``NA`` missing (``final_conflicts``
and the work counters of runs.csv a nullable ``Int64``: a foreign solver's
trial killed at its time limit has unknown work); ``Inf`` infinite; the labels (``label``,
``label_a``, ``label_b``) categorical in the config's order, so tables and
charts list them as the experiment does.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Union

import pandas as pd

from . import _queens
from ._errors import DataError

PathLike = Union[str, "os.PathLike[str]"]

_LABEL_COLUMNS = ("label", "label_a", "label_b")
_LOGICAL = ("solved", "significant", "indistinguishable_from_best")
_WHOLE = (
    "n", "trial", "seed", "solutions", "trials", "errors", "successes", "proved",
    "unknown_work", "step",
)
# Counts that may be NA: a run's work counters (NA for a foreign solver's
# trial whose work is unknown) and its final conflicts.
_NULLABLE_WHOLE = (
    "steps", "restarts", "checks", "tests", "backtracks", "evaluations", "final_conflicts",
)
_CATEGORIES = ("stop_reason", "algorithm", "measure", "magnitude", "verdict", "versus_best")


class Data:
    """The files of one data directory (``queens.load(dir)``) as pandas
    DataFrames, read when first used, and the steps that turn them into
    comparisons, charts and a report (the same code as ``queens compare``,
    ``queens plot`` and ``queens report``).

    Each table is checked by the library's store before pandas reads it,
    as every reader of the command line checks it: every trial once and
    of the experiment's plan, no row that contradicts itself, no line cut
    short, and a derived table (summary, compare, ranking, params) only
    when it was computed from the runs beside it."""

    def __init__(self, path: PathLike) -> None:
        self.path = Path(path)
        self._store = _queens.DataStore(os.fspath(self.path))
        self._files: Dict[str, Optional[Path]] = {}
        self._tables: Dict[str, Optional[pd.DataFrame]] = {}
        self._labels: Optional[List[str]] = None
        self._file("runs")

    def __repr__(self) -> str:
        return f"queens.Data({str(self.path)!r})"

    def _file(self, table: str) -> Optional[Path]:
        """The checked file of ``table`` (None when there is none)."""
        if table not in self._files:
            found = self._store.table_file(table)
            self._files[table] = None if found is None else Path(found)
        return self._files[table]

    def _forget(self, *tables: str) -> None:
        """Drops what was read of ``tables``, rewritten since, and opens the
        directory afresh."""
        self._store = _queens.DataStore(os.fspath(self.path))
        for table in tables:
            self._files.pop(table, None)
            self._tables.pop(table, None)

    @property
    def metadata(self) -> Dict[str, Any]:
        """metadata.json: the config text, versions, machine and sessions
        (empty when the file is missing or incomplete)."""
        text = self._store.metadata()
        return {} if text is None else json.loads(text)

    @property
    def labels(self) -> List[str]:
        """The labels in the config's order (else in runs.csv's)."""
        if self._labels is None:
            labels = list(self._store.labels())
            if not labels:
                runs = pd.read_csv(self._file("runs"), usecols=["label"], dtype=str,
                                   keep_default_na=False)
                labels = list(dict.fromkeys(runs["label"]))
            self._labels = labels
        return self._labels

    def _read(self, name: str) -> Optional[pd.DataFrame]:
        if name in self._tables:
            return self._tables[name]
        path = self._file(name)
        if path is None:
            self._tables[name] = None
            return None
        try:
            header = pd.read_csv(path, nrows=0).columns
            dtypes: Dict[str, Any] = {}
            for column in header:
                if column in _WHOLE:
                    dtypes[column] = "int64"
                elif column in _NULLABLE_WHOLE:
                    dtypes[column] = "Int64" if name == "runs" else "int64"
                elif column in _LOGICAL or column.endswith("_heavy_tail"):
                    dtypes[column] = "bool"
                elif column in _LABEL_COLUMNS or column in _CATEGORIES or column in (
                    "experiment", "step_unit", "params", "budget", "key", "value", "source",
                    "better", "test", "method",
                ):
                    dtypes[column] = "str"
            frame = pd.read_csv(
                path,
                dtype=dtypes,
                keep_default_na=False,
                na_values=["NA"],
                true_values=["TRUE"],
                false_values=["FALSE"],
            )
        except (ValueError, OSError) as e:
            raise DataError(f"{path}: cannot read it with the documented dtypes: {e}") from e
        order = self.labels
        for column in _LABEL_COLUMNS:
            if column in frame.columns:
                seen = [x for x in dict.fromkeys(frame[column]) if x not in order]
                frame[column] = pd.Categorical(frame[column], categories=order + seen, ordered=True)
        for column in _CATEGORIES:
            if column in frame.columns:
                frame[column] = frame[column].astype("category")
        self._tables[name] = frame
        return frame

    def _required(self, name: str, remedy: str) -> pd.DataFrame:
        frame = self._read(name)
        if frame is None:
            raise DataError(f"{self.path} holds no {name} table: {remedy}")
        return frame

    @property
    def runs(self) -> pd.DataFrame:
        """runs.csv: one row per trial."""
        return self._required("runs", "run the experiment first")

    @property
    def summary(self) -> pd.DataFrame:
        """summary.csv: one row per (label, n), every measure's statistics."""
        return self._required("summary", "run the experiment to the end (or call .summarize())")

    @property
    def compare(self) -> pd.DataFrame:
        """compare.csv: every pair of labels at each n, with its verdict."""
        return self._required("compare", "call .compare_labels()")

    @property
    def ranking(self) -> pd.DataFrame:
        """ranking.csv: the labels ranked at each n."""
        return self._required("ranking", "call .compare_labels()")

    @property
    def traces(self) -> Optional[pd.DataFrame]:
        """traces.csv: convergence points, or ``None`` when the config did
        not trace (``trace = true``)."""
        return self._read("traces")

    @property
    def params(self) -> Optional[pd.DataFrame]:
        """params.csv: every label's parameters, one row each."""
        return self._read("params")

    def _finish(self, plots: PathLike, steps: str) -> Dict[str, Any]:
        done = _queens.finish(os.fspath(self.path), os.fspath(plots), steps)
        self._forget("compare", "ranking")
        return done

    def compare_labels(self) -> Dict[str, Any]:
        """Compares every pair of labels (compare.csv, ranking.csv in the
        data directory, as ``queens compare``)."""
        return self._finish(self.path, "comparison")

    def plot(self, plots: PathLike) -> List[Path]:
        """Draws every chart the data supports into ``plots`` (SVG, PNG,
        PDF, as ``queens plot``); returns their paths."""
        done = self._finish(plots, "charts")
        return [Path(p) for p in done["charts"]]

    def report(self, plots: PathLike) -> Path:
        """Writes report.html into ``plots`` (drawing the charts that are
        missing first, as ``queens report``); returns its path."""
        done = self._finish(plots, "report")
        if done["report"] is None:
            raise DataError(f"no report was written into {plots}: {'; '.join(done['notes'])}")
        return Path(done["report"])


    def summarize(self) -> Path:
        """Recomputes summary.csv from runs.csv (no solver runs), as
        ``queens summarize``; returns its path."""
        path = Path(_queens.summarize(os.fspath(self.path)))
        self._forget("summary")
        return path

    def export_ioh(
        self,
        out: PathLike,
        *,
        measure: str = "checks",
        omit_large_sizes: bool = False,
        force: bool = False,
    ) -> Path:
        """Writes the experiment in the IOHprofiler format into ``out``
        (new or empty; ``force=True`` replaces an earlier export), as
        ``queens export --format ioh``: ``measure`` ("checks",
        "evaluations" or "steps") as IOH's evaluations, the sizes above
        65535 left out when ``omit_large_sizes``. Returns ``out``."""
        _queens.export_ioh(os.fspath(self.path), os.fspath(out), measure,
                           bool(omit_large_sizes), bool(force))
        return Path(out)

    def replay(self, row: Mapping[str, Any]) -> Any:
        """Runs the trial of one row of :attr:`runs` again (a pandas row, or
        any mapping with its ``algorithm``, ``n``, ``seed``, ``params`` and
        ``budget``), as the row's replay command does: the same counters,
        every one but the wall time; ``n`` and ``seed`` are checked as
        :func:`queens.solve` checks them. Returns the :class:`SolveResult`."""
        from . import solve

        return solve(
            str(row["algorithm"]),
            row["n"],
            seed=row["seed"],
            params=_pairs(str(row["params"]), "none", str),
            budget=_pairs(str(row["budget"]), "unlimited", _number),
        )


def _pairs(text: str, empty: str, value: Any) -> Dict[str, Any]:
    """``key=value;key=value`` as a dict (``empty`` for none), each value
    read with ``value``."""
    if text in ("", empty):
        return {}
    pairs: Dict[str, Any] = {}
    for part in text.split(";"):
        key, _, raw = part.partition("=")
        pairs[key] = value(raw)
    return pairs


def _number(text: str) -> Union[int, float]:
    """A budget's value: a whole number, or seconds with a fraction."""
    try:
        return int(text)
    except ValueError:
        return float(text)


def load(data_dir: PathLike) -> Data:
    """The data directory ``data_dir`` (runs.csv, summary.csv, compare.csv,
    ranking.csv, traces.csv, params.csv, metadata.json) as a :class:`Data`."""
    return Data(data_dir)
