#!/usr/bin/env python3
"""Build assets/catalog-min.pdf, the Kiosk furniture e-catalogue shipped with the binary.

Dependency: fpdf2 (pip install fpdf2). Nothing else; no font files, no images.

    python3 assets/tools/make_catalog.py            # writes assets/catalog-min.pdf
    python3 assets/tools/make_catalog.py -o out.pdf

The PDF is English only: it uses the PDF core font Helvetica, which cannot show Thai, Khmer
or other non-Latin scripts. Helvetica has no baht sign either, and fpdf2 limits core fonts to
Latin-1, so the baht sign and the en/em dashes are drawn as vector shapes (see `Catalog.rich`).
Product pictures are simple drawings made of rectangles, so the file stays small.
The output is reproducible: the creation date is fixed.
"""

import argparse
import datetime
import os

from fpdf import FPDF

TEAL = (15, 92, 86)
TEAL_DARK = (10, 66, 62)
SAND = (217, 164, 65)
SAND_LIGHT = (246, 236, 214)
INK = (33, 37, 41)
GREY = (110, 117, 125)
WHITE = (255, 255, 255)

SHOP = {
    "name": "Kiosk Furniture Co., Ltd.",
    "address": "99/9 Sukhumvit Road, Khlong Toei, Bangkok 10110",
    "hours": "Showroom open daily 10:00\u201320:00",
    "tel": "Tel. 02-123-4567",
    "web": "kiosk.example.com",
    "line": "LINE and Facebook: kioskfurniture",
}

