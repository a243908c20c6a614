"""The tournament's results sheet as CSV (the ranking, one row a side) and as an A4 PDF (the
ranking, then every round's tables), beside the text, Markdown and HTML ones
(:mod:`.views`, :mod:`.page`).  Every text in the user's language; a user's text is never
taken for a spreadsheet formula (:func:`cardscore.export.csv_sheet.cell_text`)."""

from __future__ import annotations

import csv
import io

from cardscore.i18n import _, language, msg, tr
from cardscore.tournament import views
from cardscore.tournament.organise import Standing


def headings(standing: Standing) -> list[str]:
    """The ranking's headings: rank, name, each round, total (and place points)."""
    t = standing.tournament
    heads = [_("Rank"), _("Team") if t.teams else _("Player")]
    heads += [tr(msg("R{number}", number=n)) for n in range(1, t.rounds + 1)] + [_("Total")]
    return heads + ([_("Points")] if t.ranking == "places" else [])


def ranking_rows(standing: Standing) -> list[list[str]]:
    """The ranking's rows, as :func:`headings` heads them."""
    t = standing.tournament
    rows = []
    for row in standing.ranking:
        cells = [str(row.rank), row.name, *views.round_cells(row, t.rounds), str(row.total)]
        rows.append(cells + ([str(row.points)] if row.points is not None else []))
    return rows


def csv_text(standing: Standing, separator: str | None = None) -> str:
    """The ranking as CSV, separated as the language's spreadsheets expect."""
    from cardscore.export.csv_sheet import BOM, cell_text, separator_of_language

    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator or separator_of_language(), lineterminator="\n")
    writer.writerow(headings(standing))
    for rank, name, *numbers in ranking_rows(standing):
        writer.writerow([rank, cell_text(name), *numbers])  # (a name is a user's text)
    return BOM + out.getvalue()


def pdf_bytes(standing: Standing) -> bytes:
    """The results sheet as an A4 PDF: the title, the ranking, then each round's tables."""
    from fpdf import FPDF
    from fpdf.enums import XPos, YPos

    from cardscore.export.latin1 import latin1
    from cardscore.export.pdf import find_font

    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_margins(15, 15, 15)
    pdf.set_auto_page_break(True, margin=18)
    font = find_font()
    if font is not None:
        pdf.add_font("Sheet", "", font[0])
        pdf.add_font("Sheet", "B", font[1])
        family, text = "Sheet", str
    else:  # the core font: Latin-1 only
        family, text = "helvetica", latin1
    pdf.set_lang(language())
    pdf.add_page()
    t = standing.tournament
    pdf.set_font(family, "B", 16)
    pdf.multi_cell(0, 8, text(t.title or views.heading(t)), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font(family, "", 9)
    pdf.multi_cell(0, 5, text(views.heading(t)), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(3)
    pdf.set_font(family, "B", 12)
    pdf.cell(0, 7, text(_("Ranking")), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font(family, "", 9)
    heads = headings(standing)
    numbers = len(heads) - 2  # every column but the rank and the name holds numbers
    each = min(20.0, (pdf.epw - 62) / numbers)  # (20 rounds still fit the page's width)
    widths = (14, 48, *[each] * numbers)
    aligns = ("RIGHT", "LEFT", *["RIGHT"] * numbers)
    with pdf.table(
        width=sum(widths), col_widths=widths, text_align=aligns, align="LEFT",
        first_row_as_headings=True,
    ) as table:  # fmt: skip
        for cells in [heads, *ranking_rows(standing)]:
            row = table.row()
            for cell in cells:
                row.cell(text(cell))
    for draw, states in zip(t.draws, standing.rounds, strict=True):
        pdf.ln(3)
        pdf.set_font(family, "B", 12)
        said = tr(msg("Round {number} of {rounds}", number=draw.number, rounds=t.rounds))
        pdf.cell(0, 7, text(said), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.set_font(family, "", 9)
        for index, state in enumerate(states):
            line = f"{views.seat_line(t, draw, index)} — {views.table_progress(state)}"
            pdf.multi_cell(0, 5, text(line), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        if draw.bye:
            bye = tr(msg("Sitting out: {names}", names=", ".join(draw.bye)))
            pdf.multi_cell(0, 5, text(bye), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(3)
    pdf.multi_cell(0, 5, text(views.next_step(standing)), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    return bytes(pdf.output())
