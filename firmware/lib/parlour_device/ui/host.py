# What a game's screens may ask of the app: the match's view and log, the match
# read through a rules function of its state (read: screens never touch the state), an entry to
# submit or take back, a message, a tone or a tune, the menu, a seed, the time (ticks, and a due time `after` ms), a match to begin or to
# file, the option defaults the laptop pushed. Nothing else: no journal, flash, nvm or board. The app (app.App) is the one
# implementation; this is a type for the checker, and costs the board nothing.
try:
    from typing import TYPE_CHECKING, Any, Optional, Protocol
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from parlour_rules.errors import RulesError

    from .frame import Layout
    from .screen import Screen

    class Host(Protocol):
        @property
        def layout(self) -> Layout: ...

        @property
        def match(self) -> Any: ...         # the live MatchLog, read only

        def view(self) -> dict[str, Any]: ...

        def read(self, function: Any, *args: Any) -> Any: ...

        def submit(self, event: dict[str, Any]) -> Optional[RulesError]: ...

        def undo(self) -> Optional[RulesError]: ...

        def show(self, text: str) -> None: ...

        def beep(self, kind: str) -> None: ...

        def tune(self, notes: "tuple[tuple[int, int], ...]") -> None: ...

        def menu(self) -> Screen: ...

        def seed(self) -> int: ...

        def ticks(self) -> int: ...

        def after(self, ms: int) -> int: ...

        def new_match(self, game: str, config: dict[str, Any]) -> Optional[RulesError]: ...

        def finish_match(self, end: str = "won") -> Screen: ...

        def option_default(self, game: str, name: str, fallback: int) -> int: ...
