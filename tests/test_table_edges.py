"""Table changes at their edges: names holding the option's own separator, the reasons of a
refused name in French, a change that changes nothing, and players who never played a round
(a table changed twice between two rounds, or before the first)."""

from __future__ import annotations

import pytest

from cardscore.games.base import InputError
from cardscore.i18n import set_language, tr
from cardscore.session import Session
from stored import file_data

GARDE = {"contract": "garde", "bouts": "2", "points": "49"}


def tarot(*players: str) -> Session:
    return Session.create("tarot", list(players))


def test_a_name_holding_an_equals_sign_is_split_after_the_name() -> None:
    s = tarot("A=B", "Bob", "Cyd")
    assert s.change_table(rename=["a=b=Abe"])["rename"] == {"A=B": "Abe"}
    s = tarot("A=B", "Bob", "Cyd")
    assert s.change_table(replace=["A=B=Zoé"])["replace"] == {"A=B": "Zoé"}
    # a name that only starts like one is split at its first "=", and the rest is refused
    s = tarot("A", "Bob", "Cyd")
    with pytest.raises(InputError, match="--rename: a player's name cannot contain '='"):
        s.change_table(rename=["A=B=C"])


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"join": ["Z=x"]},
            "--join: Z's points are a whole number from -100000 to 100000 (got 'x')",
        ),
        ({"replace": ["Ann=Zo=é"]}, "--replace: a player's name cannot contain '=' (got 'Zo=é')"),
        ({"rename": ["Ann= "]}, "--rename: OLD=NEW is needed (got 'Ann= ')"),
        ({"rename": ["Ann=--"]}, "--rename: a player's name cannot be empty or only dashes"),
    ],
)
def test_a_new_name_the_options_cannot_read_back_is_refused(options, message) -> None:
    s = tarot("Ann", "Bob", "Cyd")
    before = file_data(s)
    with pytest.raises(InputError) as caught:
        s.change_table(**options)
    assert str(caught.value).startswith(message)
    assert file_data(s) == before


def test_a_refused_name_is_said_in_french() -> None:
    s = Session.create("rami", ["Ann", "Bob", "Cyd"])
    with pytest.raises(InputError) as caught:
        s.change_table(replace=["Ann=--"])
    set_language("fr")
    try:
        said = tr(caught.value.args[0])
    finally:
        set_language("en")
    assert (
        said
        == "--replace : le nom d'un joueur ne peut pas être vide ni fait de tirets (ici « -- »)"
    )


def test_the_same_target_again_is_nothing_to_change() -> None:
    s = Session.create("belote", ["Ann", "Bob", "Cyd", "Dan"], target=1000)
    with pytest.raises(InputError, match="--target: the target is 1000 already"):
        s.change_table(target=1000)
    assert s.history == []
    # rami's automatic target (300 at four) set by hand to the same number is a change:
    # it stops following the table
    r = Session.create("rami", ["Ann", "Bob", "Cyd", "Dan"])
    assert r.change_table(target=300)["target"] == 300


def test_a_player_who_leaves_before_the_first_round_never_had_a_column() -> None:
    s = tarot("Ann", "Bob", "Cyd", "Dan", "Eve")
    s.change_table(leave=["Ann"])
    st = s.standings()
    assert st.columns == ("Bob", "Cyd", "Dan", "Eve")
    assert st.next_dealer == "Bob"  # the first seat of the table that plays deals first
    s.add({**GARDE, "taker": "Bob"})
    assert s.standings().rows[0].dealer == "Bob"
    assert "Ann" not in s.standings().totals


def test_a_newcomer_who_leaves_before_playing_brings_neither_column_nor_points() -> None:
    s = tarot("Ann", "Bob", "Cyd", "Dan")
    s.add({**GARDE, "taker": "Ann"})
    s.change_table(join=["Zoé=80"])
    assert s.standings().totals["Zoé"] == 80  # at the table now: her points count
    s.change_table(leave=["Zoé"])
    st = s.standings()
    assert st.columns == ("Ann", "Bob", "Cyd", "Dan") and "Zoé" not in st.totals
    s.add({**GARDE, "taker": "Bob"})
    assert s.standings().columns == ("Ann", "Bob", "Cyd", "Dan")
    assert s.standings(fresh=True).totals == s.standings().totals


def test_a_newcomers_points_wait_for_the_table_that_plays() -> None:
    """Zoé joins with 50, then the target of another change comes before any round: her
    points count once, from the first round the table plays."""
    s = Session.create("rami", ["Ann", "Bob", "Cyd"])
    s.change_table(join=["Zoé=50"])
    s.change_table(target=1000)
    assert s.standings().totals["Zoé"] == 50
    s.add({"winner": "Ann", "hand": ["Bob=5", "Cyd=7", "Zoé=9"]})
    st = s.standings()
    assert st.rows[0].totals["Zoé"] == 59 and st.totals["Zoé"] == 59


def test_a_rename_alone_is_said_for_every_round_not_from_one_on() -> None:
    s = tarot("Ann", "Bob", "Dna")
    s.add({**GARDE, "taker": "Ann"})
    s.change_table(rename=["dna=Dan"])
    s.change_table(rename=["ann=Anne"], join=["Zoé"])
    lines = [str(line) for _, line in s.changes()]
    assert lines[-2] == "names corrected in every round: Dna renamed Dan"
    assert lines[-1] == "table changed from round 2: Ann renamed Anne, Zoé joins"


def test_the_table_command_says_a_rename_corrects_every_round(cli) -> None:
    sid = cli("new", "tarot", "--names", "Ann,Bob,Dna", "--no-play").out.strip()
    result = cli("table", sid, "--rename", "dna=Dan")
    assert result.code == 0
    assert result.out.splitlines()[0] == "Name corrected in every round: Dna renamed Dan."


@pytest.mark.parametrize("rounds_before", range(12))
def test_the_mort_who_sits_out_is_the_one_the_table_names(rounds_before: int) -> None:
    """Whatever the round a sixth player arrives at, the player the sheet names as mort (the
    dealer) scores 0 and the others' scores add up to zero (fft)."""
    s = tarot("Ann", "Bob", "Cyd", "Dan", "Eve")
    for _ in range(rounds_before):
        s.add({**GARDE, "taker": "Ann", "called": "Bob"})
    s.change_table(join=["Zoé"])
    for _ in range(7):
        mort = s.standings().next_mort
        taker, called = [p for p in ("Ann", "Bob", "Cyd") if p != mort][:2]
        s.add({**GARDE, "taker": taker, "called": called})
    for row in s.standings().rows[rounds_before:]:
        assert row.mort is not None and row.scores[row.mort] == 0
        assert sum(row.scores.values()) == 0
        assert len([v for v in row.scores.values() if v]) == 5
