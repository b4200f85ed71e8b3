#!/usr/bin/env python3
"""Makes the storefront's font files in ui/src/assets/fonts/ (committed: the build does not
need fontTools). Run from ui/ after `npm ci`, with fontTools and brotli installed
(`pip install fonttools brotli`): `python3 scripts/subset-fonts.py`.

Why: @fontsource's Prompt files are hinted (hinting instructions are half their bytes and
phones ignore them), the Latin files lack the baht sign (so every price on an English page
pulled in the Thai file), and the language chooser's "ไทย" and "ខ្មែរ" pulled in whole Thai and
Khmer files on every page. Made here:

- prompt-latin-{400,500,600}.woff2: Basic Latin, Latin-1, common punctuation and ฿, unhinted.
- prompt-thai-{400,500,600}.woff2: the Thai block (without ฿, which the Latin files carry), unhinted.
- language-names-{thai,khmer}.woff2: only the glyphs of "ไทย" and "ខ្មែរ" (with the layout
  rules that shape them), for the language chooser.

Sizes are printed; fonts.css names the same unicode ranges.
"""

from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont

UI = Path(__file__).resolve().parent.parent
PROMPT = UI / "node_modules/@fontsource/prompt/files"
KHMER = UI / "node_modules/@fontsource/noto-sans-khmer/files"
OUT = UI / "src/assets/fonts"

LATIN = (
    "U+0020-007E,U+00A0-00FF,U+0131,U+0152-0153,U+02C6,U+02DA,U+02DC,U+2013-2014,"
    "U+2018-201A,U+201C-201E,U+2022,U+2026,U+2039-203A,U+20AC,U+2122,U+2212"
)
BAHT = "U+0E3F"
THAI = "U+0E01-0E3A,U+0E40-0E5B,U+200B-200D,U+25CC"


def unicodes(ranges: str) -> list[int]:
    out = []
    for part in ranges.split(","):
        part = part.strip().removeprefix("U+")
        first, _, last = part.partition("-")
        out.extend(range(int(first, 16), int(last or first, 16) + 1))
    return out


def cut(source: Path, *, codes: list[int] | None = None, text: str | None = None) -> TTFont:
    options = subset.Options()
    options.layout_features = ["*"]
    options.hinting = False
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = TTFont(source)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codes or [], text=text or "")
    subsetter.subset(font)
    return font


def save(font: TTFont, name: str) -> None:
    font.flavor = "woff2"
    path = OUT / name
    font.save(path)
    print(f"{name}: {path.stat().st_size} bytes")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = OUT / ".tmp"
    tmp.mkdir(exist_ok=True)
    for weight in (400, 500, 600):
        latin = cut(PROMPT / f"prompt-latin-{weight}-normal.woff2", codes=unicodes(LATIN))
        baht = cut(PROMPT / f"prompt-thai-{weight}-normal.woff2", codes=unicodes(BAHT))
        # The merger reads plain TrueType files.
        latin.save(tmp / "latin.ttf")
        baht.save(tmp / "baht.ttf")
        save(Merger().merge([str(tmp / "latin.ttf"), str(tmp / "baht.ttf")]), f"prompt-latin-{weight}.woff2")
        save(cut(PROMPT / f"prompt-thai-{weight}-normal.woff2", codes=unicodes(THAI)), f"prompt-thai-{weight}.woff2")
    save(cut(PROMPT / "prompt-thai-400-normal.woff2", text="ไทย"), "language-names-thai.woff2")
    save(cut(KHMER / "noto-sans-khmer-khmer-400-normal.woff2", text="ខ្មែរ"), "language-names-khmer.woff2")
    for leftover in tmp.iterdir():
        leftover.unlink()
    tmp.rmdir()


if __name__ == "__main__":
    main()
