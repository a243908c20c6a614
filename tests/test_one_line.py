"""A round typed as one line (``add --line``) is the very round its options record: for each
game, every line below is added to one session and its options to another, round after round,
and the two sessions store the same inputs and score the same numbers.  Then the refusals:
an unknown word, a line with other options, a word said twice, too many players."""

from __future__ import annotations

from typing import Any

import pytest

TAROT5 = "Ann,Bob,Cyd,Dan,Eve"
CARDS = "Nord,Est,Sud,Ouest"
RAMI = "Ann,Bob,Cyd"

# (line, the same round as add options)
TAROT = [
    ("bob g 2b 49 dan", "--taker Bob --contract garde --bouts 2 --points 49 --called Dan"),
    ("Cyd prise 1b d35,5 seul", "--taker Cyd --contract prise --bouts 1 --defense-points 35,5"),
    ("ann gs 3b 60 pab:ann poi:ann:double seul",
     "--taker Ann --contract garde-sans --bouts 3 --points 60 --petit-au-bout Ann "
     "--poignee Ann:double"),
    ("passe", "--contract passe"),
    ("dan garde 2 bouts 49 avec eve",
     "--taker Dan --contract garde --bouts 2 --points 49 --called Eve"),
    ("g 2b 41 eve ann", "--taker Eve --contract garde --bouts 2 --points 41 --called Ann"),
    ("BOB PRISE 0B 56 ALONE", "--taker Bob --contract prise --bouts 0 --points 56"),
    ("cyd gc 3b 36 with bob", "--taker Cyd --contract garde-contre --bouts 3 --points 36 "
     "--called Bob"),
    ("ann petite 1b 50,5 ann", "--taker Ann --contract prise --bouts 1 --points 50.5 "
     "--called Ann"),
    ("dan g 2b def 40 seul", "--taker Dan --contract garde --bouts 2 --defense-points 40"),
    ("eve g 1b 52 pab:eve alene", "--taker Eve --contract garde --bouts 1 --points 52 "
     "--petit-au-bout Eve"),
    ("seul bob p 2b 45 poignee:cyd", "--taker Bob --contract prise --bouts 2 --points 45 "
     "--poignee Cyd"),
    ("cyd g 3b 91 chelem:announced seul", "--taker Cyd --contract garde --bouts 3 --points 91 "
     "--chelem announced"),
    ("ann g 1b 4 chelem:defense seul", "--taker Ann --contract garde --bouts 1 --points 4 "
     "--chelem defense"),
    ("dan garde-sans 2b 30 bob", "--taker Dan --contract garde-sans --bouts 2 --points 30 "
     "--called Bob"),
    ("eve prise 0b 70 poi:eve:triple poi:dan seul",
     "--taker Eve --contract prise --bouts 0 --points 70 --poignee Eve:triple --poignee Dan"),
    ("bob gs 2b d35 cyd", "--taker Bob --contract garde-sans --bouts 2 --defense-points 35 "
     "--called Cyd"),
    ("2b 49 g ann seul", "--taker Ann --contract garde --bouts 2 --points 49"),
    ("cyd g 1b 51 chelem:chute seul", "--taker Cyd --contract garde --bouts 1 --points 51 "
     "--chelem failed"),
    ("dan prise 3b 36,5 pab:dan eve", "--taker Dan --contract prise --bouts 3 --points 36.5 "
     "--petit-au-bout Dan --called Eve"),
    ("Éve garde 2b 41 seul", "--taker Eve --contract garde --bouts 2 --points 41"),
]  # fmt: skip

