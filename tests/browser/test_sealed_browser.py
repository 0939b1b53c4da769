"""A sealed game at the Suit Pairs table in Voilà and Chromium (K-1, K-3), at desktop size and on a phone.

From an empty shelf the New game form starts a sealed game (the "Sealed game" box; nobody is
chosen to seal: the next seat in the order of play does, K-3); Ana sits, makes a new key (shown
once), takes her seat and sees the anchor to post; at the same browser Gil does too; Ana builds
her character and rolls a check, which is declared and waits for Gil's draw (Ben, the next seat,
has not sat: the GM seals, the sealer of last resort); Gil seals the waiting draw with one click;
the roll shows, and the file verifies and holds no key. On the desktop, a key remembered in the
browser comes back after the page is reloaded (a new kernel); on a 390×844 phone the page never
scrolls sideways and the sealed panel's controls are at least 44 px tall.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_seats_browser import (  # the seats test's harness: an empty shelf, pressing, filling, sitting
    DESKTOP,
    GM,
    OVERFLOWING,
    PHONE,
    PageFor,
    ServerFor,
    button,
    choose,
    fill,
    open_table,
    press,
    reload,
    served,
    sit,
    sp_build,
    table,
)
from voila_harness import VoilaPage

from kit import gamefile
from kit.core.sealing import SeatKey
from kit.widgets.layout import TOUCH_HEIGHT

pytestmark = pytest.mark.browser

__all__ = ["served"]  # the fixture, shared with the seats test


@pytest.fixture(autouse=True)
def no_key_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Voilà's kernels read an empty key store: nobody's own keys (``kit key``) reach the table."""
    monkeypatch.setenv("KIT_CONFIG_DIR", str(tmp_path / "config"))


def panel(page: VoilaPage):
    return page.page.locator(".kit-table .kit-sealed-panel").first


def start_sealed(page: VoilaPage, served: Path, name: str) -> Path:
    """The New game form with "Sealed game" ticked: Ana, Ben and the GM Gil; the next seat seals each draw."""
    here = table(page)
    sealed = here.get_by_label("Sealed game", exact=True)
    sealed.check()
    page.wait_kernel_idle()
    assert "every draw sealed by a second seat" in here.locator(".kit-sealed-about").inner_text()
    assert "needs a game master and at least one player" in here.locator(".kit-new-reason").inner_text()
    assert button(here, "New game").is_disabled()
    fill(page, here, "Players", "Ana, Ben")
    fill(page, here, "Game master", GM)
    assert here.get_by_label("Who seals the GM's draws").count() == 0  # nobody is chosen: the next seat seals
    fill(page, here, "File name", name)
    press(page, button(here, "New game"))
    path = served / "games" / f"{name}.ipynb"
    assert gamefile.load(path).mode == "sealed"
    note = page.text_of(".kit-table .kit-new-note")
    assert "Take my seat" in note and "sealed by the next seat in the order of play" in note
    return path


def take_seat_with_a_new_key(page: VoilaPage, seat: str) -> str:
    """Sit, make a new key (its text shows once), take the seat; return the key's text."""
    sit(page, seat)
    here = panel(page)
    here.locator(".kit-key-missing").wait_for()
    press(page, button(here, "Make a new key"))
    key = here.locator(".kit-new-key code").inner_text().strip()
    assert key.startswith("kit-key-")
    assert "anyone with it can act in your seat (K-1)" in here.locator(".kit-new-key").inner_text()
    assert button(here, "Copy key").is_visible()
    press(page, button(here, "Take my seat"))
    here.locator(".kit-anchor-post").get_by_text("Post this anchor in the thread").wait_for()
    assert here.locator(".kit-new-key").count() == 0  # shown once
    return key


def declare_a_check(page: VoilaPage, character: str) -> None:
    tracker = page.page.locator(".kit-table .kit-attribute-tracker").first
    choose(page, tracker.locator(".kit-character select").first, character)
    press(page, tracker.locator(".kit-check").first)
    assert not tracker.locator(".kit-check-error .kit-error").count(), tracker.locator(".kit-check-error").inner_text()
    panel(page).locator(".kit-sealed-result").get_by_text("waiting for Gil's draw (K-3)").first.wait_for()
    assert "is declared — waiting for Gil's draw (K-3)" in panel(page).locator(".kit-own-waiting").inner_text()
    assert "must seal the draw" in page.text_of(".kit-table .kit-whose-turn")


