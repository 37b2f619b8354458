#!/usr/bin/env python3
"""gen_idna.py — write src/idna_data.h, the tables of src/idna.c, from the
Unicode data Debian packages ship:

    python3 tools/gen_idna.py > src/idna_data.h

Sources (Debian 12 paths; override with IDNA_UTS46 and UNICODE_DIR):
  - the UTS #46 mapping table of python3-idna
    (/usr/lib/python3/dist-packages/idna/uts46data.py), read as text: each
    entry is a code point where a range starts, its status and mapping;
  - unicode-data's UnicodeData.txt (general category, combining class, bidi
    class, canonical decompositions, simple upper case),
    CompositionExclusions.txt, ArabicShaping.txt (joining types) and
    SpecialCasing.txt (full upper case), in /usr/share/unicode.

No table is typed by hand: run it again to regenerate. The output is
deterministic (sorted, no dates)."""

import ast
import os
import re
import sys

UTS46 = os.environ.get("IDNA_UTS46", "/usr/lib/python3/dist-packages/idna/uts46data.py")
UDIR = os.environ.get("UNICODE_DIR", "/usr/share/unicode")
MAXCP = 0x110000


def die(msg):
    sys.stderr.write("gen_idna.py: %s\n" % msg)
    sys.exit(1)


def read_uts46():
    try:
        text = open(UTS46, encoding="utf-8").read()
    except OSError as e:
        die("%s: %s (Debian: apt-get install python3-idna)" % (UTS46, e))
    m = re.search(r"__version__\s*=\s*'([^']+)'", text)
    version = m.group(1) if m else "?"
    entries = []
    for t in re.finditer(r"^\s*\((0x[0-9A-Fa-f]+),\s*'([VMDIX3])'(?:,\s*(u?'(?:[^'\\]|\\.)*'|u?\"(?:[^\"\\]|\\.)*\"))?\),?\s*$", text, re.M):
        cp = int(t.group(1), 16)
        st = t.group(2)
        mp = ast.literal_eval(t.group(3)) if t.group(3) else None
        entries.append((cp, st, mp))
    if len(entries) < 1000:
        die("%s: only %d entries read" % (UTS46, len(entries)))
    entries.sort()
    if entries[0][0] != 0:
        die("uts46 table does not start at 0")
    return version, entries


def unicode_version():
    try:
        first = open(os.path.join(UDIR, "ArabicShaping.txt"), encoding="utf-8").readline()
    except OSError as e:
        die("%s (Debian: apt-get install unicode-data)" % e)
    m = re.search(r"-(\d+\.\d+\.\d+)\.txt", first)
    return m.group(1) if m else "?"


def read_unicodedata():
    gc = {}
    ccc = {}
    bidi = {}
    decomp = {}
    path = os.path.join(UDIR, "UnicodeData.txt")
    rows = [l.rstrip("\n").split(";") for l in open(path, encoding="utf-8") if l.strip()]
    i = 0
    while i < len(rows):
        f = rows[i]
        cp = int(f[0], 16)
        if f[1].endswith(", First>"):
            last = int(rows[i + 1][0], 16)
            cps = range(cp, last + 1)
            i += 2
        else:
            cps = [cp]
            i += 1
        for c in cps:
            gc[c] = f[2]
            if int(f[3]):
                ccc[c] = int(f[3])
            bidi[c] = f[4]
        if f[5] and not f[5].startswith("<"):
            decomp[cp] = [int(x, 16) for x in f[5].split()]
    return gc, ccc, bidi, decomp


def read_upper():
    """Full upper case: SpecialCasing.txt's unconditional mappings, else
    UnicodeData.txt's simple one."""
    up = {}
    for l in open(os.path.join(UDIR, "UnicodeData.txt"), encoding="utf-8"):
        f = l.rstrip("\n").split(";")
        if len(f) > 12 and f[12]:
            up[int(f[0], 16)] = [int(f[12], 16)]
    for l in open(os.path.join(UDIR, "SpecialCasing.txt"), encoding="utf-8"):
        l = l.split("#")[0].strip()
        if not l:
            continue
        f = [x.strip() for x in l.split(";")]
        if len(f) > 5 and f[4]:
            continue   # a condition (language, context): not the default
        up[int(f[0], 16)] = [int(x, 16) for x in f[3].split()]
    return {c: v for c, v in up.items() if v != [c]}


