"""Where the live page is served, said in a terminal: its addresses, for whom, and a QR code
to scan (``cardscore serve`` and the loop's live page alike)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardscore.i18n import _, msg, tr

if TYPE_CHECKING:
    from cardscore.live import LiveServer


def address_lines(server: LiveServer) -> str:
    """Where the page is, and for whom."""
    address = server.address
    lines = [
        tr(msg("Live page: {url}", url=address.url)),
        tr(msg("TV view: {url}", url=address.url + "?tv")),
    ]
    if address.bound in ("0.0.0.0", ""):
        lines.append(_("Served on every network of this machine (--host 0.0.0.0)."))
    elif address.bound.startswith("127."):
        lines.append(_("Served to this machine only (--host 127.0.0.1)."))
    return "\n".join(lines)


def qr_code(url: str) -> str:
    """The address as a QR code drawn with half blocks (two rows of modules a line)."""
    import io

    import segno

    drawn = io.StringIO()
    segno.make(url, error="m").terminal(out=drawn, compact=True, border=2)
    return drawn.getvalue().rstrip("\n")
