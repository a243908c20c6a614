"""Scoresheet exporters: ``cardscore print [--format txt|md|csv|html|pdf|json] [-o PATH]``.

Every format is drawn from the one documented document of :func:`cardscore.document.scoresheet`
(the ``show --json`` shape), so all of them show the same numbers.  Each format lives in its own
module, imported only when that format is asked for: ``print --format txt`` never imports the
PDF library.

>>> pick_format(None, None), pick_format("MD", None), pick_format(None, "Soirée.HTM")
('txt', 'md', 'html')
>>> pick_format("csv", "sheet.txt")  # an explicit --format wins over the extension
'csv'
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from cardscore import atomic
from cardscore.games.base import InputError
from cardscore.i18n import Msg, msg

if TYPE_CHECKING:
    from cardscore.session import Session, Standings

FORMATS = ("txt", "md", "csv", "html", "pdf", "json")
ALIASES = {"text": "txt", "markdown": "md", "htm": "html"}
EXTENSIONS = {
    ".txt": "txt",
    ".md": "md",
    ".markdown": "md",
    ".csv": "csv",
    ".html": "html",
    ".htm": "html",
    ".pdf": "pdf",
    ".json": "json",
}
MODULES = {"txt": "text", "md": "markdown", "csv": "csv_sheet", "html": "html", "pdf": "pdf"}


def pick_format(fmt: str | None, output: str | None) -> str:
    """The format to export: ``fmt`` when given, else ``output``'s extension, else txt."""
    if fmt is not None:
        name = fmt.strip().lower().lstrip(".")
        name = ALIASES.get(name, name)
        if name not in FORMATS:
            raise InputError(unknown_format(fmt))
        return name
    if output is None:
        return "txt"
    suffix = Path(output).suffix.lower()
    if suffix in EXTENSIONS:
        return EXTENSIONS[suffix]
    accepted = " ".join(sorted(set(EXTENSIONS), key=list(EXTENSIONS).index))
    if suffix:
        raise InputError(
            msg(
                "-o {output}: cannot tell the format from the file name (extension {suffix!r}; "
                "known: {accepted}); add --format {formats}",
                output=output,
                suffix=suffix,
                accepted=accepted,
                formats="|".join(FORMATS),
            )
        )
    raise InputError(
        msg(
            "-o {output}: cannot tell the format from the file name (no extension; known: "
            "{accepted}); add --format {formats}",
            output=output,
            accepted=accepted,
            formats="|".join(FORMATS),
        )
    )


def unknown_format(fmt: str) -> Msg:
    return msg(
        "--format: unknown format {fmt!r} (accepted: {accepted})",
        fmt=fmt,
        accepted=", ".join(FORMATS),
    )


#: The CSV separators ``--csv-separator`` takes, by the word a user types.
CSV_SEPARATORS = {",": ",", ";": ";", "tab": "\t", "\t": "\t"}


def csv_separator(word: str) -> str:
    """The separator ``--csv-separator`` names.

    >>> csv_separator(";"), csv_separator("TAB")
    (';', '\\t')
    """
    separator = CSV_SEPARATORS.get(word.strip().lower()) or CSV_SEPARATORS.get(word)
    if separator is None:
        raise InputError(msg("--csv-separator: {word!r} is not one of , ; tab", word=word))
    return separator


def render(fmt: str, session: Session, standings: Standings, **options: str) -> str | bytes:
    """The scoresheet in format ``fmt`` (text, or bytes for pdf); ``options`` go to the
    format's ``render`` (the CSV's ``separator``)."""
    if fmt not in FORMATS:
        raise InputError(unknown_format(fmt))
    from cardscore.document import ROUND_EXTRAS, scoresheet

    if fmt == "json":  # exactly what `show --json` prints
        from cardscore.indented_json import dumps

        return dumps(scoresheet(session, standings)) + "\n"
    try:
        module = importlib.import_module(f"cardscore.export.{MODULES[fmt]}")
    except ModuleNotFoundError as exc:  # fpdf2, a dependency, missing from this install
        if (exc.name or "").startswith("cardscore"):
            raise
        from cardscore.store import StoreError

        raise StoreError(
            msg(
                "--format {format} needs the Python package {package!r}, which is not "
                "installed (pip install fpdf2, or reinstall cardscore)",
                format=fmt,
                package=exc.name,
            )
        ) from None
    # the round parts the format writes (a breakdown is built only for a sheet showing it)
    extras = getattr(module, "ROUND_EXTRAS", ROUND_EXTRAS)
    return module.render(scoresheet(session, standings, extras), **options)


def deliver(data: str | bytes, output: str | None, fmt: str) -> Path | None:
    """A sheet to standard output (text only), or written to ``output``: the file's path."""
    if output is None:
        if isinstance(data, bytes):
            raise InputError(msg("--format {format}: binary output needs -o PATH", format=fmt))
        sys.stdout.write(data)
        return None
    return write(output, data)


def write(path: str, data: str | bytes) -> Path:
    """Write ``data`` to ``path`` atomically (temporary file in the same folder, fsync,
    ``os.replace``): the file is the old one or the new one, never half written.  Text is
    written as UTF-8, byte for byte (no newline translation)."""
    from cardscore.store import StoreError

    target = Path(path).expanduser()
    _refuse_a_session(target)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent
    try:
        if target.is_dir():
            raise IsADirectoryError(21, msg("it is a folder"))
        atomic.replace(target, payload, mode=_file_mode(target))
    except OSError as exc:
        reason = exc.strerror or str(exc)
        if isinstance(exc, FileNotFoundError) and not folder.is_dir():
            reason = msg("no folder {folder}", folder=str(folder))
        raise StoreError(
            msg(
                "cannot write {target}: {reason} (nothing was written)",
                target=str(target),
                reason=reason,
            )
        ) from None
    return target


def _refuse_a_session(target: Path) -> None:
    """A sheet is never written into the sessions folder, nor over a file that holds a
    session (a copy kept elsewhere): ``print ID -o sessions/ID.json`` would destroy it."""
    from cardscore.games.base import InputError
    from cardscore.store import sessions_dir

    folder = sessions_dir()
    inside = folder.exists() and target.parent.resolve().is_relative_to(folder.resolve())
    if inside or _holds_a_session(target):
        raise InputError(
            msg(
                "-o {target}: that is a session file or the sessions folder; a sheet is "
                "never written there (nothing was written)",
                target=str(target),
            )
        )


def _holds_a_session(target: Path) -> bool:
    """Whether ``target`` is a file whose first bytes are a session's (its schema_version)."""
    try:
        if not target.is_file():  # (a FIFO would be waited on)
            return False
        with open(target, "rb") as handle:
            start = handle.read(4096)
    except OSError:
        return False
    return start.lstrip().startswith(b"{") and b'"schema_version"' in start


def _file_mode(target: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual ones (umask)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask
