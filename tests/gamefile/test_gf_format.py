"""The game notebook format: header, setup cell, one readable cell per turn, events in metadata."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from gf_helpers import TavernGame, play_tavern
from IPython.lib.pretty import pretty

from kit.core.errors import MalformedInputError, UnknownNameError
from kit.gamefile import FORMAT, FORMAT_VERSION, load, load_file, save, verify
from kit.gamefile.source import call_source, py_literal, rig_source, setup_source, turn_source


def test_notebook_is_valid_nbformat_v4_with_kernelspec_and_no_timing(tavern_file: Path):
    nb = nbformat.read(tavern_file, as_version=4)
    nbformat.validate(nb)
    assert nb.nbformat == 4
    assert nb.metadata.kernelspec.name == "python3"
    text = tavern_file.read_text()
    for word in ("widgets", "application/vnd.jupyter.widget", "execution\": {", "iopub", "shell.execute"):
        assert word not in text


def test_header_metadata_holds_format_system_seed_commitment_options_players_characters(tavern_file: Path):
    nb = nbformat.read(tavern_file, as_version=4)
    kit_meta = nb.metadata.kit
    game = play_tavern(12)
    assert kit_meta.format == FORMAT and kit_meta.format_version == FORMAT_VERSION
    assert kit_meta.system == "tavern" and kit_meta.seed == "tavern-seed"
    assert kit_meta.seed_commitment == game.seed_commitment
    assert kit_meta.game_id == game.seed_commitment[:12]
    assert kit_meta.options == {"decks": 1}
    assert kit_meta.players == {"Ana": ["Ada"], "Bea": ["Bo"]}
    assert kit_meta.characters == {"Ada": "Ana", "Bo": "Bea"}
    assert kit_meta.created_with.startswith("kit ")
    assert kit_meta.turns == 12 and kit_meta.head == game.log.head
    assert nb.cells[0].cell_type == "markdown" and game.seed_commitment in nb.cells[0].source


def test_setup_cell_rebuilds_the_game_and_turn_cells_are_readable_calls(tavern_file: Path):
    nb = nbformat.read(tavern_file, as_version=4)
    setup = nb.cells[1]
    assert setup.source == ('from kit import systems\n\ngame = systems.new_game("tavern", seed="tavern-seed", '
                            'practice=True, players={"Ana": ["Ada"], "Bea": ["Bo"]})')
    assert setup.execution_count == 1 and setup.outputs == []
    turns = nb.cells[2:]
    assert len(turns) == 12
    assert turns[0].source == 'game.join("Ada")'
    assert turns[1].source == 'game.join("Bo", luck=1)'
    assert turns[3].source == 'game.draw("Bo", count=2, bonus=1)'
    assert turns[4].source == 'game.rig("AS 10H", deck="fate", dice=[6]).draw("Ada", count=2)'


def test_turn_cell_output_is_an_execute_result_counted_by_position(tavern_file: Path):
    nb = nbformat.read(tavern_file, as_version=4)
    game = play_tavern(12)
    for position, cell in enumerate(nb.cells[2:], start=2):
        assert cell.execution_count == position
        (output,) = cell.outputs
        assert output.output_type == "execute_result" and output.execution_count == position
        result = game.results[position - 2]
        assert output.data["text/plain"] == pretty(result)
        assert output.data["text/html"] == result._repr_html_()
        assert cell.metadata.kit.event == game.log[position - 2].to_dict()


def test_writing_is_deterministic(tmp_path: Path):
    a, b = tmp_path / "a.ipynb", tmp_path / "b.ipynb"
    save(play_tavern(9), a, players=["Ana"])
    save(play_tavern(9), b, players=["Ana"])
    assert a.read_bytes() == b.read_bytes()


def test_running_the_cells_in_order_rebuilds_the_game(tavern_file: Path):
    nb = nbformat.read(tavern_file, as_version=4)
    namespace: dict = {}
    for cell in nb.cells[1:]:
        exec(cell.source, namespace)  # the file is our own, written just above
    assert namespace["game"].fingerprint() == play_tavern(12).fingerprint()


def test_load_returns_the_game_rebuilt_from_the_events(tavern_file: Path):
    game = load(tavern_file)
    assert isinstance(game, TavernGame)
    assert game.fingerprint() == play_tavern(12).fingerprint()
    assert list(game.log) == list(play_tavern(12).log)
    assert load_file(tavern_file).players == {"Ana": ["Ada"], "Bea": ["Bo"]}


def test_save_extends_the_file_from_the_kernel_game_and_keeps_players(tavern_file: Path):
    game = load(tavern_file)
    game.draw("Ada", bonus=2)
    save(game, tavern_file)
    again = load_file(tavern_file)
    assert again.game.turn == 13 and again.players == {"Ana": ["Ada"], "Bea": ["Bo"]}
    assert verify(tavern_file).ok
    nb = json.loads(tavern_file.read_text())
    assert "".join(nb["cells"][-1]["source"]) == 'game.draw("Ada", bonus=2)'


def test_py_literal_writes_json_values_as_python():
    assert py_literal("Ada") == '"Ada"'
    assert py_literal('say "hi"\\\n') == '"say \\"hi\\"\\\\\\n"'
    assert py_literal([1, True, None, 2.5, {"a": ["b"]}]) == '[1, True, None, 2.5, {"a": ["b"]}]'
    assert py_literal("\u2028x") == '"\\u2028x"'
    for value in ("Ada", 'q"\\\n\t\x00\u2028\U0001f600', [1, [2]], {"k": False}):
        assert eval(py_literal(value)) == value  # the literal we just wrote


def test_call_source_positional_required_keyword_rest_defaults_omitted():
    assert call_source(TavernGame, "draw", {"who": "Ada", "count": 1, "bonus": 0}) == 'draw("Ada")'
    assert call_source(TavernGame, "draw", {"who": "Ada", "count": 1, "bonus": 2}) == 'draw("Ada", bonus=2)'
    assert call_source(TavernGame, "draw", {"who": "Ada", "count": True, "bonus": 0}) == 'draw("Ada", count=True)'


def test_call_source_refuses_unknown_actions_and_arguments():
    with pytest.raises(UnknownNameError, match="actions: declare, draw, join, note"):
        call_source(TavernGame, "fly", {})
    with pytest.raises(MalformedInputError, match="parameters: who, count, bonus"):
        call_source(TavernGame, "draw", {"who": "Ada", "colour": "red"})
    with pytest.raises(MalformedInputError, match="required"):
        call_source(TavernGame, "draw", {"count": 2})


def test_rig_source_uses_a_list_for_codes_with_spaces_and_refuses_two_decks():
    assert rig_source({"dice": [3, 4]}) == "rig(dice=[3, 4])"
    tarot = {"cards": {"fate": ["The Tower", "Ace of Cups"]}}
    assert rig_source(tarot) == 'rig(["The Tower", "Ace of Cups"], deck="fate")'
    with pytest.raises(MalformedInputError, match="one deck"):
        rig_source({"cards": {"fate": ["4H"], "magic": ["5S"]}})


def test_turn_and_setup_source_round_trip_through_the_game():
    game = play_tavern(8)
    again = game.fresh()
    for event in game.log:
        exec(turn_source(TavernGame, event), {"game": again})  # sources written from our own events
    assert again.fingerprint() == game.fingerprint()
    assert setup_source(TavernGame, "s", {"decks": 2}, practice=True) == (
        'from kit import systems\n\ngame = systems.new_game("tavern", seed="s", practice=True, decks=2)'
    )


def test_outputs_follow_what_ipython_shows_for_any_result():
    from dataclasses import dataclass

    from kit.gamefile.notebook import result_data, turn_outputs

    @dataclass(frozen=True)
    class Plain:
        value: int

    assert result_data(Plain(3)) == {"text/plain": repr(Plain(3))} and repr(Plain(3)).endswith("Plain(value=3)")
    assert turn_outputs(None, 4) == []
    game = play_tavern(3)
    assert result_data(game.results[-1])["text/plain"] == pretty(game.results[-1])


def test_reading_and_verifying_import_no_nbformat(tmp_path: Path):
    import subprocess
    import sys

    sample = Path(__file__).resolve().parents[2] / "notebooks" / "games" / "suitpairs-sample.ipynb"
    code = ("import sys; from kit import gamefile; assert gamefile.verify(sys.argv[1]).ok; "
            "gamefile.load(sys.argv[1]); print(sorted(m for m in ('nbformat', 'IPython', 'ipywidgets') "
            "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code, str(sample)], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
