"""The rules core imports no widget, IPython or nbformat."""

import subprocess
import sys


def test_importing_kit_suitpairs_pulls_in_no_notebook_machinery():
    code = (
        "import sys, kit.suitpairs, kit.suitpairs.odds\n"
        "g = kit.suitpairs.SuitPairsGame(seed='i', practice=True)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'IPython', 'nbformat'))\n"
        "print(','.join(bad))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
