"""`cardscore stats` through the command line: the figures of a few sessions worked out by
hand, as text (80 and 120 columns, English and French) and as JSON; every option; every bad
option refused in one line (exit status 2); the empty cases said in a sentence; several homes;
the catalog's warnings passed on; and no session file ever written."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardscore.games.base import fold
from test_cli_corrections import assert_one_line_error, ok

Cli = Callable[..., Any]

# A 5-player tarot (fft) worked out by hand: unit = (25 + gap) × multiplier; the taker gets
# two units, his called partner one, each defender pays one.
TAROT_ROUNDS = [
    # Ann garde, calls Bob, 2 bouts, 49 (41 needed): gap 8, (25 + 8) × 2 = 66 → Ann +132,
    # Bob +66, Cyd, Dan, Zoé -66
    "--taker Ann --contract garde --called Bob --bouts 2 --points 49",
    # Bob prise, calls Ann, 1 bout, 55 (51 needed): gap 4, 29 → Bob +58, Ann +29, others -29
    "--taker Bob --contract prise --called Ann --bouts 1 --points 55",
    # Cyd garde, calls Dan, 1 bout, 45 (51 needed): gap -6, fallen, (25 + 6) × 2 = 62 →
    # Cyd -124, Dan -62, Ann, Bob, Zoé +62
    "--taker Cyd --contract garde --called Dan --bouts 1 --points 45",
    # Ann prise, calls Bob, 1 bout, 51: gap 0, made, 25 → Ann +50, Bob +25, others -25
    "--taker Ann --contract prise --called Bob --bouts 1 --points 51",
]
TAROT_TOTALS = {"Ann": 273, "Bob": 211, "Cyd": -244, "Dan": -182, "Zoé": -58}
# rami (standard): the winner scores 0, the others the value of their hand
RAMI_ROUNDS = [
    "--winner ann --hand Bob=30 --hand zoe=20",
    "--winner Bob --hand ann=15 --hand zoe=40",
    "--winner zoe --hand ann=10 --hand Bob=5",
]
# belote: Ann & Cyd against Bob & Dan
BELOTE_ROUNDS = [
    "--taker Ann --trump hearts --points 100 --dix-de-der taker",
    "--taker Bob --trump spades --points 70 --dix-de-der defense",
    "--taker Cyd --trump clubs --points 152 --capot taker",
]


def new(cli: Cli, game: str, names: str, rounds: list[str]) -> str:
    sid = ok(cli("new", game, "--names", names, "--no-play")).out.strip()
    for options in rounds:
        ok(cli("add", sid, *options.split()))
    return sid


@pytest.fixture
def club(cli: Cli) -> dict[str, str]:
    """A tarot at five, a rami whose players are spelled otherwise (``ann``, ``zoe``: the
    same people), a belote."""
    return {
        "tarot": new(cli, "tarot", "Ann,Bob,Cyd,Dan,Zoé", TAROT_ROUNDS),
        "rami": new(cli, "rami", "ann,Bob,zoe", RAMI_ROUNDS),
        "belote": new(cli, "belote", "Ann,Bob,Cyd,Dan", BELOTE_ROUNDS),
    }


def stats_json(cli: Cli, *options: str) -> dict[str, Any]:
    return ok(cli("stats", "--json", *options)).json()


def player(doc: dict[str, Any], name: str) -> dict[str, Any]:
    (found,) = [p for p in doc["players"] if fold(p["name"]) == fold(name)]
    return found


def row(out: str, title: str, name: str) -> list[str]:
    """The cells of ``name``'s row in the table titled ``title`` (split on 2+ spaces), the
    name itself as the document spells it."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title))
    for line in lines[start + 1 :]:
        if line.startswith(("Tarot", "Belote", "Coinche", "Rami")):
            break
        cells = re.split(r"\s{2,}", line.strip())
        if cells and fold(cells[0]) == fold(name):  # spelled as the latest session does
            return cells
    raise AssertionError(f"no row {name!r} under {title!r}:\n{out}")


# --------------------------------------------------------------------------------------------
# The figures, by hand


