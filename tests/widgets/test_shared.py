"""Shared layouts and styles: one model for every control with the same look, and none of them ever changed."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from kit.widgets.shared import SharedModelChanged, fixed, fixed_layout, fixed_style, html


def test_controls_with_the_same_settings_share_one_layout_and_style():
    first = fixed(widgets.Dropdown, description="A", layout={"width": "9em"}, style={"description_width": "initial"})
    second = fixed(widgets.Dropdown, description="B", layout={"width": "9em"}, style={"description_width": "initial"})
    other = fixed(widgets.Dropdown, description="C", layout={"width": "10em"})
    assert first.layout is second.layout and first.style is second.style
    assert other.layout is not first.layout and other.style is not first.style
    assert first.layout.width == "9em" and first.style.description_width == "initial"


def test_the_style_model_is_the_one_the_control_takes():
    assert type(fixed(widgets.Checkbox, description="x").style).__name__ == "CheckboxStyle"
    assert isinstance(fixed_style(widgets.Button), widgets.ButtonStyle)
    assert type(html("<b>hi</b>").style).__name__ == "HTMLStyle"


def test_a_shared_model_refuses_a_change_that_would_move_every_control():
    view = html("x")
    with pytest.raises(SharedModelChanged, match="give that control its own"):
        view.layout.display = "none"
    assert view.layout.display is None and html("y").layout.display is None  # refused, so nothing changed


def test_a_control_that_is_shown_and_hidden_gets_its_own_layout():
    box = fixed(widgets.Text, layout={"width": "9em"}, own_layout=True)
    assert box.layout is not fixed_layout(width="9em")
    box.layout.display = "none"  # its own: allowed
    assert fixed_layout(width="9em").display is None


def test_a_closed_shared_model_is_made_again():
    layout = fixed_layout(width="31em")
    layout.close()
    again = fixed_layout(width="31em")
    assert again is not layout and again.comm is not None


def test_a_table_draws_with_far_fewer_models_than_controls_with_their_own(tmp_path):
    import shutil
    from pathlib import Path

    from kit.widgets.table import Table

    games = tmp_path / "games"
    games.mkdir()
    sample = Path(__file__).resolve().parents[2] / "notebooks" / "games" / "falkefateifaux-sample.ipynb"
    shutil.copy(sample, games / sample.name)
    table = Table("falkefateifaux", games, sample.name)

    def models(widget, seen):
        if widget.model_id in seen:
            return
        seen[widget.model_id] = widget
        for name in widget.keys:
            value = getattr(widget, name, None)
            for item in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(item, widgets.Widget):
                    models(item, seen)

    seen: dict[str, widgets.Widget] = {}
    models(table, seen)
    controls = [w for w in seen.values() if isinstance(w, widgets.DOMWidget)]
    assert len(seen) < 1.6 * len(controls)  # one model each and a few shared ones, not three each