def read_exclusions():
    ex = set()
    for l in open(os.path.join(UDIR, "CompositionExclusions.txt"), encoding="utf-8"):
        l = l.split("#")[0].strip()
        if l:
            ex.add(int(l, 16))
    return ex


def read_joining(gc):
    jt = {}
    for l in open(os.path.join(UDIR, "ArabicShaping.txt"), encoding="utf-8"):
        l = l.split("#")[0].strip()
        if not l:
            continue
        f = [x.strip() for x in l.split(";")]
        jt[int(f[0], 16)] = f[2]
    # not listed: T where the category is Mn, Me or Cf, else U
    for c, g in gc.items():
        if c not in jt and g in ("Mn", "Me", "Cf"):
            jt[c] = "T"
    return jt


def ranges_of(value_of, default):
    """[(start, end, value)] over all code points where value != default."""
    out = []
    cur = None
    for c in range(MAXCP):
        v = value_of(c)
        if v == default:
            if cur:
                out.append(cur)
                cur = None
            continue
        if cur and cur[2] == v and cur[1] == c - 1:
            cur = (cur[0], c, v)
        else:
            if cur:
                out.append(cur)
            cur = (c, c, v)
    if cur:
        out.append(cur)
    return out


def cstr_u32(cps):
    return ", ".join("0x%X" % c for c in cps)


