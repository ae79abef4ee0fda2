"""The laptop's view of the history: what each match was, worked out again from its
stored events by the rules core (facts), the standings and head-to-head built from
those facts (tables), and a skill rating per player and game (ratings)."""
