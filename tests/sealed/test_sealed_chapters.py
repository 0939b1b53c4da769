"""C-1 with K-2 and K-3: a sealed game goes on into a new chapter, a declaration waiting across the boundary."""

from __future__ import annotations

from pathlib import Path

import pytest
from sealed_helpers import AT, CHARACTERS, declared_form, play, random_turn, seated, settle

from kit.core.sealed_results import DeclarationResult
from kit.gamefile.campaign import verify_campaign
from kit.gamefile.chapters import chapter_path
from kit.gamefile.header import Header
from kit.gamefile.notebook import build_notebook, notebook_text
from kit.systems import SYSTEMS


def write(path: Path, game) -> None:
    path.write_text(notebook_text(build_notebook(game, Header.for_game(game))))


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_a_sealed_campaign_seals_across_a_chapter_and_verifies_as_a_chain(system: str, tmp_path: Path):
    game = seated(system)
    ana, ben = CHARACTERS[system]["Ana"], CHARACTERS[system]["Ben"]
    for step in range(3):
        play(game, "Ana", *random_turn(system, ana, step))
        settle(game)
        play(game, "Ben", *random_turn(system, ben, step))
        settle(game)
    declared = game.sit("Ana").declare(*declared_form(game, *random_turn(system, ana, 5)), at=AT)
    assert isinstance(declared, DeclarationResult)
    first = tmp_path / "sealed.ipynb"
    write(first, game)
    following = game.next_chapter()  # the declaration waits in the checkpoint, never a key (K-1)
    assert following.pending_declarations and following.chapter_checkpoint is not None
    assert "keys" not in str(following.chapter_checkpoint["proofs"])
    waiting = following.pending_declarations[0]
    assert waiting == game.pending_declarations[0] and waiting.sealer == declared.sealer == "Ben"
    following.sit(waiting.sealer).seal()  # sealed in the new chapter with the value fixed when it was declared (K-3)
    assert following.log[-1].proof["by"] == "Ben" and following.log[-1].proof["n"] == waiting.slot
    settle(following)
    play(following, "Ben", *random_turn(system, ben, 7))
    settle(following)
    second = chapter_path(first, 2)
    write(second, following)
    report = verify_campaign([first, second], jobs=1)
    assert report.ok, report.message
    replayed = following.replayed()
    assert [e.hash for e in replayed.log] == [e.hash for e in following.log]
