"""`parlour image`: the CIRCUITPY drive image for a board, laid out in a folder."""

from __future__ import annotations

from pathlib import Path

from ..errors import ParlourError


def register(sub) -> None:
    parser = sub.add_parser("image", help="build the CIRCUITPY drive image for a board",
                            description="Lays out exactly what goes onto the board's drive: "
                            "the firmware and its libraries compiled to .mpy (boot.py and "
                            "code.py as source), from the installed packages. `parlour "
                            "install` puts it on a board.")
    parser.add_argument("dest", type=Path, metavar="DEST",
                        help="the folder to build it in (new, empty, or an earlier image)")
    from ..image import BOARDS

    parser.add_argument("--board", default="macropad", metavar="NAME",
                        help=f"which build: {', '.join(sorted(BOARDS))} (default macropad)")
    parser.set_defaults(func=run)


def run(args) -> int:
    from ..image import build

    dest: Path = args.dest
    if dest.exists() and not dest.is_dir():
        raise ParlourError(f"{dest} is a file: give a folder", exit_code=2)
    if dest.is_dir() and any(dest.iterdir()):
        if (dest / "boot_out.txt").exists():
            raise ParlourError(f"{dest} is a CIRCUITPY drive: use `parlour install --drive "
                               f"{dest}`, which keeps what the device holds", exit_code=2)
        if not (dest / "lib" / "parlour_device").is_dir():
            raise ParlourError(f"{dest} holds other files: give a new or empty folder "
                               "(an earlier image is replaced whole)", exit_code=2)
    files = build(dest, args.board)
    size = sum((dest / f).stat().st_size for f in files)
    print(f"{dest}: {len(files)} files, {size:,d} bytes, for the {args.board} board")
    return 0
