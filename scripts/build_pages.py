"""Write the welcome page and the three table notebooks (``python scripts/build_pages.py``).

The table notebooks hold no saved outputs: Voilà runs them fresh on every visit, and nbval
checks that every cell runs. The welcome page's prose is Markdown; its one code cell opens a
FalkeFateiFaux table on the first sample game.
"""

from __future__ import annotations

from pathlib import Path

from notebook_builder import execute_and_save, make_notebook

from kit.systems import all_systems

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

WELCOME = """
# Welcome to the kit

A notebook kit for tabletop role-playing groups who **play by post**. One game is one
notebook file: it is the record everyone reads, the state the table loads, and the proof that
no roll was changed.

## The three systems

| System | In a sentence | Learn it | Play it |
| --- | --- | --- | --- |
{rows}

## Playing by post with a game file

1. **Open a table** (links above) and pick a game from the shelf, start a **New game** (name the
   players and the game master; with *Quick start* each player gets a ready-made character,
   otherwise everyone builds their own with *Build a character*), or **Upload game file** that
   someone posted. Uploads are verified first: a file whose rolls were changed is refused.
2. **Sit as** yourself — a player acts for their own characters, the GM for everyone else — and
   **take your turn** with the table's controls; the line at the top says whose turn it is. Every
   step is written into the game file at once, with its result and a hash that chains it to the
   turn before.
3. **Share it**: *Prepare download* gives you the updated file to post back to your group, and
   the *Forum post* box holds your turn as Markdown, BBCode or plain text, ending with a
   verification code (`kit:12-3f9a2c1b`). Anyone can check a code against the file with
   `kit verify GAME.ipynb --code kit:12-3f9a2c1b`.

In JupyterLab the same game file plays code-first: every turn is a readable cell such as
`game.flip("Ada", "Fisticuffs", target=8)`, and running the notebook top to bottom rebuilds the game.

For groups who want **sealed play** — every turn proven by its seat's key, every card and die sealed
by a second seat, so that nobody can foresee or choose a draw — the
[sealed play tour](tours/sealed-play.ipynb) plays a sealed game step by step.

## A FalkeFateiFaux table, ready on a sample game
"""

TABLE_INTRO = """
# {title} table

{summary} Every turn is saved into the game file at once; **Games** opens, starts or uploads one.
"""


def welcome() -> None:
    """notebooks/welcome.ipynb."""
    rows = "\n".join(
        f"| **{info.title}** | {info.summary} | [Rules tour](tours/{info.name}.ipynb) "
        f"| [Table](tables/{info.name}.ipynb) |"
        for info in all_systems()
    )
    cells = [
        ("md", WELCOME.format(rows=rows)),
        ("code", 'from kit.widgets.table import Table\n\nTable("falkefateifaux")'),
    ]
    execute_and_save(make_notebook(cells, title="Welcome"), NOTEBOOKS / "welcome.ipynb", execute=False)


def tables() -> None:
    """notebooks/tables/<system>.ipynb."""
    for info in all_systems():
        cells = [
            ("md", TABLE_INTRO.format(title=info.title, summary=info.summary)),
            ("code", f'from kit.widgets.table import Table\n\nTable("{info.name}")'),
        ]
        execute_and_save(make_notebook(cells, title=f"{info.title} table"),
                         NOTEBOOKS / "tables" / f"{info.name}.ipynb", execute=False)


if __name__ == "__main__":
    welcome()
    tables()
