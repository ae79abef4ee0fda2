"""The one exception a user sees: raised where a failure is understood, caught once in main()."""


class ParlourError(Exception):
    """A failure the user can act on. exit_code 2 means the input was bad."""

    def __init__(self, message: str, exit_code: int = 1):
        super().__init__(message)
        self.exit_code = exit_code
