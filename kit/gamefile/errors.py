"""What can go wrong with a game file, apart from the rules refusing an action."""

from __future__ import annotations


class GameFileError(Exception):
    """A game file that cannot be read, written or trusted as it is."""


class NotAGameFileError(GameFileError):
    """A file that is not a game notebook: not JSON, truncated, not nbformat, no kit metadata."""


class BrokenGameError(GameFileError):
    """A game notebook whose turns do not verify: the message names the first bad turn."""

    def __init__(self, turn: int | None, problem: str):
        self.turn = turn
        self.problem = problem
        where = f"turn {turn}" if turn is not None else "header"
        super().__init__(f"{where}: {problem}")

    def __reduce__(self) -> tuple[type[BrokenGameError], tuple[int | None, str]]:
        return type(self), (self.turn, self.problem)


class GameMovedOnError(GameFileError):
    """The file holds turns the caller has not seen: reload before acting."""

    def __init__(self, message: str, turn: int, head: str):
        self.turn = turn
        self.head = head
        super().__init__(message)

    def __reduce__(self) -> tuple[type[GameMovedOnError], tuple[str, int, str]]:
        return type(self), (str(self), self.turn, self.head)
