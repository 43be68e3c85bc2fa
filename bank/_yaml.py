"""YAML reading that remembers where every value came from."""

from __future__ import annotations

import yaml

from .errors import Problem

try:  # the C loader is several times faster where libyaml is present
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader


def read(path: str, text: str) -> tuple[object, dict, list[Problem]]:
    """Parse YAML text into plain data plus ``marks`` (path tuple -> (line, col, quoted)).

    Duplicate keys are problems, not silent overwrites.

    >>> data, marks, problems = read("x.yaml", "a:\\n  b: 1\\n")
    >>> data, marks[("a", "b")], problems
    ({'a': {'b': 1}}, (2, 6, False), [])
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
    data = _build(node, (), marks, loader, path, problems)
    return data, marks, problems


def _build(node, where: tuple, marks: dict, loader, path: str, problems: list[Problem]):
    marks[where] = (node.start_mark.line + 1, node.start_mark.column + 1,
                    getattr(node, "style", None) in ("'", '"'))
    if isinstance(node, yaml.MappingNode):
        out: dict = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str):
                key = str(key)
            if key in out:
                problems.append(Problem(path, key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                                        f"duplicate key `{key}`"))
            marks[where + (key, "<key>")] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1, False)
            out[key] = _build(value_node, where + (key,), marks, loader, path, problems)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, where + (i,), marks, loader, path, problems) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)
