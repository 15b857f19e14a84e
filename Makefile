# sp: a plain Makefile.  Every tools/X.c is a program, every common/*/*.c
# goes into one library, scripts/sp-* are installed as they are.
#
#   make            build into $(O)/bin
#   make check      build, run every test, then the same under ASan+UBSan
#   make check-load the same with every processor busy (for maintainers)
#   make demo       install what is missing, build, run the main job
#   make lint       mandoc -Tlint on the man pages, the include arrows
#   make bench      the benchmarks of bench/ (see bench/README)
#   make fuzz       the fuzz targets of tests/fuzz/, FUZZ_SECONDS each
#   make install    PREFIX, DESTDIR, MANPREFIX honoured

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANPREFIX ?= $(PREFIX)/share/man
O ?= build

# The toolkit's one version (every tool's --version): git describe in a
# checkout ("0.9-g1234abc", "-dirty" with changes), else this.
VERSION_BASE = 0.9
VERSION := $(shell if [ -e .git ]; then \
	v=$$(git describe --tags --dirty 2>/dev/null) || \
	{ h=$$(git describe --always --dirty 2>/dev/null) && v=$(VERSION_BASE)-g$$h; }; fi; \
	echo $${v:-$(VERSION_BASE)})

CC ?= cc
CFLAGS ?= -O2 -g
# A function used without its declaration is an error, not a warning: a
# build without libbsd's overlay once linked and then crashed in every
# error message (getprogname() taken to return int).
WARNFLAGS = -Wall -Wextra -Wshadow -Wpointer-arith -Wstrict-prototypes \
	-Wmissing-prototypes -Wno-missing-field-initializers \
	-Werror=implicit-function-declaration -Werror=implicit-int
SP_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -D_DARWIN_C_SOURCE \
	-D_FILE_OFFSET_BITS=64 -Icommon -I$(O)/gen
# libbsd's overlay supplies strlcpy, strtonum and friends on glibc; macOS and
# the BSDs have them in libc.
BSD_CFLAGS := $(shell pkg-config --cflags libbsd-overlay 2>/dev/null)
BSD_LIBS := $(shell pkg-config --libs libbsd-overlay 2>/dev/null)
# libdeflate, where installed: whole gzip files and compressed ELF
# sections inflated in one call (common/base/input.c, common/elf/elf_zlib.c);
# zlib does the rest.
DEFLATE_LIBS := $(shell pkg-config --libs libdeflate 2>/dev/null)
DEFLATE_CFLAGS := $(if $(DEFLATE_LIBS),-DSP_HAVE_LIBDEFLATE)
LIBS = -lz -lm $(BSD_LIBS) $(DEFLATE_LIBS)
ALL_CFLAGS = -std=c11 $(WARNFLAGS) $(SP_CPPFLAGS) $(BSD_CFLAGS) \
	$(DEFLATE_CFLAGS) $(CFLAGS) $(EXTRA_CFLAGS)