BELOTE = [
    ("sud coeur 98", "--taker Sud --trump hearts --points 98 --dix-de-der taker"),
    ("est pique 70 ddd:ouest belote:est",
     "--taker Est --trump spades --points 70 --dix-de-der Ouest --belote Est"),
    ("nord trefle 100 ddd:defense", "--taker Nord --trump clubs --points 100 "
     "--dix-de-der defense"),
    ("ouest carreau d60", "--taker Ouest --trump diamonds --defense-points 60 "
     "--dix-de-der taker"),
    ("sud sa 80", "--taker Sud --trump sa --points 80 --dix-de-der taker"),
    ("est ♥ 90 ann:est:50", "--taker Est --trump hearts --points 90 --dix-de-der taker "
     "--announce Est:50"),
    ("nord coeur capot:nord", "--taker Nord --trump hearts --capot Nord"),
    ("OUEST PIQUE 82 DDD:SUD", "--taker Ouest --trump spades --points 82 --dix-de-der Sud"),
    ("sud hearts 76 belote:taker", "--taker Sud --trump hearts --points 76 "
     "--dix-de-der taker --belote taker"),
    ("est trefle 81 annonce:nord:20", "--taker Est --trump clubs --points 81 "
     "--dix-de-der taker --announce Nord:20"),
    ("nord carreau 120 bel:sud", "--taker Nord --trump diamonds --points 120 "
     "--dix-de-der taker --belote Sud"),
    ("ouest sa d40 ddd:nord", "--taker Ouest --trump sa --defense-points 40 --dix-de-der Nord"),
    ("sud pique 71 der:est", "--taker Sud --trump spades --points 71 --dix-de-der Est"),
    ("est coeur 95 ann:taker:100", "--taker Est --trump hearts --points 95 "
     "--dix-de-der taker --announce taker:100"),
    ("nord ♠ 62", "--taker Nord --trump spades --points 62 --dix-de-der taker"),
    ("ouest ♦ 88 belote:ouest", "--taker Ouest --trump diamonds --points 88 "
     "--dix-de-der taker --belote Ouest"),
    ("sud ♣ 100", "--taker Sud --trump clubs --points 100 --dix-de-der taker"),
    ("est sa 70 ddd:defense", "--taker Est --trump sa --points 70 --dix-de-der defense"),
    ("nord coeur d80", "--taker Nord --trump hearts --defense-points 80 --dix-de-der taker"),
    ("ouest pique capot:defense", "--taker Ouest --trump spades --capot defense"),
]  # fmt: skip

COINCHE = [
    ("sud 110 coeur 98 coinche", "--taker Sud --contract 110 --trump hearts --points 98 "
     "--coinche --dix-de-der taker"),
    ("est 80 pique 90", "--taker Est --contract 80 --trump spades --points 90 "
     "--dix-de-der taker"),
    ("nord capot coeur capot:nord", "--taker Nord --contract capot --trump hearts "
     "--capot Nord"),
    ("ouest 80 ta d60 surcoinche", "--taker Ouest --contract 80 --trump ta "
     "--defense-points 60 --surcoinche --dix-de-der taker"),
    ("sud 100 sa 110", "--taker Sud --contract 100 --trump sa --points 110 "
     "--dix-de-der taker"),
    ("est 120 trefle 130 belote:est", "--taker Est --contract 120 --trump clubs --points 130 "
     "--dix-de-der taker --belote Est"),
    ("nord 90 carreau 95 ddd:ouest", "--taker Nord --contract 90 --trump diamonds "
     "--points 95 --dix-de-der Ouest"),
    ("ouest 140 coeur 100 ann:ouest:50", "--taker Ouest --contract 140 --trump hearts "
     "--points 100 --dix-de-der taker --announce Ouest:50"),
    ("sud 160 pique 152", "--taker Sud --contract 160 --trump spades --points 152 "
     "--dix-de-der taker"),
    ("est 80 tout-atout 100", "--taker Est --contract 80 --trump ta --points 100 "
     "--dix-de-der taker"),
    ("nord 100 ♥ 81 coinche", "--taker Nord --contract 100 --trump hearts --points 81 "
     "--coinche --dix-de-der taker"),
    ("ouest 90 ♠ d70", "--taker Ouest --contract 90 --trump spades --defense-points 70 "
     "--dix-de-der taker"),
    ("sud 130 ♦ 140 der:defense", "--taker Sud --contract 130 --trump diamonds --points 140 "
     "--dix-de-der defense"),
    ("est 110 ♣ 90 surcoinche ddd:nord", "--taker Est --contract 110 --trump clubs "
     "--points 90 --surcoinche --dix-de-der Nord"),
    ("nord 80 sa 70", "--taker Nord --contract 80 --trump sa --points 70 --dix-de-der taker"),
    ("ouest 150 coeur 120 bel:ouest", "--taker Ouest --contract 150 --trump hearts "
     "--points 120 --dix-de-der taker --belote Ouest"),
    ("sud 100 pique 110 annonce:sud:20", "--taker Sud --contract 100 --trump spades "
     "--points 110 --dix-de-der taker --announce Sud:20"),
    ("est 80 carreau 82", "--taker Est --contract 80 --trump diamonds --points 82 "
     "--dix-de-der taker"),
    ("nord 90 trefle 100 coinche ddd:sud", "--taker Nord --contract 90 --trump clubs "
     "--points 100 --coinche --dix-de-der Sud"),
    ("ouest generale coeur capot:ouest generale-faite", "--taker Ouest --contract generale "
     "--trump hearts --capot Ouest --generale-made"),
]  # fmt: skip

