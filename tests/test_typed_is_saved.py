"""What the keeper types is what is saved: the ways a round could be saved meaning something
else than what was typed, each closed.

* a bare number is the taker's points in every round, whatever side the round before was
  typed for (the points question never changes side);
* a line at 5 or 6 players that names no partner and does not say "alone" asks who was
  called (at the loop's home), or is refused (``add --line``);
* a chelem the cards make impossible is refused, and no list preselects a bonus;
* at maison, a whole number one half below a lower bound is the count with its half dropped;
* a refusal in the questions is shown whole, next to its question;
* the defaults follow the round (the petit au bout's holder, belote's team, a refused
  line's words kept)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscore import store
from cardscore.i18n import set_language
from cardscore.prompts.round import RoundAsker
from cardscore.session import Session
from prompt_kit import drive

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from terminal_kit import CARDSCORE, expect, pick, settle, spawn_in  # noqa: E402
from terminal_kit import home as at_home  # noqa: E402

ENTER = "\r"
FRENCH = ["Anne", "Bruno", "Chloé", "Damien", "Élise"]
needs_cardscore = pytest.mark.skipif(not CARDSCORE.exists(), reason="cardscore is not installed")


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def _asker(names: list[str], number: int = 1, rules: str = "fft", **raw: str) -> RoundAsker:
    session = Session.create("tarot", names, rules=rules, session_id=store.new_id())
    asking = RoundAsker(session.game_rules, session.table(), number)
    asking.raw.update(raw)
    asking.asked.update(raw)
    return asking


def _bonuses(keys: str, **raw: str) -> dict:
    asking = _asker(FRENCH[:4], **raw)
    drive(keys, asking.ask)
    return asking.raw


# ---- 1. a bare number is the taker's, every round ------------------------------------------


@needs_cardscore
def test_the_points_question_is_the_taker_s_after_a_round_typed_for_the_defence(
    cli, home: Path
) -> None:
    """A round typed with the defence's points (``d35,5``), then the next round's questions: the
    points question is still the taker's, and the 62 typed is the taker's 62."""
    assert cli("new", "tarot", "--names", ",".join(FRENCH), "--no-play").code == 0
    child = spawn_in("fr", home, "play")
    try:
        _home = "Saisir la donne"
        at_home(child, "chloe p 1b d35,5 dam", prompt=_home)
        expect(child, "Enregistrer cette donne ?")
        settle(child)
        child.send(ENTER)
        at_home(child, prompt=_home)  # the next round by its questions
        pick(child, "Contrat ?", "garde", hint="(sa touche ou les flèches)")
        pick(child, "Qui a pris ?", "Damien", hint="(sa touche ou les flèches)")
        pick(child, "Qui est le partenaire ?", "Anne", hint="(sa touche ou les flèches)")
        expect(child, "Combien de bouts le preneur a-t-il faits ?")
        child.send("2" + ENTER)
        expect(child, "Points du preneur ? (d35 : 35 à la défense)")
        child.send("62" + ENTER)
        expect(child, "Primes ?")
        settle(child)
        child.send(ENTER)
        expect(child, "Enregistrer cette donne ?")
        settle(child)
        child.send(ENTER)
        at_home(child, "q", prompt=_home)
        child.expect(pexpect.EOF)
    finally:
        child.close()
    second = store.load(None).rounds[1]
    assert second["taker"] == "Damien" and second["points"] == 62
    row = store.load(None).standings().rows[1]
    assert row.scores["Damien"] > 0  # made by 21: the taker wins


def test_a_bare_number_is_the_taker_s_and_d_marks_the_defence_s(english) -> None:
    for typed, key, value in (("62", "points", "62"), ("d29", "defense_points", "29")):
        asking = _asker(FRENCH[:4], number=2, contract="garde", taker="Anne")
        drive("2" + ENTER + typed + ENTER + ENTER, asking.ask)
        assert asking.raw[key] == value
        assert ({"points", "defense_points"} - {key}).isdisjoint(asking.raw)


def test_a_defence_answer_taken_back_is_offered_again_with_its_mark(english) -> None:
    """Escape after ``d29``: the points are asked again, ``d29`` offered as typed (a bare
    29 there would be the taker's)."""
    asking = _asker(FRENCH[:4], contract="garde", taker="Anne")
    drive("2" + ENTER + "d29" + ENTER + "\x1b" + ENTER + ENTER, asking.ask)
    assert asking.raw["defense_points"] == "29" and "points" not in asking.raw


# ---- 2. a partner forgotten in a line --------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "fr", "nb"])
def test_a_line_naming_no_partner_is_refused_by_add(cli, sessions, language: str) -> None:
    assert cli("new", "tarot", "--names", ",".join(FRENCH), "--no-play").code == 0
    before = sessions()
    result = cli("--lang", language, "add", "--line", "chloe p 1b d35,5")
    assert result.code == 2 and sessions() == before
    said = {
        "en": "name the called player, or say alone",
        "fr": "nommez le joueur appelé, ou dites seul",
        "nb": "nevn den kalte spilleren, eller skriv alene",
    }[language]
    assert said in result.err and result.err.count("\n") == 1


@pytest.mark.parametrize("alone", ["seul", "alone", "alene", "Seul"])
def test_a_line_saying_alone_is_the_taker_alone(cli, alone: str) -> None:
    assert cli("new", "tarot", "--names", ",".join(FRENCH), "--no-play").code == 0
    assert cli("add", "--line", f"chloe p 1b d35,5 {alone}").code == 0
    stored = store.load(None).rounds[0]
    assert stored["taker"] == "Chloé" and stored["called"] is None
    assert store.load(None).standings().rows[0].scores["Chloé"] == 4 * 30


def test_a_line_saying_alone_and_naming_a_partner_is_refused(cli) -> None:
    assert cli("new", "tarot", "--names", ",".join(FRENCH), "--no-play").code == 0
    result = cli("add", "--line", "chloe p 1b 56 seul dam")
    assert result.code == 2 and store.load(None).rounds == []


def test_a_line_at_four_players_needs_no_partner_and_options_mean_alone(cli) -> None:
    assert cli("new", "tarot", "--names", ",".join(FRENCH[:4]), "--no-play").code == 0
    assert cli("add", "--line", "chloe p 1b 56").code == 0
    assert cli("new", "tarot", "--names", ",".join(FRENCH), "--no-play").code == 0
    options = ["--taker", "Chloé", "--contract", "prise", "--bouts", "1", "--points", "56"]
    assert cli("add", *options).code == 0  # with options, no --called is the taker alone
    assert store.load(None).rounds[0]["called"] is None


def test_edit_with_a_line_naming_no_partner_is_refused(cli, sessions) -> None:
    assert cli("new", "tarot", "--names", ",".join(FRENCH), "--no-play").code == 0
    assert cli("add", "--line", "chloe p 1b 56 dam").code == 0
    before = sessions()
    result = cli("edit", "1", "--line", "chloe g 1b 56")
    assert result.code == 2 and sessions() == before


@needs_cardscore
def test_the_loop_asks_who_was_called_when_a_line_names_nobody(cli, home: Path) -> None:
    assert cli("new", "tarot", "--names", ",".join(FRENCH), "--no-play").code == 0
    child = spawn_in("fr", home, "play")
    try:
        at_home(child, "chloe p 1b d35,5", prompt="Saisir la donne")
        pick(child, "Qui est le partenaire ?", "Damien", hint="(sa touche ou les flèches)")
        expect(child, "Enregistrer cette donne ?")
        settle(child)
        child.send(ENTER)
        at_home(child, "q", prompt="Saisir la donne")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    stored = store.load(None).rounds[0]
    assert stored["called"] == "Damien" and stored["points"] == 55.5


# ---- 3. an impossible chelem -----------------------------------------------------------------

GARDE = ["--taker", "Anne", "--contract", "garde"]


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--bouts", "1", "--points", "45", "--chelem", "announced"], "at least 2 bouts, not 1"),
        (["--bouts", "0", "--points", "30", "--chelem", "unannounced"], "at least 2 bouts, not 0"),
        (["--bouts", "3", "--points", "88", "--chelem", "announced"], "has 91 points, not 88"),
        (["--bouts", "2", "--points", "86", "--chelem", "unannounced"], "has 87 points, not 86"),
        (["--bouts", "2", "--defense-points", "5", "--chelem", "announced"], "has 4 points, not 5"),
    ],
)
def test_a_chelem_the_cards_cannot_give_is_refused(cli, sessions, options, said) -> None:
    assert cli("new", "tarot", "--names", ",".join(FRENCH[:4]), "--no-play").code == 0
    before = sessions()
    result = cli("add", *GARDE, *options)
    assert result.code == 2 and sessions() == before
    assert said in result.err and "excuse" in result.err and result.err.count("\n") == 1


