"""Anki: the .apkg opens with the real `anki` library, one note per variant, worked answer on the back."""

from __future__ import annotations

import zipfile

import pytest

from bank.classroom import anki
from bank.classroom.assign import assign
from bank.classroom.key import answer_key, distinct_rows
from bank.classroom.roster import numbered


def build(library, ids, count, seed="spring"):
    handout = assign([library.question(i) for i in ids], numbered(count), seed)
    rows = answer_key(handout)
    return anki.render(handout, rows)["deck.apkg"], rows


def open_in_anki(data: bytes, tmp_path):
    from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest

    package = tmp_path / "deck.apkg"
    package.write_bytes(data)
    collection = Collection(str(tmp_path / "collection.anki2"))
    collection.import_anki_package(ImportAnkiPackageRequest(package_path=str(package),
                                                            options=ImportAnkiPackageOptions()))
    return collection


def test_apkg_opens_in_anki_with_one_note_per_variant(demo_library, tmp_path):
    data, rows = build(demo_library, ["fleet-cost", "tiny-space"], count=7)
    collection = open_in_anki(data, tmp_path)
    try:
        notes = [collection.get_note(i) for i in collection.find_notes("")]
        variants = distinct_rows(rows)
        assert len(notes) == len(variants) == 7 + 5
        assert all(list(n.keys()) == list(anki.FIELDS) for n in notes)
        by_variant = {(n["Question"], n["Seed"]): n for n in notes}
        for row, _ in variants:
            note = by_variant[(f"{row.question.title} ({row.question.id})", row.seed)]
            assert note["Answer"] == f"Final answer: {row.expected}"
            assert all(f"<li>{step}</li>" in note["Working"] for step in row.working())
            assert row.problem().splitlines()[0] in note["Problem"]
        assert "bank variants (spring)" in [d.name for d in collection.decks.all_names_and_ids()]
    finally:
        collection.close()


def test_reimporting_the_same_deck_adds_nothing(demo_library, tmp_path):
    data, _ = build(demo_library, ["tiny-space"], count=3)
    collection = open_in_anki(data, tmp_path)
    try:
        from anki.collection import ImportAnkiPackageOptions, ImportAnkiPackageRequest

        before = len(collection.find_notes(""))
        again = tmp_path / "again.apkg"
        again.write_bytes(data)
        collection.import_anki_package(ImportAnkiPackageRequest(package_path=str(again),
                                                                options=ImportAnkiPackageOptions()))
        assert len(collection.find_notes("")) == before == 3
    finally:
        collection.close()


def test_package_is_byte_identical_and_zip_dates_fixed(demo_library):
    first, _ = build(demo_library, ["fleet-cost"], count=4)
    second, _ = build(demo_library, ["fleet-cost"], count=4)
    assert first == second
    import io

    with zipfile.ZipFile(io.BytesIO(first)) as archive:
        assert archive.namelist() == ["collection.anki2", "media"]
        assert {info.date_time for info in archive.infolist()} == {anki.ZIP_DATE}


@pytest.mark.parametrize("parts", [("deck", "a"), ("model", 1), ("x",)], ids=["deck", "model", "single"])
def test_stable_ids_are_in_genankis_range(parts):
    assert (1 << 30) <= anki.stable_id(*parts) < (1 << 31)