RAMI_ROUNDS = [
    ("ann bob=36 cyd=R+D+5", "--winner Ann --hand Bob=36 --hand 'Cyd=R D 5'"),
    ("bloque ann=3 bob=12 cyd=40", "--blocked --hand Ann=3 --hand Bob=12 --hand Cyd=40"),
    ("ann sec", "--winner Ann --rami-sec"),
    ("bob ann=20 cyd=15 !cyd", "--winner Bob --hand Ann=20 --hand Cyd=15 --not-opened Cyd"),
    ("cyd ann=5 bob=8", "--winner Cyd --hand Ann=5 --hand Bob=8"),
    ("ann=10 bob cyd=12", "--winner Bob --hand Ann=10 --hand Cyd=12"),
    ("BLOCKED ann=1 bob=2 cyd=3", "--blocked --hand Ann=1 --hand Bob=2 --hand Cyd=3"),
    ("bob sec", "--winner Bob --rami-sec"),
    ("cyd ann=A,JK,5 bob=7", "--winner Cyd --hand 'Ann=A JK 5' --hand Bob=7"),
    ("ann bob=0 cyd=0", "--winner Ann --hand Bob=0 --hand Cyd=0"),
    ("bob ann=30 cyd=40 !ann !cyd",
     "--winner Bob --hand Ann=30 --hand Cyd=40 --not-opened Ann --not-opened Cyd"),
    ("cyd sec", "--winner Cyd --rami-sec"),
    ("ann bob=R+R cyd=9", "--winner Ann --hand 'Bob=R R' --hand Cyd=9"),
    ("bloque ann=10 bob=10 cyd=9", "--blocked --hand Ann=10 --hand Bob=10 --hand Cyd=9"),
    ("bob ann=11 cyd=22", "--winner Bob --hand Ann=11 --hand Cyd=22"),
    ("cyd ann=4 bob=5 !bob", "--winner Cyd --hand Ann=4 --hand Bob=5 --not-opened Bob"),
    ("ann bob=6 cyd=7", "--winner Ann --hand Bob=6 --hand Cyd=7"),
    ("bob ann=13 cyd=14", "--winner Bob --hand Ann=13 --hand Cyd=14"),
    ("cyd ann=2 bob=3", "--winner Cyd --hand Ann=2 --hand Bob=3"),
    ("ann bob=1 cyd=1", "--winner Ann --hand Bob=1 --hand Cyd=1"),
]  # fmt: skip

