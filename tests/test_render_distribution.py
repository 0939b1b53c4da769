"""The compact odds view: an inline SVG whose caption carries the numbers."""

from fractions import Fraction

from kit.render.distribution import distribution_svg, percent, success_chance


def two_d6() -> dict[int, Fraction]:
    counts: dict[int, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            counts[a + b] = counts.get(a + b, 0) + 1
    return {total: Fraction(n, 36) for total, n in counts.items()}


def test_success_chance_sums_the_successful_outcomes():
    assert success_chance(two_d6(), lambda total: total >= 7) == Fraction(21, 36)


def test_svg_caption_states_the_chance_in_words():
    svg = distribution_svg(two_d6(), lambda total: total >= 7, label="2d6")
    assert "Success 58.3% (dark bars); 2d6 2–12" in svg
    assert svg.count("<rect") == 11
    assert "<title>2d6 7: 16.7%</title>" in svg


def test_svg_is_deterministic_and_small():
    a = distribution_svg(two_d6(), lambda total: total >= 7)
    assert a == distribution_svg(two_d6(), lambda total: total >= 7)
    assert len(a) < 2500


def test_empty_distribution_and_percent():
    assert "No outcomes" in distribution_svg({})
    assert percent(Fraction(1, 8)) == "12.5%"
