"""A data directory as pandas tables: :func:`load`.

Every table is read with the dtypes the CSV contract promises (the
book's reference of the data files, docs/src/reference/data.md): ``seed``, ``n``, ``trial`` and the counters
``int64``; ``solved``, ``significant``, ``indistinguishable_from_best`` and
summary.csv's ``*_heavy_tail`` ``bool``; ``NA`` missing (``final_conflicts``
a nullable ``Int64``); ``Inf`` infinite; the labels (``label``,
``label_a``, ``label_b``) categorical in the config's order, so tables and
charts list them as the experiment does.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, List, Optional, Union

import pandas as pd

from . import _queens
from ._errors import DataError

PathLike = Union[str, "os.PathLike[str]"]

_LABEL_COLUMNS = ("label", "label_a", "label_b")
_LOGICAL = ("solved", "significant", "indistinguishable_from_best")
_WHOLE = (
    "n", "trial", "seed", "steps", "restarts", "checks", "tests", "backtracks",
    "evaluations", "solutions", "trials", "errors", "successes", "step",
)
_CATEGORIES = ("stop_reason", "algorithm", "measure", "magnitude", "verdict", "versus_best")


class Data:
    """The files of one data directory (``queens.load(dir)``) as pandas
    DataFrames, read when first used, and the steps that turn them into
    comparisons, charts and a report (the same code as ``queens compare``,
    ``queens plot`` and ``queens report``)."""

    def __init__(self, path: PathLike) -> None:
        self.path = Path(path)
        if not (self.path / "runs.csv").is_file():
            raise DataError(
                f"{self.path} holds no runs.csv: give a data directory written by "
                "queens.run() or `queens run`"
            )
        self._tables: Dict[str, Optional[pd.DataFrame]] = {}
        self._labels: Optional[List[str]] = None

    def __repr__(self) -> str:
        return f"queens.Data({str(self.path)!r})"

    @property
    def metadata(self) -> Dict[str, Any]:
        """metadata.json: the config text, versions, machine and sessions
        (empty when the file is missing)."""
        path = self.path / "metadata.json"
        if not path.is_file():
            return {}
        with open(path, encoding="utf-8") as f:
            return json.load(f)

    @property
    def labels(self) -> List[str]:
        """The labels in the config's order (else in runs.csv's)."""
        if self._labels is None:
            meta = self.metadata
            labels: List[str] = []
            if meta.get("config_text"):
                try:
                    labels = _queens.config_labels(meta.get("config_source", ""), meta["config_text"])
                except _queens.QueensError:
                    labels = []
            if not labels:
                runs = pd.read_csv(self.path / "runs.csv", usecols=["label"], dtype=str,
                                   keep_default_na=False)
                labels = list(dict.fromkeys(runs["label"]))
            self._labels = labels
        return self._labels

    def _read(self, name: str) -> Optional[pd.DataFrame]:
        if name in self._tables:
            return self._tables[name]
        path = self.path / name
        if not path.is_file():
            self._tables[name] = None
            return None
        try:
            header = pd.read_csv(path, nrows=0).columns
            dtypes: Dict[str, Any] = {}
            for column in header:
                if column in _WHOLE:
                    dtypes[column] = "int64"
                elif column == "final_conflicts":
                    dtypes[column] = "Int64"
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
            raise DataError(f"{self.path / name} is missing: {remedy}")
        return frame

    @property
    def runs(self) -> pd.DataFrame:
        """runs.csv: one row per trial."""
        return self._required("runs.csv", "run the experiment first")

    @property
    def summary(self) -> pd.DataFrame:
        """summary.csv: one row per (label, n), every measure's statistics."""
        return self._required("summary.csv", "run the experiment to the end (or `queens summarize`)")

    @property
    def compare(self) -> pd.DataFrame:
        """compare.csv: every pair of labels at each n, with its verdict."""
        return self._required("compare.csv", "call .compare_labels() (or `queens compare`)")

    @property
    def ranking(self) -> pd.DataFrame:
        """ranking.csv: the labels ranked at each n."""
        return self._required("ranking.csv", "call .compare_labels() (or `queens compare`)")

    @property
    def traces(self) -> Optional[pd.DataFrame]:
        """traces.csv: convergence points, or ``None`` when the config did
        not trace (``trace = true``)."""
        return self._read("traces.csv")

    @property
    def params(self) -> Optional[pd.DataFrame]:
        """params.csv: every label's parameters, one row each."""
        return self._read("params.csv")

    def _finish(self, plots: PathLike, steps: str) -> Dict[str, Any]:
        done = _queens.finish(os.fspath(self.path), os.fspath(plots), steps)
        for name in ("compare.csv", "ranking.csv"):
            self._tables.pop(name, None)
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


def load(data_dir: PathLike) -> Data:
    """The data directory ``data_dir`` (runs.csv, summary.csv, compare.csv,
    ranking.csv, traces.csv, params.csv, metadata.json) as a :class:`Data`."""
    return Data(data_dir)
