"""Write the sample game notebooks in notebooks/games/ (fixed seeds: the same bytes every run).

    python scripts/make_sample_games.py [OUTDIR] [--only suitpairs]

Every registered system's sample, each played from the recipe its system carries
(``SystemInfo.sample``: at least 30 turns through its main actions, seeded and rigged draws
mixed) and written with kit.gamefile.save.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kit import systems
from kit.gamefile import save
from kit.gamefile.store import lock_path

ROOT = Path(__file__).resolve().parents[1]
OUTDIR = ROOT / "notebooks" / "games"


def sample_names() -> list[str]:
    """The registered systems that carry a sample game, in registry order."""
    return [info.name for info in systems.all_systems() if info.sample is not None]


def write_sample(name: str, outdir: Path) -> Path:
    """Play ``name``'s sample from its recipe and write it as ``OUTDIR/<name>-sample.ipynb``; its path."""
    info = systems.system_info(name)
    assert info.sample is not None, f"{info.title} has no sample game"
    outdir.mkdir(parents=True, exist_ok=True)
    path = outdir / f"{name}-sample.ipynb"
    save(info.sample_game(), path, players=list(info.sample.players), force=True)
    lock_path(path).unlink(missing_ok=True)
    return path


def write_samples(outdir: Path, only: list[str] | None = None) -> list[Path]:
    """Write the samples (all, or those named in ``only``) into ``outdir``; returns their paths."""
    return [write_sample(name, outdir) for name in sample_names() if not only or name in only]


def main(argv: list[str] | None = None) -> int:
    """Write the sample game notebooks."""
    parser = argparse.ArgumentParser(description="Write the sample game notebooks.")
    parser.add_argument("outdir", nargs="?", type=Path, default=OUTDIR, help="where to write them")
    parser.add_argument("--only", action="append", choices=sorted(sample_names()),
                        help="write only this system's sample")
    args = parser.parse_args(argv)
    for path in write_samples(args.outdir, args.only):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
