"""Results describe themselves deterministically in every format; the table summary shows combat."""

import json

from ru_sheets import table

from kit.render import FORMATS


def played():
    game = table("Artie", "Xavier", "Mabel")
    game.rig(dice=[2, 3, 4]).start_play()
    game.rig(dice=[14]).test("Artie", "Agility", "Bash and Stab", modifier=2)
    game.rig(dice=[2, 15, 4]).start_combat(["Artie", "Xavier", "Mabel"])
    return game


def test_every_result_renders_in_every_format_and_is_json():
    game = played()
    game.wait("Mabel")
    game.rig(dice=[14, 10]).attack("Artie", "Xavier", weapon="Sword", defence="dodge")
    for result in game.results:
        json.dumps(result.to_dict())
        for writer in FORMATS.values():
            assert writer(result.describe())
    assert "<script" not in game.results[-1]._repr_html_()


def test_descriptions_are_deterministic_across_replay():
    game = played()
    again = type(game).replay(game.seed, game.options, list(game.log), practice=game.practice)
    assert [str(r) for r in again.results] == [str(r) for r in game.results]


def test_table_summary_shows_round_order_and_whose_turn():
    game = played()
    text = str(game)
    assert "round 1, 5 seconds" in text and "Declaration order: Mabel, Artie" in text
    assert "Whose turn: Mabel" in text and game.current_combatant == "Mabel"
    assert "Stamina: 10/10" in text and game._repr_html_().startswith("<div")


def test_player_text_is_escaped_in_html():
    game = played()
    game.say(game.current_combatant, "<b>Charge!</b>")
    assert "&lt;b&gt;" in game.results[-1]._repr_html_()
