"""The tours in notebooks/tours/: sources, saved notebooks, rulings, worked examples and checked facts.

A tour is a MyST Markdown file (``<name>.md``) paired through jupytext with the notebook
(``<name>.ipynb``) that ``scripts/build_tours.py`` runs and saves: a rules tour per system
(``<system>.md``) and the worked tour of sealed play (``sealed-play.md``, rulings K-1 … K-6), which
is checked the same way wherever a check does not need a system of its own (odds, a "Try it" widget).
These tests read both without running the saved notebook; ``pytest --nbval notebooks/tours``
re-executes each one and compares every output, and :func:`test_a_wrong_fact_stops_the_tour` runs
altered copies to show that a fact a tour states is checked by the tour itself.
"""

from __future__ import annotations

import html
import re
import shutil
import sys
from pathlib import Path

import jupytext
import nbformat
import pytest
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parents[1]
TOURS = ROOT / "notebooks" / "tours"
sys.path.insert(0, str(ROOT / "scripts"))

import build_tours  # noqa: E402

RULINGS = {
    "falkefateifaux": [f"F-{n}" for n in range(1, 15)],
    "suitpairs": [f"S-{n}" for n in range(1, 7)],
    "rollunder": [f"R-{n}" for n in range(1, 8)],
}
SYSTEMS = sorted(RULINGS)
SEALED_PLAY = "sealed-play"
"""The worked tour of sealed play: it plays a Suit Pairs sealed game and has no table of its own."""
TOUR_RULINGS = {**RULINGS, SEALED_PLAY: [f"K-{n}" for n in range(1, 7)]}
ALL_TOURS = sorted(TOUR_RULINGS)
TABLE_OF = {**{system: system for system in SYSTEMS}, SEALED_PLAY: "suitpairs"}
"""The table each tour links to."""
RULING_ID = r"[FSRK]-\d+"

WORKED_EXAMPLES = {
    "falkefateifaux": [
        # Gloves of Boxing: 4♥ 8♣ at net [−], the opponent takes 4♥, which counts 0 out of suit: total 6 (F-2, F-4).
        "Net advantage: [−] (-1)",
        "Ada flips 2 from the Deck of Fate: 4♥ 8♣ (net -1, F-4).",
        "Bruno takes 4♥ for Ada's stack (the opponent chooses at Ada's disadvantage (F-4)).",
        "Outcome: 0 (4♥ counts 0 out of suit (F-2)) + 6 (Good Fisticuffs) = 6",
        # The decks: two decks of 54 make the Deck of Fate, with both jokers of each deck (F-1).
        "108 cards in the Deck of Fate; 2 Red Jokers, 2 Black Jokers",
        # Armor of Ithan: Good Magic, 4♦ from the Deck of Magic, succeeds by 2, lasts 4 minutes (F-13).
        "Outcome: 4 (4♦ counts 4 in suit (F-2)) + 6 (Good Magic) = 10",
        "Degree: +2 — Success",
        "Duration (Armor of Ithan): 4 minutes",
        "succeed by  0: 1 second",
        "succeed by  2: 4 minutes",
        "succeed by  6: 60 minutes (1 hour)",
        "succeed by 12: 12 hours",
    ],
    "suitpairs": [
        "New character: Mira — Baker",
        "double 6s always succeed (even though 12 < 13)",
        "double 1s always fail",
        "Paid: 1 Intelligence (1 → 0)",
        "Intelligence is 0 and an attribute at 0 cannot pay (S-4)",
        # Every branch of S-5, in the kit's words.
        "Success: Strength rises from 3 to 4.",
        "Success: Strength would reach 5, so Intimidate rises to 2 instead.",
        "Success: Strength would reach 5 and Intimidate is already at 5, so Strength rises to 5.",
        "Failure: Dexterity drops from 2 to 1.",
        "Failure: Dexterity would drop to 0, so Evade drops to 0 instead.",
        "Failure: Dexterity would drop to 0 and Evade is already at 0, so Dexterity drops to 0.",
        "The GM skipped the consequences of this check (S-5 table option); nothing changes.",
        "Serious consequences (S-6): Dexterity is 0",
    ],
    "rollunder": [
        # Artie: 7 + 7 + 2 = 16, rolls 14, degree 2; Xavier: 6 + 5 = 11, rolls 10, degree 1; Artie hits.
        "Agility (7) + Bash and Stab (7) + modifier (+2) = 16",
        "rolled 14 against 16: success, degree 2",
        "Xavier: Agility (6) + Duck & Cover (5) = 11",
        "rolled 10: success, degree 1",
        "Artie against Xavier — Artie wins",
        "Artie attacks: Agility (7) + Bash and Stab (7) + familiarity (+2) = 16",
        "Damage: 3 + 1 − armour 1 = 3",
        "Hit: net degrees 2 − 1 = 1 (R-5).",
        # Physicane: degree 6 heals 2 at once and 6 over 24 hours.
        "Artie: Vitality (6) + Heroic Vigor (4) = 10",
        "rolled 4: success, degree 6",
        "restores 2 now and 6 over the next 24 hours",
        "a second dose inside the same 24 hours has no benefit",
        # Combat with initiative and an ambush; fate cards.
        "free round",
        "is ambushed and cannot defend actively in the free round (R-3)",
        "failed initiative and acts from round 2 (R-3)",
        "Fate cards are drawn",
        "Xavier belongs to Xan, who has not consented (R-7)",
    ],
    SEALED_PLAY: [
        "Ana takes their seat in the sealed game",
        "Anchor: 37a9ae4dcc8df415",
        "act in Ben's seat: Ben has not taken their seat in this sealed game (K-1)",
        "Ana's seat was taken at turn 1 with another key (K-1)",
        "its value is not Ben's next chain value (K-2)",
        "Ana's turn 6 was changed after Ana took it",
        "Ana declares Mira's check: Defy, Hard — declared — waiting for Ben's draw (K-3)",
        "Ben must seal the draw of turn 9, Ana's check (K-3)",
        "turn 9's draw (Ana's check) waits for Ben's seal, and until it is sealed nothing else may change the game",
        "Turn 13 lapsed — Gil's check could not be taken when its draw came (K-4)",
        "the rules allow the declared turn with its draw (K-4)",
        "turn 20 (Ben's check, declared 2 Dec 2026, 09:30 UTC) waits for Gil (GM)'s seal (K-5)",
        "only Ben retracts it",
        "Turn 20 retracted — Ben took back the declared check before its draw (K-5)",
    ],
}

