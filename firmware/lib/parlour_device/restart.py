# A reply that restarts the board once the laptop has it (`restart`, docs/protocol.md:
# parlour install asks, into maintenance mode and back). Its own module, loaded only
# when asked, so a sync's code on the heap does not carry it.

class ThenRestart:
    # A reply as the link sends one (it pops each piece once written) that restarts
    # the board when its last piece has gone.
    def __init__(self, pieces: list[bytes]) -> None:
        self.pieces = pieces

    def __len__(self) -> int:
        return len(self.pieces)

    def __getitem__(self, index: int) -> bytes:
        return self.pieces[index]

    def pop(self, index: int) -> bytes:
        piece = self.pieces.pop(index)
        if not self.pieces:
            import time

            import microcontroller
            time.sleep(1)       # written is not yet sent: let USB take it first
            microcontroller.reset()
        return piece
