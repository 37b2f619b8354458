#!/usr/bin/env python3
"""gen_idna_tests.py — write corpus/idna/nfc-sample.txt, the NFC cases the
unit tests (tests/test_idna.c) read when unicode-data's
NormalizationTest.txt is not installed:

    python3 tools/gen_idna_tests.py > corpus/idna/nfc-sample.txt

A seeded choice (random.Random(46)) of 2,500 lines of
/usr/share/unicode/NormalizationTest.txt.bz2 (override with
NORMALIZATION_TEST), in its own format (c1;c2;c3;c4;c5;), every line of
part 0 (the specific cases) and a share of the others."""
import bz2
import os
import random
import sys

path = os.environ.get("NORMALIZATION_TEST", "/usr/share/unicode/NormalizationTest.txt.bz2")
try:
    data = bz2.open(path, "rt", encoding="utf-8").read().splitlines()
except OSError as e:
    sys.exit("gen_idna_tests.py: %s (Debian: apt-get install unicode-data)" % e)
version = data[0].lstrip("# ").strip()
parts = {}
part = None
for l in data:
    if l.startswith("@Part"):
        part = l.split()[0]
        parts[part] = []
    elif l and not l.startswith("#") and part:
        parts[part].append(l.split("#")[0].rstrip())
rng = random.Random(46)
out = list(parts.get("@Part0", []))
rest = [l for p in sorted(parts) if p != "@Part0" for l in parts[p]]
out += rng.sample(rest, 2500 - len(out))
print("# A seeded sample of %s, written by tools/gen_idna_tests.py" % version)
print("\n".join(out))