def main():
    version, entries = read_uts46()
    uver = unicode_version()
    gc, ccc, bidi, decomp = read_unicodedata()
    excl = read_exclusions()
    jt = read_joining(gc)

    out = []
    w = out.append
    w("/* idna_data.h — GENERATED by tools/gen_idna.py, do not edit.")
    w(" *")
    w(" * Sources: the UTS #46 mapping table %s of Debian's python3-idna" % version)
    w(" * (idna/uts46data.py); UnicodeData.txt, CompositionExclusions.txt,")
    w(" * ArabicShaping.txt and SpecialCasing.txt %s of Debian's unicode-data." % uver)
    w(" * Regenerate with")
    w(" *   python3 tools/gen_idna.py > src/idna_data.h")
    w(" * Included only by src/idna.c. */")
    w("#ifndef HOSTSHIFT_IDNA_DATA_H")
    w("#define HOSTSHIFT_IDNA_DATA_H")
    w("")
    w("#include <stdint.h>")
    w("")
    w('#define IDNA_UTS46_VERSION "%s"' % version)
    w('#define IDNA_UNICODE_VERSION "%s"' % uver)
    w("")

    # ---- UTS #46: ranges by start, status, mapping into a pool ----------
    status_code = {"V": 0, "D": 1, "M": 2, "I": 3, "X": 4, "3": 5}
    pool = []
    pool_index = {}
    rows = []
    for cp, st, mp in entries:
        off, n = 0, 0
        if mp is not None:
            cps = [ord(ch) for ch in mp]
            key = tuple(cps)
            if key not in pool_index:
                pool_index[key] = len(pool)
                pool.extend(cps)
            off, n = pool_index[key], len(cps)
            if n > 255 or off > 0xFFFF:
                die("mapping too long or pool too big")
        rows.append((cp, status_code[st], off, n, mp is not None))
    w("/* Status of a UTS #46 range (IDNA_V valid, IDNA_D deviation, IDNA_M")
    w(" * mapped, IDNA_I ignored, IDNA_X disallowed, IDNA_3 disallowed with")
    w(" * UseSTD3ASCIIRules: valid or mapped without them). */")
    w("enum { IDNA_V, IDNA_D, IDNA_M, IDNA_I, IDNA_X, IDNA_3 };")
    w("")
    w("/* A range starts at `start` and ends where the next starts; `map` is")
    w(" * idna_map_pool[off, off + len) where has_map. */")
    w("struct idna_range { uint32_t start; uint16_t off; uint8_t len; uint8_t status_map; };")
    w("#define IDNA_RANGES %d" % len(rows))
    w("static const struct idna_range idna_ranges[IDNA_RANGES] = {")
    line = []
    for cp, st, off, n, has in rows:
        line.append("{0x%X,%d,%d,%d}" % (cp, off, n, st | (8 if has else 0)))
        if len(line) == 6:
            w("\t" + ", ".join(line) + ",")
            line = []
    if line:
        w("\t" + ", ".join(line) + ",")
    w("};")
    w("#define IDNA_MAP_POOL %d" % len(pool))
    w("static const uint32_t idna_map_pool[IDNA_MAP_POOL] = {")
    for i in range(0, len(pool), 10):
        w("\t" + cstr_u32(pool[i:i + 10]) + ",")
    w("};")
    w("")

    # ---- the ranges past ASCII ignored or mapped to ASCII only ------------
    folds = []
    for k, (cp, st, off, n, has) in enumerate(rows):
        last = rows[k + 1][0] - 1 if k + 1 < len(rows) else MAXCP - 1
        if last < 0x80:
            continue
        first = max(cp, 0x80)
        ignored = st == status_code["I"]
        ascii_map = st in (status_code["M"], status_code["3"]) and has and all(c < 0x80 for c in pool[off:off + n])
        if ignored or ascii_map:
            folds.append((first, last, off if ascii_map else 0, n if ascii_map else 0))
    w("/* The ranges past ASCII that UTS #46 ignores (len 0) or maps to ASCII")
    w(" * only (idna_map_pool[off, off + len)): [first, last]. */")
    w("struct idna_ascii_fold { uint32_t first, last; uint16_t off; uint8_t len; };")
    w("#define IDNA_ASCII_FOLDS %d" % len(folds))
    w("static const struct idna_ascii_fold idna_ascii_folds[IDNA_ASCII_FOLDS] = {")
    for i in range(0, len(folds), 6):
        w("\t" + ", ".join("{0x%X,0x%X,%d,%d}" % f for f in folds[i:i + 6]) + ",")
    w("};")
    w("")

    # ---- combining classes ----------------------------------------------
    cr = ranges_of(lambda c: ccc.get(c, 0), 0)
    w("/* Canonical combining class, where it is not 0: [first, last]. */")
    w("struct idna_ccc { uint32_t first, last; uint8_t ccc; };")
    w("#define IDNA_CCC %d" % len(cr))
    w("static const struct idna_ccc idna_ccc_ranges[IDNA_CCC] = {")
    for i in range(0, len(cr), 6):
        w("\t" + ", ".join("{0x%X,0x%X,%d}" % r for r in cr[i:i + 6]) + ",")
    w("};")
    w("")

    # ---- canonical decompositions (one level) and compositions ---------
    dk = sorted(decomp)
    w("/* Canonical decompositions, one level (src/idna.c recurses), Hangul")
    w(" * syllables left to the algorithm: code point, then one or two. */")
    w("struct idna_decomp { uint32_t cp, a, b; };")
    w("#define IDNA_DECOMPS %d" % len(dk))
    w("static const struct idna_decomp idna_decomps[IDNA_DECOMPS] = {")
    for i in range(0, len(dk), 5):
        w("\t" + ", ".join("{0x%X,0x%X,0x%X}" % (c, decomp[c][0], decomp[c][1] if len(decomp[c]) > 1 else 0)
                           for c in dk[i:i + 5]) + ",")
    w("};")
    comps = []
    for c in dk:
        d = decomp[c]
        if len(d) != 2 or c in excl or ccc.get(d[0], 0) != 0:
            continue   # singletons, exclusions, non-starter decompositions
        comps.append((d[0], d[1], c))
    comps.sort()
    w("/* Primary composites: (first, second) -> composite, sorted. */")
    w("struct idna_comp { uint32_t a, b, c; };")
    w("#define IDNA_COMPS %d" % len(comps))
    w("static const struct idna_comp idna_comps[IDNA_COMPS] = {")
    for i in range(0, len(comps), 5):
        w("\t" + ", ".join("{0x%X,0x%X,0x%X}" % t for t in comps[i:i + 5]) + ",")
    w("};")
    w("")

    # ---- general category M, bidi class, joining type -------------------
    mr = ranges_of(lambda c: 1 if gc.get(c, "Cn").startswith("M") else 0, 0)
    w("/* General category M (Mn, Mc, Me): [first, last]. */")
    w("struct idna_span { uint32_t first, last; };")
    w("#define IDNA_MARKS %d" % len(mr))
    w("static const struct idna_span idna_marks[IDNA_MARKS] = {")
    for i in range(0, len(mr), 8):
        w("\t" + ", ".join("{0x%X,0x%X}" % (a, b) for a, b, _ in mr[i:i + 8]) + ",")
    w("};")
    w("")
    classes = ["L", "R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM", "B", "S", "WS",
               "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]
    cls_index = {c: i for i, c in enumerate(classes)}
    for c in set(bidi.values()):
        if c not in cls_index:
            die("unknown bidi class %s" % c)
    br = ranges_of(lambda c: cls_index[bidi[c]] if c in bidi else 0, 0)
    w("/* Bidi class of assigned code points, where it is not L (unassigned")
    w(" * ones are disallowed by UTS #46 before it is asked). */")
    w("enum { " + ", ".join("IDNA_BIDI_%s" % c for c in classes) + " };")
    w("struct idna_bidi { uint32_t first, last; uint8_t cls; };")
    w("#define IDNA_BIDIS %d" % len(br))
    w("static const struct idna_bidi idna_bidi_ranges[IDNA_BIDIS] = {")
    for i in range(0, len(br), 6):
        w("\t" + ", ".join("{0x%X,0x%X,%d}" % r for r in br[i:i + 6]) + ",")
    w("};")
    w("")
    jcodes = {"U": 0, "L": 1, "R": 2, "D": 3, "T": 4, "C": 5}
    jr = ranges_of(lambda c: jcodes[jt[c]] if c in jt else 0, 0)
    w("/* Joining type where it is not U (ArabicShaping.txt; T for Mn, Me and")
    w(" * Cf not listed there). */")
    w("enum { IDNA_JT_U, IDNA_JT_L, IDNA_JT_R, IDNA_JT_D, IDNA_JT_T, IDNA_JT_C };")
    w("#define IDNA_JOINS %d" % len(jr))
    w("static const struct idna_bidi idna_join_ranges[IDNA_JOINS] = {")
    for i in range(0, len(jr), 6):
        w("\t" + ", ".join("{0x%X,0x%X,%d}" % r for r in jr[i:i + 6]) + ",")
    w("};")
    w("")
    # ---- full upper case ----------------------------------------------
    up = read_upper()
    upool = []
    w("/* Full upper case (SpecialCasing.txt without conditions, else the")
    w(" * simple mapping of UnicodeData.txt), where it differs: code point, then")
    w(" * idna_upper_pool[off, off + len). */")
    w("struct idna_upper { uint32_t cp; uint16_t off; uint8_t len; };")
    w("#define IDNA_UPPERS %d" % len(up))
    w("static const struct idna_upper idna_uppers[IDNA_UPPERS] = {")
    rows = []
    for c in sorted(up):
        rows.append("{0x%X,%d,%d}" % (c, len(upool), len(up[c])))
        upool.extend(up[c])
    for i in range(0, len(rows), 6):
        w("\t" + ", ".join(rows[i:i + 6]) + ",")
    w("};")
    w("#define IDNA_UPPER_POOL %d" % len(upool))
    w("static const uint32_t idna_upper_pool[IDNA_UPPER_POOL] = {")
    for i in range(0, len(upool), 10):
        w("\t" + cstr_u32(upool[i:i + 10]) + ",")
    w("};")
    w("")
    w("#endif")
    sys.stdout.write("\n".join(out) + "\n")


main()
