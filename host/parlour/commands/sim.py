"""`parlour sim`: run the device firmware on the laptop."""

from __future__ import annotations

import sys
from pathlib import Path

from ..errors import ParlourError
from ..sim.script import BOARDS


def register(sub) -> None:
    parser = sub.add_parser(
        "sim", help="run the device firmware in a window, the terminal, or from a key script",
        description="Runs the real firmware with simulated keys, encoder, flash and serial "
                    "port. The data channel is a pseudo-terminal whose path is printed.")
    parser.add_argument("--board", choices=BOARDS, default=None,
                        help="which board to simulate (default: macropad, or the script's "
                             "`board` line)")
    parser.add_argument("--state", type=Path, default=None, metavar="DIR",
                        help="folder holding the simulated flash and nvm (default: "
                             "parlour/sim in your data folder; with --script, a fresh "
                             "temporary folder, so a script never touches your saved "
                             "match); restarting is a power cycle")
    parser.add_argument("--face", choices=("auto", "window", "terminal"), default="auto",
                        help="window (pygame) or terminal; auto picks the window when it can")
    parser.add_argument("--script", type=Path, metavar="FILE",
                        help="play this key script headless instead (see docs/simulator.md)")
    parser.add_argument("--screenshots", type=Path, metavar="DIR",
                        help="with --script: write a PNG of the screen after each step here")
    parser.add_argument("--named-only", action="store_true",
                        help="with --screenshots: only the steps named by `shot NAME`")
    parser.add_argument("--scale", type=int, default=1, choices=(1, 2, 3, 4),
                        help="with --screenshots: pixels per display pixel (default 1)")
    parser.add_argument("--fresh", action="store_true",
                        help="start from empty flash (deletes the state folder's journal)")
    parser.add_argument("--serve", action="store_true",
                        help="no face: serve the data channel until stopped (after --script, "
                             "if given), so `parlour sync` can reach the device")
    parser.set_defaults(func=run)


def run(args) -> int:
    from ..sim.device import SimDevice, default_state_dir

    if args.screenshots and not args.script:
        raise ParlourError("--screenshots needs --script FILE", exit_code=2)
    if args.script and args.state is None:
        # A script plays its own match from an empty drive: the saved match stays as it was.
        import tempfile

        with tempfile.TemporaryDirectory(prefix="parlour-sim-") as scratch:
            return (_serve if args.serve else _headless)(args, Path(scratch))
    state = args.state or default_state_dir()
    if args.fresh:
        _wipe(state)
    if args.serve:
        return _serve(args, state)
    if args.script:
        return _headless(args, state)
    face = args.face
    if face == "auto":
        from ..sim import window

        face = "window" if window.available() else "terminal"
    if face == "terminal" and not sys.stdin.isatty():
        raise ParlourError("the terminal face needs a terminal: use --script FILE to run "
                           "headless", exit_code=2)
    device = SimDevice(args.board or "macropad", state)
    _listed(device)
    print(f"parlour sim: {device.board}, data channel {device.serial_path}, state {state}",
          file=sys.stderr)
    if face == "window":
        from ..sim.window import Window

        try:
            window = Window(device)
        except ImportError:
            raise ParlourError("the window needs pygame: pip install 'parlour[window]'") from None
        except Exception as e:  # pygame.error: no usable display after all
            if args.face == "window" or not sys.stdin.isatty():
                raise ParlourError(f"cannot open a window: {e}") from None
            print(f"parlour sim: no window ({e}); using the terminal", file=sys.stderr)
        else:
            return window.run()
    from ..sim import terminal

    return terminal.run(device)


def _headless(args, state: Path) -> int:
    from ..sim.device import SimDevice
    from ..sim.headless import ExpectationFailed, run_script
    from ..sim.script import ScriptError, parse, script_board

    try:
        steps = parse(args.script.read_text())
    except OSError as e:
        raise ParlourError(f"cannot read {args.script}: {e.strerror}", exit_code=2) from None
    except ScriptError as e:
        raise ParlourError(f"{args.script}: {e}", exit_code=2) from None
    text = args.script.read_text()
    device = SimDevice(args.board or script_board(text) or "macropad", state, seed=1,
                       virtual_time=True)
    print(f"data channel: {device.serial_path}")
    def cycled(step) -> None:
        print(f"line {step.line}: power cycle: the device booted again from its flash")

    try:
        device = run_script(device, steps, args.screenshots, args.named_only,
                            scale=args.scale, on_reset=cycled)
    except ExpectationFailed as e:
        raise ParlourError(f"{args.script}: {e}") from None
    finally:
        device.close()
    print(f"played {len(steps)} steps; screen: {device.app.screen.title}")
    return 0


def _listed(device) -> None:
    """`parlour devices` lists the pseudo-terminal while this process runs."""
    import atexit

    from ..link.ports import announce

    note = announce(device.serial_path, device.board, device.app.board.uid)
    atexit.register(note.unlink, missing_ok=True)


def _serve(args, state: Path) -> int:
    """Run the device headless, answering its data channel, until SIGTERM or Ctrl-C."""
    import select
    import signal

    from ..link.ports import announce
    from ..sim.device import SimDevice

    steps, board = [], args.board
    if args.script:
        from ..sim.headless import ExpectationFailed, run_script
        from ..sim.script import ScriptError, parse, script_board

        try:
            text = args.script.read_text()
            steps = parse(text)
        except OSError as e:
            raise ParlourError(f"cannot read {args.script}: {e.strerror}", exit_code=2) from None
        except ScriptError as e:
            raise ParlourError(f"{args.script}: {e}", exit_code=2) from None
        board = board or script_board(text)
    device = SimDevice(board or "macropad", state, seed=1 if args.script else None)
    try:
        if steps:
            try:
                device = run_script(device, steps)
            except ExpectationFailed as e:
                raise ParlourError(f"{args.script}: {e}") from None
        note = announce(device.serial_path, device.board, device.app.board.uid)
        print(f"data channel: {device.serial_path}", flush=True)
        device.on_restart = _restarted
        signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt))
        master = device.hw.serial.master
        try:
            while True:
                link = device.app.link
                busy = link is not None and (link.out or link.items or
                                             (link.sync is not None and link.sync.sending))
                if busy:   # a reply under way: step as fast as the laptop takes it
                    select.select([], [master], [], 0.01)
                else:
                    select.select([master], [], [], 0.02)
                device.step()
        except KeyboardInterrupt:
            pass
        finally:
            note.unlink(missing_ok=True)
    finally:
        device.close()
    return 0


def _restarted(device) -> None:
    mode = " in maintenance mode" if device.maintenance else ""
    print(f"parlour sim: restarted{mode}", flush=True)


def _wipe(state: Path) -> None:
    import shutil

    for name in ("CIRCUITPY", "nvm.bin"):
        path = state / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
