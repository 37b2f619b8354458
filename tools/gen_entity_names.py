#!/usr/bin/env python3
"""gen_entity_names.py — generate src/entity_names.h from the html5lib
tokenizer test namedEntities.test (the named references of docs/rules.md
§5.1).

Kept: every HTML5 named character reference spelled WITH its trailing ';'
whose decoded text is exactly one code point, and that code point is
non-ASCII (>= 0x80). The ASCII ones (amp, lt, quot, sol, colon, ...) are
left out on purpose: the ten URL-structure names are handled by a separate
table in src/entity.c and every other ASCII name is never decoded.

Each test used must be the plain form `&NAME;` and its output must be a
single Character token, so that the output is the decoding of the whole
name including ';' (not a legacy prefix match followed by leftover text).
A name that occurs twice with different decodings is an error.

Usage (from the repository root), with PATH the file
tokenizer/namedEntities.test of a checkout of html5lib-tests
(https://github.com/html5lib/html5lib-tests):

    python3 tools/gen_entity_names.py PATH/TO/namedEntities.test > src/entity_names.h

The output depends only on the input file: names are sorted bytewise, so
running it twice gives identical bytes. The build does not need Python;
the generated header is committed.
"""

import json
import re
import sys

NAME_RE = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")


def unescape(s):
    """The \\uXXXX escapes of a "doubleEscaped" test (surrogate pairs joined)."""
    raw = re.sub(r"\\u([0-9A-Fa-f]{4})", lambda m: chr(int(m.group(1), 16)), s)
    return raw.encode("utf-16", "surrogatepass").decode("utf-16")


def load(path):
    with open(path, "rb") as f:
        data = json.loads(f.read().decode("utf-8"))
    names = {}
    for t in data["tests"]:
        states = t.get("initialStates", ["Data state"])
        if "Data state" not in states:
            continue
        inp = t["input"]
        out = t["output"]
        if t.get("doubleEscaped"):
            inp = unescape(inp)
        m = NAME_RE.fullmatch(inp)
        if m is None:
            continue  # no trailing ';' (legacy form), or extra characters
        if not out or any(len(tok) != 2 or tok[0] != "Character" for tok in out):
            continue  # not only characters
        text = "".join(tok[1] for tok in out)
        if t.get("doubleEscaped"):
            text = unescape(text)
        # Exactly one code point; json already joined surrogate pairs.
        if len(text) != 1:
            continue
        cp = ord(text)
        if cp < 0x80 or 0xD800 <= cp <= 0xDFFF or cp > 0x10FFFF:
            continue
        # A parse error would mean the name did not match as written.
        if t.get("errors"):
            raise SystemExit("unexpected errors for %r" % inp)
        name = m.group(1)
        if name in names and names[name] != cp:
            raise SystemExit("conflicting decodings for %r" % name)
        names[name] = cp
    return names


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: gen_entity_names.py PATH/TO/namedEntities.test > src/entity_names.h\n"
                         "  (tokenizer/namedEntities.test of html5lib-tests)\n")
        return 2
    src = argv[1]
    names = load(src)
    if not names:
        sys.stderr.write("no names found in %s\n" % src)
        return 1
    # Bytewise order (names are ASCII), the order entity.c binary-searches.
    order = sorted(names, key=lambda s: s.encode("ascii"))
    longest = max(len(n) for n in order)
    w = sys.stdout.write
    w("/* entity_names.h — GENERATED, do not edit.\n")
    w(" *\n")
    w(" * Source: the named character references of HTML5, as listed by WHATWG\n")
    w(" * (https://html.spec.whatwg.org/entities.json) and by html5lib-tests'\n")
    w(" * tokenizer/namedEntities.test, which tools/gen_entity_names.py reads:\n")
    w(" *   python3 tools/gen_entity_names.py PATH/TO/namedEntities.test > src/entity_names.h\n")
    w(" *\n")
    w(" * Every HTML5 named character reference, spelled with its ';', that\n")
    w(" * decodes to exactly ONE code point which is non-ASCII\n")
    w(" * (§5.1). Names are given without '&' and ';' and sorted bytewise for\n")
    w(" * binary search, with where each first byte's names begin. Included only\n")
    w(" * by src/entity.c. */\n")
    w("#ifndef HOSTSHIFT_ENTITY_NAMES_H\n")
    w("#define HOSTSHIFT_ENTITY_NAMES_H\n\n")
    w("#include <stdint.h>\n\n")
    w("#define ENTITY_NAMES_COUNT %d\n" % len(order))
    w("#define ENTITY_NAMES_LONGEST %d /* bytes, the longest name */\n\n" % longest)
    w("static const struct {\n\tconst char *name;\n\tuint32_t cp;\n} entity_names[ENTITY_NAMES_COUNT] = {\n")
    for n in order:
        w('\t{ "%s", 0x%04X },\n' % (n, names[n]))
    w("};\n\n")
    # Where the names of each first byte begin (the search starts in its
    # first byte's range, a fortieth of the table).
    first = []
    k = 0
    for c in range(129):
        while k < len(order) and ord(order[k][0]) < c:
            k += 1
        first.append(k)
    w("/* entity_names[entity_names_first[c] .. entity_names_first[c + 1]) are the\n")
    w(" * names whose first byte is c (c < 128). */\n")
    w("static const uint16_t entity_names_first[129] = {\n")
    for i in range(0, 129, 12):
        w("\t" + " ".join("%d," % v for v in first[i:i + 12]) + "\n")
    w("};\n\n#endif\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
