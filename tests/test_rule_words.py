"""The rule set in the table's language (issue 25, points 5 and 6): a sheet's rule line and
rule table name each parameter by its label and its value by the word a user says, as
`cardscore rules` does; `--set` takes a choice's word in any language, or the value stored in
the file (old files and old commands keep working); no internal word such as ``seed``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from test_export import new, ok, pdf_text

#: every parameter key of every game, as ``--set`` takes them (what a sheet must not show)
KEYS = {
    "tarot": ["scoring=", "half-points", "value-prise", "value-garde", "miseres", "passe="],
    "belote": ["sans-atout-ace", "capot-made-value", "dedans-announcements", "litige-belote"],
    "coinche": ["coinche-announcements", "capot-base", "rounding", "seed"],
    "rami": ["never-opened", "rami-sec", "target-per-opponent", "joker="],
}
MAISON = {
    "tarot": ["--rules", "maison", "--set", "miseres=on"],
    "belote": [],
    "coinche": [],
    "rami": [],
}
NAMES = {"rami": "Ann,Bob,Cyd"}


@pytest.mark.parametrize("lang", ["fr", "nb"])
@pytest.mark.parametrize("game", list(KEYS))
def test_a_sheet_names_the_rules_in_its_language(cli, tmp_path: Path, game: str, lang: str):
    sid = new(cli, game, "--names", NAMES.get(game, "Ann,Bob,Cyd,Dan"), *MAISON[game])
    pdf = tmp_path / "sheet.pdf"
    ok(cli("--lang", lang, "print", sid, "-o", str(pdf)))
    said = {
        fmt: ok(cli("--lang", lang, "print", sid, "--format", fmt)).out
        for fmt in ("txt", "md", "html")
    }
    said["pdf"] = pdf_text(pdf.read_bytes())
    for fmt, text in said.items():
        flat = " ".join(text.split())
        for key in KEYS[game]:
            assert key not in flat, (fmt, key)
        assert " on," not in flat and " off," not in flat, fmt  # on/off as oui/non, ja/nei
    rules = " ".join(said["txt"].split())
    expected = {
        ("tarot", "fr"): "décompte maison, demi-points non",
        ("tarot", "nb"): "poengberegning maison, halve poeng nei",
        ("belote", "fr"): "annonces d'un dedans toutes, belote d'un litige gardée",
        ("belote", "nb"): "belote ved tvist beholdt",
        ("coinche", "fr"): "annonces d'une donne coinchée ou chutée contrat-fait",
        ("coinche", "nb"): "meldinger i en runde som er coinché eller gått ned bare-oppfylt",
        ("rami", "fr"): "perdant qui n'a pas ouvert plus, ajouté sans ouverture 25",
        ("rami", "nb"): "rami sec fast",
    }[game, lang]
    assert expected in rules


def test_the_english_sheet_says_labels_too(cli) -> None:
    sid = new(cli, "belote", "--names", "Ann,Bob,Cyd,Dan")
    said = " ".join(ok(cli("print", sid)).out.split())
    assert "Rules: ace in sans atout 11, capot 252" in said
    assert "announcements of a dedans all, belote in a litige kept" in said


def test_rules_lists_the_choices_in_the_users_words(cli) -> None:
    table = ok(cli("--lang", "nb", "rules", "belote")).out
    row = {
        line.split("│")[1].strip(): line.split("│")[2].strip()
        for line in table.splitlines()
        if line.count("│") >= 3 and line.split("│")[1].strip()
    }
    assert row["dedans-announcements"] == "alle"
    assert row["litige-belote"] == "beholdt"
    assert "all" not in row.values() and "kept" not in row.values()
    coinche = ok(cli("rules", "coinche")).out
    assert "made-only" in coinche and "seed" not in coinche


@pytest.mark.parametrize(
    ("game", "setting", "key", "stored"),
    [
        ("belote", "litige-belote=beholdt", "litige_belote", "kept"),
        ("belote", "litige-belote=réservée", "litige_belote", "held"),
        ("belote", "litige-belote=held", "litige_belote", "held"),
        ("belote", "dedans-announcements=Propres", "dedans_announcements", "own"),
        ("coinche", "coinche-announcements=seed", "coinche_announcements", "seed"),
        ("coinche", "coinche-announcements=made-only", "coinche_announcements", "seed"),
        ("coinche", "coinche-announcements=gagnant", "coinche_announcements", "winner"),
        ("rami", "never-opened=forfait", "never_opened", "flat"),
        ("rami", "rami-sec=dobbel", "rami_sec", "double"),
    ],
)
def test_set_takes_a_choice_by_its_word_in_any_language(
    cli, game: str, setting: str, key: str, stored: str
) -> None:
    sid = new(cli, game, "--names", NAMES.get(game, "Ann,Bob,Cyd,Dan"), "--set", setting)
    saved = json.loads(ok(cli("show", sid, "--json")).out)
    assert saved["params"][key] == stored  # the file keeps the value old versions read


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "--set litige-belote: 'maybe' is not accepted (kept, held)"),
        ("fr", "--set litige-belote : « maybe » n'est pas accepté (gardée, réservée)"),
        ("nb", "--set litige-belote: «maybe» er ikke tillatt (beholdt, på-vent)"),
    ],
)
def test_a_wrong_word_is_refused_in_one_line(cli, sessions, lang: str, said: str) -> None:
    before = sessions()
    done = cli("--lang", lang, "new", "belote", "--names", "Ann,Bob,Cyd,Dan",
               "--set", "litige-belote=maybe", "--no-play")  # fmt: skip
    assert done.code == 2
    assert re.sub(r"^cardscore ?: [^:]+ ?: ", "", done.err.strip()) == said
    assert sessions() == before
