"""The rules core imports no widget, notebook or IPython module."""

import subprocess
import sys


def test_importing_the_rules_core_pulls_in_no_widgets_ipython_or_nbformat():
    code = (
        "import sys, kit.falkefateifaux\n"
        "g = kit.falkefateifaux.FalkeFateiFauxGame('imports', practice=True)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'IPython', 'nbformat')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_registry_finds_the_system():
    from kit.systems import new_game

    game = new_game("FalkeFateiFaux", seed="registry", practice=True)
    assert type(game).__name__ == "FalkeFateiFauxGame" and game.system == "falkefateifaux"
