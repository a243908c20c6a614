"""The ``stats`` command: statistics across saved sessions, and the options that choose them."""

# No ``from __future__ import annotations``: see :mod:`cardscore.commands`.
import re
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from cardscore import completion
from cardscore.commands.base import JsonOpt, app, environment, made_help, print_json
from cardscore.games import GAME_NAMES, games_said, get_game
from cardscore.games.base import InputError
from cardscore.i18n import Msg, msg, tr

# --------------------------------------------------------------------------------------------
# stats


@app.command()
def stats(
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            help=made_help("Only this game: {games}.", games=games_said()),
            autocompletion=completion.games,
            metavar=msg("GAME"),
        ),
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option("--rules", help="Only the sessions of this rule set.", metavar=msg("RULES")),
    ] = None,
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player", help="One player's whole sheet (repeatable).", metavar=msg("NAME")
        ),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option(
            "--since",
            help="Only the sessions last played on or after this day.",
            metavar=msg("YYYY-MM-DD"),
        ),
    ] = None,
    until: Annotated[
        str | None,
        typer.Option(
            "--until",
            help="Only the sessions last played on or before this day.",
            metavar=msg("YYYY-MM-DD"),
        ),
    ] = None,
    season: Annotated[
        str | None,
        typer.Option(
            "--season",
            help="Only the sessions of this year, ranked by rating.",
            metavar=msg("YYYY"),
        ),
    ] = None,
    month: Annotated[
        str | None,
        typer.Option(
            "--month",
            help="Only the sessions of this month, ranked by rating.",
            metavar=msg("YYYY-MM"),
        ),
    ] = None,
    records: Annotated[
        bool, typer.Option("--records", help="Each game's records, with who, when and where.")
    ] = False,
    championship: Annotated[
        bool,
        typer.Option(
            "--championship", help="The championship of the finished tournaments (place points)."
        ),
    ] = False,
    best: Annotated[
        int | None,
        typer.Option(
            "--best",
            help="The championship counts each player's best N evenings (default: all).",
            metavar=msg("N"),
        ),
    ] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help="The championship's place points: places=25,20,16,… (default: the field down).",
            metavar=msg("KEY=VALUE"),
        ),
    ] = None,
    home: Annotated[
        list[str] | None,
        typer.Option(
            "--home",
            help="Read the sessions of this cardscore folder (repeatable; default: the usual one).",
            metavar=msg("DIR"),
        ),
    ] = None,
    as_json: JsonOpt = False,
    output: Annotated[
        str | None,
        typer.Option(
            "--output", "-o", help="Write a page with charts (.html).", metavar=msg("PATH")
        ),
    ] = None,
) -> None:
    """Statistics across every saved session: per player, per game."""
    chosen = _stats_game(game)
    rules = _stats_rules(chosen, rules)
    first, last = _stats_day("--since", since), _stats_day("--until", until)
    period = _stats_period(season, month, since, until)
    if period is not None:
        first, last = period
    if first and last and first > last:
        raise InputError(msg("--since {since} is after --until {until}", since=since, until=until))
    if output is not None and not output.lower().endswith((".html", ".htm")):
        raise InputError(msg("-o {output}: the statistics page is HTML (.html)", output=output))
    places = _stats_championship_options(championship, best, setting or ())
    homes = _stats_homes(home or ())
    names = tuple(player or ())
    doc, warnings = _stats_document(homes, chosen, rules, names, first, last)
    doc["season"] = season or month  # a season's tables are ranked by rating
    board = None
    if championship:  # (only then is the tournaments folder read, or its modules imported)
        from cardscore.stats import championship as champion

        board = champion.make(
            homes, game=chosen, rules=rules, since=first, until=last, best=best, places=places
        )
        warnings += board.warnings
        doc["championship"] = board.json()  # (after the cache is written: never kept in it)
    for warning in warnings:
        typer.echo(tr(msg("cardscore: warning: {problem}", problem=warning)), err=True)
    shown = [str(h) for h in homes] if homes else [str(environment().data_folder)]
    filters = _stats_filters(chosen, rules, since, until, season or month)
    if as_json:
        said = {
            "notes": [tr(note) for note in doc.get("notes", ())],
            "not_won": [{**s, "reason": tr(s["reason"])} for s in doc.get("not_won", ())],
        }
        print_json({**doc, **said, "homes": shown, "warnings": [tr(w) for w in warnings]})
    if output is not None:
        from cardscore import export
        from cardscore.stats import page, render

        first_part = ""
        if board is not None:
            from cardscore.stats import championship as champion

            first_part = champion.section(board, shown, filters)
        made = page.render(render.only_players(doc, names), shown, filters, first=first_part)
        path = export.write(output, made)
        typer.echo(tr(msg("Wrote {path}", path=str(path))), err=True)
    if not as_json and output is None:
        _stats_terminal(doc, shown, filters, names, records, board)


