"""A refusal in the prompts names the question, never the command-line option nobody typed
there; ``cardscore add`` keeps naming its options."""

from __future__ import annotations

import pytest

from cardscore.games.base import InputError
from cardscore.i18n import set_language
from cardscore.prompts import correct
from cardscore.prompts.round import RoundAsker, in_words
from cardscore.session import Session

NAMES = ["Ann", "Bob", "Cyd", "Dan"]


@pytest.fixture(autouse=True)
def english():
    """The questions asked in English (a ``--lang fr`` run leaves French behind)."""
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def french():
    set_language("fr")
    yield
    set_language("en")


def asker(game: str, **raw: str) -> RoundAsker:
    session = Session.create(game, NAMES, session_id="words")
    asking = RoundAsker(session.game_rules, session.table(), 1)
    asking.raw.update(raw)
    return asking


def field(asking: RoundAsker, key: str):
    return next(f for f in asking.game.fields if f.key == key)


def refusal(asking: RoundAsker, **raw: str) -> InputError:
    with pytest.raises(InputError) as caught:
        asking.game.build_round({**asking.raw, **raw}, asking.table, 1)
    return caught.value


def test_a_typed_answer_refused_under_its_question_names_no_option() -> None:
    tarot = asker("tarot", contract="garde", taker="Ann", bouts="2")
    points = field(tarot, "points")
    assert tarot.problem(points, "95") == "95 is out of range (0 to 91)"
    assert tarot._validator(points)("95") == "95 is out of range (0 to 91)"
    assert tarot.problem(points, "abc") == "'abc' is not a number of points (e.g. 41 or 35,5)"
    assert tarot._validator(field(tarot, "bouts"))("4") == "4 is out of range (0 to 3)"
    assert tarot.problem(points, "60") is None


def test_a_typed_answer_refused_in_french_names_no_option(french) -> None:
    tarot = asker("tarot", contract="garde", taker="Ann", bouts="2")
    assert tarot.problem(field(tarot, "points"), "95") == "95 est hors limites (de 0 à 91)"


def test_another_option_named_in_a_refusal_is_named_by_its_question() -> None:
    belote = asker("belote", taker="Ann", trump="hearts", points="152", dix_de_der="Bob")
    capot = field(belote, "capot")
    assert belote.problem(capot, "Ann") == (
        "the capot team took the last trick too "
        "(see “Which team took the last trick (dix de der)?”)"
    )
    # said after the round was refused as a whole (before its question is asked again):
    # its own question is named too
    error = refusal(belote, capot="Ann")
    assert belote.said(error) == (
        "“Which team took every trick (capot)?”: the capot team took the last trick too "
        "(see “Which team took the last trick (dix de der)?”)"
    )
    assert correct.said(error, belote.game) == belote.said(error)
    assert correct.said(error) == (  # without the game: as the command line says it
        "--capot: the capot team took the last trick too (see --dix-de-der)"
    )


def test_a_refusal_of_the_whole_round_in_french(french) -> None:
    belote = asker("belote", taker="Ann", trump="hearts", points="152", dix_de_der="Bob")
    assert belote.said(refusal(belote, capot="Ann")) == (
        "« Quelle équipe a fait tous les plis (capot) ? » : l'équipe capot a aussi fait le "
        "dernier pli (voir « Quelle équipe a fait le dernier pli (dix de der) ? »)"
    )


def test_a_question_asked_as_one_for_several_options_is_named_by_that_question() -> None:
    coinche = asker("coinche")
    said = in_words("--surcoinche: no", coinche.game.fields)
    assert said == "“Coinché or surcoinché?”: no"


def test_a_refusal_quoting_another_one_loses_the_option_it_quotes() -> None:
    tarot = asker("tarot")
    text = "round 3 would become round 2 and impossible: --points: 95 is out of range"
    assert in_words(text, tarot.game.fields) == (
        "round 3 would become round 2 and impossible: “The taker's points?”: 95 is out of range"
    )
    # an option the game has not is left as it is, and so is a plain dash
    assert in_words("--set: no — --nothing", tarot.game.fields) == "--set: no — --nothing"


def test_the_command_line_keeps_naming_its_options(cli) -> None:
    assert cli("new", "tarot", "--names", ",".join(NAMES), "--no-play").code == 0
    result = cli("add", "--taker", "Ann", "--contract", "garde", "--bouts", "2", "--points", "95")
    assert result.code == 2
    assert result.err == "cardscore: error: --points: 95 is out of range (0 to 91)\n"
