"""The one exception a user sees: raised where a failure is understood, caught once in main()."""
from __future__ import annotations


class ParlourError(Exception):
    """A failure the user can act on. exit_code 2 means the input was bad; `code` is the
    short identifier `--json` reports, as a rules refusal's code is."""

    def __init__(self, message: str, exit_code: int = 1, code: str | None = None):
        super().__init__(message)
        self.exit_code = exit_code
        self.code = code or ("bad_input" if exit_code == 2 else "error")
