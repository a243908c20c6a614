"""The line reads what the table says: the words a list shows are words a line accepts, in
the table's language (its keys, its words of two, the Norwegian suits), an exact word wins
over a player's prefix and says so, and a refused line lists its words in the table's
language, never a word the rules refuse.  Then the dix de der, the taker's team by default
with ``add``'s options as in a line and the questions."""

from __future__ import annotations

import re
from typing import Any

import pytest
import questionary

from cardscore.games import get_game
from cardscore.games.base import InputError, Table
from cardscore.games.line import read_line
from cardscore.i18n import set_language, tr
from cardscore.prompts.round import RoundAsker

TAROT5 = ("Ann", "Bob", "Cyd", "Dan", "Eve")
CARDS = ("Nord", "Est", "Sud", "Ouest")
LANGUAGES = ("en", "fr", "nb")


def _table(game: str, players: tuple[str, ...], rules: str) -> Table:
    rules_of = get_game(game)
    teams = rules_of.default_team_names(players)
    return Table(game, players, rules_of.presets[rules], teams)


# --------------------------------------------------------------------------------------------
# The keys a list shows, read in a line


class _Shown(Exception):
    """A list question was drawn: its entries, each with its key."""

    def __init__(self, entries: list[tuple[str | None, str]]) -> None:
        super().__init__(entries)
        self.entries = entries


def _list_of(monkeypatch, game: str, table: Table, key: str, raw: dict[str, Any]) -> dict:
    """The entries of field ``key``'s list as the questions draw it (value → key shown)."""

    def drawn(message: str, choices: list[Any], **kwargs: Any) -> Any:
        raise _Shown(
            [
                (c.shortcut_key, c.value)
                for c in choices
                if isinstance(c, questionary.Choice) and not str(c.title).startswith("—")
            ]
        )

    monkeypatch.setattr(questionary, "select", drawn)
    rules = get_game(game)
    asker = RoundAsker(rules, table, 1)
    asker.raw.update(raw)
    f = next(f for f in rules.fields if f.key == key)
    if f.kind == "player_tag":  # the players first (a checkbox), then each one's kind
        monkeypatch.setattr(asker, "run", lambda question: ["Bob"])
        ask = asker._ask_player_tag
    else:
        ask = asker._ask_choice
    with pytest.raises(_Shown) as shown:
        ask(f)
    return {value: letter for letter, value in shown.value.entries}


def _read(game: str, table: Table, line: str) -> Any:
    """What a line stores: the round's input, or the refusal's text."""
    rules = get_game(game)
    try:
        return rules.build_round(read_line(rules.fields, table, line), table, 1)
    except InputError as exc:
        return f"refused: {tr(exc.args[0])}"


_GARDE = {"contract": "garde", "taker": "Bob", "bouts": "2", "points": "49"}
# (game, players, rules, field, answers before its question, the line with its word: each
# value's own where one line cannot say them all)
LISTS = [
    ("tarot", TAROT5, "fft", "contract", {},
     {"passe": "{w}", "": "bob {w} 2b 49 dan"}),
    ("tarot", TAROT5, "maison", "contract", {},
     {"renonce": "bob {w} 50", "": "bob {w} 2b 49 dan"}),
    ("tarot", TAROT5[:4], "fft", "chelem", {"contract": "garde", "taker": "Bob"},
     {"failed": "bob g 3b 60 chelem:{w}", "defense": "bob g 0b 0 chelem:{w}",
      "": "bob g 3b 91 chelem:{w}"}),
    ("tarot", TAROT5[:4], "fft", "poignee", _GARDE, {"": "bob g 2b 49 poi:bob:{w}"}),
    ("tarot", TAROT5, "maison", "poignee", _GARDE, {"": "bob g 2b 49 poi:bob:{w}"}),
    ("tarot", TAROT5, "maison", "misere", _GARDE, {"": "bob g 2b 49 mis:bob:{w}"}),
    ("belote", CARDS, "maison", "trump", {"taker": "Sud"}, {"": "sud {w} 98"}),
    ("coinche", CARDS, "maison", "trump", {"taker": "Sud", "contract": "100"},
     {"": "sud 100 {w} 110"}),
]  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("game", "players", "rules", "key", "raw", "lines"),
    LISTS,
    ids=[f"{game}-{rules}-{key}" for game, _, rules, key, *_ in LISTS],
)
def test_every_key_a_list_shows_reads_in_a_line_as_its_entry(
    monkeypatch, language, game, players, rules, key, raw, lines
) -> None:
    set_language(language)
    table = _table(game, players, rules)
    keys = _list_of(monkeypatch, game, table, key, raw)
    assert len(keys) >= 2 and all(keys.values()), keys
    for value, letter in keys.items():
        line = lines.get(value, lines[""])
        by_word, by_key = _read(game, table, line.format(w=value)), None
        assert not str(by_word).startswith("refused"), (line, by_word)
        by_key = _read(game, table, line.format(w=letter))
        assert by_key == by_word, (language, value, letter)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", {"prise": "p", "garde": "g", "garde-sans": "s", "garde-contre": "c",
                "renonce": "r"}),
        ("fr", {"prise": "p", "garde": "g", "garde-sans": "s", "garde-contre": "c",
                "renonce": "r"}),
        ("nb", {"prise": "p", "garde": "g", "garde-sans": "s", "garde-contre": "c",
                "renonce": "r"}),
    ],
)  # fmt: skip
def test_the_contract_keys_are_the_ones_the_table_sees(monkeypatch, language, expected) -> None:
    """Not a list of nothing: the keys of the tarot contract, as drawn."""
    set_language(language)
    assert _list_of(monkeypatch, "tarot", _table("tarot", TAROT5, "maison"), "contract", {}) == (
        expected
    )