def test_json_tarot_figures_are_those_worked_out_by_hand(cli: Cli, club: dict[str, str]) -> None:
    doc = stats_json(cli, "--game", "tarot")
    assert (doc["sessions"], doc["rounds"]) == (1, 4)
    assert {p["name"]: p["points"] for p in doc["players"]} == TAROT_TOTALS
    ann = player(doc, "Ann")["games"]["tarot"]
    # Ann leads, but 4 rounds at a table of 5 is not a full turn of deals: nobody's win
    assert (ann["sessions"], ann["wins"], ann["rounds"], ann["points"]) == (1, 0, 4, 273)
    assert [s["reason"] for s in doc["not_won"] if s["game"] == "tarot"] == [
        "fewer rounds than players (4 of 5): not a full turn of deals"
    ]
    assert ann["average"] == pytest.approx(68.25, abs=0.01)
    assert (ann["best"], ann["worst"]) == (132, 29)
    assert (ann["takes"], ann["made"], ann["take_share"]) == (2, 2, 0.5)
    assert ann["contracts"]["garde"] == {"takes": 1, "made": 1, "average_gap": 8}
    assert ann["contracts"]["prise"] == {"takes": 1, "made": 1, "average_gap": 0}
    assert ann["called"] == {"count": 1, "made": 1}
    assert ann["best_partner"] == {"name": "Bob", "rounds": 3, "won": 3}
    cyd = player(doc, "Cyd")["games"]["tarot"]
    assert (cyd["takes"], cyd["made"], cyd["best"], cyd["worst"]) == (1, 0, -25, -124)
    assert cyd["contracts"]["garde"] == {"takes": 1, "made": 0, "average_gap": -6}
    assert player(doc, "Zoé")["games"]["tarot"]["takes"] == 0
    assert player(doc, "Dan")["games"]["tarot"]["best_partner"] is None  # 1 round with Cyd
    assert [s["winners"] for s in doc["sessions_list"]] == [[]]  # nobody's, as above


def test_players_are_merged_across_games_case_and_accent_blind(
    cli: Cli, club: dict[str, str]
) -> None:
    doc = stats_json(cli)
    assert (doc["sessions"], doc["rounds"]) == (3, 10)
    names = sorted(fold(p["name"]) for p in doc["players"])
    assert names == ["ann", "bob", "cyd", "dan", "zoe"]  # Zoé of the tarot is zoe of the rami
    zoe = player(doc, "zoe")
    assert zoe["sessions"] == 2 and set(zoe["games"]) == {"tarot", "rami"}
    # rami: the winner scores 0, the others their hand
    assert zoe["games"]["rami"]["points"] == 60 and zoe["games"]["rami"]["rounds_won"] == 1
    assert zoe["points"] == -58 + 60
    ann = player(doc, "Ann")
    assert ann["games"]["rami"]["average_hand"] == pytest.approx(12.5)  # (15 + 10) / 2
    assert ann["rounds"] == 4 + 3 + 3
    # belote counts through the team: Ann & Cyd took twice and made it (a capot), Bob once
    belote = ann["games"]["belote"]
    assert (belote["takes"], belote["made"], belote["capots"]) == (2, 2, 1)
    assert player(doc, "Dan")["games"]["belote"]["takes"] == 1


def test_belote_points_are_the_team_totals_of_the_sheet(cli: Cli, club: dict[str, str]) -> None:
    sheet = ok(cli("show", club["belote"], "--json")).json()
    doc = stats_json(cli, "--game", "belote")
    (ann_team,) = [team for team in sheet["totals"] if "Ann" in team]
    (bob_team,) = [team for team in sheet["totals"] if "Bob" in team]
    for name, team in (("Ann", ann_team), ("Cyd", ann_team), ("Bob", bob_team)):
        assert player(doc, name)["points"] == sheet["totals"][team]


def test_text_table_shows_the_headline_figures(cli: Cli, club: dict[str, str]) -> None:
    result = ok(cli("stats", "--game", "tarot"))
    assert result.out.startswith("1 session, 4 rounds in ")
    assert row(result.out, "Tarot — 1 session, 4 rounds", "Ann")[1:] == [
        "0/1",
        "4",
        "273",
        "68.3",
        "+132",
        "+29",
        "–",
        "2 (50%)",
        "2 (100%)",
        "Bob 3/3",
    ]  # fmt: skip  (no rating: 4 rounds at 5 players is no counted session)
    assert row(result.out, "Tarot", "Cyd")[1:] == [
        "0/1", "4", "-244", "-61.0", "-25", "-124", "–", "1 (25%)", "0 (0%)", "–",
    ]  # fmt: skip
    assert row(result.out, "Tarot", "Zoé")[8:10] == ["0 (0%)", "–"]  # no take: no rate
    # the winner first, then by points per round
    lines = result.out.splitlines()
    rule = next(i for i, line in enumerate(lines) if line.strip().startswith("────"))
    end = next(i for i in range(rule, len(lines)) if not lines[i].strip())
    order = [fold(line.split()[0]) for line in lines[rule + 1 : end]]
    assert order == ["ann", "bob", "zoe", "dan", "cyd"]
    # the tarot win rule, said in a sentence
    assert "Tarot has no set end" in result.out
    assert "best total when it was last played" in result.out


