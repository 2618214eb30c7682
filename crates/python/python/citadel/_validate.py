"""Validation of game files with the same verdicts as ``citadel validate``.

Each file is cut at game boundaries into parts, the parts are validated on their own (in
the native module, on threads here or on Dask workers in :mod:`citadel.dask`), and the
parts' results are merged in input order: game numbers are shifted by the games of the
earlier parts of the same file, and every problem keeps its line and column in the file.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Iterable, List, Optional, Sequence, Tuple, Union

from citadel import _native

PathLike = Union[str, "os.PathLike[str]"]

#: A part of a file: ``(path, (start, end, first_line))``.
Part = Tuple[str, Tuple[int, Optional[int], int]]


@dataclass(frozen=True)
class Problem:
    """A game that is not valid: where (file, game number, line and column) and why."""

    file: str
    game: int
    line: Optional[int]
    column: Optional[int]
    move: Optional[str]
    reason: str

    def __str__(self) -> str:
        return _native.render(
            self.file, self.game, self.line, self.column, self.move, self.reason
        )


@dataclass
class Report:
    """The result of a validation: counts, and every problem in input order."""

    files: List[str]
    games: int = 0
    invalid: int = 0
    plies: int = 0
    problems: List[Problem] = field(default_factory=list)

    @property
    def valid(self) -> int:
        """Games that are valid."""
        return self.games - self.invalid

    @property
    def ok(self) -> bool:
        """Whether there were games and all of them are valid (``citadel validate``'s exit
        status 0)."""
        return self.games > 0 and self.invalid == 0

    def summary(self) -> str:
        """The summary line ``citadel validate`` prints."""
        return (
            f"{self.games} game(s) in {len(self.files)} file(s): "
            f"{self.valid} valid, {self.invalid} invalid"
        )

    def __str__(self) -> str:
        return "\n".join([str(p) for p in self.problems] + [self.summary()])


def plan(paths: Sequence[PathLike], part_bytes: int) -> List[Part]:
    """Cuts every file into parts of about ``part_bytes`` bytes at game boundaries, in
    input order (archives and other binary files are one part each)."""
    parts: List[Part] = []
    for p in paths:
        name = os.fspath(p)
        parts.extend((name, part) for part in _native.plan(name, part_bytes))
    return parts


def merge(
    paths: Sequence[PathLike], parts: Sequence[Part], results: Iterable[tuple]
) -> Report:
    """Merges the parts' results (``_native.validate_part``'s tuples, in the order of
    ``parts``) into one report."""
    report = Report(files=[os.fspath(p) for p in paths])
    shift_of = {}
    for (name, _), (count, last, plies, problems) in zip(parts, results):
        shift = shift_of.get(name, 0)
        report.games += count
        report.plies += plies
        report.invalid += len(problems)
        for game, line, column, move, reason in problems:
            report.problems.append(
                Problem(name, game + shift if game else game, line, column, move, reason)
            )
        shift_of[name] = shift + last
    return report


def validate(
    paths: Union[PathLike, Sequence[PathLike]],
    threads: int = 0,
    part_bytes: int = 4 << 20,
) -> Report:
    """Validates game files (PGN text or archives) as ``citadel validate`` does: every move
    legal, every declared result consistent with the rules. Returns a :class:`Report` with
    the counts and every problem located (file, game, line, column, move). Runs on
    ``threads`` threads (0: one per core) with the GIL released."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    parts = plan(paths, part_bytes)
    results = _native.validate_parts(parts, threads)
    return merge(paths, parts, results)
