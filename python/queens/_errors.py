"""The exceptions the package raises, one class per kind of problem.

Each carries the command-line tool's message for the same error, what to
do named as this package's calls (``queens.load('data/x').summarize()``,
``fresh=True``): a config error keeps its ``file:line:col`` and the excerpt
of the line, or for a config given as a dict names its key path
(``algorithm[0].params.variant``).
"""

from ._queens import (
    ConfigError,
    DataError,
    InvalidSolutionError,
    QueensError,
    RunError,
)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped :func:`queens.run`: the finished trials are kept, and
    running the same config into the same data directory resumes the run.
    ``result`` holds what the run did (a :class:`queens.RunResult`)."""

    def __init__(self, message: str, result: object) -> None:
        super().__init__(message)
        self.result = result


__all__ = [
    "QueensError",
    "ConfigError",
    "DataError",
    "RunError",
    "InvalidSolutionError",
    "Interrupted",
]
