"""Spreadsheet-safe CSV as a property: no cell a spreadsheet would run, and every value read back as written."""

from __future__ import annotations

import csv
import io

from hypothesis import given
from hypothesis import strategies as st

from bank.classroom import spreadsheet

TEXT = st.text(alphabet=st.sampled_from(list("=+-@\t\r\n'\",;0123456789.eE $abcAZ()|!")), max_size=12)


@given(st.lists(st.lists(TEXT, min_size=1, max_size=4), min_size=1, max_size=5))
def test_no_cell_starts_a_formula_and_every_cell_reads_back(table):
    width = max(len(row) for row in table)
    data = spreadsheet.write([f"c{i}" for i in range(width)], table).decode("utf-8")
    read = list(csv.reader(io.StringIO(data, newline="")))[1:]
    assert len(read) == len(table)
    for written, got in zip(table, read):
        for value, cell in zip(written, got):
            assert not cell.startswith(spreadsheet.TRIGGERS) or spreadsheet._NUMBER.fullmatch(cell), cell
            if not value.startswith("'"):
                assert spreadsheet.unquote(cell) == value


@given(TEXT)
def test_rows_never_raise_anything_but_a_located_error(text):
    from bank.errors import BankError

    try:
        for line, row in spreadsheet.rows(text, "f.csv"):
            assert line >= 1 and isinstance(row, list)
    except BankError as exc:
        assert str(exc).startswith("f.csv:")
