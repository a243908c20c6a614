"""The shared pieces of the rules core, word for word: `--set KEY=VALUE` (apply_settings),
the parameters as `cardscore rules` lists them (describe_params, param_field), fields given
where they do not apply (reject_inapplicable), players' names (check_names) and a field's
defaults (Field).

These pin the exact messages and values that mutation testing (scripts/mutation.sh)
showed no other test held."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
from msgspec.structs import replace

from cardscore.games import get_game, get_preset
from cardscore.games.base import (
    Field,
    FieldKind,
    InputError,
    Parameter,
    Table,
    apply_settings,
    check_names,
    describe_params,
    param_field,
    reject_inapplicable,
)
from cardscore.i18n import msg, set_language, tr
from cardscore.session import Session


@contextlib.contextmanager
def i18n_language(language: str) -> Iterator[None]:
    set_language(language)
    try:
        yield
    finally:
        set_language("en")


TAROT3 = ["Ann", "Bob", "Cyd"]


def tarot_params() -> Any:
    return get_preset(get_game("tarot"), None)[1]


def belote_params() -> Any:
    return get_preset(get_game("belote"), None)[1]


def refusal(params: Any, *settings: str) -> str:
    with pytest.raises(InputError) as caught:
        apply_settings(params, settings)
    return str(caught.value)


# --------------------------------------------------------------------------------------------
# apply_settings


@pytest.mark.parametrize("word", ["on", "yes", "YES", "true", "True", "1", "oui", "Oui"])
def test_words_for_on(word: str) -> None:
    params = apply_settings(tarot_params(), ["half-points=off"])
    assert apply_settings(params, [f"half-points={word}"]).half_points is True


@pytest.mark.parametrize("word", ["off", "no", "NO", "false", "FALSE", "0", "non", "NON"])
def test_words_for_off(word: str) -> None:
    params = apply_settings(tarot_params(), ["half-points=on"])
    assert apply_settings(params, [f"half-points={word}"]).half_points is False


def test_a_key_may_be_written_with_underscores_and_capitals() -> None:
    assert apply_settings(tarot_params(), [" Value_Garde = 50 "]).value_garde == 50


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        (
            "nope=1",
            "--set: 'nope=1' is not KEY=VALUE with KEY among: double-bonus-counts-double, "
            "half-points, miseres, passe, renonce, scoring, value-garde, value-garde-contre, "
            "value-garde-sans, value-prise",
        ),
        (
            "value-garde",
            "--set: 'value-garde' is not KEY=VALUE with KEY among: double-bonus-counts-double, "
            "half-points, miseres, passe, renonce, scoring, value-garde, value-garde-contre, "
            "value-garde-sans, value-prise",
        ),
        ("value-garde=4=0", "--set value-garde: '4=0' is not a whole number"),
        ("value-garde=-5", "--set value-garde: -5 is out of range (at least 0)"),
        ("half-points=maybe", "--set half-points: 'maybe' is not on or off"),
        ("Half_Points=maybe", "--set half-points: 'maybe' is not on or off"),
    ],
)
def test_set_refusals_word_for_word(setting: str, expected: str) -> None:
    assert refusal(tarot_params(), setting) == expected


def test_a_choice_parameter_says_its_choices(cli) -> None:
    assert refusal(belote_params(), "litige-belote=x") == (
        "--set litige-belote: 'x' is not accepted (kept, held)"
    )
    assert apply_settings(belote_params(), ["litige-belote=held"]).litige_belote == "held"
    result = cli("new", "belote", "--names", "A,B,C,D", "--set", "litige-belote=x")
    assert result.code == 2
    assert result.err == "cardscore: error: --set litige-belote: 'x' is not accepted (kept, held)\n"


def test_zero_is_a_value_a_whole_number_parameter_takes() -> None:
    assert apply_settings(tarot_params(), ["value-garde=0"]).value_garde == 0


# --------------------------------------------------------------------------------------------
# describe_params and param_field


@dataclasses.dataclass(frozen=True)
class Sample:
    keep: str = param_field("kept", "how it is kept", choices=["kept", "held"])
    count: int = param_field(3, "how many")
    bare: int = 7  # declared without param_field: no help, no choices


def test_param_field_declares_help_and_choices() -> None:
    fields = {f.name: f for f in dataclasses.fields(Sample)}
    assert fields["keep"].metadata["choices"] == ("kept", "held")
    assert "choices" not in fields["count"].metadata
    assert fields["count"].default == 3 and fields["count"].metadata["help"] == "how many"


def test_describe_params_lists_help_and_choices() -> None:
    assert describe_params(Sample()) == (
        Parameter("keep", "kept", "how it is kept", ("kept", "held"), "keep"),
        Parameter("count", "3", "how many", (), "count"),
        Parameter("bare", "7", "", (), "bare"),
    )


@dataclasses.dataclass(frozen=True)
class Worded:
    keep: str = param_field(
        "kept", "how it is kept", choices={"kept": msg("kept"), "held": msg("held")},
        label=msg("belote in a litige"),
    )  # fmt: skip


def test_a_worded_choice_is_shown_and_taken_in_the_users_language() -> None:
    (row,) = describe_params(Worded(keep="held"))
    assert (row.key, row.shown, row.label) == ("keep", "held", "belote in a litige")
    with i18n_language("fr"):
        assert (tr(row.shown), tr(row.label)) == ("réservée", "belote d'un litige")
    # the stored value, or its word in any language, accents and case aside
    for said in ("held", "réservée", "Reservee", "på-vent", "på vent", "kept"):
        expected = "kept" if said == "kept" else "held"
        assert apply_settings(Worded(), [f"keep={said}"]).keep == expected, said
    with i18n_language("fr"):
        with pytest.raises(InputError) as refused:
            apply_settings(Worded(), ["keep=maybe"])
        said = tr(refused.value.args[0])
    assert said == "--set keep : « maybe » n'est pas accepté (gardée, réservée)"


def test_describe_params_words_values_as_shown_asks() -> None:
    def shown(name: str, value: Any) -> str | None:
        return f"{value} of {name}" if name == "count" else None

    rows = describe_params(Sample(count=5), shown)
    assert [row.shown for row in rows] == ["kept", "5 of count", "7"]


def test_cardscore_rules_lists_a_choice_parameter_with_its_choices() -> None:
    rows = {p.key: p for p in describe_params(belote_params())}
    assert rows["litige-belote"].choices == ("kept", "held")


# --------------------------------------------------------------------------------------------
# reject_inapplicable, check_names, Field


TABLE4 = Table(game="tarot", players=("Ann", "Bob", "Cyd", "Dan"), params=None)


def five_only(table: Table, raw: Any) -> bool:
    return len(table.players) == 5


def test_a_field_given_where_it_does_not_apply() -> None:
    plain = Field(key="called_king", kind="player", label="?", help="?", applies=five_only)
    with pytest.raises(InputError) as caught:
        reject_inapplicable([plain], {"called_king": "Bob"}, TABLE4)
    assert str(caught.value) == "--called-king: does not apply to this round"
    said = replace(plain, unavailable="only at five players")
    with pytest.raises(InputError) as caught:
        reject_inapplicable([said], {"called_king": "Bob"}, TABLE4)
    assert str(caught.value) == "--called-king: only at five players"
    reject_inapplicable([plain], {"called_king": ""}, TABLE4)  # not given: nothing to refuse
    five = replace(TABLE4, players=("Ann", "Bob", "Cyd", "Dan", "Eve"))
    reject_inapplicable([plain], {"called_king": "Bob"}, five)


def test_names_with_any_letter_are_fine_without_forbidden_characters() -> None:
    check_names(["Xavier", "XX", "Bob"])
    s = Session.create("belote", ["Xavier", "Max", "Alex", "Bob"])
    assert s.players == ["Xavier", "Max", "Alex", "Bob"]


def test_an_empty_name_is_refused_word_for_word() -> None:
    with pytest.raises(InputError) as caught:
        check_names(["Ann", " - "])
    assert str(caught.value) == (
        "--names: a player's name cannot be empty or only dashes (got ' - ')"
    )


def test_a_field_kind_and_option_from_its_key() -> None:
    f = Field(key="not_opened", kind="players", label="?", help="?")
    assert f.kind is FieldKind.PLAYERS and f.kind.value == "players"
    assert f.option == "--not-opened"
    assert f.repeatable
    assert Field(key="x_y", kind="flag", label="?", help="?", option="--z").option == "--z"
    with pytest.raises(ValueError, match="unknown field kind 'nope'"):
        Field(key="x", kind="nope", label="?", help="?")


# --------------------------------------------------------------------------------------------
# A field's answers said in words, what it is typed instead of, a rule set's choice words


def test_a_field_typed_instead_of_one_other_names_it_in_a_tuple() -> None:
    def field(instead_of: Any) -> Field:
        return Field("defense", FieldKind.NUMBER, "?", "", instead_of=instead_of)

    assert field("points").instead_of == ("points",)
    assert field("").instead_of == ()
    assert field(("points", "bouts")).instead_of == ("points", "bouts")
    assert field("points").excludes(Field("points", FieldKind.NUMBER, "?", ""))


def test_a_field_never_excludes_itself() -> None:
    one = Field("points", FieldKind.NUMBER, "?", "", instead_of="points", asked_as="p")
    assert one.excludes(one) is False


def test_only_a_choice_is_said_by_its_word() -> None:
    from cardscore.games.base import Choice

    points = Field("points", FieldKind.NUMBER, "?", "", choices=(Choice("garde", "garde (g)"),))
    assert points.said("garde") == "garde"  # not a choice field: the answer as it is
    tagged = Field("poignee", FieldKind.PLAYER_TAG, "?", "", choices=(Choice("double"),))
    assert tagged.said("Ann:double") == "Ann double"
    assert tagged.said("A:nn:double") == "A nn:double"  # the name is what comes first


def test_a_game_with_a_set_end_is_decided_once_finished() -> None:
    from cardscore.games.base import GameDefaults

    assert GameDefaults().undecided(True, 1, 4) is None
    assert GameDefaults().undecided(False, 40, 4) == "not finished"


@pytest.mark.parametrize(
    ("value", "stored"),
    [("kept", "kept"), ("gardée", "kept"), ("beholdt", "kept"), ("réservée", "held"),
     ("På vent", "held")],
)  # fmt: skip
def test_a_choice_is_set_by_its_word_in_any_language(value: str, stored: str) -> None:
    params = apply_settings(get_preset(get_game("belote"), "maison")[1], [f"litige-belote={value}"])
    assert params.litige_belote == stored


def test_a_choice_is_set_by_its_stored_value_too() -> None:
    params = get_preset(get_game("coinche"), "maison")[1]
    assert apply_settings(params, ["coinche-announcements=seed"]).coinche_announcements == "seed"
    made = apply_settings(params, ["coinche-announcements=contrat-fait"])
    assert made.coinche_announcements == "seed"


def test_a_refused_choice_lists_the_words_of_the_language() -> None:
    params = get_preset(get_game("coinche"), "maison")[1]
    with pytest.raises(InputError) as refused:
        apply_settings(params, ["coinche-announcements=both"])
    assert str(refused.value) == (
        "--set coinche-announcements: 'both' is not accepted (made-only, winner)"
    )
    with i18n_language("fr"):
        with pytest.raises(InputError) as refused:
            apply_settings(params, ["coinche-announcements=both"])
        assert tr(refused.value.args[0]).endswith("(contrat-fait, gagnant)")


def test_a_parameter_keeps_its_choices_and_their_words() -> None:
    kept = {f.name: f for f in dataclasses.fields(get_preset(get_game("belote"), "maison")[1])}
    litige = kept["litige_belote"].metadata
    assert litige["choices"] == ("kept", "held")
    assert dict(litige["words"]) == {"kept": "kept", "held": "held"}
    plain = param_field(1, "a number").metadata
    assert "choices" not in plain and "words" not in plain


# --------------------------------------------------------------------------------------------
# A stored round that the game could not have written


def test_a_stored_round_that_is_not_an_object_is_refused_so() -> None:
    game = get_game("tarot")
    with pytest.raises(ValueError, match=r"^a round is not an object$"):
        game.check_stored(["taker", "Ann"], None)


def test_a_stored_round_naming_a_stranger_is_refused_so() -> None:
    game = get_game("tarot")
    table = Session.create("tarot", ["Ann", "Bob", "Cyd"]).table()
    stored = {"taker": "Zed", "contract": "garde", "bouts": 2, "points": 50.0}
    with pytest.raises(ValueError) as refused:
        game.check_stored(stored, table)
    assert str(refused.value) == "'Zed' is not at the table"
    game.check_stored(stored, None)  # no table given: the names are not looked at


@pytest.mark.parametrize(("word", "value"), [("ja", True), ("nei", False), ("Oui", True)])
def test_a_yes_or_no_is_set_in_any_language(word: str, value: bool) -> None:
    params = get_preset(get_game("tarot"), "fft")[1]
    name = next(
        f.name for f in dataclasses.fields(params) if isinstance(getattr(params, f.name), bool)
    )
    setting = name.replace("_", "-")
    assert getattr(apply_settings(params, [f"{setting}={word}"]), name) is value


def test_a_parameter_made_now_keeps_its_choices_and_says_them_when_refused() -> None:
    """param_field's metadata, made while the test runs (a rule set's are made at import),
    and a choice with no word of its own said as it is."""

    @dataclasses.dataclass(frozen=True)
    class Rules:
        style: str = param_field("plain", "how", choices=("plain", "fancy"))
        look: str = param_field("kept", "what", choices={"kept": msg("kept"), "held": msg("held")})

    fields = {f.name: f.metadata for f in dataclasses.fields(Rules)}
    assert fields["style"]["choices"] == ("plain", "fancy") and "words" not in fields["style"]
    assert fields["look"]["choices"] == ("kept", "held")
    assert fields["look"]["words"] == {"kept": "kept", "held": "held"}
    with pytest.raises(InputError) as refused:
        apply_settings(Rules(), ["style=odd"])
    assert str(refused.value) == "--set style: 'odd' is not accepted (plain, fancy)"
    with i18n_language("nb"):
        assert apply_settings(Rules(), ["look=på vent"]).look == "held"


def test_an_answer_that_is_no_choice_is_said_as_it_is() -> None:
    from cardscore.games.base import Choice

    choices = (Choice("garde-sans", "garde sans (gs)"),)
    assert Field("x", FieldKind.NUMBER, "?", "", choices=choices).said("garde-sans") == (
        "garde-sans"
    )
    assert Field("x", FieldKind.CHOICE, "?", "", choices=choices).said("garde-sans") == (
        "garde sans"
    )


def test_a_game_counts_every_column_but_the_one_sitting_out_by_default() -> None:
    from types import SimpleNamespace

    from cardscore.games.game_stats import count_columns
    from cardscore.games.tally import Tally

    row = SimpleNamespace(
        columns=("Ann", "Bob", "Cyd", "Dan"),  # Dan at the table, in no score: 0
        mort="Cyd",
        scores={"Ann": 30, "Bob": -30, "Cyd": 0},
        totals={"Ann": 50, "Bob": -10, "Cyd": 7},
    )
    tally = Tally(lower_wins=False)
    count_columns(row, None, tally)
    assert set(tally.players) == {"Ann", "Bob", "Dan"}
    dan = tally.players["Dan"]
    assert (dan["rounds"], dan["points"], dan["total"], dan["best"]) == (1, 0, 0, 0)
    ann, bob = tally.players["Ann"], tally.players["Bob"]
    assert (ann["rounds"], ann["points"], ann["total"], ann["best"]) == (1, 30, 50, 30)
    assert (bob["points"], bob["total"], bob["worst"]) == (-30, -10, -30)


def test_a_game_of_its_own_is_a_match_of_every_player_the_highest_total_first() -> None:
    from cardscore.games.base import GameDefaults
    from cardscore.games.game_stats import stats_of

    class Own(GameDefaults):  # (no statistics module: every game's match)
        lower_wins = False

    totals = {"Ann": {"total": 10}, "Bob": {"total": 30}}
    assert stats_of(Own()).match(totals, []) == ((1, ("Bob",)), (2, ("Ann",)))


def test_rule_sets_read_are_kept_read_once_up_to_a_bound() -> None:
    """A rule set read again is the object read before; past the bound, read anew; a value
    no rule set holds (a list) is refused, not kept."""
    from cardscore.games import params
    from cardscore.games.tarot.rules import TarotParams

    params._READ.clear()
    try:
        made = [
            params.params_from_dict(TarotParams, {"value_garde": n})
            for n in range(params._MOST_READ + 5)
        ]
        assert len(params._READ) == params._MOST_READ
        assert params.params_from_dict(TarotParams, {"value_garde": 3}) is made[3]
        again = params.params_from_dict(TarotParams, {"value_garde": params._MOST_READ + 2})
        assert again == made[-3] and again is not made[-3]
        with pytest.raises(ValueError, match="value_garde"):
            params.params_from_dict(TarotParams, {"value_garde": [40]})
    finally:
        params._READ.clear()


# --------------------------------------------------------------------------------------------
# A stored round read back through add's checks (Game.check_typed), and what is said of it

FIVE = ("Ann", "Bob", "Cyd", "Dan", "Eve")


def test_a_stored_round_add_would_not_save_is_refused_saying_what_it_saves() -> None:
    tarot = get_game("tarot")
    table = Table("tarot", FIVE, tarot.presets["fft"])
    inp = tarot.build_round(
        {"taker": "Ann", "contract": "garde", "bouts": "2", "points": "49"}, table, 1
    )
    with pytest.raises(ValueError) as one:
        tarot.check_stored({**inp, "called": "Ann"}, table, 1)  # (add saves a lone taker's)
    assert str(one.value) == "called: not as cardscore saves this round (it saves called: null)"
    out_of_order = [["Cyd", "simple"], ["Bob", "simple"]]  # (add saves them in seating order)
    with pytest.raises(ValueError) as two:
        tarot.check_stored({**inp, "called": "Ann", "poignees": out_of_order}, table, 1)
    assert str(two.value) == (
        "called, poignees: not as cardscore saves this round (it saves called: null, "
        'poignees: [["Bob", "simple"], ["Cyd", "simple"]])'
    )


def test_a_stored_round_may_leave_out_what_its_type_defaults() -> None:
    tarot = get_game("tarot")
    table = Table("tarot", FIVE, tarot.presets["fft"])
    inp = tarot.build_round(
        {"taker": "Ann", "contract": "garde", "bouts": "2", "points": "49"}, table, 1
    )
    shorter = {k: v for k, v in inp.items() if k not in ("petit_au_bout", "miseres", "chelem")}
    tarot.check_stored(shorter, table, 1)  # (no error: read with its type's defaults)


def test_a_stored_round_whose_answers_cannot_be_read_back_is_not_one_cardscore_saves() -> None:
    belote = get_game("belote")
    table = Table("belote", FIVE[:4], belote.presets["maison"], ("AC", "BD"))
    inp = belote.build_round(
        {"taker": "Ann", "trump": "hearts", "points": "100", "dix_de_der": "taker"}, table, 1
    )
    with pytest.raises(ValueError) as caught:
        belote.check_stored({**inp, "dix_de_der": None}, table, 1)
    assert str(caught.value) == "not a round cardscore saves"


def test_a_value_in_a_message_is_cut_after_40_characters() -> None:
    from cardscore.games.game import _short_json

    assert _short_json("Zoé") == '"Zoé"'  # (as a file writes it: not "Zo\\u00e9")
    assert _short_json("x" * 38) == '"' + "x" * 38 + '"'  # 40 characters: whole
    assert _short_json("x" * 39) == '"' + "x" * 38 + "…"  # 41: 39 and an ellipsis


def test_a_game_without_a_target_is_given_none() -> None:
    from cardscore.games.game import with_target

    tarot = get_game("tarot")
    with pytest.raises(ValueError, match=r"^tarot has no target$"):
        with_target(tarot, tarot.presets["fft"], 500)


# --------------------------------------------------------------------------------------------
# A rule set's values as a file holds them (params_from_dict)


def test_a_stored_parameter_is_one_set_takes() -> None:
    from cardscore.games import params
    from cardscore.games.params import PARAM_MOST, params_from_dict
    from cardscore.games.tarot.rules import TarotParams

    params._READ.clear()  # (each value checked here, not found among the rule sets read)

    def refusal(value: Any, name: str = "value_garde") -> str:
        with pytest.raises(ValueError) as caught:
            params_from_dict(TarotParams, {name: value})
        return str(caught.value)

    assert refusal("nope", "scoring") == "parameter scoring: 'nope' is not one it takes"
    assert params_from_dict(TarotParams, {"value_garde": PARAM_MOST}).value_garde == PARAM_MOST
    assert refusal(PARAM_MOST + 1) == f"parameter value_garde: {PARAM_MOST + 1} is not one it takes"
    # a value is said whole up to 20 characters, else its first 19 and an ellipsis
    assert refusal(10**19) == "parameter value_garde: 10000000000000000000 is not one it takes"
    assert refusal(10**20) == "parameter value_garde: '1000000000000000000…' is not one it takes"
