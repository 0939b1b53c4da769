"""Posts render right: the Markdown post through markdown-it-py (CommonMark) and the BBCode post through the
``bbcode`` library show the same visible text as the plain-text post.

Varied turns of all three systems — flips with [+] and [−], modifiers like (+3), a flip's later
steps, checks, tests, the clock, notes holding markup, a voided turn — each as a single-turn post
and as range posts ("since my last turn"), and the seed-commitment post. The rendered HTML's tags
are dropped (a block tag counts as a space), entities decoded, whitespace normalised; then the
three must read the same. Raw, the posts carry no over-escaping (``\\(\\+3\\)``) and no broken
BBCode escapes (``[[i][/i]−−]``).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import bbcode
import pytest
from markdown_it import MarkdownIt

from kit.falkefateifaux import FalkeFateiFauxGame
from kit.falkefateifaux.system import SYSTEM as FF
from kit.gamefile.post import render_post, render_range_post, render_seed_post, since_last_turn
from kit.rollunder import RollUnderGame
from kit.suitpairs import SuitPairsGame
from kit.suitpairs.system import SYSTEM as SP

MARKUP_NOTE = "*bold* _under_ `code` [b]x[/b] [url=http://x]y[/url] <img src=x> &amp; [link](http://x) (+3) [−−] #1"
"""A note holding what Markdown and BBCode would read as markup: it must show as written."""

BLOCKS = {"p", "li", "ul", "ol", "blockquote", "br", "div", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "hr"}


class _Visible(HTMLParser):
    """The text a browser shows: tags dropped, a block tag a space, entities decoded."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in BLOCKS:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in BLOCKS:
            self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def visible(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    parser.close()
    return normal("".join(parser.parts))


def normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


COMMONMARK = MarkdownIt("commonmark")
BBCODE = bbcode.Parser()


def assert_same_visible_text(markdown: str, bb: str, text: str) -> None:
    plain = normal(text)
    assert visible(COMMONMARK.render(markdown)) == plain, (markdown, COMMONMARK.render(markdown))
    assert visible(BBCODE.format(bb)) == plain, (bb, BBCODE.format(bb))
    assert "\\(" not in markdown and "\\+" not in markdown and "[[i][/i]−" not in bb and "[[i][/i]+" not in bb


# -- the games ---------------------------------------------------------------------------------


def falkefateifaux() -> FalkeFateiFauxGame:
    """Ada and Bruno: a flip with [+] and a +3 modifier, one at [−] chosen by the opponent, guide then choose,
    a contest, a note with markup and a voided turn."""
    game = FalkeFateiFauxGame("post-render", practice=True, players={"Ann": ["Ada"], "Bo": ["Bruno"]}, gm="Gil")
    game.sit("Gil")
    game.rig("QC 2H 3H 4S 5S").add_character("Ada", **FF.sheet("Ada"))
    game.rig("KC 2D 3D 4D 5D").add_character("Bruno", **FF.sheet("Bruno"))
    game.sit("Ann")
    game.rig("9C 4H").flip("Ada", "Fisticuffs", target=8, plus=1, modifier=3)
    while game.awaiting is not None:
        step = game.awaiting
        game.sit("Ann" if step.character == "Ada" else "Bo")
        if step.action == "guide":
            game.guide(step.character, None)
        else:
            game.choose(step.character, next(o for o in step.options if o is not None))
    game.sit("Ann")
    game.rig("3C").flip("Ada", "Fisticuffs", target=14)
    game.guide("Ada", "QC")
    game.choose("Ada", "QC")
    game.note(MARKUP_NOTE)
    game.sit("Bo")
    game.rig("4H 8C").flip("Bruno", "Athletics", target=6, minus=1)
    while game.awaiting is not None:
        step = game.awaiting
        game.sit("Ann" if step.character == "Ada" else "Bo")
        if step.action == "guide":
            game.guide(step.character, None)
        else:
            game.choose(step.character, next(o for o in step.options if o is not None))
    game.sit("Gil")
    game.void(game.turn, "Bruno was not in the room *yet*")
    return game


def suitpairs_game() -> SuitPairsGame:
    game = SuitPairsGame("post-render", practice=True)
    args = dict(SP.party[0][1])
    name = args["name"]
    game.create_character(**args)
    game.rig(dice=[6, 6]).check(name, "Defy", "Hard")
    game.accept(name)
    game.note(MARKUP_NOTE)
    game.rig(dice=[1, 2]).check(name, "Defy", "Easy")
    game.accept(name)
    return game


def rollunder() -> RollUnderGame:
    from ru_sheets import SHEETS

    game = RollUnderGame("post-render", practice=True)
    for name in ("Artie", "Xavier"):
        game.add_character(**SHEETS[name])
    game.rig(dice=[5]).test("Artie", "Wits", modifier=3)
    game.advance_time(hours=12)
    game.note(MARKUP_NOTE)
    game.rig(dice=[15]).test("Xavier", "Wits", modifier=-2)
    return game


GAMES = {"falkefateifaux": falkefateifaux, "suitpairs": suitpairs_game, "rollunder": rollunder}


@pytest.mark.parametrize("system", sorted(GAMES))
def test_every_turns_post_shows_the_same_text_in_markdown_bbcode_and_text(system: str) -> None:
    game = GAMES[system]()
    for turn in range(1, game.turn + 1):
        posts = {fmt: render_post(game, turn, fmt) for fmt in ("markdown", "bbcode", "text")}
        assert_same_visible_text(posts["markdown"], posts["bbcode"], posts["text"])


@pytest.mark.parametrize("system", sorted(GAMES))
def test_range_posts_show_the_same_text_and_each_turn_once(system: str) -> None:
    game = GAMES[system]()
    for first in range(1, game.turn + 1):
        posts = {fmt: render_range_post(game, first, game.turn, fmt) for fmt in ("markdown", "bbcode", "text")}
        assert_same_visible_text(posts["markdown"], posts["bbcode"], posts["text"])
        text = posts["text"]
        assert [int(n) for n in re.findall(r"^Turn (\d+)(?: · |$)", text, re.MULTILINE)] == (
            list(range(first, game.turn + 1)) if first < game.turn else [game.turn])


@pytest.mark.parametrize("system", sorted(GAMES))
def test_the_seed_commitment_post_shows_the_same_text(system: str) -> None:
    game = GAMES[system]()
    posts = {fmt: render_seed_post(game, fmt) for fmt in ("markdown", "bbcode", "text")}
    assert_same_visible_text(posts["markdown"], posts["bbcode"], posts["text"])
    assert game.seed_commitment in posts["text"] and "G-1" in posts["text"]


def test_markup_in_a_note_shows_as_written_and_modifiers_read_cleanly_raw() -> None:
    game = falkefateifaux()
    note = next(i for i, event in enumerate(game.log) if event.action == "note") + 1
    markdown = render_post(game, note, "markdown")
    assert normal(MARKUP_NOTE) in visible(COMMONMARK.render(markdown))
    assert "<img" not in COMMONMARK.render(markdown) and "<strong>x" not in BBCODE.format(render_post(game, note,
                                                                                                      "bbcode"))
    first_flip = render_post(game, 3, "markdown")
    assert "[+] (+1)" in first_flip and "(+3)" in first_flip


def test_since_my_last_turn_starts_after_this_seats_previous_turn() -> None:
    game = falkefateifaux()  # ... Ann's flip, guide and choose, her note; Bo's flip and choices; Gil's void
    seats = [event.seat for event in game.log]
    ann_last = max(i for i, seat in enumerate(seats) if seat == "Ann")
    assert since_last_turn(game, "Ann") == (ann_last + 2, game.turn)  # everything after Ann's latest turn
    assert seats[-1] == "Gil" and seats[:2] == ["Gil", "Gil"] and "Gil" not in seats[2:-1]
    assert since_last_turn(game, "Gil") == (3, game.turn)  # the void just taken and all since Gil's previous turn
    bo_last = max(i for i, seat in enumerate(seats) if seat == "Bo")
    assert since_last_turn(game, "Bo") == (bo_last + 2, game.turn)
    assert since_last_turn(game, "Nobody") == (1, game.turn)  # no turn of its own yet: the whole game


def test_a_flips_later_steps_are_posted_as_steps_in_a_range() -> None:
    game = falkefateifaux()
    guide = next(i for i, event in enumerate(game.log) if event.action == "guide") + 1
    text = render_range_post(game, guide - 1, guide + 1, "text")
    assert text.count("Net advantage") == 1  # the set-up once, at the flip; the guide and choose steps add theirs
    assert "guiding fate" in text and "a card is chosen" in text


def test_time_passes_in_words_in_posts() -> None:
    game = rollunder()
    clock = next(i for i, event in enumerate(game.log) if event.action == "advance_time") + 1
    assert "12 hours pass" in render_post(game, clock, "text")
    assert "43200 seconds" not in render_range_post(game, 1, game.turn, "text")