# Each section: title, intro, background colour of the pictures, products.
# Product: code, name, dimensions (W x D x H, cm), material, price (baht), drawing.
SECTIONS = [
    {
        "title": "Living room",
        "intro": "Sofas and armchairs with solid rubberwood frames and fabrics that are easy to clean.",
        "tint": (222, 236, 233),
        "products": [
            ("SF-1001", "Nara 3-seat sofa", "210 x 88 x 84 cm", "Linen-blend fabric, rubberwood frame", 18900, "sofa3"),
            ("SF-1002", "Nara 2-seat sofa", "160 x 88 x 84 cm", "Linen-blend fabric, rubberwood frame", 14500, "sofa2"),
            ("SF-1010", "Sathorn corner sofa", "260 x 180 x 82 cm", "Water-repellent fabric, pine frame", 32900, "corner"),
            ("SF-1020", "Lumpini sofa bed", "195 x 92 x 86 cm (bed 195 x 130 cm)", "Cotton-blend fabric, steel mechanism", 16900, "sofabed"),
            ("AC-1101", "Ari armchair", "78 x 80 x 85 cm", "Teak veneer, cotton cushions", 7900, "armchair"),
            ("CT-1201", "Kanlaya coffee table", "110 x 60 x 42 cm", "Solid teak, oil finish", 6500, "coffeetable"),
        ],
    },
    {
        "title": "Bedroom",
        "intro": "Beds in Thai sizes (3.5, 5 and 6 ft), mattresses and storage for clothes.",
        "tint": (236, 230, 244),
        "products": [
            ("BD-2001", "Chiang Mai bed 5 ft", "165 x 212 x 100 cm", "Solid rubberwood, walnut stain", 15900, "bed"),
            ("BD-2002", "Chiang Mai bed 6 ft", "195 x 212 x 100 cm", "Solid rubberwood, walnut stain", 18900, "bed"),
            ("MT-2101", "Sabai pocket-spring mattress 5 ft", "152 x 198 x 26 cm", "Pocket springs, natural latex top", 12900, "mattress"),
            ("WD-2201", "Doi 2-door wardrobe", "100 x 60 x 200 cm", "Melamine board, light oak finish", 8900, "wardrobe"),
            ("CD-2301", "Doi chest of 4 drawers", "80 x 45 x 100 cm", "Melamine board, light oak finish", 5900, "drawers"),
            ("DT-2401", "Rin dressing table with mirror", "100 x 45 x 140 cm", "Rubberwood, white lacquer", 6900, "dressing"),
        ],
    },
    {
        "title": "Dining room and kitchen",
        "intro": "Tables for four to six, chairs and practical storage for the kitchen.",
        "tint": (247, 234, 214),
        "products": [
            ("DN-3001", "Yaowarat 6-seat dining table", "180 x 90 x 75 cm", "Solid acacia, natural finish", 14900, "dining"),
            ("DN-3002", "Yaowarat 4-seat dining table", "140 x 80 x 75 cm", "Solid acacia, natural finish", 10900, "dining"),
            ("CH-3101", "Suan dining chair", "45 x 52 x 82 cm", "Rubberwood, woven rattan seat", 2490, "chair"),
            ("BS-3201", "Talad bar stool", "40 x 40 x 75 cm", "Powder-coated steel, teak seat", 1890, "stool"),
            ("SB-3301", "Ratchada sideboard", "160 x 45 x 80 cm", "Oak veneer, rattan doors", 11900, "sideboard"),
            ("KT-3401", "Krua kitchen trolley", "60 x 40 x 85 cm", "Rubberwood, stainless steel top", 3490, "trolley"),
        ],
    },
    {
        "title": "Home office and outdoor",
        "intro": "Desks and chairs for working from home, and weather-proof furniture for the garden.",
        "tint": (225, 238, 222),
        "products": [
            ("DK-4001", "Silom desk", "120 x 60 x 75 cm", "Oak veneer, steel legs", 4990, "desk"),
            ("DK-4002", "Silom electric standing desk", "140 x 70 x 62\u2013127 cm", "Laminate top, dual-motor steel frame", 15900, "standing"),
            ("OC-4101", "Asok ergonomic office chair", "65 x 65 x 110\u2013120 cm", "Breathable mesh, aluminium base", 6900, "officechair"),
            ("BK-4201", "Thonglor bookcase", "80 x 30 x 180 cm", "Melamine board, walnut finish", 4590, "bookcase"),
            ("OD-5001", "Hua Hin garden dining set", "Table 150 x 90 x 74 cm, 4 chairs", "Synthetic rattan, aluminium frame", 19900, "gardenset"),
            ("OD-5101", "Samui sun lounger", "195 x 65 x 35 cm", "Solid teak, adjustable back", 8900, "lounger"),
        ],
    },
]


def baht(amount):
    return "\u0e3f{:,}".format(amount)


