"""Shared fixtures: the repository root, the shipped Python solver
registered in process, and the command-line binary (for comparisons)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import queens

ROOT = Path(__file__).resolve().parents[2]
SOLVERS = ROOT / "experiments" / "solvers"


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture
def python_min_conflicts():
    """experiments/solvers/min_conflicts.py's search, registered as "mc"."""
    sys.path.insert(0, str(SOLVERS))
    try:
        import min_conflicts
    finally:
        sys.path.remove(str(SOLVERS))

    def mc(n, rng_seed, budget, trace, params):
        return min_conflicts.solve(n, rng_seed, params, budget, trace)

    queens.register("mc", mc, step="repair")
    yield mc
    queens.unregister("mc")


@pytest.fixture(scope="session")
def cli() -> Path:
    """The `queens` binary: $QUEENS_BIN, else target/release/queens (built
    here with cargo when missing)."""
    given = os.environ.get("QUEENS_BIN")
    if given:
        return Path(given)
    binary = ROOT / "target" / "release" / "queens"
    if not binary.exists():
        if shutil.which("cargo") is None:
            pytest.skip("no queens binary and no cargo to build it: set QUEENS_BIN")
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    return binary