def test_a_list_keeps_its_keys_whichever_entries_a_round_leaves(monkeypatch) -> None:
    """A key is the entry's in the list of every choice: an entry the round refuses does not
    give its key to the next one (the line reads the key the same whatever the round)."""
    set_language("fr")
    table = _table("tarot", TAROT5, "maison")
    rules = get_game("tarot")
    chelem = next(f for f in rules.fields if f.key == "chelem")
    whole = chelem.choice_keys(table)

    def refused(self, f, value):  # the rules refuse a chelem announced and made
        return "no" if f.key == "chelem" and value == "announced" else None

    monkeypatch.setattr(RoundAsker, "problem", refused)
    shown = _list_of(monkeypatch, "tarot", table, "chelem", {"contract": "garde", "taker": "Bob"})
    assert "announced" not in shown
    assert shown == {value: whole[value] for value in shown}


# --------------------------------------------------------------------------------------------
# The words of two, the words alone, the Norwegian suits: as their options store them


def _ok(result: Any) -> Any:
    assert result.code == 0, result.err
    return result


def _input(cli, language: str, sid: str, *args: str) -> dict[str, Any]:
    return _ok(cli("--lang", language, "add", sid, "--json", *args)).json()["round"]["input"]


def _new(cli, game: str, names: tuple[str, ...], rules: str = "") -> str:
    extra = ["--rules", rules] if rules else []
    extra += ["--target", "100000"] if game in ("belote", "coinche") else []
    return _ok(cli("new", game, "--names", ",".join(names), *extra, "--no-play")).out.strip()