def test_text_has_one_table_per_game_with_its_own_figures(cli: Cli, club: dict[str, str]) -> None:
    out = ok(cli("stats")).out
    titles = [line.split(" —")[0] for line in out.splitlines() if " — " in line]
    assert titles == ["Tarot", "Belote", "Rami"]
    assert row(out, "Belote", "Ann")[-5:] == ["2", "2 (100%)", "0", "0", "1"]  # takes, made,
    # dedans, litiges, capots
    # rounds won, avg hand, rami secs, rounds never opened
    assert row(out, "Rami", "ann")[-4:] == ["1 (33%)", "12.5", "0", "0"]


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_no_line_is_wider_than_the_terminal_and_no_number_is_cut(
    cli: Cli,
    club: dict[str, str],
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
    width: int,
    lang: str,
) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    out = ok(cli("--lang", lang, "stats")).out
    heading, *lines = out.splitlines()
    assert heading.endswith(str(home))  # a folder is not broken (the terminal wraps it)
    assert max(len(line.rstrip()) for line in lines) <= width
    assert "…" not in out
    separator = "." if lang == "en" else ","
    for cells in (row(out, "Tarot", "Ann"), row(out, "Tarot", "Cyd")):
        assert cells[2:5] in (
            ["4", "273", f"68{separator}3"],
            ["4", "-244", f"-61{separator}0"],
        )
    if width == 80:  # what was left out is said
        assert ("Left out at this width" in out) == (lang == "en")
        assert ("Colonnes laissées de côté à cette largeur" in out) == (lang == "fr")
        assert ("Utelatt ved denne bredden" in out) == (lang == "nb")
    else:
        assert "+132" in out and "Bob 3/3" in out


@pytest.mark.parametrize("width", [60, 80])
@pytest.mark.parametrize("lang", ["en", "fr", "nb"])
def test_a_name_is_never_broken_and_the_points_go_last(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, width: int, lang: str
) -> None:
    def named(rounds: list[str]) -> list[str]:  # Ann and Bob as long names
        return [
            " ".join(re.sub(r"^(?i:ann)\b", "Jean-Pierre", w).replace("Bob", "Marie-Hélène")
                     for w in r.split())
            for r in rounds
        ]  # fmt: skip

    new(cli, "tarot", "Jean-Pierre,Marie-Hélène,Cyd,Dan,Zoé", named(TAROT_ROUNDS))
    new(cli, "belote", "Jean-Pierre,Marie-Hélène,Cyd,Dan", named(BELOTE_ROUNDS))
    new(cli, "rami", "Jean-Pierre,Marie-Hélène,zoe", named(RAMI_ROUNDS))
    monkeypatch.setenv("COLUMNS", str(width))
    out = ok(cli("--lang", lang, "stats")).out
    lines = out.splitlines()
    assert max(len(line.rstrip()) for line in lines[1:]) <= width
    for name in ("Jean-Pierre", "Marie-Hélène"):  # each name whole on its row, in each table
        assert sum(line.startswith(f" {name} ") for line in lines) == 3, out
    points = {"en": "Points", "fr": "Points", "nb": "Poeng"}[lang]
    average = {"en": "Avg", "fr": "Moy.", "nb": "Snitt"}[lang]
    rating = {"en": "Rating", "fr": "Cote", "nb": "Rating"}[lang]
    heads = [line for line in lines if line.lstrip().startswith(("Player", "Joueur", "Spiller"))]
    assert len(heads) == 3 and all(rating in head for head in heads), heads  # the last to go
    for head in heads:  # the points go after the average, the rating after the points
        assert points in head or average not in head, head
    if width == 60:  # the average goes before the points
        assert any(average not in head for head in heads)


