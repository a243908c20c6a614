"""What ``cardscore stats`` counts of tarot (see :mod:`cardscore.games.tally`).

A *take* is a bid (prise to garde contre), not a renonce nor a passe; the *gap* is the
record's margin (points counted - points needed: negative when the contract fell); the petit
au bout is *won* when his side (attack: taker and called partner; else the defence) took
it, *lost* when the other side did; ``chelems`` are the chelems his side made (took every
trick: announced or not, or as the defence), ``chelem_detail`` says which.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from msgspec import UNSET, Meta, Struct, UnsetType

from cardscore.games.counts import Count, Key, Name, Number
from cardscore.games.figures import Breakdown, Feat, Figure, Rate, Say, StatsView
from cardscore.games.tally import Tally, number, ratio
from cardscore.i18n import msg

#: the contracts a player takes (a renonce or a passe is nobody's take)
BIDS = ("prise", "garde", "garde-sans", "garde-contre")
#: the chelems, as the records name them
CHELEMS = ("announced", "unannounced", "failed", "defense")
#: the least rounds on the attack together to be someone's best partner
PARTNER_ROUNDS = 3
#: what the figures need said
NOTES = (
    msg(
        "Tarot has no set end: a tarot session is counted as won by the best total "
        "when it was last played (every leader when tied), once every player has dealt."
    ),
)


def count_round(row: Any, record: Any, tally: Tally) -> None:
    """A round: the base figures of each player but the mort, then the taker's."""
    mort, scores, totals = row.mort, row.scores, row.totals
    active = [p for p in row.columns if p != mort]
    for name in active:
        tally.played(tally.player(name), int(scores.get(name, 0)), total=int(totals.get(name, 0)))
    contract = str(record.contract)
    if contract not in BIDS:  # a passe or a renonce: nobody took
        return
    players, bump = tally.players, tally.bump
    taker, called, made = record.taker, record.called, int(bool(record.made))
    mine = players[taker]
    bump(mine, "takes")
    bump(mine, "made", by=made)
    bump(mine, "contracts", contract, "takes")
    bump(mine, "contracts", contract, "made", by=made)
    bump(mine, "contracts", contract, "gap_sum", by=number(record.margin))
    attack = (taker,) if called is None else (taker, called)
    if called is not None:
        partner = players[called]
        bump(partner, "called", "count")
        bump(partner, "called", "made", by=made)
        # a round on the attack together, and whether it was won
        bump(mine, "partners", called, "rounds")
        bump(mine, "partners", called, "won", by=made)
        bump(partner, "partners", taker, "rounds")
        bump(partner, "partners", taker, "won", by=made)
    _count_terms(record, active, attack, tally)


def _count_terms(record: Any, active: list[str], attack: tuple[str, ...], tally: Tally) -> None:
    """The petit au bout (for both sides), the poignées and misères (their owners), the
    chelem (for the side that took every trick, or the attack that failed its own)."""
    players, bump = tally.players, tally.bump
    for term in record.terms:
        kind = term.kind
        if kind == "petit_au_bout":
            by_attack = term.owner in attack
            for name in active:
                key = "won" if (name in attack) == by_attack else "lost"
                bump(players[name], "petit_au_bout", key)
        elif kind == "poignee" and term.owner in players:
            bump(players[term.owner], "poignees")
        elif kind == "misere" and term.owner in players:
            bump(players[term.owner], "miseres")
    chelem = record.chelem
    if chelem is None:
        return
    chelem = str(chelem)
    defence = chelem == "defense"
    for name in active:
        if (name in attack) != defence:
            bump(players[name], "chelem_detail", chelem)
            if chelem != "failed":
                bump(players[name], "chelems")