TRY_IT_WIDGETS = {
    "falkefateifaux": ("StackResolver(session", "HandViewer(session"),
    "suitpairs": ("AttributeTracker(session",),
    "rollunder": ("CombatSequencer(session",),
}

# A wrong fact in each tour, and the assert that must catch it. Each replaces one line of the tour's source.
WRONG_FACTS = {
    "the joker count looked up by text, as before (F-1)": (
        "falkefateifaux", 'red_jokers = make[Card.parse("RJ")]', 'red_jokers = make["RJ"]'),
    "a Deck of Fate of three decks (F-1)": (
        "falkefateifaux", 'game = FalkeFateiFauxGame(seed="tour-ff", practice=True)',
        'game = FalkeFateiFauxGame(seed="tour-ff", practice=True, fate_decks=3)'),
    "Mira with one point of Strength more (S-1)": (
        "suitpairs", 'game.create_character("Mira", "Baker", strength=3, intelligence=2, dexterity=2, charisma=3,',
        'game.create_character("Mira", "Baker", strength=4, intelligence=2, dexterity=1, charisma=3,'),
    "Artie with Agility 8, not the text's 7 (R-1)": (
        "rollunder", '"attributes": {"Agility": 7, "Wits": 6, "Vitality": 6, "Reason": 5, "Fate": 5},',
        '"attributes": {"Agility": 8, "Wits": 6, "Vitality": 6, "Reason": 5, "Fate": 5},'),
    "Ana's seat taken with Ben's key (K-1)": (
        SEALED_PLAY, 'game.hold_key("Ana", KEYS["Ana"])', 'game.hold_key("Ana", KEYS["Ben"])'),
}


def load(system: str) -> nbformat.NotebookNode:
    """The saved tour of a system."""
    return nbformat.read(TOURS / f"{system}.ipynb", as_version=4)


def source(system: str) -> nbformat.NotebookNode:
    """The tour as jupytext reads its ``.md``."""
    return jupytext.read(TOURS / f"{system}.md", fmt="md:myst")


def output_text(notebook: nbformat.NotebookNode) -> str:
    """Every saved output as text: streams, plain text, and HTML with its tags stripped and spaces joined."""
    parts: list[str] = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        for output in cell.outputs:
            if output.output_type == "stream":
                parts.append(output.text)
            elif "data" in output:
                parts.append(output.data.get("text/plain", ""))
                page = output.data.get("text/html", "")
                parts.append(" ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split()))
    return "\n".join(parts)


def markdown(notebook: nbformat.NotebookNode) -> str:
    """The notebook's Markdown cells, joined."""
    return "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")


def sections(notebook: nbformat.NotebookNode) -> list[str]:
    """The text of every ``## `` heading, in order."""
    return re.findall(r"^## (.+)$", markdown(notebook), re.MULTILINE)


def anchor(heading: str) -> str:
    """The id JupyterLab and Voilà (nbconvert) give a heading of plain ASCII text: spaces become hyphens."""
    return heading.replace(" ", "-")


