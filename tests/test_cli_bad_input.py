"""Every bad input of the command line: exit status 2, one line "cardscore: error: …" on
standard error saying what is wrong, no traceback, and nothing saved (docs/files.md,
"Reliability")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from cardscore import store
from cardscore.session import Session

TAROT4 = ("tarot", "--names", "Ann,Bob,Cyd,Dan")
TAROT5 = ("tarot", "--names", "Ann,Bob,Cyd,Dan,Eve")
TAROT6 = ("tarot", "--names", "Ann,Bob,Cyd,Dan,Eve,Fay")
MAISON4 = ("tarot", "--names", "Ann,Bob,Cyd,Dan", "--rules", "maison")
SEATS = ("--names", "Sud,Est,Nord,Ouest", "--set", "team1=NS", "--set", "team2=EW")
BELOTE = ("belote", *SEATS)
BELOTE_OFFICIAL = ("belote", *SEATS, "--rules", "official")
COINCHE = ("coinche", *SEATS)
RAMI3 = ("rami", "--names", "Ann,Bob,Cyd")

# A valid first round for each kind of session, so that the file holds a round to keep.
FIRST_ROUND = {
    "tarot": ["--taker", "Bob", "--contract", "garde", "--bouts", "2", "--points", "49"],
    "belote": ["--taker", "Est", "--trump", "hearts", "--points", "82", "--dix-de-der", "taker"],
    "coinche": [
        *("--taker", "Est", "--trump", "hearts", "--contract", "80", "--points", "82"),
        *("--dix-de-der", "taker"),
    ],
    "rami": ["--winner", "Cyd", "--hand", "Ann=5", "--hand", "Bob=9"],
}


def assert_refused(result: Any, *fragments: str) -> None:
    """Exit status 2 and exactly one line on stderr naming what is wrong."""
    assert result.code == 2, (result.code, result.out, result.err)
    assert "Traceback" not in result.err
    assert "Traceback" not in result.out
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert result.err.endswith("\n")
    assert lines[0].startswith("cardscore: error: "), lines[0]
    message = lines[0].casefold()
    for fragment in fragments:
        assert fragment.casefold() in message, (fragment, lines[0])


def start(cli: Callable[..., Any], setup: Sequence[str]) -> str:
    """A new session (``setup`` = GAME and `new` options) with one round played."""
    result = cli("new", *setup, "--no-play")
    assert result.code == 0, result.err
    sid = result.out.strip()
    played = cli("add", sid, *FIRST_ROUND[setup[0]])
    assert played.code == 0, played.err
    return sid


def refuse_add(
    cli: Callable[..., Any],
    sessions: Callable[[], dict[str, bytes]],
    setup: Sequence[str],
    options: Sequence[str],
    fragments: Sequence[str],
) -> None:
    sid = start(cli, setup)
    before = sessions()
    assert len(before) == 1
    assert_refused(cli("add", sid, *options), *fragments)
    assert sessions() == before
    # and without naming the session (the most recent one)
    assert_refused(cli("add", *options), *fragments)
    assert sessions() == before


# --------------------------------------------------------------------------------------------
# Tarot (issue 2)

GARDE = ["--contract", "garde", "--bouts", "2", "--points", "49"]
TAROT_BAD = [
    pytest.param(TAROT4, ["--taker", "Zed", *GARDE], ["--taker", "Zed"], id="unknown-taker"),
    pytest.param(TAROT4, ["--taker", "", *GARDE], ["--taker"], id="empty-taker"),
    pytest.param(TAROT4, ["--taker", "Ann", *GARDE, "--poignee", "Zed"], ["--poignee", "Zed"],
                 id="unknown-poignee-player"),
    pytest.param(TAROT4, ["--taker", "Ann", *GARDE, "--petit-au-bout", "Zed"],
                 ["--petit-au-bout", "Zed"], id="unknown-petit-player"),
    pytest.param(TAROT5, ["--taker", "Ann", "--called", "Zed", *GARDE], ["--called", "Zed"],
                 id="unknown-called-player"),
    pytest.param(TAROT4, ["--taker", "Ann", "--contract", "garde", "--bouts", "4",
                          "--points", "49"], ["--bouts", "4"], id="bouts-4"),
    pytest.param(TAROT4, ["--taker", "Ann", "--contract", "garde", "--bouts", "deux",
                          "--points", "49"], ["--bouts", "deux"], id="bouts-not-a-number"),
    pytest.param(TAROT4, ["--taker", "Ann", "--contract", "garde", "--bouts", "2",
                          "--points", "92"], ["--points", "92"], id="points-92"),
    pytest.param(TAROT4, ["--taker", "Ann", "--contract", "garde", "--bouts", "2",
                          "--points", "-1"], ["--points"], id="points-negative"),
    pytest.param(TAROT4, ["--taker", "Ann", "--contract", "garde", "--bouts", "2",
                          "--points", "40,25"], ["--points", "40,25"], id="points-quarter"),
    pytest.param(TAROT4, ["--taker", "Ann", "--contract", "garde", "--bouts", "2",
                          "--defense-points", "92"], ["--defense-points", "92"],
                 id="defense-points-92"),
    # 3 bouts keep at least 12 points on the taker's side
    pytest.param(TAROT4, ["--taker", "Ann", "--contract", "garde", "--bouts", "3",
                          "--points", "10"], ["--points", "10"], id="points-10-with-3-bouts"),
    # 0 bouts: the defence keeps the three, at least 12 points: at most 79
    pytest.param(TAROT4, ["--taker", "Ann", "--contract", "garde", "--bouts", "0",
                          "--points", "80"], ["--points", "80"], id="points-80-with-0-bouts"),
    pytest.param(TAROT4, ["--taker", "Ann", *GARDE, "--defense-points", "42"],
                 ["--defense-points"], id="points-and-defense-points"),
    pytest.param(TAROT4, ["--taker", "Ann", "--contract", "garde", "--bouts", "2"],
                 ["--points"], id="points-missing"),
    pytest.param(TAROT4, ["--taker", "Ann", *GARDE, "--misere", "Bob"], ["--misere"],
                 id="misere-under-fft"),
    pytest.param(TAROT4, ["--taker", "Ann", "--called", "Bob", *GARDE], ["--called"],
                 id="called-at-4-players"),
    pytest.param(TAROT4, ["--taker", "Ann", "--contract", "renonce", "--points", "30"],
                 ["renonce"], id="renonce-under-fft"),
    pytest.param(MAISON4, ["--taker", "Ann", "--contract", "renonce", "--points", "30",
                           "--bouts", "1"], ["--bouts"], id="renonce-with-bouts"),
    pytest.param(MAISON4, ["--taker", "Ann", "--contract", "renonce", "--points", "30",
                           "--poignee", "Ann"], ["--poignee"], id="renonce-with-poignee"),
    pytest.param(MAISON4, ["--taker", "Ann", "--contract", "renonce", "--points", "30",
                           "--petit-au-bout", "Bob"], ["--petit-au-bout"],
                 id="renonce-with-petit-au-bout"),
    pytest.param(MAISON4, ["--taker", "Ann", "--contract", "renonce", "--points", "30",
                           "--misere", "Cyd"], ["--misere"], id="renonce-with-misere"),
    pytest.param(MAISON4, ["--taker", "Ann", "--contract", "renonce", "--points", "30",
                           "--chelem", "announced"], ["--chelem"], id="renonce-with-chelem"),
    pytest.param(MAISON4, ["--taker", "Ann", "--contract", "renonce", "--points", "30",
                           "--called", "Bob"], ["--called"], id="renonce-with-called"),
    # only one player can have the petit au bout (docs/rules.md, Tarot › maison); a repeated
    # option must not silently keep the last value
    pytest.param(TAROT4, ["--taker", "Ann", *GARDE, "--petit-au-bout", "Ann",
                          "--petit-au-bout", "Bob"], ["petit"], id="two-petits-au-bout-fft"),
    pytest.param(MAISON4, ["--taker", "Ann", *GARDE, "--petit-au-bout", "Ann",
                           "--petit-au-bout", "Bob"], ["petit"],
                 id="two-petits-au-bout-maison"),
    # the same for every single-value option: a repeated one is not silently overwritten
    pytest.param(TAROT4, ["--taker", "Ann", "--taker", "Bob", *GARDE], ["--taker"],
                 id="taker-given-twice"),
    pytest.param(MAISON4, ["--taker", "Ann", *GARDE, "--poignee", "Bob", "--poignee",
                           "Bob:double"], ["--poignee", "Bob"], id="two-poignees-one-player"),
    pytest.param(MAISON4, ["--taker", "Ann", *GARDE, "--misere", "Bob", "--misere",
                           "Bob:double"], ["--misere", "Bob"], id="two-miseres-one-player"),
    pytest.param(MAISON4, ["--taker", "Ann", *GARDE, "--poignee", "Bob:triple"],
                 ["--poignee", "triple"], id="triple-poignee-under-maison"),
    pytest.param(TAROT4, ["--taker", "Ann", *GARDE, "--poignee", "Bob:quadruple"],
                 ["--poignee", "quadruple"], id="unknown-poignee-kind"),
    pytest.param(TAROT4, ["--taker", "Ann", "--contract", "super", "--bouts", "2",
                          "--points", "49"], ["--contract", "super"], id="unknown-contract"),
    pytest.param(TAROT4, ["--taker", "Ann", *GARDE, "--chelem", "maybe"], ["--chelem", "maybe"],
                 id="unknown-chelem"),
    pytest.param(TAROT4, ["--taker", "Ann", "--bouts", "2", "--points", "49"], ["--contract"],
                 id="contract-missing"),
    # round 2 of a 6-player game: Bob deals and is mort
    pytest.param(TAROT6, ["--taker", "Bob", *GARDE], ["--taker", "Bob", "mort"],
                 id="mort-takes"),
    pytest.param(TAROT6, ["--taker", "Ann", "--called", "Bob", *GARDE], ["--called", "mort"],
                 id="mort-called"),
]  # fmt: skip


@pytest.mark.parametrize(("setup", "options", "fragments"), TAROT_BAD)
def test_tarot_bad_round(cli, sessions, setup, options, fragments) -> None:
    refuse_add(cli, sessions, setup, options, fragments)


NEW_BAD = [
    pytest.param(["tarot", "--names", "Ann,Bob"], ["3 to 6", "2"], id="tarot-2-players"),
    pytest.param(["tarot", "--names", "A,B,C,D,E,F,G"], ["3 to 6", "7"], id="tarot-7-players"),
    pytest.param(["tarot", "--players", "7", "--names", "A,B,C,D,E,F,G"], ["3 to 6"],
                 id="tarot-players-7"),
    pytest.param(["tarot", "--names", "Ann,Bob,ann,Dan"], ["ann"], id="tarot-same-name"),
    pytest.param(["tarot", "--names", "Zoé,Bob,zoe"], ["zoe"], id="tarot-same-name-accent"),
    pytest.param(["tarot", "--names", "Ann,Bob,,Dan"], ["name"], id="tarot-empty-name"),
    pytest.param(["tarot", "--players", "5", "--names", "Ann,Bob,Cyd,Dan"], ["--names"],
                 id="tarot-names-not-players"),
    pytest.param(["tarot"], ["--names"], id="tarot-no-names"),
    pytest.param(["belote", "--names", "A,B,C"], ["4 players", "3"], id="belote-3-players"),
    pytest.param(["belote", "--names", "A,B,C,D,E"], ["4 players", "5"], id="belote-5-players"),
    pytest.param(["coinche", "--names", "A,B,C"], ["4 players"], id="coinche-3-players"),
    pytest.param(["belote", "--names", "A,B,a,D"], ["a"], id="belote-same-name"),
    pytest.param(["rami", "--names", "Ann"], ["2 to 6", "1"], id="rami-1-player"),
    pytest.param(["rami", "--names", "A,B,C,D,E,F,G"], ["2 to 6", "7"], id="rami-7-players"),
    pytest.param(["rami", "--names", "Ann,ann"], ["ann"], id="rami-same-name"),
    pytest.param(["poker", "--names", "A,B,C,D"], ["poker"], id="unknown-game"),
    pytest.param(["tarot", "--names", "A,B,C,D", "--rules", "bogus"], ["--rules", "bogus"],
                 id="tarot-unknown-rules"),
    pytest.param(["belote", "--names", "A,B,C,D", "--rules", "fft"], ["--rules", "fft"],
                 id="belote-tarot-rules"),
    pytest.param(["rami", "--names", "A,B", "--rules", "maison"], ["--rules", "maison"],
                 id="rami-unknown-rules"),
    pytest.param(["tarot", "--names", "A,B,C,D", "--set", "bogus=1"], ["--set", "bogus"],
                 id="set-unknown-key"),
    pytest.param(["tarot", "--names", "A,B,C,D", "--set", "miseres"], ["--set", "miseres"],
                 id="set-not-key-value"),
    pytest.param(["tarot", "--names", "A,B,C,D", "--set", "miseres=maybe"],
                 ["--set", "maybe"], id="set-bad-boolean"),
    pytest.param(["tarot", "--names", "A,B,C,D", "--set", "value-garde=lots"],
                 ["--set", "lots"], id="set-bad-number"),
    pytest.param(["tarot", "--names", "A,B,C,D", "--set", "scoring=xyz"], ["--set", "xyz"],
                 id="set-bad-choice"),
    pytest.param(["rami", "--names", "A,B", "--set", "rami-sec=triple"], ["--set", "triple"],
                 id="rami-set-bad-choice"),
    pytest.param(["tarot", "--names", "A,B,C,D", "--set", "team1=Us"], ["--set"],
                 id="set-team-in-tarot"),
    pytest.param(["tarot", "--names", "A,B,C,D", "--target", "500"], ["--target"],
                 id="target-in-tarot"),
    pytest.param(["belote", "--names", "A,B,C,D", "--target", "0"], ["--target"],
                 id="target-zero"),
    pytest.param(["belote", "--names", "A,B,C,D", "--target", "lots"], ["--target"],
                 id="target-not-a-number"),
]  # fmt: skip


@pytest.mark.parametrize(("options", "fragments"), NEW_BAD)
def test_new_refused_creates_no_session(cli, sessions, home, options, fragments) -> None:
    assert sessions() == {}
    assert_refused(cli("new", *options, "--no-play"), *fragments)
    assert sessions() == {}
    folder = home / "sessions"
    assert not folder.exists() or not any(folder.glob("*.json"))
    listed = cli("list", "--json")
    assert listed.code == 0
    assert listed.json() == []


def test_new_refused_leaves_other_sessions_alone(cli, sessions) -> None:
    start(cli, TAROT4)
    before = sessions()
    assert_refused(cli("new", "tarot", "--names", "Ann,Bob", "--no-play"), "3 to 6")
    assert sessions() == before


# --------------------------------------------------------------------------------------------
# Sessions that do not exist


def test_unknown_session(cli, sessions) -> None:
    start(cli, TAROT4)
    before = sessions()
    commands = [
        ["add", "zzzzzz", "--taker", "Ann", *GARDE],
        ["show", "zzzzzz"],
        ["undo", "zzzzzz"],
        ["redo", "zzzzzz"],
        ["delete", "zzzzzz", "--yes"],
    ]
    for command in commands:
        assert_refused(cli(*command), "zzzzzz")
    assert sessions() == before


def test_no_session_at_all(cli, sessions) -> None:
    assert_refused(cli("add", "--taker", "Ann", *GARDE), "session")
    assert_refused(cli("show"), "session")
    assert sessions() == {}


def test_ambiguous_session(cli, sessions) -> None:
    for sid in ("ab1111", "ab2222"):
        session = Session.create("tarot", ["Ann", "Bob", "Cyd", "Dan"], session_id=sid)
        store.write(session)
    before = sessions()
    assert set(before) == {"ab1111.json", "ab2222.json"}
    assert_refused(cli("add", "ab", "--taker", "Ann", *GARDE), "ambiguous", "ab1111", "ab2222")
    assert_refused(cli("show", "ab", "--json"), "ambiguous")
    assert sessions() == before
    # a unique prefix is accepted
    assert cli("add", "ab1", "--taker", "Ann", *GARDE).code == 0


# --------------------------------------------------------------------------------------------
# Belote and coinche (issue 3)

HEARTS = ["--taker", "Sud", "--trump", "hearts"]
BELOTE_BAD = [
    pytest.param(BELOTE, [*HEARTS, "--points", "153", "--dix-de-der", "NS"], ["--points", "153"],
                 id="points-over-152"),
    pytest.param(BELOTE, [*HEARTS, "--defense-points", "160", "--dix-de-der", "NS"],
                 ["--defense-points", "160"], id="defense-points-over-152"),
    pytest.param(BELOTE, ["--taker", "Sud", "--trump", "sa", "--points", "121",
                          "--dix-de-der", "NS"], ["--points", "121", "120"],
                 id="sans-atout-maison-over-120"),
    pytest.param(BELOTE_OFFICIAL, ["--taker", "Sud", "--trump", "sa", "--points", "153",
                                   "--dix-de-der", "NS"], ["--points", "153", "152"],
                 id="sans-atout-official-over-152"),
    pytest.param(BELOTE, [*HEARTS, "--points", "-5", "--dix-de-der", "NS"], ["--points"],
                 id="points-negative"),
    pytest.param(BELOTE, [*HEARTS, "--points", "eighty", "--dix-de-der", "NS"],
                 ["--points", "eighty"], id="points-not-a-number"),
    pytest.param(BELOTE, ["--taker", "Sud", "--trump", "sa", "--points", "60",
                          "--dix-de-der", "NS", "--belote", "NS"], ["--belote", "sans atout"],
                 id="belote-in-sans-atout"),
    pytest.param(COINCHE, ["--taker", "Sud", "--trump", "sa", "--contract", "80",
                           "--points", "60", "--dix-de-der", "NS", "--belote", "taker"],
                 ["--belote", "sans atout"], id="coinche-belote-in-sans-atout"),
    pytest.param(BELOTE, [*HEARTS, "--points", "82", "--dix-de-der", "NS",
                          "--announce", "NS:30"], ["--announce", "30"], id="announce-30"),
    pytest.param(BELOTE, [*HEARTS, "--points", "82", "--dix-de-der", "NS",
                          "--announce", "NS:lots"], ["--announce", "lots"],
                 id="announce-not-a-value"),
    pytest.param(BELOTE, [*HEARTS, "--points", "82", "--dix-de-der", "NS",
                          "--announce", "50"], ["--announce"], id="announce-no-team"),
    pytest.param(BELOTE, [*HEARTS, "--points", "100", "--dix-de-der", "NS", "--capot", "NS"],
                 ["--capot"], id="capot-without-all-points"),
    pytest.param(BELOTE, [*HEARTS, "--points", "10", "--dix-de-der", "EW", "--capot", "EW"],
                 ["--capot"], id="defence-capot-without-all-points"),
    pytest.param(BELOTE, [*HEARTS, "--points", "152", "--dix-de-der", "EW", "--capot", "NS"],
                 ["--capot"], id="capot-without-last-trick"),
    pytest.param(COINCHE, [*HEARTS, "--contract", "75", "--points", "98", "--dix-de-der", "NS"],
                 ["--contract", "75"], id="contract-75"),
    pytest.param(COINCHE, [*HEARTS, "--contract", "190", "--points", "98",
                           "--dix-de-der", "NS"], ["--contract", "190"], id="contract-190"),
    pytest.param(COINCHE, [*HEARTS, "--points", "98", "--dix-de-der", "NS"], ["--contract"],
                 id="contract-missing"),
    pytest.param(COINCHE, [*HEARTS, "--contract", "100", "--points", "98", "--dix-de-der", "NS",
                           "--generale-made"], ["--generale-made"],
                 id="generale-made-without-generale"),
    pytest.param(COINCHE, [*HEARTS, "--contract", "100", "--points", "98", "--dix-de-der", "NS",
                           "--coinche", "--surcoinche"], ["--surcoinche"],
                 id="coinche-and-surcoinche"),
    pytest.param(BELOTE, [*HEARTS, "--contract", "100", "--points", "98", "--dix-de-der", "NS"],
                 ["--contract", "belote"], id="contract-on-belote"),
    pytest.param(BELOTE, [*HEARTS, "--points", "98", "--dix-de-der", "NS", "--coinche"],
                 ["--coinche", "belote"], id="coinche-on-belote"),
    pytest.param(BELOTE, [*HEARTS, "--points", "98", "--dix-de-der", "NS", "--surcoinche"],
                 ["--surcoinche", "belote"], id="surcoinche-on-belote"),
    pytest.param(BELOTE, [*HEARTS, "--points", "98", "--dix-de-der", "NS", "--generale-made"],
                 ["--generale-made", "belote"], id="generale-made-on-belote"),
    pytest.param(BELOTE, ["--taker", "Sud", "--trump", "ta", "--points", "98",
                          "--dix-de-der", "NS"], ["--trump", "tout atout"],
                 id="tout-atout-in-belote"),
    pytest.param(BELOTE, ["--taker", "Sud", "--trump", "roses", "--points", "98",
                          "--dix-de-der", "NS"], ["--trump", "roses"], id="unknown-trump"),
    pytest.param(BELOTE, ["--taker", "Zed", "--trump", "hearts", "--points", "98",
                          "--dix-de-der", "NS"], ["--taker", "Zed"], id="unknown-taker"),
    pytest.param(BELOTE, [*HEARTS, "--points", "98", "--dix-de-der", "Zed"],
                 ["--dix-de-der", "Zed"], id="dix-de-der-nobody"),
    pytest.param(BELOTE, [*HEARTS, "--points", "98", "--dix-de-der", "NS", "--belote", "Them"],
                 ["--belote", "Them"], id="belote-team-nobody"),
    pytest.param(BELOTE, [*HEARTS, "--points", "98", "--dix-de-der", "NS",
                          "--announce", "Zed:50"], ["--announce", "Zed"],
                 id="announce-team-nobody"),
    pytest.param(BELOTE, [*HEARTS, "--points", "98", "--dix-de-der", "NS", "--capot", "Zed"],
                 ["--capot", "Zed"], id="capot-team-nobody"),
    # (without --dix-de-der, the taker's team took the last trick: tests/test_line_words.py)
    pytest.param(BELOTE, [*HEARTS, "--points", "98", "--dix-de-der", "NS", "--dix-de-der", "EW"],
                 ["--dix-de-der"], id="dix-de-der-twice"),
]  # fmt: skip


@pytest.mark.parametrize(("setup", "options", "fragments"), BELOTE_BAD)
def test_belote_coinche_bad_round(cli, sessions, setup, options, fragments) -> None:
    refuse_add(cli, sessions, setup, options, fragments)


# --------------------------------------------------------------------------------------------
# Rami (issue 4)

RAMI_BAD = [
    pytest.param(["--winner", "Ann", "--hand", "Bob=A Z 5", "--hand", "Cyd=5"],
                 ["--hand", "unknown card", "'Z'"], id="unknown-card"),
    pytest.param(["--winner", "Ann", "--hand", "Bob=11♥ 5", "--hand", "Cyd=5"],
                 ["--hand", "11♥"], id="unknown-card-11"),
    pytest.param(["--winner", "Ann", "--hand", "Bob=-5", "--hand", "Cyd=5"],
                 ["--hand", "-5"], id="negative-hand"),
    pytest.param(["--winner", "Ann", "--hand", "Bob=abc", "--hand", "Cyd=5"],
                 ["--hand", "abc"], id="non-numeric-hand"),
    pytest.param(["--winner", "Ann", "--hand", "Bob=12.5", "--hand", "Cyd=5"],
                 ["--hand", "12.5"], id="fractional-hand"),
    pytest.param(["--winner", "Ann", "--hand", "Bob=", "--hand", "Cyd=5"],
                 ["--hand"], id="empty-hand"),
    pytest.param(["--winner", "Ann", "--hand", "Bob", "--hand", "Cyd=5"],
                 ["--hand", "NAME=CARDS"], id="hand-without-equals"),
    pytest.param(["--winner", "Ann", "--hand", "Ann=5", "--hand", "Bob=5", "--hand", "Cyd=5"],
                 ["--hand", "Ann", "went out"], id="hand-for-the-winner"),
    pytest.param(["--winner", "Ann", "--hand", "Bob=5"], ["Cyd"], id="player-without-hand"),
    pytest.param(["--blocked", "--hand", "Ann=5", "--hand", "Bob=5"], ["Cyd"],
                 id="blocked-player-without-hand"),
    pytest.param(["--winner", "Ann", "--hand", "Bob=5", "--hand", "b=7", "--hand", "Cyd=5"],
                 ["--hand", "Bob", "twice"], id="hand-given-twice"),
    pytest.param(["--winner", "Ann", "--hand", "Zed=5", "--hand", "Bob=5", "--hand", "Cyd=5"],
                 ["--hand", "Zed"], id="hand-of-nobody"),
    pytest.param(["--winner", "Zed", "--hand", "Bob=5", "--hand", "Cyd=5"],
                 ["--winner", "Zed"], id="unknown-winner"),
    pytest.param(["--hand", "Bob=5", "--hand", "Cyd=5"], ["--winner"], id="no-winner"),
    pytest.param(["--winner", "Ann", "--blocked", "--hand", "Ann=5", "--hand", "Bob=5",
                  "--hand", "Cyd=5"], ["--winner", "--blocked"], id="winner-and-blocked"),
    pytest.param(["--blocked", "--rami-sec", "--hand", "Ann=5", "--hand", "Bob=5",
                  "--hand", "Cyd=5"], ["--rami-sec", "--blocked"], id="rami-sec-and-blocked"),
    pytest.param(["--winner", "Ann", "--hand", "Bob=5", "--hand", "Cyd=5",
                  "--not-opened", "Ann"], ["--not-opened", "Ann"], id="winner-not-opened"),
    pytest.param(["--winner", "Ann", "--hand", "Bob=5", "--hand", "Cyd=5",
                  "--not-opened", "Zed"], ["--not-opened", "Zed"], id="not-opened-nobody"),
]  # fmt: skip


@pytest.mark.parametrize(("options", "fragments"), RAMI_BAD)
def test_rami_bad_round(cli, sessions, options, fragments) -> None:
    refuse_add(cli, sessions, RAMI3, options, fragments)


# --------------------------------------------------------------------------------------------
# Options of another game, typos


OTHER_GAME = [
    pytest.param(TAROT4, ["--taker", "Ann", *GARDE, "--winner", "Bob"], ["--winner", "tarot"],
                 id="winner-on-tarot"),
    pytest.param(TAROT4, ["--taker", "Ann", *GARDE, "--trump", "hearts"], ["--trump", "tarot"],
                 id="trump-on-tarot"),
    pytest.param(TAROT4, ["--taker", "Ann", *GARDE, "--rami-sec"], ["--rami-sec", "tarot"],
                 id="flag-of-rami-on-tarot"),
    pytest.param(RAMI3, ["--winner", "Ann", "--hand", "Bob=5", "--hand", "Cyd=5",
                         "--taker", "Bob"], ["--taker", "rami"], id="taker-on-rami"),
    pytest.param(BELOTE, [*HEARTS, "--points", "98", "--dix-de-der", "NS", "--bouts", "2"],
                 ["--bouts", "belote"], id="bouts-on-belote"),
    pytest.param(COINCHE, [*HEARTS, "--contract", "100", "--points", "98", "--dix-de-der", "NS",
                           "--hand", "Sud=5"], ["--hand", "coinche"], id="hand-on-coinche"),
]  # fmt: skip


@pytest.mark.parametrize(("setup", "options", "fragments"), OTHER_GAME)
def test_option_of_another_game(cli, sessions, setup, options, fragments) -> None:
    refuse_add(cli, sessions, setup, options, fragments)


@pytest.mark.parametrize(
    ("command", "fragments"),
    [
        (["add", "--takr", "Ann", *GARDE], ["--takr"]),
        (["add", "--taker"], ["--taker"]),
        (["show", "--jsn"], ["--jsn"]),
        (["new", "tarot", "--names", "A,B,C,D", "--no-play", "--players", "four"], ["--players"]),
        (["frobnicate"], ["frobnicate"]),
        (["list", "extra"], ["extra"]),
    ],
    ids=["typo-takr", "option-without-value", "typo-show", "players-not-int", "no-command",
         "extra-argument"],
)  # fmt: skip
def test_usage_errors_are_one_line(cli, sessions, command, fragments) -> None:
    start(cli, TAROT4)
    before = sessions()
    assert_refused(cli(*command), *fragments)
    assert sessions() == before


def test_delete_without_yes_and_no_terminal_is_refused(cli, sessions) -> None:
    sid = start(cli, TAROT4)
    before = sessions()
    assert_refused(cli("delete", sid), "--yes")
    assert sessions() == before


def test_undo_redo_with_nothing_to_do(cli, sessions) -> None:
    sid = cli("new", *TAROT4, "--no-play").out.strip()
    before = sessions()
    assert_refused(cli("undo", sid), "undo")
    assert_refused(cli("corriger", sid), "undo")
    assert_refused(cli("redo", sid), "redo")
    assert sessions() == before


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["convert", "92"], ["92"]),
        (["convert", "-1"], ["-1"]),
        (["convert", "lots"], ["lots"]),
        (["convert", "35,5", "--rules", "bogus"], ["--rules", "bogus"]),
        (["rules", "poker"], ["poker"]),
        (["rules", "tarot", "--rules", "bogus"], ["--rules", "bogus"]),
    ],
)
def test_convert_and_rules_bad_input(cli, args, fragments) -> None:
    assert_refused(cli(*args), *fragments)
