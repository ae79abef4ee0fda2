# The counts the rules fix, written once: what the Dumbo solver (melds) and the
# Dumbo engine both use, in a module of their own so that neither brings the
# other (or the card parser) onto the board's heap to read a number.

JOKER_COUNT = 10  # D-3: the Joker counts 10 when not welded
MAY_DECLARE = 7  # D-4: a player may declare with a count of 7 or less
