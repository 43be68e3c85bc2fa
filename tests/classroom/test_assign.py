"""Per-student seeds and distinct variants within a run."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bank.classroom.assign import assign, count_distinct, student_seed
from bank.classroom.roster import numbered, parse_roster
from bank.variant import derive_seed, variant

ROSTER_40 = "id,name,email\n" + "".join(f"u{i:02d},Student {i},u{i}@uni.edu\n" for i in range(1, 41))


def test_a_forty_student_roster_gets_forty_distinct_variants(demo_library):
    students = parse_roster(ROSTER_40)
    question = demo_library.question("fleet-cost")
    handout = assign([question], students, "spring")
    values = [a.variant.values for a in handout.assignments]
    assert len(values) == 40 and len(set(values)) == 40
    assert not handout.shortfalls and not any(a.shared for a in handout.assignments)


def test_seeds_come_from_class_seed_and_student_id(demo_library):
    question = demo_library.question("fleet-cost")
    handout = assign([question], parse_roster(ROSTER_40), "spring")
    for a in handout.assignments:
        derived = [derive_seed("spring", a.student.id)] + [derive_seed("spring", a.student.id, k) for k in range(1, 64)]
        assert a.seed in derived
        # The seed alone reproduces the student's numbers (what `bank show ID --seed SEED` does).
        assert variant(question, a.seed) == a.variant


def test_collisions_re_derive_the_seed_with_a_counter(demo_library):
    # tiny-space has 5 distinct variants: with 5 students every one must differ, so some re-derive.
    question = demo_library.question("tiny-space")
    handout = assign([question], numbered(5), "spring")
    assert len({a.variant.values for a in handout.assignments}) == 5
    rederived = [a for a in handout.assignments if a.seed != student_seed("spring", a.student.id)]
    assert rederived, "five draws from five combinations should collide at least once"
    for a in rederived:
        assert a.seed in {student_seed("spring", a.student.id, k) for k in range(1, 5000)}


def test_too_few_variants_says_so_and_how_many(demo_library):
    question = demo_library.question("tiny-space")
    handout = assign([question], numbered(8), "spring")
    assert [s.message() for s in handout.shortfalls] == [
        "`tiny-space` has only 5 distinct variants for 8 students, so some students share numbers"]
    assert len({a.variant.values for a in handout.assignments}) == 5
    assert sum(a.shared for a in handout.assignments) == 3


def test_count_distinct_respects_constraints(demo_library):
    tiny = demo_library.question("tiny-space").worked
    assert tiny.variant_count() == 6          # 3 sizes x 2 rates on the grid...
    assert count_distinct(tiny) == 5          # ...but 6 GB at 3 GB/s breaks `size / rate > 2 s`
    fleet = demo_library.question("fleet-cost").worked
    assert count_distinct(fleet) == 100 * 6 * 17 * 6 * 3   # no constraints: the whole grid


def test_uncountable_spaces_say_so(demo_library):
    tiny = demo_library.question("tiny-space").worked
    assert count_distinct(tiny, limit=5) is None


def test_cli_warns_about_a_shortfall(variants_cli):
    result, out = variants_cli("tiny-space", "fleet-cost", "--count", "7", "--seed", "x")
    assert result.exit_code == 0, result.output
    assert "warning: `tiny-space` has only 5 distinct variants for 7 students" in result.output
    assert "fleet-cost" not in result.output.split("warning:")[1]
    assert (out / "manifest.csv").is_file()


@settings(max_examples=25, deadline=None)
@given(seed=st.text(min_size=0, max_size=12), students=st.integers(1, 5))
def test_property_distinct_while_the_space_allows(demo_library, seed, students):
    question = demo_library.question("tiny-space")
    handout = assign([question], numbered(students), seed)
    assert len({a.variant.values for a in handout.assignments}) == students
    assert handout.shortfalls == ()
    assert all(variant(question, a.seed) == a.variant for a in handout.assignments)


def test_questions_are_independent_and_order_is_student_major(demo_library):
    fleet, tiny = demo_library.question("fleet-cost"), demo_library.question("tiny-space")
    both = assign([fleet, tiny], numbered(3), "s")
    assert [(a.student.id, a.question.id) for a in both.assignments] == [
        ("s001", "fleet-cost"), ("s001", "tiny-space"), ("s002", "fleet-cost"), ("s002", "tiny-space"),
        ("s003", "fleet-cost"), ("s003", "tiny-space")]
    alone = assign([fleet], numbered(3), "s")
    assert [a.variant for a in alone.assignments] == [a.variant for a in both.assignments if a.question is fleet]
