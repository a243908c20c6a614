"""One minus sign everywhere a person reads (issue 25, point 2): the one the keyboard types
and the totals use, in the breakdown, the statistics and the corrections too."""

from __future__ import annotations

import re

import pytest

from test_export import new, ok

TYPOGRAPHIC = "\u2212"  # the minus sign the breakdowns and the statistics once used


@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_every_screen_writes_the_same_minus(cli, lang: str) -> None:
    sid = new(cli, "tarot", "--names", "Ann,Bob,Cyd,Dan", "--set", "miseres=on")
    said = [
        ok(cli("--lang", lang, "add", sid, "--taker", "Bob", "--contract", "garde",
               "--bouts", "1", "--points", "40", "--poignee", "Bob")).out,
        ok(cli("--lang", lang, "add", sid, "--taker", "Cyd", "--contract", "prise",
               "--bouts", "2", "--points", "45", "--petit-au-bout", "Dan")).out,
        ok(cli("--lang", lang, "edit", "1", "--points", "35")).out,
        ok(cli("--lang", lang, "show", sid, "--detail")).out,
        ok(cli("--lang", lang, "history", sid)).out,
        ok(cli("--lang", lang, "stats")).out,
        ok(cli("--lang", lang, "print", sid)).out,
    ]  # fmt: skip
    text = "\n".join(said)
    assert TYPOGRAPHIC not in text
    # a defender's share in the breakdown is written as his score under it
    share = re.search(r"→ .*Bob (-\d+) \(3 × (-\d+)\)", said[0])
    assert share, said[0]
    assert re.search(rf"│ +{share.group(1)} │", said[0])  # the total, as its share
    assert re.search(rf"per defender: .* = {share.group(2)}$", said[0], re.M) or lang != "en"
