#!/usr/bin/env python3
"""Check the options and variants of the demo catalogue (assets/demo/products.json) against
docs/VARIANTS.md §1 and the demo's own rules. No dependencies beyond Python 3.

    python3 assets/tools/check_demo_variants.py          # summary; exit status 1 on a problem
    python3 assets/tools/check_demo_variants.py --list   # also one line per product with options
    python3 assets/tools/check_demo_variants.py --products other.json

Checked:
- at least 30 products have options, each with 2 to 12 variants; at most 3 options, each of
  kind colour, size, material or other, with 1 to 30 values;
- option names and values have all five languages (en, th, my, km, id) non-empty, and no two
  values of an option share their English text;
- colour and material values have a key of the label groups "colour" / "material" in
  assets/seed/labels.json, colour values a swatch "#rrggbb"; size and other values a slug key;
- every variant names one value of each option by an index in range; no two variants of a
  product name the same combination; codes are 1 to 64 of A-Z a-z 0-9 - _ . and unique across
  every product code and every variant code of other products;
- prices are whole satang above 0, a compare-at price is above its price, stock is a whole
  number from 0, active is true or false; a larger size costs more than a smaller one with the
  same other values; variants of different colours (or materials) show different pictures;
- variant pictures are pictures of the product; every picture of every product is on disk, a
  PNG of 800 x 600 of at most 25 KB;
- the product's price is the lowest price of its active variants, its compare-at price that
  variant's, its stock the sum of its active variants' stock; a product without options has no
  variants or one whose code is the product's;
- a product with a size option does not name one of its sizes in its name;
- some variants are sold out, some have 1 or 2 left, and some are inactive.
"""

import argparse
import json
import os
import re
import struct
import sys
from collections import Counter

LANGS = ("en", "th", "my", "km", "id")
KINDS = ("colour", "size", "material", "other")
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PRODUCTS = os.path.join(ROOT, "assets", "demo", "products.json")
LABELS = os.path.join(ROOT, "assets", "seed", "labels.json")
IMAGE_DIR = os.path.join(ROOT, "assets", "demo", "images")
IMAGE_PREFIX = "/api/file/images/demo/"
CODE = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
SLUG = re.compile(r"^[a-z0-9]+(?:[-.][a-z0-9]+)*$")
SWATCH = re.compile(r"^#[0-9a-f]{6}$")
MAX_IMAGE_BYTES = 25 * 1024


class Problems:
    def __init__(self):
        self.lines = []

    def add(self, where, text):
        self.lines.append("%s: %s" % (where, text))


def texts_ok(obj):
    return isinstance(obj, dict) and all(isinstance(obj.get(lang), str) and obj[lang].strip() for lang in LANGS)


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def png_size(path):
    """(width, height) of a PNG from its header, or None."""
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def check_options(p, labels, bad):
    code = p["code"]
    options = p["options"]
    if not isinstance(options, list) or not 1 <= len(options) <= 3:
        bad.add(code, "options: 1 to 3 when present, has %r" % (len(options) if isinstance(options, list) else options))
        return False
    ok = True
    for i, opt in enumerate(options):
        where = "%s option %d" % (code, i)
        if opt.get("kind") not in KINDS:
            bad.add(where, "kind %r is not one of %s" % (opt.get("kind"), "|".join(KINDS)))
            ok = False
        if not texts_ok(opt.get("name")):
            bad.add(where, "name needs all five languages: %r" % opt.get("name"))
        values = opt.get("values")
        if not isinstance(values, list) or not 1 <= len(values) <= 30:
            bad.add(where, "1 to 30 values")
            ok = False
            continue
        english = Counter(v.get("en") for v in values)
        for text, n in english.items():
            if n > 1:
                bad.add(where, "two values say %r" % text)
        for j, v in enumerate(values):
            vw = "%s value %d (%s)" % (where, j, v.get("en"))
            if not texts_ok(v):
                bad.add(vw, "needs all five languages")
            key = v.get("key")
            kind = opt.get("kind")
            if not isinstance(key, str) or not key:
                bad.add(vw, "no key")
            elif kind in ("colour", "material"):
                if key not in labels[kind]:
                    bad.add(vw, "key %r is not a %s label (%s)" % (key, kind, ", ".join(sorted(labels[kind]))))
            elif not SLUG.match(key):
                bad.add(vw, "key %r is not a slug" % key)
            if kind == "colour":
                if not isinstance(v.get("swatch"), str) or not SWATCH.match(v["swatch"]):
                    bad.add(vw, "a colour value needs a swatch #rrggbb, has %r" % v.get("swatch"))
            elif "swatch" in v:
                bad.add(vw, "only colour values have a swatch")
    return ok


