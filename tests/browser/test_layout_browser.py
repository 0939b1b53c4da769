"""The tables' layout on a 1280×800 desktop and a 390×844 phone, and axe-core on every table and tour.

Each table is opened twice at each size: on its sample game (``notebooks/games``, no seats) and
on a game with seats where the player Ana sits (P-1). On both sizes the page must not scroll
sideways and every visible control must lie inside the viewport once scrolled to; on the phone
every control is at least 44 px tall (a checkbox: its label, which takes the tap). On the desktop
the whose-turn line and the first control of the system's first component are in view without
scrolling, the play log beside them. A full turn is taken on the phone. axe-core (from
``axe-playwright-python``, which bundles it; no request leaves 127.0.0.1) finds no violation on
any table or tour. ``KIT_PUBLISH_SCREENSHOTS=1`` copies the screenshots into docs/screenshots/.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from test_tables_browser import SYSTEMS
from voila_harness import REPO_ROOT, SCREENSHOTS_DIR, VoilaPage

from kit import gamefile
from kit.gamefile.shelf import Shelf

pytestmark = pytest.mark.browser

Publish = Callable[[Path, str | None], Path | None]
PageFor = Callable[[str], VoilaPage]
ServerFor = Callable[..., str]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
TOUCH = 44
KINDS = ("sample", "seated")
TOURS = tuple(sorted(path.stem for path in (REPO_ROOT / "notebooks" / "tours").glob("*.ipynb")))

CONTROLS_JS = """([touch, phone]) => {
  const width = window.innerWidth, height = window.innerHeight;
  const shown = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const name = el => {
    const classes = [...el.classList, ...(el.parentElement ? el.parentElement.classList : [])]
      .filter(c => c.startsWith('kit-') || c.startsWith('widget-')).slice(0, 4).join('.');
    const box = el.closest('[class*="kit-"]');
    const owner = box ? [...box.classList].filter(c => c.startsWith('kit-')).join('.') : '';
    const text = (el.innerText || el.value || el.getAttribute('aria-label') || el.title || '').trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}.${classes} in .${owner} "${text}"`;
  };
  const found = [], problems = [];
  const selector = 'button, select, textarea, input:not([type=hidden]):not([type=file]):not([type=checkbox])'
                 + ':not([type=radio]), .widget-checkbox label, .widget-radio-box label';
  for (const el of document.querySelectorAll(`.kit-table :is(${selector})`)) {
    if (!shown(el)) continue;
    found.push(el);
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    const box = el.getBoundingClientRect();
    const where = `${Math.round(box.left)}..${Math.round(box.right)} of ${width} px`;
    if (box.left < -1 || box.right > width + 1) problems.push(`${name(el)}: sideways ${where}`);
    if (box.height <= height && (box.top < -1 || box.bottom > height + 1)) {
      problems.push(`${name(el)}: not in view when scrolled to`);
    }
    if (phone && box.height < touch - 0.5) problems.push(`${name(el)}: ${Math.round(box.height)} px tall`);
  }
  window.scrollTo(0, 0);
  return [found.length, problems];
}"""

OVERFLOWING_JS = """() => {
  const width = document.documentElement.clientWidth, found = [];
  for (const el of document.querySelectorAll('.kit-table *')) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 1
        && ![...el.children].some(child => child.getBoundingClientRect().right > width + 1)) {
      found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(box.right)}`);
    }
  }
  return found.slice(0, 12);
}"""


# -- what is served: the repository's notebooks, with a sample game or a seated game on the shelf --------


def _copy_pages(root: Path) -> Path:
    served = root / "notebooks"
    shutil.copytree(REPO_ROOT / "notebooks", served,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", ".*.lock", ".upload-*", "games"))
    (served / "games").mkdir()
    return served


def write_sample(folder: Path, system: str) -> Path:
    """Write ``system``'s sample game into ``folder`` afresh (its saved outputs are this kit's renderings)."""
    made = subprocess.run([sys.executable, str(REPO_ROOT / "scripts" / "make_sample_games.py"), str(folder),
                           "--only", system], cwd=REPO_ROOT, capture_output=True, text=True, check=False)
    path = folder / f"{system}-sample.ipynb"
    assert made.returncode == 0 and path.is_file(), made.stdout + made.stderr
    return path


@pytest.fixture(scope="module")
def shelves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Two copies of notebooks/: ``sample`` for the sample games, ``seated`` with a game per system with seats."""
    sample = _copy_pages(tmp_path_factory.mktemp("layout-sample"))  # each sample is written when first used
    seated = _copy_pages(tmp_path_factory.mktemp("layout-seated"))
    for system in SYSTEMS:
        Shelf(seated / "games", system).new_game(f"{system}-seats", ["Ana", "Ben"], gm="Gil", quick_start=True)
    return {"sample": sample, "seated": seated}