def seal_as_gm(page: VoilaPage, character: str) -> None:
    here = panel(page)
    # "declared just now", or a minute or two ago on a busy machine (K-5 ages it in words)
    here.locator(".kit-seal-list").get_by_text(re.compile(r"declared (just now|\d+ minutes? ago)")).first.wait_for()
    assert "That is you." in page.text_of(".kit-table .kit-whose-turn")
    press(page, button(here, "Seal 1 waiting draw"))
    assert not here.locator(".kit-error").count(), here.inner_text()
    here.locator(".kit-sealed-result").get_by_text(character).first.wait_for()
    tracker = page.page.locator(".kit-table .kit-attribute-tracker").first
    choose(page, tracker.locator(".kit-character select").first, character)
    tracker.locator(".kit-roll").get_by_text("Pending check").wait_for()


def no_sideways_scroll(page: VoilaPage) -> None:
    widths = page.page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], (f"the page is {widths[0]} px wide on a {widths[1]} px phone; "
                                    f"overflowing: {page.page.evaluate(OVERFLOWING)}")


def controls_are_tall(page: VoilaPage) -> None:
    """Every visible control of the sealed panel is at least 44 px tall on a phone."""
    low = page.page.evaluate(f"""() => [...document.querySelectorAll(
        '.kit-sealed-panel button, .kit-sealed-panel input:not([type=checkbox]), '
        + '.kit-sealed-panel .widget-checkbox label')]
        .filter(el => el.getBoundingClientRect().height > 0)
        .filter(el => el.getBoundingClientRect().height < {TOUCH_HEIGHT} - 0.5)
        .map(el => `${{el.tagName}} "${{(el.innerText || el.value || el.type || '').slice(0, 30)}}" `
                   + Math.round(el.getBoundingClientRect().height))""")
    assert not low, f"controls under {TOUCH_HEIGHT} px: {low}"


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_k1_k3_a_sealed_game_from_an_empty_shelf(voila_page_for: PageFor, voila_server: ServerFor, served: Path,
                                                 viewport: dict[str, int]) -> None:
    page = open_table(voila_page_for, voila_server, served, "suitpairs", viewport=viewport)
    path = start_sealed(page, served, "sealed")
    phone = viewport == PHONE

    ana_key = take_seat_with_a_new_key(page, "Ana")
    if phone:
        controls_are_tall(page)
        no_sideways_scroll(page)
    gil_key = take_seat_with_a_new_key(page, GM)  # a draw is sealed by a seat that sat before it was declared (K-3)
    sit(page, "Ana")
    sp_build(page, "Ines", "Sailor")
    declare_a_check(page, "Ines")

    sit(page, GM)
    seal_as_gm(page, "Ines")
    if phone:
        no_sideways_scroll(page)
    page.screenshot(f"sealed-{'phone' if phone else 'desktop'}")

    report = gamefile.verify(path)
    assert report.ok, report.message
    game = gamefile.load(path)
    assert [event.action for event in game.log] == ["take_seat", "take_seat", "create_character", "declare", "check"]
    assert game.log[-1].proof["by"] == GM
    data = path.read_text()
    for key in (ana_key, gil_key):
        assert key not in data and SeatKey.from_text(key).secret.hex() not in data
    page.assert_clean()


def test_k1_a_key_remembered_in_the_browser_comes_back_after_a_reload(
        voila_page_for: PageFor, voila_server: ServerFor, served: Path) -> None:
    page = open_table(voila_page_for, voila_server, served, "suitpairs")
    start_sealed(page, served, "remembered")
    sit(page, "Ben")
    here = panel(page)
    here.get_by_label("Remember in this browser", exact=True).check()
    page.wait_kernel_idle()
    key = SeatKey.new()
    fill(page, here, "Your seat key", key.to_text())
    press(page, button(here, "Use this key"))
    here.locator(".kit-key-held").get_by_text(key.fingerprint).wait_for()
    assert "anyone using this browser can act in your seat (K-1)" in here.locator(".kit-remember-note").inner_text()
    stored = page.page.evaluate("() => Object.keys(window.localStorage).filter(k => k.startsWith('kit-seat-key:'))")
    assert len(stored) == 1 and stored[0].endswith(":Ben")

    reload(page)  # a new kernel holds no key: the browser gives it back when Ben sits again
    sit(page, "Ben")
    held = panel(page).locator(".kit-key-held")
    held.get_by_text(key.fingerprint).wait_for()
    assert "Using the key this browser remembered." in held.inner_text()
    assert panel(page).get_by_label("Remember in this browser", exact=True).is_checked()
    press(page, button(panel(page), "Take my seat"))
    panel(page).locator(".kit-anchor-post").wait_for()

    panel(page).get_by_label("Remember in this browser", exact=True).uncheck()
    page.wait_kernel_idle()
    assert page.page.evaluate("() => Object.keys(window.localStorage).filter(k => k.startsWith('kit-seat-key:'))") \
        == []
    page.assert_clean()