def test_the_belote_and_rami_tables_show_litiges_rami_secs_and_never_opened(
    cli: Cli, club: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "140")
    out = ok(cli("stats")).out
    heads = " ".join(line for line in out.splitlines() if line.startswith(" "))
    assert "Litiges" in heads and "Rami" in heads and "sec" in heads and "Never" in heads
    monkeypatch.setenv("COLUMNS", "60")  # left out at a narrow width, and said so
    narrow = " ".join(ok(cli("stats")).out.split())
    assert "Litiges" in narrow and "Rami sec" in narrow and "Never opened" in narrow


def test_at_any_width_the_tables_fit_and_keep_whole_numbers(
    cli: Cli, club: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The width a table needs is worked out from its cells: drawn by Rich at that width,
    nothing is cut nor wider than the terminal."""
    seen = set()
    for width in range(44, 131, 3):
        monkeypatch.setenv("COLUMNS", str(width))
        _heading, *lines = ok(cli("stats")).out.splitlines()
        assert max(len(line.rstrip()) for line in lines) <= width, width
        assert "…" not in "\n".join(lines), width
        seen.add(sum(line.startswith(" Player") for line in lines))
        assert row("\n".join(lines), "Tarot", "Cyd")[-1] in ("0 (0%)", "–")  # not cut
    assert seen == {3}  # every game's table, at every width


# --------------------------------------------------------------------------------------------
# --player


def test_player_sheet_has_every_figure_per_game_and_contract(
    cli: Cli, club: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # the games one under the other
    out = ok(cli("stats", "--player", "ANN")).out
    assert re.match(r"(Ann|ann) — sessions won: 0 of 3; 10 rounds, 822 points\n", out)
    lines = [re.split(r"\s{2,}", line.strip()) for line in out.splitlines()]
    assert ["Takes (share of their rounds)", "2 (50%)"] in lines
    assert ["Called as partner", "1"] in lines
    assert ["Best partner (won/together)", "Bob 3/3"] in lines
    assert ["garde", "1", "1 (100%)", "+8.0"] in lines  # per contract: takes, made, gap
    assert ["prise", "1", "1 (100%)", "0.0"] in lines
    assert ["Capots", "1"] in lines  # belote, through his team
    assert ["Average hand left", "12.5"] in lines  # rami
    assert "garde sans" not in out  # a contract never taken has no line


def test_player_who_never_took_is_said_in_a_sentence(cli: Cli, club: dict[str, str]) -> None:
    out = ok(cli("stats", "--player", "zoe")).out
    assert re.search(r"^(Zoé|zoe) has not taken yet \(tarot\)\. *$", out, re.MULTILINE)
    assert "Traceback" not in out and "division" not in out


def test_player_sheet_at_120_columns_sets_the_games_side_by_side(
    cli: Cli, club: dict[str, str]
) -> None:
    lines = ok(cli("stats", "--player", "Ann")).out.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 120
    assert any(re.match(r"Tarot +Belote *$", line) for line in lines)
    assert any(re.match(r" +Sessions played +1 +Sessions played +1 *$", line) for line in lines)


def test_a_team_that_never_took_is_said_in_a_sentence(cli: Cli) -> None:
    bid = "--taker Ann --trump hearts --contract 80 --points 100 --dix-de-der taker --coinche"
    new(cli, "coinche", "Ann,Bob,Cyd,Dan", [bid])
    bob = ok(cli("stats", "--player", "bob")).out
    assert "Bob's team has not taken yet (coinche)." in bob
    assert "Per level" not in bob  # no contract of his team: no table of levels
    ann = [
        re.split(r"\s{2,}", line.strip())
        for line in ok(cli("stats", "--player", "ann")).out.splitlines()
    ]
    assert ["coinché", "1", "0"] in ann and ["surcoinché", "0", "0"] in ann


def test_several_players_and_an_unknown_one(cli: Cli, club: dict[str, str]) -> None:
    result = ok(cli("stats", "--player", "Cyd", "--player", "Nobody"))
    assert result.out.startswith("Cyd — sessions won: 0 of 2")
    assert "No player named Nobody in the sessions of " in result.out


def test_player_sheet_in_french(cli: Cli, club: dict[str, str]) -> None:
    out = ok(cli("--lang", "fr", "stats", "--player", "Zoé")).out
    assert "parties gagnées : 0 sur 2" in out
    assert "n'a pas encore pris (tarot)." in out
    assert "Moyenne par donne" in out and "-14,5" in out  # -58 / 4


# --------------------------------------------------------------------------------------------
# The other options


def test_game_and_rules_filters(cli: Cli, club: dict[str, str]) -> None:
    assert stats_json(cli, "--game", "RAMI")["sessions"] == 1
    assert stats_json(cli, "--rules", "FFT")["games"] == {"tarot": {"sessions": 1, "rounds": 4}}
    assert stats_json(cli, "--game", "tarot", "--rules", "maison")["sessions"] == 0


def test_dates_filter_by_the_day_a_session_was_last_played(
    cli: Cli, club: dict[str, str], home: Path
) -> None:
    day = stats_json(cli)["sessions_list"][0]["date"]
    assert stats_json(cli, "--since", day, "--until", day)["sessions"] == 3
    assert stats_json(cli, "--until", "2001-01-01")["sessions"] == 0
    assert stats_json(cli, "--since", "2999-12-31")["sessions"] == 0


def test_json_has_the_design_keys_the_homes_and_the_warnings(
    cli: Cli, club: dict[str, str], home: Path
) -> None:
    doc = stats_json(cli)
    assert {"sessions", "rounds", "players", "games", "notes", "sessions_list"} <= set(doc)
    assert doc["homes"] == [str(home)] and doc["warnings"] == []
    for each in doc["players"]:
        assert {"name", "sessions", "wins", "rounds", "points", "games"} <= set(each)
        for game, figures in each["games"].items():
            assert {"sessions", "wins", "rounds", "points"} <= set(figures)
            assert ({"rounds_won"} if game == "rami" else {"takes", "made"}) <= set(figures)
    assert any("Tarot has no set end" in note for note in doc["notes"])


def test_french_json_says_its_notes_in_french(cli: Cli, club: dict[str, str]) -> None:
    english = stats_json(cli)["notes"]
    french = ok(cli("--lang", "fr", "stats", "--json")).json()["notes"]
    assert len(french) == len(english) and french != english


def test_text_in_french(cli: Cli, club: dict[str, str]) -> None:
    out = ok(cli("--lang", "fr", "stats")).out
    assert out.startswith("3 parties, 10 donnes dans ")
    assert "Joueur" in out and "Prises" in out and "Réussies" in out
    assert row(out, "Tarot", "Ann")[1:5] == ["0/1", "4", "273", "68,3"]
    flat = " ".join(out.split())  # the short tarot, and why: its line wraps
    assert "3 parties ne comptent pour la victoire de personne" in flat
    assert "(moins de donnes que de joueurs (4 sur 5) : pas un tour de donne complet)" in flat


def test_stats_never_writes_a_session_file(
    cli: Cli, club: dict[str, str], sessions: Callable[[], dict[str, bytes]], tmp_path: Path
) -> None:
    before = sessions()
    assert len(before) == 3
    ok(cli("stats"))
    ok(cli("stats", "--json", "--player", "Ann"))
    ok(cli("stats", "-o", str(tmp_path / "s.html")))
    assert sessions() == before


def test_output_writes_the_page_and_nothing_on_standard_output(
    cli: Cli, club: dict[str, str], tmp_path: Path
) -> None:
    target = tmp_path / "club.html"
    result = ok(cli("stats", "-o", str(target)))
    assert result.out == ""
    assert result.err.strip() == f"Wrote {target}"
    page = target.read_text("utf-8")
    assert page.startswith("<!DOCTYPE html>") and "Bob 3/3" in page
    assert not list(tmp_path.glob(".*.tmp"))  # written atomically: no temporary file left
    # with --json too: the document on standard output, the page written as well
    both = ok(cli("stats", "--json", "-o", str(tmp_path / "again.htm")))
    assert both.json()["sessions"] == 3 and (tmp_path / "again.htm").is_file()


# --------------------------------------------------------------------------------------------
# Bad options: one line, exit status 2


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        (["--game", "chess"], "--game: 'chess' is not a game"),
        (["--rules", "nope"], "--rules: 'nope' is not a rule set"),
        (["--game", "rami", "--rules", "fft"], "--rules: 'fft' is not a rule set"),
        (["--since", "yesterday"], "--since: 'yesterday' is not a date (YYYY-MM-DD)"),
        (["--since", "2026-13-01"], "--since: '2026-13-01' is not a date"),
        (["--until", "2026/01/01"], "--until: '2026/01/01' is not a date"),
        (["--until", "2026-2-1"], "--until: '2026-2-1' is not a date"),
        (["--since", "2026-03-01", "--until", "2026-02-01"], "is after --until"),
        (["--home", "/no/such/folder"], "--home /no/such/folder: no such folder"),
        (["-o", "stats.pdf"], "-o stats.pdf: the statistics page is HTML"),
        (["--output", "stats"], "the statistics page is HTML"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(
    cli: Cli, club: dict[str, str], tmp_path: Path, options: list[str], fragment: str
) -> None:
    assert_one_line_error(cli("stats", *options), fragment)
    assert not list(tmp_path.glob("*.pdf"))


def test_bad_option_in_french(cli: Cli) -> None:
    result = cli("--lang", "fr", "stats", "--since", "hier")
    assert result.code == 2
    assert result.err.strip() == (
        "cardscore : erreur : --since : « hier » n'est pas une date (AAAA-MM-JJ)"
    )


# --------------------------------------------------------------------------------------------
# Empty cases


def test_no_session_at_all_is_a_sentence(cli: Cli, home: Path, tmp_path: Path) -> None:
    result = ok(cli("stats"))
    assert result.out.strip() == f"No sessions found in {home}."
    doc = stats_json(cli)
    assert (doc["sessions"], doc["rounds"], doc["players"]) == (0, 0, [])
    page = tmp_path / "empty.html"
    ok(cli("stats", "-o", str(page)))
    assert f"No sessions found in {home}." in page.read_text("utf-8")


def test_no_session_matching_the_options_is_a_sentence(cli: Cli, club: dict[str, str]) -> None:
    out = ok(cli("stats", "--game", "coinche", "--since", "2001-01-01")).out.strip()
    assert out.startswith("No sessions found in ")
    assert out.endswith(" for coinche, since 2001-01-01.")


def test_a_session_with_no_round_says_so(cli: Cli) -> None:
    ok(cli("new", "belote", "--names", "Ann,Bob,Cyd,Dan", "--no-play"))
    result = ok(cli("stats"))
    assert "Belote — 1 session, 0 rounds: no round played yet." in result.out
    assert stats_json(cli)["players"] == []


# --------------------------------------------------------------------------------------------
# Several homes, and what the catalog warns of


def copy_home(home: Path, to: Path) -> Path:
    shutil.copytree(home / "sessions", to / "sessions")
    return to


def test_two_homes_are_gathered(cli: Cli, home: Path, tmp_path: Path, monkeypatch) -> None:
    new(cli, "tarot", "Ann,Bob,Cyd,Dan,Zoé", TAROT_ROUNDS)
    other = tmp_path / "laptop"
    monkeypatch.setenv("CARDSCORE_HOME", str(other))
    new(cli, "rami", "ann,Bob,zoe", RAMI_ROUNDS)
    monkeypatch.setenv("CARDSCORE_HOME", str(tmp_path / "empty-home"))
    doc = stats_json(cli, "--home", str(home), "--home", str(other))
    assert (doc["sessions"], doc["rounds"]) == (2, 7)
    assert doc["homes"] == [str(home), str(other)]
    assert set(doc["games"]) == {"tarot", "rami"}
    # a home's sessions folder itself is understood too
    alone = stats_json(cli, "--home", str(other / "sessions"))
    assert set(alone["games"]) == {"rami"} and alone["homes"] == [str(other)]
    text = ok(cli("stats", "--home", str(home), "--home", str(other))).out
    assert text.startswith(f"2 sessions, 7 rounds in {home}, {other}")


def test_the_catalogs_warnings_are_passed_on(cli: Cli, home: Path, club: dict[str, str]) -> None:
    original = home / "sessions" / f"{club['tarot']}.json"
    copy = original.with_name(f"{club['tarot']}.sync-conflict-20260315-213012-ABCDEFG.json")
    copy.write_bytes(original.read_bytes())
    result = ok(cli("stats", "--json"))
    warnings = [line for line in result.err.splitlines() if line]
    assert warnings and all(line.startswith("cardscore: warning: ") for line in warnings)
    assert any(copy.name in line for line in warnings)
    doc = result.json()
    assert doc["warnings"] and any(copy.name in w for w in doc["warnings"])
    assert (doc["sessions"], doc["rounds"]) == (3, 10)  # the copy's rounds are not counted
    text = ok(cli("stats"))
    assert any(copy.name in line for line in text.err.splitlines())


def test_a_home_without_sessions_is_warned_of(cli: Cli, tmp_path: Path) -> None:
    empty = tmp_path / "nothing-here"
    empty.mkdir()
    result = ok(cli("stats", "--home", str(empty)))
    assert result.err.startswith("cardscore: warning: ")
    assert str(empty) in result.err
    assert result.out.strip() == f"No sessions found in {empty}."


def test_stats_help_lists_every_option(cli: Cli) -> None:
    out = ok(cli("stats", "--help")).out
    for option in ("--game", "--rules", "--player", "--since", "--until", "--home", "--json",
                   "--output"):  # fmt: skip
        assert option in out


# --------------------------------------------------------------------------------------------
# The example of docs/statistics.md is the real output

README = Path(__file__).resolve().parent.parent / "docs" / "statistics.md"
README_HOME = "/home/ann/.local/share/cardscore"
README_SESSIONS = [
    (
        "tarot",
        "Ann,Bob,Cyd,Dan,Zoé",
        [
            "--taker Ann --contract garde --called Bob --bouts 2 --points 49",
            "--taker Bob --contract prise --called Ann --bouts 1 --points 55",
            "--taker Cyd --contract garde --called Dan --bouts 1 --points 45",
            "--taker Ann --contract prise --called Bob --bouts 1 --points 51",
            "--taker Dan --contract garde-sans --called Zoé --bouts 2 --points 47",
            "--taker Zoé --contract prise --called Cyd --bouts 0 --points 50",
        ],
    ),
    (
        "tarot",
        "Ann,Bob,Cyd,Dan,Zoé",
        [
            "--taker Bob --contract garde --called Ann --bouts 2 --points 44",
            "--taker Cyd --contract prise --called Zoé --bouts 1 --points 58",
            "--taker Ann --contract garde --called Dan --bouts 3 --points 39 --petit-au-bout Ann",
            "--taker Dan --contract prise --called Bob --bouts 1 --points 49",
            "--contract passe",  # Zoé deals: every player has dealt, the session is won
        ],
    ),
    ("belote", "Ann,Bob,Cyd,Dan", BELOTE_ROUNDS),
    (
        "rami",
        "Ann,Bob,Zoé",
        [
            "--winner Ann --hand Bob=30 --hand Zoé=20",
            "--winner Zoé --hand Ann=15 --hand Bob=40",
            "--winner Ann --rami-sec --hand Bob=25 --hand Zoé=35",
        ],
    ),
]


def readme_outputs() -> dict[str, list[str]]:
    """docs/statistics.md's example: each ``$ cardscore stats …`` command (its comment
    left out) with the lines it prints."""
    text = README.read_text("utf-8")
    block = text.split("```console\n", 1)[1].split("```", 1)[0]
    outputs: dict[str, list[str]] = {}
    command = ""
    for line in block.splitlines():
        if line.startswith("$ "):
            command = line[2:].split("#")[0].strip()
            outputs[command] = []
        else:
            outputs[command].append(line)
    return outputs


def test_the_readme_example_is_what_stats_prints(
    cli: Cli, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import itertools

    from cardscore import session

    # one minute a change: the sessions end in the order they are played, as at a table
    # (in one second, their order, and so the ratings, would come from their random ids)
    minutes = itertools.count()
    monkeypatch.setattr(
        session,
        "now",
        lambda: f"2026-11-20T{20 + (m := next(minutes)) // 60}:{m % 60:02d}:00+01:00",
    )
    for game, names, rounds in README_SESSIONS:
        new(cli, game, names, rounds)
    monkeypatch.setenv("COLUMNS", "80")
    examples = readme_outputs()
    assert list(examples) == [
        "cardscore stats --game tarot",
        "cardscore stats --player cyd",
        "cardscore stats -o stats.html",
    ]
    real = ok(cli("stats", "--game", "tarot"))
    printed = [line.rstrip() for line in real.out.replace(str(home), README_HOME).splitlines()]
    assert examples["cardscore stats --game tarot"] == printed
    # the player's sheet: the lines shown are real ones, in order (… stands for the others)
    sheet = [line.rstrip() for line in ok(cli("stats", "--player", "cyd")).out.splitlines()]
    position = 0
    for line in examples["cardscore stats --player cyd"]:
        if line.strip() == "…":
            continue
        position = sheet.index(line, position) + 1
