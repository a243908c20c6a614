"""What a round *was*, as data: the record each game's scoring returns.

Scoring a round (``Game.score``) first works out a record of it — who took, which contract,
made or not and by how much, the multiplier, every bonus with its owner, the points held —
then the scores follow from the record, and the breakdown a person reads is written from
the record, in one place per game.  The statistics and ``show --json`` (``"terms"``) read
the same record, so what is explained, what is counted and what is exported cannot differ.

Records are tuples (``NamedTuple``): typed, immutable, and cheap enough to build for each
of the hundred thousand rounds of a long replay.

>>> t = Term("petit_au_bout", 20, owner="Bob")
>>> t.as_json()
{'kind': 'petit_au_bout', 'amount': 20, 'owner': 'Bob'}
>>> Term("poignee", -30, owner="Ann", detail="double").as_json()["detail"]
'double'
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol


class Term(NamedTuple):
    """One term of a round's score.

    ``kind`` names it (``contract``, ``petit_au_bout``, ``poignee``, ``misere``, ``chelem``,
    ``belote``, ``announce``, ``dix_de_der``, ``cards``, ``capot``, ``held``, ``hand``…);
    ``amount`` is what it is worth, signed from the point of view the game states (the
    attack's unit at tarot, the owner's points at belote and rami); ``owner`` is the player or
    team it belongs to (``None`` when it belongs to a side rather than to someone);
    ``detail`` is a qualifier (``double``, ``announced``…); ``scored`` is ``False`` for a term
    that counts for nothing in this round (an announcement dropped by a coinche), so that a
    table sees it was not forgotten.
    """

    kind: str
    amount: float
    owner: str | None = None
    detail: str | None = None
    scored: bool = True

    def as_json(self) -> dict[str, Any]:
        """The term as ``show --json`` gives it (keys with no value left out)."""
        data: dict[str, Any] = {"kind": self.kind, "amount": self.amount}
        if self.owner is not None:
            data["owner"] = self.owner
        if self.detail is not None:
            data["detail"] = self.detail
        if not self.scored:
            data["scored"] = False
        return data


class RoundRecord(Protocol):
    """What every game's record says, whatever else it holds (read by the statistics).

    ``taker`` is the player who took (``None``: nobody took — a passe — or the game has no
    taker, as rami, where ``winner`` says who went out); ``side`` the score column of the
    taker (his team at belote and coinche, himself at tarot); ``made`` whether the contract
    was made (``None`` where there was none); ``margin`` by how much it was made (positive)
    or lost (negative), in the game's own points; ``terms`` the terms of the score.
    """

    @property
    def taker(self) -> str | None: ...

    @property
    def side(self) -> str | None: ...

    @property
    def made(self) -> bool | None: ...

    @property
    def margin(self) -> float | None: ...

    @property
    def terms(self) -> tuple[Term, ...]: ...

    def as_json(self) -> dict[str, Any]:
        """The record as ``show --json`` gives it under ``"terms"``: plain JSON values."""
        ...
