"""The rules core pulls in no widget, IPython or notebook library."""

import subprocess
import sys


def test_importing_rollunder_imports_no_ipywidgets_ipython_or_nbformat():
    code = ("import sys, kit.rollunder, kit.rollunder.odds; "
            "bad = [m for m in ('ipywidgets', 'IPython', 'nbformat') if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_registry_finds_the_system():
    from kit.rollunder import RollUnderGame
    from kit.systems import get_system

    assert get_system("Roll-Under") is RollUnderGame and RollUnderGame.system == "rollunder"