TOOLS = $(patsubst tools/%.c,%,$(wildcard tools/*.c))
SCRIPTS = $(wildcard scripts/sp-*)
LIB_SRC = $(wildcard common/*/*.c)
LIB_OBJ = $(patsubst common/%.c,$(O)/common/%.o,$(LIB_SRC))
TOOL_OBJ = $(patsubst tools/%.c,$(O)/tools/%.o,$(wildcard tools/*.c))
BINS = $(addprefix $(O)/bin/,$(TOOLS))
MANS = $(wildcard man/*.[1-9])

SAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all

all: $(BINS) scripts

# An object depends on the headers it includes, as the compiler lists them
# in its .d file (-MMD; -MP so that a removed header is no error), and on
# $(O)/flags, the flags it is compiled with.
$(O)/common/%.o: common/%.c $(O)/flags
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(O)/tools/%.o: tools/%.c $(O)/flags
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

-include $(LIB_OBJ:.o=.d) $(TOOL_OBJ:.o=.d)

# The compiler, flags and libraries, in a file rewritten only when they
# change (a new CFLAGS, O=build-san's, what pkg-config says), so that such
# a change rebuilds everything and nothing else does.  When they change,
# first of all on the first build, the libraries are checked before
# anything is compiled: a missing one is one sentence naming its package.
BUILD_FLAGS = $(subst ','\'',$(CC) $(ALL_CFLAGS) $(LDFLAGS) $(LIBS))
$(O)/flags: FORCE
	@mkdir -p $(@D)
	@echo '$(BUILD_FLAGS)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; \
	else $(CHECK_LIBS) && mv $@.tmp $@ || { rm -f $@.tmp; exit 1; }; fi

# zlib by its header; libbsd's overlay (strlcpy, strtonum, getprogname on
# glibc and musl; macOS and the BSDs have them in libc) through pkg-config;
# libdeflate is optional.
LIBS_MISSING = make deps installs what is missing
CHECK_LIBS = { printf '\043include <zlib.h>\n' | \
	$(CC) $(ALL_CFLAGS) -E -x c - >/dev/null 2>&1 || \
	{ echo "sp needs zlib's headers: apt-get install zlib1g-dev (Debian, Ubuntu; $(LIBS_MISSING))" >&2; false; }; } && \
	case $$(uname -s) in Darwin|*BSD|DragonFly) ;; *) \
	[ -n "$(BSD_CFLAGS)" ] || \
	{ echo "sp needs libbsd's overlay, found through pkg-config: apt-get install libbsd-dev pkg-config (Debian, Ubuntu; $(LIBS_MISSING))" >&2; false; } ;; \
	esac && \
	{ [ -n "$(DEFLATE_LIBS)" ] || \
	echo "note: libdeflate not found, zlib inflates everything (optional, faster: apt-get install libdeflate-dev)" >&2; }

# sp-flame's JavaScript and CSS are files of their own, compiled in as strings.
FLAME_ASSETS = common/flame/assets/flame.js common/flame/assets/flame.css
$(O)/gen/flame_assets.h: scripts/embed $(FLAME_ASSETS)
	@mkdir -p $(@D)
	sh scripts/embed $@ flame_js common/flame/assets/flame.js \
	    flame_css common/flame/assets/flame.css
$(O)/common/flame/flame_svg.o: $(O)/gen/flame_assets.h

# The version goes into one object, through a header rewritten only when
# the version changes.
$(O)/gen/sp_version.h: FORCE
	@mkdir -p $(@D)
	@echo '#define SP_VERSION "$(VERSION)"' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(O)/common/base/version.o: $(O)/gen/sp_version.h

$(O)/libsp.a: $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJ)

$(O)/bin/%: $(O)/tools/%.o $(O)/libsp.a $(O)/flags
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(O)/libsp.a $(LIBS)

# Scripts are copied next to the programs so that tests use one directory,
# with the version written in; renamed into place, and only when changed,
# so that a script running meanwhile (a test) is never rewritten under it.
SUBST_VERSION = sed 's/@SP_VERSION@/$(VERSION)/'
scripts: $(SCRIPTS)
	@mkdir -p $(O)/bin
	@for s in $(SCRIPTS); do d=$(O)/bin/$${s##*/}; \
	    $(SUBST_VERSION) $$s >$$d.tmp && chmod +x $$d.tmp && \
	    { cmp -s $$d.tmp $$d && rm -f $$d.tmp || mv -f $$d.tmp $$d; } || \
	    exit 1; done

deps:
	sh scripts/install-deps

# The sanitizer pass runs even when the plain pass failed, and both say
# how they ended; then the include arrows of common/ and the litter check
# (no untracked file left by the tests), which count as the plain pass.
check: deps
	$(MAKE) all
	@st=0; sh tests/run.sh $(O)/bin || st=1; \
	$(MAKE) check-san || st=$$((st + 2)); \
	sh scripts/check-layers || st=$$((st | 1)); \
	sh scripts/check-litter || st=$$((st | 1)); \
	case $$st in \
	0) echo "make check: the plain and the sanitizer passes passed" ;; \
	1) echo "make check: the plain pass FAILED, the sanitizer pass passed" ;; \
	2) echo "make check: the plain pass passed, the sanitizer pass FAILED" ;; \
	*) echo "make check: the plain and the sanitizer passes FAILED" ;; \
	esac; [ $$st -eq 0 ]

# For maintainers, not part of make check: make check with a busy loop on
# every processor beside it, as on a loaded build server.
check-load:
	sh scripts/check-load $(MAKE) check

# The whole suite again, built with AddressSanitizer and UBSan, and with
# LeakSanitizer on (detect_leaks=1): a tool frees what it allocated before
# it ends normally, so a leak fails its case (the report on stderr, exit
# status 23) and cannot come back unseen.
check-san:
	$(MAKE) O=build-san CFLAGS="$(SAN_FLAGS)" all
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    SP_SANITIZED=1 sh tests/run.sh build-san/bin

demo: deps
	$(MAKE) all
	sh scripts/demo $(O)/bin

# The man pages, and the include arrows of common/ (HACKING.md's layers).
lint:
	mandoc -Tlint -Wwarning $(MANS)
	sh scripts/check-layers

bench: all
	sh bench/run $(O)/bin

FUZZ_SECONDS ?= 60
fuzz:
	sh tests/fuzz/run.sh $(FUZZ_SECONDS)

install: all
	$(MAKE) install-built

# install-built installs what $(O) holds and builds nothing.  For a build
# made with other flags (the sanitizers'), whose flags file make install
# would take as changed and rebuild: tests/docs/install uses it while the
# suite runs the programs it would relink.
install-built:
	mkdir -p $(DESTDIR)$(BINDIR)
	for t in $(TOOLS); do cp $(O)/bin/$$t $(DESTDIR)$(BINDIR)/; done
	for s in $(SCRIPTS); do $(SUBST_VERSION) $$s >$(DESTDIR)$(BINDIR)/$${s##*/} && \
	    chmod 755 $(DESTDIR)$(BINDIR)/$${s##*/}; done
	for m in $(MANS); do s=$${m##*.}; mkdir -p $(DESTDIR)$(MANPREFIX)/man$$s; \
	    cp $$m $(DESTDIR)$(MANPREFIX)/man$$s/; done

uninstall:
	for t in $(TOOLS) $(notdir $(SCRIPTS)); do rm -f $(DESTDIR)$(BINDIR)/$$t; done
	for m in $(MANS); do s=$${m##*.}; rm -f $(DESTDIR)$(MANPREFIX)/man$$s/$${m##*/}; done

clean:
	rm -rf build build-san

FORCE:

.PHONY: FORCE all scripts deps check check-load check-san demo lint bench fuzz install install-built uninstall clean
.SECONDARY:
