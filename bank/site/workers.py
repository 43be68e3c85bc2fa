"""Question pages rendered in worker processes, on a machine with cores to spare.

A question page depends on nothing but the gathered site: its variants are drawn, solved and
rendered, then the page around them. On a large site that is most of the build, and it divides
cleanly, so :func:`render` hands the question pages to a pool of worker processes in chunks and
yields each page as its chunk comes back, with what the page kept of its question (the default
variant for the bank page, the terms it mentions for the glossary) for the parent to keep too.

Workers start from a fork server (spawned, where there is none), never a fork of the build
itself, which may have threads (a progress bar, ``bank serve``); each receives the pages once,
pickled, when it starts. Below :data:`MIN_PAGES` question pages the start-up costs more than it
saves, and the build renders in one process.

>>> workers_for(50), workers_for(10_000) >= 1
(1, True)
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
from concurrent.futures import ProcessPoolExecutor
from typing import Generator

from ..errors import Problem, ProblemsFound

#: Question pages below which one process renders them all.
MIN_PAGES = 300
#: Workers at most (the parent writes; a few workers keep it busy).
MAX_WORKERS = 4
#: Modules the fork server imports once, so each worker starts warm.
PRELOAD = ["bank.site.render", "bank.site.fragments", "bank.site.gather", "bank.site.pages", "bank.solve",
           "bank.variant", "bank.render", "bank.site.workers"]

_STATE: dict = {}

Result = tuple[int, bytes | None, tuple | None, list[Problem]]


def workers_for(pages: int) -> int:
    """How many worker processes suit ``pages`` question pages on this machine (1: none)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if pages < MIN_PAGES or cores < 2:
        return 1
    return max(1, min(cores, MAX_WORKERS, pages // (MIN_PAGES // 2)))


def warm_up(questions: int) -> None:
    """Start the fork server now if ``questions`` pages will want workers, so that its imports run while the
    parent loads the banks, and the pool finds it ready."""
    if workers_for(questions) > 1 and _context().get_start_method() == "forkserver":
        from multiprocessing import forkserver

        forkserver.ensure_running()


def _context() -> multiprocessing.context.BaseContext:
    """The fork server's context, its imports preloaded (spawn where there is none)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def render(pages: list, indices: list[int], base_url: str | None, templates: str | None,
           workers: int) -> Generator[Result, None, None]:
    """(index, page bytes or None, what the question kept, problems) for each page in ``indices``,
    in order, rendered by ``workers`` processes."""
    context = _context()
    state = pickle.dumps((pages, base_url, templates), protocol=pickle.HIGHEST_PROTOCOL)
    size = max(1, min(50, len(indices) // (workers * 6)))
    chunks = [indices[i:i + size] for i in range(0, len(indices), size)]
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start, initargs=(state,))
    try:
        for results in pool.map(_render, chunks):
            yield from results
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _start(state: bytes) -> None:
    from .render import environment

    pages, base_url, templates = pickle.loads(state)
    _STATE.update(pages=pages, base_url=base_url, env=environment(templates), sidebars={})


def _render(indices: list[int]) -> list[Result]:
    from .render import render_page

    out: list[Result] = []
    for i in indices:
        page = _STATE["pages"][i]
        try:
            text = render_page(_STATE["env"], page, _STATE["base_url"], _STATE["sidebars"])
        except ProblemsFound as exc:
            out.append((i, None, None, list(exc.problems)))
            continue
        out.append((i, text.encode("utf-8"), page.question.kept(), []))
    return out
