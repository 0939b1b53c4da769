"""The rule text's worked examples, played through the game with rigged cards."""

from ff_helpers import new_table

from kit.falkefateifaux import armor_of_ithan_duration


def test_worked_example_gloves_of_boxing_f2_f4():
    game = new_table("gloves")
    game.add_condition("Ada", "Exhausted")
    plan = game.plan_flip("Ada", "Fisticuffs", against="Bruno", plus=["Gloves of Boxing"], minus=["distracted"])
    side = plan.sides[0]
    assert (side.net, side.stack_size, side.level) == (-1, 2, 6)
    assert side.chooser.startswith("Bruno")
    assert [f.label for f in side.factors if f.advantage] == [
        "Ada is Exhausted (F-12)", "Gloves of Boxing (GM)", "distracted (GM)"]

    step = game.rig("4H 8C").flip("Ada", "Fisticuffs", against="Bruno", plus=["Gloves of Boxing"],
                                  minus=["distracted"])
    assert not step.resolved
    assert game.awaiting.character == "Bruno" and game.awaiting.action == "choose"
    assert game.awaiting.options == ("4H", "8C")

    result = game.choose("Bruno", "4H")
    assert result.resolved
    cards = {c.code: c.value for c in result.sides[0].cards}
    assert cards == {"4H": 0, "8C": 8}
    assert result.chosen == "4H"
    assert result.outcome == 6  # 4H counts 0 out of suit (F-2), plus Good 6
    assert result.sides[0].chosen_by == "Bruno"
    assert "out of suit" in str(result)
    assert game.awaiting is None


def test_worked_example_armor_of_ithan_f13():
    game = new_table("ithan")
    result = game.rig("4D", deck="magic").flip("Ada", "Magic", target=8, duration="armor_of_ithan", guide=False)
    assert result.resolved
    assert result.sides[0].plan.deck == "magic"
    assert result.sides[0].cards[0].deck == "magic"
    assert result.outcome == 10 and result.degree == 2
    assert result.band == "Success"
    assert result.duration.amount == 4 and result.duration.unit == "minute"
    assert "4 minutes" in str(result)
    assert game.state.magic.discard_pile[-1].code == "4D"


def test_worked_example_armor_of_ithan_durations_by_band_f13():
    assert armor_of_ithan_duration(0).text == "1 second"
    assert armor_of_ithan_duration(2).seconds == 4 * 60
    assert armor_of_ithan_duration(6).seconds == 3600  # "if you succeed by 6, it lasts an hour"
    assert armor_of_ithan_duration(6).text == "60 minutes (1 hour)"
    assert armor_of_ithan_duration(12).seconds == 12 * 3600  # "half a day"
    assert armor_of_ithan_duration(-1) is None
