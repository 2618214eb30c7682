"""Shared fixtures: the repository's paths and the `citadel` command to compare with."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures"


@pytest.fixture(scope="session")
def cli():
    """The path of the `citadel` binary: `CITADEL_BIN`, else built with cargo."""
    given = os.environ.get("CITADEL_BIN")
    if given:
        return given
    subprocess.run(
        ["cargo", "build", "--quiet", "-p", "citadel-cli"], cwd=ROOT, check=True
    )
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    if not target.is_absolute():
        target = ROOT / target
    exe = target / "debug" / ("citadel.exe" if os.name == "nt" else "citadel")
    assert exe.exists(), exe
    return str(exe)


def run_cli(cli, *args, check=True):
    """Runs `citadel ARGS`, returning the finished process (text output)."""
    p = subprocess.run([cli, *map(str, args)], capture_output=True, text=True)
    if check and p.returncode != 0:
        raise AssertionError(f"citadel {' '.join(map(str, args))}: {p.stderr}")
    return p


@pytest.fixture(scope="session")
def variants():
    import citadel

    return [v for v, _ in citadel.variants()]
