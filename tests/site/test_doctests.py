"""The examples in bank.site's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["bank.site", "bank.site.gather", "bank.site.linking", "bank.site.markdown", "bank.site.pages",
           "bank.site.paths", "bank.site.progress", "bank.site.render", "bank.site.search", "bank.site.serve",
           "bank.site.write"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
