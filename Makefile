# harden's one install command, its releases, and the serial of harden.m4.
# GNU make; the recipes are POSIX sh.
#
#   make           builds harden-audit and harden-cost (make -C tools), with
#                  the flags of catalog/harden-flags (a failed probe stops it)
#   make install   [PREFIX=/usr/local] [DESTDIR=/staging] [bindir=... datadir=... mandir=...]
#   make uninstall (the same variables): removes every file make install wrote,
#                  and the directories it created, once empty
#                  (the prefix too, when install made it)
#   make dist      [DISTDIR=dist] [DIST_URL=https://host/path]: the release
#                  tarball harden-VERSION.tar.gz, its .sha256 and the Meson
#                  wrap-file harden-VERSION.wrap that points at DIST_URL
#                  (meson/dist.sh; dist/ is in .gitignore); reproducible: the same bytes whatever
#                  the umask, the user, the clock and the check-out time,
#                  the mtime of every file SOURCE_DATE_EPOCH (environment or
#                  command line), else the date of the commit, else 0
#   make serial    sets the "# serial N" line of m4/harden.m4 (below)
#   make check-serial   fails when that line is not what make serial would set
#   make embed     regenerates m4/harden.m4, meson_options.txt and
#                  tools/audit/features.c from catalog/
#                  (build-aux/embed-catalog), then make serial
#   O=DIR          builds harden-audit and harden-cost in DIR/tools (default:
#                  in tools/, as make -C tools does)
#
# Paths.  DESTDIR may hold any character (a $ written $$, as everywhere in
# make); a relative DESTDIR is taken from the directory make runs in (after
# -C).  PREFIX and the directory variables must be absolute and may hold
# letters, digits, blanks (the space) and _ . / + , : @ % ~ = - ' | & ( ) !
# ? * [ ] { } < > ^; they are written into installed files (the driver's
# default catalog, the CMake package, harden-tools.pc), where the others
# have a meaning: $ (CMake, pkg-config), " and \ (CMake), ; (a CMake list),
# # (a pkg-config comment), a tab or a newline.  make install and make
# uninstall refuse them (and any other byte) before writing anything, naming
# the variable and the character.
#
# What goes where (doc/install.md):
#   $(bindir)        harden-flags (finds $(catalogdir) by itself), harden-audit,
#                    harden-cost (make -C tools install)
#   $(man1dir)       harden-flags.1, harden-audit.1, harden-cost.1
#   $(aclocaldir)    harden.m4, for aclocal (HARDEN_CHECK with no copy)
#   $(catalogdir)    the catalog: features.txt, probe.c, traits.c, README.md,
#                    harden-flags (the driver the CMake module runs)
#   $(cmakedir)      Harden.cmake, HardenConfig.cmake, HardenConfigVersion.cmake,
#                    for find_package(Harden 0.2 REQUIRED) with CMAKE_PREFIX_PATH
#   $(pkgconfigdir)  harden-tools.pc: where these are, and the version.  No file
#                    is named harden.pc or harden-exe.pc: Meson's
#                    dependency('harden') looks up pkg-config first, and must
#                    keep getting the subproject, which probes the project's
#                    compiler.  The flags as a .pc: harden-flags --pc.
#   $(subprojectdir) the Meson subproject ($(catalogdir)/subprojects/harden),
#                    for offline builds: copied or linked to a project's
#                    subprojects/harden (meson/README.md, "For packagers")
# The version is the file VERSION, the one place it is kept: Meson reads it
# (project(version: files('VERSION'))), CMake reads it (CMakeLists.txt), the
# driver of the source tree reads ../VERSION, and build-aux/embed-catalog (for
# configure) and this install write it into their copies of the driver and
# into the CMake version file and harden-tools.pc.
#
# The serial.  aclocal --install keeps the copy of harden.m4 with the highest
# "# serial N", so N must grow on every change of the file.  As in the
# Autoconf Archive, N is the number of git commits that touched
# m4/harden.m4, plus one while the working tree's file differs from HEAD's
# (the commit that will hold the change).  So: edit or regenerate the file,
# run make serial (make embed does), commit; a fresh clone then has
# N = the number of commits, which tests/catalog/m4-serial.sh checks (it
# skips without git history or in a shallow clone, where the count is
# wrong).  Two commits of one change: run make serial before each.
#
# Meson and CMake never read this file: a Meson subproject or an
# add_subdirectory()/FetchContent of harden ignores it, and CMakeLists.txt
# has no install() rule of its own, so there is one install.