def open_table(voila_page_for: PageFor, voila_server: ServerFor, served: Path, system: str, kind: str,
               size: dict[str, int]) -> VoilaPage:
    """Open ``system``'s table at ``size``; on the seated shelf, sit as the player Ana."""
    if kind == "sample" and not (served / "games" / f"{system}-sample.ipynb").exists():
        write_sample(served / "games", system)
    page = voila_page_for(voila_server(served))
    page.page.set_viewport_size(size)
    page.open(f"tables/{system}.ipynb", ready=f".kit-table-{system} .kit-whose-turn")
    if kind == "seated":
        picker = page.page.locator(".kit-table .kit-seat-picker select").first
        labels = [text.replace("\xa0", " ") for text in picker.locator("option").all_inner_texts()]
        picker.select_option(index=next(i for i, text in enumerate(labels) if text.startswith("Ana")))
        page.wait_kernel_idle()
        page.page.locator(f".kit-table .{'kit-part-system'}").first.wait_for()
    return page


def check_no_sideways_scroll(page: VoilaPage) -> None:
    widths = page.page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], (f"the page is {widths[0]} px wide in a {widths[1]} px window; "
                                    f"overflowing: {page.page.evaluate(OVERFLOWING_JS)}")


def check_controls(page: VoilaPage, phone: bool) -> None:
    count, problems = page.page.evaluate(CONTROLS_JS, [TOUCH, phone])
    assert count >= 8, f"only {count} visible controls"
    assert problems == [], f"{len(problems)} controls fail:\n" + "\n".join(problems)


def check_now_in_view(page: VoilaPage) -> None:
    """Desktop: the whose-turn line and the first component's first control show without scrolling."""
    boxes: dict[str, Any] = page.page.evaluate("""() => {
      const box = sel => { const el = document.querySelector(sel); if (!el) return null;
                           const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
      return {now: box('.kit-table .kit-whose-turn'),
              control: box('.kit-table .kit-part-system :is(button, select, input)'),
              log: box('.kit-table .kit-layout-side'), play: box('.kit-table .kit-layout-play')};
    }""")
    height = DESKTOP["height"]
    assert boxes["now"] and boxes["now"][3] <= height, f"the whose-turn line is below the fold: {boxes}"
    assert boxes["control"] and boxes["control"][3] <= height, f"no control of the first component in view: {boxes}"
    assert boxes["log"][0] >= boxes["play"][2] - 1, f"the log is not in a column of its own: {boxes}"
    assert boxes["log"][1] < height, "the log column does not start on the first screen"


def screenshot(page: VoilaPage, publish: Publish, name: str, full_page: bool) -> None:
    SCREENSHOTS_DIR.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS_DIR / f"{name}.png"
    page.page.screenshot(path=str(shot), full_page=full_page)
    assert shot.stat().st_size > 0
    publish(shot, name)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("system", SYSTEMS)
def test_layout_fits_the_screen(system: str, kind: str, size: str, voila_page_for: PageFor,
                                voila_server: ServerFor, shelves: dict[str, Path], publish: Publish) -> None:
    page = open_table(voila_page_for, voila_server, shelves[kind], system, kind, SIZES[size])
    games = page.page.locator(".kit-table .kit-games-drawer")
    assert not games.is_visible(), "the shelf stays open although a game is open"
    check_no_sideways_scroll(page)
    if size == "desktop":
        check_now_in_view(page)
    if kind == "sample":
        screenshot(page, publish, f"table-{system}-{size}", full_page=size == "phone")
    check_controls(page, phone=size == "phone")
    page.page.locator(".kit-table .kit-games-toggle").click()  # the shelf opens on demand, and fits too
    games.wait_for()
    check_no_sideways_scroll(page)
    check_controls(page, phone=size == "phone")
    page.assert_clean()


# -- a full turn on the phone ------------------------------------------------------------------------------