GAMES = {
    "tarot": (TAROT5, TAROT),
    "belote": (CARDS, BELOTE),
    "coinche": (CARDS, COINCHE),
    "rami": (RAMI, RAMI_ROUNDS),
}


def _options(text: str) -> list[str]:
    import shlex

    return shlex.split(text)


def _new(cli, game: str, names: str) -> str:
    made = (
        cli("new", game, "--names", names, "--target", "100000", "--no-play")
        if game != ("tarot")
        else cli("new", game, "--names", names, "--no-play")
    )
    assert made.code == 0, made.err
    return made.out.strip()


@pytest.mark.parametrize("game", list(GAMES))
def test_every_line_stores_and_scores_as_its_options(cli, game: str) -> None:
    names, rounds = GAMES[game]
    assert len(rounds) >= 20
    by_line, by_options = _new(cli, game, names), _new(cli, game, names)
    for line, options in rounds:
        added = cli("add", by_line, "--line", line)
        assert added.code == 0, (line, added.err)
        again = cli("add", by_options, *_options(options))
        assert again.code == 0, (options, again.err)
    lined: dict[str, Any] = cli("show", by_line, "--json").json()
    optioned: dict[str, Any] = cli("show", by_options, "--json").json()
    for a, b, (line, _) in zip(lined["rounds"], optioned["rounds"], rounds, strict=True):
        assert a["input"] == b["input"], line
        assert a["scores"] == b["scores"], line
    assert lined["totals"] == optioned["totals"]


def test_edit_line_replaces_the_whole_round(cli) -> None:
    sid = _new(cli, "tarot", TAROT5)
    assert cli("add", sid, "--line", "bob g 2b 49 dan pab:bob").code == 0
    edited = cli("edit", sid, "1", "--line", "cyd prise 1b d35,5 seul", "--json")
    assert edited.code == 0, edited.err
    inp = edited.json()["round"]["input"]
    assert (inp["taker"], inp["contract"], inp["called"], inp["points"]) == (
        "Cyd", "prise", None, 55.5,
    )  # fmt: skip
    assert inp["petit_au_bout"] is None  # nothing of the old round is kept


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("bob gx 2b 49", "'gx': neither a player nor a word of this game"),
        ("bob g 2b 49 dan eve", "the line names 3 players"),
        ("bob g 2b 49 50", "the line names 2 numbers"),
        ("bob g p 2b 49", "the line says --contract twice"),
        ("bob g 5b 49", "--bouts"),
        ("   ", "the line is empty"),
    ],
)
def test_a_line_that_cannot_be_read_is_one_line_and_saves_nothing(
    cli, sessions, line: str, fragment: str
) -> None:
    sid = _new(cli, "tarot", TAROT5)
    before = sessions()
    refused = cli("add", sid, "--line", line)
    assert refused.code == 2, refused.out
    assert fragment in refused.err and len(refused.err.splitlines()) == 1, refused.err
    assert sessions() == before


def test_a_line_with_other_round_options_is_refused(cli, sessions) -> None:
    sid = _new(cli, "tarot", TAROT5)
    before = sessions()
    refused = cli("add", sid, "--line", "bob g 2b 49", "--taker", "Ann")
    assert refused.code == 2
    assert "--line is the whole round" in refused.err and "--taker" in refused.err
    assert sessions() == before


def test_an_exact_name_wins_over_a_word(cli) -> None:
    """A player named like a contract's abbreviation is that player when typed whole."""
    sid = _new(cli, "tarot", "G,Ann,Bob,Cyd")
    added = cli("add", sid, "--line", "g garde 2b 49", "--json")
    assert added.code == 0, added.err
    assert added.json()["round"]["input"]["taker"] == "G"


def test_a_refusal_is_said_in_french(cli) -> None:
    sid = _new(cli, "tarot", TAROT5)
    refused = cli("--lang", "fr", "add", sid, "--line", "bob gx")
    assert refused.code == 2
    assert "« gx » : ni un joueur, ni un mot de ce jeu" in refused.err