PREFIX ?= /usr/local
prefix = $(PREFIX)
exec_prefix = $(prefix)
bindir = $(exec_prefix)/bin
datarootdir = $(prefix)/share
datadir = $(datarootdir)
mandir = $(datarootdir)/man
man1dir = $(mandir)/man1
aclocaldir = $(datadir)/aclocal
catalogdir = $(datadir)/harden
cmakedir = $(datadir)/cmake/Harden
pkgconfigdir = $(datadir)/pkgconfig
subprojectdir = $(catalogdir)/subprojects/harden
O = $(srcdir)
# Staging, from the command line or the environment.  It is made absolute
# (some recipes change directory; a relative DESTDIR is taken from the
# directory make runs in, after -C) by hand: $(abspath) splits on blanks.
override DESTDIR := $(if $(DESTDIR),$(if $(filter /%,$(firstword $(DESTDIR))),,$(CURDIR)/)$(DESTDIR))
DISTDIR = $(CURDIR)/dist
DIST_URL =
CC ?= cc
INSTALL = install

srcdir := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
VERSION := $(shell cat '$(srcdir)/VERSION')
M4 = m4/harden.m4
CATALOG = features.txt probe.c traits.c README.md
CMAKE_FILES = Harden.cmake HardenConfig.cmake HardenConfigVersion.cmake
TOOLS = harden-audit harden-cost
# The Meson subproject, installed whole for builds that cannot fetch a wrap
# (meson/README.md, "For packagers"): a project copies or links
# $(subprojectdir) to its subprojects/harden.  Paths in the source tree
# (no blanks); SUBPROJECT_FILES, for a recipe run in $(srcdir), adds the
# sources of harden-audit and of its shared code.
SUBPROJECT = VERSION LICENSE meson.build meson_options.txt meson/meson.build \
	catalog/features.txt catalog/probe.c \
	catalog/traits.c catalog/harden-flags catalog/README.md \
	tools/audit/sources.txt