def _turn_falkefateifaux(page: VoilaPage) -> None:
    resolver = ".kit-table .kit-stack-resolver"
    page.click(f"{resolver} .kit-flip")
    for _ in range(8):
        if page.text_of(f"{resolver} .kit-flip-result").strip():
            return
        if page.page.locator(f"{resolver} .kit-pass").is_visible():
            page.click(f"{resolver} .kit-pass")  # guide fate: pass (F-8)
        else:
            page.click(f"{resolver} .kit-choose-cards .kit-card-face")  # the chooser takes a card (F-4)
            page.click(f"{resolver} .kit-choose")
    raise AssertionError("the flip did not resolve")


def _turn_suitpairs(page: VoilaPage) -> None:
    tracker = ".kit-table .kit-attribute-tracker"
    page.click(f"{tracker} .kit-check")
    page.page.locator(f"{tracker} .kit-roll").get_by_text("Pending check").wait_for()
    page.click(f"{tracker} .kit-accept")  # S-3, S-5
    page.page.locator(f"{tracker} .kit-roll").get_by_text("No check pending").wait_for()


def _turn_rollunder(page: VoilaPage) -> None:
    sequencer = ".kit-table .kit-combat-sequencer"
    for name in ("Artie", "Xavier"):  # checkboxes a thumb can tick
        checks = page.page.locator(f"{sequencer} .kit-combat-setup .kit-character-check")
        checks.filter(has_text=name).first.locator("input").check()
        page.wait_kernel_idle()
    page.click(f"{sequencer} .kit-start-combat")
    page.page.locator(f"{sequencer} .kit-round").get_by_text("Round 1").first.wait_for()


TURNS = {"falkefateifaux": _turn_falkefateifaux, "suitpairs": _turn_suitpairs, "rollunder": _turn_rollunder}


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_full_turn_on_the_phone(system: str, voila_page_for: PageFor, voila_server: ServerFor,
                                  tmp_path: Path) -> None:
    served = _copy_pages(tmp_path)
    path = served / "games" / f"{system}-sample.ipynb"
    page = open_table(voila_page_for, voila_server, served, system, "sample", PHONE)
    before = gamefile.load(path).turn
    TURNS[system](page)
    after = gamefile.load(path).turn
    assert after > before, "the turn did not reach the game file"
    assert f"Play log ({after} turns)" in page.text_of(".kit-table .kit-play-log")
    check_no_sideways_scroll(page)
    check_controls(page, phone=True)
    page.assert_clean()


# -- axe-core ----------------------------------------------------------------------------------------------


def axe_violations(page: VoilaPage) -> list[str]:
    """axe-core's violations on the page, one line per rule with the elements it names."""
    results = Axe().run(page.page)
    return [f"{violation['id']} ({violation['impact']}): "
            + "; ".join(f"{' '.join(node['target'])} {node.get('html', '')[:160]}" for node in violation["nodes"][:6])
            for violation in results.response["violations"]]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("system", SYSTEMS)
def test_axe_finds_no_violation_on_a_table(system: str, kind: str, voila_page_for: PageFor,
                                           voila_server: ServerFor, shelves: dict[str, Path]) -> None:
    page = open_table(voila_page_for, voila_server, shelves[kind], system, kind, DESKTOP)
    landmarks = page.page.evaluate(
        "() => ['main', 'navigation', 'complementary'].map(r => document.querySelectorAll(`[role=${r}]`).length)")
    assert landmarks == [1, 1, 1], f"main, navigation, complementary landmarks: {landmarks}"
    assert axe_violations(page) == []
    page.page.set_viewport_size(PHONE)
    assert axe_violations(page) == []
    assert page.external_requests == [], "requests left 127.0.0.1"
    page.assert_clean()


@pytest.mark.parametrize("tour", TOURS)
def test_axe_finds_no_violation_on_a_tour(tour: str, voila_page_for: PageFor, voila_server: ServerFor,
                                          shelves: dict[str, Path]) -> None:
    page = voila_page_for(voila_server(shelves["sample"]))
    page.page.set_viewport_size(DESKTOP)
    page.open(f"tours/{tour}.ipynb", ready="#rendered_cells h1")
    assert page.page.locator("[role=main]").count() == 1
    assert axe_violations(page) == []
    assert page.external_requests == [], "requests left 127.0.0.1"
    page.assert_clean()
