"""The quiz's cache of loaded banks: used when nothing changed, rebuilt when anything did."""

from __future__ import annotations

import shutil

import pytest

from bank.errors import ProblemsFound
from bank.load import load
from bank.quiz.cache import cache_file, load_cached


def content(library) -> list:
    """What a library says, field by field (a Worked compares by identity, so spell it out)."""
    worked = lambda w: w and (w.problem, w.params, w.steps, w.result, w.constraints)  # noqa: E731
    return [(q.id, q.bank, q.level, q.title, q.answer, q.takeaway, q.tags, q.key_points, worked(q.worked))
            for q in library.questions()] + [(t.id, t.term, t.definition, worked(t.example))
                                             for t in library.glossary] + [b.title for b in library.banks]


@pytest.fixture
def reads(monkeypatch) -> list:
    """Each fresh read of the files (a cache hit reads none)."""
    import bank.load

    seen: list = []
    real = bank.load._gather
    monkeypatch.setattr(bank.load, "_gather", lambda root: seen.append(root) or real(root))
    return seen


@pytest.fixture
def folder(questions_dir, tmp_path):
    copy = tmp_path / "questions"
    shutil.copytree(questions_dir, copy)
    return copy


def test_the_cache_gives_the_same_library_and_is_used(folder, reads):
    fresh = load_cached(folder)
    assert len(reads) == 1 and cache_file(folder.resolve()).is_file()
    assert content(fresh) == content(load(folder))
    cached = load_cached(folder)
    assert len(reads) == 2  # the load above, not the cache
    assert content(cached) == content(fresh)
    # A miss hands back what a hit will: no marks (they only locate problems, and such a folder is not kept).
    assert cached.question("replica-boot-gap").marks == fresh.question("replica-boot-gap").marks == {}


@pytest.mark.parametrize("change", ["edit", "add-term", "remove-term"])
def test_any_change_under_the_folder_means_a_fresh_load(folder, change, reads):
    load_cached(folder)
    question = folder / "scaling-load-balancing" / "slow-replica.yaml"
    term = sorted((folder / "glossary").glob("*.yaml"))[0]
    if change == "edit":
        question.write_text(question.read_text().replace("title: One replica", "title: Now one replica"))
    elif change == "add-term":
        (folder / "glossary" / "zz-copy.yaml").write_text(
            term.read_text().replace(f"id: {term.stem}", "id: zz-copy"))
    else:
        term.unlink()
    library = load_cached(folder)
    assert len(reads) == 2  # loaded afresh
    if change == "edit":
        assert library.question("slow-replica").title.startswith("Now one replica")


def test_a_damaged_cache_is_ignored(folder):
    load_cached(folder)
    cache_file(folder.resolve()).write_bytes(b"not a pickle")
    assert content(load_cached(folder)) == content(load(folder))


def test_a_folder_with_errors_is_never_cached(folder):
    (folder / "scaling-load-balancing" / "slow-replica.yaml").write_text("id: slow-replica\n")
    for _ in range(2):
        with pytest.raises(ProblemsFound):
            load_cached(folder)
    assert not cache_file(folder.resolve()).exists()


def test_an_unwritable_cache_folder_is_no_obstacle(folder, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("BANK_CACHE", str(blocker / "cache"))
    assert content(load_cached(folder)) == content(load(folder))