SUBPROJECT_FILES = $(SUBPROJECT) $$(ls tools/audit/*.[ch] tools/lib/*.[ch] | grep -v fuzz-elf)

# Paths in recipes (see "Paths" at the top): every path is one shell word,
# $(call q,PATH), quoted with '...' and a ' in it written '\''.  No word
# function ($(abspath), $(patsubst), a $(foreach) over the value, ...) is
# ever applied to a path, which make would split on blanks.
sq = $(subst ','\'',$(1))
q = '$(call sq,$(1))'
# A sed replacement of the | command: \ & and | escaped.
sedr = $(subst |,\|,$(subst &,\&,$(subst \,\\,$(1))))
# A value on a sub-make's command line: make expands it once more.
mk = $(call q,$(subst $$,$$$$,$(1)))
# The variables that name install directories, in the order they are checked.
PATH_VARS = prefix exec_prefix bindir datarootdir datadir mandir man1dir aclocaldir catalogdir cmakedir pkgconfigdir subprojectdir
# The directories install writes to; it records the ones it creates (in
# $(catalogdir)/uninstall-dirs, one a line) so that uninstall removes those,
# and only those, once they are empty: the prefix too, if install made it.
INSTALL_DIRS = bindir man1dir aclocaldir catalogdir cmakedir pkgconfigdir subprojectdir
PATH_CHARS = A-Za-z0-9 _./+,:@%~='|&()!?*{}<>^[-

# The installed copy of the driver: the version, and the installed catalog
# as its default (a '...' word of sh).  Each replaces a whole empty line of
# catalog/harden-flags.
SUBST_DRIVER = sed -e 's|^harden_version=$$|harden_version=$(VERSION)|' \
	-e $(call q,s|^harden_default_catalog=$$|harden_default_catalog='$(call sedr,$(call sq,$(catalogdir)))'|)
SUBST_IN = sed -e 's|@VERSION@|$(VERSION)|g' \
	$(foreach v,prefix bindir datadir aclocaldir cmakedir catalogdir,-e $(call q,s|@$(v)@|$(call sedr,$($(v)))|g))

# make builds harden-audit and harden-cost; the rest is data and scripts.
all:
	$(MAKE) -C '$(srcdir)/tools' O='$(abspath $(O))/tools'

check-install-paths:
	@case '$(VERSION)' in ''|*[!0-9.]*) echo "make: no version in $(srcdir)/VERSION" >&2; exit 1 ;; esac
	@set -- $(foreach v,$(PATH_VARS),$(v) $(call q,$($(v)))); \
	while [ $$# -gt 0 ]; do \
		case $$2 in /*) ;; *) printf "make: install directories must be absolute: %s is '%s'\n" "$$1" "$$2" >&2; exit 1 ;; esac; \
		bad=$$(printf '%s\n' "$$2" | LC_ALL=C sed "s/[]$(PATH_CHARS)]//g" | tr -d '\n' | cut -c1); \
		[ "$$(printf '%s\n' "$$2" | wc -l)" -eq 1 ] || bad='a newline'; \
		[ -z "$$bad" ] || { printf "make: unsupported character in %s (Makefile, \"Paths\"): '%s' in '%s'\n" "$$1" "$$bad" "$$2" >&2; exit 1; }; \
		shift 2; \
	done

installdirs: check-install-paths
	@dest=$(call q,$(DESTDIR)) nl=$$(printf '\nx') created=; nl=$${nl%x}; \
	for d in $(foreach v,$(INSTALL_DIRS),$(call q,$($(v)))); do \
		p=$$d new=; \
		while [ -n "$$p" ] && [ ! -d "$$dest$$p" ]; do \
			new="$$p$$nl$$new"; p=$${p%/*}; \
		done; \
		$(INSTALL) -d "$$dest$$d" || exit 1; \
		created="$$created$$new"; \
	done; \
	rec="$$dest"$(call q,$(catalogdir)/uninstall-dirs); \
	{ [ ! -f "$$rec" ] || cat "$$rec"; printf '%s' "$$created"; } >"$$rec.tmp" && \
	mv -f "$$rec.tmp" "$$rec" && chmod 644 "$$rec"

install: installdirs
	$(MAKE) -C '$(srcdir)/tools' O='$(abspath $(O))/tools' PREFIX=$(call mk,$(prefix)) DESTDIR=$(call mk,$(DESTDIR)) \
		bindir=$(call mk,$(bindir)) mandir=$(call mk,$(mandir)) install
	$(SUBST_DRIVER) '$(srcdir)/catalog/harden-flags' >$(call q,$(DESTDIR)$(bindir)/harden-flags)
	chmod 755 $(call q,$(DESTDIR)$(bindir)/harden-flags)
	$(INSTALL) -m 755 $(call q,$(DESTDIR)$(bindir)/harden-flags) $(call q,$(DESTDIR)$(catalogdir)/harden-flags)
	cd '$(srcdir)/catalog' && $(INSTALL) -m 644 $(CATALOG) $(call q,$(DESTDIR)$(catalogdir)/)
	$(INSTALL) -m 644 '$(srcdir)/catalog/harden-flags.1' $(call q,$(DESTDIR)$(man1dir)/)
	$(INSTALL) -m 644 '$(srcdir)/$(M4)' $(call q,$(DESTDIR)$(aclocaldir)/)
	$(INSTALL) -m 644 '$(srcdir)/cmake/Harden.cmake' $(call q,$(DESTDIR)$(cmakedir)/)
	$(SUBST_IN) '$(srcdir)/cmake/HardenConfig.cmake.in' >$(call q,$(DESTDIR)$(cmakedir)/HardenConfig.cmake)
	$(SUBST_IN) '$(srcdir)/cmake/HardenConfigVersion.cmake.in' >$(call q,$(DESTDIR)$(cmakedir)/HardenConfigVersion.cmake)
	$(SUBST_IN) '$(srcdir)/harden-tools.pc.in' >$(call q,$(DESTDIR)$(pkgconfigdir)/harden-tools.pc)
	cd $(call q,$(DESTDIR)$(cmakedir)) && chmod 644 HardenConfig.cmake HardenConfigVersion.cmake
	chmod 644 $(call q,$(DESTDIR)$(pkgconfigdir)/harden-tools.pc)
	cd '$(srcdir)' && for f in $(SUBPROJECT_FILES); do \
		d=$${f%/*}; [ "$$d" = "$$f" ] && d=.; \
		$(INSTALL) -d $(call q,$(DESTDIR)$(subprojectdir))/"$$d" && \
		$(INSTALL) -m 644 "$$f" $(call q,$(DESTDIR)$(subprojectdir))/"$$d"/ || exit 1; \
	done; chmod 755 $(call q,$(DESTDIR)$(subprojectdir)/catalog/harden-flags)

uninstall: check-install-paths
	rm -f $(foreach f,$(TOOLS) harden-flags,$(call q,$(DESTDIR)$(bindir)/$(f)))
	rm -f $(foreach f,$(TOOLS) harden-flags,$(call q,$(DESTDIR)$(man1dir)/$(f).1))
	rm -f $(call q,$(DESTDIR)$(aclocaldir)/harden.m4) $(call q,$(DESTDIR)$(pkgconfigdir)/harden-tools.pc)
	rm -f $(foreach f,$(CMAKE_FILES),$(call q,$(DESTDIR)$(cmakedir)/$(f)))
	rm -f $(foreach f,$(CATALOG) harden-flags,$(call q,$(DESTDIR)$(catalogdir)/$(f)))
	cd '$(srcdir)' && for f in $(SUBPROJECT_FILES); do \
		rm -f $(call q,$(DESTDIR)$(subprojectdir))/"$$f"; \
	done; for d in meson catalog tools/audit tools/lib tools; do \
		rmdir $(call q,$(DESTDIR)$(subprojectdir))/"$$d" 2>/dev/null || :; \
	done
	@dest=$(call q,$(DESTDIR)); rec="$$dest"$(call q,$(catalogdir)/uninstall-dirs); dirs=; \
	if [ -f "$$rec" ]; then \
		dirs=$$(sed '1!G;h;$$!d' "$$rec") || exit 1; \
		rm -f "$$rec"; \
	fi; \
	[ -z "$$dirs" ] || printf '%s\n' "$$dirs" | while IFS= read -r d; do \
		[ -n "$$d" ] && [ -d "$$dest$$d" ] || continue; \
		rmdir "$$dest$$d" 2>/dev/null || echo "make: kept $$dest$$d (not empty)"; \
	done

# A release from git must have the right serial; from a tarball, it was
# checked when that tarball was made.
dist:
	@$(WANT_SERIAL); \
	if [ -n "$$why" ]; then echo "make: $$why: serial not checked"; else $(CHECK_SERIAL); fi
	sh '$(srcdir)/meson/dist.sh' $(if $(DIST_URL),'--url=$(DIST_URL)') '$(DISTDIR)'

# The serial m4/harden.m4 must have (see the comment at the top), in n; n
# stays empty, with the reason in why, without the git history to count.
HASH := \#
WANT_SERIAL = cd '$(srcdir)' || exit 1; n= why=; \
	top=$$(git rev-parse --show-toplevel 2>/dev/null) && [ "$$(cd "$$top" && pwd -P)" = "$$(pwd -P)" ] || \
		why="$(srcdir) is not a git checkout of harden"; \
	[ -n "$$why" ] || [ "$$(git rev-parse --is-shallow-repository)" = false ] || \
		why="a shallow clone cannot count the commits of $(M4) (git fetch --unshallow)"; \
	if [ -z "$$why" ]; then \
		n=$$(git rev-list --count HEAD -- $(M4)) || exit 1; \
		[ "$$(sed "2s/^$(HASH) serial [0-9]*$$/$(HASH) serial $$n/" $(M4) | git hash-object --stdin)" = \
			"$$(git rev-parse -q --verify HEAD:$(M4))" ] || n=$$((n + 1)); \
	fi
CHECK_SERIAL = have=$$(sed -n "2s/^$(HASH) serial \([0-9]*\)$$/\1/p" $(M4)); \
	[ "$$have" = "$$n" ] || { echo "make: $(M4) has serial '$$have', must be $$n: run make serial" >&2; exit 1; }; \
	echo "$(M4): serial $$n is right"

serial:
	@$(WANT_SERIAL); \
	[ -z "$$why" ] || { echo "make: $$why: cannot set the serial" >&2; exit 1; }; \
	sed -n 2p $(M4) | grep -q '^$(HASH) serial [0-9]*$$' || { echo "make: line 2 of $(M4) is not $(HASH) serial N" >&2; exit 1; }; \
	sed "2s/^$(HASH) serial [0-9]*$$/$(HASH) serial $$n/" $(M4) >$(M4).tmp && mv -f $(M4).tmp $(M4); \
	echo "$(M4): serial $$n"

check-serial:
	@$(WANT_SERIAL); \
	[ -z "$$why" ] || { echo "make: $$why: cannot check the serial" >&2; exit 1; }; \
	$(CHECK_SERIAL)

embed:
	@tmp=$$(mktemp -d) && \
	$(CC) -O2 -Wall -Wextra -o "$$tmp/embed-catalog" '$(srcdir)/build-aux/embed-catalog.c' && \
	cd '$(srcdir)' && "$$tmp/embed-catalog" catalog $(M4) meson_options.txt tools/audit/features.c; rc=$$?; rm -rf "$$tmp"; exit $$rc
	$(MAKE) -f '$(srcdir)/Makefile' serial

.PHONY: all check-install-paths installdirs install uninstall dist serial check-serial embed