class Catalog(FPDF):
    def __init__(self):
        super().__init__(orientation="P", unit="mm", format="A4")
        self.set_auto_page_break(False)
        self.set_margins(15, 15, 15)
        self.set_title("Kiosk furniture \u2014 Catalogue 2026")
        self.set_author(SHOP["name"])
        self.set_subject("Furniture catalogue 2026")
        self.set_creator("assets/tools/make_catalog.py")
        self.set_creation_date(datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc))

    # ---- text with the characters Helvetica (Latin-1 in fpdf2) cannot show ----
    def rich_width(self, text):
        width = 0.0
        for ch in text:
            if ch == "\u0e3f":
                width += self.get_string_width("B")
            elif ch == "\u2014":
                width += self.get_string_width("M")
            elif ch == "\u2013":
                width += self.get_string_width("n")
            else:
                width += self.get_string_width(ch)
        return width

    def rich(self, x, y, text, color=INK):
        """Writes `text` with its baseline at y; draws the baht sign and dashes."""
        size = self.font_size  # in mm
        self.set_text_color(*color)
        self.set_draw_color(*color)
        run = ""
        for ch in text + "\0":
            if ch in "\u0e3f\u2014\u2013\0":
                if run:
                    self.text(x, y, run)
                    x += self.get_string_width(run)
                    run = ""
                if ch == "\u0e3f":
                    w = self.get_string_width("B")
                    self.text(x, y, "B")
                    self.set_line_width(size * 0.075)
                    mid = x + w * 0.47
                    self.line(mid, y - size * 0.86, mid, y + size * 0.13)
                    x += w
                elif ch in "\u2014\u2013":
                    w = self.get_string_width("M" if ch == "\u2014" else "n")
                    self.set_line_width(size * 0.06)
                    pad = w * 0.08
                    self.line(x + pad, y - size * 0.27, x + w - pad, y - size * 0.27)
                    x += w
            else:
                run += ch
        return x

    def rich_paragraph(self, x, y, width, line_h, text, color=INK):
        """Word-wraps `text` into `width` mm; the first baseline is at y. Returns the next baseline."""
        line = ""
        for word in text.split(" "):
            candidate = word if not line else line + " " + word
            if line and self.rich_width(candidate) > width:
                self.rich(x, y, line, color)
                y += line_h
                line = word
            else:
                line = candidate
        if line:
            self.rich(x, y, line, color)
            y += line_h
        return y

    def rich_centered(self, y, text, color=INK):
        self.rich((self.w - self.rich_width(text)) / 2, y, text, color)

    # ---- page furniture ----
    def logo(self, x, y, s, word=True, on_dark=False):
        """The kiosk mark (rounded square, roof, armchair) at (x, y), s mm tall."""
        k = s / 64.0
        self.set_fill_color(*(WHITE if on_dark else TEAL))
        self.rect(x + 2 * k, y + 2 * k, 60 * k, 60 * k, style="F", round_corners=True, corner_radius=14 * k)
        self.set_draw_color(*SAND)
        self.set_line_width(5 * k)
        self.polyline([(x + 14 * k, y + 29 * k), (x + 32 * k, y + 13.5 * k), (x + 50 * k, y + 29 * k)])
        self.set_fill_color(*(TEAL if on_dark else WHITE))
        for rx, ry, rw, rh in [(21, 28, 22, 11), (14, 33, 8, 16), (42, 33, 8, 16), (23, 41, 18, 8), (16, 48, 4, 5), (44, 48, 4, 5)]:
            self.rect(x + rx * k, y + ry * k, rw * k, rh * k, style="F", round_corners=True, corner_radius=1.5 * k)
        if word:
            self.set_font("Helvetica", "B", s * 2.3)
            self.set_text_color(*(WHITE if on_dark else TEAL))
            self.text(x + s * 1.2, y + s * 0.78, "kiosk")

    def page_header(self, title, intro):
        self.set_fill_color(*TEAL)
        self.rect(0, 0, self.w, 30, style="F")
        self.logo(15, 7, 16, word=False, on_dark=True)
        self.set_font("Helvetica", "B", 20)
        self.rich(36, 16.5, title, WHITE)
        self.set_font("Helvetica", "", 10)
        self.rich(36, 23.5, intro, (214, 234, 230))

    def page_footer(self):
        self.set_draw_color(*SAND)
        self.set_line_width(0.6)
        self.line(15, 283, self.w - 15, 283)
        self.set_font("Helvetica", "", 8.5)
        self.rich(15, 289, "Kiosk furniture \u2014 Catalogue 2026 \u00b7 " + SHOP["tel"] + " \u00b7 " + SHOP["web"], GREY)
        label = "Page {}".format(self.page_no())
        self.rich(self.w - 15 - self.rich_width(label), 289, label, GREY)

    # ---- drawings: simple furniture made of rectangles, in a w x h box at (x, y) ----
    def draw(self, kind, x, y, w, h):
        base = TEAL
        soft = (90, 150, 143)
        wood = (166, 118, 72)
        wood_dark = (120, 82, 48)
        cush = SAND
        floor = y + h * 0.84
        self.set_draw_color(*GREY)
        self.set_line_width(0.3)
        self.line(x + w * 0.06, floor, x + w * 0.94, floor)

        def box(px, py, pw, ph, color, r=0.0):
            self.set_fill_color(*color)
            self.rect(x + px * w, y + py * h, pw * w, ph * h, style="F",
                      round_corners=r > 0, corner_radius=r)

        def legs(xs, top, color=wood_dark, lw=0.02):
            for lx in xs:
                box(lx, top, lw, 0.84 - top, color)

        if kind in ("sofa3", "sofa2", "sofabed", "corner"):
            left, right = (0.18, 0.82) if kind == "sofa2" else (0.1, 0.9)
            box(left, 0.3, right - left, 0.24, base, 1.5)   # back
            box(left, 0.46, 0.07, 0.28, base, 1.2)          # arms
            box(right - 0.07, 0.46, 0.07, 0.28, base, 1.2)
            seats = 2 if kind == "sofa2" else 3
            inner = (right - left - 0.14)
            for i in range(seats):
                box(left + 0.07 + i * inner / seats + 0.005, 0.52, inner / seats - 0.01, 0.12, cush, 1.0)
            for i in range(seats):
                box(left + 0.07 + i * inner / seats + 0.01, 0.34, inner / seats - 0.02, 0.16, soft, 1.2)
            box(left + 0.07, 0.64, inner, 0.1, base)
            legs([left + 0.02, right - 0.04], 0.74)
            if kind == "corner":                            # the chaise end, coming forward
                box(0.6, 0.6, 0.3, 0.18, base, 1.2)
                box(0.61, 0.57, 0.22, 0.08, cush, 1.0)
                legs([0.62, 0.86], 0.78)
            if kind == "sofabed":
                box(left + 0.07, 0.655, inner, 0.02, WHITE)
        elif kind == "armchair":
            box(0.32, 0.22, 0.36, 0.32, wood, 1.5)
            box(0.35, 0.26, 0.30, 0.26, cush, 1.2)
            box(0.27, 0.48, 0.07, 0.26, wood, 1.0)
            box(0.66, 0.48, 0.07, 0.26, wood, 1.0)
            box(0.34, 0.54, 0.32, 0.12, cush, 1.0)
            legs([0.29, 0.69], 0.74)
        elif kind == "coffeetable":
            box(0.2, 0.56, 0.6, 0.07, wood)
            box(0.24, 0.72, 0.52, 0.03, wood_dark)
            legs([0.23, 0.75], 0.63, wood_dark, 0.025)
        elif kind in ("bed", "mattress"):
            if kind == "bed":
                box(0.1, 0.22, 0.08, 0.62, wood)          # headboard
                box(0.1, 0.58, 0.8, 0.12, wood)           # frame
                box(0.84, 0.5, 0.06, 0.34, wood)          # footboard
                legs([0.12, 0.86], 0.7, wood_dark, 0.03)
                box(0.18, 0.48, 0.66, 0.1, WHITE, 1.0)    # mattress
                box(0.19, 0.41, 0.14, 0.08, cush, 1.2)    # pillow
                box(0.4, 0.47, 0.44, 0.04, soft)          # blanket
            else:
                box(0.12, 0.5, 0.76, 0.2, WHITE, 1.5)
                box(0.12, 0.5, 0.76, 0.05, soft, 1.5)
                for i in range(8):
                    box(0.15 + i * 0.09, 0.6, 0.06, 0.06, (210, 214, 218), 0.8)
                box(0.14, 0.7, 0.72, 0.14, wood)
        elif kind in ("wardrobe", "drawers", "bookcase", "sideboard"):
            if kind == "wardrobe":
                box(0.3, 0.08, 0.4, 0.74, wood)
                box(0.495, 0.1, 0.01, 0.7, wood_dark)
                box(0.46, 0.4, 0.015, 0.1, WHITE)
                box(0.525, 0.4, 0.015, 0.1, WHITE)
                legs([0.31, 0.67], 0.82, wood_dark, 0.02)
            elif kind == "drawers":
                box(0.3, 0.3, 0.4, 0.52, wood)
                for i in range(4):
                    box(0.32, 0.32 + i * 0.125, 0.36, 0.11, (190, 142, 94))
                    box(0.46, 0.36 + i * 0.125, 0.08, 0.02, wood_dark)
            elif kind == "bookcase":
                box(0.32, 0.06, 0.36, 0.78, wood_dark)
                colors = [TEAL, SAND, soft, (200, 90, 70), WHITE]
                for i in range(4):
                    top = 0.08 + i * 0.19
                    box(0.34, top, 0.32, 0.17, (238, 226, 206))
                    for j in range(4 - (i % 2)):
                        box(0.36 + j * 0.06, top + 0.04 + (j % 2) * 0.02, 0.045, 0.13 - (j % 2) * 0.02, colors[(i + j) % 5])
            else:
                box(0.15, 0.4, 0.7, 0.36, wood)
                for i in range(3):
                    box(0.17 + i * 0.225, 0.43, 0.21, 0.3, (214, 188, 140))
                    for k in range(5):
                        box(0.18 + i * 0.225, 0.45 + k * 0.055, 0.19, 0.012, wood)
                legs([0.17, 0.81], 0.76, wood_dark, 0.02)
        elif kind == "dressing":
            box(0.42, 0.3, 0.015, 0.15, wood)
            box(0.565, 0.3, 0.015, 0.15, wood)
            box(0.38, 0.08, 0.24, 0.3, (205, 225, 232), 3)
            box(0.25, 0.45, 0.5, 0.08, WHITE)
            box(0.25, 0.53, 0.5, 0.1, (236, 236, 236))
            box(0.46, 0.57, 0.08, 0.02, wood_dark)
            legs([0.26, 0.72], 0.63, wood, 0.025)
            self.set_draw_color(*GREY)
            self.rect(x + 0.25 * w, y + 0.45 * h, 0.5 * w, 0.18 * h)
        elif kind == "dining":
            box(0.26, 0.44, 0.48, 0.05, wood)
            legs([0.29, 0.68], 0.49, wood_dark, 0.03)
            for seat, back in ((0.08, 0.08), (0.78, 0.9)):   # a chair at each end
                box(back, 0.24, 0.025, 0.6, wood_dark)
                box(seat, 0.54, 0.14, 0.04, soft)
                legs([seat + 0.005, seat + 0.115], 0.58, wood_dark, 0.02)
        elif kind == "chair":
            box(0.38, 0.16, 0.24, 0.06, wood)
            box(0.38, 0.16, 0.03, 0.4, wood)
            box(0.59, 0.16, 0.03, 0.4, wood)
            box(0.41, 0.26, 0.18, 0.2, cush)
            box(0.36, 0.54, 0.28, 0.05, cush)
            legs([0.38, 0.59], 0.59, wood, 0.03)
        elif kind == "stool":
            box(0.38, 0.2, 0.24, 0.06, wood, 1.0)
            legs([0.4, 0.58], 0.26, INK, 0.02)
            box(0.41, 0.6, 0.18, 0.015, INK)
        elif kind == "trolley":
            box(0.33, 0.3, 0.34, 0.04, (200, 205, 210))
            box(0.35, 0.34, 0.3, 0.46, wood)
            for i in range(2):
                box(0.37, 0.4 + i * 0.2, 0.26, 0.14, (214, 188, 140))
            box(0.36, 0.8, 0.04, 0.04, INK, 0.6)
            box(0.6, 0.8, 0.04, 0.04, INK, 0.6)
        elif kind in ("desk", "standing"):
            top = 0.42 if kind == "desk" else 0.3
            box(0.14, top, 0.72, 0.05, wood)
            if kind == "desk":
                legs([0.16, 0.81], top + 0.05, INK, 0.02)
                box(0.6, top + 0.05, 0.2, 0.12, (190, 142, 94))
            else:
                legs([0.24, 0.73], top + 0.05, (90, 95, 100), 0.035)
                box(0.2, 0.8, 0.12, 0.04, INK)
                box(0.69, 0.8, 0.12, 0.04, INK)
            box(0.3, top - 0.2, 0.22, 0.16, INK, 1.0)        # monitor
            box(0.4, top - 0.04, 0.02, 0.04, INK)
            box(0.62, top - 0.06, 0.06, 0.06, SAND, 0.8)    # pot
            box(0.635, top - 0.14, 0.03, 0.08, soft, 0.8)   # plant
        elif kind == "officechair":
            box(0.4, 0.1, 0.2, 0.34, INK, 2)
            box(0.42, 0.13, 0.16, 0.28, (80, 86, 92), 1.5)
            box(0.37, 0.46, 0.26, 0.07, INK, 1.5)
            box(0.34, 0.36, 0.03, 0.1, INK)
            box(0.63, 0.36, 0.03, 0.1, INK)
            box(0.49, 0.53, 0.02, 0.19, (150, 155, 160))
            box(0.34, 0.72, 0.32, 0.025, (150, 155, 160))
            for wx in (0.33, 0.48, 0.63):
                box(wx, 0.77, 0.04, 0.04, INK, 0.6)
        elif kind == "gardenset":
            self.set_fill_color(*SAND)
            self.polygon([(x + 0.5 * w, y + 0.04 * h), (x + 0.3 * w, y + 0.2 * h), (x + 0.7 * w, y + 0.2 * h)], style="F")
            box(0.495, 0.2, 0.01, 0.3, (150, 155, 160))  # parasol pole
            box(0.3, 0.5, 0.4, 0.05, (150, 122, 90))
            legs([0.32, 0.66], 0.55, (150, 155, 160), 0.02)
            for cx, back in ((0.12, 0.12), (0.76, 0.86)):
                box(back, 0.4, 0.03, 0.3, (150, 122, 90))
                box(cx, 0.6, 0.12, 0.05, (150, 122, 90))
                legs([cx, cx + 0.1], 0.65, (150, 155, 160), 0.015)
        elif kind == "lounger":
            self.set_fill_color(*wood)
            self.polygon([(x + 0.12 * w, y + 0.36 * h), (x + 0.16 * w, y + 0.33 * h),
                          (x + 0.3 * w, y + 0.6 * h), (x + 0.26 * w, y + 0.64 * h)], style="F")
            box(0.26, 0.6, 0.62, 0.05, wood)
            legs([0.28, 0.84], 0.65, wood_dark, 0.025)
            box(0.3, 0.56, 0.5, 0.04, WHITE, 1.0)
            self.set_fill_color(*SAND)
            self.ellipse(x + 0.78 * w, y + 0.1 * h, 0.1 * h, 0.1 * h, style="F")  # sun

    def product_card(self, x, y, w, h, tint, product):
        code, name, dims, material, price, kind = product
        pic_h = h - 27
        self.set_fill_color(*tint)
        self.rect(x, y, w, pic_h, style="F", round_corners=True, corner_radius=2.5)
        self.draw(kind, x, y, w, pic_h)
        self.set_fill_color(*TEAL)
        self.rect(x + 3, y + 3, 19, 6, style="F", round_corners=True, corner_radius=1.5)
        self.set_font("Helvetica", "B", 8)
        self.rich(x + 3 + (19 - self.rich_width(code)) / 2, y + 7.2, code, WHITE)
        ty = y + pic_h + 6
        self.set_font("Helvetica", "B", 11)
        self.rich(x, ty, name, INK)
        self.set_font("Helvetica", "", 8.5)
        self.rich(x, ty + 5.2, "Size (W x D x H): " + dims, GREY)
        self.rich(x, ty + 9.8, "Material: " + material, GREY)
        self.set_font("Helvetica", "B", 13)
        end = self.rich(x, ty + 17, baht(price), TEAL)
        self.set_font("Helvetica", "", 7.5)
        self.rich(end + 2, ty + 17, "incl. 7% VAT", GREY)

    # ---- pages ----
    def cover(self):
        self.add_page()
        self.set_fill_color(*TEAL)
        self.rect(0, 0, self.w, 122, style="F")
        self.logo(15, 16, 22, word=True, on_dark=True)
        self.set_font("Helvetica", "B", 34)
        self.rich(15, 72, "Kiosk furniture \u2014", WHITE)
        self.rich(15, 87, "Catalogue 2026", SAND)
        self.set_font("Helvetica", "", 13)
        self.rich(15, 101, "Sofas, beds, dining sets, desks and storage for every room,", (214, 234, 230))
        self.rich(15, 108, "chosen for Thai homes and delivered to your door.", (214, 234, 230))
        # a living-room scene, like a photograph under the title block
        self.set_fill_color(222, 236, 233)
        self.rect(15, 130, 180, 58, style="F", round_corners=True, corner_radius=3)
        self.draw("armchair", 18, 134, 42, 50)
        self.draw("sofa3", 52, 134, 88, 50)
        self.draw("coffeetable", 74, 148, 44, 33.3)
        self.draw("bookcase", 142, 132, 50, 52.4)
        self.set_fill_color(*SAND)
        self.rect(15, 192, 180, 11, style="F", round_corners=True, corner_radius=2)
        self.set_font("Helvetica", "B", 11.5)
        self.rich_centered(199.2, "Free delivery in Bangkok and nearby provinces on orders over \u0e3f5,000", TEAL_DARK)
        # what is inside
        self.set_font("Helvetica", "B", 14)
        self.rich(15, 216, "Inside this catalogue", TEAL)
        self.set_font("Helvetica", "", 11)
        entries = ["{}  \u2013  page {}".format(sec["title"], i + 2) for i, sec in enumerate(SECTIONS)]
        entries.append("How to order  \u2013  page {}".format(len(SECTIONS) + 2))
        for i, entry in enumerate(entries):
            self.set_fill_color(*SAND)
            self.ellipse(15, 221.2 + i * 7.5, 2.4, 2.4, style="F")
            self.rich(20, 223.5 + i * 7.5, entry, INK)
        # contact block
        self.set_fill_color(*SAND_LIGHT)
        self.rect(115, 209, 80, 56, style="F", round_corners=True, corner_radius=3)
        self.set_font("Helvetica", "B", 12)
        self.rich(121, 217, "Visit our showroom", TEAL)
        self.set_font("Helvetica", "", 9.5)
        lines = [SHOP["name"], "99/9 Sukhumvit Road, Khlong Toei", "Bangkok 10110", SHOP["hours"],
                 SHOP["tel"], SHOP["web"], SHOP["line"]]
        for i, line in enumerate(lines):
            self.rich(121, 224.5 + i * 5.8, line, INK)
        self.set_font("Helvetica", "", 8)
        self.rich(15, 272, "Prices in Thai baht, including 7% VAT, valid from 1 January 2026 while stocks last.", GREY)
        self.rich(15, 277, "Colours in print may differ slightly from the real materials. Dimensions in centimetres.", GREY)
        self.page_footer()

    def section_page(self, section):
        self.add_page()
        self.page_header(section["title"], section["intro"])
        col_w, gap, card_h = 85, 10, 80
        for i, product in enumerate(section["products"]):
            cx = 15 + (i % 2) * (col_w + gap)
            cy = 38 + (i // 2) * (card_h + 2)
            self.product_card(cx, cy, col_w, card_h, section["tint"], product)
        self.page_footer()

    def order_page(self):
        self.add_page()
        self.page_header("How to order", "Online, by phone or in our showroom \u2014 whichever suits you.")
        steps = [
            ("Find your furniture", "Browse by room or category at " + SHOP["web"] + ". Know the code from this catalogue? "
             "Type # and the code in the search box, for example #SF-1001."),
            ("Add to cart and check out", "Choose colour and quantity, then enter your delivery address. Ask for a tax "
             "invoice at checkout if you need one. Coupons and coins are applied before you pay."),
            ("Pay by PromptPay or bank transfer", "Scan the PromptPay QR code with any Thai banking app, or transfer to the "
             "account shown and send us the slip. Card payment is also available."),
            ("Delivery", "Our own team delivers and assembles in Bangkok, Nonthaburi, Pathum Thani and Samut Prakan within "
             "1\u20133 days. Other provinces: 3\u20137 days by furniture carrier."),
        ]
        y = 44
        for n, (title, text) in enumerate(steps, 1):
            self.set_fill_color(*TEAL)
            self.ellipse(15, y - 5, 11, 11, style="F")
            self.set_font("Helvetica", "B", 13)
            self.rich(15 + (11 - self.rich_width(str(n))) / 2, y + 2.3, str(n), WHITE)
            self.rich(31, y + 1, title, TEAL)
            self.set_font("Helvetica", "", 10)
            self.rich_paragraph(31, y + 7.5, 164, 5, text, INK)
            y += 27
        # delivery fees table
        y += 2
        self.set_font("Helvetica", "B", 13)
        self.rich(15, y, "Delivery fees", TEAL)
        rows = [("Bangkok, Nonthaburi, Pathum Thani, Samut Prakan", "Free over \u0e3f5,000, otherwise \u0e3f500", "1\u20133 days"),
                ("All other provinces (by carrier)", "\u0e3f500 per order", "3\u20137 days")]
        y += 5
        self.set_fill_color(*TEAL)
        self.rect(15, y, 180, 8, style="F")
        self.set_font("Helvetica", "B", 9.5)
        for text, cx in (("Area", 18), ("Fee", 102), ("Delivery time", 166)):
            self.rich(cx, y + 5.5, text, WHITE)
        self.set_font("Helvetica", "", 9.5)
        for i, row in enumerate(rows):
            ry = y + 8 + i * 9
            self.set_fill_color(*(SAND_LIGHT if i % 2 == 0 else WHITE))
            self.rect(15, ry, 180, 9, style="F")
            for text, cx in zip(row, (18, 102, 166)):
                self.rich(cx, ry + 6, text, INK)
        # contact box
        y += 36
        self.set_fill_color(*TEAL)
        self.rect(15, y, 180, 58, style="F", round_corners=True, corner_radius=3)
        self.logo(22, y + 7, 18, word=False, on_dark=True)
        self.set_font("Helvetica", "B", 15)
        self.rich(46, y + 13, "Questions? We are happy to help.", WHITE)
        self.set_font("Helvetica", "", 10.5)
        contact = [SHOP["tel"] + "   \u00b7   " + SHOP["line"],
                   "Showroom: " + SHOP["address"],
                   SHOP["hours"] + "   \u00b7   " + SHOP["web"]]
        for i, line in enumerate(contact):
            self.rich(46, y + 22 + i * 7, line, (214, 234, 230))
        self.set_font("Helvetica", "", 8.5)
        self.rich(46, y + 49, "Returns within 7 days for unused items \u00b7 1-year warranty on frames and mechanisms", SAND)
        self.page_footer()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", default=os.path.join(here, "..", "catalog-min.pdf"))
    args = parser.parse_args()
    pdf = Catalog()
    pdf.cover()
    for section in SECTIONS:
        pdf.section_page(section)
    pdf.order_page()
    pdf.output(args.output)
    print("wrote {} ({} pages, {} bytes)".format(os.path.normpath(args.output), pdf.page_no(), os.path.getsize(args.output)))


if __name__ == "__main__":
    main()
