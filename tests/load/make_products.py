#!/usr/bin/env python3
"""Writes a large catalogue file for the load harness: the demo products (as `kiosk catalog
export` writes them) repeated with new codes, names and prices until there are N products.

    python3 tests/load/make_products.py demo.json 100000 big.json   # JSON
    python3 tests/load/make_products.py demo.json 100000 big.csv    # CSV (through a JSON import + export is slower)

Codes are `XX-1NNNNN` (the demo's two-letter prefix, six digits); every copy gets a series
word in its names and descriptions so that search sees many distinct but realistic products.
"""

import json
import sys

SERIES = ["Lanna", "Sukhothai", "Ayutthaya", "Andaman", "Isan", "Phuket", "Krabi", "Hua Hin",
          "Pattaya", "Khao Yai", "Mekong", "Siam", "Chao Phraya", "Doi Suthep", "Samui"]


def main() -> None:
    source, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
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
