"""``python -m kit.cli …``: the ``kit`` command, as the console script runs it."""

import sys

from kit.cli import main

if __name__ == "__main__":
    sys.exit(main())
