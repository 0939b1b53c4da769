"""The rules tours in notebooks/tours/: every ruling in order, the texts' worked examples, saved outputs.

These checks read the saved notebooks without executing them; ``pytest --nbval notebooks/tours``
re-executes them and compares every output.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat
import pytest

TOURS = Path(__file__).resolve().parents[1] / "notebooks" / "tours"

RULINGS = {
    "falkefateifaux": [f"F-{n}" for n in range(1, 15)],
    "suitpairs": [f"S-{n}" for n in range(1, 7)],
    "rollunder": [f"R-{n}" for n in range(1, 8)],
}

WORKED_EXAMPLES = {
    "falkefateifaux": [
        # Gloves of Boxing: 4♥ 8♣ at net [−], the opponent takes 4♥, which counts 0 out of suit: total 6 (F-2, F-4).
        "Net advantage: [−] (-1)",
        "Ada flips 2 from the Deck of Fate: 4♥ 8♣ (net -1, F-4).",
        "Bruno takes 4♥ for Ada's stack (the opponent chooses at Ada's disadvantage (F-4)).",
        "Outcome: 0 (4♥ counts 0 out of suit (F-2)) + 6 (Good Fisticuffs) = 6",
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
}


def load(system: str) -> nbformat.NotebookNode:
    """The saved tour of a system."""
    return nbformat.read(TOURS / f"{system}.ipynb", as_version=4)


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


@pytest.mark.parametrize("system", sorted(RULINGS))
def test_tour_names_every_ruling_in_order(system: str) -> None:
    notebook = load(system)
    headings = [
        match.group(1)
        for cell in notebook.cells
        if cell.cell_type == "markdown" and (match := re.match(r"## ([FSR]-\d+)\b", cell.source))
    ]
    assert headings == RULINGS[system]
    text = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    for ruling in RULINGS[system]:
        assert re.search(rf"\b{ruling}\b", text), ruling


@pytest.mark.parametrize("system", sorted(RULINGS))
def test_tour_reproduces_the_worked_examples(system: str) -> None:
    text = output_text(load(system))
    missing = [figure for figure in WORKED_EXAMPLES[system] if figure not in text]
    assert not missing


@pytest.mark.parametrize("system", sorted(RULINGS))
def test_tour_has_saved_outputs_for_every_code_cell(system: str) -> None:
    notebook = load(system)
    code_cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code_cells
    for cell in code_cells:
        assert cell.outputs, cell.source
        assert cell.execution_count is not None, cell.source
        assert all(output.output_type != "error" for output in cell.outputs), cell.source


@pytest.mark.parametrize("system", sorted(RULINGS))
def test_tour_outputs_are_deterministic_text(system: str) -> None:
    notebook = load(system)
    text = output_text(notebook)
    assert not re.search(r" at 0x[0-9a-f]+", text), "a memory address in an output"
    assert "application/vnd.jupyter.widget-view+json" not in nbformat.writes(notebook)
    assert "widgets" not in notebook.metadata
    for cell in notebook.cells:
        assert "execution" not in cell.metadata


@pytest.mark.parametrize("system", sorted(RULINGS))
def test_tour_shows_refusals(system: str) -> None:
    notebook = load(system)
    refusals = [cell for cell in notebook.cells
                if cell.cell_type == "code" and "except RulesError as error" in cell.source]
    assert len(refusals) >= 3
    for cell in refusals:
        printed = "".join(output.text for output in cell.outputs if output.output_type == "stream")
        assert re.search(r"\([FSR]-\d+\)", printed), cell.source


@pytest.mark.parametrize("system", sorted(RULINGS))
def test_tour_plots_exact_odds(system: str) -> None:
    notebook = load(system)
    pages = [output.data.get("text/html", "") for cell in notebook.cells if cell.cell_type == "code"
             for output in cell.outputs if "data" in output]
    assert any("<svg" in page for page in pages)


def test_falkefateifaux_tour_corrects_the_gloves_of_boxing_total_by_f2() -> None:
    notebook = load("falkefateifaux")
    prose = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    assert "The total is **6**" in prose and "The text says 7" in prose and "F-2" in prose