def _stats_terminal(
    doc: dict[str, Any],
    shown: Sequence[str],
    filters: Sequence[str],
    names: Sequence[str],
    records: bool,
    board: Any,
) -> None:
    """The report on the terminal: the overview (or the records, or the players' sheets),
    and the championship; with ``--championship`` alone, only the championship."""
    from cardscore.stats import render

    screen = environment().console
    parts: list[Any] = []
    if records:
        parts += render.records_report(screen, doc, shown, filters)
    elif names or board is None:
        parts += render.report(screen, doc, shown, filters, names)
    if board is not None:
        from cardscore.stats import championship as champion

        if parts:
            parts.append(render.whole_line(""))
        parts += champion.report(board, shown, filters)
    for part in parts:
        screen.print(part, soft_wrap=render.is_whole(part))


def _stats_game(game: str | None) -> str | None:
    """``--game``, one of the four games (any case)."""
    if game is None:
        return None
    name = game.strip().lower()
    if name not in GAME_NAMES:
        raise InputError(
            msg(
                "--game: {value!r} is not a game ({games})",
                value=game,
                games=", ".join(GAME_NAMES),
            )
        )
    return name


def _stats_rules(game: str | None, rules: str | None) -> str | None:
    """``--rules``: a rule set of ``--game``, or of some game when none is given (a typo
    would otherwise say "no sessions")."""
    if rules is None:
        return None
    from cardscore.games import preset_key, preset_word

    games = [game] if game else list(GAME_NAMES)
    known = sorted({preset for name in games for preset in get_game(name).presets})
    key = preset_key(rules, known)
    if key not in known:
        raise InputError(
            msg(
                "--rules: {value!r} is not a rule set ({known})",
                value=rules,
                known=", ".join(preset_word(k) for k in known),
            )
        )
    return key


def _stats_championship_options(
    championship: bool, best: int | None, settings: Sequence[str]
) -> tuple[int, ...]:
    """``--best N`` and ``--set places=…``, which only the championship takes: the places'
    points (``()``: the field's size down)."""
    if not championship and (best is not None or settings):
        raise InputError(msg("--best and --set go with --championship"))
    if best is not None and best < 1:
        raise InputError(msg("--best: {value} is not a number of evenings (1 or more)", value=best))
    places: tuple[int, ...] = ()
    for setting in settings:
        key, sep, value = setting.partition("=")
        if key.strip().lower() != "places" or not sep:
            raise InputError(
                msg("--set {setting!r}: the championship takes only places=…", setting=setting)
            )
        from cardscore.tournament.championship import parse_places

        try:
            places = parse_places(value)
        except ValueError:
            raise InputError(
                msg(
                    "--set {key}: {value!r} is not accepted ({help})",
                    key="places",
                    value=value.strip(),
                    help=msg("the points of each place, as 4,2,1,0"),
                )
            ) from None
    return places


def _stats_day(option: str, text: str | None) -> Any:
    """A ``--since`` or ``--until`` day, written ``YYYY-MM-DD``."""
    if text is None:
        return None
    import datetime

    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text.strip()):
            raise ValueError(text)
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        raise InputError(
            msg("{option}: {value!r} is not a date (YYYY-MM-DD)", option=option, value=text)
        ) from None