def check_variants(p, owner, bad, tally):
    code = p["code"]
    options = p["options"]
    variants = p.get("variants")
    if not isinstance(variants, list) or not 2 <= len(variants) <= 12:
        bad.add(code, "2 to 12 variants, has %d" % (len(variants) if isinstance(variants, list) else 0))
        if not isinstance(variants, list) or not variants:
            return
    images = p.get("images", [])
    combos = {}
    for k, v in enumerate(variants):
        vw = "%s variant %s" % (code, v.get("code", k))
        vcode = v.get("code")
        if not isinstance(vcode, str) or not CODE.match(vcode):
            bad.add(vw, "code must be 1 to 64 of A-Z a-z 0-9 - _ .")
        elif owner.get(vcode, code) != code:
            bad.add(vw, "code is taken by %s" % owner[vcode])
        values = v.get("values")
        if not isinstance(values, list) or len(values) != len(options):
            bad.add(vw, "values must name one value of each of the %d options: %r" % (len(options), values))
        else:
            for i, (index, opt) in enumerate(zip(values, options)):
                if not is_int(index) or not 0 <= index < len(opt["values"]):
                    bad.add(vw, "value %r of option %d is out of range" % (index, i))
            combo = tuple(values)
            if combo in combos:
                bad.add(vw, "same combination as %s" % combos[combo])
            combos[combo] = vcode
        price = v.get("price")
        if not is_int(price) or price <= 0:
            bad.add(vw, "price must be whole satang above 0: %r" % price)
        if "compareAtPrice" in v and v["compareAtPrice"] is not None:
            cap = v["compareAtPrice"]
            if not is_int(cap) or not is_int(price) or cap <= price:
                bad.add(vw, "compareAtPrice %r must be above price %r" % (cap, price))
        stock = v.get("stock")
        if not is_int(stock) or stock < 0:
            bad.add(vw, "stock must be a whole number from 0: %r" % stock)
        if not isinstance(v.get("active"), bool):
            bad.add(vw, "active must be true or false")
        pics = v.get("images")
        if not isinstance(pics, list) or not pics:
            bad.add(vw, "no images")
        else:
            for url in pics:
                if url not in images:
                    bad.add(vw, "image %s is not one of the product's" % url)
        dims = v.get("dimensions")
        if dims is not None and not (isinstance(dims, dict) and all(is_int(dims.get(d)) and dims[d] > 0
                                                                   for d in ("width", "depth", "height"))):
            bad.add(vw, "dimensions must be whole millimetres: %r" % dims)
        if is_int(stock):
            tally["variants"] += 1
            tally["sold out"] += stock == 0 and v.get("active") is True
            tally["1 or 2 left"] += stock in (1, 2) and v.get("active") is True
            tally["inactive"] += v.get("active") is False
    check_sizes_and_looks(p, bad)
    check_summary(p, bad)


def valid_combos(p):
    out = []
    for v in p["variants"]:
        vals = v.get("values")
        if isinstance(vals, list) and len(vals) == len(p["options"]) and all(
                is_int(i) and 0 <= i < len(o["values"]) for i, o in zip(vals, p["options"])):
            out.append(v)
    return out


def check_sizes_and_looks(p, bad):
    code = p["code"]
    options = p["options"]
    variants = valid_combos(p)
    kinds = [o.get("kind") for o in options]
    # a larger size costs more: values are listed smallest first
    for s, kind in enumerate(kinds):
        if kind != "size":
            continue
        groups = {}
        for v in variants:
            rest = tuple(x for i, x in enumerate(v["values"]) if i != s)
            groups.setdefault(rest, []).append(v)
        for group in groups.values():
            group.sort(key=lambda v: v["values"][s])
            for a, b in zip(group, group[1:]):
                if not (is_int(a.get("price")) and is_int(b.get("price")) and b["price"] > a["price"]):
                    bad.add(code, "%s (%s) should cost more than %s (%s)" % (
                        b.get("code"), options[s]["values"][b["values"][s]].get("en"),
                        a.get("code"), options[s]["values"][a["values"][s]].get("en")))
        for value in options[s]["values"]:
            for lang in LANGS:
                text = value.get(lang)
                name = p["name"].get(lang, "")
                if text and re.search(r"(^|\s)%s($|\s)" % re.escape(text), name):
                    bad.add(code, "the %s name %r names the size %r of its size option" % (lang, name, text))
    # different colours or materials show different pictures
    looks = [i for i, kind in enumerate(kinds) if kind in ("colour", "material")]
    if looks:
        by_look = {}
        for v in variants:
            look = tuple(v["values"][i] for i in looks)
            others = tuple(x for i, x in enumerate(v["values"]) if i not in looks)
            by_look.setdefault(others, {}).setdefault(look, set()).add(tuple(v.get("images") or []))
        for others, seen in by_look.items():
            firsts = {}
            for look, pics in seen.items():
                for pic in pics:
                    if pic and pic[0] in firsts and firsts[pic[0]] != look:
                        bad.add(code, "two colours show the same picture %s" % pic[0])
                    if pic:
                        firsts[pic[0]] = look


def check_summary(p, bad):
    code = p["code"]
    variants = [v for v in p["variants"] if is_int(v.get("price"))]
    if not variants:
        return
    active = [v for v in variants if v.get("active") is True] or variants
    low = min(v["price"] for v in active)
    cheapest = [v for v in active if v["price"] == low]
    if p.get("price") != low:
        bad.add(code, "price %r should be the lowest active variant price %d" % (p.get("price"), low))
    caps = {v.get("compareAtPrice") for v in cheapest}
    if p.get("compareAtPrice") not in caps:
        bad.add(code, "compareAtPrice %r should be the cheapest variant's (%s)" % (p.get("compareAtPrice"), caps))
    stock = sum(v["stock"] for v in p["variants"] if v.get("active") is True and is_int(v.get("stock")))
    if p.get("stock") != stock:
        bad.add(code, "stock %r should be the sum of the active variants' stock %d" % (p.get("stock"), stock))


def check_images(products, bad):
    count = 0
    for p in products:
        for url in p.get("images", []):
            count += 1
            if not url.startswith(IMAGE_PREFIX):
                bad.add(p["code"], "image %s is not a demo image" % url)
                continue
            path = os.path.join(IMAGE_DIR, url[len(IMAGE_PREFIX):])
            if not os.path.isfile(path):
                bad.add(p["code"], "image %s is not on disk" % url)
                continue
            size = png_size(path)
            if size != (800, 600):
                bad.add(p["code"], "image %s is %r, not an 800 x 600 PNG" % (url, size))
            if os.path.getsize(path) > MAX_IMAGE_BYTES:
                bad.add(p["code"], "image %s has %d bytes (at most %d)" % (url, os.path.getsize(path), MAX_IMAGE_BYTES))
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--list", action="store_true", help="one line per product with options")
    ap.add_argument("--products", default=PRODUCTS, help="the products file (default: the demo's)")
    args = ap.parse_args()
    with open(args.products, encoding="utf-8") as f:
        products = json.load(f)["products"]
    with open(LABELS, encoding="utf-8") as f:
        labels = json.load(f)["system"]
    bad = Problems()

    # every code, product and variant, and the product holding it
    owner = {}
    for p in products:
        if p["code"] in owner:
            bad.add(p["code"], "product code used twice")
        owner[p["code"]] = p["code"]
    for p in products:
        for v in p.get("variants") or []:
            c = v.get("code")
            if isinstance(c, str) and owner.setdefault(c, p["code"]) != p["code"]:
                bad.add(p["code"], "variant code %s is taken by %s" % (c, owner[c]))
    seen_variant_codes = Counter(v.get("code") for p in products for v in p.get("variants") or [])
    for c, n in seen_variant_codes.items():
        if n > 1:
            bad.add(c, "variant code used %d times" % n)

    tally = Counter()
    with_options = []
    for p in products:
        code = p["code"]
        if not texts_ok(p.get("name")):
            bad.add(code, "name needs all five languages")
        if not texts_ok(p.get("description")):
            bad.add(code, "description needs all five languages")
        if p.get("options"):
            with_options.append(p)
            if check_options(p, labels, bad):
                check_variants(p, owner, bad, tally)
        elif p.get("variants"):
            vs = p["variants"]
            if len(vs) != 1 or vs[0].get("code") != code:
                bad.add(code, "a product without options has one variant, whose code is the product's")
    images = check_images(products, bad)

    if len(with_options) < 30:
        bad.add("catalogue", "%d products with options, at least 30 wanted" % len(with_options))
    for what, least in (("sold out", 3), ("1 or 2 left", 3), ("inactive", 1)):
        if tally[what] < least:
            bad.add("catalogue", "%d variants %s, at least %d wanted" % (tally[what], what, least))

    if args.list:
        for p in with_options:
            names = " × ".join("%s (%d)" % (o["name"]["en"], len(o["values"])) for o in p["options"])
            print("  %-8s %-44s %-42s %2d variants" % (p["code"], p["name"]["en"], names, len(p.get("variants", []))))
    kinds = Counter(o.get("kind") for p in with_options for o in p["options"])
    print("products: %d, with options: %d, variants of those: %d (sold out %d, 1 or 2 left %d, inactive %d)" % (
        len(products), len(with_options), tally["variants"], tally["sold out"], tally["1 or 2 left"], tally["inactive"]))
    print("options by kind: %s" % ", ".join("%s %d" % kv for kv in sorted(kinds.items())))
    print("images: %d named, all checked on disk" % images)
    if bad.lines:
        print("%d problems:" % len(bad.lines))
        for line in bad.lines:
            print("  " + line)
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