SAID = [
    # (game, rules, language, line, the same round by options)
    ("tarot", "maison", "en", "bob r 50", "--taker Bob --contract renonce --points 50"),
    ("tarot", "maison", "fr", "bob r 50", "--taker Bob --contract renonce --points 50"),
    ("tarot", "fft", "en", "bob gs 2b 49 dan", "--taker Bob --contract garde-sans --bouts 2 "
     "--points 49 --called Dan"),
    ("tarot", "fft", "fr", "bob gc 3b 36 dan", "--taker Bob --contract garde-contre --bouts 3 "
     "--points 36 --called Dan"),
    ("tarot", "fft", "nb", "bob s 2b 49 dan", "--taker Bob --contract garde-sans --bouts 2 "
     "--points 49 --called Dan"),
    ("tarot", "fft", "fr", "bob garde sans 2b 49 dan", "--taker Bob --contract garde-sans "
     "--bouts 2 --points 49 --called Dan"),
    ("tarot", "fft", "en", "dan garde contre 3b 36 with bob", "--taker Dan "
     "--contract garde-contre --bouts 3 --points 36 --called Bob"),
    ("tarot", "fft", "fr", "bob g 3b 91 chelem:a seul", "--taker Bob --contract garde --bouts 3 "
     "--points 91 --chelem announced"),
    ("tarot", "fft", "nb", "bob g 3b 91 chelem:o alene", "--taker Bob --contract garde --bouts 3 "
     "--points 91 --chelem unannounced"),
    ("tarot", "fft", "en", "bob g 2b 49 poi:bob:t alone", "--taker Bob --contract garde --bouts 2 "
     "--points 49 --poignee Bob:triple"),
    ("belote", "maison", "fr", "sud sans 80", "--taker Sud --trump sa --points 80"),
    ("belote", "maison", "en", "sud sans-atout 80", "--taker Sud --trump sa --points 80"),
    ("belote", "maison", "fr", "sud sans atout 80", "--taker Sud --trump sa --points 80"),
    ("belote", "maison", "nb", "sud uten 80", "--taker Sud --trump sa --points 80"),
    ("belote", "maison", "nb", "sud uten trumf 80", "--taker Sud --trump sa --points 80"),
    ("belote", "maison", "nb", "sud utentrumf 80", "--taker Sud --trump sa --points 80"),
    ("belote", "maison", "nb", "sud u 80", "--taker Sud --trump sa --points 80"),
    ("belote", "maison", "fr", "sud s 80", "--taker Sud --trump sa --points 80"),
    ("belote", "maison", "en", "sud s 80", "--taker Sud --trump spades --points 80"),
    ("belote", "maison", "fr", "nord p 98", "--taker Nord --trump spades --points 98"),
    ("belote", "maison", "fr", "nord a 98", "--taker Nord --trump diamonds --points 98"),
    ("belote", "maison", "nb", "nord spar 98", "--taker Nord --trump spades --points 98"),
    ("belote", "maison", "nb", "nord hjerter 98", "--taker Nord --trump hearts --points 98"),
    ("belote", "maison", "nb", "nord ruter 98", "--taker Nord --trump diamonds --points 98"),
    ("belote", "maison", "nb", "nord kløver 98", "--taker Nord --trump clubs --points 98"),
    ("belote", "maison", "nb", "nord k 98", "--taker Nord --trump clubs --points 98"),
    ("coinche", "maison", "fr", "est 80 atout 100", "--taker Est --contract 80 --trump ta "
     "--points 100"),
    ("coinche", "maison", "en", "est 80 tout atout 100", "--taker Est --contract 80 --trump ta "
     "--points 100"),
    ("coinche", "maison", "nb", "est 80 alt trumf 100", "--taker Est --contract 80 --trump ta "
     "--points 100"),
    ("coinche", "maison", "nb", "est 100 uten trumf 110 coinche", "--taker Est --contract 100 "
     "--trump sa --points 110 --coinche"),
    ("coinche", "maison", "fr", "est 100 o 110", "--taker Est --contract 100 --trump ta "
     "--points 110"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "rules", "language", "line", "options"), SAID)
def test_a_word_the_table_says_stores_the_round_of_its_options(
    cli, game, rules, language, line, options
) -> None:
    players = TAROT5 if game == "tarot" else CARDS
    by_line, by_options = _new(cli, game, players, rules), _new(cli, game, players, rules)
    lined = _input(cli, language, by_line, "--line", line)
    extra = ["--dix-de-der", "taker"] if game != "tarot" else []
    assert lined == _input(cli, "en", by_options, *options.split(), *extra), line


# --------------------------------------------------------------------------------------------
# An exact word over a prefix, and the message says which was read

GASTON = ("Gaston", "Ann", "Bob", "Cyd")