def _stats_homes(folders: Sequence[str]) -> list[Any]:
    """The ``--home`` folders, each a cardscore folder (holding ``sessions``) or its
    ``sessions`` folder itself; a folder that does not exist is refused."""
    from pathlib import Path

    homes = []
    for text in folders:
        folder = Path(text).expanduser()
        if not folder.is_dir():
            raise InputError(msg("--home {folder}: no such folder", folder=text))
        if folder.name == "sessions" and not (folder / "sessions").is_dir():
            folder = folder.parent  # the sessions folder itself: its home is its parent
        homes.append(folder)
    return homes


def _stats_document(
    homes: Sequence[Any],
    game: str | None,
    rules: str | None,
    players: Sequence[str],
    since: Any,
    until: Any,
) -> tuple[dict[str, Any], list[Msg]]:
    """The statistics of the sessions of ``homes`` (the usual one when none), and the
    warnings of reading them (copies set aside, damaged files)."""
    from cardscore import catalog
    from cardscore.stats import cache

    found = catalog.scan(list(homes) or None, digest_reads=True)
    chosen = rules.strip().lower() if rules else None
    options = [game, chosen, sorted(players), since, until]

    def key() -> str:  # what the document is made from: every file by what it holds
        files = [(str(e.home), e.name, e.hash) for e in found.entries]
        return cache.key_of(catalog.version(), options, files)

    made_of = key()
    doc = cache.load(found.folders, made_of) if found.entries else None
    if doc is None:
        from cardscore.stats.aggregate import aggregate

        said = len(found.warnings)
        digests = [digest for _entry, digest in found.digests()]
        doc = aggregate(
            digests, game=game, rules=chosen, players=tuple(players), since=since, until=until
        )
        # (a session dropped now is said now: kept, the next run would not say it; a file
        # changed while it was read: the document is not of the files the key says)
        if found.entries and len(found.warnings) == said and key() == made_of:
            cache.save(found.folders, made_of, doc)
    return doc, list(found.warnings)


def _stats_period(
    season: str | None, month: str | None, since: str | None, until: str | None
) -> tuple[Any, Any] | None:
    """The first and last day of ``--season YYYY`` or ``--month YYYY-MM`` (one of them, and
    without ``--since`` and ``--until``, which they stand for)."""
    if season is None and month is None:
        return None
    if season is not None and month is not None:
        raise InputError(msg("--season and --month: give one of them"))
    if since is not None or until is not None:
        raise InputError(msg("--season and --month stand for --since and --until: give one"))
    import calendar
    import datetime

    if season is not None:
        # (the calendar starts at year 1: 0000 is no year)
        if not re.fullmatch(r"\d{4}", season.strip()) or int(season) < 1:
            raise InputError(msg("--season: {value!r} is not a year (YYYY)", value=season))
        year = int(season)
        return datetime.date(year, 1, 1), datetime.date(year, 12, 31)
    found = re.fullmatch(r"(\d{4})-(\d{2})", (month or "").strip())
    if not found or not 1 <= int(found.group(2)) <= 12 or int(found.group(1)) < 1:
        raise InputError(msg("--month: {value!r} is not a month (YYYY-MM)", value=month))
    year, number = int(found.group(1)), int(found.group(2))
    end = calendar.monthrange(year, number)[1]
    return datetime.date(year, number, 1), datetime.date(year, number, end)


def _stats_filters(
    game: str | None,
    rules: str | None,
    since: str | None,
    until: str | None,
    season: str | None = None,
) -> list[str]:
    """The options that chose the sessions, as the report says them (``tarot, since
    2026-01-01``)."""
    said = [game] if game else []
    if season:
        said.append(tr(msg("season {season}", season=season.strip())))
    if rules:
        said.append(tr(msg("rule set {rules}", rules=rules)))
    if since:
        said.append(tr(msg("since {date}", date=since.strip())))
    if until:
        said.append(tr(msg("until {date}", date=until.strip())))
    return said
