"""Seats at the three tables in Voilà and Chromium (P-1 seats, P-2 void, P-3 notes), from an empty shelf.

For each system the GM (Gil) starts a game for Ana and Ben with Quick start off; Ana sits,
builds her character with the builder and takes a turn for it; Ben sits, builds his and takes
a turn; a player's controls refuse (or do not offer) the other player's character, naming the
seat; the GM sits, takes a GM turn (a condition, an award, an NPC's attack) and voids it with a
reason; a player adds a note. The page shows the seats' labels in the log, the voided turn
struck through and the note in the log and the forum post; the file verifies and records which
seat took every turn. One pass at phone size checks that a seat's table does not overflow
sideways.
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator
from voila_harness import REPO_ROOT, VoilaPage

from kit import gamefile

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PLAYERS = "Ana, Ben"
GM = "Gil"

PageFor = Callable[[str], VoilaPage]
ServerFor = Callable[..., str]


# -- the served folder: the tables and an empty shelf --------------------------------------------


@pytest.fixture
def served(tmp_path: Path) -> Path:
    """``notebooks/tables`` beside an EMPTY ``games`` folder (the tables' shelf), served by its own Voilà."""
    root = tmp_path / "notebooks"
    shutil.copytree(REPO_ROOT / "notebooks" / "tables", root / "tables",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", ".*.lock"))
    (root / "games").mkdir()
    return root


def games_in(served: Path) -> list[Path]:
    return sorted((served / "games").glob("*.ipynb"))


def open_table(voila_page_for: PageFor, voila_server: ServerFor, served: Path, system: str,
               viewport: dict[str, int] = DESKTOP) -> VoilaPage:
    """A fresh browser (its own context and kernel) on ``tables/<system>.ipynb``."""
    page = voila_page_for(voila_server(served))
    page.page.set_viewport_size(viewport)
    page.open(f"tables/{system}.ipynb", ready=f".kit-table-{system}")
    return page


# -- driving widgets ------------------------------------------------------------------------------


def press(page: VoilaPage, target: Locator, timeout_ms: float = 20_000) -> None:
    """Click a widget button and wait until the kernel got the click and answered everything."""
    before = page.kernel.sent
    target.click(timeout=timeout_ms)
    deadline = time.monotonic() + timeout_ms / 1000
    while page.kernel.sent == before:
        assert time.monotonic() < deadline, f"clicking {target} sent nothing to the kernel"
        page.page.wait_for_timeout(10)
    page.wait_kernel_idle(timeout_ms=timeout_ms)


def button(scope: Locator, name: str) -> Locator:
    return scope.get_by_role("button", name=name, exact=True).first


def fill(page: VoilaPage, scope: Locator, label: str, value: str | int) -> None:
    """Type into the text or number box labelled ``label`` and leave it (number boxes sync on leaving)."""
    box = scope.get_by_label(label, exact=True).first
    box.fill(str(value))
    box.press("Tab")
    page.wait_kernel_idle()


def options_of(select: Locator) -> list[str]:
    """The option labels (the widgets draw their spaces as no-break spaces)."""
    return [text.replace("\xa0", " ").strip() for text in select.locator("option").all_inner_texts()]


def choose(page: VoilaPage, select: Locator, starts: str) -> str:
    """Pick the first option of ``select`` whose label starts with ``starts``; return its label."""
    labels = options_of(select)
    index = next((i for i, text in enumerate(labels) if text.startswith(starts)), None)
    assert index is not None, f"no option starting with {starts!r} in {labels}"
    select.select_option(index=index)
    page.wait_kernel_idle()
    return labels[index]


def pick(page: VoilaPage, scope: Locator, label: str, starts: str) -> str:
    """Pick an option of the dropdown labelled ``label`` by the start of its label."""
    return choose(page, scope.get_by_label(label, exact=True).first, starts)


def refusal_of(line: Locator) -> str:
    """The text of a refusal line once it shows one."""
    line.get_by_text("Refused").first.wait_for()
    return line.inner_text()


SHUTDOWN_REFUSED = re.compile(r"/voila/api/shutdown/[0-9a-f-]+$")


def reload(page: VoilaPage) -> None:
    """Reload the page and wait until the table is drawn again.

    Leaving the page, Voilà asks its server to shut the old kernel down and the server answers
    403 (Voilà's own request, nothing of the kit's): that one console error is dropped.
    """
    before = len(page.console_log)
    page.page.reload(wait_until="commit")
    page.wait_ready(ready=".kit-table")
    page.console_log[before:] = [(text, where) for text, where in page.console_log[before:]
                                 if not (SHUTDOWN_REFUSED.search(where) and "403" in text)]


# -- the table: a new game, seats, the builder, notes, the GM's void ------------------------------


def table(page: VoilaPage) -> Locator:
    return page.page.locator(".kit-table").first


def start_game(page: VoilaPage, served: Path, name: str) -> Path:
    """The GM starts a game for Ana and Ben, GM Gil, Quick start off; return its file."""
    assert games_in(served) == [], "the shelf must start empty"
    here = table(page)
    fill(page, here, "Players", PLAYERS)
    fill(page, here, "Game master", GM)
    quick = here.get_by_label("Quick start: ready-made characters", exact=True)
    quick.uncheck()
    page.wait_kernel_idle()
    fill(page, here, "File name", name)
    press(page, button(here, "New game"))
    path = served / "games" / f"{name}.ipynb"
    assert games_in(served) == [path]
    note = page.text_of(".kit-table .kit-new-note")
    assert "Gil as the game master" in note and "Ana, Ben: no character yet (quick start was off)" in note
    assert "Choose your seat" in page.text_of(".kit-table .kit-sit-first")
    assert page.page.locator(".kit-table .kit-seat-picker").first.is_visible()
    assert page.text_of(".kit-table .kit-whose-turn").startswith("Now:")
    return path


def sit(page: VoilaPage, seat: str) -> None:
    """Choose ``seat`` with "Sit as" and wait until the table is laid out for it."""
    picker = page.page.locator(".kit-table .kit-seat-picker select").first
    choose(page, picker, f"{seat} —")
    page.page.locator(".kit-table .kit-note-row").first.wait_for()
    gm_tools = page.page.locator(".kit-table .kit-gm-tools")
    if seat == GM:
        gm_tools.first.wait_for()
    else:
        assert gm_tools.count() == 0, f"{seat} must not see the GM's tools"


def open_builder(page: VoilaPage) -> Locator:
    """The seat's character builder, opened with "Build a character" if it is folded away."""
    builder = page.page.locator(".kit-table .kit-character-builder").first
    if not builder.is_visible():
        press(page, page.page.locator(".kit-table .kit-builder-toggle").first, timeout_ms=10_000)
        builder.wait_for()
    return builder


def create(page: VoilaPage, builder: Locator, name: str) -> None:
    """Press Create character on a sheet the builder calls ready; the new character is at the table."""
    assert "Ready: press Create character" in builder.locator(".kit-builder-summary").inner_text(), \
        builder.inner_text()
    press(page, button(builder, "Create character"))
    builder.locator(".kit-created-name").get_by_text(f"{name} is at the table.").wait_for()


def add_note(page: VoilaPage, text: str) -> None:
    row = page.page.locator(".kit-table .kit-note-row").first
    opener = row.locator(".kit-note-open")
    if opener.count() and opener.first.is_visible():  # the form opens with "Add a note" (made on first use)
        press(page, opener.first)
        row.get_by_label("Note", exact=True).first.wait_for()
    fill(page, row, "Note", text)
    press(page, row.locator(".kit-add-note"))
    assert not row.locator(".kit-error").count(), row.inner_text()


def void_latest(page: VoilaPage, reason: str) -> int:
    """The GM voids the latest turn with ``reason``; return the number of the turn taken back."""
    void = page.page.locator(".kit-table .kit-gm-tools .kit-void").first
    about = void.locator(".kit-void-about").inner_text()
    found = re.search(r"Void takes back turn (\d+)", about)
    assert found, about
    fill(page, void, "Reason", reason)
    press(page, void.locator(".kit-void-button"))
    assert not void.locator(".kit-error").count(), void.inner_text()
    return int(found.group(1))


def whose_turn(page: VoilaPage) -> str:
    return page.text_of(".kit-table .kit-whose-turn")


def labelled(page: VoilaPage, turn: int, label: str) -> None:
    """The log's entry for ``turn`` is labelled with the seat and character that took it (``Turn 3 · Ana (Ines)``)."""
    entry = page.page.locator(f'.kit-table .kit-play-log li[data-turn="{turn}"]').first
    assert entry.inner_text().startswith(f"Turn {turn} · {label}"), entry.inner_text()


def check_log_and_post(page: VoilaPage, voided: int, reason: str, note: str) -> None:
    """The log strikes the voided turn through, labelled as the GM's; the note is in the log and the post."""
    log = page.page.locator(".kit-table .kit-play-log").first
    struck = log.locator(f'li[data-turn="{voided}"]')
    assert struck.get_attribute("data-voided") == "1"
    assert struck.locator("s").count() >= 1, struck.inner_html()
    assert f"Voided at turn {voided + 1}: {reason}" in struck.inner_text()
    assert struck.inner_text().startswith(f"Turn {voided} · Gil, GM")
    newest = log.locator("li").first
    assert note in newest.inner_text() and "Ana" in newest.inner_text()
    post = page.page.locator(".kit-table .kit-post textarea").first.input_value()
    assert note in post, post


def check_file(path: Path, seats: list[tuple[str, str]], voided_action: str, note: str) -> None:
    """The file verifies; every turn names the seat that took it; the void and the note are recorded."""
    assert gamefile.verify(path).ok
    game = gamefile.load(path)
    events = list(game.log)
    assert [(event.action, event.seat) for event in events] == seats
    voided = [index for index in game.voided]
    assert len(voided) == 1 and events[voided[0]].action == voided_action and events[voided[0]].seat == GM
    assert game.voided[voided[0]][0] == next(e.index for e in events if e.action == "void")
    notes = [event for event in events if event.action == "note"]
    assert len(notes) == 1 and notes[0].seat == "Ana" and notes[0].args["text"] == note


def refused_for_other(page: VoilaPage, select: Locator, other: str, act: Callable[[], None], line: Locator,
                      owner: str) -> None:
    """``other`` (``owner``'s character) is not offered in ``select``, or acting for it is refused naming ``owner``."""
    if not any(label.startswith(other) for label in options_of(select)):
        return  # absent: the seat is offered its own characters only
    choose(page, select, other)
    act()
    refusal = refusal_of(line)
    assert f"{other} is {owner}'s character" in refusal and "(P-1)" in refusal, refusal
    assert f"only {owner} or the GM (Gil) may act for {other}" in refusal, refusal


# -- FalkeFateiFaux -------------------------------------------------------------------------------

FF_SHEETS = {
    "Ada": ("Brave knight", "Too proud", ("swiftly", "boldly", "quietly"), "clumsily",
            "Athletics", ("Fisticuffs", "Marksmanship", "Resistance"), "Education"),
    "Bo": ("Sly thief", "Greedy", ("slyly", "softly", "quickly"), "loudly",
           "Magic", ("Physician", "Tinkering", "Charisma"), "Courage"),
}


def ff_build(page: VoilaPage, name: str) -> None:
    concept, trouble, adverbs, negative, great, good, poor = FF_SHEETS[name]
    builder = open_builder(page)
    assert builder.get_by_label("NPC (the GM's character)").count() == 0 or \
        not builder.get_by_label("NPC (the GM's character)").is_visible()
    fill(page, builder, "Name", name)
    fill(page, builder, "High Concept", concept)
    fill(page, builder, "Trouble", trouble)
    for index, adverb in enumerate(adverbs, start=1):
        fill(page, builder, f"Adverb {index}", adverb)
    fill(page, builder, "Negative adverb", negative)
    pick(page, builder, "Great (+8)", great)
    for index, skill in enumerate(good, start=1):
        pick(page, builder, f"Good (+6) {index}", skill)
    pick(page, builder, "Poor (+2)", poor)
    create(page, builder, name)


def ff_flip(page: VoilaPage, character: str, seat: str) -> int:
    """Flip for ``character`` against the target and pass (or choose) until resolved; return the turns taken."""
    resolver = page.page.locator(".kit-table .kit-stack-resolver").first
    choose(page, resolver.locator(".kit-actor select").first, character)
    press(page, resolver.locator(".kit-flip").first)
    assert resolver.locator(".kit-flip-error").inner_text().strip() == ""
    steps = 1
    while not resolver.locator(".kit-flip-result").inner_text().strip():
        assert steps < 8, "the flip did not resolve"
        if resolver.locator(".kit-pass").first.is_visible():
            assert f"{seat} ({character})" in whose_turn(page) and "That is you." in whose_turn(page)
            press(page, resolver.locator(".kit-pass").first)  # guide fate: pass (F-8)
            assert resolver.locator(".kit-guide-error").inner_text().strip() == ""
        else:
            press(page, resolver.locator(".kit-choose-cards .kit-card-face").first)
            press(page, resolver.locator(".kit-choose").first)
            assert resolver.locator(".kit-choose-error").inner_text().strip() == ""
        steps += 1
    assert re.search(r"[✔✘] (Success|Failure) — ", resolver.locator(".kit-flip-result").inner_text())
    return steps


def test_p1_p2_p3_falkefateifaux_seats_from_an_empty_shelf(
        voila_page_for: PageFor, voila_server: ServerFor, served: Path) -> None:
    page = open_table(voila_page_for, voila_server, served, "falkefateifaux")
    path = start_game(page, served, "ff-seats")

    sit(page, "Ana")
    ff_build(page, "Ada")
    ana_turns = ff_flip(page, "Ada", "Ana")
    labelled(page, 1 + ana_turns, "Ana (Ada)")

    sit(page, "Ben")
    ff_build(page, "Bo")
    ben_turns = ff_flip(page, "Bo", "Ben")
    labelled(page, 2 + ana_turns + ben_turns, "Ben (Bo)")

    sit(page, "Ana")
    resolver = page.page.locator(".kit-table .kit-stack-resolver").first
    refused_for_other(page, resolver.locator(".kit-actor select").first, "Bo",
                      lambda: press(page, resolver.locator(".kit-flip").first),
                      resolver.locator(".kit-flip-error").first, "Ben")

    sit(page, GM)
    panel = page.page.locator(".kit-table .kit-gm-tools .kit-gm-panel").first
    pick(page, panel, "Character", "Ada")
    pick(page, panel, "Condition", "Soft Cover")
    press(page, button(panel, "Add condition"))
    assert not panel.locator(".kit-gm-conditions .kit-error").count()
    panel.locator(".kit-gm-result").get_by_text("Ada is Soft Cover").wait_for()
    condition_turn = gamefile.load(path).turn
    assert void_latest(page, "Soft Cover was meant for Bo") == condition_turn

    sit(page, "Ana")
    add_note(page, "Ada tips her hat to Bo")

    check_log_and_post(page, condition_turn, "Soft Cover was meant for Bo", "Ada tips her hat to Bo")
    ana = [("add_character", "Ana"), ("flip", "Ana"), *[("guide", "Ana")] * (ana_turns - 1)]
    ben = [("add_character", "Ben"), ("flip", "Ben"), *[("guide", "Ben")] * (ben_turns - 1)]
    check_file(path, [*ana, *ben, ("add_condition", GM), ("void", GM), ("note", "Ana")], "add_condition",
               "Ada tips her hat to Bo")
    page.assert_clean()


# -- Suit Pairs -----------------------------------------------------------------------------------


def sp_build(page: VoilaPage, name: str, identity: str) -> None:
    builder = open_builder(page)
    fill(page, builder, "Name", name)
    fill(page, builder, "Identity", identity)
    for label, value in (("♠ Strength", 4), ("♦ Intelligence", 2), ("♣ Dexterity", 2), ("♥ Charisma", 2)):
        fill(page, builder, label, value)
    assert "Points spent: 10 of 10" in builder.locator(".kit-points").inner_text()
    for label, skill in (("♠ Strength row", "♠♦ Defy"), ("♦ Intelligence row", "♦♦ Analyze"),
                         ("♣ Dexterity row", "♣♦ Stealth"), ("♥ Charisma row", "♥♦ Help")):
        pick(page, builder, label, skill)
    create(page, builder, name)


def sp_check_and_accept(page: VoilaPage, character: str) -> None:
    tracker = page.page.locator(".kit-table .kit-attribute-tracker").first
    choose(page, tracker.locator(".kit-character select").first, character)
    press(page, tracker.locator(".kit-check").first)
    assert not tracker.locator(".kit-check-error .kit-error").count(), tracker.locator(".kit-check-error").inner_text()
    tracker.locator(".kit-roll").get_by_text("Pending check").wait_for()
    press(page, tracker.locator(".kit-accept").first)
    tracker.locator(".kit-roll").get_by_text("No check pending").wait_for()


def test_p1_p2_p3_suitpairs_seats_from_an_empty_shelf(
        voila_page_for: PageFor, voila_server: ServerFor, served: Path) -> None:
    page = open_table(voila_page_for, voila_server, served, "suitpairs")
    path = start_game(page, served, "sp-seats")

    sit(page, "Ana")
    sp_build(page, "Ines", "Sailor")
    sp_check_and_accept(page, "Ines")
    labelled(page, 3, "Ana (Ines)")

    # Ben plays from his own browser: the table opens the game on the shelf, and he sits down.
    ben = open_table(voila_page_for, voila_server, served, "suitpairs")
    assert "sp-seats.ipynb · 3 turns" in ben.text_of(".kit-table .kit-status")
    sit(ben, "Ben")
    sp_build(ben, "Juno", "Baker")
    sp_check_and_accept(ben, "Juno")
    labelled(ben, 6, "Ben (Juno)")
    ben.assert_clean()

    # Ana's table has not seen Ben's turns: Reload, then Juno is not hers to play.
    press(page, button(table(page), "Reload"))
    assert "sp-seats.ipynb · 6 turns" in page.text_of(".kit-table .kit-status")
    tracker = page.page.locator(".kit-table .kit-attribute-tracker").first
    refused_for_other(page, tracker.locator(".kit-character select").first, "Juno",
                      lambda: press(page, tracker.locator(".kit-check").first),
                      tracker.locator(".kit-check-error").first, "Ben")

    sit(page, GM)
    panel = page.page.locator(".kit-table .kit-gm-tools .kit-gm-panel").first
    pick(page, panel, "Character", "Ines")
    pick(page, panel, "Attribute or skill", "♠ Strength")
    fill(page, panel, "Points", 1)
    fill(page, panel, "Reason", "a fine voyage")
    press(page, button(panel, "Award points"))
    assert not panel.locator(".kit-gm-points .kit-error").count(), panel.locator(".kit-gm-points").inner_text()
    panel.locator(".kit-gm-result").get_by_text("GM awards: Ines").wait_for()
    assert void_latest(page, "the voyage is next session") == 7

    sit(page, "Ana")
    add_note(page, "Ines hums a sea shanty")

    check_log_and_post(page, 7, "the voyage is next session", "Ines hums a sea shanty")
    turns = ("create_character", "check", "accept")
    check_file(path, [*((a, "Ana") for a in turns), *((a, "Ben") for a in turns), ("award", GM), ("void", GM),
                      ("note", "Ana")], "award", "Ines hums a sea shanty")
    page.assert_clean()


# -- Roll-Under -----------------------------------------------------------------------------------


def ru_build(page: VoilaPage, name: str, weapon: str, *, played_by: str = "") -> None:
    builder = open_builder(page)
    fill(page, builder, "Name", name)
    fill(page, builder, "Medicine", 2)
    press(page, button(builder, "Add weapon"))
    fill(page, builder, "Weapon", weapon)
    played = builder.get_by_label("Played by", exact=True)
    if played_by:
        choose(page, played.first, played_by)
    else:
        assert played.count() == 0 or not played.first.is_visible(), "a player's character is their own"
    create(page, builder, name)


def ru_test(page: VoilaPage, character: str) -> None:
    """``character`` rolls a plain test of Agility at the table (R-1), a turn of its player."""
    tests = page.page.locator(".kit-table .kit-tests-panel").first
    pick(page, tests, "Who tests", character)
    pick(page, tests, "Attribute", "Agility")
    press(page, tests.locator(".kit-roll-test").first)
    assert not tests.locator(".kit-error").count(), tests.inner_text()


def bring_on(page: VoilaPage, path: Path, npc: str) -> list[tuple[str, str]]:
    """The GM moves the combat on until ``npc`` acts; return the turns that took (action, seat).

    Nell may notice the ambush and act first, or Xavier miss his free round (R-3): whoever must
    declare first waits (the GM standing in, P-1), and a round everyone declared in is ended.
    """
    taken: list[tuple[str, str]] = []
    panel = page.page.locator(".kit-table .kit-gm-tools .kit-gm-panel").first
    sequencer = page.page.locator(".kit-table .kit-combat-sequencer .kit-action-picker").first
    while (current := gamefile.load(path).current_combatant) != npc:
        assert len(taken) < 8, f"{npc} never comes to act"
        if current is None:
            press(page, button(panel.locator(".kit-gm-combat-section"), "Next round"))
            taken.append(("next_round", GM))
        else:
            pick(page, sequencer, "Who acts", current)
            pick(page, sequencer, "Action", "Wait")
            press(page, sequencer.locator(".kit-act").first)
            taken.append(("wait", GM))
        assert not page.page.locator(".kit-table .kit-gm-combat-section .kit-error").count()
        assert not sequencer.locator(".kit-error").count(), sequencer.inner_text()
    return taken


def test_p1_p2_p3_rollunder_seats_from_an_empty_shelf(
        voila_page_for: PageFor, voila_server: ServerFor, served: Path) -> None:
    page = open_table(voila_page_for, voila_server, served, "rollunder")
    path = start_game(page, served, "ru-seats")

    sit(page, "Ana")
    ru_build(page, "Nell", "Sword")
    ru_test(page, "Nell")
    labelled(page, 2, "Ana (Nell)")

    reload(page)  # Ben sits at the table after a reload: a new kernel opens the game from the file
    sit(page, "Ben")
    ru_build(page, "Otto", "Pistol")
    ru_test(page, "Otto")
    labelled(page, 4, "Ben (Otto)")

    sit(page, "Ana")
    tests = page.page.locator(".kit-table .kit-tests-panel").first
    refused_for_other(page, tests.get_by_label("Who tests", exact=True).first, "Otto",
                      lambda: press(page, tests.locator(".kit-roll-test").first),
                      tests.locator(".kit-error").first, "Ben")

    sit(page, GM)
    ru_build(page, "Xavier", "Club", played_by="GM (Gil)")
    panel = page.page.locator(".kit-table .kit-gm-tools .kit-gm-panel").first
    combat = panel.locator(".kit-gm-combat-section")
    for name in ("Nell", "Xavier"):
        combat.locator(".kit-gm-combatants").get_by_label(re.compile(f"^{name} ")).check()
        page.wait_kernel_idle()
    combat.locator(".kit-gm-ambushers").get_by_label("Xavier (NPC)").check()  # Xavier strikes first
    page.wait_kernel_idle()
    press(page, button(combat, "Start combat"))
    assert not combat.locator(".kit-error").count(), combat.inner_text()
    until_current = bring_on(page, path, "Xavier")
    combat.locator(".kit-gm-combat").get_by_text("whose turn: Xavier").wait_for()
    attack = panel.locator(".kit-gm-attack")
    assert pick(page, attack, "Attacker", "Xavier") == "Xavier (NPC)"
    pick(page, attack, "Defender", "Nell")
    pick(page, attack, "Weapon", "Club")
    press(page, button(attack, "Attack"))
    assert not attack.locator(".kit-error").count(), attack.inner_text()
    panel.locator(".kit-gm-result").get_by_text("Xavier attacks Nell").wait_for()
    attack_turn = gamefile.load(path).turn
    assert void_latest(page, "Xavier had not drawn his club yet") == attack_turn

    sit(page, "Ana")
    add_note(page, "Nell ducks behind the crates")

    check_log_and_post(page, attack_turn, "Xavier had not drawn his club yet", "Nell ducks behind the crates")
    check_file(path, [("add_character", "Ana"), ("test", "Ana"), ("add_character", "Ben"), ("test", "Ben"),
                      ("add_character", GM), ("start_combat", GM), *until_current, ("attack", GM), ("void", GM),
                      ("note", "Ana")],
               "attack", "Nell ducks behind the crates")
    game = gamefile.load(path)
    assert game.owner_of("Nell") == "Ana" and game.owner_of("Otto") == "Ben" and game.owner_of("Xavier") == GM
    event = list(game.log)[attack_turn - 1]
    assert event.args["attacker"] == "Xavier" and event.args["weapon"] == "Club"
    page.assert_clean()


# -- a phone -------------------------------------------------------------------------------------

OVERFLOWING = """() => {
  const width = window.innerWidth;
  const found = [];
  for (const el of document.querySelectorAll('.kit-table *')) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 1) {
      const inner = [...el.children].some(child => child.getBoundingClientRect().right > width + 1);
      if (!inner) found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ` +
                             `right=${Math.round(box.right)} "${(el.innerText || el.value || '').slice(0, 40)}"`);
    }
  }
  return found.slice(0, 15);
}"""


def test_p1_suitpairs_seat_at_phone_size_does_not_overflow(
        voila_page_for: PageFor, voila_server: ServerFor, served: Path) -> None:
    page = open_table(voila_page_for, voila_server, served, "suitpairs", viewport=PHONE)
    start_game(page, served, "phone")
    sit(page, "Ana")
    sp_build(page, "Ines", "Sailor")
    sp_check_and_accept(page, "Ines")
    labelled(page, 3, "Ana (Ines)")
    widths = page.page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], (f"the page is {widths[0]} px wide on a {widths[1]} px phone; "
                                    f"overflowing: {page.page.evaluate(OVERFLOWING)}")
    page.assert_clean()
