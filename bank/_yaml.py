"""YAML reading that remembers where every value came from."""

from __future__ import annotations

import yaml

from .errors import Problem

try:  # the C loader is several times faster where libyaml is present
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader


def read(path: str, text: str) -> tuple[object, dict, list[Problem]]:
    """Parse YAML text into plain data plus ``marks``.

    ``marks`` maps a path tuple to (line, col, style, indent): ``style`` is the
    scalar style (None, a quote, ``|`` or ``>``) and ``indent`` the column
    where a block scalar's text starts.

    Duplicate keys are problems, not silent overwrites.

    >>> data, marks, problems = read("x.yaml", "a:\\n  b: 1\\n")
    >>> data, marks[("a", "b")], problems
    ({'a': {'b': 1}}, (2, 6, None, 0), [])
    """
    loader = _Loader(text)
    problems: list[Problem] = []
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        problems.append(Problem(path, line, col, f"YAML: {exc.problem or exc.context}"))
        return None, {}, problems
    except yaml.YAMLError as exc:
        problems.append(Problem(path, 1, 1, f"YAML: {exc}"))
        return None, {}, problems
    finally:
        loader.dispose()
    if node is None:
        return None, {}, problems
    marks: dict = {}
    data = _build(node, (), marks, loader, path, problems, text.splitlines())
    return data, marks, problems


def _build(node, where: tuple, marks: dict, loader, path: str, problems: list[Problem], lines: list[str]):
    style = getattr(node, "style", None) or None
    indent = 0
    if style in ("|", ">") and node.start_mark.line + 1 < len(lines):
        body = lines[node.start_mark.line + 1]
        indent = len(body) - len(body.lstrip(" "))
    marks[where] = (node.start_mark.line + 1, node.start_mark.column + 1, style, indent)
    if isinstance(node, yaml.MappingNode):
        out: dict = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str):
                key = str(key)
            if key in out:
                problems.append(Problem(path, key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                                        f"duplicate key `{key}`"))
            marks[where + (key, "<key>")] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1, None, 0)
            out[key] = _build(value_node, where + (key,), marks, loader, path, problems, lines)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, where + (i,), marks, loader, path, problems, lines) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)
