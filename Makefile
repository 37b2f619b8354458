# hostshift — see README.md. `make`, `make check`, `make check SAN=1`, `make check-db`,
# `make bench`, `make bench-guard`, `make install PREFIX=... DESTDIR=...`, `make clean`.

CC      ?= cc
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
VERSION := 0.1.0

CFLAGS_BASE := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Isrc -DHOSTSHIFT_VERSION='"$(VERSION)"'
ifeq ($(SAN),1)
  BUILD   := build/san
  OPT     := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
  LDSAN   := -fsanitize=address,undefined
else
  BUILD   := build/rel
  OPT     ?= -O2 -g
  LDSAN   :=
endif
CFLAGS  ?=
ALL_CFLAGS := $(CFLAGS_BASE) $(OPT) $(CFLAGS)

CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   := $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lm -lrt -lpthread)

SRCS     := $(wildcard src/*.c)
OBJS     := $(patsubst src/%.c,$(BUILD)/src/%.o,$(SRCS))
TSRCS    := $(wildcard tests/*.c)
TOBJS    := $(patsubst tests/%.c,$(BUILD)/tests/%.o,$(TSRCS))
BIN      := $(BUILD)/hostshift
UNIT     := $(BUILD)/unit

.PHONY: all check check-corpus check-db demo unit e2e bench bench-guard install clean fuzz install-test lint-man valgrind-check valgrind-run
all: hostshift

# The unit tests need Check, found through pkg-config: without them, stop
# before compiling anything and say what to install.
ifneq ($(filter check unit check-corpus valgrind-check,$(MAKECMDGOALS)),)
  ifeq ($(shell pkg-config --exists check 2>/dev/null && echo yes),)
    $(error the tests need Check and pkg-config. On Debian or Ubuntu: apt-get install -y check pkg-config)
  endif
endif

# The top-level ./hostshift is always the build of the current flavour.
hostshift: $(BIN)
	cp $(BIN) $@

$(BIN): $(BUILD)/hostshift.o $(OBJS)
	$(CC) $(ALL_CFLAGS) $(LDSAN) -o $@ $^

$(BUILD)/hostshift.o: hostshift.c $(wildcard src/*.h) | $(BUILD)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/src/%.o: src/%.c $(wildcard src/*.h) | $(BUILD)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/tests/%.o: tests/%.c $(wildcard src/*.h) $(wildcard tests/*.h) | $(BUILD)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -Wno-error=unused-parameter -c -o $@ $<

$(UNIT): $(TOBJS) $(OBJS)
	$(CC) $(ALL_CFLAGS) $(LDSAN) -o $@ $^ $(CHECK_LIBS)

$(BUILD):
	mkdir -p $(BUILD)/src $(BUILD)/tests

unit: $(UNIT)
	$(UNIT)

e2e: $(BIN)
	HOSTSHIFT=$(abspath $(BIN)) sh tests/e2e.sh

# Every tier, then one summary with the counts of what ran (tests/run_check.sh).
check: $(UNIT) $(BIN)
	sh tests/run_check.sh $(abspath $(UNIT)) $(abspath $(BIN))

# The live database round trip (tests/db/README.md): private MariaDB and
# PostgreSQL servers and SQLite files, each dump style rewritten, imported and
# read back. Not part of `make check` (the dumps tier runs its canned dumps);
# prints `check-db: skipped: WHY` where the servers are not installed, unless
# CHECK_DB_REQUIRED=1 (CI) makes that a failure.
check-db: $(BIN)
	CHECK_DB_REQUIRED=$(CHECK_DB_REQUIRED) HOSTSHIFT=$(abspath $(BIN)) bash tests/db/check_db.sh

# The main job on the samples of corpus/demo/: a page and a small dump.
demo: hostshift
	sh tools/demo.sh $(abspath $(BIN))

# The extra tier: the invariants over a team corpus kept outside the
# repository (pages/, adv/, maps/ as tests/check_corpus.sh describes). Never
# part of `make check`; says so and runs nothing when CORPUS is absent.
CORPUS ?= ../shared/corpus
check-corpus: $(UNIT) $(BIN)
	CORPUS_REQUIRED=$(CORPUS_REQUIRED) sh tests/check_corpus.sh $(abspath $(UNIT)) $(abspath $(BIN)) $(CORPUS)

# The end-to-end suite and the bad-input table (its small rows: valgrind is
# slow) with every run of the binary under valgrind.
valgrind-check: $(BIN)
	$(MAKE) --no-print-directory valgrind-run VG_BIN=$(abspath $(BIN))

# The same on any binary (CI runs it in the background on a copy, beside
# the sanitizer builds): the e2e suite and the whole bad-input table, the
# 100 MB and 50 MB rows included, under valgrind.
VG_BIN ?= $(abspath $(BIN))
valgrind-run:
	VALGRIND=1 HOSTSHIFT=$(VG_BIN) sh tests/e2e.sh
	WRAP="valgrind -q --error-exitcode=99" HOSTSHIFT=$(VG_BIN) sh tests/bad_input.sh

# The installed layout, into a throwaway DESTDIR; and the manual's lint.
install-test: $(BIN)
	d=$$(mktemp -d) && $(MAKE) install DESTDIR=$$d PREFIX=/usr/local && \
	  test -x $$d/usr/local/bin/hostshift && test -f $$d/usr/local/share/man/man1/hostshift.1 && \
	  $$d/usr/local/bin/hostshift -V && rm -rf $$d && echo "install-test: 1 passed, 0 failed"
lint-man:
	man -l man/hostshift.1 >/dev/null
	if command -v mandoc >/dev/null; then mandoc -T lint -W warning man/hostshift.1; fi

bench: $(BIN)
	HOSTSHIFT=$(abspath $(BIN)) sh bench/run.sh

# The figures that do not wobble (allocations per stream, callgrind
# instructions per byte) against bench/guard.baseline; UPDATE=1 rewrites it.
bench-guard: $(BIN)
	HOSTSHIFT=$(abspath $(BIN)) UPDATE=$(UPDATE) sh bench/guard.sh

install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/hostshift
	install -m 644 man/hostshift.1 $(DESTDIR)$(MANDIR)/man1/hostshift.1

clean:
	rm -rf build hostshift

# ---- fuzz (libFuzzer + ASan + UBSan, clang): not part of `make check` --------
# `make fuzz` builds every target into build/fuzz/ and runs each for
# FUZZ_SECONDS (default 60) on a temp copy of its seeds (corpus/fuzz/NAME/),
# after replaying corpus/fuzz/regressions/NAME/; `make -j2 fuzz` runs two at
# once. `make fuzz-smoke` is the short CI variant (20 s each).
# FUZZ_TARGETS picks targets. Needs clang with libFuzzer (Debian: clang,
# libclang-rt-14-dev).
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= map matcher pipeline window serialized locator
FUZZ_DIR     := build/fuzz
FUZZ_CFLAGS  := -std=c11 -D_POSIX_C_SOURCE=200809L -Isrc -Itests/fuzz -O1 -g -fno-omit-frame-pointer \
                -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_BINS    := $(patsubst %,$(FUZZ_DIR)/fuzz_%,$(FUZZ_TARGETS))
FUZZ_EXTRA_matcher := tests/fuzz/ref_matcher.c

FUZZ_RUNS    := $(patsubst %,fuzz-run-%,$(FUZZ_TARGETS))

.PHONY: fuzz fuzz-build fuzz-smoke $(FUZZ_RUNS)
fuzz-build: $(FUZZ_BINS)
fuzz: $(FUZZ_RUNS)
fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=20

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c $(wildcard tests/fuzz/*.h tests/fuzz/ref_*.c) $(SRCS) $(wildcard src/*.h)
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $< $(FUZZ_EXTRA_$*) $(SRCS)

$(FUZZ_RUNS): fuzz-run-%: $(FUZZ_DIR)/fuzz_%
	@sh tests/fuzz/run.sh $(abspath $<) $* $(FUZZ_SECONDS)
