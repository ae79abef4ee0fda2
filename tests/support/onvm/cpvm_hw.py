# What the stand-ins share: the virtual clock (ms, moved only by the player's
# `wait` steps, as the simulator's scripts move it), the key scanners and the
# encoders the board module made, so the player can press and turn them.
clock = 0
scanners = []
encoders = []