def test_a_chelem_refusal_says_why_in_french(cli) -> None:
    assert cli("new", "tarot", "--names", ",".join(FRENCH[:4]), "--no-play").code == 0
    result = cli("--lang", "fr", "add", *GARDE, "--bouts", "1", "--points", "45",
                 "--chelem", "announced")  # fmt: skip
    assert result.code == 2
    assert "ne laisse à la défense que l'excuse" in result.err and "au moins 2 bouts" in result.err


@pytest.mark.parametrize(
    ("names", "bouts", "points", "accepted"),
    [
        # the chien is the defence's at garde contre: 6 cards at 4 players, 3 at 5
        (4, "1", "61", True),
        (4, "1", "80", True),
        (4, "1", "60,5", False),
        (4, "1", "80,5", False),
        (4, "0", "60", True),
        (4, "3", "88", True),
        (4, "3", "91", False),  # six cards of the defence are worth 3 at least
        (5, "2", "73,5", True),
        (5, "2", "73", False),
        (5, "3", "89,5", True),
        (5, "3", "90", False),
    ],
)
def test_a_chelem_at_garde_contre_leaves_the_chien_to_the_defence(
    cli, names: int, bouts: str, points: str, accepted: bool
) -> None:
    assert cli("new", "tarot", "--names", ",".join(FRENCH[:names]), "--no-play").code == 0
    options = ["--taker", "Anne", "--contract", "garde-contre", "--bouts", bouts,
               "--points", points, "--chelem", "announced"]  # fmt: skip
    if names == 5:
        options += ["--called", "Bruno"]
    result = cli("add", *options)
    assert result.code == (0 if accepted else 2), result.err
    if not accepted:
        assert "chien" in result.err


