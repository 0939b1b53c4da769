"""The shared writers: every format shows the same description; player text is escaped."""

import pytest

from kit.core.describe import Description, Face, Fact
from kit.render import FORMATS, to_bbcode, to_html, to_markdown, to_text

EVIL = "<img src=x onerror=alert(1)>"


def sample(name: str = "Ada") -> Description:
    return Description(
        title=f"{name} flips Fisticuffs",
        verdict="Success (degree 2)",
        tone="success",
        faces=(Face("4♥", "Four of Hearts", red=True), Face("8♣", "Eight of Clubs", chosen=True)),
        facts=(Fact("Target", "8"), Fact("Character", name)),
        notes=(f"{name} chose 8♣",),
        sections=(Description(title="Bruno flips Athletics", verdict="Failure"),),
    )


def test_text_marks_the_chosen_card_and_lists_facts():
    text = to_text(sample())
    assert text.splitlines()[0] == "Ada flips Fisticuffs — Success (degree 2)"
    assert "4♥ [8♣]" in text and "Target: 8" in text and "Bruno flips Athletics" in text


def test_html_escapes_player_text_everywhere():
    html = to_html(sample(EVIL))
    assert EVIL not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_html_faces_have_text_alternatives_and_not_only_colour():
    html = to_html(sample())
    assert "aria-label='Four of Hearts'" in html
    assert "aria-label='Eight of Clubs (chosen)'" in html and "8♣▲" in html
    assert "✔ Success" in html


def test_markdown_and_bbcode_escape_markup():
    assert "\\<img src=x onerror=alert(1)>" in to_markdown(sample(EVIL))  # no tag can open; "(1)" reads as written
    assert "**[8♣]**" in to_markdown(sample())  # the chosen card bold and in brackets, as the text post shows it
    bb = to_bbcode(sample("[b]x[/b]"))
    assert "[b][b]x" not in bb and "[b][8♣][/b]" in bb
    assert to_bbcode(sample("[+] [−−] (+3)")).startswith("[b][+] [−−] (+3) flips")  # no tag-like bracket: as written


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_format_is_deterministic(name):
    writer = FORMATS[name]
    assert writer(sample()) == writer(sample())
