"""The shared vocabulary of the rules core: tables, round fields, results and errors.

Nothing here (nor anywhere in :mod:`cardscore.games`) touches files, prompts or colours:
a game is a set of pure functions over plain data, so the CLI, the interactive prompts,
the exporters and the tests all call the same code.

A round travels through three shapes:

1. **raw** — what a person typed: ``{"taker": "ali", "points": "35,5", "poignee": ["Bob"]}``.
   Keys are :attr:`Field.key`; values are strings, lists of strings (repeatable fields) or
   booleans (flags).  ``add`` options and interactive answers both produce this shape.
2. **input** — what :meth:`Game.build_round` returns after validating the raw values: a
   JSON-ready dict with canonical names and numbers.  Sessions store rounds in this shape.
3. **result** — what :meth:`Game.score` returns: every column's score and the breakdown.

This module is where every name of the vocabulary is imported from; each part lives in
the module named for what it holds, lowest first:

* :mod:`.errors` — :class:`InputError` and :class:`about`;
* :mod:`.names` — names and text: :func:`fold`, :data:`UNSAFE_TEXT`, :func:`clean_name`,
  the checks of names (:func:`check_names`, :func:`look_alike`, :func:`check_hidden`...);
* :mod:`.numbers` — numbers typed by a person: :func:`parse_number`, :func:`parse_int`;
* :mod:`.table` — :class:`Table`;
* :mod:`.description` — a round's fields: :class:`Field`, :class:`FieldKind`,
  :class:`Choice`, :class:`Words` and their helpers (:func:`pick_choice`,
  :func:`shortcut_keys`, :func:`is_given`, :func:`reject_inapplicable`, :func:`split_pair`);
* :mod:`.params` — rule sets' parameters: :func:`param_field`, :func:`describe_params`,
  :func:`params_from_dict`, :func:`apply_settings`, :data:`PARAM_MOST`;
* :mod:`.stored` — rounds read from a file: :class:`Stored`, :func:`typed_under`,
  :func:`checked_since`, :data:`BOUNDS_SCHEMA`;
* :mod:`.game` — :class:`RoundResult`, :class:`Outcome`, the :class:`Game` protocol and
  :class:`GameDefaults`.

Every name this module had before it was split is still here (its private ones too, imported
``as`` themselves), so that no import of it had to change.
"""

from __future__ import annotations

from cardscore.games.description import _REPEATABLE as _REPEATABLE
from cardscore.games.description import (
    MOST_NUMBERS_PICKED,
    Choice,
    Field,
    FieldKind,
    Words,
    is_given,
    pick_choice,
    reject_inapplicable,
    said_values,
    shortcut_keys,
    split_pair,
)
from cardscore.games.errors import InputError, about
from cardscore.games.game import Game, GameDefaults, Outcome, RoundResult, target_of, with_target
from cardscore.games.game import _short_json as _short_json
from cardscore.games.names import _ASCII_PROTOTYPES as _ASCII_PROTOTYPES
from cardscore.games.names import (
    HIDDEN_FROM,
    NAME_MOST,
    TITLE_MOST,
    UNSAFE_TEXT,
    alike,
    check_hidden,
    check_names,
    check_text,
    clean_name,
    fold,
    hidden_in,
    look_alike,
    skeleton,
    twins_problem,
    unsafe_in,
)
from cardscore.games.names import _code_and_name as _code_and_name
from cardscore.games.names import _hidden_pattern as _hidden_pattern
from cardscore.games.names import _shown as _shown
from cardscore.games.numbers import parse_int, parse_number
from cardscore.games.params import (
    PARAM_MOST,
    Parameter,
    apply_settings,
    describe_params,
    param_field,
    params_from_dict,
)
from cardscore.games.params import _check_param as _check_param
from cardscore.games.params import _choice as _choice
from cardscore.games.params import _said as _said
from cardscore.games.stored import _TYPED_UNDER as _TYPED_UNDER
from cardscore.games.stored import BOUNDS_SCHEMA, Stored, checked_since, typed_under
from cardscore.games.table import Table
from cardscore.games.table import _exactly_named as _exactly_named

__all__ = [
    "BOUNDS_SCHEMA",
    "HIDDEN_FROM",
    "MOST_NUMBERS_PICKED",
    "NAME_MOST",
    "PARAM_MOST",
    "TITLE_MOST",
    "UNSAFE_TEXT",
    "Choice",
    "Field",
    "FieldKind",
    "Game",
    "GameDefaults",
    "InputError",
    "Outcome",
    "Parameter",
    "RoundResult",
    "Stored",
    "Table",
    "Words",
    "about",
    "alike",
    "apply_settings",
    "check_hidden",
    "check_names",
    "check_text",
    "checked_since",
    "clean_name",
    "describe_params",
    "fold",
    "hidden_in",
    "is_given",
    "look_alike",
    "param_field",
    "params_from_dict",
    "parse_int",
    "parse_number",
    "pick_choice",
    "reject_inapplicable",
    "said_values",
    "shortcut_keys",
    "skeleton",
    "split_pair",
    "target_of",
    "twins_problem",
    "typed_under",
    "unsafe_in",
    "with_target",
]