def check_cells(notebook: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """The code cells tagged ``check``."""
    return [cell for cell in notebook.cells
            if cell.cell_type == "code" and "check" in cell.metadata.get("tags", [])]


def stdout(cell: nbformat.NotebookNode) -> str:
    """What a saved cell printed."""
    return "".join(output.text for output in cell.outputs if output.output_type == "stream" and output.name == "stdout")


# -- the source and the notebook ---------------------------------------------------------


@pytest.mark.parametrize("system", ALL_TOURS)
def test_tour_notebook_is_in_sync_with_its_markdown_source(system: str) -> None:
    written, saved = source(system), load(system)
    assert [cell.cell_type for cell in saved.cells] == [cell.cell_type for cell in written.cells]
    for ours, theirs in zip(written.cells, saved.cells, strict=True):
        assert theirs.source == ours.source
        assert theirs.metadata.get("tags", []) == ours.metadata.get("tags", [])
    assert saved.metadata["jupytext"] == {"formats": "ipynb,md:myst"}
    assert saved.metadata["title"] == build_tours.title_of(written)


@pytest.mark.parametrize("system", ALL_TOURS)
def test_tour_source_is_as_jupytext_writes_it(system: str) -> None:
    # `jupytext --sync` (or JupyterLab's pairing) leaves a source in this form untouched.
    text = (TOURS / f"{system}.md").read_text(encoding="utf-8")
    assert jupytext.writes(jupytext.reads(text, fmt="md:myst"), fmt="md:myst") == text
    header = text.split("---\n")[1]
    assert "format_name: myst" in header and "formats: ipynb,md:myst" in header


def test_every_tour_has_a_source_and_a_notebook() -> None:
    assert build_tours.tour_names() == ALL_TOURS
    assert sorted(path.stem for path in TOURS.glob("*.ipynb")) == ALL_TOURS


# -- what a tour covers ------------------------------------------------------------------


@pytest.mark.parametrize("system", ALL_TOURS)
def test_tour_names_every_ruling_in_order(system: str) -> None:
    notebook = load(system)
    headings = [
        match.group(1)
        for cell in notebook.cells
        if cell.cell_type == "markdown" and (match := re.match(rf"## ({RULING_ID})\b", cell.source))
    ]
    assert headings == TOUR_RULINGS[system]
    text = markdown(notebook)
    for ruling in TOUR_RULINGS[system]:
        assert re.search(rf"\b{ruling}\b", text), ruling


@pytest.mark.parametrize("system", ALL_TOURS)
def test_tour_reproduces_the_worked_examples(system: str) -> None:
    text = output_text(load(system))
    missing = [figure for figure in WORKED_EXAMPLES[system] if figure not in text]
    assert not missing


def test_falkefateifaux_tour_corrects_the_gloves_of_boxing_total_by_f2() -> None:
    prose = markdown(load("falkefateifaux"))
    assert "The total is **6**" in prose and "The text says 7" in prose and "F-2" in prose


def test_falkefateifaux_tour_counts_both_jokers_of_every_deck() -> None:
    text = output_text(load("falkefateifaux"))
    assert "108 cards in the Deck of Fate; 2 Red Jokers, 2 Black Jokers" in text
    assert "0 Red Jokers" not in text and "0 Black Jokers" not in text


# -- every fact checked ------------------------------------------------------------------


@pytest.mark.parametrize("system", ALL_TOURS)
def test_every_code_cell_shows_something_and_nothing_failed(system: str) -> None:
    code_cells = [cell for cell in load(system).cells if cell.cell_type == "code"]
    assert code_cells
    for cell in code_cells:
        assert cell.outputs, cell.source  # in Voilà a cell with no output would show nothing at all
        assert cell.execution_count is not None, cell.source
        assert all(output.output_type != "error" for output in cell.outputs), cell.source
        assert all(output.get("name") != "stderr" for output in cell.outputs), cell.source


@pytest.mark.parametrize("system", ALL_TOURS)
def test_every_check_cell_asserts_and_says_in_one_line_what_it_checked(system: str) -> None:
    checks = check_cells(load(system))
    assert len(checks) >= 15
    for cell in checks:
        assert re.search(r"^\s*assert ", cell.source, re.MULTILINE), cell.source
        printed = stdout(cell)
        assert printed.startswith("Checked: ") and printed.count("\n") == 1, cell.source
        assert len(printed) <= 200, printed
        assert [output.output_type for output in cell.outputs] == ["stream"], cell.source


@pytest.mark.parametrize("system", ALL_TOURS)
def test_every_section_checks_its_facts(system: str) -> None:
    notebook = load(system)
    current, checked = None, {}
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and (match := re.match(r"## (.+)$", cell.source, re.MULTILINE)):
            current = match.group(1)
            checked[current] = 0
        elif current and "check" in cell.metadata.get("tags", []):
            checked[current] += 1
    assert checked and all(count > 0 for count in checked.values()), checked


@pytest.mark.parametrize("system", ALL_TOURS)
def test_tour_shows_refusals_that_it_checks(system: str) -> None:
    notebook = load(system)
    refusals = [cell for cell in notebook.cells
                if cell.cell_type == "code" and cell.source.startswith("with refused(")]
    assert len(refusals) >= 3
    setup = next(cell for cell in notebook.cells if cell.cell_type == "code")
    assert "def refused(ruling)" in setup.source and "except RulesError as error" in setup.source
    for cell in refusals:
        ruling = re.match(rf'with refused\("({RULING_ID})"\):', cell.source).group(1)
        assert f"({ruling})" in stdout(cell), cell.source


@pytest.mark.parametrize("system", SYSTEMS)
def test_tour_plots_exact_odds(system: str) -> None:
    notebook = load(system)
    pages = [output.data.get("text/html", "") for cell in notebook.cells if cell.cell_type == "code"
             for output in cell.outputs if "data" in output]
    assert any("<svg" in page for page in pages)


@pytest.mark.parametrize("description", sorted(WRONG_FACTS))
def test_a_wrong_fact_stops_the_tour(description: str, tmp_path: Path) -> None:
    system, right, wrong = WRONG_FACTS[description]
    text = (TOURS / f"{system}.md").read_text(encoding="utf-8")
    assert text.count(right) == 1
    altered = tmp_path / f"{system}.md"
    altered.write_text(text.replace(right, wrong), encoding="utf-8")
    with pytest.raises(CellExecutionError) as failed:
        build_tours.build(altered)
    assert "AssertionError" in str(failed.value)
    assert not altered.with_suffix(".ipynb").exists()  # a failed build saves nothing


def test_the_unaltered_tour_runs_where_the_altered_copies_fail(tmp_path: Path) -> None:
    shutil.copy(TOURS / "rollunder.md", tmp_path / "rollunder.md")
    built = build_tours.build(tmp_path / "rollunder.md")
    assert built.read_text(encoding="utf-8") == (TOURS / "rollunder.ipynb").read_text(encoding="utf-8")


# -- for a learner -----------------------------------------------------------------------


@pytest.mark.parametrize("system", ALL_TOURS)
def test_tour_opens_with_a_contents_list_of_every_section(system: str) -> None:
    notebook = load(system)
    first = notebook.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    links = re.findall(r"^- \[([^\]]+)\]\(#([^)]+)\)$", first.source, re.MULTILINE)
    headings = sections(notebook)
    assert [text for text, _ in links] == headings
    assert all(target == anchor(text) for text, target in links)
    assert all(heading.isascii() for heading in headings)  # so JupyterLab and Voilà give the same id
    assert headings[-1].startswith("Try it") == (system in SYSTEMS)  # sealed play has no widget of its own


@pytest.mark.parametrize("system", ALL_TOURS)
def test_tour_links_its_table_and_the_welcome_page(system: str) -> None:
    notebook = load(system)
    for part in (notebook.cells[0].source, notebook.cells[-1].source):
        assert f"](../tables/{TABLE_OF[system]}.ipynb)" in part and "](../welcome.ipynb)" in part
    assert (TOURS.parent / "tables" / f"{TABLE_OF[system]}.ipynb").is_file()
    assert (TOURS.parent / "welcome.ipynb").is_file()


@pytest.mark.parametrize("system", SYSTEMS)
def test_try_it_plays_the_system_widget_on_a_practice_game(system: str) -> None:
    notebook = load(system)
    start = next(index for index, cell in enumerate(notebook.cells)
                 if cell.cell_type == "markdown" and cell.source.startswith("## Try it"))
    code = "\n".join(cell.source for cell in notebook.cells[start:] if cell.cell_type == "code")
    assert "practice=True" in code and "TableSession(practice)" in code
    for widget in TRY_IT_WIDGETS[system]:
        assert widget in code
    shown = [output for cell in notebook.cells[start:] if cell.cell_type == "code" for output in cell.outputs
             if output.output_type == "execute_result"]
    assert shown and all(build_tours.WIDGET_VIEW not in output.data for output in shown)


# -- deterministic outputs -------------------------------------------------------------------


@pytest.mark.parametrize("system", ALL_TOURS)
def test_tour_outputs_are_deterministic_text(system: str) -> None:
    notebook = load(system)
    text = output_text(notebook)
    assert not re.search(r" at 0x[0-9a-f]+", text), "a memory address in an output"
    assert build_tours.WIDGET_VIEW not in nbformat.writes(notebook)
    assert "widgets" not in notebook.metadata
    assert "version" not in notebook.metadata["language_info"]
    for index, cell in enumerate(notebook.cells):
        assert "execution" not in cell.metadata
        assert cell.id == f"cell-{index}"
