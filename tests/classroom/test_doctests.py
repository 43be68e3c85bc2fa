"""The examples in the classroom modules' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import bank.classroom

MODULES = sorted(m.name for m in pkgutil.iter_modules(bank.classroom.__path__, "bank.classroom."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