def test_a_chelem_made_at_maison_may_have_its_half_dropped(cli) -> None:
    """At 5 players the lowest count of a garde contre chelem is 73.5: 73 typed at maison."""
    assert cli("new", "tarot", "--names", ",".join(FRENCH), "--rules", "maison",
               "--no-play").code == 0  # fmt: skip
    options = ["--taker", "Anne", "--called", "Bruno", "--contract", "garde-contre",
               "--bouts", "2", "--points", "73", "--chelem", "announced"]  # fmt: skip
    assert cli("add", *options).code == 0
    options[options.index("73")] = "72"
    assert cli("add", *options).code == 2


def test_rules_tarot_says_the_chelem_bounds(cli) -> None:
    said = cli("rules", "tarot").out.replace("\n", " ")
    for words in ("2 bouts and 87 points", "3 bouts and 91", "60–76", "66–88", "73.5–77.5"):
        assert words in said.replace("  ", " "), words


def test_the_rules_document_gives_the_chelem_bounds_the_game_checks() -> None:
    """docs/rules.md's table of a garde contre chelem is the one the rules core refuses by."""
    import re

    from cardscore.games.tarot import chelem_bounds

    text = (Path(__file__).parents[1] / "docs" / "rules.md").read_text("utf-8")
    rows = re.findall(
        r"^\s*\| (\d) \| ([\d.]+) to ([\d.]+) \| ([\d.]+) to ([\d.]+) \|$", text, re.M
    )
    assert len(rows) == 4
    for bouts, *numbers in rows:
        six, three = chelem_bounds(int(bouts), 6), chelem_bounds(int(bouts), 3)
        assert tuple(map(float, numbers)) == (*six, *three)


def test_a_chelem_box_ticked_by_mistake_adds_no_chelem(english) -> None:
    """The chelem box ticked (two Downs and a Space), then Enter at each question: no
    chelem, where the list's first entry used to be "announced and made"."""
    raw = _bonuses("2" + ENTER + "87" + ENTER + "\x1b[B\x1b[B " + ENTER + ENTER,
                   contract="garde", taker="Anne")  # fmt: skip
    assert "chelem" not in raw


def test_a_chelem_is_chosen_from_its_list(english) -> None:
    raw = _bonuses("2" + ENTER + "87" + ENTER + "\x1b[B\x1b[B " + ENTER + "\x1b[B" + ENTER,
                   contract="garde", taker="Anne")  # fmt: skip
    assert raw["chelem"] == "announced"


def test_the_chelem_list_offers_only_what_the_count_allows(monkeypatch, english) -> None:
    """A garde with 1 bout: no chelem made is possible; the list offers the others only."""
    import questionary

    offered: list[list[str]] = []
    select = questionary.select

    def spy(question, choices, **kwargs):
        offered.append([str(c.value) for c in choices])
        return select(question, choices, **kwargs)

    monkeypatch.setattr(questionary, "select", spy)
    raw = _bonuses("1" + ENTER + "52" + ENTER + "\x1b[B\x1b[B " + ENTER + ENTER,
                   contract="garde", taker="Anne")  # fmt: skip
    assert offered[-1][1:] == ["failed"] and "chelem" not in raw


# ---- 4. a half point dropped before typing (maison) ---------------------------------------


