#!/usr/bin/env python3
"""Writes a large catalogue file for the load harness: the demo products (as `kiosk catalog
export` writes them) repeated with new codes, names and prices until there are N products.

    python3 tests/load/make_products.py demo.json 100000 big.json              # JSON
    python3 tests/load/make_products.py demo.json 100000 big.json --variants 4 # 400 000 variants
    python3 tests/load/make_products.py demo.json 100000 big.csv    # CSV (through a JSON import + export is slower)

Codes are `XX-1NNNNN` (the demo's two-letter prefix, six digits); every copy gets a series
word in its names and descriptions so that search sees many distinct but realistic products.

`--variants N` (2 to 12) gives every product options and N variants (docs/VARIANTS.md): a
colour option (Grey, Sand, Green, Navy, Cream, Charcoal) and, from 3 variants on, a size
option (Small, Large), translated in the five languages; variant codes `XX-1NNNNN-V`, prices
stepping up by ฿500 a variant, stock spread over the variants.
"""

import json
import sys

COLOURS = [
    ("grey", "#8a8d91", {"en": "Grey", "th": "เทา", "my": "Kelabu", "km": "ប្រផេះ", "id": "Abu-abu"}),
    ("sand", "#d8c7a5", {"en": "Sand", "th": "ทราย", "my": "Pasir", "km": "ខ្សាច់", "id": "Pasir"}),
    ("green", "#5f7f5a", {"en": "Green", "th": "เขียว", "my": "Hijau", "km": "បៃតង", "id": "Hijau"}),
    ("navy", "#27344f", {"en": "Navy", "th": "กรมท่า", "my": "Biru tua", "km": "ខៀវចាស់", "id": "Biru dongker"}),
    ("cream", "#efe6d2", {"en": "Cream", "th": "ครีม", "my": "Krim", "km": "ក្រែម", "id": "Krem"}),
    ("charcoal", "#3b3b3b", {"en": "Charcoal", "th": "เทาเข้ม", "my": "Arang", "km": "ធ្យូង", "id": "Arang"}),
]
SIZES = [
    ("small", {"en": "Small", "th": "เล็ก", "my": "Kecil", "km": "តូច", "id": "Kecil"}),
    ("large", {"en": "Large", "th": "ใหญ่", "my": "Besar", "km": "ធំ", "id": "Besar"}),
]
COLOUR_NAME = {"en": "Colour", "th": "สี", "my": "Warna", "km": "ពណ៌", "id": "Warna"}
SIZE_NAME = {"en": "Size", "th": "ขนาด", "my": "Saiz", "km": "ទំហំ", "id": "Ukuran"}


def with_variants(p, count):
    """Gives product `p` a colour option (and a size option from 3 variants on) and `count`
    variants; the product-level price and stock are the summaries the shop recomputes."""
    sizes = 2 if count >= 3 else 1
    colours = (count + sizes - 1) // sizes
    options = [{"kind": "colour", "name": COLOUR_NAME,
                "values": [dict(text, key=key, swatch=swatch) for key, swatch, text in COLOURS[:colours]]}]
    if sizes > 1:
        options.append({"kind": "size", "name": SIZE_NAME,
                        "values": [dict(text, key=key) for key, text in SIZES]})
    variants = []
    stock = p.get("stock", 0)
    for n in range(count):
        values = [n // sizes, n % sizes] if sizes > 1 else [n]
        variant = {"code": f"{p['code']}-{n + 1}", "values": values,
                   "price": p["price"] + n * 50000, "stock": stock // count + (1 if n < stock % count else 0),
                   "active": True}
        if p.get("compareAtPrice"):
            variant["compareAtPrice"] = variant["price"] + 300000
        variants.append(variant)
    p["options"] = options
    p["variants"] = variants

SERIES = ["Lanna", "Sukhothai", "Ayutthaya", "Andaman", "Isan", "Phuket", "Krabi", "Hua Hin",
          "Pattaya", "Khao Yai", "Mekong", "Siam", "Chao Phraya", "Doi Suthep", "Samui"]


def main() -> None:
    args = sys.argv[1:]
    variants = 0
    if "--variants" in args:
        at = args.index("--variants")
        variants = int(args[at + 1])
        del args[at:at + 2]
        if not 2 <= variants <= 12:
            sys.exit("--variants takes 2 to 12")
    source, count, out = args[0], int(args[1]), args[2]
    data = json.load(open(source, encoding="utf-8"))
    demo = data["products"] if isinstance(data, dict) else data
    products = []
    for i in range(count):
        base = demo[i % len(demo)]
        series = SERIES[(i // len(demo)) % len(SERIES)]
        p = json.loads(json.dumps(base))
        prefix = base["code"].split("-")[0]
        p["code"] = f"{prefix}-{100000 + i}"
        p["name"] = {lang: f"{name} {series} {i}" for lang, name in base["name"].items()}
        p["description"] = {lang: f"{text} {series}." for lang, text in base["description"].items()}
        p["price"] = base["price"] + (i % 97) * 1000
        if p.get("compareAtPrice"):
            p["compareAtPrice"] = p["price"] + 300000
        p["popularity"] = (base.get("popularity", 0) + i) % 100
        p["version"] = 0
        p.pop("options", None)
        p.pop("variants", None)
        if variants:
            with_variants(p, variants)
        products.append(p)
    if out.endswith(".csv"):
        sys.exit("write JSON, import it, and `kiosk catalog export big.csv` for CSV")
    with open(out, "w", encoding="utf-8") as f:
        f.write('{"products": [\n')
        for n, p in enumerate(products):
            f.write(json.dumps(p, ensure_ascii=False))
            f.write(",\n" if n + 1 < len(products) else "\n")
        f.write("]}\n")


if __name__ == "__main__":
    main()