def own_figures(figures: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """Takes and their share of his rounds, made, per contract, as called partner, petit au
    bout, poignées, misères, chelems, and his partners at 5 and 6 players."""
    takes = figures.get("takes", 0)
    contracts = figures.get("contracts", {})
    partners = [
        {"name": names.get(key, key), "rounds": pair["rounds"], "won": pair.get("won", 0)}
        for key, pair in figures.get("partners", {}).items()
    ]
    partners.sort(key=lambda p: (-p["won"], -p["won"] / p["rounds"], -p["rounds"], p["name"]))
    return {
        "takes": takes,
        "made": figures.get("made", 0),
        "take_share": ratio(takes, figures.get("rounds", 0), 4),
        "made_share": ratio(figures.get("made", 0), takes, 4),
        "contracts": {
            contract: {
                "takes": contracts.get(contract, {}).get("takes", 0),
                "made": contracts.get(contract, {}).get("made", 0),
                "average_gap": ratio(
                    contracts.get(contract, {}).get("gap_sum", 0),
                    contracts.get(contract, {}).get("takes", 0),
                ),
            }
            for contract in BIDS
        },
        "called": {
            "count": figures.get("called", {}).get("count", 0),
            "made": figures.get("called", {}).get("made", 0),
        },
        "petit_au_bout": {
            "won": figures.get("petit_au_bout", {}).get("won", 0),
            "lost": figures.get("petit_au_bout", {}).get("lost", 0),
        },
        "poignees": figures.get("poignees", 0),
        "miseres": figures.get("miseres", 0),
        "chelems": figures.get("chelems", 0),
        "chelem_detail": {c: figures.get("chelem_detail", {}).get(c, 0) for c in CHELEMS},
        "best_partner": next((p for p in partners if p["rounds"] >= PARTNER_ROUNDS), None),
        "partners": partners,
    }


#: how tarot's figures are shown (see :mod:`cardscore.games.figures`)
VIEW = StatsView(
    columns=(
        Figure("takes", msg("Takes"), Say.SHARE, share="take_share"),
        Figure("made", msg("Made"), Say.MADE, at="."),
        Figure("partner", msg("Best\npartner"), Say.PARTNER, at="best_partner", priority=6),
    ),
    lines=(
        Figure("takes", msg("Takes (share of their rounds)"), Say.SHARE, share="take_share"),
        Figure("made", msg("Made (share of their takes)"), Say.MADE, at="."),
        Figure("called", msg("Called as partner"), Say.COUNT, at="called.count"),
        Figure("called_made", msg("… and made"), Say.MADE, at="called"),
        Figure(
            "petit_won", msg("Petit au bout taken by their side"), Say.COUNT, at="petit_au_bout.won"
        ),
        Figure("petit_lost", msg("Petit au bout lost"), Say.COUNT, at="petit_au_bout.lost"),
        Figure("poignees", msg("Poignées"), Say.COUNT),
        Figure("miseres", msg("Misères"), Say.COUNT),
        Figure("chelems", msg("Chelems"), Say.COUNT),
        Figure("partner", msg("Best partner (won/together)"), Say.PARTNER, at="best_partner"),
    ),
    legend=msg(
        "Takes: share of their rounds; made: share of their takes; best partner: rounds "
        "won/played together (3 or more)."
    ),
    takes=True,
    breakdown=Breakdown(
        title=msg("Per contract"),
        heading=msg("Contract"),
        at="contracts",
        parts=tuple((bid, bid.replace("-", " ")) for bid in BIDS),
        columns=(
            Figure("takes", msg("Takes"), Say.COUNT),
            Figure("made", msg("Made"), Say.MADE, at="."),
            Figure("average_gap", msg("Avg gap"), Say.SIGNED_AVERAGE),
        ),
        only_played=True,
    ),
    rates=tuple(
        Rate(bid, bid.replace("-", " "), f"contracts.{bid}.made", (f"contracts.{bid}.takes",))
        for bid in BIDS
    ),
    won_or_lost=True,
    feats=(
        Feat("made", msg("Contracts made")),
        *(
            Feat(
                f"made_{bid}",
                msg("{contract} made", contract=bid.replace("-", " ")),
                at=f"contracts.{bid}.made",
            )
            for bid in BIDS
        ),
        Feat("chelems", msg("Chelems"), each=True),
    ),
)


# --------------------------------------------------------------------------------------------
# The types of what is counted (a kept digest and statistics document are read against them)


class ContractCounts(Struct, forbid_unknown_fields=True):
    """A contract's counters: taken, made, the gaps added up."""

    takes: Count | UnsetType = UNSET
    made: Count | UnsetType = UNSET
    gap_sum: Number | UnsetType = UNSET


class CalledCounts(Struct, forbid_unknown_fields=True):
    """Called as partner, and made."""

    count: Count | UnsetType = UNSET
    made: Count | UnsetType = UNSET


class Together(Struct, forbid_unknown_fields=True):
    """Rounds on the attack with a partner, and won."""

    rounds: Count | UnsetType = UNSET
    won: Count | UnsetType = UNSET


#: the counters that are figures as they are counted, added up
_AS_COUNTED = {
    "takes": Count,
    "made": Count,
    "petit_au_bout": dict[Key, Count],
    "poignees": Count,
    "miseres": Count,
    "chelems": Count,
    "chelem_detail": dict[Key, Count],
}
COUNTERS = {
    **_AS_COUNTED,
    "contracts": dict[Key, ContractCounts],
    "called": CalledCounts,
    "partners": dict[Name, Together],
}
#: the partners are kept by name: a player's are added up name by name
BY_PLAYER = ("partners",)


class ContractFigures(Struct, forbid_unknown_fields=True):
    takes: Count
    made: Count
    average_gap: Number | None


class Partner(Struct, forbid_unknown_fields=True):
    name: Name
    rounds: Annotated[int, Meta(ge=1, le=10**9)]  # (a share is won / rounds)
    won: Count


FIGURES = {
    **_AS_COUNTED,
    "take_share": Number | None,
    "made_share": Number | None,
    "contracts": dict[Key, ContractFigures],
    "called": dict[Key, Count],
    "best_partner": Partner | None,
    "partners": list[Partner],
}
