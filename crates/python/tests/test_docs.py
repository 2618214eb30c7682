"""The examples in the modules' docstrings run."""

import doctest

import pytest

import citadel
import citadel.engine
import citadel.pgn


@pytest.mark.parametrize("module", [citadel, citadel.pgn, citadel.engine])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
