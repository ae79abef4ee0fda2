"""A skill rating per player and game: OpenSkill's Plackett-Luce model (Weng-Lin),
updated match by match in the order they were played. Plackett-Luce takes a whole
finishing order of any number of sides at once, and a side of several players (a
Dumbo or Stump partnership) is rated as a team whose members share the update.

A rating is mu (the skill estimate, 25 for a newcomer) with sigma (its uncertainty,
25/3 at first, shrinking with every match); the figure ranked on is the ordinal,
mu - 3 sigma, which a newcomer cannot top by one lucky win."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Rating:
    mu: float
    sigma: float
    matches: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def rate(played: list[tuple[dict, dict]]) -> tuple[dict, list[dict]]:
    """`played`: (match, facts) pairs in the order played. -> the ratings now, by
    (game, player), and after each rated match one point per player in it
    ({"game", "match", "at", "player", "mu", "sigma"}) for the charts. Matches with
    no winner (stopped, or a session all square) and those that do not replay are
    not rated."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    held: dict[tuple[str, str], object] = {}
    counts: dict[tuple[str, str], int] = {}
    points: list[dict] = []
    for m, facts in played:
        if facts.get("error") or not facts["winners"] or len(facts["sides"]) < 2:
            continue
        game = facts["game"]
        names = facts["names"]
        if len(set(names)) < len(names):
            continue    # one name in two seats: nobody to credit
        teams = []
        for side in facts["sides"]:
            team = []
            for seat in side["seats"]:
                key = (game, names[seat])
                if key not in held:
                    held[key] = model.rating(name=names[seat])
                team.append(held[key])
            teams.append(team)
        new = model.rate(teams, ranks=list(facts["ranks"]))
        for side, team in zip(facts["sides"], new, strict=True):
            for seat, rating in zip(side["seats"], team, strict=True):
                key = (game, names[seat])
                held[key] = rating
                counts[key] = counts.get(key, 0) + 1
                points.append({"game": game, "match": m["id"], "at": m["played_at"],
                               "player": names[seat], "mu": round(rating.mu, 3),
                               "sigma": round(rating.sigma, 3)})
    now = {key: Rating(r.mu, r.sigma, counts[key]) for key, r in held.items()}
    return now, points
