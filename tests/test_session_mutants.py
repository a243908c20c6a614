"""What a session says and does at its edges, word for word: the set-up refused by
`Session.create` (and `cardscore new`), the damaged files refused by `Session.from_dict`
(and every command), a round that cannot be scored, and the file's data.

These pin the exact messages and values that mutation testing (scripts/mutation.sh)
showed no other test held."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardscore import store
from cardscore.games.base import InputError
from cardscore.session import Session, SessionDataError, reason_of
from stored import file_data

TAROT3 = ["Ann", "Bob", "Cyd"]
SEATS = ["Sud", "Est", "Nord", "Ouest"]


def refusal(**kw: Any) -> str:
    with pytest.raises(InputError) as caught:
        Session.create(**kw)
    return str(caught.value)


# --------------------------------------------------------------------------------------------
# Session.create


def test_create_defaults_title_id_and_stamps() -> None:
    s = Session.create("tarot", TAROT3)
    assert s.title == ""
    assert s.id == "new"
    assert s.created and s.created == s.updated


def test_create_joins_the_spaces_of_names_and_team_names() -> None:
    s = Session.create(
        "belote", ["Sud  Ouest", "Est", "Nord", "Ouest"], settings=["team2= East   West "]
    )
    assert s.players == ["Sud Ouest", "Est", "Nord", "Ouest"]
    assert s.teams[1] == "East West"


def test_a_team_name_may_hold_an_equals_sign() -> None:
    s = Session.create("belote", SEATS, settings=["team1=N=S"])
    assert s.teams[0] == "N=S"


def test_target_one_is_a_positive_number_of_points() -> None:
    assert Session.create("belote", SEATS, target=1).params["target"] == 1


@pytest.mark.parametrize(
    ("kw", "expected"),
    [
        (
            dict(game_name="tarot", players=TAROT3, target=100),
            "--target: tarot has no target score",
        ),
        (
            dict(game_name="belote", players=SEATS, target=0),
            "--target: 0 is not a positive number of points",
        ),
        (
            dict(game_name="belote", players=SEATS, settings=["team1=NS", "team2=ns"]),
            "--set: both teams are named 'NS'",
        ),
        (
            dict(game_name="tarot", players=TAROT3, settings=["team1=X"]),
            "--set team1/team2: tarot is not played in teams",
        ),
        (
            dict(game_name="belote", players=SEATS, settings=[" Team1 =  "]),
            "--set Team1: a team needs a name",
        ),
        (
            dict(game_name="tarot", players=["Ann", "--", "Cyd"]),
            "--names: a player's name cannot be empty or only dashes (got '--')",
        ),
    ],
)
def test_create_refusals_word_for_word(kw: dict[str, Any], expected: str) -> None:
    assert refusal(**kw) == expected


def test_new_refuses_equal_team_names_on_the_command_line(cli) -> None:
    result = cli(
        "new", "belote", "--names", ",".join(SEATS), "--set", "team1=NS", "--set", "team2=ns"
    )
    assert result.code == 2
    assert result.err == "cardscore: error: --set: both teams are named 'NS'\n"


# --------------------------------------------------------------------------------------------
# Session.from_dict: a damaged file


def good_data() -> dict[str, Any]:
    s = Session.create("tarot", TAROT3, session_id="abc123")
    s.add({"taker": "Ann", "contract": "garde", "bouts": "1", "points": "60"})
    data = file_data(s)
    del data["schema_version"]
    return data


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("id", 5, "id is not a string"),
        ("rules", ["maison"], "rules is not a string"),
        ("params", [], "params is not an object"),
        ("players", "Ann,Bob,Cyd", "players is not a list"),
        ("teams", {}, "teams is not a list"),
        ("rounds", {}, "rounds is not a list"),
        ("undone", None, "undone is not a list"),
        ("history", "", "history is not a list"),
        ("rounds", [1], "a round is not an object"),
        ("undone", [["taker", "Ann"]], "a round is not an object"),
    ],
)
def test_from_dict_says_what_is_damaged(key: str, value: Any, expected: str) -> None:
    data = good_data()
    Session.from_dict(data)  # sound as it is
    data[key] = value
    with pytest.raises(ValueError) as caught:
        Session.from_dict(data)
    assert str(caught.value) == expected


def damage(home: Path, cli, change: dict[str, Any]) -> tuple[str, Path]:
    sid = cli("new", "tarot", "--names", ",".join(TAROT3), "--no-play").out.strip()
    path = home / "sessions" / f"{sid}.json"
    data = json.loads(path.read_text("utf-8"))
    data.update(change)
    path.write_text(json.dumps(data), "utf-8")
    return sid, path


def test_a_damaged_file_is_refused_in_english_and_in_french(home: Path, cli, monkeypatch) -> None:
    sid, path = damage(home, cli, {"rules": 5})
    before = path.read_bytes()
    result = cli("show", sid)
    assert result.code == 1
    assert result.err == (
        f"cardscore: error: cannot read session file {path}: not a valid cardscore session "
        "(rules is not a string) (the file was left untouched)\n"
    )
    monkeypatch.setenv("CARDSCORE_LANG", "fr")
    result = cli("show", sid)
    assert result.code == 1
    # the reason inside is translated too: it stayed a message, not English text
    assert result.err == (
        f"cardscore : erreur : impossible de lire le fichier de partie {path} : partie "
        "cardscore invalide (rules n'est pas une chaîne de caractères) (le fichier n'a pas "
        "été modifié)\n"
    )
    assert path.read_bytes() == before


def test_a_round_the_game_could_not_have_stored_says_which_and_why(home: Path, cli) -> None:
    sid, path = damage(home, cli, {"rounds": [{"taker": "Ann"}]})
    result = cli("show", sid)
    assert result.code == 1
    assert result.err == (
        f"cardscore: error: cannot read session file {path}: not a valid cardscore session "
        "(round 1: Object missing required field `contract`) (the file was left untouched)\n"
    )


def test_reason_of_an_error() -> None:
    assert reason_of(ValueError("plain words")) == "plain words"
    assert reason_of(KeyError("contract")) == "'contract'"  # as Python says it
    assert reason_of(ValueError("a", "b")) == "('a', 'b')"


# --------------------------------------------------------------------------------------------
# Rounds that cannot be scored, through the API


def test_a_round_damaged_in_memory_fails_every_replay_the_same_way() -> None:
    s = Session.create("tarot", TAROT3, session_id="abc123")
    s.rounds.append({"taker": "Ann"})
    for _ in range(2):  # the failed replay leaves nothing half done behind
        with pytest.raises(SessionDataError) as caught:
            s.standings()
        assert str(caught.value) == "round 1 cannot be scored (KeyError: 'contract')"
        assert caught.value.session_id == "abc123"


def test_a_breakdown_that_cannot_be_worked_out_says_which_round(monkeypatch) -> None:
    s = Session.create("tarot", TAROT3, session_id="abc123")
    s.add({"taker": "Ann", "contract": "garde", "bouts": "1", "points": "60"})
    s.add({"taker": "Bob", "contract": "prise", "bouts": "2", "points": "45"})
    row = s.standings().rows[1]

    def explained(self, record, table):  # a round only its explanation trips on
        raise KeyError("contract")

    monkeypatch.setattr(type(s.game_rules), "explained", explained)
    with pytest.raises(SessionDataError) as caught:
        _ = row.breakdown
    assert str(caught.value) == "round 2 cannot be scored (KeyError: 'contract')"
    assert caught.value.session_id == "abc123"


def test_a_breakdown_is_the_explained_one() -> None:
    s = Session.create("tarot", TAROT3)
    s.add({"taker": "Ann", "contract": "garde", "bouts": "1", "points": "60"})
    row = s.standings().rows[0]
    assert row.breakdown  # lines, not the empty breakdown of a replay
    assert row.breakdown == s.game_rules.score(s.rounds[0], s.table(), 1, None).breakdown


# --------------------------------------------------------------------------------------------
# The file's data


def test_a_session_reads_back_as_it_was_written() -> None:
    s = Session.create("tarot", TAROT3)
    s.add({"taker": "Ann", "contract": "garde", "bouts": "1", "points": "60"})
    data = file_data(s)
    assert data["schema_version"] == 4
    assert next(iter(data)) == "schema_version"
    assert store.loads(store.dumps(s), Path("x.json")) == s


def test_a_round_after_the_end_is_refused_word_for_word() -> None:
    s = Session.create("belote", SEATS, target=1, settings=["team1=NS", "team2=EW"])
    s.add({"taker": "Est", "trump": "hearts", "points": "82", "dix_de_der": "taker"})
    assert s.standings().finished
    with pytest.raises(InputError) as caught:
        s.add({"taker": "Est", "trump": "hearts", "points": "82", "dix_de_der": "taker"})
    assert str(caught.value) == (
        f"the game is over ({s.standings().winner} won): start a new one with "
        "`cardscore new belote`, or play on to a higher target with `cardscore table --target N`"
    )
    assert s.standings().winner == "EW"