READ_AS = {
    "en": "'g' is read as garde, not as Gaston",
    "fr": "« g » est lu comme garde, pas comme Gaston",
    "nb": "«g» leses som garde, ikke som Gaston",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_exact_word_wins_over_a_prefix_and_the_round_says_so(cli, language) -> None:
    sid = _new(cli, "tarot", GASTON)
    added = _ok(cli("--lang", language, "add", sid, "--line", "ann g 2b 49"))
    assert READ_AS[language] in added.out
    shown = cli("show", sid, "--json").json()["rounds"][0]["input"]
    assert (shown["taker"], shown["contract"]) == ("Ann", "garde")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_says_which_was_read(cli, sessions, language) -> None:
    sid = _new(cli, "tarot", GASTON)
    before = sessions()
    refused = cli("--lang", language, "add", sid, "--line", "g garde 2b 49")
    assert refused.code == 2 and len(refused.err.splitlines()) == 1, refused.err
    assert READ_AS[language] in refused.err
    refused = cli("--lang", language, "add", sid, "--line", "g 2b 49")  # no taker: the rules
    assert refused.code == 2 and READ_AS[language] in refused.err, refused.err
    assert sessions() == before


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_loop_says_which_was_read_with_the_round(capsys, language) -> None:
    from cardscore import store
    from cardscore.prompts import loop
    from cardscore.session import Session
    from prompt_kit import drive

    set_language(language)
    session = Session.create("tarot", list(GASTON), session_id=store.new_id())
    store.write(session)
    quit_ = {"en": "q", "fr": "q", "nb": "a"}[language]
    drive("ann g 2b 49" + "\r" + "\r" + quit_ + "\r", loop.play, session.id)
    assert READ_AS[language] in " ".join(capsys.readouterr().out.split())
    saved = store.load(session.id).rounds
    assert [(r["taker"], r["contract"]) for r in saved] == [("Ann", "garde")]


def test_a_word_that_is_nobody_s_prefix_says_nothing_more(cli) -> None:
    sid = _new(cli, "tarot", GASTON)
    added = _ok(cli("add", sid, "--line", "ann garde 2b 49"))
    assert "is read as" not in added.out


def test_the_reader_says_which_was_read() -> None:
    from cardscore.games.line import read_words

    table = _table("belote", CARDS, "maison")
    read = read_words(get_game("belote").fields, table, "nord s 98")
    assert read.raw["trump"] == "spades" and read.raw["taker"] == "nord"
    assert [str(note) for note in read.notes] == ["'s' is read as spades, not as Sud"]


# --------------------------------------------------------------------------------------------
# A refused line lists its words in the table's language


def _words_listed(error: str) -> str:
    found = re.search(r"(?:words|mots|ord)\s?: (.*)\)$", error.strip())
    assert found, error
    return found.group(1)


ENGLISH_ONLY = ("with:", "defence", "spades", "hearts", "announce:", "coinched", "blocked")


@pytest.mark.parametrize(
    ("game", "names", "language", "present", "absent"),
    [
        ("tarot", TAROT5, "en", ["with:", "garde-sans (s, gs)", "passe (e)"], ["avec", "renonce"]),
        ("tarot", TAROT5, "fr", ["avec:", "garde-sans (s, gs)", "défense:", "passe (t)"],
         [*ENGLISH_ONLY, "renonce"]),
        ("tarot", TAROT5, "nb", ["med:", "garde-contre (c, gc)", "passe (a)"],
         [*ENGLISH_ONLY, "avec", "renonce"]),
        ("tarot", TAROT5[:4], "fr", ["prise (p)"], ["avec", "with"]),
        ("belote", CARDS, "en", ["spades (s, ♠)", "sans-atout (a, sa)"], ["pique", "spar"]),
        ("belote", CARDS, "fr", ["pique (p, ♠)", "sans-atout (s, sa)", "annonce:"],
         [*ENGLISH_ONLY, "spar", "tout"]),
        ("belote", CARDS, "nb", ["spar (s, ♠)", "uten-trumf (u, sa)", "kløver (k, ♣)"],
         [*ENGLISH_ONLY, "pique", "cœur", "tout", "alt"]),
        ("coinche", CARDS, "nb", ["alt-trumf (a, ta)", "coinche"], ENGLISH_ONLY),
        ("rami", ("Ann", "Bob", "Cyd"), "fr", ["bloque", "sec"], ENGLISH_ONLY),
        ("rami", ("Ann", "Bob", "Cyd"), "nb", ["blokkert", "sec"], ENGLISH_ONLY),
    ],
)  # fmt: skip
def test_a_refused_line_lists_the_words_in_the_table_s_language(
    cli, game, names, language, present, absent
) -> None:
    sid = _new(cli, game, names)
    refused = cli("--lang", language, "add", sid, "--line", f"{names[0]} xyz")
    assert refused.code == 2 and len(refused.err.splitlines()) == 1, refused.err
    words = _words_listed(refused.err)
    for word in present:
        assert word in words, (word, words)
    for word in absent:
        assert not re.search(rf"(?<!\w){re.escape(word)}", words), (word, words)


def test_a_refused_line_never_lists_a_word_the_rules_refuse(cli) -> None:
    maison = _new(cli, "tarot", TAROT5, "maison")
    words = _words_listed(cli("--lang", "fr", "add", maison, "--line", "bob xyz").err)
    assert "renonce (r)" in words and "passe" not in words
    fft = _new(cli, "tarot", TAROT5[:4], "fft")
    words = _words_listed(cli("add", fft, "--line", "bob xyz").err)
    assert "passe" in words and "renonce" not in words and "mis" not in words


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_a_refusal_lists_is_read(cli, language) -> None:
    """What the refusal lists for the trump is what the line then reads."""
    sid = _new(cli, "coinche", CARDS)
    words = _words_listed(cli("--lang", language, "add", sid, "--line", "sud xyz").err)
    trumps = re.findall(r"(\S+) \(([^)]*)\)", words)
    assert len(trumps) == 6, words
    for word, short in trumps:
        for said in (word, *short.split(", ")):
            added = cli("--lang", language, "add", sid, "--line", f"nord 100 {said} 110")
            assert added.code == 0, (said, added.err)


@pytest.mark.parametrize(
    ("game", "language", "line", "present", "absent"),
    [
        ("belote", "fr", "sud 98", "pique, cœur, carreau, trèfle, sa", "spades"),
        ("belote", "nb", "sud 98", "spar, hjerter, ruter, kløver, sa", "spades"),
        ("tarot", "fr", "bob g 3b 91 chelem:xyz", "annoncé, non-annoncé, chuté, défense",
         "announced"),
        ("tarot", "nb", "bob g 3b 91 chelem:xyz", "meldt, umeldt, gått-ned, forsvaret",
         "announced"),
    ],
)  # fmt: skip
def test_a_line_refused_by_the_rules_names_the_values_in_the_table_s_language(
    cli, game, language, line, present, absent
) -> None:
    sid = _new(cli, game, TAROT5[:4] if game == "tarot" else CARDS)
    refused = cli("--lang", language, "add", sid, "--line", line)
    assert refused.code == 2, refused.out
    assert present in refused.err and absent not in refused.err, refused.err


def test_options_refused_name_the_values_in_the_table_s_language(cli) -> None:
    sid = _new(cli, "belote", CARDS)
    refused = cli("--lang", "fr", "add", sid, "--taker", "Sud", "--trump", "ta", "--points", "98")
    assert refused.code == 2, refused.out
    assert "(acceptés : pique, cœur, carreau, trèfle, sa)" in refused.err, refused.err
    refused = cli("--lang", "nb", "add", sid, "--taker", "Sud", "--trump", "x", "--points", "98")
    assert "spar, hjerter, ruter, kløver, sa" in refused.err, refused.err


def test_english_refusals_keep_their_english_values(cli) -> None:
    sid = _new(cli, "belote", CARDS)
    refused = cli("add", sid, "--line", "sud 98")
    assert "--trump: the trump is needed (spades, hearts, diamonds, clubs, sa)" in refused.err


# --------------------------------------------------------------------------------------------
# The dix de der: the taker's team by default, with add's options too


@pytest.mark.parametrize("game", ["belote", "coinche"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_dix_de_der_is_the_taker_s_team_when_options_do_not_say(cli, game, language) -> None:
    contract = ["--contract", "100"] if game == "coinche" else []
    said, unsaid = _new(cli, game, CARDS), _new(cli, game, CARDS)
    round_ = ["--taker", "Est", "--trump", "hearts", *contract, "--points", "110"]
    expected = _input(cli, language, said, *round_, "--dix-de-der", "taker")
    assert _input(cli, language, unsaid, *round_) == expected
    assert expected["dix_de_der"] == 1  # Est's team
    lined = _new(cli, game, CARDS)
    line = "est coeur 110" if game == "belote" else "est 100 coeur 110"
    assert _input(cli, language, lined, "--line", line) == expected


def test_a_capot_by_options_still_takes_the_last_trick(cli) -> None:
    sid = _new(cli, "belote", CARDS)
    inp = _input(cli, "en", sid, "--taker", "Est", "--trump", "hearts", "--capot", "Nord")
    assert (inp["capot"], inp["dix_de_der"]) == (0, 0)


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "default: the taker's team"), ("fr", "par défaut : l'équipe du preneur"),
     ("nb", "standard: spillførerens lag")],
)  # fmt: skip
def test_add_help_says_the_dix_de_der_default(cli, language, said) -> None:
    shown = _ok(cli("--lang", language, "add", "--help")).out
    assert said in " ".join(shown.split())


def test_a_choice_is_listed_by_the_word_it_declares_for_each_language() -> None:
    """The words a language types for a choice are the choice's own (``Choice.word``), not a
    list of some games' words kept elsewhere."""
    from cardscore.commands.round_options import choice_words
    from cardscore.games.base import Choice, Field, FieldKind, said_values
    from cardscore.i18n import msg, set_language, tr

    suits = (Choice("h", aliases=("hearts", "coeur", "hjerter"), word=msg("hearts")), Choice("x"))
    field = Field("suit", FieldKind.CHOICE, "Suit?", "the suit", choices=suits)
    try:
        set_language("fr")
        assert (choice_words(field), tr(said_values(suits))) == ("cœur|x", "cœur, x")
        set_language("nb")
        assert choice_words(field) == "hjerter|x"
    finally:
        set_language("en")
    assert (choice_words(field), tr(said_values(suits))) == ("hearts|x", "hearts, x")
