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


def pips(html: str) -> int:
    """How many pips a rendered d6 face draws (each a ``●`` in its cell of the face's grid)."""
    return html.count("●")


@pytest.mark.parametrize("value", range(1, 7))
def test_a_d6_face_shows_its_pips_and_keeps_its_text_alternative(value):
    face = Face(str(value), f"six-sided die showing {value}", kind="die")
    html = to_html(Description(title="Roll", faces=(face,)))
    assert pips(html) == value
    assert f"role='img' aria-label='six-sided die showing {value}' title='six-sided die showing {value}'" in html
    assert "box-shadow" in html and "border-radius:5px" in html  # a small rounded square with a shadow


def test_a_d20_face_shows_its_number_in_a_die_outline_with_its_text_alternative():
    html = to_html(Description(title="Roll", faces=(Face("3", "d20 rolled 3", kind="die"),)))
    assert ">3</span>" in html and pips(html) == 0  # a d20 showing 3 is a number, not three pips
    assert "aria-label='d20 rolled 3' title='d20 rolled 3'" in html and "clip-path:polygon(" in html
    assert ">17</span>" in to_html(Description(title="Roll", faces=(Face("17", "d20 rolled 17", kind="die"),)))


def test_chosen_and_struck_dice_are_marked_and_say_so():
    chosen = to_html(Description(title="Roll", faces=(Face("4", "six-sided die showing 4", kind="die", chosen=True),)))
    assert "aria-label='six-sided die showing 4 (chosen)'" in chosen and "▲" in chosen and "2px solid #15c" in chosen
    struck = to_html(Description(title="Roll", faces=(Face("18", "d20 rolled 18", kind="die", struck=True),)))
    assert "aria-label='d20 rolled 18 (set aside)'" in struck and "<s>18</s>" in struck and "▲" not in struck


def test_chosen_and_struck_cards_say_so_in_elements_that_survive_without_styles():
    """A viewer that drops inline styles still shows a chosen card bold with ▲ and a set-aside one struck through."""
    html = to_html(Description(title="Flip", faces=(Face("8♣", "Eight of Clubs", chosen=True),
                                                    Face("K♠", "King of Spades", struck=True))))
    assert "<b role='img' aria-label='Eight of Clubs (chosen)'" in html and "8♣▲</b>" in html
    assert "<s role='img' aria-label='King of Spades (set aside)'" in html and "K♠</s>" in html


def test_html_is_written_small_and_escapes_only_what_can_open_markup():
    html = to_html(Description(title="Ada's <turn> & more", facts=(Fact("Who", 'Ann "the bold"'),),
                               notes=("it's done",)))
    assert "<b>Ada's &lt;turn&gt; &amp; more</b>" in html and "<b>Ann \"the bold\"</b>" in html
    assert "<li><i>it's done</i></ul>" in html and "</li>" not in html and ";'" not in html
    face = to_html(Description(title="Flip", faces=(Face("Q", "Queen's face"),)))
    assert "aria-label='Queen&#x27;s face'" in face  # in an attribute a quote is escaped


def test_dice_escape_their_text_and_alternative():
    html = to_html(Description(title="Roll", faces=(Face(EVIL, f"d20 {EVIL}'", kind="die", note=EVIL),)))
    assert EVIL not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "&#x27;" in html  # a quote cannot close the attribute


def test_dice_pictures_do_not_change_the_other_formats():
    faces = (Face("4", "six-sided die showing 4", kind="die", chosen=True), Face("12", "d20 rolled 12", kind="die"))
    description = Description(title="Roll", faces=faces)
    assert "[4] 12" in to_text(description)
    assert "<span" not in to_markdown(description) and "<span" not in to_bbcode(description)
