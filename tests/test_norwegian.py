"""Norwegian (bokmål) through the command line: chosen by --lang nb, its help, its dates, and
the words a Norwegian table types (spar, spillfører, meldt, Kn, nei) taken like the English
ones."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest


def ok(result):
    assert result.code == 0, result.err
    return result


def new_belote(cli) -> str:
    return ok(cli("new", "belote", "--names", "Ann,Bob,Cyd,Dan", "--no-play")).out.strip()


def test_help_in_norwegian(cli) -> None:
    root = ok(cli("--lang", "nb", "--help")).out
    assert root.startswith("Bruk: cardscore [VALG] KOMMANDO")
    assert "Språk: en, fr eller nb" in root and "--lang en|fr|nb" in root
    assert "Options:" not in root and "Commands:" not in root
    add = ok(cli("--lang", "nb", "add", "--help")).out
    assert "--trump spar|hjerter|ruter|kløver|sa" in add
    assert "--chelem meldt|umeldt|gått-ned|forsvaret" in add
    words = " ".join(add.split())
    assert "[belote, coinche] laget som tok siste stikk: spillfører, forsvaret" in words


@pytest.mark.parametrize("code", ["nb", "NB", "no", "nn"])
def test_lang_nb_and_its_fallbacks(cli, code: str) -> None:
    result = cli("--lang", code, "show")
    assert result.code == 2
    assert result.err == (
        "cardscore: feil: ingen lagret økt ennå: start en med `cardscore new SPILL`\n"
    )


def test_an_unknown_language_names_the_three(cli) -> None:
    result = cli("--lang", "de", "list")
    assert result.code == 2
    assert result.err == "cardscore: error: --lang: 'de' is not a language (en, fr, nb)\n"


def test_norwegian_words_score_like_english_ones(cli) -> None:
    english, norwegian = new_belote(cli), new_belote(cli)
    english_round = ["--taker", "Bob", "--trump", "spades", "--points", "71"]
    english_round += ["--dix-de-der", "taker", "--belote", "defense"]
    norwegian_round = ["--taker", "Bob", "--trump", "Spar", "--points", "71"]
    norwegian_round += ["--dix-de-der", "spillfører", "--belote", "Forsvaret"]
    a = ok(cli("add", english, "--json", *english_round)).json()
    b = ok(cli("--lang", "nb", "add", norwegian, "--json", *norwegian_round)).json()
    # 81 + 20 belote against 71 + 10: Bob's team falls (gått ned), 162 + 20 to the defence.
    assert a["totals"] == b["totals"] == {"Ann & Cyd": 182, "Bob & Dan": 0}

    tarot = ok(cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--no-play")).out.strip()
    chelem = ["--taker", "Bob", "--contract", "garde", "--bouts", "3", "--points", "91"]
    shown = ok(cli("add", tarot, "--json", *chelem, "--chelem", "meldt")).json()
    session = json.loads(next(p for p in _sessions(cli) if tarot in p.name).read_text("utf-8"))
    assert session["rounds"][0]["chelem"] == "announced"
    assert shown["totals"]["Bob"] > 0

    rami = ok(cli("new", "rami", "--names", "Ann,Bob,Cyd", "--no-play")).out.strip()
    hands = ["--hand", "Bob=Kn D K E 5r", "--hand", "Cyd=7"]
    shown = ok(cli("add", rami, "--json", "--winner", "Ann", *hands)).json()
    assert shown["totals"] == {"Ann": 0, "Bob": 46, "Cyd": 7}


def _sessions(cli) -> list[Path]:
    return sorted((Path(os.environ["CARDSCORE_HOME"]) / "sessions").glob("*.json"))


def test_a_parameter_set_to_nei(cli) -> None:
    sid = ok(cli("new", "tarot", "--names", "Ann,Bob,Cyd,Dan", "--set", "half-points=nei",
                 "--no-play")).out.strip()  # fmt: skip
    session = json.loads(next(p for p in _sessions(cli) if sid in p.name).read_text("utf-8"))
    assert session["params"]["half_points"] is False
    refused = cli(
        "--lang", "nb", "new", "tarot", "--names", "A,B,C,D", "--set", "half-points=kanskje"
    )
    assert refused.code == 2
    assert "--set half-points: «kanskje» er verken ja eller nei" in refused.err


def test_dates_in_norwegian(cli) -> None:
    sid = new_belote(cli)
    session = json.loads(_sessions(cli)[0].read_text("utf-8"))
    year, month, day = session["created"][:10].split("-")
    when = f"{day}.{month}.{year} {session['created'][11:16]}"
    sheet = ok(cli("--lang", "nb", "print", sid)).out
    assert when in sheet and session["created"][:10] not in sheet
    listing = ok(cli("--lang", "nb", "list")).out
    assert re.search(rf"{day}\.{month}\.{year}", listing)
    assert session["created"][:10] in ok(cli("print", sid)).out  # English: ISO