@pytest.mark.parametrize(
    ("rules", "bouts", "points", "accepted"),
    [
        ("maison", "2", "8", True),
        ("maison", "2", "8,5", True),
        ("maison", "2", "7,5", False),
        ("maison", "2", "7", False),
        ("maison", "0", "78,5", False),
        ("fft", "2", "8", False),
        ("fft", "2", "8,5", True),
    ],
)
def test_a_half_dropped_before_typing_is_the_same_count(
    cli, rules: str, bouts: str, points: str, accepted: bool
) -> None:
    assert cli("new", "tarot", "--names", ",".join(FRENCH[:4]), "--rules", rules,
               "--no-play").code == 0  # fmt: skip
    result = cli("add", *GARDE, "--bouts", bouts, "--points", points, "--json")
    assert result.code == (0 if accepted else 2), result.err
    if accepted and rules == "maison":
        row = result.json()["round"]
        assert row["scores"]["Anne"] == -3 * (40 + 30)  # lost by 33, as 8 counts


# ---- 12. the defaults follow the round ---------------------------------------------------


def test_the_petit_au_bout_list_starts_on_the_taker(english) -> None:
    """The petit au bout's box ticked, then Enter: the taker's (Chloé), not the first
    player's."""
    raw = _bonuses("2" + ENTER + "50" + ENTER + " " + ENTER + ENTER,
                   contract="garde", taker="Chloé")  # fmt: skip
    assert raw["petit_au_bout"] == "Chloé"


def test_belote_rebelote_s_team_starts_on_the_taker_s(english) -> None:
    teams = ["team1=NS", "team2=EW"]
    session = Session.create(
        "belote", ["Ann", "Bob", "Cyd", "Dan"], settings=teams, session_id=store.new_id()
    )
    asking = RoundAsker(session.game_rules, session.table(), 1)
    # Bob took (EW), spades; the belote-rebelote box ticked, Enter at its team; 100 points
    drive("\x1b[B" + ENTER + ENTER + " " + ENTER + ENTER + "100" + ENTER + ENTER, asking.ask)
    inp = session.game_rules.build_round(asking.raw, session.table(), 1)
    assert asking.raw["belote"] == "EW" and inp["belote"] == 1


def test_a_refused_line_s_words_stay_ticked_in_the_questions(english) -> None:
    """``poi:elise:triple`` at maison (no triple poignée): the poignée is asked again with
    Élise ticked, as the line said, though typed without her accent."""
    from cardscore.games.base import InputError
    from cardscore.games.line import read_line
    from cardscore.prompts.correct import fix

    session = Session.create("tarot", FRENCH, rules="maison", session_id=store.new_id())
    game, table = session.game_rules, session.table()
    asking = RoundAsker(game, table, 1)
    asking.raw.update(read_line(game.fields, table, "anne g 2b 50 seul poi:elise:triple"))
    asking.asked.update(asking.raw)
    with pytest.raises(InputError) as refused:
        game.build_round(asking.raw, table, 1)
    # the boxes as they were (Enter), Élise as she was (Enter), then her poignée: double
    drive(ENTER + ENTER + "\x1b[B" + ENTER, fix, asking, refused.value)
    assert asking.raw["poignee"] == ["Élise:double"]


# ---- 10. a refusal in the questions is shown whole, next to its question ----------------


@needs_cardscore
@pytest.mark.parametrize("columns", [60, 120])
def test_a_refusal_is_shown_whole_above_its_question(cli, home: Path, columns: int) -> None:
    import time

    from terminal_kit import spawn

    assert cli("new", "tarot", "--names", ",".join(FRENCH[:4]), "--rules", "maison",
               "--no-play").code == 0  # fmt: skip
    child = spawn(home, "--lang", "fr", "play", columns=columns)
    refusal = (
        "7 est impossible : avec 2 bouts, le preneur a de 8,5 à 87 points (un bout vaut 4,5 "
        "points et l'excuse peut être échangée contre une carte d'un demi-point)"
    )
    try:
        at_home(child, prompt="Saisir la donne")
        pick(child, "Contrat ?", "garde", hint="(sa touche ou les flèches)")
        pick(child, "Qui a pris ?", "Anne", hint="(sa touche ou les flèches)")
        expect(child, "Combien de bouts le preneur a-t-il faits ?")
        child.send("2" + ENTER)
        expect(child, "Points du preneur ?")
        settle(child)
        child.send("7")  # refused as it is typed
        deadline = time.monotonic() + 10
        while True:
            settle(child)
            lines = child.screen.lines()
            question = max(i for i, line in enumerate(lines) if "Points du preneur ?" in line)
            above = [line.strip() for line in lines[:question] if line.strip()]
            said = " ".join(above[-4:])
            if refusal in said or time.monotonic() > deadline:
                break
        assert refusal in said, "\n".join(lines)
        assert all(len(line) <= columns for line in lines)
        assert "Combien de bouts" in " ".join(above[-5:])  # right under the question before
        child.send("\x7f8" + ENTER)  # 8: the 8.5 counted, its half dropped
        expect(child, "Primes ?")
    finally:
        child.close()
