"""Units convert exactly; number filters print the way people write numbers."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from bank import formatting as fmt
from bank.errors import BankError
from bank.model import Value
from bank.units import parse_unit

CONVERSIONS = [
    ("min", "s", F(60)), ("hour", "min", F(60)), ("day", "hour", F(24)), ("year", "day", F(365)),
    ("ms", "s", F(1, 1000)), ("TB", "GB", F(1000)), ("GB", "B", F(10**9)), ("PFLOP", "TFLOP", F(1000)),
    ("TFLOPS", "TFLOP/s", F(1)), ("USD/hour", "USD/min", F(1, 60)), ("Mtoken", "token", F(10**6)),
    ("percent", "", F(1, 100)), ("%", "", F(1, 100)), ("$", "USD", F(1)), ("GPUs", "card", F(1)),
]


@pytest.mark.parametrize("a,b,ratio", CONVERSIONS, ids=[f"{a}->{b or 'plain'}" for a, b, _ in CONVERSIONS])
def test_exact_conversion(a, b, ratio):
    ua, ub = parse_unit(a), parse_unit(b)
    assert ua.dims == ub.dims
    assert ua.scale / ub.scale == ratio


DIMENSIONS = [("GB/s", "data/time"), ("USD/hour/card", "money/time/card"), ("token/s/user", "token/time/user"),
              ("FLOP/s", "compute/time"), ("request", "request"), ("s^2", "time^2"), ("", "dimensionless")]


@pytest.mark.parametrize("unit,words", DIMENSIONS, ids=[u or "none" for u, _ in DIMENSIONS])
def test_dimension_names(unit, words):
    assert parse_unit(unit).describe() == words


@pytest.mark.parametrize("text,message", [
    ("GBs", "unknown unit `GBs` (did you mean `GB`?)"),
    ("hours//s", "cannot read unit"),
    ("furlong", "unknown unit `furlong`"),
], ids=["near-miss", "double-slash", "unknown"])
def test_bad_units(text, message):
    with pytest.raises(BankError, match=message.replace("(", r"\(").replace(")", r"\)").replace("?", r"\?")):
        parse_unit(text)


FORMATS = [
    ("num", F(21900), (), "21,900"), ("num", F(35, 3), (), "11.7"), ("num", F(1, 3), (), "0.333"),
    ("thousands", F(1234567), (), "1,234,567"), ("thousands", F(25, 2), (1,), "12.5"),
    ("fixed", F(35, 3), (1,), "11.7"), ("fixed", F(-5, 2), (0,), "-3"), ("fixed", F(9), (2,), "9.00"),
    ("sig", F(95, 3), (2,), "32"), ("sig", F(21900), (2,), "22,000"), ("sig", F(9999, 10), (2,), "1,000"),
    ("sig", F(1, 800), (2,), "0.0013"),
    ("money", F(21900), (), "$21,900"), ("money", F(5, 2), (), "$2.50"), ("money", F(9), (2,), "$9.00"),
    ("money", F(-3), (), "-$3"), ("money", F(819, 10), (), "$81.90"), ("money", F(1316, 1000), (2,), "$1.32"),
    ("percent", F(10), (), "10%"), ("percent", F(25, 2), (), "12.5%"), ("percent", F(80), (1,), "80.0%"),
    ("duration", F(1, 2), (), "500 ms"), ("duration", F(95, 3), (), "31.7 s"), ("duration", F(5400), (), "90 min"),
    ("duration", F(7200), (), "2 hours"), ("duration", F(172800), (), "2 days"),
    ("large", F(30_000_000), (), "30 million"), ("large", F(1_500_000_000), (), "1.5 billion"),
    ("large", F(20_000), (), "20,000"), ("large", F(2 * 10**12), (), "2 trillion"),
    ("sci", F(56 * 10**13), (), "5.6e14"), ("sci", F(1, 1000), (), "1e-3"), ("sci", F(99999), (), "1e5"),
]


@pytest.mark.parametrize("name,value,args,text", FORMATS,
                         ids=[f"{n}-{t}" for n, _, _, t in FORMATS])
def test_filter(name, value, args, text):
    assert fmt.FILTERS[name](value, *args) == text


def test_duration_reads_the_value_unit():
    assert fmt.duration(Value(F(3, 2), "hour")) == "90 min"
    assert fmt.duration(Value(F(250), "ms")) == "250 ms"


def test_value_prints_with_its_format():
    assert str(Value(F(35, 3), "s", "fixed(1)")) == "11.7"
    assert str(Value(F(21900), "USD", "money")) == "$21,900"
    assert str(Value(F(35, 3), "s")) == "11.7"
