"""The safe notation: text -> syntax tree -> exact values, units, or sympy; never ``eval``.

Authors' step expressions and learners' working share this package:

- :mod:`.lexer`: text -> tokens (strict for authors, lenient for prose);
- :mod:`.parser`: tokens -> tree, with limits on length, nesting and exponents;
- :mod:`.nodes`: the tree, :func:`walk`, :func:`children` and a :class:`Visitor`;
- :mod:`.functions`: the one registry of callable names (``ceil``, ``max``, …);
- :mod:`.exact`: exact values, units and compiled step functions (no sympy);
- :mod:`.intervals`: what a rounded number stands for;
- :mod:`.symbolic`: the tree as sympy objects (imported on demand);
- :mod:`.lines` and :mod:`.assembly`: the claims in a learner's line of prose (scanned, then joined);
- :mod:`.respell` and :mod:`.tuples`: a line rewritten, column for column, before it is read (with
  :mod:`.latex`, :mod:`.layout`, :mod:`.code` and :mod:`.spoken`: LaTeX, a line's layout, code and numbers said aloud).

>>> tree = parse("70 GB / 6 GB/s")
>>> evaluate(tree) == Fraction(35, 3)
True
>>> infer_unit(tree).describe()
'time'
"""

from fractions import Fraction

from ..errors import NotationError
from .exact import UnitMismatch, binop, compile_tree, constant, evaluate, infer_unit
from .functions import FUNCTIONS, Function, power
from .intervals import Interval
from .brackets import asides
from .lexer import Token, decimal_commas, tokenize
from .chains import Chain, Line, Reading, Segment, has_operation
from .lines import parse_line, read_line
from .nodes import BinOp, Call, Compare, Expr, Name, Neg, Node, Num, Quantity, Visitor, bare, children, names, \
    numbers, respan, swap, walk
from .parser import MAX_DEPTH, MAX_LENGTH, Parser, check_power, parse, parse_condition
from .prose import ProseParser
from .speakers import SIGNATURE, quoted, speaker, untagged
from .symbolic import to_sympy
from ..vocabulary import RESERVED

__all__ = [
    "Fraction", "NotationError", "UnitMismatch", "binop", "compile_tree", "constant", "evaluate", "infer_unit",
    "FUNCTIONS", "Function", "power", "Interval", "asides", "Token", "decimal_commas", "tokenize", "Chain", "Line",
    "Reading", "Segment", "has_operation", "parse_line", "read_line", "BinOp", "Call", "Compare", "Expr", "Name", "Neg", "Node", "Num",
    "Quantity", "Visitor", "bare", "children", "names", "numbers", "respan", "swap", "walk", "MAX_DEPTH", "MAX_LENGTH",
    "Parser", "ProseParser", "check_power", "parse", "parse_condition", "to_sympy", "RESERVED",
    "SIGNATURE", "quoted", "speaker", "untagged",
]
