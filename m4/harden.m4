# harden.m4 -- detect and apply compiler and linker hardening   -*- Autoconf -*-
# serial 114
#
# SYNOPSIS
#
#     HARDEN_OPTION_PREFIX(PREFIX)
#     HARDEN_CHECK([DEFAULT-LEVEL = standard], [CXX-CONDITION = true])
#     HARDEN_EXCEPT(TARGET, FEATURE[=VALUE]..., REASON)
#     HARDEN_APPLY_GLOBAL
#     HARDEN_PREREQ(MIN-VERSION)
#
# DESCRIPTION
#
#   `HARDEN_CHECK` finds out which hardening features of the harden catalog
#   (`doc/features.md` of the harden sources) the C compiler and linker
#   really apply with the user's `CPPFLAGS`, `CFLAGS` and `LDFLAGS`, and the
#   C++ ones with `CXXFLAGS`.  A feature counts as supported only when a
#   probe program builds without any warning AND shows the effect (read with
#   `HARDEN_READELF` or `HARDEN_OBJDUMP`): flags accepted and ignored (tcc,
#   musl's fortify, gcc 11's `_FORTIFY_SOURCE=3`) are reported as such.  A
#   feature whose flags the builder already gives (`CC`, `CPPFLAGS`, `CFLAGS`
#   or `LDFLAGS`: `-D_FORTIFY_SOURCE=2`, `-Wl,-z,relro`, ...) is the
#   builder's: nothing is added for it, and the summary says whether it is
#   present.  Flags that `configure.ac` itself added (words the builder's
#   values, kept by Autoconf, lack) are the project's: state `project`.
#   Nothing is ever run, so cross-compiling works.
#
#   The probes are run by `harden-flags`, the harden driver, embedded here
#   with the catalog (that part of this file is generated from it) and
#   written out at configure time (a POSIX shell runs it); its procedure and
#   the format of its report, kept as `harden-report.txt` in the build
#   directory, are in `catalog/README.md` of the harden sources.  configure
#   adds its reports to `DISTCLEANFILES` (`AC_SUBST`), so `make distclean`
#   removes them and `make distcheck` passes; a `Makefile.am` that sets
#   `DISTCLEANFILES` too must append to it (`DISTCLEANFILES += ...`).
#
# USE
#
#   Copy `m4/harden.m4` into the project's `m4/` directory, or from an
#   installed harden (`doc/install.md`) let `aclocal` find it (with
#   `ACLOCAL_PATH=PREFIX/share/aclocal` for another prefix), or copy it with
#   `aclocal --install -I m4`, which replaces an older copy.  Then call
#   `HARDEN_CHECK` after `AC_PROG_CC` (alone, it requires it) or
#   `AC_PROG_CXX`, and after the code that adds the project's own flags to
#   `CPPFLAGS`, `CFLAGS` or `LDFLAGS`: the probes run with them, and a
#   feature they decide is `project`, proven present or absent.  The output
#   variables are meant for the `AM_` flags, so that the builder's own
#   `CPPFLAGS`, `CFLAGS`, `CXXFLAGS` and `LDFLAGS` come after them and win:
#
#     # configure.ac:
#     AC_PROG_CC
#     HARDEN_CHECK
#     # optional: stop autoconf with an older harden.m4 (HARDEN_PREREQ below)
#     HARDEN_PREREQ([0.2.0])
#
#     # Makefile.am:
#     AM_CPPFLAGS = $(HARDEN_CPPFLAGS)
#     AM_CFLAGS = $(HARDEN_CFLAGS)
#     AM_CCASFLAGS = $(HARDEN_CCASFLAGS)
#     AM_LDFLAGS = $(HARDEN_LDFLAGS)
#     prog_LDFLAGS = $(AM_LDFLAGS) $(HARDEN_EXE_LDFLAGS)   # programs only: -pie
#     libfoo_la_LDFLAGS = $(AM_LDFLAGS) $(HARDEN_LIB_LDFLAGS)   # libraries only: -Wl,-z,nodlopen
#
#   A target's own flags replace the `AM_` ones in Automake: a
#   `prog_LDFLAGS = -static-libgcc` drops `AM_LDFLAGS`, and with it
#   `-Wl,-z,now` (a library lost full RELRO that way).  Name them first:
#
#     # Makefile.am, a target's own flags:
#     libfoo_la_CPPFLAGS = $(AM_CPPFLAGS) -DBUILDING_FOO
#     libfoo_la_LDFLAGS = $(AM_LDFLAGS) -version-info 1:0:0
#     prog_CFLAGS = $(AM_CFLAGS) $(WARN_CFLAGS)
#
#   Likewise a project's own `AM_CFLAGS`, set and `AC_SUBST`ed by
#   `configure.ac`, is lost to the `AM_CFLAGS = $(HARDEN_CFLAGS)` of
#   `Makefile.am`: name it otherwise and write `AM_CFLAGS = $(HARDEN_CFLAGS)
#   $(WARN_CFLAGS)`.  `examples/autotools/` in the harden sources is a
#   complete project (a libtool shared library and a program) built so.
#
# OPTIONS
#
#   `DEFAULT-LEVEL` is the level used when the builder says nothing: `none`,
#   `standard` or `strict` (`HARDEN_CHECK([strict])`).  configure then
#   accepts:
#
#     --enable-hardening[=LEVEL]   none, standard or strict (yes: the default)
#     --disable-hardening          the same as --enable-hardening=none
#     --enable-FEATURE[=VALUE]     FEATURE must be on (VALUE: one of its
#                                  values, e.g. --enable-fortify-source=2;
#                                  auto: as the level says)
#     --disable-FEATURE            FEATURE must be off, also where the
#                                  toolchain enables it by default
#
#   A feature of the level that is not supported is reported and left out;
#   an `--enable-FEATURE` or `--disable-FEATURE` that cannot be met stops
#   configure with an error naming the feature and the reason, an invalid
#   value with the list of valid ones.  A summary ends the checks
#   (`hardening level standard with gcc:`, then a line per feature: its
#   state, and its flags or the reason).
#
#   `HARDEN_OPTION_PREFIX([harden-])`, before `HARDEN_CHECK`, names the
#   feature options `--enable-harden-FEATURE` (`--disable-harden-pie`), so
#   that they coexist with a project's options of the same names, each
#   driving only its own (`--enable-hardening` keeps its name).  Without it,
#   a project option with the name of one of harden's (`AC_ARG_ENABLE([pie])`,
#   before or after `HARDEN_CHECK`) stops autoconf with an error naming both
#   definitions by file and line.  Meson's and CMake's options need no prefix.
#
# OUTPUT VARIABLES
#
#   Substituted (`AC_SUBST`) for `AM_CPPFLAGS`, `AM_CFLAGS`, `AM_CCASFLAGS`
#   and `AM_LDFLAGS`, and the targets' own flags:
#
#     HARDEN_CPPFLAGS     preprocessor flags of the features on which every
#                         language probed agrees (Automake gives AM_CPPFLAGS
#                         to C and C++ alike: the others, such as
#                         -D_GLIBCXX_ASSERTIONS, start HARDEN_CFLAGS or
#                         HARDEN_CXXFLAGS); with Automake and libtool, when
#                         each language compiled was probed, trap-bounds'
#                         -fsanitize=bounds too: Automake puts it on no link
#                         line, so no link pulls in the UBSan run-time
#                         (libtool drops the trap flag from a shared
#                         library's link)
#     HARDEN_CFLAGS       compiler flags; holds -fPIE too, which libtool's
#                         -fPIC (and every shared-library rule's) overrides
#     HARDEN_LDFLAGS      flags for every link, programs and libraries; with
#                         Automake less those AM_CFLAGS already puts on its
#                         link lines (-fstack-protector-strong), so that each
#                         flag is there once; with libtool it also holds
#                         -Wc,-fsanitize-trap=... (a program's link then has
#                         the trap flag twice)
#     HARDEN_CCASFLAGS    with AM_PROG_AS, for AM_CCASFLAGS: -Wa,--noexecstack
#                         when noexecstack is on and the assembler takes it,
#                         and the flags of the features the linker keeps only
#                         when every object is marked (-fcf-protection=full,
#                         for which <cet.h> marks the object for IBT and
#                         SHSTK: one unmarked object unmarks the program)
#     HARDEN_EXE_LDFLAGS  flags for programs only (-pie): never add them to
#                         a shared library
#     HARDEN_LIB_LDFLAGS  flags for shared libraries only, empty unless
#                         --enable-nodlopen (-Wl,-z,nodlopen): for a libtool
#                         library that is never a plugin; never a program,
#                         never a libtool -module
#     HARDEN_ENABLED      the features that are on, as FEATURE=VALUE words
#     HARDEN_LEVEL        the level in effect
#     HARDEN_VERSION      harden's version (catalog and driver)
#     HARDEN_READELF      the readelf used to read the probes (precious;
#                         the target's, when cross-compiling)
#     HARDEN_OBJDUMP      the objdump used to read PE probes (precious)
#     HARDEN_AUDIT        harden-audit, from PATH (precious)
#     HARDEN_AUDIT_EXPECT the features that are on and that harden-audit
#                         proves from a binary by itself, comma-separated
#     HARDEN_AUDIT_CHECK  a command that fails unless the files given to
#                         it have HARDEN_AUDIT_EXPECT
#
#   For Windows targets, a libtool DLL needs `-no-undefined` in its
#   `_LDFLAGS`.  `HARDEN_APPLY_GLOBAL`, for small projects without
#   libraries, puts the results in front of `CPPFLAGS`, `CFLAGS`, `CXXFLAGS`
#   and `LDFLAGS` instead (`HARDEN_EXE_LDFLAGS` too; of the link flags,
#   `LDFLAGS` gets those both languages agree on, `CFLAGS` or `CXXFLAGS` the
#   others).  Call it after the other checks, `AC_PROG_CXX` too.
#
# C++
#
#   When `configure.ac` uses `AC_PROG_CXX`, before or after `HARDEN_CHECK`,
#   the C++ compiler is probed the same way where `AC_PROG_CXX` is (`CXX`
#   with `CPPFLAGS`, `CXXFLAGS` and `LDFLAGS`, plus the C++ feature
#   `stdlib-hardening`), with its own summary (`hardening level standard
#   with g++ (C++):`), report (`harden-report-cxx.txt`), cache and output
#   variables: no flag proven for one compiler reaches the other.  The same
#   options serve both languages.  A C++-only `configure.ac` (`AC_PROG_CXX`,
#   no `AC_PROG_CC`) needs no C compiler.
#   The output variables are `HARDEN_CXXFLAGS`, `HARDEN_CXX_LDFLAGS`,
#   `HARDEN_EXE_CXX_LDFLAGS`, `HARDEN_CXX_LIB_LDFLAGS`, `HARDEN_CXX_ENABLED`,
#   `HARDEN_CXX_AUDIT_EXPECT` and `HARDEN_CXX_AUDIT_CHECK`, empty (or a note
#   for the audit check) when C++ is not probed, as the C ones are without C.
#   A program linked with `$(CXX)` (any C++ source) takes C++'s link flags:
#
#     # Makefile.am, C++:
#     AM_CXXFLAGS = $(HARDEN_CXXFLAGS)
#     prog_LDFLAGS = $(HARDEN_CXX_LDFLAGS) $(HARDEN_EXE_CXX_LDFLAGS)   # replaces AM_LDFLAGS (C's)
#     libfoo_la_LDFLAGS = $(HARDEN_CXX_LDFLAGS) $(HARDEN_CXX_LIB_LDFLAGS)   # a C++ libtool library
#
#   `CXX-CONDITION`, a shell condition, says when the project builds C++
#   (`HARDEN_CHECK([standard], [test "x$enable_cxx" = xyes])`).  When it is
#   false C++ is not probed (a notice says so) and a missing C++ compiler
#   breaks nothing (a C project whose C++ header check brought `AC_PROG_CXX`
#   in passes a false one); otherwise a C++ compiler that cannot run stops
#   configure, as for C, with a message that names harden and it.
#
# EXCEPTIONS
#
#   `HARDEN_EXCEPT(TARGET, FEATURE[=VALUE]..., REASON)`, after
#   `HARDEN_CHECK`, gives one target the flags of every feature but those
#   (or `FEATURE` at `VALUE`: `fortify-source=2`), for a `REASON` that is
#   required: a tail-calling interpreter loop without `zero-call-used-regs`,
#   code that reads its own stack without `stack-protector`.  Its output
#   variables are `HARDEN_TARGET_` followed by the names above, for its own
#   flags:
#
#     # configure.ac, after HARDEN_CHECK:
#     HARDEN_EXCEPT([interp], [stack-protector], [reads its own stack])
#
#     # Makefile.am: the target's own flags replace the AM_ ones
#     interp_CPPFLAGS = $(HARDEN_interp_CPPFLAGS)
#     interp_CFLAGS = $(HARDEN_interp_CFLAGS)
#     interp_LDFLAGS = $(HARDEN_interp_LDFLAGS) $(HARDEN_interp_EXE_LDFLAGS)
#     check-local: prog interp
#     	$(HARDEN_AUDIT_CHECK) --expect-for interp=$(HARDEN_interp_AUDIT_EXPECT) prog interp
#
#   The target gets every other feature, and the excepted one's off flag
#   (`-fno-stack-protector`) where the compiler has it on by default;
#   configure prints the exception with its reason and keeps its report as
#   `harden-except-TARGET.txt`; the audit check expects everything but the
#   exception from `interp`.  A `TARGET` that no `Makefile.in` uses in a
#   `HARDEN_interp_...` variable (a misspelt one) stops configure.
#
# CHECKING THE BINARIES
#
#   `make check` can prove that the hardening reached the binaries
#   (`doc/audit.md` of the harden sources):
#
#     # Makefile.am, with libtool:
#     check-local:
#     	$(LIBTOOL) --mode=execute $(HARDEN_AUDIT_CHECK) prog .libs/libfoo.so
#
#   `HARDEN_AUDIT_CHECK` runs `harden-audit --expect $(HARDEN_AUDIT_EXPECT)`;
#   without `harden-audit` in `PATH` (or `HARDEN_AUDIT=...` given to
#   configure) it only says so.
#
# FLAGS ADDED AFTER THE CHECKS
#
#   Flags `configure.ac` adds after `HARDEN_CHECK` come last on every
#   command line (after `AM_CFLAGS`) and win, unprobed: before `AC_OUTPUT`
#   configure classifies them with the catalog's `builder` patterns
#   (`catalog/README.md`, "The project's flags").  When they change a
#   feature (`-fstack-protector` after harden's strong, `-Wl,-z,lazy`) or
#   remove its precondition (an address sanitizer; a debug block's `-O0`
#   last: fortify needs optimisation), a second summary (`hardening with
#   configure.ac's flags added after HARDEN_CHECK: ...`) and the report give
#   the feature as `project` ("set by configure.ac (-O0) after the checks:
#   needs optimisation (-O1 or more); was: on 3"), `HARDEN_ENABLED` takes
#   the project's value, a feature turned off leaves `HARDEN_AUDIT_EXPECT`,
#   and an explicit `--enable-FEATURE=VALUE` or `--disable-FEATURE` the
#   flags contradict stops configure ("cannot disable stack-protector:
#   configure.ac's flags have -fstack-protector").
#
# CACHE VARIABLES
#
#   `harden_cv_FEATURE` (`FEATURE` with `-` as `_`) holds the best supported
#   value followed by its flags, `no: REASON`, or `builder
#   present|absent|unproven: REASON`, so `./configure -C` gives the same
#   flags every time and runs no compiler.  Preseed one with a value name or
#   `no` to override the probe: `./configure
#   harden_cv_stack_clash_protection=no`, `harden_cv_stack_protector=basic`.
#   `harden_cv_toolchain` identifies the compiler, flags, readelf and harden
#   version the results belong to: a cache written for another toolchain or
#   an older `harden.m4` is dropped with a warning.  `harden_cv_traits`
#   keeps what the compiler said of itself (architecture, object format), so
#   that a fully cached run asks it nothing.  C++ has its own:
#   `harden_cv_cxx_FEATURE`, `harden_cv_cxx_toolchain` (`CXX` and `CXXFLAGS`
#   instead of `CC` and `CFLAGS`) and `harden_cv_cxx_traits`.
#
# HARDEN_PREREQ
#
#   `HARDEN_PREREQ(MIN-VERSION)` stops autoconf unless this harden.m4 is
#   `MIN-VERSION` or later (as pkg.m4's `PKG_PREREQ`): a project that needs
#   a later macro or option says so.  It is itself new in 0.2.0; to stop an
#   older harden.m4 too:
#
#     # configure.ac:
#     m4_ifndef([HARDEN_PREREQ],
#       [m4_fatal([harden.m4 0.2.0 or later is needed (HARDEN_PREREQ)])])
#     HARDEN_PREREQ([0.2.0])
#
# LICENSE
#
#   Copying and distribution of this file, with or without modification,
#   are permitted in any medium without royalty provided the copyright
#   notice and this notice are preserved.  This file is offered as-is,
#   without any warranty.

m4_pattern_forbid([^_?HARDEN_[A-Z_]+$])
m4_pattern_allow([^HARDEN_(CPPFLAGS|CFLAGS|LDFLAGS|EXE_LDFLAGS|LIB_LDFLAGS|CCASFLAGS|ENABLED|LEVEL|READELF|VERSION)$])
m4_pattern_allow([^HARDEN_(CXX_)?AUDIT(_EXPECT|_CHECK)?$])
m4_pattern_allow([^HARDEN_CATALOG$])
m4_pattern_allow([^HARDEN_ALL_[A-Z_]*$])
m4_pattern_allow([^HARDEN_LIFT_EXCEPTIONS$])
m4_pattern_allow([^HARDEN_(CXX_CPPFLAGS|CXXFLAGS|EXE_CXXFLAGS|CXX_LDFLAGS|EXE_CXX_LDFLAGS|CXX_LIB_LDFLAGS|CXX_ENABLED|CXX_AUDIT_EXPECT)$])

dnl BEGIN catalog (generated by build-aux/embed-catalog; do not edit)
m4_define([_HARDEN_FOREACH_FEATURE], [dnl
$1([stack-protector], [stack_protector], [standard], [-], [strong basic], [stack canaries against stack buffer overflows], [yes])dnl
$1([fortify-source], [fortify_source], [standard], [optimize,no-sanitizer], [3 2], [checked libc string and stdio calls], [yes])dnl
$1([stack-clash-protection], [stack_clash_protection], [standard], [-], [], [probes every page of large stack allocations], [no])dnl
$1([cf-protection], [cf_protection], [standard], [arch=x86,format=elf], [full], [Intel CET landing pads and shadow-stack marking], [no])dnl
$1([branch-protection], [branch_protection], [standard], [arch=aarch64], [standard], [Arm pointer authentication and BTI landing pads], [no])dnl
$1([pie], [pie], [standard], [format=elf], [], [position-independent programs for full ASLR], [yes])dnl
$1([relro], [relro], [standard], [format=elf], [], [read-only relocations after start-up], [yes])dnl
$1([bind-now], [bind_now], [standard], [format=elf,needs=relro], [], [resolve every symbol at start-up (full RELRO)], [yes])dnl
$1([noexecstack], [noexecstack], [standard], [format=elf], [], [non-executable stack], [yes])dnl
$1([as-needed], [as_needed], [standard], [format=elf,libc=glibc], [], [the program records only the libraries it uses], [no])dnl
$1([no-copy-dt-needed-entries], [no_copy_dt_needed_entries], [standard], [format=elf], [], [symbols of indirect dependencies do not resolve], [no])dnl
$1([dynamicbase], [dynamicbase], [standard], [format=pe], [], [Windows ASLR: the image may load at a random address (needs base relocations, a .reloc section)], [yes])dnl
$1([high-entropy-va], [high_entropy_va], [standard], [format=pe,ptr=64,needs=dynamicbase], [], [64-bit address space layout randomisation], [yes])dnl
$1([nxcompat], [nxcompat], [standard], [format=pe], [], [Windows DEP: data pages are not executable], [yes])dnl
$1([format-security], [format_security], [standard], [-], [], [non-literal format strings without arguments are errors: printf(s), syslog(p, s)], [no])dnl
$1([stdlib-hardening], [stdlib_hardening], [standard], [lang=c++], [assertions fast extensive], [the C++ standard library checks indexes and preconditions], [no])dnl
$1([auto-var-init], [auto_var_init], [strict], [-], [zero pattern], [automatic variables start initialised], [no])dnl
$1([strict-flex-arrays], [strict_flex_arrays], [strict], [-], [3], [only @<:@@:>@ is a flexible array member, for bounds checks], [no])dnl
$1([zero-call-used-regs], [zero_call_used_regs], [strict], [-], [used-gpr], [clear used registers on return], [no])dnl
$1([wrapv], [wrapv], [strict], [-], [], [signed overflow wraps instead of deleting checks], [no])dnl
$1([no-delete-null-pointer-checks], [no_delete_null_pointer_checks], [strict], [-], [], [keep null checks after a dereference], [no])dnl
$1([no-strict-aliasing], [no_strict_aliasing], [strict], [-], [], [no optimisation on type-based aliasing], [no])dnl
$1([trap-bounds], [trap_bounds], [strict], [-], [], [out-of-bounds indexes of fixed-size arrays trap, with no run-time library], [no])dnl
$1([exceptions], [exceptions], [strict], [lang=c], [], [C code unwinds like C++ (cleanups run on thread cancellation)], [no])dnl
$1([nodlopen], [nodlopen], [request], [format=elf], [], [a shared library refuses dlopen (for libraries that are never plugins, nor linked by one: glibc refuses a plugin whose dependency has it)], [yes])dnl
])
m4_define([_HARDEN_VERSION], [0.2.0])
m4_define([_HARDEN_CATALOG_ID], [0.2.0-fcfd939e])
m4_define([_HARDEN_WRITE_CATALOG], [[cat >"@S|@harden_tmp/features.txt" <<'harden_eof'
@%:@ The harden feature catalog: the one place a hardening feature is defined.
@%:@ Every frontend (m4/harden.m4, meson/, cmake/) reads or embeds this file;
@%:@ catalog/README.md specifies the format and how each row is probed.
@%:@
@%:@ feature NAME LEVEL REQUIRES SUMMARY...
@%:@   LEVEL     standard | strict          (the strict level includes standard)
@%:@             request   in no level: only when asked for explicitly
@%:@   REQUIRES  comma list, or - for none:
@%:@             optimize      __OPTIMIZE__ must be defined by the user's flags
@%:@             no-sanitizer  no address/thread/memory sanitizer in the user's flags
@%:@             arch=x86 | arch=aarch64   target architecture
@%:@             format=elf | format=pe    object format of the target
@%:@             ptr=64    64-bit targets
@%:@             lang=c++  C++ only (harden-flags --lang=c++)
@%:@             lang=c    C only (harden-flags --lang=c)
@%:@             libc=glibc  the C library is glibc
@%:@             needs=FEATURE that feature must be on as well
@%:@ value NAME VALUE PROOF FLAG...   one candidate; candidates are tried in order
@%:@   PROOF     what must show in the probe for the value to count as on:
@%:@             sym:A,B   the linked probe's symbol table names A or B
@%:@             elf:pie | elf:relro | elf:bind-now | elf:noexecstack
@%:@                       the linked probe's ELF headers show the property
@%:@             elf:noopen  the probe, also built as a shared library
@%:@                       (-fPIC, -shared, with the lib-ld flags), has
@%:@                       DF_1_NOOPEN in its DT_FLAGS_1
@%:@             elf:as-needed  the probe, linked with -lm after its object
@%:@                       (where a build's libraries come), does not record
@%:@                       libm, which it never uses
@%:@             link      the linker takes the flag without a message (the
@%:@                       effect is not probed: say why above the row)
@%:@             pe:dynamicbase | pe:high-entropy-va | pe:nxcompat
@%:@                       the linked probe's PE headers show the property
@%:@             asm       the probe's code for this feature changes when the
@%:@                       off flags are added (codegen-only features)
@%:@             reject    the probe's misuse variant no longer compiles
@%:@   FLAG      WHERE:flag with WHERE one of
@%:@             cpp     preprocessor, every object
@%:@             cc      compiler, every object
@%:@             ld      linker, every link (programs and shared libraries)
@%:@             cc+ld   compiler and linker
@%:@             exe-cc  compiler, objects of programs (PIC flags override it)
@%:@             exe-ld  linker, programs only (never shared libraries)
@%:@             lib-ld  linker, shared libraries only (never programs)
@%:@ off NAME FLAG...   flags that remove the feature where the toolchain
@%:@                    enables it by default (same WHERE:flag syntax)
@%:@ builder NAME SENSE:PATTERN...   patterns of the builder's own flags (CC,
@%:@                    CPPFLAGS, CFLAGS, LDFLAGS) that decide the feature: when
@%:@                    one matches, harden adds nothing for it (state builder)
@%:@                    unless the feature is asked for explicitly.  SENSE is on
@%:@                    (the flag turns the feature on) or off; the first
@%:@                    pattern that matches a flag gives its sense, and the
@%:@                    last flag that matches counts, as for the compiler.
@%:@                    SENSE@TRAIT (on@stdlib=libc++): the pattern counts only
@%:@                    on targets with TRAIT (a macro of one C++ library).
@%:@                    harden-audit judges recorded command lines with them.
@%:@                    PATTERN is a shell pattern with * as its only wildcard
@%:@ marking NAME PROP TEXT...   the kernel enforces the feature only in a
@%:@                    program whose GNU property note has PROP (ibt, shstk,
@%:@                    bti); the linker sets it only when every object has it.
@%:@                    When the linked probe lacks it, the feature stays on
@%:@                    (the code is instrumented) with TEXT as its reason
@%:@ runtime NAME LIBRARY TEXT...   the feature works through LIBRARY, a DLL
@%:@                    of the toolchain: when the linked probe imports it,
@%:@                    the feature is on with TEXT as its reason (a program
@%:@                    does not start where the library is missing)
@%:@ audit NAME @<:@TRAIT@:>@ @<:@sym:A,B@:>@  tools/harden-audit can prove the feature
@%:@                    from any built program or library by itself (on
@%:@                    targets with TRAIT, such as format=elf; where the
@%:@                    linked probe, with the feature on, names A or B), so
@%:@                    the frontends' audit tests expect it whenever it is on
@%:@ guide NAME LIST FLAG...  the OpenSSF Compiler Options Hardening Guide for
@%:@                    C and C++ recommends the feature with FLAGs: LIST is
@%:@                    short (its list for every build) or situational (its
@%:@                    table of situations: programs, x86_64, aarch64,
@%:@                    production code, multi-threaded C).  Only README's
@%:@                    table of the guide reads it
@%:@                    (https://best.openssf.org/Compiler-Hardening-Guides/Compiler-Options-Hardening-Guide-for-C-and-C++)
@%:@
@%:@ GCC 14's -fhardened (the builder's, in CC or CFLAGS) turns on the features
@%:@ whose builder rows hold on:-fhardened, as GCC's manual lists them
@%:@ (https://gcc.gnu.org/onlinedocs/gcc-14.1.0/gcc/Instrumentation-Options.html):
@%:@ -D_FORTIFY_SOURCE=3, -D_GLIBCXX_ASSERTIONS, -ftrivial-auto-var-init=zero,
@%:@ -fPIE -pie, -Wl,-z,relro,-z,now, -fstack-protector-strong,
@%:@ -fstack-clash-protection and, on x86, -fcf-protection=full.  A flag of the
@%:@ builder's after it still wins (the last matching word counts), as in GCC.

feature stack-protector standard - stack canaries against stack buffer overflows
@%:@ On the link line too: where the C library has no __stack_chk_fail
@%:@ (mingw-w64), the compiler driver links libssp for it.
value   stack-protector strong sym:__stack_chk_fail,__stack_chk_fail_local,__stack_chk_guard cc+ld:-fstack-protector-strong
value   stack-protector basic  sym:__stack_chk_fail,__stack_chk_fail_local,__stack_chk_guard cc+ld:-fstack-protector cc:--param=ssp-buffer-size=4
off     stack-protector cc:-fno-stack-protector
builder stack-protector on:-fstack-protector on:-fstack-protector-strong on:-fstack-protector-all off:-fstack-protector-explicit off:-fno-stack-protector on:-fhardened
guide   stack-protector short -fstack-protector-strong
runtime stack-protector libssp-0.dll needs libssp-0.dll at run time (the toolchain's: ship it with the program, or link with -static)
audit   stack-protector

feature fortify-source standard optimize,no-sanitizer checked libc string and stdio calls
value   fortify-source 3 sym:__memcpy_chk cpp:-U_FORTIFY_SOURCE cpp:-D_FORTIFY_SOURCE=3
value   fortify-source 2 sym:__strcpy_chk cpp:-U_FORTIFY_SOURCE cpp:-D_FORTIFY_SOURCE=2
off     fortify-source cpp:-U_FORTIFY_SOURCE
@%:@ Fedora and Arch pass the macro through the driver (-Wp,-D_FORTIFY_SOURCE=3,
@%:@ Fedora as -Wp,-U_FORTIFY_SOURCE,-D_FORTIFY_SOURCE=3): the builder's too.
builder fortify-source off:-D_FORTIFY_SOURCE=0 on:-D_FORTIFY_SOURCE on:-D_FORTIFY_SOURCE=* off:-U_FORTIFY_SOURCE off:-Wp,*-D_FORTIFY_SOURCE=0 on:-Wp,*-D_FORTIFY_SOURCE* off:-Wp,*-U_FORTIFY_SOURCE on:-fhardened
guide   fortify-source short -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=3
@%:@ glibc fortifies printf and most calls of a program; mingw-w64 only string
@%:@ calls of known size, so a correct Windows program may show none.  And
@%:@ glibc 2.36 routes every fprintf to __fprintf_chk, whatever the sizes, only
@%:@ where the compiler has __builtin_va_arg_pack or the language is C (its
@%:@ macros): clang++ calls the plain fprintf, so a correct clang++ program
@%:@ with no copy of known size shows nothing either (the probe's fprintf).
runtime fortify-source libssp-0.dll needs libssp-0.dll at run time (the toolchain's: ship it with the program, or link with -static)
audit   fortify-source format=elf sym:__fprintf_chk

feature stack-clash-protection standard - probes every page of large stack allocations
value   stack-clash-protection yes asm cc:-fstack-clash-protection
off     stack-clash-protection cc:-fno-stack-clash-protection
builder stack-clash-protection on:-fstack-clash-protection off:-fno-stack-clash-protection on:-fhardened
guide   stack-clash-protection short -fstack-clash-protection

feature cf-protection standard arch=x86,format=elf Intel CET landing pads and shadow-stack marking
value   cf-protection full asm cc:-fcf-protection=full
off     cf-protection cc:-fcf-protection=none
builder cf-protection off:-fcf-protection=none on:-fcf-protection on:-fcf-protection=* on:-fhardened
guide   cf-protection situational -fcf-protection=full
marking cf-protection ibt not enforced: a start file or library lacks the IBT/SHSTK marking, so the program has none (ld -z cet-report names them)

feature branch-protection standard arch=aarch64 Arm pointer authentication and BTI landing pads
value   branch-protection standard asm cc:-mbranch-protection=standard
off     branch-protection cc:-mbranch-protection=none
builder branch-protection off:-mbranch-protection=none on:-mbranch-protection=*
guide   branch-protection situational -mbranch-protection=standard
marking branch-protection bti BTI not enforced: a start file or library lacks the BTI marking, so the program has none; pointer authentication works

feature pie standard format=elf position-independent programs for full ASLR
value   pie yes elf:pie exe-cc:-fPIE exe-ld:-pie
off     pie exe-cc:-fno-PIE exe-ld:-no-pie
builder pie on:-fPIE on:-fpie off:-fno-PIE off:-fno-pie on:-pie off:-no-pie on:-static-pie on:-fhardened
guide   pie situational -fPIE -pie
audit   pie

feature relro standard format=elf read-only relocations after start-up
value   relro yes elf:relro ld:-Wl,-z,relro
off     relro ld:-Wl,-z,norelro
builder relro on:-Wl,*-z,relro* off:-Wl,*-z,norelro* on:-fhardened
guide   relro short -Wl,-z,relro
audit   relro

feature bind-now standard format=elf,needs=relro resolve every symbol at start-up (full RELRO)
value   bind-now yes elf:bind-now ld:-Wl,-z,now
off     bind-now ld:-Wl,-z,lazy
builder bind-now on:-Wl,*-z,now* off:-Wl,*-z,lazy* on:-fhardened
guide   bind-now short -Wl,-z,now
audit   bind-now

feature noexecstack standard format=elf non-executable stack
value   noexecstack yes elf:noexecstack ld:-Wl,-z,noexecstack
off     noexecstack ld:-Wl,-z,execstack
builder noexecstack on:-Wl,*-z,noexecstack* off:-Wl,*-z,execstack*
guide   noexecstack short -Wl,-z,noexecstack
audit   noexecstack

@%:@ Only the libraries a program uses are recorded (DT_NEEDED): the probe's
@%:@ link names -lm, which it never uses, after its object, as a build names
@%:@ its libraries after LDFLAGS (--as-needed acts on what follows it).  Only
@%:@ where libm is a library of its own (glibc; musl's is in libc.so, so
@%:@ nothing would show); tcc takes the flag and still records libm.
feature as-needed standard format=elf,libc=glibc the program records only the libraries it uses
value   as-needed yes elf:as-needed ld:-Wl,--as-needed
off     as-needed ld:-Wl,--no-as-needed
builder as-needed on:-Wl,*--as-needed* off:-Wl,*--no-as-needed*
guide   as-needed short -Wl,--as-needed

@%:@ A symbol of a library's own dependency does not resolve without naming
@%:@ that library.  The effect needs a pair of shared libraries built at probe
@%:@ time (three more compiler runs for one flag that GNU ld 2.22 and later,
@%:@ gold, lld and mold apply by default), so the proof is the linker taking
@%:@ the option silently (proof link): tcc and mingw's ld refuse it.
feature no-copy-dt-needed-entries standard format=elf symbols of indirect dependencies do not resolve
value   no-copy-dt-needed-entries yes link ld:-Wl,--no-copy-dt-needed-entries
off     no-copy-dt-needed-entries ld:-Wl,--copy-dt-needed-entries
builder no-copy-dt-needed-entries on:-Wl,*--no-copy-dt-needed-entries* off:-Wl,*--copy-dt-needed-entries*
guide   no-copy-dt-needed-entries short -Wl,--no-copy-dt-needed-entries

@%:@ Windows (PE) images: ASLR and DEP are flags of the image, set by the linker
@%:@ (binutils 2.36 and later set them by default; the off flags clear them).
feature dynamicbase standard format=pe Windows ASLR: the image may load at a random address (needs base relocations, a .reloc section)
value   dynamicbase yes pe:dynamicbase ld:-Wl,--dynamicbase
off     dynamicbase ld:-Wl,--disable-dynamicbase
builder dynamicbase on:-Wl,*--dynamicbase* off:-Wl,*--disable-dynamicbase*
audit   dynamicbase

feature high-entropy-va standard format=pe,ptr=64,needs=dynamicbase 64-bit address space layout randomisation
value   high-entropy-va yes pe:high-entropy-va ld:-Wl,--high-entropy-va
off     high-entropy-va ld:-Wl,--disable-high-entropy-va
builder high-entropy-va on:-Wl,*--high-entropy-va* off:-Wl,*--disable-high-entropy-va*
audit   high-entropy-va

feature nxcompat standard format=pe Windows DEP: data pages are not executable
value   nxcompat yes pe:nxcompat ld:-Wl,--nxcompat
off     nxcompat ld:-Wl,--disable-nxcompat
builder nxcompat on:-Wl,*--nxcompat* off:-Wl,*--disable-nxcompat*
audit   nxcompat

feature format-security standard - non-literal format strings without arguments are errors: printf(s), syslog(p, s)
value   format-security yes reject cc:-Wformat cc:-Werror=format-security
off     format-security cc:-Wno-format-security
builder format-security on:-Wformat-security on:-Werror=format-security off:-Wno-format-security off:-Wno-error=format-security
guide   format-security short -Werror=format-security

@%:@ The C++ standard library's own checks: an out-of-bounds operator@<:@@:>@ aborts
@%:@ (libstdc++'s assertions) or traps (libc++'s hardening modes, libc++ 18 and
@%:@ later; libc++ 14 ignores the macro: no effect).  libstdc++ 12 calls
@%:@ std::__glibcxx_assert_fail, older headers inline a message and abort (the
@%:@ assembly proof).  Never _GLIBCXX_DEBUG (it changes the ABI) nor the
@%:@ deprecated _LIBCPP_ENABLE_ASSERTIONS.  -U first: a redefinition warns.
feature stdlib-hardening standard lang=c++ the C++ standard library checks indexes and preconditions
value   stdlib-hardening assertions sym:_ZSt21__glibcxx_assert_failPKciS0_S0_ cpp:-D_GLIBCXX_ASSERTIONS
value   stdlib-hardening fast asm cpp:-U_LIBCPP_HARDENING_MODE cpp:-D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_FAST
value   stdlib-hardening assertions asm cpp:-D_GLIBCXX_ASSERTIONS
value   stdlib-hardening extensive asm cpp:-U_LIBCPP_HARDENING_MODE cpp:-D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_EXTENSIVE
off     stdlib-hardening cpp:-U_GLIBCXX_ASSERTIONS cpp:-U_LIBCPP_HARDENING_MODE cpp:-D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_NONE
builder stdlib-hardening on@stdlib=libstdc++:-D_GLIBCXX_ASSERTIONS* off@stdlib=libstdc++:-U_GLIBCXX_ASSERTIONS off@stdlib=libc++:-D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_NONE on@stdlib=libc++:-D_LIBCPP_HARDENING_MODE=* off@stdlib=libc++:-Wp,*-D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_NONE* on@stdlib=libstdc++:-Wp,*-D_GLIBCXX_ASSERTIONS* on@stdlib=libc++:-Wp,*-D_LIBCPP_HARDENING_MODE=* off@stdlib=libstdc++:-Wp,*-U_GLIBCXX_ASSERTIONS on:-fhardened
guide   stdlib-hardening short -D_GLIBCXX_ASSERTIONS

feature auto-var-init strict - automatic variables start initialised
value   auto-var-init zero asm cc:-ftrivial-auto-var-init=zero
value   auto-var-init zero asm cc:-ftrivial-auto-var-init=zero cc:-enable-trivial-auto-var-init-zero-knowing-it-will-be-removed-from-clang
value   auto-var-init pattern asm cc:-ftrivial-auto-var-init=pattern
off     auto-var-init cc:-ftrivial-auto-var-init=uninitialized
builder auto-var-init off:-ftrivial-auto-var-init=uninitialized on:-ftrivial-auto-var-init=* on:-fhardened
guide   auto-var-init situational -ftrivial-auto-var-init=zero

feature strict-flex-arrays strict - only @<:@@:>@ is a flexible array member, for bounds checks
value   strict-flex-arrays 3 asm cc:-fstrict-flex-arrays=3
off     strict-flex-arrays cc:-fstrict-flex-arrays=0
builder strict-flex-arrays off:-fstrict-flex-arrays=0 on:-fstrict-flex-arrays on:-fstrict-flex-arrays=* off:-fno-strict-flex-arrays
guide   strict-flex-arrays short -fstrict-flex-arrays=3

feature zero-call-used-regs strict - clear used registers on return
value   zero-call-used-regs used-gpr asm cc:-fzero-call-used-regs=used-gpr
off     zero-call-used-regs cc:-fzero-call-used-regs=skip
builder zero-call-used-regs off:-fzero-call-used-regs=skip on:-fzero-call-used-regs=*

feature wrapv strict - signed overflow wraps instead of deleting checks
value   wrapv yes asm cc:-fno-strict-overflow
value   wrapv yes asm cc:-fwrapv
off     wrapv cc:-fstrict-overflow
builder wrapv on:-fwrapv off:-fno-wrapv off:-fstrict-overflow on:-fno-strict-overflow
guide   wrapv situational -fno-strict-overflow

feature no-delete-null-pointer-checks strict - keep null checks after a dereference
value   no-delete-null-pointer-checks yes asm cc:-fno-delete-null-pointer-checks
off     no-delete-null-pointer-checks cc:-fdelete-null-pointer-checks
builder no-delete-null-pointer-checks off:-fdelete-null-pointer-checks on:-fno-delete-null-pointer-checks
guide   no-delete-null-pointer-checks situational -fno-delete-null-pointer-checks

feature no-strict-aliasing strict - no optimisation on type-based aliasing
value   no-strict-aliasing yes asm cc:-fno-strict-aliasing
off     no-strict-aliasing cc:-fstrict-aliasing
builder no-strict-aliasing off:-fstrict-aliasing on:-fno-strict-aliasing
guide   no-strict-aliasing situational -fno-strict-aliasing

feature trap-bounds strict - out-of-bounds indexes of fixed-size arrays trap, with no run-time library
value   trap-bounds yes asm cc:-fsanitize=bounds cc:-fsanitize-trap=bounds
value   trap-bounds yes asm cc:-fsanitize=bounds cc:-fsanitize-undefined-trap-on-error
off     trap-bounds cc:-fno-sanitize=bounds
builder trap-bounds on:-fsanitize=*bounds* off:-fno-sanitize=*bounds*

@%:@ C code unwinds like C++: a thread's cancellation (glibc unwinds it as an
@%:@ exception) runs the cleanups of the frames it leaves.  The OpenSSF guide
@%:@ lists it among its situational options (multi-threaded C), and it costs
@%:@ unwind tables and landing pads in every function with a cleanup: strict.
@%:@ C only: C++ unwinds by default, so in C++ the only -fno-exceptions is the
@%:@ project's own choice (Meson's cpp_eh=none, a target's option), which a
@%:@ harden -fexceptions after it would override.
feature exceptions strict lang=c C code unwinds like C++ (cleanups run on thread cancellation)
value   exceptions yes asm cc:-fexceptions
off     exceptions cc:-fno-exceptions
builder exceptions on:-fexceptions off:-fno-exceptions
guide   exceptions situational -fexceptions

@%:@ A shared library that is never a plugin can refuse dlopen (DF_1_NOOPEN),
@%:@ so it cannot be loaded into a process that only dlopens.  Only on request
@%:@ and only on a library's link line: a plugin must be dlopened, and a
@%:@ program is never loaded by dlopen.  The linkers have no option that
@%:@ clears it, so no off row: a library without the flag lacks it.
feature nodlopen request format=elf a shared library refuses dlopen (for libraries that are never plugins, nor linked by one: glibc refuses a plugin whose dependency has it)
value   nodlopen yes elf:noopen lib-ld:-Wl,-z,nodlopen
builder nodlopen on:-Wl,*-z,nodlopen*
guide   nodlopen short -Wl,-z,nodlopen
audit   nodlopen
harden_eof
cat >"@S|@harden_tmp/traits.c" <<'harden_eof'
/*
 * What the user's compiler and flags say about themselves, read by
 * preprocessing this file (@S|@CC @S|@CPPFLAGS @S|@CFLAGS -E) and keeping the lines
 * that start with "harden_trait".  Feature REQUIRES in features.txt are
 * decided on these lines alone.
 */
@%:@if defined(__OPTIMIZE__)
harden_trait optimize
@%:@endif

@%:@if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
harden_trait sanitizer
@%:@elif defined(__has_feature)
@%:@if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer) || __has_feature(hwaddress_sanitizer)
harden_trait sanitizer
@%:@endif
@%:@endif

@%:@if defined(__x86_64__) || defined(__i386__)
harden_trait arch=x86
@%:@elif defined(__aarch64__)
harden_trait arch=aarch64
@%:@else
harden_trait arch=other
@%:@endif

/*
 * The object format decides which linker features exist at all.  tcc
 * writes ELF without defining __ELF__, hence the operating systems.
 */
@%:@if defined(_WIN32) || defined(__CYGWIN__)
harden_trait format=pe
@%:@elif defined(__APPLE__)
harden_trait format=macho
@%:@elif defined(__ELF__) || defined(__linux__) || defined(__unix__)
harden_trait format=elf
@%:@else
harden_trait format=other
@%:@endif

@%:@if defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8
harden_trait ptr=64
@%:@else
harden_trait ptr=32
@%:@endif


@%:@if defined(_FORTIFY_SOURCE)
harden_trait predefined-fortify
@%:@endif

/*
 * The C library, known by its own macro once a header of it is in: glibc
 * keeps libm a library of its own (musl's is in libc.so), which the
 * as-needed proof needs.
 */
@%:@include <limits.h>
@%:@if defined(__GLIBC__)
harden_trait libc=glibc
@%:@else
harden_trait libc=other
@%:@endif

/*
 * The language, and in C++ the standard library, known by its own macros
 * once a header of it is in (never by the compiler's name: clang++ uses
 * libstdc++ unless told -stdlib=libc++).
 */
@%:@if defined(__cplusplus)
harden_trait lang=c++
@%:@include <cstddef>
@%:@if defined(_LIBCPP_VERSION)
harden_trait stdlib=libc++
@%:@elif defined(__GLIBCXX__)
harden_trait stdlib=libstdc++
@%:@else
harden_trait stdlib=other
@%:@endif
@%:@else
harden_trait lang=c
@%:@endif
harden_eof
cat >"@S|@harden_tmp/probe.c" <<'harden_eof'
/*
 * The probe program: one translation unit that exercises every feature of
 * features.txt, so that one compile-and-link shows all of them at once.
 * It is never run.  It must stay free of warnings under the usual -W flags
 * (-Wall -Wextra -Wpedantic -Wconversion -Wmissing-prototypes -Wformat=2
 * -Wshadow -Wvla ...), because any warning fails a probe.  It is C++ too
 * (harden-flags --lang=c++ compiles a copy named probe.cc): the functions
 * keep C names, which the assembly proof looks for.
 */
@%:@include <stddef.h>
@%:@include <stdio.h>
@%:@include <stdlib.h>
@%:@include <string.h>

/*
 * The C++ standard library's code, only in the compiles that probe a C++
 * feature (the driver defines harden_probe_cxx_library): even <array>, the
 * cheapest checked container, costs 30 ms with g++ and 390 ms with libc++.
 * Its non-const operator@<:@@:>@: libstdc++ checks the const one only from C++14.
 * C++98 has no <array>: a vector there, checked in every standard.
 */
@%:@if defined(__cplusplus) && defined(harden_probe_cxx_library)
@%:@if __cplusplus >= 201103L
@%:@include <array>
typedef std::array<int, 8> harden_probe_container;
@%:@define harden_probe_container_init {}
@%:@else
@%:@include <vector>
typedef std::vector<int> harden_probe_container;
@%:@define harden_probe_container_init (8)
@%:@endif
@%:@define harden_probe_stdlib 1
@%:@endif

@%:@ifdef __cplusplus
extern "C" {
@%:@endif

@%:@if defined(__has_builtin)
@%:@define harden_probe_has_builtin(x) __has_builtin(x)
@%:@else
@%:@define harden_probe_has_builtin(x) 0
@%:@endif

struct harden_tail {
	int n;
	char tail@<:@1@:>@;
};

void harden_probe_use(void *);
char *harden_probe_fortify_dynamic(const char *, size_t);
size_t harden_probe_fortify_fixed(const char *);
void harden_probe_stack_protector(void);
void harden_probe_stack_clash_protection(size_t);
int harden_probe_cf_protection(int);
void harden_probe_branch_protection(void);
void harden_probe_format_security(const char *);
void harden_probe_auto_var_init(void);
size_t harden_probe_strict_flex_arrays(const struct harden_tail *);
int harden_probe_zero_call_used_regs(int, int);
int harden_probe_wrapv(int);
int harden_probe_no_delete_null_pointer_checks(const int *);
int harden_probe_no_strict_aliasing(int *, float *);
int harden_probe_trap_bounds(int);
void harden_probe_exceptions(void *);
@%:@ifdef harden_probe_stdlib
int harden_probe_stdlib_hardening(harden_probe_container *, size_t);
@%:@endif

/* Kept out of reach of the optimiser, so callers cannot be folded away. */
void (*volatile harden_probe_sink)(void *);

void
harden_probe_use(void *p)
{
	if (harden_probe_sink != NULL)
		harden_probe_sink(p);
}

/* stack-protector: a char array whose address escapes needs a canary. */
void
harden_probe_stack_protector(void)
{
	char buf@<:@64@:>@;

	harden_probe_use(buf);
}

/*
 * fortify-source=2: strcpy of unknown length into a fixed array.  The
 * fprintf shows whether glibc routes format calls to __fprintf_chk for
 * this compiler and language (the audit row's sym:).
 */
size_t
harden_probe_fortify_fixed(const char *src)
{
	char buf@<:@16@:>@;

	strcpy(buf, src);
	harden_probe_use(buf);
	fprintf(stderr, "%s %d\n", buf, (int)sizeof(buf));
	return strlen(buf);
}

/* fortify-source=3: only level 3 checks a copy into a buffer of run-time size. */
char *
harden_probe_fortify_dynamic(const char *src, size_t size)
{
	char *p = (char *)malloc(size);

	if (p != NULL)
		memcpy(p, src, strlen(src));
	return p;
}

/* stack-clash-protection: a run-time sized allocation must be probed. */
void
harden_probe_stack_clash_protection(size_t size)
{
@%:@if harden_probe_has_builtin(__builtin_alloca)
	harden_probe_use(__builtin_alloca(size));
@%:@else
	void *p = malloc(size);

	harden_probe_use(p);
	free(p);
@%:@endif
}

/* cf-protection: every function gets an endbr landing pad. */
int
harden_probe_cf_protection(int x)
{
	return x * 3;
}

/* branch-protection: a non-leaf function signs its return address. */
void
harden_probe_branch_protection(void)
{
	harden_probe_use(NULL);
}

/*
 * format-security: the misuse variant must fail to compile.  The call goes
 * to a printf-like function of our own: clang's fortified printf hides the
 * format from the check, but every other function with the format
 * attribute (syslog, err, the program's own) is still checked.
 */
@%:@if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 1, 2)))
@%:@endif
void harden_probe_printf(const char *, ...);
@%:@ifdef harden_probe_format_misuse
void
harden_probe_format_security(const char *s)
{
	harden_probe_printf(s);
}
@%:@else
void
harden_probe_format_security(const char *s)
{
	printf("%s", s);
}
@%:@endif

/* auto-var-init: the array is handed out uninitialised. */
void
harden_probe_auto_var_init(void)
{
	int v@<:@8@:>@;

	harden_probe_use(v);
}

/* strict-flex-arrays: with level 3, tail@<:@1@:>@ has a known size of 1. */
size_t
harden_probe_strict_flex_arrays(const struct harden_tail *t)
{
@%:@if harden_probe_has_builtin(__builtin_object_size)
	return __builtin_object_size(t->tail, 1);
@%:@else
	return sizeof(t->tail);
@%:@endif
}

/* zero-call-used-regs: used registers are cleared before returning. */
int
harden_probe_zero_call_used_regs(int a, int b)
{
	return a * b + 7;
}

/* wrapv: x + 1 > x may no longer be folded to 1. */
int
harden_probe_wrapv(int x)
{
	return x + 1 > x;
}

/* no-delete-null-pointer-checks: the check after *p must stay. */
int
harden_probe_no_delete_null_pointer_checks(const int *p)
{
	int v = *p;

	if (p == NULL)
		return -1;
	return v;
}

/* no-strict-aliasing: *i must be reloaded after the store through f. */
int
harden_probe_no_strict_aliasing(int *i, float *f)
{
	*i = 1;
	*f = 2.0f;
	return *i;
}

/* trap-bounds: an index into a fixed-size array is checked. */
int
harden_probe_trap_bounds(int i)
{
	static const int table@<:@8@:>@ = { 2, 3, 5, 7, 11, 13, 17, 19 };

	return table@<:@i@:>@;
}

/*
 * -fexceptions: a cleanup must run when an exception or a thread's
 * cancellation unwinds through the frame, so the function gets a landing
 * pad and an entry in the exception tables.
 */
static void
harden_probe_release(void **p)
{
	harden_probe_use(*p);
}

void
harden_probe_exceptions(void *p)
{
	void *held __attribute__((cleanup(harden_probe_release))) = p;

	harden_probe_use(held);
}

@%:@ifdef harden_probe_stdlib
/* stdlib-hardening: the standard library checks the index of operator@<:@@:>@. */
int
harden_probe_stdlib_hardening(harden_probe_container *a, size_t i)
{
	return (*a)@<:@i@:>@;
}
@%:@endif

@%:@ifdef __cplusplus
}
@%:@endif

int
main(int argc, char **argv)
{
	char *p;
	size_t n;

	if (argc < 3)
		return 0;
@%:@ifdef harden_probe_stdlib
	{
		harden_probe_container a harden_probe_container_init;

		harden_probe_use(&a);
		if (harden_probe_stdlib_hardening(&a, strlen(argv@<:@1@:>@)) != 0)
			return 1;
	}
@%:@endif
	n = strtoul(argv@<:@1@:>@, NULL, 10);
	p = harden_probe_fortify_dynamic(argv@<:@2@:>@, n);
	harden_probe_use(p);
	free(p);
	harden_probe_stack_protector();
	harden_probe_stack_clash_protection(n);
	harden_probe_format_security(argv@<:@2@:>@);
	return (int)harden_probe_fortify_fixed(argv@<:@2@:>@);
}
harden_eof
cat >"@S|@harden_tmp/harden-flags" <<'harden_eof'
@%:@!/bin/sh
@%:@ harden-flags: the probe procedure of catalog/README.md, written once.
@%:@
@%:@   harden-flags @<:@--lang=c|c++|c,c++@:>@ @<:@--level=LEVEL@:>@ @<:@--enable-FEATURE@<:@=VALUE@:>@@:>@ @<:@--disable-FEATURE@:>@
@%:@                @<:@--known=FEATURE=RESULT@:>@ @<:@--traits=WORDS@:>@ @<:@--catalog=DIR@:>@ @<:@--cache=FILE@:>@
@%:@                @<:@--log=FILE@:>@ @<:@--write-report=FILE@:>@ @<:@--errors=machine@:>@ @<:@--project-flags=WORDS @<:@--project=NAME@:>@@:>@
@%:@                @<:@--except=FEATURE@<:@=VALUE@:>@@<:@,...@:>@ --reason=TEXT@:>@ @<:@--export-prefix=WORD@:>@
@%:@                @<:@--amend=REPORT @<:@--project-first@:>@@:>@ @<:@VAR=VALUE...@:>@
@%:@                @<:@--report | --summary | --cppflags | --cflags | --exe-cflags |
@%:@                 --ldflags | --exe-ldflags | --lib-ldflags | --cxxflags | --exe-cxxflags |
@%:@                 --cxx-ldflags | --exe-cxx-ldflags | --cxx-lib-ldflags | --export=sh |
@%:@                 --export=make | --export=keys | --pc | --agreed@<:@=same@:>@@:>@...
@%:@   harden-flags @<:@OPTION@:>@... @<:@OUTPUT@:>@... --lang=c @<:@ITS ARGUMENTS@:>@... --lang=c++ @<:@ITS ARGUMENTS@:>@...
@%:@   harden-flags --list | --list=tsv | --help | --version
@%:@
@%:@ Finds out which hardening features of the catalog the compiler (CC, or
@%:@ CXX with --lang=c++) and linker really apply with the builder's CPPFLAGS,
@%:@ CFLAGS (CXXFLAGS) and LDFLAGS, and prints the flags or the report.
@%:@ Every frontend (m4/harden.m4, meson/, cmake/) runs this program; plain
@%:@ Makefiles and packagers run it directly.
@%:@ `harden-flags --help` and catalog/README.md say the rest.
@%:@
@%:@ Exit status: 0 done; 1 an explicit request cannot be met (one line on
@%:@ standard error names the feature and why; the outputs are still written);
@%:@ 2 bad usage or an invalid value (the message lists the valid ones);
@%:@ 3 cannot run at all: no catalog, no scratch directory, no readelf (objdump)
@%:@ to read the probe, or the compiler cannot build a program with the
@%:@ builder's flags (the probe with no hardening flags fails), which is never
@%:@ "no hardening".  With
@%:@ --errors=machine, the message of a request that cannot be met or has an
@%:@ invalid value is followed by "harden-flags: error=FEATURE REASON", for
@%:@ the programs that run this one (the CMake and Meson frontends).
@%:@
@%:@ Builtins do the work, and no path or flag of the builder is ever pasted
@%:@ into a sed, awk or eval program: paths with | @S|@ ' ; and spaces are safe.
@%:@
@%:@ The steps of catalog/README.md are functions, and main (at the end) runs
@%:@ them in order.  They share their variables (POSIX sh has no local ones):
@%:@ a function says what it sets.

@%:@ harden's version and the default catalog, one line each.  Both stay empty
@%:@ here: in harden's source tree and release tarball the version is read from
@%:@ ../VERSION (the one place it is kept) and the catalog is this program's
@%:@ directory.  build-aux/embed-catalog (for configure) and make install write them
@%:@ into their copies of this program, replacing the whole line.
harden_version=0.2.0
harden_default_catalog=
me=harden-flags
nl='
'
ifs=" 	@S|@nl"
@%:@ The note of a feature left out of audit_expect (audit_note).
audit_unseen='not in audit_expect (a correct program may show no proof): no'
IFS=@S|@ifs
LC_ALL=C
export LC_ALL
set -f	@%:@ the builder's flags are split at blanks, never globbed

@%:@ find_version: harden_version from ../VERSION when no copy wrote it here.
find_version() {
	@<:@ -z "@S|@harden_version" @:>@ || return 0
	case @S|@0 in */*) harden_version=@S|@{0%/*}/../VERSION ;; *) harden_version=../VERSION ;; esac
	if @<:@ -r "@S|@harden_version" @:>@; then
		IFS= read -r harden_version <"@S|@harden_version" || :
	else
		harden_version=
	fi
	: "@S|@{harden_version:=unknown}"
}

@%:@ usage_error MESSAGE @<:@FEATURE REASON@:>@: exit 2, with the error line of
@%:@ FEATURE when a request of it is invalid.
usage_error() {
	printf '%s: %s\n' "@S|@me" "@S|@1" >&2
	@<:@ @S|@@%:@ -lt 3 @:>@ || error_line "@S|@2" "@S|@3"
	printf "Try '%s --help'.\n" "@S|@me" >&2
	exit 2
}

@%:@ error_line FEATURE REASON: with --errors=machine, the line for programs
@%:@ that says which feature's request failed, and why.
error_line() {
	@<:@ "@S|@errors" != machine @:>@ || printf '%s: error=%s %s\n' "@S|@me" "@S|@1" "@S|@2" >&2
}

help() {
	cat <<'EOF'
Usage: harden-flags @<:@OPTION@:>@... @<:@VAR=VALUE@:>@... @<:@OUTPUT@:>@...

Probes the C (or C++) compiler and linker for the hardening features of the
harden catalog, with the builder's own flags, and prints what is proven to
work.

Inputs (from the environment, or as VAR=VALUE arguments):
  CC  CPPFLAGS  CFLAGS  LDFLAGS          (--lang=c)
  CXX  CPPFLAGS  CXXFLAGS  LDFLAGS       (--lang=c++)
  READELF  reads ELF probes (default: readelf or llvm-readelf)
  OBJDUMP  reads PE (Windows) probes (default: objdump or llvm-objdump)

Options:
  --lang=LANG              c (default: CC, CFLAGS) or c++ (CXX, CXXFLAGS);
                           each language its own cache entry
  --lang=c,c++             both languages at once (below)
  --level=LEVEL            none, standard (default) or strict
  --enable-FEATURE@<:@=VALUE@:>@ FEATURE must be on (VALUE: auto, yes, no or one
  --FEATURE@<:@=VALUE@:>@          of its values; auto follows the level)
  --disable-FEATURE        FEATURE must be off in the binaries
  --no-FEATURE
  --except=FEATURE@<:@=VALUE@:>@@<:@,...@:>@
                           one target's exceptions: each FEATURE off (or
                           at VALUE), whatever the level or a request of
                           it says; needs --reason
  --reason=TEXT            why the target goes without them: the report
                           and the summary give "exception: TEXT"; with
                           HARDEN_LIFT_EXCEPTIONS=yes in the environment
                           (harden-cost --lift-exceptions) not applied,
                           with =FEATURE@<:@,...@:>@ not those of FEATURE
  --known=FEATURE=RESULT   a result decided before (a cache): VALUE @<:@FLAGS@:>@,
                           no@<:@: REASON@:>@, or builder present@<:@; NOTE@:>@|absent|
                           unproven: REASON
  --traits=WORDS           the traits found before (the report's traits=):
                           the compiler is not asked again
  --catalog=DIR            the catalog (default: @S|@HARDEN_CATALOG, else the
                           installed catalog, else this program's directory)
  --cache=FILE             reuse FILE when the inputs are unchanged; else
                           probe and write it
  --log=FILE               append every command run and its messages
  --write-report=FILE      write the report to FILE too, whatever the outputs
  --errors=machine         after the message of a request that cannot be
                           met or is invalid, a line for programs:
                           harden-flags: error=FEATURE REASON
  --project-flags=WORDS    words of the flags that the project, not the
                           builder, put there: a feature they decide is the
                           project's (state "project"), not the builder's
  --project=NAME           who they come from (default: the project), e.g.
                           configure.ac or CMakeLists.txt
  --amend=REPORT           no probe: REPORT (of these inputs) again, with the
                           features that --project-flags, words the project
                           added after the checks (they come last), change:
                           state "project"; exit 1 when one contradicts an
                           explicit request
  --project-first          with --amend: the project's words come before
                           harden's flags (CMake's CMAKE_C_FLAGS and
                           directory options), so they change only the
                           features harden adds no flag for
  --list                   the features: NAME LEVEL VALUES... - SUMMARY
  --list=tsv               the same for programs, tab-separated: NAME LEVEL
                           REQUIRES VALUES(comma-separated) AUDIT(no, yes or
                           the trait of its audit row) SUMMARY
  --help, --version

Outputs (in the order given; default --report):
  --report                 the report (catalog/README.md, "The report")
  --summary                one line per feature: state and flags or reason
  --cppflags --cflags --exe-cflags --ldflags --exe-ldflags --lib-ldflags
                           those lists, joined on one line (--lang=c);
                           exe: programs only, lib: shared libraries only
  --cppflags --cxxflags --exe-cxxflags --cxx-ldflags --exe-cxx-ldflags
  --cxx-lib-ldflags        the same for --lang=c++ (the report keeps the
                           keys of C: cflags= holds CXX's flags)
  --export=sh              HARDEN_CPPFLAGS='...' assignments, exported
                           (--lang=c++: HARDEN_CXX_CPPFLAGS, HARDEN_CXXFLAGS,
                           HARDEN_EXE_CXXFLAGS, HARDEN_CXX_LDFLAGS, ...)
  --export=make            HARDEN_CPPFLAGS = ... assignments
  --export=keys            KEY=VALUE lines for a frontend that reads no
                           report: LANG.KEY (the report's), LANG.state.NAME,
                           LANG.detail.NAME, LANG.flags.NAME (tagged),
                           LANG.result.NAME, LANG.error and LANG.error_feature
                           (an unmet request), all.KEY (--agreed's), same.KEY
                           (--agreed=same's), features (the catalog's order)
  --agreed                 the lines agreed=LANG..., then cppflags= ... and
                           audit_expect= of what every language of the run
                           agrees on (one language: its report's), and
                           features= the names of the features agreed
  --agreed=same            the same, with only the features whose flags are
                           the same in every language (no C++ macro on a C
                           line: Autoconf's HARDEN_CPPFLAGS)
  --export-prefix=WORD     WORD instead of HARDEN_ in the names of --export
                           (one target's flags: INTERP_CFLAGS, ...)
  --pc                     a pkg-config file (save it as harden-flags.pc):
                           Cflags = cppflags + cflags, Libs = ldflags, and
                           the variables exe_cflags, exe_ldflags,
                           lib_ldflags, enabled, audit_expect, level

Several languages in one run: --lang=c,c++, or --lang=LANG before each
language's own arguments (its compiler, flags, --cache, --log, --known);
what comes before the first --lang is every language's, and the outputs
(--report, --summary, --agreed, --export) and --catalog come there.
The languages are probed at the same time.  --report gives each language's
report in turn (each starts with version=), --summary each language's lines
under "C:" and "C++:", --export each language's variables and HARDEN_ALL_*:
what every language agrees on (the features with the same flags in each, and
a feature of one language whose flags are only -D or -U macros).  Messages
start "harden-flags: LANG: ".  The exit status is the first language's that
cannot run (no outputs), else 1 when a request cannot be met, else 0.

The builder's flags come last in every probe and win: a feature whose flags
the builder already gives is left to the builder (state "builder").
Exit status: 0 done, 1 an explicit request cannot be met, 2 bad usage or
value, 3 cannot run (the compiler cannot build a program with the builder's
flags alone, no readelf to read the probe, or no scratch directory): never
"no hardening", and no output.
EOF
	exit 0
}

@%:@ ---------------------------------------------------------------------------
@%:@ Arguments

@%:@ parse_args ARG...: level, outputs, requests and knowns (one a line),
@%:@ catalog, cache, log, known_traits, errors, and the builder's CC, CPPFLAGS,
@%:@ CFLAGS, LDFLAGS, READELF, OBJDUMP.
parse_args() {
	level=standard outputs= requests= knowns= catalog= cache= log= known_traits= errors=human lang=c
	project_flags= project_by="the project" amend= project_first= report_file=
	excepts= reason= reason_set= prefix=HARDEN_ agreed_rule=
	for arg do
		case @S|@arg in
		--help) help ;;
		--version) echo "@S|@me @S|@harden_version"; exit 0 ;;
		--level=*) level=@S|@{arg@%:@--level=} ;;
		--lang=c|--lang=c++) lang=@S|@{arg@%:@--lang=} ;;
		--lang=*) usage_error "invalid value '@S|@{arg@%:@--lang=}' for --lang: use c or c++" ;;
		--catalog=*) catalog=@S|@{arg@%:@--catalog=} ;;
		--cache=*) cache=@S|@{arg@%:@--cache=} ;;
		--log=*) log=@S|@{arg@%:@--log=} ;;
		--traits=*) known_traits=@S|@{arg@%:@--traits=} ;;
		--errors=human|--errors=machine) errors=@S|@{arg@%:@--errors=} ;;
		--errors=*) usage_error "invalid value '@S|@{arg@%:@--errors=}' for --errors: use human or machine" ;;
		--known=*=*) knowns="@S|@knowns@S|@{knowns:+@S|@nl}@S|@{arg@%:@--known=}" ;;
		--project-flags=*) project_flags=@S|@{arg@%:@--project-flags=} ;;
		--project=?*) project_by=@S|@{arg@%:@--project=} ;;
		--amend=?*) amend=@S|@{arg@%:@--amend=} ;;
		--write-report=?*) report_file=@S|@{arg@%:@--write-report=} ;;
		--project-first) project_first=yes ;;
		--except=*) excepts="@S|@excepts@S|@{excepts:+,}@S|@{arg@%:@--except=}" ;;
		--reason=*) reason=@S|@{arg@%:@--reason=} reason_set=yes ;;
		--export-prefix=*) prefix=@S|@{arg@%:@--export-prefix=}
			case @S|@prefix in
			@<:@A-Za-z_@:>@*) case @S|@prefix in *@<:@!A-Za-z0-9_@:>@*) prefix= ;; esac ;;
			*) prefix= ;;
			esac
			@<:@ -n "@S|@prefix" @:>@ || usage_error "invalid value '@S|@{arg@%:@--export-prefix=}' for --export-prefix: letters, digits and _, not a digit first" ;;
		--list=tsv) outputs="@S|@outputs list-tsv" ;;
		--report|--summary|--cppflags|--export=sh|--export=make|--export=keys|--pc|--list|--agreed)
			outputs="@S|@outputs @S|@{arg@%:@--}" ;;
		--agreed=same) outputs="@S|@outputs agreed" agreed_rule=same ;;
		--agreed=*) usage_error "invalid value '@S|@{arg@%:@--agreed=}' for --agreed: use same" ;;
		--cflags|--exe-cflags|--ldflags|--exe-ldflags|--lib-ldflags|--cxxflags|--exe-cxxflags|--cxx-ldflags|--exe-cxx-ldflags|--cxx-lib-ldflags)
			outputs="@S|@outputs @S|@{arg@%:@--}" ;;
		--export=*) usage_error "invalid value '@S|@{arg@%:@--export=}' for --export: use sh, make or keys" ;;
		CC=*) CC=@S|@{arg@%:@CC=} ;;
		CPPFLAGS=*) CPPFLAGS=@S|@{arg@%:@CPPFLAGS=} ;;
		CFLAGS=*) CFLAGS=@S|@{arg@%:@CFLAGS=} ;;
		CXX=*) CXX=@S|@{arg@%:@CXX=} ;;
		CXXFLAGS=*) CXXFLAGS=@S|@{arg@%:@CXXFLAGS=} ;;
		LDFLAGS=*) LDFLAGS=@S|@{arg@%:@LDFLAGS=} ;;
		READELF=*) READELF=@S|@{arg@%:@READELF=} ;;
		OBJDUMP=*) OBJDUMP=@S|@{arg@%:@OBJDUMP=} ;;
		--?*) requests="@S|@requests@S|@{requests:+@S|@nl}@S|@{arg@%:@--}" ;;
		*) usage_error "unknown argument '@S|@arg'" ;;
		esac
	done
	set_language
	check_exception_args
	@<:@ -n "@S|@outputs" @:>@ || outputs=report
	case @S|@level in
	none|standard|strict) ;;
	*) usage_error "invalid level '@S|@level': use none, standard or strict" ;;
	esac
}

@%:@ check_exception_args: --except and --reason come together, and the
@%:@ reason says something on one line (the report keeps it on the feature's).
check_exception_args() {
	@<:@ -n "@S|@excepts@S|@reason_set" @:>@ || return 0
	@<:@ -n "@S|@excepts" @:>@ || usage_error "--reason is the reason of an exception: give --except=FEATURE too"
	case @S|@reason in
	*"@S|@nl"*) usage_error "--reason=TEXT must be one line" ;;
	*@<:@!\ \	@:>@*) ;;
	*) usage_error "--except=@S|@excepts needs --reason=TEXT: why the target goes without it" ;;
	esac
}

@%:@ set_language: the compiler command cc and its flags lflags, of CC and
@%:@ CFLAGS (--lang=c) or CXX and CXXFLAGS (--lang=c++); ccvar and lvar name
@%:@ them; lto is yes when they ask for LTO objects.  The outputs of the other
@%:@ language are usage errors.
set_language() {
	if @<:@ @S|@lang = c @:>@; then
		: "@S|@{CC:=cc}"
		cc=@S|@CC lflags=@S|@{CFLAGS-} ccvar=CC lvar=CFLAGS
		other="cxxflags exe-cxxflags cxx-ldflags exe-cxx-ldflags cxx-lib-ldflags"
	else
		: "@S|@{CXX:=c++}"
		cc=@S|@CXX lflags=@S|@{CXXFLAGS-} ccvar=CXX lvar=CXXFLAGS
		other="cflags exe-cflags ldflags exe-ldflags lib-ldflags"
	fi
	for o in @S|@outputs; do
		case " @S|@other " in
		*" @S|@o "*) usage_error "--@S|@o is not an output of --lang=@S|@lang" ;;
		esac
	done
	lto=
	for o in @S|@cc @S|@{CPPFLAGS-} @S|@lflags; do
		case @S|@o in -flto*) lto=yes ;; -fno-lto) lto= ;; esac
	done
}

@%:@ find_readers: READELF and OBJDUMP, when the builder gave none: the first
@%:@ found in PATH, else no.
find_readers() {
	if @<:@ -z "@S|@{READELF+set}" @:>@; then
		READELF=@S|@(command -v readelf || command -v llvm-readelf) || READELF=no
	fi
	if @<:@ -z "@S|@{OBJDUMP+set}" @:>@; then
		OBJDUMP=@S|@(command -v objdump || command -v llvm-objdump) || OBJDUMP=no
	fi
}

@%:@ find_catalog: catalog is --catalog, else @S|@HARDEN_CATALOG, else the default
@%:@ catalog, else this program's directory; exit 3 without its files.
find_catalog() {
	if @<:@ -z "@S|@catalog" @:>@; then
		catalog=@S|@{HARDEN_CATALOG:-@S|@harden_default_catalog}
		if @<:@ -z "@S|@catalog" @:>@; then
			case @S|@0 in */*) catalog=@S|@{0%/*} ;; *) catalog=. ;; esac
		fi
	fi
	for f in features.txt probe.c traits.c; do
		@<:@ -r "@S|@catalog/@S|@f" @:>@ || { printf '%s: no %s in %s\n' "@S|@me" "@S|@f" "@S|@catalog" >&2; exit 3; }
	done
}

@%:@ ---------------------------------------------------------------------------
@%:@ The catalog, read once.  Feature i (1..nf): f_name_i, f_level_i, f_req_i,
@%:@ f_sum_i, f_rows_i (row numbers), f_off_i (tagged off flags), f_values_i,
@%:@ f_pats_i (builder patterns), f_audit_i (yes, its trait or no),
@%:@ f_audit_sym_i (the symbols its audit row needs), f_presence_i (the proof that the
@%:@ feature is there at all), f_mark_i.  Row j: r_value_j, r_proof_j,
@%:@ r_flags_j.  Names are checked to be @<:@a-z0-9-@:>@, so they are safe in
@%:@ variable names.

catalog_error() {
	printf '%s: %s/features.txt: %s\n' "@S|@me" "@S|@catalog" "@S|@1" >&2
	exit 3
}

@%:@ read_catalog: the file in one piece (dash's read builtin makes a system
@%:@ call per byte), then row by row.
read_catalog() {
	nf=0 nr=0
	rows=@S|@(cat "@S|@catalog/features.txt")
	IFS=@S|@nl
	for row in @S|@rows; do
		IFS=@S|@ifs
		set -- @S|@row
		case @S|@{1-} in ''|'@%:@'*) continue ;; esac
		kind=@S|@1 name=@S|@{2-}
		words_after 2 "@S|@row"
		catalog_row
	done
	IFS=@S|@ifs
}

@%:@ words_after N LINE: rest is LINE without its first N words, as read puts
@%:@ it in its last variable: without leading and trailing blanks.
words_after() {
	rest=@S|@2 wn=0
	while :; do
		rest=@S|@{rest@%:@"@S|@{rest%%@<:@! 	@:>@*}"}
		@<:@ @S|@wn -lt @S|@1 @:>@ || break
		rest=@S|@{rest@%:@"@S|@{rest%%@<:@ 	@:>@*}"}
		wn=@S|@((wn + 1))
	done
	rest=@S|@{rest%"@S|@{rest@%:@@%:@*@<:@! 	@:>@}"}
}

@%:@ catalog_row: the row kind name rest.
catalog_row() {
	case @S|@name in
	''|*@<:@!a-z0-9-@:>@*) catalog_error "bad feature name in: @S|@kind @S|@name" ;;
	esac
	if @<:@ "@S|@kind" = feature @:>@; then
		nf=@S|@((nf + 1))
		set -- @S|@rest
		eval "f_name_@S|@nf=\@S|@name f_level_@S|@nf=\@S|@1 f_req_@S|@nf=\@S|@2 f_rows_@S|@nf= f_off_@S|@nf= f_values_@S|@nf= f_pats_@S|@nf= f_sensed_@S|@nf= f_audit_@S|@nf=no f_audit_sym_@S|@nf= f_presence_@S|@nf= f_mark_@S|@nf= f_runtime_@S|@nf="
		shift 2
		eval "f_sum_@S|@nf=\@S|@*"
		return
	fi
	i=@S|@nf
	eval "@<:@ \"\@S|@f_name_@S|@i\" = \"\@S|@name\" @:>@" 2>/dev/null ||
		catalog_error "row not under its feature: @S|@kind @S|@name"
	case @S|@kind in
	value) catalog_value @S|@rest ;;
	off) eval "f_off_@S|@i=\@S|@rest" ;;
	builder) catalog_builder ;;
	audit) catalog_audit @S|@rest ;;
	marking) eval "f_mark_@S|@i=\@S|@rest" ;;
	runtime) eval "f_runtime_@S|@i=\@S|@rest" ;;
	guide) ;;	@%:@ README's table of the OpenSSF guide, not the probe's
	*) catalog_error "unknown row: @S|@kind" ;;
	esac
}

@%:@ catalog_value VALUE PROOF FLAG...: row nr of feature i.  The feature's
@%:@ presence is its first proof, or all the symbols of its sym: proofs.
catalog_value() {
	nr=@S|@((nr + 1))
	eval "r_value_@S|@nr=\@S|@1 r_proof_@S|@nr=\@S|@2"
	shift 2
	eval "r_flags_@S|@nr=\@S|@* f_rows_@S|@i=\"\@S|@f_rows_@S|@i @S|@nr\""
	eval "vs=\@S|@f_values_@S|@i pr=\@S|@f_presence_@S|@i v=\@S|@r_value_@S|@nr"
	case " @S|@vs " in *" @S|@v "*) ;; *) eval "f_values_@S|@i=\"\@S|@vs \@S|@v\"" ;; esac
	eval "p=\@S|@r_proof_@S|@nr"
	case @S|@pr:@S|@p in
	sym:*:sym:*)
		IFS=,
		for x in @S|@{p@%:@sym:}; do
			case ,@S|@{pr@%:@sym:}, in *",@S|@x,"*) ;; *) pr="@S|@pr,@S|@x" ;; esac
		done
		IFS=@S|@ifs
		eval "f_presence_@S|@i=\@S|@pr" ;;
	*:sym:*|:*) eval "f_presence_@S|@i=\@S|@p" ;;
	esac
}

@%:@ catalog_builder: the patterns of rest (f_pats_i), and with their sense
@%:@ (f_sensed_i).  Any match decides; the probe says what it gives.
catalog_builder() {
	pats=
	for p in @S|@rest; do
		case @S|@p in
		on:?*|off:?*|on@?*=?*:?*|off@?*=?*:?*) pats="@S|@pats@S|@{pats:+ }@S|@{p@%:@*:}" ;;
		*) catalog_error "builder pattern without on:, off:, on@TRAIT: or off@TRAIT: @S|@p" ;;
		esac
	done
	eval "f_pats_@S|@i=\@S|@pats f_sensed_@S|@i=\@S|@rest"
}

@%:@ catalog_audit @<:@TRAIT@:>@ @<:@sym:A,B@:>@: feature i's audit row.
catalog_audit() {
	eval "f_audit_@S|@i=yes"
	for w in "@S|@@"; do
		case @S|@w in
		sym:*) eval "f_audit_sym_@S|@i=\@S|@{w@%:@sym:}" ;;
		*) eval "f_audit_@S|@i=\@S|@w" ;;
		esac
	done
}

@%:@ feature_index NAME: sets i, or returns 1 for an unknown name.
feature_index() {
	case @S|@1 in ''|*@<:@!a-z0-9-@:>@*) return 1 ;; esac
	i= fx=1
	while @<:@ @S|@fx -le @S|@nf @:>@; do
		eval "@<:@ \"\@S|@f_name_@S|@fx\" = \"\@S|@1\" @:>@" && { i=@S|@fx; return 0; }
		fx=@S|@((fx + 1))
	done
	return 1
}

feature_names() {
	names= fx=1
	while @<:@ @S|@fx -le @S|@nf @:>@; do
		eval "names=\"\@S|@names\@S|@{names:+, }\@S|@f_name_@S|@fx\""
		fx=@S|@((fx + 1))
	done
}

@%:@ list_features: --list, one line per feature.
list_features() {
	n=1
	while @<:@ @S|@n -le @S|@nf @:>@; do
		eval "printf '%s %s%s - %s\n' \"\@S|@f_name_@S|@n\" \"\@S|@f_level_@S|@n\" \"\@S|@f_values_@S|@n\" \"\@S|@f_sum_@S|@n\""
		n=@S|@((n + 1))
	done
}

@%:@ list_tsv: --list=tsv, the same for programs.
list_tsv() {
	n=1
	while @<:@ @S|@n -le @S|@nf @:>@; do
		eval "set -- \@S|@f_values_@S|@n"
		IFS=,
		eval "printf '%s\t%s\t%s\t%s\t%s\t%s\n' \"\@S|@f_name_@S|@n\" \"\@S|@f_level_@S|@n\" \"\@S|@f_req_@S|@n\" \"\@S|@*\" \"\@S|@f_audit_@S|@n\" \"\@S|@f_sum_@S|@n\""
		IFS=@S|@ifs
		n=@S|@((n + 1))
	done
}

@%:@ ---------------------------------------------------------------------------
@%:@ Requests: q_i is auto, skip, yes, no or a value name; explicit_i is yes
@%:@ for yes, no and value requests.

read_requests() {
	n=1
	while @<:@ @S|@n -le @S|@nf @:>@; do
		eval "l=\@S|@f_level_@S|@n"
		case @S|@level:@S|@l in
		standard:standard|strict:standard|strict:strict) eval "q_@S|@n=auto" ;;
		*) eval "q_@S|@n=skip" ;;
		esac
		n=@S|@((n + 1))
	done
	IFS=@S|@nl
	for r in @S|@requests; do
		IFS=@S|@ifs
		request "@S|@r"
	done
	IFS=@S|@ifs
	read_exceptions
}

@%:@ read_exceptions: each FEATURE@<:@=VALUE@:>@ of --except, a request that comes
@%:@ after every other (the target's exception wins over the project's
@%:@ request of the same feature); except_I=yes marks it.  Those lifted by
@%:@ HARDEN_LIFT_EXCEPTIONS (yes: all; else a list of features: harden-cost
@%:@ --lift-exceptions prices them) are checked and not applied.
read_exceptions() {
	check_lifted
	kept=
	IFS=,
	for e in @S|@excepts; do
		IFS=@S|@ifs
		case @S|@e in
		"") usage_error "--except=@S|@excepts: an empty feature name" ;;
		*=yes|*=auto) usage_error "--except=@S|@e: an exception turns a feature off or sets another of its values, not @S|@{e@%:@*=}" ;;
		esac
		feature_index "@S|@{e%%=*}" || {
			feature_names
			usage_error "--except=@S|@e: no feature @S|@{e%%=*} (features: @S|@names)"
		}
		eval "@<:@ -z \"\@S|@{excepted_@S|@i-}\" @:>@" || usage_error "--except names @S|@{e%%=*} twice"
		eval "excepted_@S|@i=yes"
		case ,@S|@{HARDEN_LIFT_EXCEPTIONS-}, in ,yes,|*",@S|@{e%%=*},"*) continue ;; esac
		eval "except_@S|@i=yes"
		kept="@S|@kept@S|@{kept:+,}@S|@e"
		case @S|@e in *=*) request "@S|@e" ;; *) request "disable-@S|@e" ;; esac
	done
	IFS=@S|@ifs
	@%:@ All lifted: the project's run, checked as an exception and cached as
	@%:@ the project's.
	excepts=@S|@kept
	@<:@ -n "@S|@excepts" @:>@ || reason=
}

@%:@ check_lifted: HARDEN_LIFT_EXCEPTIONS is empty, yes or features.
check_lifted() {
	case @S|@{HARDEN_LIFT_EXCEPTIONS-} in ""|yes) return 0 ;; esac
	IFS=,
	for e in @S|@HARDEN_LIFT_EXCEPTIONS; do
		IFS=@S|@ifs
		feature_index "@S|@e" && continue
		feature_names
		usage_error "HARDEN_LIFT_EXCEPTIONS=@S|@HARDEN_LIFT_EXCEPTIONS: no feature '@S|@e' (yes, or features: @S|@names)"
	done
	IFS=@S|@ifs
}

@%:@ request OPTION: one --OPTION that is no option of the driver's own.
request() {
	name=@S|@{1%%=*} value=yes
	case @S|@1 in *=*) value=@S|@{1@%:@*=} ;; esac
	case @S|@name in
	enable-*) feature_index "@S|@{name@%:@enable-}" ;;
	disable-*) feature_index "@S|@{name@%:@disable-}" && case @S|@1 in *=*) false ;; *) value=no ;; esac ;;
	no-*) feature_index "@S|@name" || { feature_index "@S|@{name@%:@no-}" && case @S|@1 in *=*) false ;; *) value=no ;; esac; } ;;
	*) feature_index "@S|@name" ;;
	esac || {
		feature_names
		usage_error "unknown option '--@S|@1' (features: @S|@names)"
	}
	eval "vs=\@S|@f_values_@S|@i fn=\@S|@f_name_@S|@i"
	case " auto yes no@S|@vs " in
	*" @S|@value "*) ;;
	*) list=
	   for v in auto yes no@S|@vs; do
		case ", @S|@list, " in *", @S|@v, "*) ;; *) list="@S|@list@S|@{list:+, }@S|@v" ;; esac
	   done
	   usage_error "invalid value '@S|@value' for @S|@fn: use @S|@list" "@S|@fn" "invalid value '@S|@value': use @S|@list" ;;
	esac
	eval "l=\@S|@f_level_@S|@i"
	case @S|@value:@S|@level:@S|@l in
	auto:standard:standard|auto:strict:standard|auto:strict:strict) eval "q_@S|@i=auto explicit_@S|@i=" ;;
	auto:*) eval "q_@S|@i=skip explicit_@S|@i=" ;;
	*) eval "q_@S|@i=\@S|@value explicit_@S|@i=yes" ;;
	esac
}

@%:@ ---------------------------------------------------------------------------
@%:@ The cache: a report written for exactly these inputs is printed again.

cache_inputs() {
	compiler_identity
	inputs="version=@S|@harden_version
catalog=@S|@catalog
lang=@S|@lang
@S|@ccvar=@S|@cc
CPPFLAGS=@S|@{CPPFLAGS-}
@S|@lvar=@S|@lflags
LDFLAGS=@S|@{LDFLAGS-}
READELF=@S|@{READELF-}
OBJDUMP=@S|@{OBJDUMP-}
level=@S|@level
requests=@S|@requests
knowns=@S|@knowns
project=@S|@project_by: @S|@project_flags
except=@S|@excepts: @S|@reason
traits=@S|@known_traits@S|@ident"
}

@%:@ compiler_identity: chain, every file that each program word of CC (a
@%:@ ccache or distcc prefix, the compiler) resolves to through its symlinks,
@%:@ and ident, one line per file ("compiler" and ls -ldcn's line: size,
@%:@ change time, link target), so that a switched cc or an upgraded
@%:@ compiler is a new cache key.
compiler_identity() {
	ident= chain=
	for w in @S|@cc; do
		case @S|@w in -*) continue ;; esac
		p=@S|@(command -v "@S|@w" 2>/dev/null) || continue
		hops=0
		while @<:@ -x "@S|@p" @:>@ && @<:@ ! -d "@S|@p" @:>@ && @<:@ @S|@hops -lt 40 @:>@; do
			case @S|@p in /*) ;; *) break ;; esac
			chain="@S|@chain@S|@nl@S|@p"
			ident="@S|@ident@S|@{nl}compiler @S|@(ls -ldcn -- "@S|@p" 2>&1)"
			@<:@ -h "@S|@p" @:>@ || break
			t=@S|@(readlink -- "@S|@p") || break
			case @S|@t in /*) p=@S|@t ;; *) p=@S|@{p%/*}/@S|@t ;; esac
			hops=@S|@((hops + 1))
		done
	done
}

@%:@ cache_fresh: FILE begins with "input LINE" for every line of the inputs,
@%:@ and the compiler, the catalog and this program were not installed or
@%:@ changed since it was written (their change time: a package keeps the
@%:@ upstream modification time).
cache_fresh() {
	@<:@ -f "@S|@cache" @:>@ && @<:@ -n "@S|@chain" @:>@ || return 1
	IFS=@S|@nl
	set -- @S|@chain
	IFS=@S|@ifs
	newer=@S|@(find "@S|@@" "@S|@catalog/features.txt" "@S|@catalog/probe.c" "@S|@catalog/traits.c" "@S|@0" \
		-cnewer "@S|@cache" 2>&1) || return 1
	@<:@ -z "@S|@newer" @:>@ || return 1
	IFS=@S|@nl
	set -- @S|@inputs
	IFS=@S|@ifs
	{
		for want do
			IFS= read -r got || return 1
			@<:@ "@S|@got" = "input @S|@want" @:>@ || return 1
		done
		IFS= read -r got && @<:@ "@S|@got" = "input end" @:>@
	} <"@S|@cache"
}

@%:@ read_cache: report is the cached one, with runs=0 (returns 1 for none,
@%:@ with a note when the report does not match its checksum).
read_cache() {
	report=@S|@(cat "@S|@cache") || return 1
	case @S|@report in *"@S|@{nl}input end@S|@{nl}checksum "*"@S|@nl"*) ;; *) return 1 ;; esac
	r=@S|@{report@%:@*"@S|@{nl}input end@S|@{nl}checksum "}
	sum=@S|@{r%%"@S|@nl"*} r=@S|@{r@%:@*"@S|@nl"}
	report_sum "@S|@r"
	if @<:@ "@S|@sum" != "@S|@text" @:>@; then
		printf '%s: note: the cache %s does not match its checksum: probing again\n' "@S|@me" "@S|@cache" >&2
		return 1
	fi
	r=@S|@nl@S|@r report=
	while :; do
		case @S|@r in
		*"@S|@{nl}runs="*)
			report="@S|@report@S|@{r%%"@S|@{nl}runs="*}@S|@{nl}runs=0"
			r=@S|@{r@%:@*"@S|@{nl}runs="}
			case @S|@r in *"@S|@nl"*) r=@S|@nl@S|@{r@%:@*"@S|@nl"} ;; *) r= ;; esac ;;
		*) report="@S|@report@S|@r"; break ;;
		esac
	done
	report=@S|@{report@%:@"@S|@nl"}
	@<:@ -n "@S|@report" @:>@
}

@%:@ writable FILE: FILE can be created or appended to; else why says why
@%:@ (the shell's message would name this script and a line number).
writable() {
	why=@S|@( { : >>"@S|@1"; } 2>&1 ) && return 0
	why=@S|@{why@%:@@%:@*: }
	return 1
}

@%:@ save_cache: the inputs and the report, into the cache file; a cache that
@%:@ cannot be written costs time, not results: a warning.
save_cache() {
	if ! writable "@S|@cache.tmp@S|@@S|@"; then
		printf '%s: warning: cannot write the cache %s: %s\n' "@S|@me" "@S|@cache" "@S|@why" >&2
		return
	fi
	{
		IFS=@S|@nl
		for l in @S|@inputs; do printf 'input %s\n' "@S|@l"; done
		IFS=@S|@ifs
		report_sum "@S|@report"
		printf 'input end\nchecksum %s\n%s\n' "@S|@text" "@S|@report"
	} >"@S|@cache.tmp@S|@@S|@" && mv -f "@S|@cache.tmp@S|@@S|@" "@S|@cache"
}

@%:@ report_sum REPORT: text is cksum's checksum and length of REPORT.
report_sum() {
	text=@S|@(printf '%s\n' "@S|@1" | cksum)
}

@%:@ ---------------------------------------------------------------------------
@%:@ Running commands.  A step passes with exit status 0 and nothing but blanks
@%:@ on standard error; otherwise why says why: its first line that is not
@%:@ context ("In file included from", "In function 'f':"), else its exit status.

cleanup() { @<:@ -n "@S|@work" @:>@ && rm -rf "@S|@work"; }

@%:@ make_work: work is a new scratch directory.
make_work() {
	work=@S|@(mktemp -d "@S|@{TMPDIR:-/tmp}/harden-flags.XXXXXX" 2>/dev/null) ||
		cannot_run "cannot create a scratch directory in @S|@{TMPDIR:-/tmp}"
	@%:@ The compilers' own temporary files go there too: their names are
	@%:@ then stripped from the reasons, and a full /tmp is seen at once.
	TMPDIR=@S|@work
	export TMPDIR
	@%:@ The programs to compile; C++ compiles copies named .cc (clang++
	@%:@ warns about a .c input, and -x c++ would be one more flag).
	probe_src=@S|@catalog/probe.c traits_src=@S|@catalog/traits.c
	if @<:@ @S|@lang = c++ @:>@; then
		cp "@S|@probe_src" "@S|@work/probe.cc" && cp "@S|@traits_src" "@S|@work/traits.cc" ||
			cannot_run "cannot write in the scratch directory @S|@work"
		probe_src=@S|@work/probe.cc traits_src=@S|@work/traits.cc
	fi
}

@%:@ cannot_run MESSAGE: exit 3, which every frontend reports as an error:
@%:@ a probe that could not run is never "unsupported", and never cached.
cannot_run() {
	printf '%s: cannot run: %s\n' "@S|@me" "@S|@1" >&2
	wait	@%:@ the compiles in flight (the first set's, when step 0 failed)
	exit 3
}

logline() {
	@<:@ -n "@S|@log" @:>@ && printf '%s: %s\n' "@S|@me" "@S|@*" >>"@S|@log"
	:
}

@%:@ strip_work TEXT: TEXT without the paths of the scratch directory and of
@%:@ the catalog (so that every frontend gives the same reasons), in text.
strip_work() {
	text=@S|@1
	while :; do
		case @S|@text in
		*"@S|@work/"*)
			pre=@S|@{text%%"@S|@work/"*} text=@S|@{text@%:@*"@S|@work/"}
			@%:@ gcc's and clang's temporary files: ccXXXXXX.o, probe-XXXXXX.o
			case @S|@text in
			cc??????.*) text=@S|@pre"cc*."@S|@{text@%:@cc??????.} ;;
			probe-??????.*) text=@S|@pre"probe-*."@S|@{text@%:@probe-??????.} ;;
			*) text=@S|@pre@S|@text ;;
			esac ;;
		*"@S|@catalog/"*) text=@S|@{text%%"@S|@catalog/"*}@S|@{text@%:@*"@S|@catalog/"} ;;
		*) break ;;
		esac
	done
}

@%:@ start NAME COMMAND...: runs COMMAND in the background.
start() {
	name=@S|@1
	shift
	case @S|@1 in
	"@S|@{READELF:-}"|"@S|@{OBJDUMP:-}") ;;
	compile_link|assemble_link) runs=@S|@((runs + 2))
		@<:@ -z "@S|@{need_lib-}" @:>@ || runs=@S|@((runs + 2)) ;;
	*) runs=@S|@((runs + 1)) ;;
	esac
	case @S|@1 in compile_link|assemble_link) ;; *) logline "@S|@@" ;; esac
	"@S|@@" >"@S|@work/@S|@name.out" 2>"@S|@work/@S|@name.err" &
	eval "pid_@S|@name=\@S|@!"
}

@%:@ compile_link NAME: the probe built as a real build does it: compiled
@%:@ with harden's flags before the builder's, then linked with LDFLAGS last
@%:@ (one command would let a link flag of harden's override the builder's
@%:@ CFLAGS), and the libraries (plibs) after the object, where a build's
@%:@ libraries come.  Uses hcpp, hcc, hld and plibs.
compile_link() {
	logged @S|@cc @S|@hcpp @S|@{CPPFLAGS-} @S|@hcc @S|@lflags @S|@{pcode-} -c -o "@S|@work/@S|@1.o" "@S|@probe_src" || return
	@%:@ The program is NAME.prog: with no suffix, mingw's gcc would add .exe.
	logged @S|@cc @S|@hcc @S|@lflags @S|@hld @S|@{LDFLAGS-} -o "@S|@work/@S|@1.prog" "@S|@work/@S|@1.o" @S|@{plibs-} &&
		lib_link "@S|@1"
}

@%:@ lib_link NAME: when a proof reads a shared library (need_lib), the probe
@%:@ built as one (NAME.so), as a build builds a library: compiled with -fPIC
@%:@ after the builder's flags, linked with -shared, and with the flags of
@%:@ libraries (hlcc, hlld: never a program's -fPIE or -pie).
lib_link() {
	@<:@ -n "@S|@{need_lib-}" @:>@ || return 0
	logged @S|@cc @S|@hcpp @S|@{CPPFLAGS-} @S|@hlcc @S|@lflags @S|@{pcode-} -fPIC -c -o "@S|@work/@S|@1-pic.o" "@S|@probe_src" &&
		logged @S|@cc @S|@hlcc @S|@lflags -fPIC @S|@hlld @S|@{LDFLAGS-} -shared -o "@S|@work/@S|@1.so" "@S|@work/@S|@1-pic.o"
}

@%:@ assemble_link NAME: the probe linked from the set's assembly (NAME_on.s),
@%:@ which the set compiled already with the same flags: one compile fewer.
@%:@ The compile's messages were judged there; the assembler's (clang: "argument
@%:@ unused" for the compiler's flags) go to the log only.  When it cannot
@%:@ assemble, compile_link.
assemble_link() {
	logged @S|@cc @S|@hcpp @S|@{CPPFLAGS-} @S|@hcc @S|@lflags -c -o "@S|@work/@S|@1.o" "@S|@work/@S|@{1}_on.s" \
		2>"@S|@work/@S|@1.as"
	as_rc=@S|@?
	@<:@ -z "@S|@log" @:>@ || cat "@S|@work/@S|@1.as" >>"@S|@log"
	@<:@ @S|@as_rc -eq 0 @:>@ || { compile_link "@S|@1"; return; }
	logged @S|@cc @S|@hcc @S|@lflags @S|@hld @S|@{LDFLAGS-} -o "@S|@work/@S|@1.prog" "@S|@work/@S|@1.o" @S|@{plibs-} &&
		lib_link "@S|@1"
}

@%:@ logged COMMAND...: runs COMMAND, written to the log first.
logged() {
	logline "@S|@@"
	"@S|@@"
}

@%:@ finish NAME @<:@messages-ok@:>@: waits for it; sets why and returns 1 when it
@%:@ did not pass (with messages-ok, only its exit status counts).
finish() {
	eval "p=\@S|@pid_@S|@1"
	wait "@S|@p"
	rc=@S|@?
	@%:@ A message or a failure of a step is judged against the base's noise.
	@<:@ @S|@@%:@ -gt 1 @:>@ || { @<:@ @S|@rc -eq 0 @:>@ && @<:@ ! -s "@S|@work/@S|@1.err" @:>@; } || base_check
	why=
	@<:@ -s "@S|@work/@S|@1.err" @:>@ && first_message "@S|@work/@S|@1.err"
	@<:@ @S|@@%:@ -gt 1 @:>@ && @<:@ @S|@rc -eq 0 @:>@ && why=
	if @<:@ @S|@rc -ne 0 @:>@; then
		@<:@ -n "@S|@why" @:>@ || why="exit status @S|@rc"
		return 1
	fi
	@<:@ -z "@S|@why" @:>@
}

@%:@ first_message FILE: why is the first line of FILE that is not context,
@%:@ else its first non-blank line (copied to the log, every line).
first_message() {
	first=
	while IFS= read -r l || @<:@ -n "@S|@l" @:>@; do
		@<:@ -n "@S|@log" @:>@ && printf '%s\n' "@S|@l" >>"@S|@log"
		@<:@ -n "@S|@noise" @:>@ && is_noise "@S|@l" && continue
		case @S|@l in *@<:@!@<:@:space:@:>@@:>@*) @<:@ -z "@S|@first" @:>@ && first=@S|@l ;; esac
		case @S|@why:@S|@l in
		:*@<:@!@<:@:space:@:>@@:>@*)
			@%:@ Context: "In file included from f.h:1,", "    from g.h:2:",
			@%:@ "f.c: In function 'g':"; not "conversion from 'void*'".
			case @S|@l in
			"In file included from "*|*:) ;;
			@<:@@<:@:space:@:>@@:>@*)
				case @S|@{l@%:@"@S|@{l%%@<:@!@<:@:space:@:>@@:>@*}"} in "from "*) ;; *) why=@S|@l ;; esac ;;
			*) why=@S|@l ;;
			esac ;;
		esac
	done <"@S|@1"
	strip_work "@S|@{why:-@S|@first}"
	why=@S|@text
}

@%:@ is_noise LINE: whether LINE, but for its digits, is a message of the base
@%:@ probe (a wrapper's "distcc@<:@4711@:>@ ERROR: ... running locally instead", a
@%:@ warning about the builder's own flags): not the fault of any feature.
is_noise() {
	strip_work "@S|@1"
	digitless "@S|@text"
	case @S|@nl@S|@noise@S|@nl in *"@S|@nl@S|@text@S|@nl"*) return 0 ;; esac
	return 1
}

@%:@ digitless TEXT: text is TEXT without its digits.
digitless() {
	text= dl=@S|@1
	while :; do
		case @S|@dl in
		*@<:@0-9@:>@*) text=@S|@text@S|@{dl%%@<:@0-9@:>@*} dl=@S|@{dl@%:@*@<:@0-9@:>@} ;;
		*) text=@S|@text@S|@dl; break ;;
		esac
	done
}

@%:@ ---------------------------------------------------------------------------
@%:@ Step 0: the base probe, the probe with no hardening flags.  It must build,
@%:@ or nothing can be proven (exit 3); what it prints is noise.

@%:@ compiler_found: the first word of CC is a program, or exit 3.
compiler_found() {
	set -- @S|@cc
	command -v "@S|@1" >/dev/null 2>&1 || cannot_run "no compiler: @S|@1: not found (@S|@ccvar=@S|@cc)"
}

base_start() {
	hcpp= hcc= hld= noise= pcode= plibs= need_lib=
	base_pending=yes
}

@%:@ base_check: builds the base probe, once, when first needed: a step that
@%:@ printed a message or failed is judged against the base's noise, and a
@%:@ run that built no set has yet to show that the compiler builds a
@%:@ program (a run whose sets all built in silence has shown it, two
@%:@ compiler runs fewer).  Exit 3 when it fails, else noise is what it
@%:@ printed (one line each, digitless); rc, why and the set's flags stay.
base_check() {
	@<:@ -n "@S|@{base_pending-}" @:>@ || return 0
	base_pending=
	set -- "@S|@hcpp" "@S|@hcc" "@S|@hld" "@S|@{pcode-}" "@S|@{plibs-}" "@S|@{need_lib-}" "@S|@{rc-0}" "@S|@{why-}"
	hcpp= hcc= hld= pcode= plibs= need_lib=
	start b0 compile_link b0
	hcpp=@S|@1 hcc=@S|@2 hld=@S|@3 pcode=@S|@4 plibs=@S|@5 need_lib=@S|@6
	if ! finish b0; then
		@<:@ @S|@rc -eq 0 @:>@ || cannot_run "@S|@cc cannot build a program with the builder's flags: @S|@why"
		add_noise "@S|@work/b0.err"
	fi
	rc=@S|@7 why=@S|@8
}

@%:@ add_noise FILE: every line of FILE is noise (digitless).
add_noise() {
	while IFS= read -r l || @<:@ -n "@S|@l" @:>@; do
		case @S|@l in *@<:@!@<:@:space:@:>@@:>@*) strip_work "@S|@l"; digitless "@S|@text"; noise="@S|@noise@S|@nl@S|@text" ;; esac
	done <"@S|@1"
}

@%:@ base_again: the base probe once more, after a failure that named no
@%:@ flag: exit 3 when it fails now (a full disk, a compiler gone).
base_again() {
	nbuild=@S|@((nbuild + 1))
	hcpp= hcc= hld= pcode= plibs= need_lib=
	start b@S|@nbuild compile_link b@S|@nbuild
	finish b@S|@nbuild || @<:@ @S|@rc -eq 0 @:>@ ||
		cannot_run "@S|@cc no longer builds a program with the builder's flags: @S|@why"
}

@%:@ asm_base: whether the builder's flags alone compile the probe to
@%:@ assembly (asked once, when a set's assembly fails); what that prints is
@%:@ noise too.
asm_base() {
	if @<:@ -z "@S|@{asm_base-}" @:>@; then
		start a0 @S|@cc @S|@{CPPFLAGS-} @S|@lflags -fno-lto -S -o "@S|@work/a0.s" "@S|@probe_src"
		asm_base=no
		if finish a0 || @<:@ @S|@rc -eq 0 @:>@; then
			asm_base=yes
			add_noise "@S|@work/a0.err"
		fi
	fi
	@<:@ @S|@asm_base = yes @:>@
}

@%:@ finish_asm NAME: finish for a compile to assembly.  A message the base
@%:@ probe did not print may be a wrapper's for this kind of call only (distcc
@%:@ speaks of the jobs it would distribute; the base makes no -S): what the
@%:@ same compile prints with no hardening flag (asm_base) is noise, and NAME
@%:@ is judged again without it.  A flag's own warning still fails.
finish_asm() {
	finish "@S|@1" && return 0
	@<:@ @S|@rc -eq 0 @:>@ && @<:@ -z "@S|@{asm_base-}" @:>@ || return 1
	fa_why=@S|@why
	asm_base || { why=@S|@fa_why rc=0; return 1; }
	fa_log=@S|@log log= why=
	first_message "@S|@work/@S|@1.err"
	log=@S|@fa_log rc=0
	@<:@ -z "@S|@why" @:>@
}

@%:@ ---------------------------------------------------------------------------
@%:@ The builder's flags and the known results.  Per feature: st_i (state: on,
@%:@ off, unsupported, builder; empty while undecided), val_i, why_i, set_i
@%:@ (the decided flags), cands_i (candidates still to try: row numbers, "off"
@%:@ for the off row, "none" for no flags), mode_i (on: prove it there; off:
@%:@ prove it absent; look: the builder's flags, say which), bflag_i and
@%:@ bvalue_i (the builder's deciding flag and its value).  pending: the
@%:@ features that may need a probe.

decide() {	@%:@ decide I STATE VALUE REASON @<:@FLAGS@:>@
	eval "st_@S|@1=\@S|@2 val_@S|@1=\@S|@3 why_@S|@1=\@S|@4 set_@S|@1=\@S|@{5-}"
}

@%:@ builder_flag I: sets bflag to the deciding word, or returns 1.  A word of
@%:@ CC, CPPFLAGS, CFLAGS or LDFLAGS that matches one of a feature's builder
@%:@ patterns means the builder decided that feature (the last such word is
@%:@ the one that counts, as for the compiler).
builder_flag() {
	bflag=
	eval "sensed=\@S|@f_sensed_@S|@1"
	@<:@ -n "@S|@sensed" @:>@ || return 1
	for w in @S|@cc @S|@{CPPFLAGS-} @S|@lflags @S|@{LDFLAGS-}; do
		for p in @S|@sensed; do
			pattern_holds "@S|@p" || continue
			case @S|@w in @S|@{p@%:@*:}) bflag=@S|@w; break ;; esac
		done
	done
	@<:@ -n "@S|@bflag" @:>@
}

@%:@ pattern_holds SENSE:PATTERN: a pattern of SENSE@TRAIT (a macro of one
@%:@ C++ library) counts only where the traits have TRAIT, or are not known
@%:@ yet (preconditions asks again once they are).
pattern_holds() {
	case @S|@{1%%:*} in *@*) ;; *) return 0 ;; esac
	want=@S|@{1%%:*} want=@S|@{want@%:@*@}
	case @S|@{traits-} in ""|" "|*" @S|@want "*) return 0 ;; esac
	return 1
}

@%:@ builder_value I FLAG: bvalue is "off" when the first pattern FLAG
@%:@ matches is of sense off; else the value of the first row holding FLAG
@%:@ (of -Wp,A,B: B, the last word the preprocessor gets); "off" for the off
@%:@ row; else "builder".
builder_value() {
	eval "rows=\@S|@f_rows_@S|@1 off=\@S|@f_off_@S|@1 sensed=\@S|@f_sensed_@S|@1"
	for p in @S|@sensed; do
		case @S|@2 in @S|@{p@%:@*:}) case @S|@{p%%:*} in off|off@*) bvalue=off; return ;; esac; break ;; esac
	done
	case @S|@2 in -Wp,*) last=@S|@{2@%:@@%:@*,} ;; *) last=@S|@2 ;; esac
	for j in @S|@rows; do
		eval "fl=\@S|@r_flags_@S|@j"
		for t in @S|@fl; do
			@<:@ "@S|@{t@%:@*:}" = "@S|@last" @:>@ && { eval "bvalue=\@S|@r_value_@S|@j"; return; }
		done
	done
	for t in @S|@off; do
		@<:@ "@S|@{t@%:@*:}" = "@S|@2" @:>@ && { bvalue=off; return; }
	done
	bvalue=builder
}

@%:@ builder_flags: every feature's first state, from the level, the requests
@%:@ and the builder's flags.
builder_flags() {
	pending=
	n=1
	while @<:@ @S|@n -le @S|@nf @:>@; do
		eval "q=\@S|@q_@S|@n st_@S|@n= val_@S|@n=- why_@S|@n= set_@S|@n= cands_@S|@n="
		eval "ex=\@S|@{explicit_@S|@n-} fl=\@S|@f_level_@S|@n"
		@%:@ A feature of no level (request) is only ever asked for.
		outside="not in level @S|@level"
		@<:@ "@S|@fl" != request @:>@ || outside="only on request"
		builder_flag @S|@n || bflag=
		if @<:@ -n "@S|@bflag" @:>@ && @<:@ "@S|@ex" != yes @:>@; then
			builder_value @S|@n "@S|@bflag"
			eval "bflag_@S|@n=\@S|@bflag bvalue_@S|@n=\@S|@bvalue"
			if @<:@ "@S|@q" = skip @:>@; then
				decide @S|@n builder "@S|@bvalue" "set by the builder (@S|@bflag); @S|@outside, not probed"
			else
				eval "mode_@S|@n=look cands_@S|@n=none"
				pending="@S|@pending @S|@n"
			fi
		elif @<:@ "@S|@q" = skip @:>@; then
			if @<:@ @S|@level = none @:>@; then
				decide @S|@n off - "hardening disabled"
			else
				decide @S|@n off - "@S|@outside"
			fi
		else
			@<:@ -n "@S|@bflag" @:>@ && eval "bflag_@S|@n=\@S|@bflag"
			pending="@S|@pending @S|@n"
		fi
		n=@S|@((n + 1))
	done
}

@%:@ whose WORD: who is "the builder's", or the project's (project_by's) when
@%:@ WORD is one of --project-flags.
whose() {
	who="the builder's"
	for pw in @S|@project_flags; do
		@<:@ "@S|@pw" = "@S|@1" @:>@ && { who="@S|@project_by's"; return; }
	done
}

@%:@ project_label I: a feature the builder's flags decided (st builder) whose
@%:@ deciding word is the project's becomes the project's: st and w say so.
project_label() {
	@<:@ "@S|@st" = builder @:>@ || return 0
	eval "bf=\@S|@{bflag_@S|@1-}"
	whose "@S|@bf"
	@<:@ "@S|@who" = "the builder's" @:>@ && return
	st=project w="set by @S|@project_by@S|@{w@%:@set by the builder}"
}

@%:@ known_results: the traits found before, and the known results, which
@%:@ decide auto and yes requests without probing.
known_results() {
	traits=" "
	@<:@ -n "@S|@known_traits" @:>@ && traits=" @S|@known_traits "
	IFS=@S|@nl
	for k in @S|@knowns; do
		IFS=@S|@ifs
		known_result "@S|@k"
	done
	IFS=@S|@ifs
}

@%:@ known_result FEATURE=RESULT
known_result() {
	known=@S|@1
	feature_index "@S|@{1%%=*}" || { feature_names; usage_error "unknown feature in --known=@S|@1 (features: @S|@names)"; }
	result=@S|@{1@%:@*=}
	eval "q=\@S|@q_@S|@i mode=\@S|@{mode_@S|@i-}"
	case @S|@q in auto|yes) ;; *) return 0 ;; esac
	case @S|@mode:@S|@result in
	look:builder\ present|look:builder\ present\;\ *)
		eval "decide @S|@i builder \"\@S|@bvalue_@S|@i\" \"set by the builder (\@S|@bflag_@S|@i); present\@S|@{result@%:@builder present}\"" ;;
	look:builder\ absent) eval "decide @S|@i builder \"\@S|@bvalue_@S|@i\" \"set by the builder (\@S|@bflag_@S|@i); absent\"" ;;
	look:builder\ unproven:*) eval "decide @S|@i builder \"\@S|@bvalue_@S|@i\" \"set by the builder (\@S|@bflag_@S|@i); not proven: \@S|@{result@%:@builder unproven: }\"" ;;
	look:*|*:builder\ *) ;;
	*:no|*:no:*)
		w=@S|@{result@%:@no}
		w=@S|@{w@%:@:}
		w=@S|@{w@%:@ }
		decide @S|@i unsupported - "@S|@{w:-known to be unsupported}" ;;
	*) known_value ;;
	esac
}

@%:@ known_value: the result is VALUE @<:@FLAGS@:>@@<:@; NOTE@:>@ for feature i.
known_value() {
	note=
	case @S|@result in *"; "*) note=@S|@{result@%:@*; } result=@S|@{result%%; *} ;; esac
	set -- @S|@result
	v=@S|@1
	shift
	fl=@S|@*
	eval "vs=\@S|@f_values_@S|@i"
	case " @S|@vs " in *" @S|@v "*) ;; *) usage_error "invalid value '@S|@v' in --known=@S|@known" ;; esac
	if @<:@ -z "@S|@fl" @:>@; then	@%:@ a value name alone: its first row
		eval "rows=\@S|@f_rows_@S|@i"
		for j in @S|@rows; do
			eval "@<:@ \"\@S|@r_value_@S|@j\" = \"\@S|@v\" @:>@" && { eval "fl=\@S|@r_flags_@S|@j"; break; }
		done
	fi
	decide @S|@i on "@S|@v" "@S|@note" "@S|@fl"
}

@%:@ undecided: todo is the pending features still undecided.
undecided() {
	todo=
	for n in @S|@pending; do
		eval "@<:@ -z \"\@S|@st_@S|@n\" @:>@" && todo="@S|@todo @S|@n"
	done
}

@%:@ ---------------------------------------------------------------------------
@%:@ Steps 1 to 3: traits, preconditions, candidates.

@%:@ read_traits: traits (" word word "), arch and format (step 1); exit 3
@%:@ when the compiler cannot preprocess (its warnings do not matter here).
read_traits() {
	if @<:@ -z "@S|@known_traits" @:>@; then
		start traits @S|@cc @S|@{CPPFLAGS-} @S|@lflags -E "@S|@traits_src"
		finish traits messages-ok ||
			cannot_run "@S|@cc cannot preprocess with the builder's flags: @S|@why"
		while read -r w t rest; do
			@<:@ "@S|@w" = harden_trait @:>@ && traits="@S|@traits@S|@t "
		done <"@S|@work/traits.out"
	fi
	arch=unknown format=other
	for t in @S|@traits; do
		case @S|@t in arch=*) arch=@S|@{t@%:@arch=} ;; format=*) format=@S|@{t@%:@format=} ;; esac
	done
}

@%:@ target_mismatch KIND=VALUE: text says that the feature is for another
@%:@ target than this one (arch, format and ptr are traits.c's names).
target_mismatch() {
	case @S|@1 in
	arch=*) text="@S|@{1@%:@arch=} only (target is @S|@arch)" ;;
	ptr=*) text="@S|@{1@%:@ptr=}-bit targets only" ;;
	lang=c++) text="C++ only (language is C)" ;;
	lang=c) text="C only (language is C++)" ;;
	libc=glibc) text="glibc only, whose libm is a library of its own (the C library is not glibc)" ;;
	format=*)
		text=
		for t in @S|@{1@%:@format=} @S|@format; do
			case @S|@t in elf) t=ELF ;; pe) t=PE ;; macho) t=Mach-O ;; other) t="another format" ;; esac
			if @<:@ -z "@S|@text" @:>@; then text="@S|@t only"; else text="@S|@text (target is @S|@t)"; fi
		done ;;
	esac
}

@%:@ preconditions: step 2 and 3 for every feature to do.
preconditions() {
	for n in @S|@todo; do
		eval "q=\@S|@q_@S|@n mode=\@S|@{mode_@S|@n-}"
		eval "sensed=\@S|@f_sensed_@S|@n"
		@%:@ Once the traits are known: a pattern of another library's trait.
		case @S|@mode:" @S|@sensed" in look:*" on@"*|look:*" off@"*)
			if ! builder_flag @S|@n; then
				@%:@ Only a macro of the other C++ library: not the builder's.
				unset bflag_@S|@n bvalue_@S|@n
				eval "mode_@S|@n= cands_@S|@n="
				mode=
			else
				builder_value @S|@n "@S|@bflag"
				eval "bflag_@S|@n=\@S|@bflag bvalue_@S|@n=\@S|@bvalue"
			fi ;;
		esac
		if other_language @S|@n; then
			@%:@ Fedora's CFLAGS carry -Wp,-D_GLIBCXX_ASSERTIONS too.
			if @<:@ "@S|@q" = no @:>@; then
				decide @S|@n off - "disabled; @S|@bad"
			else
				decide @S|@n unsupported - "@S|@bad"
			fi
		elif @<:@ "@S|@mode" != look @:>@; then
			requires @S|@n
			if @<:@ "@S|@q" = no @:>@; then
				@%:@ Not there on this target: nothing to turn off.
				if @<:@ -n "@S|@target" @:>@; then
					decide @S|@n off - "disabled; @S|@bad"
				else
					eval "off=\@S|@f_off_@S|@n"
					eval "mode_@S|@n=off cands_@S|@n=\"\@S|@{off:+off }none\""
				fi
			elif @<:@ -n "@S|@bad" @:>@; then
				decide @S|@n unsupported - "@S|@bad"
			else
				candidates @S|@n
			fi
		fi
	done
}

@%:@ other_language I: whether I is for the other language (bad says so).
@%:@ Any request of it is then not an error: a frontend gives the same
@%:@ requests to its C and C++ runs.
other_language() {
	lang_of @S|@1
	@<:@ -n "@S|@flang" @:>@ || return 1
	case @S|@traits in *" lang=@S|@flang "*) return 1 ;; esac
	target_mismatch "lang=@S|@flang"
	bad=@S|@text
}

@%:@ lang_of I: flang is the language I's REQUIRES name (lang=L), else empty.
lang_of() {
	eval "flang=,\@S|@f_req_@S|@1,"
	case @S|@flang in
	*,lang=*) flang=@S|@{flang@%:@*,lang=} flang=@S|@{flang%%,*} ;;
	*) flang= ;;
	esac
}

@%:@ requires I: bad is why I's REQUIRES fail (empty when they hold), target
@%:@ is yes when they name another target.
requires() {
	eval "reqs=\@S|@f_req_@S|@1"
	bad= target=
	IFS=,
	for r in @S|@reqs; do
		IFS=@S|@ifs
		case @S|@r in
		optimize) case @S|@traits in *" optimize "*) ;; *) bad="needs optimisation (-O1 or more)" ;; esac ;;
		no-sanitizer) case @S|@traits in *" sanitizer "*) bad="not with sanitizers" ;; esac ;;
		arch=*|format=*|ptr=*|lang=*|libc=*)
			case @S|@traits in *" @S|@r "*) ;; *) target_mismatch "@S|@r"; bad=@S|@text target=yes ;; esac ;;
		needs=*)
			@%:@ Probing it could turn the other on again (--high-entropy-va
			@%:@ sets DYNAMIC_BASE too).
			feature_index "@S|@{r@%:@needs=}"
			eval "@<:@ \"\@S|@q_@S|@i\" = no @:>@" && bad="needs @S|@{r@%:@needs=}" ;;
		esac
		@<:@ -n "@S|@bad" @:>@ && break
	done
	IFS=@S|@ifs
}

@%:@ candidates I: the rows of I that its request allows, in file order.
candidates() {
	eval "rows=\@S|@f_rows_@S|@1 q=\@S|@q_@S|@1"
	c=
	for j in @S|@rows; do
		eval "v=\@S|@r_value_@S|@j"
		case @S|@q in auto|yes|"@S|@v") c="@S|@c @S|@j" ;; esac
	done
	eval "mode_@S|@1=on cands_@S|@1=\@S|@{c@%:@ }"
}

@%:@ ---------------------------------------------------------------------------
@%:@ Steps 4 and 5: probe sets.  The first set is every undecided feature with
@%:@ its first candidate (the batch).  A set that builds and proves decides its
@%:@ features; an unproven feature moves on to its next candidate in the next
@%:@ set.  A set that fails to build blames the features whose flags the
@%:@ compiler or linker names, or else is split in halves, so that each
@%:@ unsupported feature costs about one more build, not the whole set.

cand_flags() {	@%:@ cand_flags I CAND: sets flags
	case @S|@2 in
	none) flags= ;;
	off) eval "flags=\@S|@f_off_@S|@1" ;;
	*) eval "flags=\@S|@r_flags_@S|@2" ;;
	esac
}

@%:@ next_cand I: drops the candidate just tried; returns 1 when none is left
@%:@ (the feature is then decided from why).
next_cand() {
	nc_i=@S|@1
	eval "c=\@S|@cands_@S|@1"
	set -- @S|@c
	shift
	eval "cands_@S|@nc_i=\@S|@*"
	@<:@ @S|@@%:@ -gt 0 @:>@
}

@%:@ set_flags SET: hcpp, hcc, hld for the decided flags plus SET's candidates;
@%:@ hlcc and hlld, the compiler's and linker's flags of a shared library.
set_flags() {
	hcpp= hcc= hld= hlcc= hlld= sn=1
	while @<:@ @S|@sn -le @S|@nf @:>@; do
		case " @S|@1 " in
		*" @S|@sn "*) eval "c=\@S|@cands_@S|@sn"; cand_flags @S|@sn "@S|@{c%% *}"; tags=@S|@flags ;;
		*) eval "tags=\@S|@set_@S|@sn" ;;
		esac
		for t in @S|@tags; do
			f=@S|@{t@%:@*:}
			case @S|@t in
			cpp:*) hcpp="@S|@hcpp @S|@f" ;;
			cc:*) hcc="@S|@hcc @S|@f" hlcc="@S|@hlcc @S|@f" ;;
			exe-cc:*) hcc="@S|@hcc @S|@f" ;;
			ld:*) hld="@S|@hld @S|@f" hlld="@S|@hlld @S|@f" ;;
			exe-ld:*) hld="@S|@hld @S|@f" ;;
			lib-ld:*) hlld="@S|@hlld @S|@f" ;;
			cc+ld:*) hcc="@S|@hcc @S|@f" hld="@S|@hld @S|@f" hlcc="@S|@hlcc @S|@f" hlld="@S|@hlld @S|@f" ;;
			esac
		done
		sn=@S|@((sn + 1))
	done
}

@%:@ proof_of I: sets proof, the proof this feature needs in this set (or
@%:@ "accepted" when being accepted is proof enough), mode and c (I's
@%:@ candidates).
proof_of() {
	eval "mode=\@S|@mode_@S|@1 c=\@S|@cands_@S|@1"
	case @S|@mode in
	on) eval "proof=\@S|@r_proof_@S|@{c%% *}" ;;
	look) value_proof @S|@1 || eval "proof=\@S|@f_presence_@S|@1" ;;
	*) eval "proof=\@S|@f_presence_@S|@1"
	   case @S|@mode:@S|@proof in off:asm|off:reject|off:link) proof=accepted ;; esac ;;
	esac
}

@%:@ value_proof I: proof is the proof of I's first row of the value the
@%:@ builder's flag gives (libc++'s fast mode: asm, not libstdc++'s symbol);
@%:@ returns 1 when no row has that value.
value_proof() {
	eval "rows=\@S|@f_rows_@S|@1 bv=\@S|@{bvalue_@S|@1-}"
	for j in @S|@rows; do
		eval "@<:@ \"\@S|@r_value_@S|@j\" = \"\@S|@bv\" @:>@" && { eval "proof=\@S|@r_proof_@S|@j"; return 0; }
	done
	return 1
}

@%:@ run_probes: the sets, from the batch of every feature to do, until every
@%:@ feature is decided.
run_probes() {
	stack= nbuild=0 batch=
	for n in @S|@todo; do
		eval "@<:@ -z \"\@S|@st_@S|@n\" @:>@" && batch="@S|@batch @S|@n"
	done
	@<:@ -n "@S|@batch" @:>@ && push "@S|@batch"
	while @<:@ -n "@S|@stack" @:>@; do
		s=@S|@{stack%%/*}
		stack=@S|@{stack@%:@*/}
		live=
		for n in @S|@s; do
			eval "@<:@ -z \"\@S|@st_@S|@n\" @:>@" && live="@S|@live @S|@n"
		done
		@<:@ -n "@S|@live" @:>@ && probe "@S|@live"
	done
}

push() { stack="@S|@1/@S|@stack"; }

@%:@ probe SET: builds and proves SET; pushes what remains onto the stack.
probe() {
	build_set "@S|@1"
	if @<:@ @S|@build_ok -ne 0 @:>@; then
		blame_set
		return
	fi
	read_proofs
	if @<:@ -n "@S|@unexplained" @:>@; then
		retry_set
	else
		judge_set
	fi
}

@%:@ retry_set: a step of the set failed naming no flag of it (unexplained
@%:@ says which): a set of one is tried once more, any other set is split.
retry_set() {
	set -- @S|@members
	if @<:@ @S|@@%:@ -eq 1 @:>@; then
		unexplained @S|@1 "@S|@unexplained"
		push "@S|@1"
	else
		split_set "@S|@@"
	fi
}

@%:@ unexplained I REASON: I's candidate failed for a reason that names none
@%:@ of its flags.  The first time, the base probe is built again (exit 3
@%:@ when it fails now: the trouble is not the flag) and the candidate is
@%:@ tried again (a wrapper may fail once); the second time, it fails.
unexplained() {
	eval "c=\@S|@cands_@S|@1 r=\@S|@{retried_@S|@1-}"
	c=@S|@{c%% *}
	if @<:@ "@S|@r" = "@S|@c" @:>@; then
		fail_cand @S|@1 "@S|@2"
	else
		eval "retried_@S|@1=\@S|@c"
		base_again
	fi
}

@%:@ build_set SET: builds set b (members: SET) with the compiles its proofs
@%:@ need, all at once: build_ok and build_why; asm_ok, asm_why and
@%:@ asm_hopeless (no asm proof can pass); misuse_ok; offs (the off compiles
@%:@ started).
build_set() {
	nbuild=@S|@((nbuild + 1))
	b=b@S|@nbuild members=@S|@1
	set_flags "@S|@members"
	set_needs
	@<:@ -z "@S|@need_elf" @:>@ || reader_found
	@<:@ -n "@S|@need_asm" @:>@ &&
		start @S|@{b}_on @S|@cc @S|@hcpp @S|@{CPPFLAGS-} @S|@hcc @S|@lflags @S|@pcode -fno-lto -S -o "@S|@work/@S|@{b}_on.s" "@S|@probe_src"
	@<:@ -n "@S|@need_asm" @:>@ && @<:@ -z "@S|@lto" @:>@ || start @S|@b compile_link @S|@b
	@<:@ -n "@S|@need_misuse" @:>@ &&
		start @S|@{b}_misuse @S|@cc @S|@hcpp @S|@{CPPFLAGS-} @S|@hcc @S|@lflags -Dharden_probe_format_misuse -c -o "@S|@work/@S|@{b}_misuse.o" "@S|@probe_src"
	@%:@ The set's assembly comes first: once it passes, the link starts
	@%:@ from it (unless the builder asked for LTO objects) and the off
	@%:@ variants beside it.
	asm_ok=0 asm_why= asm_hopeless= offs= unexplained=
	if @<:@ -n "@S|@need_asm" @:>@; then
		if finish_asm @S|@{b}_on; then
			@<:@ -n "@S|@lto" @:>@ || start @S|@b assemble_link @S|@b
			start_offs
		else
			@<:@ -n "@S|@lto" @:>@ || start @S|@b compile_link @S|@b
			asm_ok=1 asm_why=@S|@why asm_hopeless=yes
			for n in @S|@members; do blamed @S|@n "@S|@work/@S|@{b}_on.err" && asm_hopeless=; done
			@%:@ No flag named: no asm proof can pass when the builder's
			@%:@ flags alone give no assembly either; else it was not the flags.
			@<:@ -n "@S|@asm_hopeless" @:>@ && asm_base &&
				unexplained="cannot compile the probe to assembly: @S|@asm_why"
		fi
	fi
	finish @S|@b
	build_ok=@S|@? build_why=@S|@why
	@<:@ -n "@S|@need_misuse" @:>@ && finish_misuse
}

@%:@ finish_misuse: misuse_ok is 1 when the compiler rejected the misuse (it
@%:@ failed, saying "format"), else 0; a failure that says nothing of a
@%:@ format is unexplained.
finish_misuse() {
	misuse_ok=0
	@%:@ Its expected failure needs no noise: judged by its exit status.
	finish @S|@{b}_misuse messages-ok && return 0
	while IFS= read -r l || @<:@ -n "@S|@l" @:>@; do
		case @S|@l in *format*) misuse_ok=1; return 0 ;; esac
	done <"@S|@work/@S|@{b}_misuse.err"
	base_check
	fm_log=@S|@log log=
	first_message "@S|@work/@S|@{b}_misuse.err"
	log=@S|@fm_log
	unexplained="cannot compile the misuse probe: @S|@why"
}

@%:@ set_needs: what the proofs of the members need: need_asm (the features
@%:@ with an asm proof), need_misuse, need_elf and need_lib (yes or empty: a
@%:@ shared library too, for a library's property), and pcode,
@%:@ the define of the probe's C++ library code when a member is a C++
@%:@ feature (probe.c: its header costs more than the rest of the probe), for
@%:@ the set's code and that feature's off variant (not the misuse check).
set_needs() {
	need_asm= need_misuse= need_elf= need_lib= pcode= plibs=
	for n in @S|@members; do
		lang_of @S|@n
		@<:@ "@S|@flang" = c++ @:>@ && pcode=-Dharden_probe_cxx_library
		proof_of @S|@n
		case @S|@proof in
		asm) need_asm="@S|@need_asm @S|@n" ;;
		elf:as-needed) need_elf=yes plibs=-lm ;;
		elf:noopen) need_elf=yes need_lib=yes ;;
		reject) need_misuse=yes ;;
		sym:*|elf:*|pe:*) need_elf=yes ;;
		esac
		eval "@<:@ -n \"\@S|@f_mark_@S|@n\@S|@f_runtime_@S|@n\" @:>@" && need_elf=yes
	done
}

@%:@ start_offs: the set's code once more per asm feature, with its off flags.
start_offs() {
	for n in @S|@need_asm; do
		eval "off=\@S|@f_off_@S|@n"
		ocpp=
		for t in @S|@off; do
			case @S|@t in cpp:*|cc:*|cc+ld:*|exe-cc:*) ocpp="@S|@ocpp @S|@{t@%:@*:}" ;; esac
		done
		eval "offflags_@S|@n=\@S|@ocpp offwhy_@S|@n="
		@%:@ The library code only where it is the feature's (asm_compare
		@%:@ renumbers the labels it shifts).
		lang_of @S|@n
		@<:@ "@S|@flang" = c++ @:>@ && ocode=@S|@pcode || ocode=
		start @S|@{b}_off@S|@n @S|@cc @S|@hcpp @S|@{CPPFLAGS-} @S|@hcc @S|@lflags @S|@ocode -fno-lto @S|@ocpp -S -o "@S|@work/@S|@{b}_off@S|@n.s" "@S|@probe_src"
		offs="@S|@offs @S|@n"
	done
}

@%:@ ---------------------------------------------------------------------------
@%:@ Step 5: blame, when the set fails to build.

@%:@ blame_set: the members whose candidate the messages name move on to their
@%:@ next candidate; else a set of one is unexplained, and any other set is
@%:@ split in halves.
blame_set() {
	for n in @S|@offs; do finish @S|@{b}_off@S|@n; done
	blame=
	for n in @S|@members; do
		blamed @S|@n "@S|@work/@S|@b.err" || continue
		blame="@S|@blame @S|@n"
		eval "blame_line_@S|@n=\@S|@blame_line"
		if @<:@ -n "@S|@blame_stem" @:>@; then
			eval "c=\@S|@cands_@S|@n"
			drop_stem @S|@n "@S|@blame_stem"
			eval "cands_@S|@n=\"\@S|@{c%% *} \@S|@cands_@S|@n\""
		fi
	done
	set -- @S|@members
	if @<:@ -n "@S|@blame" @:>@; then
		for n in @S|@blame; do eval "fail_cand @S|@n \"\@S|@blame_line_@S|@n\""; done
		push "@S|@*"
	elif @<:@ @S|@@%:@ -eq 1 @:>@; then
		unexplained @S|@1 "@S|@build_why"
		push "@S|@1"
	else
		@%:@ No flag named: halves, down to sets of one, which are retried
		@%:@ (see unexplained).
		split_set "@S|@@"
	fi
}

@%:@ split_set I...: the halves of the set, each to build on its own (the
@%:@ first half first).
split_set() {
	half=@S|@((@S|@@%:@ / 2)) first= k=0
	for n do
		k=@S|@((k + 1))
		@<:@ @S|@k -le @S|@half @:>@ && first="@S|@first @S|@n"
	done
	shift @S|@half
	push "@S|@*"
	push "@S|@first"
}

@%:@ blamed I TEXTFILE: whether the messages name a flag of I's candidate.
@%:@ Sets blame_line (the message, without the scratch directory), and
@%:@ blame_stem when the option itself is unknown (so that the other values of
@%:@ the same option need no build of their own).
blamed() {
	eval "c=\@S|@cands_@S|@1"
	cand_flags @S|@1 "@S|@{c%% *}"
	@<:@ -n "@S|@flags" @:>@ || return 1
	blame_stem=
	while IFS= read -r blame_line || @<:@ -n "@S|@blame_line" @:>@; do
		l=@S|@{blame_line%%"; did you mean"*}
		strip_work "@S|@blame_line"
		blame_line=@S|@text
		for t in @S|@flags; do
			names_flag "@S|@{t@%:@*:}" && return 0
		done
	done <"@S|@2"
	return 1
}

@%:@ names_flag FLAG: whether the message l names FLAG: the flag in quotes,
@%:@ ld's spelling of a -Wl, flag (-z relro), or the macro of a -D or -U flag.
names_flag() {
	f=@S|@1
	case @S|@l in
	*"'@S|@f'"*|*"‘@S|@f’"*|*"\`@S|@f'"*)
		case @S|@l:@S|@f in
		*"unrecognized command-line option"*:*=*|*"unknown argument"*:*=*) blame_stem=@S|@{f%%=*} ;;
		esac
		return 0 ;;
	esac
	case @S|@f in
	-Wl,*)
		x=@S|@{f@%:@-Wl,} ldf=
		case @S|@l in *"@S|@x"*) return 0 ;; esac
		while :; do
			case @S|@x in *,*) ldf="@S|@ldf@S|@{x%%,*} " x=@S|@{x@%:@*,} ;; *) ldf="@S|@ldf@S|@x"; break ;; esac
		done
		case @S|@l in *"@S|@ldf"*) return 0 ;; esac ;;
	-D*|-U*)
		m=@S|@{f@%:@-?}
		m=@S|@{m%%=*}
		case @S|@l in *"@S|@m"*) return 0 ;; esac ;;
	esac
	return 1
}

@%:@ drop_stem I STEM: drops the candidates of I that use the option STEM.
drop_stem() {
	eval "c=\@S|@cands_@S|@1"
	keep=
	for cd in @S|@c; do
		cand_flags @S|@1 @S|@cd
		hit=
		for t in @S|@flags; do
			case @S|@{t@%:@*:} in "@S|@2"|"@S|@2="*) hit=yes ;; esac
		done
		@<:@ -n "@S|@hit" @:>@ || keep="@S|@keep@S|@{keep:+ }@S|@cd"
	done
	eval "cands_@S|@1=\@S|@keep"
}

@%:@ fail_cand I REASON: I's current candidate failed.
fail_cand() {
	eval "why_@S|@1=\@S|@2"
	next_cand @S|@1 || conclude @S|@1
}

@%:@ conclude I: no candidate of I is left; decide from its mode and why.
conclude() {
	eval "mode=\@S|@mode_@S|@1"
	if @<:@ "@S|@mode" = look @:>@; then
		eval "decide @S|@1 builder \"\@S|@bvalue_@S|@1\" \"set by the builder (\@S|@bflag_@S|@1); not proven: \@S|@why_@S|@1\""
	else
		eval "w=\@S|@why_@S|@1"
		eval "bf=\@S|@{bflag_@S|@1-}"
		@<:@ -z "@S|@bf" @:>@ || { whose "@S|@bf"; w="@S|@w (@S|@who flags have @S|@bf)"; }
		decide @S|@1 unsupported - "@S|@w"
	fi
}

@%:@ ---------------------------------------------------------------------------
@%:@ Step 4: read the proofs of a set that built, and judge each member.

@%:@ read_proofs: syms and props of the linked probe (elf_why when it cannot
@%:@ be read), same (the code of the asm features, compared) and offwhy_I (an
@%:@ off compile that failed).
read_proofs() {
	read_probe
	same=
	@<:@ -n "@S|@offs" @:>@ || return 0
	set --
	for n in @S|@offs; do
		if finish_asm @S|@{b}_off@S|@n; then
			eval "fname=\@S|@f_name_@S|@n"
			underscore "@S|@fname"
			set -- "@S|@@" "@S|@fname" "@S|@us" "@S|@work/@S|@{b}_off@S|@n.s"
		else
			eval "offwhy_@S|@n=\"cannot compile the probe with\@S|@offflags_@S|@n: \@S|@why\""
			eval "off_named \@S|@offflags_@S|@n" <"@S|@work/@S|@{b}_off@S|@n.err" ||
				eval "unexplained=\@S|@offwhy_@S|@n"
		fi
	done
	asm_compare "@S|@work/@S|@{b}_on.s" "@S|@@"
}

@%:@ off_named FLAG...: whether a message (standard input) names one of the
@%:@ off flags.
off_named() {
	while IFS= read -r l || @<:@ -n "@S|@l" @:>@; do
		for t do names_flag "@S|@t" && return 0; done
	done
	return 1
}

@%:@ read_probe: syms and props of the linked probe, when a proof needs them:
@%:@ ELF probes are read with readelf, PE probes with objdump.
read_probe() {
	elf_why= syms= props= libs=
	@<:@ -n "@S|@need_elf" @:>@ || return 0
	if @<:@ @S|@format = pe @:>@; then
		start @S|@{b}_elf @S|@reader -p -t "@S|@work/@S|@b.prog"
	else
		start @S|@{b}_elf @S|@reader -W -h -l -d -s -n "@S|@work/@S|@b.prog"
		@<:@ -z "@S|@need_lib" @:>@ || start @S|@{b}_lib @S|@reader -W -d "@S|@work/@S|@b.so"
	fi
	if ! finish @S|@{b}_elf messages-ok; then
		elf_why="@S|@reader cannot read the probe: @S|@why"
	elif @<:@ @S|@format = pe @:>@; then
		pe_facts "@S|@work/@S|@{b}_elf.out"
	else
		elf_facts "@S|@work/@S|@{b}_elf.out"
	fi
	@<:@ -n "@S|@need_lib" @:>@ || return 0
	if ! finish @S|@{b}_lib messages-ok; then
		elf_why="@S|@reader cannot read the probe library: @S|@why"
	else
		lib_facts "@S|@work/@S|@{b}_lib.out"
	fi
}

@%:@ reader_found: reader reads the probe (ELF: READELF, PE: OBJDUMP), and
@%:@ its first word is a program, or exit 3 (before the set's compiles): with
@%:@ no reader nothing is proven, which is never "unsupported".
reader_found() {
	case @S|@format in
	pe) reader=@S|@OBJDUMP rname=objdump rvar=OBJDUMP ;;
	*) reader=@S|@READELF rname=readelf rvar=READELF ;;
	esac
	set -- @S|@reader
	case @S|@{1-no} in no) cannot_run "no @S|@rname to read the probe (@S|@rvar=@S|@reader)" ;; esac
	p=@S|@(command -v "@S|@1" 2>/dev/null) && @<:@ -x "@S|@p" @:>@ && @<:@ ! -d "@S|@p" @:>@ ||
		cannot_run "no @S|@rname: @S|@1: not found (@S|@rvar=@S|@reader)"
}

@%:@ lib_facts FILE: props of the probe linked as a shared library, from
@%:@ readelf -d: noopen when its FLAGS_1 hold NOOPEN (it refuses dlopen).
lib_facts() {
	while IFS= read -r l || @<:@ -n "@S|@l" @:>@; do
		case @S|@l in *"(FLAGS_1)"*" NOOPEN"*) props="@S|@{props:- }noopen " ;; esac
	done <"@S|@1"
}

@%:@ judge_set: every member of the built set is decided, or moves on to its
@%:@ next candidate (pushed as the next set).
judge_set() {
	next=
	for n in @S|@members; do
		judge @S|@n
		settle @S|@n
	done
	@<:@ -z "@S|@next" @:>@ || push "@S|@next"
}

@%:@ judge I: ok (yes or no) and why, for I's candidate: its proof, read.
judge() {
	proof_of @S|@1
	eval "fname=\@S|@f_name_@S|@1"
	ok=no why=
	case @S|@proof in
	accepted) ok=yes ;;
	link) @<:@ "@S|@mode" != look @:>@ && ok=yes || why="the effect is not probed, only the option" ;;
	sym:*|elf:*|pe:*) judge_facts ;;
	asm) judge_asm @S|@1 ;;
	reject)
		if @<:@ @S|@misuse_ok -ne 0 @:>@; then ok=yes
		elif @<:@ "@S|@mode" != look @:>@; then why="a printf-like call with a non-literal format still compiles"; fi ;;
	esac
}

@%:@ judge_facts: a sym:, elf: or pe: proof, from syms and props (present for
@%:@ mode on, absent for mode off, either for look).
judge_facts() {
	if @<:@ -n "@S|@elf_why" @:>@; then
		why=@S|@elf_why
		return
	fi
	@%:@ A static program records no library (-static): it cannot show
	@%:@ what --as-needed drops, so the feature is not proven, never on.
	case @S|@proof:@S|@mode:@S|@props in
	elf:as-needed:off:*) ;;
	elf:as-needed:*" no-library "*)
		why="the linked probe records no library (a static program): it cannot show what --as-needed drops"
		return ;;
	esac
	has=no
	case @S|@proof in
	sym:*)
		IFS=,
		for s in @S|@{proof@%:@sym:}; do
			case @S|@syms in *" @S|@s "*) has=yes ;; esac
		done
		IFS=@S|@ifs ;;
	elf:*|pe:*) case @S|@props in *" @S|@{proof@%:@*:} "*) has=yes ;; esac ;;
	esac
	case @S|@mode:@S|@has in
	on:yes|off:no) ok=yes ;;
	look:*) ok=@S|@has ;;
	off:yes) why="still present (@S|@proof)" ;;
	on:no)
		case @S|@proof in
		sym:*) l=@S|@{proof@%:@sym:} w=
		       while :; do
		           case @S|@l in *,*) w="@S|@w@S|@{l%%,*} or " l=@S|@{l@%:@*,} ;; *) w="@S|@w@S|@l"; break ;; esac
		       done
		       why="no @S|@w in the probe" ;;
		elf:as-needed) why="the linked probe records libm, which it does not use" ;;
		elf:noopen) why="the probe linked as a shared library has no DF_1_NOOPEN" ;;
		elf:*|pe:*) why="the linked probe is not @S|@{proof@%:@*:}" ;;
		esac ;;
	esac
}

@%:@ judge_asm I: an asm proof: the code of I's probe function without I's off
@%:@ flags differs from the code with them.
judge_asm() {
	if @<:@ @S|@asm_ok -ne 0 @:>@; then
		why="cannot compile the probe to assembly: @S|@asm_why"
		@<:@ -n "@S|@asm_hopeless" @:>@ && eval "cands_@S|@1=\@S|@{cands_@S|@1%% *}"
	elif eval "@<:@ -n \"\@S|@{offwhy_@S|@1-}\" @:>@"; then
		eval "why=\@S|@offwhy_@S|@1"
	else
		case @S|@same in
		*" differs:@S|@fname "*) ok=yes ;;
		*" missing:@S|@fname "*) underscore "@S|@fname"; why="no code for harden_probe_@S|@us in the assembly" ;;
		*) @<:@ "@S|@mode" = look @:>@ || why="no effect on the generated code" ;;
		esac
	fi
}

@%:@ settle I: decides I from ok and why, or moves it on to its next
@%:@ candidate (onto next).
settle() {
	eval "mode=\@S|@mode_@S|@1 c=\@S|@cands_@S|@1"
	c=@S|@{c%% *}
	if @<:@ "@S|@mode" = look @:>@; then
		if @<:@ -n "@S|@why" @:>@; then
			eval "why_@S|@1=\@S|@why"
			conclude @S|@1
		elif @<:@ @S|@ok = yes @:>@; then
			note=
			audit_note @S|@1
			eval "decide @S|@1 builder \"\@S|@bvalue_@S|@1\" \"set by the builder (\@S|@bflag_@S|@1); present\@S|@{note:+; \@S|@note}\""
		else
			eval "decide @S|@1 builder \"\@S|@bvalue_@S|@1\" \"set by the builder (\@S|@bflag_@S|@1); absent\""
		fi
	elif @<:@ @S|@ok = yes @:>@; then
		cand_flags @S|@1 "@S|@c"
		case @S|@mode in
		on) eval "v=\@S|@r_value_@S|@c"; feature_note @S|@1; decide @S|@1 on "@S|@v" "@S|@note" "@S|@flags" ;;
		off) if @<:@ -n "@S|@flags" @:>@; then decide @S|@1 off - disabled "@S|@flags"
		     else decide @S|@1 off - "disabled (no flag needed)"; fi ;;
		esac
	else
		fail_cand @S|@1 "@S|@why"
		eval "@<:@ -z \"\@S|@st_@S|@1\" @:>@" && next="@S|@next @S|@1"
	fi
}

@%:@ ---------------------------------------------------------------------------
@%:@ Reading the probe: facts of the linked program, code of the assembly.

@%:@ elf_facts FILE: syms (" name name ") and props (" pie relro ... ") of the
@%:@ probe, from readelf's output, in one pass.
elf_facts() {
	set -- @S|@(awk '
		/Type:/ && /DYN/ { dyn = 1 }
		/\(FLAGS_1\)/ && / PIE/ { pie = 1 }
		/^ *INTERP / { pie_interp = 1 }
		/GNU_RELRO/ { print "prop:relro" }
		/\(BIND_NOW\)/ || (/\(FLAGS\)/ && /BIND_NOW/) || (/\(FLAGS_1\)/ && / NOW/) { print "prop:bind-now" }
		/GNU_STACK/ && / RW / && !/RWE/ { print "prop:noexecstack" }
		/NEEDED/ { needed = 1 }
		/NEEDED/ && /\@<:@libm@<:@.@:>@/ { libm = 1 }
		/Properties: .*feature:/ {
			if (/IBT/) print "prop:ibt"
			if (/SHSTK/) print "prop:shstk"
			if (/BTI/) print "prop:bti"
		}
		@%:@ The name follows Ndx; a type may be several words (mold: IFUNC
		@%:@ is "<OS specific>: 10").
		/^ *@<:@0-9@:>@+: @<:@0-9a-fA-F@:>@+ / && NF >= 8 {
			s = @S|@0
			if (sub(/^.* (UND|ABS|COM|@<:@0-9@:>@+) +/, "", s)) { sub(/@<:@@ @:>@.*/, "", s); print "sym:" s }
		}
		END {
			if (dyn && (pie || pie_interp)) print "prop:pie"
			@%:@ The probe never uses the -lm of its link (as-needed);
			@%:@ a static one records no library at all: no proof.
			if (!libm && needed) print "prop:as-needed"
			if (!needed) print "prop:no-library"
		}' "@S|@1")
	facts "@S|@@"
}

@%:@ facts WORD...: syms (" name name ") and props (" pie relro ... ") from
@%:@ the sym:NAME and prop:NAME words of elf_facts and pe_facts.
facts() {
	syms=" " props=" " libs=" "
	for w do
		case @S|@w in
		prop:*) props="@S|@props@S|@{w@%:@prop:} " ;;
		sym:*) syms="@S|@syms@S|@{w@%:@sym:} " ;;
		lib:*) libs="@S|@libs@S|@{w@%:@lib:} " ;;
		esac
	done
}

@%:@ feature_note I: note is I's marking text when the linked probe lacks the
@%:@ property (catalog "marking" rows: the code is instrumented, but the
@%:@ program is not marked, so the kernel does not enforce it), or its
@%:@ runtime text when the probe imports the library ("runtime" rows).
feature_note() {
	note=
	@<:@ -z "@S|@elf_why" @:>@ || return 0
	eval "mk=\@S|@f_mark_@S|@1 rt=\@S|@f_runtime_@S|@1"
	if @<:@ -n "@S|@mk" @:>@ && @<:@ "@S|@format" = elf @:>@; then
		case @S|@props in *" @S|@{mk%% *} "*) ;; *) note=@S|@{mk@%:@* }; mark_source "@S|@{mk%% *}" ;; esac
	elif @<:@ -n "@S|@rt" @:>@; then
		case @S|@libs in *" @S|@{rt%% *} "*) note=@S|@{rt@%:@* } ;; esac
	fi
	audit_note @S|@1
}

@%:@ audit_note I: adds to note that I is left out of audit_expect when its
@%:@ audit row holds for this target but names symbols the linked probe lacks
@%:@ (a correct program may then show nothing harden-audit can see).
audit_note() {
	eval "a=\@S|@f_audit_@S|@1 as=\@S|@f_audit_sym_@S|@1"
	@<:@ -n "@S|@as" @:>@ || return 0
	case @S|@a:@S|@traits in yes:*|*" @S|@a "*) ;; *) return 0 ;; esac
	IFS=,
	for s in @S|@as; do
		case @S|@syms in *" @S|@s "*) IFS=@S|@ifs; return 0 ;; esac
	done
	IFS=@S|@ifs
	note="@S|@{note:+@S|@note; }@S|@audit_unseen @S|@{as%%,*} in the probe"
}

@%:@ mark_source PROP: note says whether the probe's own object has the
@%:@ property PROP (readelf -n, no compiler run): then the linker dropped it
@%:@ for a start file or library of the toolchain, not for the compiled code.
@%:@ An LTO object has no code yet: nothing is said.
mark_source() {
	@<:@ -z "@S|@lto" @:>@ || return 0
	start @S|@{b}_note @S|@READELF -n "@S|@work/@S|@b.o"
	finish @S|@{b}_note messages-ok || return 0
	if awk -v p="@S|@1" '/Properties: .*feature:/ && tolower(@S|@0) ~ p { f = 1 } END { exit !f }' \
	    "@S|@work/@S|@{b}_note.out"; then
		note="@S|@note; not the compiled code: the probe's object is marked"
	else
		note="@S|@note; the probe's object lacks the marking too"
	fi
}

@%:@ pe_facts FILE: syms and props of a PE probe, from objdump -p -t: the
@%:@ imported and the defined symbols, and the DllCharacteristics that hold
@%:@ (DYNAMIC_BASE only with base relocations to apply, HIGH_ENTROPY_VA only
@%:@ in a PE32+ image).
pe_facts() {
	set -- @S|@(awk '
		/^Magic/ && @S|@2 == "020b" { pe64 = 1 }
		/^DllCharacteristics/ { in_dll = 1; next }
		in_dll && /^\t\t+@<:@A-Z_@:>@+@S|@/ { c@<:@@S|@1@:>@ = 1; next }
		{ in_dll = 0 }
		/^Entry 5 / && @S|@4 !~ /^0+@S|@/ { relocs = 1 }
		/^\tDLL Name: / { in_imports = 1; print "lib:" @S|@3; next }
		in_imports && /^\t@<:@0-9a-f@:>@+\t +@<:@0-9@:>@+ +@<:@^ @:>@+@S|@/ { print "sym:" @S|@3; next }
		in_imports && /^@S|@/ { in_imports = 0 }
		/^\@<:@ *@<:@0-9@:>@+\@:>@\(sec +@<:@1-9@:>@/ { print "sym:" @S|@NF }
		END {
			if (c@<:@"DYNAMIC_BASE"@:>@ && relocs) print "prop:dynamicbase"
			if (c@<:@"DYNAMIC_BASE"@:>@ && relocs && c@<:@"HIGH_ENTROPY_VA"@:>@ && pe64) print "prop:high-entropy-va"
			if (c@<:@"NX_COMPAT"@:>@) print "prop:nxcompat"
		}' "@S|@1")
	facts "@S|@@"
}

@%:@ asm_compare ON-FILE @<:@NAME LABEL OFF-FILE@:>@...: same gets " differs:NAME",
@%:@ " same:NAME" or " missing:NAME" for each NAME, comparing the code of
@%:@ harden_probe_LABEL in ON-FILE with the one in OFF-FILE.  The file names
@%:@ reach awk as data on its input, never in its program.
asm_compare() {
	same=" @S|@(printf '%s\n' "@S|@@" | awk '
		@%:@ The function runs from its label to .size (ELF), .seh_endproc
		@%:@ (PE) or the next function; debug directives are left out, and
		@%:@ local labels are numbered in their order within it (code
		@%:@ elsewhere in the file shifts the numbers, not the function).
		function excerpt(file, label,    line, text, in_fn) {
			text = ""; in_fn = 0; split("", local); nlocal = 0
			while ((getline line < file) > 0) {
				if (!in_fn) {
					if (index(line, label ":") == 1) { in_fn = 1; text = line "\n" }
					continue
				}
				if (line ~ /^@<:@ \t@:>@*\.(size|seh_endproc|def|globl|endfunc)@<:@ \t@:>@/ ||
				    line ~ /^@<:@ \t@:>@*\.seh_endproc@S|@/ || line ~ /^@<:@A-Za-z_@:>@@<:@A-Za-z0-9_@S|@@:>@*:/)
					break
				if (line ~ /^@<:@ \t@:>@*\.(loc|file|loc_mark_labels)@<:@ \t@:>@/ || line ~ /^\.L(VL|VU|BB|BE|FB|FE)@<:@0-9@:>@/)
					continue
				text = text renumber(line) "\n"
			}
			close(file)
			return text
		}
		function renumber(line,    out, tok, stem) {
			out = ""
			while (match(line, /\.L@<:@A-Za-z_@:>@*@<:@0-9@:>@@<:@0-9_@:>@*/)) {
				tok = substr(line, RSTART, RLENGTH)
				if (!(tok in local)) {
					stem = tok; sub(/@<:@0-9@:>@@<:@0-9_@:>@*@S|@/, "", stem)
					local@<:@tok@:>@ = stem "@%:@" ++nlocal
				}
				out = out substr(line, 1, RSTART - 1) local@<:@tok@:>@
				line = substr(line, RSTART + RLENGTH)
			}
			return out line
		}
		NR == 1 { on = @S|@0; next }
		{ name = @S|@0; getline label; getline off
		  a = excerpt(on, "harden_probe_" label)
		  b = excerpt(off, "harden_probe_" label)
		  printf "%s:%s ", (a == "" ? "missing" : (a == b ? "same" : "differs")), name }') "
}

@%:@ underscore NAME: us is NAME with - turned into _.
underscore() {
	us= ux=@S|@1
	while :; do
		case @S|@ux in
		*-*) us="@S|@us@S|@{ux%%-*}_" ux=@S|@{ux@%:@*-} ;;
		*) us="@S|@us@S|@ux"; break ;;
		esac
	done
}

@%:@ ---------------------------------------------------------------------------
@%:@ Step 6: needs=F.  A feature that is on while F is not present becomes
@%:@ unsupported.

check_needs() {
	n=1
	while @<:@ @S|@n -le @S|@nf @:>@; do
		eval "reqs=\@S|@f_req_@S|@n st=\@S|@st_@S|@n"
		case @S|@st,@S|@reqs in
		on,*needs=*)
			dep=@S|@{reqs@%:@*needs=}
			dep=@S|@{dep%%,*}
			feature_index "@S|@dep"
			eval "ds=\@S|@st_@S|@i dw=\@S|@why_@S|@i"
			case @S|@ds:@S|@dw in
			on:*|builder:*"; present"|builder:*"; present; "*) ;;
			*) decide @S|@n unsupported - "needs @S|@dep" ;;
			esac ;;
		esac
		n=@S|@((n + 1))
	done
}

@%:@ note_exceptions: an excepted feature's reason is the exception's, so that
@%:@ the report and the summary say why this target goes without it.
note_exceptions() {
	@<:@ -n "@S|@excepts" @:>@ || return 0
	n=1
	while @<:@ @S|@n -le @S|@nf @:>@; do
		if eval "@<:@ -n \"\@S|@{except_@S|@n-}\" @:>@"; then
			eval "st=\@S|@st_@S|@n w=\@S|@why_@S|@n"
			case @S|@st:@S|@w in
			off:disabled*) w=@S|@{w@%:@disabled}; w=@S|@{w@%:@; }; w=@S|@{w@%:@ (no flag needed)} ;;
			esac
			eval "why_@S|@n=\"exception: \@S|@reason\@S|@{w:+; \@S|@w}\""
		fi
		n=@S|@((n + 1))
	done
}

@%:@ ---------------------------------------------------------------------------
@%:@ The report (catalog/README.md, "The report").

make_report() {
	cpp= cflags= exe_cflags= ldflags= exe_ldflags= lib_ldflags= enabled= audit=
	features=
	n=1
	while @<:@ @S|@n -le @S|@nf @:>@; do
		report_feature @S|@n
		n=@S|@((n + 1))
	done
	t=@S|@{traits@%:@ }
	printf '%s\n' "version=@S|@harden_version" "level=@S|@level" "runs=@S|@runs" "traits=@S|@{t% }" \
		"cppflags=@S|@{cpp@%:@ }" "cflags=@S|@{cflags@%:@ }" "exe_cflags=@S|@{exe_cflags@%:@ }" \
		"ldflags=@S|@{ldflags@%:@ }" "exe_ldflags=@S|@{exe_ldflags@%:@ }" "lib_ldflags=@S|@{lib_ldflags@%:@ }" \
		"enabled=@S|@{enabled@%:@ }" "audit_expect=@S|@audit"
	printf '%s\n' "@S|@{features@%:@?}"
}

@%:@ report_feature I: I's lines onto features; its flags onto the lists, and
@%:@ I onto enabled and audit when present.
report_feature() {
	eval "name=\@S|@f_name_@S|@1 st=\@S|@st_@S|@1 v=\@S|@val_@S|@1 w=\@S|@why_@S|@1 tags=\@S|@set_@S|@1 q=\@S|@q_@S|@1"
	add_tagged @S|@tags
	bst=@S|@st bw=@S|@w
	project_label @S|@1
	case @S|@st:@S|@w in
	on:*|builder:*"; present"|builder:*"; present; "*|project:*"; present")
		enabled="@S|@enabled @S|@name=@S|@v"
		@%:@ An audit row may hold for one trait only (format=elf), or
		@%:@ where the probe showed its symbols (audit_note).
		eval "a=\@S|@f_audit_@S|@1"
		case @S|@a:@S|@traits:@S|@w in
		*"@S|@audit_unseen"*) ;;
		yes:*|*" @S|@a "*) audit="@S|@audit@S|@{audit:+,}@S|@name" ;;
		esac ;;
	esac
	case @S|@st in
	on) detail=@S|@shown; @<:@ "@S|@v" = yes @:>@ || detail="@S|@v: @S|@shown"
	    @<:@ -z "@S|@w" @:>@ || detail="@S|@detail; @S|@w" ;;
	off) detail="@S|@w@S|@{shown:+: @S|@shown}" ;;
	*) detail=@S|@w ;;
	esac
	features="@S|@features
feature @S|@name @S|@st @S|@v @S|@{w:--}
flags @S|@name @S|@tags
detail @S|@name @S|@detail"
	st=@S|@bst w=@S|@bw
	report_result
}

@%:@ add_tagged TAG:FLAG...: each FLAG onto the lists its TAG (the WHERE of
@%:@ catalog/README.md) names; shown gets the flags.
add_tagged() {
	shown=
	for t do
		f=@S|@{t@%:@*:}
		shown="@S|@shown@S|@{shown:+ }@S|@f"
		case @S|@t in
		cpp:*) cpp="@S|@cpp @S|@f" ;;
		cc:*) cflags="@S|@cflags @S|@f" ;;
		exe-cc:*) exe_cflags="@S|@exe_cflags @S|@f" ;;
		ld:*) ldflags="@S|@ldflags @S|@f" ;;
		exe-ld:*) exe_ldflags="@S|@exe_ldflags @S|@f" ;;
		lib-ld:*) lib_ldflags="@S|@lib_ldflags @S|@f" ;;
		cc+ld:*) cflags="@S|@cflags @S|@f" ldflags="@S|@ldflags @S|@f" ;;
		esac
	done
}

@%:@ report_result: the result line of the feature, for auto and yes requests.
report_result() {
	case @S|@q:@S|@st in
	auto:on|yes:on) features="@S|@features
result @S|@name @S|@v @S|@tags@S|@{w:+; @S|@w}" ;;
	auto:unsupported|yes:unsupported) features="@S|@features
result @S|@name no: @S|@w" ;;
	auto:builder)
		case @S|@w in
		*"; present"|*"; present; "*) r="present@S|@{w@%:@*; present}" ;;
		*"; absent") r=absent ;;
		*"; not proven: "*) r="unproven: @S|@{w@%:@*; not proven: }" ;;
		esac
		features="@S|@features
result @S|@name builder @S|@r" ;;
	esac
}

@%:@ ---------------------------------------------------------------------------
@%:@ --amend: flags the project added after the checks come after harden's on
@%:@ every command line, and win.

@%:@ amend_report: report again, with each feature that a word of
@%:@ project_flags changes (the last word that matches its builder patterns,
@%:@ as for the compiler) in state "project", its value the word's (off, or
@%:@ a value as builder_value says); pflag_I is the word.  A feature the
@%:@ project turns off leaves enabled and audit_expect; one whose value it
@%:@ changes keeps its place there, with the new value.
amend_report() {
	n=0 body= enabled= audit= head= flagged=" "
	IFS=@S|@nl
	for l in @S|@report; do
		case @S|@l in flags\ *\ ?*) l=@S|@{l@%:@flags }; flagged="@S|@flagged@S|@{l%% *} " ;; esac
	done
	for l in @S|@report; do
		IFS=@S|@ifs
		case @S|@n:@S|@l in
		0:enabled=*) enabled=" @S|@{l@%:@enabled=} " ;;
		0:audit_expect=*) audit=",@S|@{l@%:@audit_expect=}," ;;
		*:feature\ *) n=@S|@((n + 1)); amend_feature "@S|@l"; body="@S|@body@S|@nl@S|@l" ;;
		0:*) head="@S|@head@S|@l@S|@nl" ;;
		*:detail\ *) @<:@ -z "@S|@{pflag_n+set}" @:>@ || l="detail @S|@name @S|@why"; body="@S|@body@S|@nl@S|@l" ;;
		*) body="@S|@body@S|@nl@S|@l" ;;
		esac
	done
	IFS=@S|@ifs
	enabled=@S|@{enabled@%:@ } audit=@S|@{audit@%:@,}
	report="@S|@{head}enabled=@S|@{enabled% }@S|@{nl}audit_expect=@S|@{audit%,}@S|@body"
}

@%:@ amend_feature LINE: l is LINE (the feature line of feature n), changed
@%:@ when a project word decides n otherwise (then pflag_n, name and why are
@%:@ set, and enabled and audit follow).
amend_feature() {
	set -- @S|@1
	name=@S|@2 cur=@S|@4
	eval "@<:@ \"\@S|@{f_name_@S|@n-}\" = \"\@S|@name\" @:>@" || usage_error "the report @S|@amend is not of this catalog (@S|@name)"
	case @S|@3 in off|unsupported) cur=off ;; esac
	unset pflag_n
	if project_unmet @S|@n; then
		@%:@ harden adds no -O or -fsanitize: first or last, the word holds.
		bvalue=off why="set by @S|@project_by (@S|@pf) after the checks: @S|@bad; was: @S|@3"
	else
		case @S|@project_first:@S|@flagged in yes:*" @S|@name "*) return 0 ;; esac
		project_flag @S|@n || return 0
		builder_value @S|@n "@S|@pf"
		why="set by @S|@project_by (@S|@pf) after the checks; was: @S|@3"
	fi
	@<:@ "@S|@bvalue" != "@S|@cur" @:>@ || return 0
	eval "pflag_@S|@n=\@S|@pf"
	pflag_n=@S|@pf
	@<:@ "@S|@4" = - @:>@ || why="@S|@why @S|@4"
	l="feature @S|@name project @S|@bvalue @S|@why"
	case @S|@bvalue:@S|@enabled in
	off:*" @S|@name="*)
		e=@S|@{enabled@%:@*" @S|@name="}
		enabled="@S|@{enabled%%" @S|@name="*} @S|@{e@%:@* }" ;;
	*:*" @S|@name="*)
		e=@S|@{enabled@%:@*" @S|@name="}
		enabled="@S|@{enabled%%" @S|@name="*} @S|@name=@S|@bvalue @S|@{e@%:@* }" ;;
	esac
	case @S|@bvalue:@S|@audit in
	off:*",@S|@name,"*) audit="@S|@{audit%%",@S|@name,"*},@S|@{audit@%:@*",@S|@name,"}" ;;
	esac
}

@%:@ project_unmet I: a word of project_flags breaks a precondition of I's
@%:@ REQUIRES (optimize: the last -O word is -O0; no-sanitizer: a
@%:@ -fsanitize= of address, thread or memory), as the probes' traits would
@%:@ have said; pf is the word, bad why.
project_unmet() {
	eval "reqs=,\@S|@f_req_@S|@1,"
	pf= bad=
	case @S|@reqs in *,optimize,*)
		for w in @S|@project_flags; do
			case @S|@w in -O0) pf=@S|@w ;; -O*) pf= ;; esac
		done
		@<:@ -z "@S|@pf" @:>@ || { bad="needs optimisation (-O1 or more)"; return 0; } ;;
	esac
	case @S|@reqs in *,no-sanitizer,*)
		for w in @S|@project_flags; do
			case @S|@w in -fsanitize=*address*|-fsanitize=*thread*|-fsanitize=*memory*) pf=@S|@w ;; esac
		done
		@<:@ -z "@S|@pf" @:>@ || { bad="not with sanitizers"; return 0; } ;;
	esac
	return 1
}

@%:@ project_flag I: pf is the last word of project_flags that matches one of
@%:@ I's builder patterns; returns 1 for none.
project_flag() {
	pf=
	eval "pats=\@S|@f_pats_@S|@1"
	for w in @S|@project_flags; do
		for p in @S|@pats; do
			case @S|@w in @S|@p) pf=@S|@w; break ;; esac
		done
	done
	@<:@ -n "@S|@pf" @:>@
}

@%:@ ---------------------------------------------------------------------------
@%:@ Step 7 and the outputs, from the report (fresh or cached).

@%:@ print_and_exit: the outputs of the report; exit 1 when an explicit request
@%:@ cannot be met, else 0.
print_and_exit() {
	request_error
	@<:@ -z "@S|@report_file" @:>@ || write_report
	@%:@ A language of several: its error for the run's outputs.
	@<:@ -z "@S|@{error_file-}" @:>@ || printf '%s\n' "@S|@error_feature" "@S|@error" >"@S|@error_file"
	write_outputs
	if @<:@ -n "@S|@error" @:>@; then
		printf '%s: %s\n' "@S|@me" "@S|@error" >&2
		error_line "@S|@error_feature" "@S|@error_reason"
		exit 1
	fi
	exit 0
}

@%:@ request_error: error says which explicit request cannot be met, if any
@%:@ (error_feature and error_reason: which feature, and the reason in its
@%:@ report line); from the report itself, so that a cached report fails the
@%:@ same way.  One pass: the report's feature lines come in catalog order.
request_error() {
	error= error_feature= n=0
	IFS=@S|@nl
	for l in @S|@report; do
		IFS=@S|@ifs
		set -- @S|@l
		@<:@ "@S|@{1-}" = feature @:>@ || continue
		n=@S|@((n + 1))
		eval "q=\@S|@q_@S|@n"
		case @S|@q:@S|@3 in
		auto:*|skip:*) continue ;;
		no:project) @<:@ "@S|@4" != off @:>@ || continue; verb=disable ;;
		yes:project) @<:@ "@S|@4" = off @:>@ || continue; verb=enable ;;
		*:project) @<:@ "@S|@4" != "@S|@q" @:>@ || continue; verb=enable ;;
		no:*) @<:@ "@S|@3" != off @:>@ || continue; verb=disable ;;
		*) @<:@ "@S|@3" != on @:>@ || continue; verb=enable ;;
		esac
		@%:@ A feature of the other language: never an error (other_language).
		other_language @S|@n && continue
		words_after 4 "@S|@l"
		eval "pf=\@S|@{pflag_@S|@n-}"
		@<:@ -z "@S|@pf" @:>@ || rest="@S|@project_by's flags have @S|@pf"
		error="cannot @S|@verb @S|@2: @S|@rest" error_feature=@S|@2 error_reason=@S|@rest
		break
	done
	IFS=@S|@ifs
}

@%:@ value KEY: the value of KEY= in the report.
value() {
	while IFS= read -r l; do
		case @S|@l in "@S|@1="*) printf '%s' "@S|@{l@%:@*=}"; return ;; esac
	done <<EOF
@S|@report
EOF
}

write_outputs() {
	joined= join=
	for o in @S|@outputs; do
		case @S|@o in
		report) printf '%s\n' "@S|@report" ;;
		summary) print_summary ;;
		agreed) print_agreed ;;
		*flags) joined="@S|@joined@S|@{joined:+ }@S|@(value "@S|@(list_key @S|@o)")" join=yes ;;
		export=sh|export=make) print_export ;;
		export=keys) print_keys; print_all_keys ;;
		pc) print_pc ;;
		esac
	done
	@<:@ -z "@S|@join" @:>@ || printf '%s\n' "@S|@joined"
}

@%:@ list_key OUTPUT: the report's key of a list output.  A C++ run's report
@%:@ keeps the keys of C: its cflags are CXX's flags.
list_key() {
	case @S|@1 in
	cxxflags) echo cflags ;;
	cxx-ldflags) echo ldflags ;;
	exe-cxxflags|exe-cflags) echo exe_cflags ;;
	exe-cxx-ldflags|exe-ldflags) echo exe_ldflags ;;
	cxx-lib-ldflags|lib-ldflags) echo lib_ldflags ;;
	*) echo "@S|@1" ;;
	esac
}

@%:@ print_agreed: --agreed, the head of a block of KEY=VALUE lines: the lists
@%:@ and words of every language of the run (one language: its report's).
print_agreed() {
	echo "agreed=@S|@lang"
	for k in cppflags cflags exe_cflags ldflags exe_ldflags lib_ldflags enabled audit_expect; do
		printf '%s=%s\n' @S|@k "@S|@(value @S|@k)"
	done
	case @S|@lang in
	*" "*) printf 'features=%s\n' "@S|@(value features)" ;;
	*) n=1 x=
	   while @<:@ @S|@n -le @S|@nf @:>@; do eval "x=\@S|@x,\@S|@f_name_@S|@n"; n=@S|@((n + 1)); done
	   printf 'features=%s\n' "@S|@{x@%:@,}" ;;
	esac
}

@%:@ write_report: --write-report=FILE, the report written whole or not at all.
write_report() {
	writable "@S|@report_file.tmp@S|@@S|@" && printf '%s\n' "@S|@report" >"@S|@report_file.tmp@S|@@S|@" &&
		mv -f "@S|@report_file.tmp@S|@@S|@" "@S|@report_file" ||
		cannot_run "cannot write the report @S|@report_file: @S|@{why:-no space?}"
}

@%:@ print_keys: --export=keys, for a frontend that reads no report: KEY=VALUE
@%:@ lines, each of the report's KEY=VALUE lines as LANG.KEY, each feature's
@%:@ state, detail, tagged flags and result as LANG.state.NAME,
@%:@ LANG.detail.NAME, LANG.flags.NAME and LANG.result.NAME, and the request
@%:@ that cannot be met as LANG.error (its message) and LANG.error_feature
@%:@ (print_all_keys: what the languages agree on, and the features in
@%:@ catalog order).
print_keys() {
	while IFS= read -r l; do
		kv_key=@S|@{l%%=*}
		case @S|@l in
		"feature "*) set -- @S|@l; printf '%s.state.%s=%s\n' "@S|@lang" "@S|@2" "@S|@3" ;;
		"detail "*|"flags "*|"result "*) kv_key=@S|@{l%% *} kv_text=@S|@{l@%:@* } kv_name=@S|@{kv_text%% *} kv_text=@S|@{kv_text@%:@"@S|@kv_name"}
			printf '%s.%s.%s=%s\n' "@S|@lang" "@S|@kv_key" "@S|@kv_name" "@S|@{kv_text@%:@ }" ;;
		*=*) case @S|@kv_key in *" "*) ;; *) printf '%s.%s\n' "@S|@lang" "@S|@l" ;; esac ;;
		esac
	done <<EOF
@S|@report
EOF
	@<:@ -z "@S|@error" @:>@ || printf '%s.error=%s\n%s.error_feature=%s\n' "@S|@lang" "@S|@error" "@S|@lang" "@S|@error_feature"
}

@%:@ print_all_keys: the all.KEY lines of --export=keys (print_agreed's), the
@%:@ same.KEY lines (the same with --agreed=same: Automake's flags of every
@%:@ language; one language: its own), and features, the catalog's names in
@%:@ order.
print_all_keys() {
	print_agreed | while IFS= read -r l; do
		case @S|@l in agreed=*) ;; *) printf 'all.%s\n' "@S|@l" ;; esac
	done
	@<:@ -z "@S|@{report_same-}" @:>@ || report=@S|@report_same
	print_agreed | while IFS= read -r l; do
		case @S|@l in agreed=*) ;; *) printf 'same.%s\n' "@S|@l" ;; esac
	done
	kv_i=1 kv_text=
	while @<:@ @S|@kv_i -le @S|@nf @:>@; do eval "kv_text=\@S|@kv_text,\@S|@f_name_@S|@kv_i"; kv_i=@S|@((kv_i + 1)); done
	printf 'features=%s\n' "@S|@{kv_text@%:@,}"
}

print_summary() {
	while read -r kind fn rest; do
		case @S|@kind in
		feature) st=@S|@{rest%% *} ;;
		detail) printf '  %-30s %-12s %s\n' "@S|@fn" "@S|@st" "@S|@rest" ;;
		esac
	done <<EOF
@S|@report
EOF
}

@%:@ print_export: --export=sh (o is export=sh) or --export=make; a C++ run
@%:@ names its variables HARDEN_CXX_CPPFLAGS, HARDEN_CXXFLAGS, and so on, the
@%:@ languages' agreement (lang all) HARDEN_ALL_CPPFLAGS, HARDEN_ALL_CFLAGS...
print_export() {
	case @S|@lang in
	c) set -- CPPFLAGS:cppflags CFLAGS:cflags EXE_CFLAGS:exe_cflags LDFLAGS:ldflags \
		    EXE_LDFLAGS:exe_ldflags LIB_LDFLAGS:lib_ldflags ENABLED:enabled \
		    AUDIT_EXPECT:audit_expect ;;
	c++) set -- CXX_CPPFLAGS:cppflags CXXFLAGS:cflags EXE_CXXFLAGS:exe_cflags \
		    CXX_LDFLAGS:ldflags EXE_CXX_LDFLAGS:exe_ldflags CXX_LIB_LDFLAGS:lib_ldflags \
		    CXX_ENABLED:enabled CXX_AUDIT_EXPECT:audit_expect ;;
	all) set -- ALL_CPPFLAGS:cppflags ALL_CFLAGS:cflags ALL_EXE_CFLAGS:exe_cflags \
		    ALL_LDFLAGS:ldflags ALL_EXE_LDFLAGS:exe_ldflags ALL_LIB_LDFLAGS:lib_ldflags \
		    ALL_ENABLED:enabled ALL_AUDIT_EXPECT:audit_expect ;;
	esac
	for v do
		x=@S|@(value @S|@{v@%:@*:})
		V=@S|@prefix@S|@{v%%:*}
		if @<:@ @S|@o = export=sh @:>@; then
			q=
			while :; do
				case @S|@x in
				*\'*) q="@S|@q@S|@{x%%\'*}'\\''" x=@S|@{x@%:@*\'} ;;
				*) q="@S|@q@S|@x"; break ;;
				esac
			done
			printf "%s='%s'; export %s\n" "@S|@V" "@S|@q" "@S|@V"
		else
			m=
			while :; do
				case @S|@x in
				*\@S|@*) m="@S|@m@S|@{x%%\@S|@*}\@S|@\@S|@" x=@S|@{x@%:@*\@S|@} ;;
				*) m="@S|@m@S|@x"; break ;;
				esac
			done
			printf '%s = %s\n' "@S|@V" "@S|@m"
		fi
	done
}

@%:@ print_pc: --pc.  The values are the catalog's flags (no @S|@ in them); a @%:@
@%:@ would start a comment, so it is written \@%:@.
print_pc() {
	printf '@%:@ The hardening flags that harden-flags %s proved for\n' "@S|@harden_version"
	case @S|@cc in *"@S|@nl"*) ;; *) printf '@%:@ %s=%s with the builder'"'"'s flags (harden-flags --pc).\n' "@S|@ccvar" "@S|@cc" ;; esac
	for v in level cppflags cflags exe_cflags ldflags exe_ldflags lib_ldflags enabled audit_expect; do
		x=@S|@(value @S|@v) m=
		while :; do
			case @S|@x in
			*@%:@*) m="@S|@m@S|@{x%%@%:@*}\\@%:@" x=@S|@{x@%:@*@%:@} ;;
			*) m="@S|@m@S|@x"; break ;;
			esac
		done
		printf '%s=%s\n' "@S|@v" "@S|@m"
	done
	printf '%s\n' "" "Name: harden-flags" \
		"Description: Hardening flags proven for one C compiler and its flags (level \@S|@{level})" \
		"Version: @S|@harden_version" 'Cflags: @S|@{cppflags} @S|@{cflags}' 'Libs: @S|@{ldflags}'
}

@%:@ ---------------------------------------------------------------------------
@%:@ Several languages in one run: --lang=c,c++, or --lang=LANG before each
@%:@ language's own arguments (its compiler, flags, cache and log); what comes
@%:@ before the first --lang is every language's.  The languages' procedures
@%:@ run at the same time, each in a subshell of this one that writes its
@%:@ report to a scratch file; then the outputs of each language, and of what
@%:@ they agree on.

@%:@ count_languages ARG...: langs, the languages in order (" c c++ "), nlang
@%:@ their number, listed=yes for --lang=c,c++ (no arguments of their own).
count_languages() {
	langs=" " nlang=0 listed= nopt=0
	for arg do
		case @S|@arg in
		--help) help ;;
		--version) echo "@S|@me @S|@harden_version"; exit 0 ;;
		--lang=*,*) listed=yes; IFS=,; set -- @S|@{arg@%:@--lang=}; IFS=@S|@ifs ;;
		--lang=*) set -- "@S|@{arg@%:@--lang=}" ;;
		*) continue ;;
		esac
		nopt=@S|@((nopt + 1))
		@<:@ -z "@S|@listed" @:>@ || @<:@ @S|@nopt -eq 1 @:>@ ||
			usage_error "--lang=c,c++ names every language of the run: no other --lang"
		for l do
			case @S|@l in c|c++) ;; *) usage_error "invalid value '@S|@l' for --lang: use c or c++" ;; esac
			case @S|@langs in *" @S|@l "*) usage_error "--lang=@S|@l is given twice" ;; esac
			langs="@S|@langs@S|@l " nlang=@S|@((nlang + 1))
		done
	done
}

@%:@ is_output ARG: ARG asks for an output (or names the outputs' variables).
is_output() {
	case @S|@1 in
	--report|--summary|--agreed|--agreed=*|--cppflags|--export=*|--export-prefix=*|--pc|--list|--list=*) return 0 ;;
	--cflags|--exe-cflags|--ldflags|--exe-ldflags|--lib-ldflags|--cxxflags|--exe-cxxflags) return 0 ;;
	--cxx-ldflags|--exe-cxx-ldflags|--cxx-lib-ldflags) return 0 ;;
	esac
	return 1
}

@%:@ common_args ARG...: the run's outputs, prefix and catalog, from the
@%:@ arguments before the first --lang (parse_args); an argument of one
@%:@ language there, or one of the run after it, is a usage error.
common_args() {
	n=@S|@@%:@ at=0
	for arg do
		case @S|@arg in --lang=*,*) continue ;; --lang=*) at=@S|@((at + 1)); continue ;; esac
		if @<:@ @S|@at -eq 0 @:>@; then
			case @S|@arg in
			--report|--summary|--agreed|--agreed=same|--export=sh|--export=make|--export=keys|--export-prefix=*) ;;
			--cache=*|--log=*|--known=*|--traits=*|--amend=*|--write-report=*|--project-first)
				usage_error "@S|@{arg%%=*} is one language's: with several, give it after that language's --lang=LANG" ;;
			*) ! is_output "@S|@arg" ||
				usage_error "@S|@arg is one language's output: with several, use --report, --summary, --agreed or --export=sh|make|keys" ;;
			esac
			set -- "@S|@@" "@S|@arg"
		else
			case @S|@arg in --catalog=*) ;; *) ! is_output "@S|@arg" && continue ;; esac
			usage_error "@S|@arg is the run's, not one language's: give it before the first --lang"
		fi
	done
	shift @S|@n
	parse_args "@S|@@"
}

@%:@ language_run K ARG...: the procedure of the Kth language, with the
@%:@ arguments before the first --lang (but the outputs) and its own; it
@%:@ prints its report.
language_run() {
	k=@S|@1
	shift
	n=@S|@@%:@ at=0 i=0
	for arg do
		case @S|@arg in
		--lang=*,*) for l in @S|@langs; do
				i=@S|@((i + 1))
				@<:@ @S|@i -ne @S|@k @:>@ || set -- "@S|@@" "--lang=@S|@l"
			done
			continue ;;
		--lang=*) at=@S|@((at + 1)) ;;
		*) ! is_output "@S|@arg" || continue ;;
		esac
		@<:@ @S|@at -ne 0 @:>@ && @<:@ @S|@at -ne @S|@k @:>@ || set -- "@S|@@" "@S|@arg"
	done
	shift @S|@n
	@%:@ The end line, after the report: a report cut short (a full disk)
	@%:@ has none.
	(error_file=@S|@rundir/@S|@k.error one_language "@S|@@" --report) && rc=0 || rc=@S|@?
	echo "end of the report"
	exit @S|@rc
}

@%:@ several_languages ARG...: every language's procedure at once, then the
@%:@ outputs: each report in turn (each starts with version=); each summary
@%:@ under its language; the export of each language and of lang "all".  The
@%:@ messages of a language start "harden-flags: LANG: ".  Exit status: the
@%:@ first language's that cannot run (2, 3: no outputs), else 1 when one
@%:@ request cannot be met, else 0.
several_languages() {
	common_args "@S|@@"
	find_catalog
	read_catalog
	rundir=@S|@(mktemp -d "@S|@{TMPDIR:-/tmp}/harden-flags.XXXXXX" 2>/dev/null) ||
		cannot_run "cannot create a scratch directory in @S|@{TMPDIR:-/tmp}"
	trap 'rm -rf "@S|@rundir"' EXIT
	trap 'exit 130' INT TERM
	k=0
	for l in @S|@langs; do
		k=@S|@((k + 1))
		(language_run @S|@k "@S|@@") </dev/null >"@S|@rundir/@S|@k.out" 2>"@S|@rundir/@S|@k.err" &
		eval "pid_@S|@k=\@S|@!"
	done
	status=0 k=0
	for l in @S|@langs; do
		k=@S|@((k + 1))
		eval "wait \@S|@pid_@S|@k" && rc=0 || rc=@S|@?
		eval "rc_@S|@k=\@S|@rc"
		language_messages
		@<:@ @S|@status -ge 2 @:>@ || @<:@ @S|@rc -eq 0 @:>@ || { @<:@ @S|@rc -eq 1 @:>@ && @<:@ @S|@status -eq 1 @:>@; } || status=@S|@rc
	done
	case @S|@status in 0|1) ;; *) exit @S|@status ;; esac
	k=0
	for l in @S|@langs; do
		k=@S|@((k + 1))
		read_report
	done
	@%:@ The agreement of --agreed=same too, for the same.KEY lines.
	case " @S|@outputs " in
	*" export=keys "*) kv_rule=@S|@agreed_rule agreed_rule=same; agree
		report_same=@S|@report_all agreed_rule=@S|@kv_rule ;;
	esac
	agree
	several_outputs
	exit @S|@status
}

@%:@ language_messages: the messages of language l (k), each line of this
@%:@ program's own marked with l.
language_messages() {
	while IFS= read -r line; do
		case @S|@line in
		"@S|@me: "*) printf '%s: %s: %s\n' "@S|@me" "@S|@l" "@S|@{line@%:@"@S|@me: "}" ;;
		*) printf '%s\n' "@S|@line" ;;
		esac
	done <"@S|@rundir/@S|@k.err" >&2
}

@%:@ read_report: report_K, the report of language l (k), and tags_K_I, its
@%:@ feature I's tagged flags; a report cut short (a full disk) cannot be
@%:@ read, which is never a report of fewer features.
read_report() {
	report=@S|@(cat "@S|@rundir/@S|@k.out") && @<:@ "@S|@report" != "@S|@{report%"@S|@nl"end of the report}" @:>@ ||
		cannot_run "the report of @S|@l was cut short (is the disk full?)"
	report=@S|@{report%"@S|@nl"end of the report}
	eval "report_@S|@k=\@S|@report"
	@%:@ Its request that cannot be met: the feature, the message
	@%:@ (print_and_exit wrote them).
	x= y=
	@<:@ ! -s "@S|@rundir/@S|@k.error" @:>@ || { read -r x && read -r y; } <"@S|@rundir/@S|@k.error"
	eval "error_feature_@S|@k=\@S|@x error_@S|@k=\@S|@y"
	n=0
	IFS=@S|@nl
	for line in @S|@report; do
		IFS=@S|@ifs
		case @S|@line in
		"flags "*) n=@S|@((n + 1)) line=@S|@{line@%:@flags } ; eval "tags_@S|@{k}_@S|@n=\@S|@{line@%:@* }"
			@<:@ "@S|@line" != "@S|@{line@%:@* }" @:>@ || eval "tags_@S|@{k}_@S|@n=" ;;
		"audit_expect="*) eval "audit_@S|@k=,\@S|@{line@%:@*=}," ;;
		"enabled="*) eval "enabled_@S|@k=\" \@S|@{line@%:@*=} \"" ;;
		esac
	done
	IFS=@S|@ifs
	@<:@ @S|@n -eq @S|@nf @:>@ || cannot_run "the report of @S|@l has @S|@n features, the catalog @S|@nf"
}

@%:@ agree: report_all, the lists of the features whose flags every language
@%:@ has (harden_dep of Meson, Automake's preprocessor flags: a target's flags of
@%:@ every language), and (but with --agreed=same) a feature of one language
@%:@ whose flags are only macros (-D_GLIBCXX_ASSERTIONS: inert on another
@%:@ language's line) when no other language has flags for it (Meson's
@%:@ language-blind dependency needs them there); enabled and audit_expect: the words
@%:@ every language has, of those features; features: their names.
agree() {
	cpp= cflags= exe_cflags= ldflags= exe_ldflags= lib_ldflags= enabled= audit= agreed=
	n=1
	while @<:@ @S|@n -le @S|@nf @:>@; do
		eval "tags=\@S|@tags_1_@S|@n"
		same=yes k=1
		for l in @S|@langs; do
			eval "@<:@ \"\@S|@tags_@S|@{k}_@S|@n\" = \"\@S|@tags\" @:>@" || same=
			k=@S|@((k + 1))
		done
		@<:@ -n "@S|@same" @:>@ || @<:@ "@S|@agreed_rule" = same @:>@ || macros_only @S|@n
		if @<:@ -n "@S|@same" @:>@; then
			add_tagged @S|@tags
			agreed_words @S|@n
			eval "agreed=\@S|@agreed,\@S|@f_name_@S|@n"
		fi
		n=@S|@((n + 1))
	done
	report_all="cppflags=@S|@{cpp@%:@ }
cflags=@S|@{cflags@%:@ }
exe_cflags=@S|@{exe_cflags@%:@ }
ldflags=@S|@{ldflags@%:@ }
exe_ldflags=@S|@{exe_ldflags@%:@ }
lib_ldflags=@S|@{lib_ldflags@%:@ }
enabled=@S|@{enabled@%:@ }
audit_expect=@S|@{audit@%:@,}
features=@S|@{agreed@%:@,}"
}

@%:@ macros_only I: same=yes and tags the flags of I when I is one language's
@%:@ (lang_of), only -D and -U in it, and no flags in the others.
macros_only() {
	lang_of @S|@1
	case @S|@langs in *" @S|@flang "*) ;; *) return ;; esac
	k=0 tags=
	for l in @S|@langs; do
		k=@S|@((k + 1))
		eval "t=\@S|@tags_@S|@{k}_@S|@1"
		if @<:@ "@S|@l" = "@S|@flang" @:>@; then
			tags=@S|@t
			for w in @S|@t; do case @S|@w in cpp:-D*|cpp:-U*) ;; *) return ;; esac; done
		elif @<:@ -n "@S|@t" @:>@; then
			return
		fi
	done
	same=yes
}

@%:@ agreed_words I: I's word of enabled (NAME=VALUE) and of audit_expect
@%:@ onto enabled and audit, when every language has the same.
agreed_words() {
	eval "name=\@S|@f_name_@S|@1"
	e= a=yes k=0
	for l in @S|@langs; do
		k=@S|@((k + 1))
		eval "x=\@S|@enabled_@S|@k y=\@S|@audit_@S|@k"
		case @S|@x in *" @S|@name="*) x=@S|@{x@%:@*" @S|@name="} x=@S|@{x%% *} ;; *) x= ;; esac
		@<:@ @S|@k -eq 1 @:>@ && e=@S|@x
		@<:@ "@S|@x" = "@S|@e" @:>@ || e=
		case @S|@y in *",@S|@name,"*) ;; *) a= ;; esac
	done
	@<:@ -z "@S|@e" @:>@ || enabled="@S|@enabled @S|@name=@S|@e"
	@<:@ -z "@S|@a" @:>@ || audit="@S|@audit,@S|@name"
}

@%:@ several_outputs: the outputs of a run of several languages, in order.
several_outputs() {
	for o in @S|@outputs; do
		k=0
		for lang in @S|@langs all; do
			k=@S|@((k + 1))
			if @<:@ @S|@lang = all @:>@; then report=@S|@report_all; else eval "report=\@S|@report_@S|@k"; fi
			case @S|@o:@S|@lang in
			report:all|summary:all|agreed:@<:@!a@:>@*) ;;
			agreed:all) lang=@S|@{langs@%:@ } lang=@S|@{lang% }; print_agreed ;;
			report:*) printf '%s\n' "@S|@report" ;;
			summary:c) echo "C:"; print_summary ;;
			summary:c++) echo "C++:"; print_summary ;;
			export=keys:all) lang=@S|@{langs@%:@ } lang=@S|@{lang% }; print_all_keys ;;
			export=keys:*) eval "error=\@S|@{error_@S|@k-} error_feature=\@S|@{error_feature_@S|@k-}"; print_keys ;;
			export=*) print_export ;;
			esac
		done
	done
}

@%:@ ---------------------------------------------------------------------------
@%:@ The procedure of catalog/README.md, in order.

@%:@ main ARG...: one language's procedure, or several languages' at once.
main() {
	find_version
	count_languages "@S|@@"
	@<:@ @S|@nlang -gt 1 @:>@ || one_language "@S|@@"
	several_languages "@S|@@"
}

@%:@ one_language ARG...: the procedure for one language, its outputs, exit.
one_language() {
	parse_args "@S|@@"
	find_catalog
	read_catalog
	case " @S|@outputs " in
	*" list "*) list_features; exit 0 ;;
	*" list-tsv "*) list_tsv; exit 0 ;;
	esac
	read_requests
	if @<:@ -n "@S|@amend" @:>@; then
		report=@S|@(cat "@S|@amend") && @<:@ -n "@S|@report" @:>@ || usage_error "cannot read the report @S|@amend"
		amend_report
		print_and_exit
	fi
	find_readers
	runs=0 work= noise=
	trap cleanup EXIT
	trap 'exit 130' INT TERM
	if @<:@ -n "@S|@cache" @:>@; then
		@%:@ A report moved into a directory is never read back.
		@<:@ ! -d "@S|@cache" @:>@ || usage_error "the cache @S|@cache is a directory"
		cache_inputs
		cache_fresh && read_cache && print_and_exit
	fi
	builder_flags
	known_results
	undecided
	if @<:@ -n "@S|@todo" @:>@; then
		@%:@ Before the first command; a run that probes nothing writes none.
		@<:@ -z "@S|@log" @:>@ || writable "@S|@log" || usage_error "cannot write the log @S|@log: @S|@why"
		compiler_found
		make_work
		base_start		@%:@ step 0, when first needed
		read_traits		@%:@ step 1
		preconditions		@%:@ steps 2 and 3
		run_probes		@%:@ steps 4 and 5
		@<:@ @S|@nbuild -gt 0 @:>@ || base_check
	fi
	check_needs		@%:@ step 6
	note_exceptions
	report=@S|@(make_report)
	@<:@ -z "@S|@cache" @:>@ || save_cache
	@%:@ Done with the scratch directory: gone before the outputs, which a
	@%:@ reader that stops early (grep -q) ends with SIGPIPE, and no EXIT trap.
	cleanup
	work=
	print_and_exit		@%:@ step 7, and the outputs
}

main "@S|@@"
harden_eof
]])
dnl END catalog

# _HARDEN_ARG_ENABLE(FEATURE, VAR-NAME, LEVEL, REQUIRES, VALUES, SUMMARY, AUDIT)
# -----------------------------------------------------------------------------
# The --enable-PREFIXFEATURE option, one for every language; harden_features
# lists the VAR-NAMEs, harden_option_VAR-NAME the option's shell name.
m4_define([_HARDEN_ARG_ENABLE],
[_HARDEN_OPTION_OWN(_HARDEN_PREFIX[$1], [$1])dnl
_HARDEN_AC_ARG_ENABLE(_HARDEN_PREFIX[$1],
  [AS_HELP_STRING([--enable-]_HARDEN_PREFIX[$1@<:@=VALUE@:>@],
    [$6 (auto, yes, no]m4_ifval([$5], [[, ]m4_bpatsubst([$5], [ +], [[, ]])])[) @<:@]m4_if([$3], [request], [only on request], [auto in level $3])[@:>@])])dnl
harden_features="$harden_features $2"
harden_name_$2=$1
harden_option_$2=m4_translit(_HARDEN_PREFIX[$1], [-+.], [___])
])

# HARDEN_OPTION_PREFIX(PREFIX)
# ----------------------------
# Before HARDEN_CHECK: harden's feature options become
# --enable-PREFIXFEATURE (HARDEN_OPTION_PREFIX([harden-]): --enable-harden-pie,
# --disable-harden-stack-protector), so that they coexist with a project's
# own options of the same names.  --enable-hardening keeps its name.
AC_DEFUN([HARDEN_OPTION_PREFIX],
[AC_PROVIDE_IFELSE([HARDEN_CHECK],
  [m4_fatal([HARDEN_OPTION_PREFIX must come before HARDEN_CHECK])])dnl
m4_if(m4_translit([[$1]], [abcdefghijklmnopqrstuvwxyz0123456789-]), [],
  [m4_define([_HARDEN_PREFIX], [$1])],
  [m4_fatal([HARDEN_OPTION_PREFIX: invalid prefix '$1': use lower-case letters, digits and -, e.g. harden-])])])

# Options of the same name
# ------------------------
# A project's AC_ARG_ENABLE of one of harden's option names would make one
# option with two meanings (--disable-pie driving both, a value of one
# refused by the other, --help listing it twice): autoconf stops, naming
# both definitions.  AC_ARG_ENABLE is wrapped, from the moment this file is
# read (aclocal.m4 comes before configure.ac), to record where each project
# option is defined; harden's own options use the original
# (_HARDEN_AC_ARG_ENABLE), and Autoconf's list of options (_AC_USER_OPTS)
# catches one defined before this file was read.
m4_ifdef([_HARDEN_AC_ARG_ENABLE], [],
[m4_copy([AC_ARG_ENABLE], [_HARDEN_AC_ARG_ENABLE])dnl
m4_define([AC_ARG_ENABLE], [_HARDEN_OPTION_USER([$1])]m4_defn([AC_ARG_ENABLE]))])

# _HARDEN_OPTION_USER(OPTION): a project's --enable-OPTION, at m4_location.
m4_define([_HARDEN_OPTION_USER],
[m4_ifdef([_HARDEN_OWN_]m4_translit([[$1]], [-+.], [___]),
  [_HARDEN_OPTION_CLASH([$1], m4_location,
    m4_defn([_HARDEN_OWN_]m4_translit([[$1]], [-+.], [___])))],
  [m4_define([_HARDEN_USER_]m4_translit([[$1]], [-+.], [___]), m4_location)])])

# _HARDEN_OPTION_OWN(OPTION, FEATURE): harden's --enable-OPTION, for FEATURE
# (empty: the level).
m4_define([_HARDEN_OPTION_OWN],
[m4_pushdef([_harden_v], m4_translit([[$1]], [-+.], [___]))dnl
m4_define([_HARDEN_OWN_]_harden_v, m4_location[ (]m4_ifval([$2],
  [[the hardening feature $2]], [[the hardening level]])[)])dnl
m4_ifdef([_HARDEN_USER_]_harden_v,
  [_HARDEN_OPTION_CLASH([$1], m4_defn([_HARDEN_USER_]_harden_v),
    m4_defn([_HARDEN_OWN_]_harden_v))])dnl
m4_if(m4_index(m4_newline()m4_ifdef([_AC_USER_OPTS], [m4_defn([_AC_USER_OPTS])])m4_newline(),
    m4_newline()[enable_]_harden_v[]m4_newline()), [-1], [],
  [_HARDEN_OPTION_CLASH([$1], [an AC_ARG_ENABLE before harden.m4 was read],
    m4_defn([_HARDEN_OWN_]_harden_v))])dnl
m4_popdef([_harden_v])])

# _HARDEN_OPTION_CLASH(OPTION, PROJECT-LOCATION, HARDEN-LOCATION)
m4_define([_HARDEN_OPTION_CLASH],
[m4_fatal([--enable-$1 is defined twice: by the project's AC_ARG_ENABLE at $2 and by HARDEN_CHECK at $3; ]dnl
m4_if(m4_index([$3], [feature]), [-1], [[rename the project's option]],
  [[call HARDEN_OPTION_PREFIX([harden-]) before HARDEN_CHECK to rename harden's options (--enable-harden-FEATURE), or rename the project's option]]))])

# _HARDEN_CACHE_CHECK(FEATURE, VAR-NAME, ...)
# -------------------------------------------
# The result of a feature requested as auto or yes, cached in the language's
# _HARDEN_CV prefix and VAR-NAME (the driver's "result" line: it was given
# back to the driver as --known when set before).
m4_define([_HARDEN_CACHE_CHECK],
[AS_IF([test -n "${harden_result_$2+set}"],
[AC_MSG_CHECKING([for $1]_HARDEN_LABEL)
AC_CACHE_VAL(_HARDEN_CV[$2], [_HARDEN_CV[$2]=$harden_result_$2])
AC_MSG_RESULT([$harden_show_$2])])
])

# HARDEN_PREREQ(MIN-VERSION)
# --------------------------
AC_DEFUN([HARDEN_PREREQ],
[m4_if(m4_version_compare(_HARDEN_VERSION, [$1]), [-1],
  [m4_fatal([harden.m4 $1 or later is required; this one is ]_HARDEN_VERSION)])])

# HARDEN_CHECK([DEFAULT-LEVEL = standard], [CXX-CONDITION = true])
# ----------------------------------------------------------------
AC_DEFUN_ONCE([HARDEN_CHECK],
[m4_if(m4_index([ none standard strict ], [ ]m4_default([$1], [standard])[ ]), [-1],
  [m4_fatal([HARDEN_CHECK: unknown level '$1': use none, standard or strict])])dnl
m4_ifdef([_HARDEN_PREFIX], [], [m4_define([_HARDEN_PREFIX], [])])dnl
harden_features=
_HARDEN_FOREACH_FEATURE([_HARDEN_ARG_ENABLE])dnl
_HARDEN_OPTION_OWN([hardening])dnl
_HARDEN_AC_ARG_ENABLE([hardening],
  [AS_HELP_STRING([--enable-hardening@<:@=LEVEL@:>@],
    [hardening level: none, standard or strict @<:@]m4_default([$1], [standard])[@:>@])])
AC_ARG_VAR([HARDEN_READELF], [readelf for the target, used to read the hardening probes])
AC_CHECK_TOOLS([HARDEN_READELF], [readelf llvm-readelf], [no])
AC_ARG_VAR([HARDEN_OBJDUMP], [objdump for the target, used to read the probes of Windows (PE) targets])
AC_CHECK_TOOLS([HARDEN_OBJDUMP], [objdump llvm-objdump], [no])
AC_ARG_VAR([HARDEN_AUDIT], [harden-audit, to prove in make check that the hardening reached the binaries])
AC_PATH_PROG([HARDEN_AUDIT], [harden-audit])

AS_CASE([${enable_hardening-default}],
  [default|yes], [HARDEN_LEVEL=m4_default([$1], [standard])],
  [no], [HARDEN_LEVEL=none],
  [HARDEN_LEVEL=$enable_hardening])
HARDEN_VERSION=_HARDEN_VERSION
_HARDEN_FUNCTIONS
harden_set_outputs
_HARDEN_SUBST
m4_define([_HARDEN_CXX_IF], [m4_default([$2], [:])])dnl
# C is probed where AC_PROG_CC is, C++ where AC_PROG_CXX is (now when it
# came first, else right after it); a project that has neither yet is C.
# When both came first, the two probes run at the same time.
AC_PROVIDE_IFELSE([AC_PROG_CXX], [], [AC_REQUIRE([AC_PROG_CC])])dnl
AC_PROVIDE_IFELSE([AC_PROG_CC], [AC_PROVIDE_IFELSE([AC_PROG_CXX], [_HARDEN_CHECK_BOTH])])[]dnl
_HARDEN_AFTER([AC_PROG_CC], [_HARDEN_CHECK_C])[]dnl
_HARDEN_AFTER([AC_PROG_CXX], [_HARDEN_CHECK_CXX])[]dnl
])# HARDEN_CHECK

# _HARDEN_AFTER(MACRO, CHECK)
# ---------------------------
# CHECK now if MACRO was expanded, else right after MACRO's expansion (as
# libtool and Automake hook AC_PROG_CXX).
m4_define([_HARDEN_AFTER],
[AC_PROVIDE_IFELSE([$1], [$2], [m4_define([$1], m4_defn([$1])[$2])])])

# _HARDEN_CHECK_C, _HARDEN_CHECK_CXX
# ----------------------------------
# Each language once.  C++ only when CXX-CONDITION holds: a project whose
# C++ is optional says when it builds it, and is not stopped by a missing
# C++ compiler; otherwise a C++ compiler that cannot run is an error.
m4_define([_HARDEN_C_ARGS], [[c], [CC], [CFLAGS], [harden_cv_], [harden-report.txt], []])
m4_define([_HARDEN_CXX_ARGS],
  [[cxx], [CXX], [CXXFLAGS], [harden_cv_cxx_], [harden-report-cxx.txt], [ (C++)]])
m4_define([_HARDEN_CHECK_C],
[m4_ifdef([_HARDEN_DONE_C], [], [m4_define([_HARDEN_DONE_C])dnl
_HARDEN_START_LANG(_HARDEN_C_ARGS)_HARDEN_RUN_LANG(_HARDEN_C_ARGS)dnl
_HARDEN_FINISH_LANG(_HARDEN_C_ARGS)])])
m4_define([_HARDEN_CHECK_CXX],
[m4_ifdef([_HARDEN_DONE_CXX], [], [m4_define([_HARDEN_DONE_CXX])dnl
m4_ifdef([_HARDEN_APPLIED],
  [m4_fatal([HARDEN_APPLY_GLOBAL must come after AC_PROG_CXX])])dnl
AS_IF([_HARDEN_CXX_IF],
  [_HARDEN_START_LANG(_HARDEN_CXX_ARGS)_HARDEN_RUN_LANG(_HARDEN_CXX_ARGS)dnl
_HARDEN_FINISH_LANG(_HARDEN_CXX_ARGS)],
  [AC_MSG_NOTICE([no hardening probes for C++: this build has no C++])])])])

# _HARDEN_CHECK_BOTH
# ------------------
# C and C++ in one run of the driver, which probes them at the same time.
m4_define([_HARDEN_CHECK_BOTH],
[m4_define([_HARDEN_DONE_C])m4_define([_HARDEN_DONE_CXX])dnl
AS_IF([_HARDEN_CXX_IF], [harden_cxx_wanted=yes], [harden_cxx_wanted=no])
_HARDEN_START_LANG(_HARDEN_C_ARGS)dnl
AS_IF([test $harden_cxx_wanted = yes],
  [_HARDEN_START_LANG(_HARDEN_CXX_ARGS)harden_run_both],
  [_HARDEN_RUN_LANG(_HARDEN_C_ARGS)])
_HARDEN_FINISH_LANG(_HARDEN_C_ARGS)dnl
AS_IF([test $harden_cxx_wanted = yes],
  [_HARDEN_FINISH_LANG(_HARDEN_CXX_ARGS)],
  [AC_MSG_NOTICE([no hardening probes for C++: this build has no C++])])
])

# _HARDEN_START_LANG(LANG, COMPILER, FLAGS, CACHE-PREFIX, REPORT, LABEL)
# ----------------------------------------------------------------------
# Prepares the driver's run for one language (c or cxx) on the compiler
# variable COMPILER with CPPFLAGS, FLAGS and LDFLAGS, in its own directory
# conftest.harden-LANG, given what CACHE-PREFIX<feature> holds.
m4_define([_HARDEN_START_LANG],
[harden_lang=$1 harden_cv=$4
# Results cached for another compiler, other flags, another readelf or
# objdump or another catalog are stale: drop them.
harden_key=`($$2 --version 2>&1 | sed 1q; echo "$$2|$CPPFLAGS|$$3|$LDFLAGS|$HARDEN_READELF|$HARDEN_OBJDUMP|_HARDEN_CATALOG_ID") | cksum | sed 's/ .*//'`
if test "${$4toolchain-$harden_key}" != "$harden_key"; then
  AC_MSG_WARN([cached hardening results$6 belong to another toolchain; probing again])
  for harden_u in $harden_features traits; do
    eval "unset $4$harden_u"
  done
fi
$4toolchain=$harden_key

harden_tmp=`pwd`/conftest.harden-$1
rm -rf "$harden_tmp" && mkdir "$harden_tmp" ||
  AC_MSG_ERROR([cannot create $harden_tmp])
harden_write_catalog
# The flags as probed, and the words of them that configure.ac put there.
harden_at_$1="$CPPFLAGS $$3 $LDFLAGS"
harden_minus "$harden_at_$1" "$ac_env_CPPFLAGS_value $ac_env_$3_value $ac_env_LDFLAGS_value"
# Kept for a target's exception (HARDEN_EXCEPT), probed with the same.
harden_in_$1="$$2"
harden_in_cpp_$1=$CPPFLAGS harden_in_flags_$1=$$3 harden_in_ld_$1=$LDFLAGS harden_in_own_$1=$harden_x
])

# _HARDEN_RUN_LANG(LANG, COMPILER, FLAGS, ...)
# --------------------------------------------
# The driver's run of one language, prepared by _HARDEN_START_LANG.
m4_define([_HARDEN_RUN_LANG],
[harden_run_driver --project=configure.ac --lang=m4_if([$1], [cxx], [c++], [c]) $2="$$2" $3="$$3" \
  --project-flags="$harden_in_own_$1" --log="$harden_tmp/log"
harden_status_$1=$? harden_failed=$1
])

# _HARDEN_FINISH_LANG(LANG, COMPILER, FLAGS, CACHE-PREFIX, REPORT, LABEL)
# -----------------------------------------------------------------------
# Waits for the driver of one language, caches its results as
# CACHE-PREFIX<feature>, keeps its report as REPORT, shows its summary and
# sets the output variables again.
m4_define([_HARDEN_FINISH_LANG],
[m4_pushdef([_HARDEN_CV], [$4])m4_pushdef([_HARDEN_LABEL], [$6])dnl
harden_lang=$1 harden_cv=$4 harden_label='$6'
harden_tmp=`pwd`/conftest.harden-$1
harden_status=$harden_status_$1
cat "$harden_tmp/log" >&AS_MESSAGE_LOG_FD 2>/dev/null
harden_error=
read harden_error <"$harden_tmp/error"
harden_error=${harden_error#harden-flags: }
# C++ cannot run (in its check, or in C's when both ran together): a C
# project's C++ header check brings AC_PROG_CXX too.
if test $harden_status -eq 3 && test "$harden_failed" = cxx; then
  AC_MSG_ERROR([harden (C++): $harden_error; a project that builds C++ only at times (or never, when only a C++ check brought the C++ compiler in) says when it does with the CXX-CONDITION of HARDEN_@&t@CHECK, e.g. HARDEN_@&t@CHECK(@<:@standard@:>@, @<:@test "x\$enable_cxx" = xyes@:>@)])
fi
AS_CASE([$harden_status],
  [0|1], [harden_read_report],
  [AC_MSG_ERROR([${harden_error:-harden-flags failed with status $harden_status}])])
# The report, for people and tools (harden-cost, the parity test), which
# make distclean removes (DISTCLEANFILES, see _HARDEN_SUBST).
cp "$harden_tmp/report" $5
DISTCLEANFILES="$DISTCLEANFILES $5"
rm -rf "$harden_tmp"
_HARDEN_FOREACH_FEATURE([_HARDEN_CACHE_CHECK])dnl
AC_MSG_NOTICE([hardening level $HARDEN_LEVEL with $$2$6:])
harden_summary
test $harden_status -eq 0 || AC_MSG_ERROR([$harden_error])
harden_$1_probed=yes
harden_set_outputs
m4_popdef([_HARDEN_CV])m4_popdef([_HARDEN_LABEL])dnl
])

# _HARDEN_FUNCTIONS
# -----------------
# The shell functions of both languages' checks, defined once.
m4_define([_HARDEN_FUNCTIONS],
[harden_write_catalog ()
{
_HARDEN_WRITE_CATALOG
}
_HARDEN_RUN_DRIVER
_HARDEN_READ_REPORT
_HARDEN_OUTPUTS
_HARDEN_PROJECT_FUNCTIONS
])

# _HARDEN_RUN_DRIVER
# ------------------
# harden_run_driver LANGUAGE-ARGS...: runs the embedded harden-flags with
# what the builder asked for and what is known for the language (cached or
# preseeded results under the prefix $harden_cv); each language's report
# goes to conftest.harden-LANG/report (--write-report), what configure
# reads of it (--export=keys) to $harden_tmp/keys.  A shell function, so
# that its argument list leaves configure's own alone; no value is ever
# eval'ed.
m4_define([_HARDEN_RUN_DRIVER],
[harden_run_driver ()
{
  # The level and requests first (every language's), then the arguments,
  # each language's known results (cached or preseeded) after its --lang.
  set -- "$[@]" harden-args-end --level="$HARDEN_LEVEL"
  for harden_u in $harden_features; do
    eval "harden_o=\$harden_option_$harden_u harden_nm=\$harden_name_$harden_u"
    eval "harden_e=\${enable_$harden_o-}"
    case $harden_e in
    ""|auto) ;;
    *) set -- "$[@]" --enable-$harden_nm="$harden_e" ;;
    esac
  done
  while test "x$[1]" != xharden-args-end; do
    harden_a=$[1]
    shift
    set -- "$[@]" "$harden_a"
    case $harden_a in
    --lang=c) harden_p=harden_cv_ harden_l=c ;;
    --lang=c++) harden_p=harden_cv_cxx_ harden_l=cxx ;;
    *) continue ;;
    esac
    set -- "$[@]" --write-report="${harden_tmp%/*}/conftest.harden-$harden_l/report"
    for harden_u in $harden_features; do
      eval "harden_c=\${$harden_p$harden_u+set} harden_nm=\$harden_name_$harden_u"
      if test "$harden_c" = set; then
        eval "harden_x=\$$harden_p$harden_u"
        test "x$harden_x" = xno && harden_x="no: preseeded $harden_p$harden_u=no"
        set -- "$[@]" --known="$harden_nm=$harden_x"
      fi
    done
    eval "harden_x=\${${harden_p}traits-}"
    test -n "$harden_x" && set -- "$[@]" --traits="$harden_x"
  done
  shift
  TMPDIR=$harden_tmp $SHELL "$harden_tmp/harden-flags" --catalog="$harden_tmp" \
    CPPFLAGS="$CPPFLAGS" LDFLAGS="$LDFLAGS" \
    READELF="$HARDEN_READELF" OBJDUMP="$HARDEN_OBJDUMP" --export=keys "$[@]" \
    >"$harden_tmp/keys" 2>"$harden_tmp/error"
}

# harden_run_both: the run of C and C++ together (prepared by
# _HARDEN_START_LANG), in the directory of C, which writes each language's
# report in its own directory; then the keys (of both) and each language's
# messages there too (without the driver's mark "LANG: "), and its status
# harden_status_LANG.  When one cannot run, the driver writes no report:
# both stop with its message.
harden_run_both ()
{
  harden_tmp=`pwd`/conftest.harden-c
  harden_run_driver --project=configure.ac \
    --lang=c CC="$CC" CFLAGS="$CFLAGS" --project-flags="$harden_in_own_c" --log="$harden_tmp/log" \
    --lang=c++ CXX="$CXX" CXXFLAGS="$CXXFLAGS" --project-flags="$harden_in_own_cxx" \
    --log="`pwd`/conftest.harden-cxx/log"
  harden_s=$?
  harden_d=`pwd`/conftest.harden-
  cp "$harden_tmp/keys" "${harden_d}cxx/keys" && mv "$harden_tmp/error" "$harden_tmp/both.err" ||
    AC_MSG_ERROR([cannot write in $harden_tmp])
  # What the two agree on for Automake (same.KEY), for harden_agree.
  harden_same_fresh=
  while IFS= read -r harden_w; do
    case $harden_w in
    same.cppflags=*|same.ldflags=*|same.exe_ldflags=*)
      harden_w=${harden_w@%:@same.} harden_same_fresh=yes
      eval "harden_same_${harden_w%%=*}=\${harden_w@%:@*=}" ;;
    same.features=*) harden_same_features=,${harden_w@%:@same.features=}, ;;
    esac
  done <"$harden_tmp/keys"
  : >"${harden_d}c/error"; : >"${harden_d}cxx/error"
  harden_l=c harden_failed=
  while IFS= read -r harden_x; do
    case $harden_x in
    "harden-flags: c: "*) harden_l=c harden_x="harden-flags: ${harden_x@%:@harden-flags: c: }" ;;
    "harden-flags: c++: "*) harden_l=cxx harden_x="harden-flags: ${harden_x@%:@harden-flags: c++: }" ;;
    esac
    test -n "$harden_failed" || harden_failed=$harden_l
    AS_ECHO(["$harden_x"]) >>"$harden_d$harden_l/error"
  done <"$harden_tmp/both.err"
  for harden_l in c cxx; do
    if test $harden_s -le 1 && test ! -s "$harden_d$harden_l/error"; then
      eval "harden_status_$harden_l=0"
    else
      eval "harden_status_$harden_l=$harden_s"
    fi
  done
  # C's check comes first: it stops with C++'s message (harden_failed)
  # when C++ cannot run.
  test $harden_s -gt 1 && test "$harden_failed" = cxx &&
    cp "${harden_d}cxx/error" "${harden_d}c/error"
}])

# _HARDEN_READ_REPORT
# -------------------
# harden_read_report: the report (catalog/README.md, "The report") into
# shell variables: the lists as harden_LANG_LIST, the flags of each feature
# as harden_flags_LANG_V, and per feature harden_state_V, harden_detail_V,
# harden_result_V and harden_show_V (the check's result line).
m4_define([_HARDEN_READ_REPORT],
[# harden_var_of NAME: harden_u, the feature NAME's variable part (stack-protector:
# stack_protector), without a process.
harden_var_of ()
{
  harden_vf=$[1] harden_u=
  while :; do
    case $harden_vf in
    *-*) harden_u=$harden_u${harden_vf%%-*}_ harden_vf=${harden_vf#*-} ;;
    *) harden_u=$harden_u$harden_vf; break ;;
    esac
  done
}

harden_read_report ()
{
harden_runs=0
for harden_u in $harden_features; do
  unset harden_result_$harden_u harden_detail_$harden_u
done
# The driver's --export=keys lines of this language: KEY=VALUE, the keys
# after "c." or "c++."; a feature's NAME with "_" for "-" is its variable
# (harden_var_of).
harden_p=c.
test $harden_lang = cxx && harden_p=c++.
while IFS= read -r harden_x; do
  case $harden_x in "$harden_p"*) ;; *) continue ;; esac
  harden_k=${harden_x%%=*} harden_v=${harden_x#*=}
  harden_k=${harden_k#"$harden_p"}
  case $harden_k in
  runs) harden_runs=$harden_v ;;
  traits) test -n "$harden_v" && eval "${harden_cv}traits=\$harden_v" ;;
  cppflags|cflags|exe_cflags|ldflags|exe_ldflags|lib_ldflags|enabled|audit_expect)
    eval "harden_${harden_lang}_$harden_k=\$harden_v" ;;
  state.*|flags.*|detail.*|result.*)
    harden_var_of "${harden_k#*.}"
    case $harden_k in
    state.*) eval "harden_state_$harden_u=\$harden_v" ;;
    flags.*) eval "harden_flags_${harden_lang}_$harden_u=\$harden_v" ;;
    detail.*) eval "harden_detail_$harden_u=\$harden_v" ;;
    result.*)
      eval "harden_result_$harden_u=\$harden_v"
      case $harden_v in
      no:*) harden_x="no (${harden_v#no: })" ;;
      builder*) harden_x=$harden_v ;;
      *) harden_x=${harden_v%% *} ;;
      esac
      eval "harden_show_$harden_u=\$harden_x" ;;
    esac ;;
  esac
done <"$harden_tmp/keys"
# Kept for harden_agree: the report's file may be gone by then.
harden_x=`cat "$harden_tmp/report"` || AC_MSG_ERROR([cannot read $harden_tmp/report])
eval "harden_report_$harden_lang=\$harden_x"
AS_ECHO(["$as_me: harden-flags$harden_label: $harden_runs compiler runs"]) >&AS_MESSAGE_LOG_FD
}

# harden_summary: a line per feature, on the terminal and in config.log.
harden_summary ()
{
for harden_u in $harden_features; do
  eval "harden_nm=\$harden_name_$harden_u harden_s=\${harden_state_$harden_u-}"
  eval "harden_d=\${harden_detail_$harden_u-}"
  harden_line=`printf '  %-30s %-12s %s' "$harden_nm" "$harden_s" "$harden_d"`
  AS_ECHO(["$harden_line"]) >&AS_MESSAGE_FD
  AS_ECHO(["$harden_line"]) >&AS_MESSAGE_LOG_FD
done
}])

# _HARDEN_PROJECT_FUNCTIONS
# -------------------------
# harden_minus WORDS EXCLUDED: harden_x gets the words of WORDS that are
# not in EXCLUDED, and an excluded -O word after a kept one (the last -O
# decides the optimisation that fortify-source needs).
m4_define([_HARDEN_PROJECT_FUNCTIONS],
[harden_minus ()
{
  harden_x= harden_o=
  for harden_w in $[1]; do
    case $harden_o:$harden_w: in
    yes:-O*) harden_x="$harden_x $harden_w"; continue ;;
    esac
    case " $[2] " in
    *" $harden_w "*) ;;
    *) harden_x="$harden_x $harden_w"
       case $harden_w in -O*) harden_o=yes ;; esac ;;
    esac
  done
}])

# _HARDEN_FINAL_LANG(LANG, COMPILER, FLAGS, CACHE-PREFIX, REPORT, LABEL)
# ----------------------------------------------------------------------
# At the end of configure (AC_CONFIG_COMMANDS_PRE): configure.ac's words
# added to CPPFLAGS, FLAGS or LDFLAGS after the checks come after harden's
# flags on every command line and win.  The driver classifies them with
# the catalog's builder patterns (--amend): a feature they change is in
# state "project" in the report and a new summary, and leaves the audit
# gate when they turn it off; one that contradicts an explicit request
# stops configure.
m4_define([_HARDEN_FINAL_LANG],
[harden_lang=$1 harden_cv=$4 harden_label='$6'
harden_minus "$CPPFLAGS $$3 $LDFLAGS" "$harden_at_$1 $harden_$1_cppflags dnl
$harden_$1_cflags $harden_$1_exe_cflags $harden_$1_ldflags $harden_$1_exe_ldflags dnl
$harden_$1_lib_ldflags"
harden_after_$1=$harden_x
if test -n "$harden_x"; then
  harden_tmp=`pwd`/conftest.harden-$1
  rm -rf "$harden_tmp" && mkdir "$harden_tmp" ||
    AC_MSG_ERROR([cannot create $harden_tmp])
  harden_write_catalog
  cp $5 "$harden_tmp/probed"
  harden_after=$harden_x
  harden_run_driver --project=configure.ac --lang=m4_if([$1], [cxx], [c++], [c]) \
    --amend="$harden_tmp/probed" --project-flags="$harden_after" --log="$harden_tmp/log"
  harden_status=$?
  harden_error=
  read harden_error <"$harden_tmp/error"
  harden_error=${harden_error#harden-flags: }
  AS_CASE([$harden_status],
    [0|1], [harden_read_report],
    [AC_MSG_ERROR([${harden_error:-harden-flags failed with status $harden_status}])])
  if cmp -s "$harden_tmp/report" $5; then :; else
    cp "$harden_tmp/report" $5
    AC_MSG_NOTICE([hardening$6 with configure.ac's flags added after the hardening checks:$harden_after])
    harden_summary
  fi
  rm -rf "$harden_tmp"
  test $harden_status -eq 0 || AC_MSG_ERROR([$harden_error])
  harden_set_outputs
fi
])

# _HARDEN_LANG_OUTPUTS(LANG, FLAGS, LDFLAGS, EXE-LDFLAGS, ENABLED, AUDIT-EXPECT, AUDIT-CHECK,
#                      LIB-LDFLAGS)
# ------------------------------------------------------------------------------------------
# The output variables of a language that was probed.
m4_define([_HARDEN_LANG_OUTPUTS],
[  if test "${harden_$1_probed-}" = yes; then
    $2=`echo $harden_only_$1 $harden_$1_cflags $harden_$1_exe_cflags`
    $3=$harden_$1_ldflags
    $4=$harden_$1_exe_ldflags
    $8=$harden_$1_lib_ldflags
    $5=$harden_$1_enabled
    $6=$harden_$1_audit_expect
    harden_audit_command "$$6"
    $7=$harden_x
  fi
])

# _HARDEN_OUTPUTS
# ---------------
# harden_set_outputs: the output variables from the languages probed so
# far (again after each: AC_PROG_CXX may come after HARDEN_CHECK).
# Automake gives AM_CPPFLAGS to both languages, so HARDEN_CPPFLAGS holds
# the preprocessor flags of the features on which both agree (the
# driver's --agreed); a feature's other preprocessor flags start its
# language's HARDEN_CFLAGS or HARDEN_CXXFLAGS.
m4_define([_HARDEN_OUTPUTS],
[harden_set_outputs ()
{
  harden_agree
  harden_split cpp
  HARDEN_CPPFLAGS=$harden_agreed_cppflags
  HARDEN_CFLAGS= HARDEN_LDFLAGS= HARDEN_EXE_LDFLAGS= HARDEN_ENABLED= HARDEN_AUDIT_EXPECT=
  HARDEN_CXXFLAGS= HARDEN_CXX_LDFLAGS= HARDEN_EXE_CXX_LDFLAGS= HARDEN_CXX_ENABLED=
  HARDEN_CXX_AUDIT_EXPECT= HARDEN_LIB_LDFLAGS= HARDEN_CXX_LIB_LDFLAGS=
  HARDEN_AUDIT_CHECK="echo C was not probed for hardening, not audited:"
  HARDEN_CXX_AUDIT_CHECK="echo C++ was not probed for hardening, not audited:"
_HARDEN_LANG_OUTPUTS([c], [HARDEN_CFLAGS], [HARDEN_LDFLAGS], [HARDEN_EXE_LDFLAGS],
  [HARDEN_ENABLED], [HARDEN_AUDIT_EXPECT], [HARDEN_AUDIT_CHECK], [HARDEN_LIB_LDFLAGS])dnl
_HARDEN_LANG_OUTPUTS([cxx], [HARDEN_CXXFLAGS], [HARDEN_CXX_LDFLAGS], [HARDEN_EXE_CXX_LDFLAGS],
  [HARDEN_CXX_ENABLED], [HARDEN_CXX_AUDIT_EXPECT], [HARDEN_CXX_AUDIT_CHECK],
  [HARDEN_CXX_LIB_LDFLAGS])dnl
}

# harden_agree: what the languages probed agree on, computed by the
# driver alone: the same.KEY lines of their joint run while the reports
# are that run's, else --agreed=same over the reports (an exception, or
# configure.ac's later flags, changed one), which probes nothing:
# harden_agreed_KEY for the keys cppflags, ldflags and exe_ldflags, and
# harden_agreed, the agreed features' names (",NAME,...,").  One language
# probed: its report's lists and every feature.
harden_agree ()
{
  harden_agreed_cppflags= harden_agreed_ldflags= harden_agreed_exe_ldflags= harden_agreed=,
  for harden_l in c cxx; do
    eval "harden_x=\${harden_${harden_l}_probed-}"
    test "$harden_x" = yes || continue
    eval "harden_agreed_cppflags=\$harden_${harden_l}_cppflags"
    eval "harden_agreed_ldflags=\$harden_${harden_l}_ldflags"
    eval "harden_agreed_exe_ldflags=\$harden_${harden_l}_exe_ldflags"
    for harden_u in $harden_features; do
      eval "harden_agreed=\$harden_agreed\$harden_name_$harden_u,"
    done
  done
  test "${harden_c_probed-}" = yes && test "${harden_cxx_probed-}" = yes || return 0
  if test "${harden_same_fresh-}" = yes; then
    harden_same_fresh= harden_same_reports="$harden_report_c
$harden_report_cxx"
  fi
  if test "x$harden_report_c
$harden_report_cxx" = "x${harden_same_reports-}"; then
    harden_agreed_cppflags=$harden_same_cppflags harden_agreed_ldflags=$harden_same_ldflags
    harden_agreed_exe_ldflags=$harden_same_exe_ldflags harden_agreed=$harden_same_features
    return 0
  fi
  harden_x=$harden_tmp
  harden_tmp=`pwd`/conftest.harden-agree
  rm -rf "$harden_tmp" && mkdir "$harden_tmp" && harden_write_catalog &&
    AS_ECHO(["$harden_report_c"]) >"$harden_tmp/c" &&
    AS_ECHO(["$harden_report_cxx"]) >"$harden_tmp/cxx" ||
    AC_MSG_ERROR([cannot write in $harden_tmp])
  TMPDIR=$harden_tmp $SHELL "$harden_tmp/harden-flags" --catalog="$harden_tmp" --agreed=same \
    --lang=c --amend="$harden_tmp/c" --lang=c++ --amend="$harden_tmp/cxx" \
    >"$harden_tmp/agreed" 2>"$harden_tmp/error" ||
    AC_MSG_ERROR([harden-flags cannot agree the C and C++ reports: `sed 1q "$harden_tmp/error"`])
  while IFS= read -r harden_w; do
    case $harden_w in
    cppflags=*|ldflags=*|exe_ldflags=*) eval "harden_agreed_${harden_w%%=*}=\${harden_w@%:@*=}" ;;
    features=*) harden_agreed=,${harden_w@%:@features=}, ;;
    esac
  done <"$harden_tmp/agreed"
  rm -rf "$harden_tmp"
  harden_tmp=$harden_x
}

# harden_split TAGS: harden_only_c and harden_only_cxx get the TAGS flags
# (cpp, ld, ...: the WHERE of catalog/README.md) of the features the
# languages do not agree on (harden_agree).
harden_split ()
{
  harden_only_c= harden_only_cxx=
  for harden_u in $harden_features; do
    eval "harden_nm=\$harden_name_$harden_u"
    case $harden_agreed in *",$harden_nm,"*) continue ;; esac
    harden_tagged c "$[1]"
    harden_only_c="$harden_only_c $harden_x"
    harden_tagged cxx "$[1]"
    harden_only_cxx="$harden_only_cxx $harden_x"
  done
}

# harden_tagged LANG TAGS: harden_x gets the flags of feature $harden_u in
# LANG whose WHERE is one of TAGS.
harden_tagged ()
{
  eval "harden_w=\${harden_flags_$[1]_$harden_u-}"
  harden_t=$[2]
  harden_x=
  for harden_w in $harden_w; do
    case " $harden_t " in
    *" ${harden_w%%:*} "*) harden_x="$harden_x ${harden_w@%:@*:}" ;;
    esac
  done
}

# harden_audit_command EXPECT: harden_x gets the make check gate: a
# command that fails unless the files given to it have EXPECT.
harden_audit_command ()
{
  if test -z "$HARDEN_AUDIT"; then
    harden_x="echo harden-audit not found, not audited:"
  elif test -z "$[1]"; then
    harden_x=$HARDEN_AUDIT
  else
    harden_x="$HARDEN_AUDIT --expect $[1]"
  fi
}

# harden_drop_tagged LANG VAR: VAR without LANG's cc+ld flags (those of
# both compiling and linking: -fstack-protector-strong), which Automake's
# link lines carry already, in AM_CFLAGS or AM_CXXFLAGS (and libtool keeps
# them when it links), so that each flag is on a link line once.
harden_drop_tagged ()
{
  harden_y=
  for harden_u in $harden_features; do
    harden_tagged $[1] cc+ld
    harden_y="$harden_y $harden_x"
  done
  harden_drop_words $[2] $harden_y
}

# harden_ccas: HARDEN_CCASFLAGS, what assembly through the compiler
# driver (AM_PROG_AS's CCAS) needs of the C results: the compile flags of
# the features that the linker keeps only when every object is marked (the
# catalog's marking rows: -fcf-protection defines __CET__, for which
# <cet.h> marks the object), and -Wa,--noexecstack when noexecstack is on,
# the builder does not give it, and the assembler proves to mark the
# object's stack non-executable with it (cached, for these CCAS and flags).
harden_ccas ()
{
  HARDEN_CCASFLAGS=
  test "${harden_c_probed-}" = yes || return 0
  harden_tmp=`pwd`/conftest.harden-as
  rm -rf "$harden_tmp" && mkdir "$harden_tmp" ||
    AC_MSG_ERROR([cannot create $harden_tmp])
  harden_write_catalog
  for harden_u in `sed -n 's/^marking  *\(@<:@^ @:>@*\) .*/\1/p' "$harden_tmp/features.txt" | tr - _`; do
    harden_tagged c cc
    HARDEN_CCASFLAGS="$HARDEN_CCASFLAGS $harden_x"
  done
  HARDEN_CCASFLAGS=`echo $HARDEN_CCASFLAGS`
  harden_as=${CCAS-$CC} harden_asflags=${CCASFLAGS-$CFLAGS}
  case " $HARDEN_ENABLED " in
  *" noexecstack="*) harden_x=yes ;;
  *) harden_x=no ;;
  esac
  case " $CPPFLAGS $harden_asflags " in
  *" -Wa,--noexecstack "*) harden_x=no ;;
  esac
  if test $harden_x = no; then
    rm -rf "$harden_tmp"
    return 0
  fi
  harden_key=`echo "$harden_as|$CPPFLAGS|$harden_asflags|$HARDEN_READELF" | cksum | sed 's/ .*//'`
  case ${harden_cv_ccas_noexecstack-} in
  "$harden_key "*) ;;
  *) unset harden_cv_ccas_noexecstack ;;
  esac
  AC_MSG_CHECKING([whether $harden_as marks the stack of assembly non-executable with -Wa,--noexecstack])
  AC_CACHE_VAL([harden_cv_ccas_noexecstack],
    [harden_assemble && harden_x=yes || harden_x=no
     harden_cv_ccas_noexecstack="$harden_key $harden_x"])
  harden_x=${harden_cv_ccas_noexecstack@%:@* }
  AC_MSG_RESULT([$harden_x])
  test $harden_x = yes && HARDEN_CCASFLAGS=`echo $HARDEN_CCASFLAGS -Wa,--noexecstack`
  rm -rf "$harden_tmp"
}

# harden_assemble: the assembler takes -Wa,--noexecstack without a word and
# the object then has a .note.GNU-stack section that is not executable.
harden_assemble ()
{
  printf '\t.text\nharden_as:\n\tnop\n' >"$harden_tmp/as.S"
  AS_ECHO(["$as_me:$LINENO: $harden_as $CPPFLAGS $harden_asflags -Wa,--noexecstack -c as.S"]) >&AS_MESSAGE_LOG_FD
  # The words of CCAS and the flags are the builder's, split as make does.
  $harden_as $CPPFLAGS $harden_asflags -Wa,--noexecstack -c -o "$harden_tmp/as.o" "$harden_tmp/as.S" \
    >"$harden_tmp/as.err" 2>&1
  harden_s=$?
  cat "$harden_tmp/as.err" >&AS_MESSAGE_LOG_FD
  test $harden_s -eq 0 && test ! -s "$harden_tmp/as.err" || return 1
  harden_x=`$HARDEN_READELF -SW "$harden_tmp/as.o" 2>/dev/null |
    sed -n 's/.*\.note\.GNU-stack  *//p' | awk '{ print "flags=" (NF > 7 ? $[6] : "") }'`
  case $harden_x in
  flags=*X*|"") return 1 ;;
  esac
}

# harden_libtool_wc FLAGS...: harden_x gets -Wc, before each flag that
# libtool would drop from a link (see _HARDEN_SUBST), where FLAGS have a
# -fsanitize= word (whose run-time library those flags avoid).
harden_libtool_wc ()
{
  harden_x=
  case " $[*] " in
  *" -fsanitize="*) ;;
  *) return 0 ;;
  esac
  for harden_w in "$[@]"; do
    case $harden_w in
    -fsanitize-trap*|-fsanitize-undefined-trap-on-error)
      harden_x="$harden_x -Wc,$harden_w" ;;
    esac
  done
}

# harden_sanitize_cppflags LANG...: with Automake and libtool, the
# -fsanitize= words of a feature with a trap flag (trap-bounds) go to
# HARDEN_CPPFLAGS where every language probed has the same ones
# (-fsanitize=bounds, in either family).  Automake puts AM_CPPFLAGS on no
# link line, so no link gets the sanitizer's run-time library, and the
# trap flag needs no -Wc, (libtool drops it from a library's link, keeps
# it on a program's, where a -Wc, copy would make it twice).  Only when
# each LANG the project compiles (c, cxx) was probed: a line of another
# would get -fsanitize=bounds without its trap flag.
harden_sanitize_cppflags ()
{
  for harden_u in "$[@]"; do
    eval "test \"\${harden_${harden_u}_probed-}\" = yes" || return 0
  done
  for harden_u in $harden_features; do
    harden_tagged c cc
    harden_fc=$harden_x
    harden_tagged cxx cc
    harden_fx=$harden_x
    test "${harden_c_probed-}" = yes || harden_fc=$harden_fx
    test "${harden_cxx_probed-}" = yes || harden_fx=$harden_fc
    harden_libtool_wc $harden_fc $harden_fx
    test -n "$harden_x" || continue
    harden_sanitize_words $harden_fc
    harden_sc=$harden_x
    harden_sanitize_words $harden_fx
    test -n "$harden_sc" && test "x$harden_sc" = "x$harden_x" || continue
    HARDEN_CPPFLAGS=`echo $HARDEN_CPPFLAGS $harden_sc`
    harden_drop_words HARDEN_CFLAGS $harden_sc
    harden_drop_words HARDEN_CXXFLAGS $harden_sc
  done
}

# harden_sanitize_words FLAGS...: harden_x gets the -fsanitize= words.
harden_sanitize_words ()
{
  harden_x=
  for harden_w in "$[@]"; do
    case $harden_w in
    -fsanitize=*) harden_x="$harden_x $harden_w" ;;
    esac
  done
}

# harden_drop_words VAR WORDS...: VAR without the WORDS.
harden_drop_words ()
{
  harden_v=$[1]
  shift
  eval "harden_w=\$$harden_v"
  harden_y=
  for harden_w in $harden_w; do
    case " $[*] " in
    *" $harden_w "*) ;;
    *) harden_y="$harden_y $harden_w" ;;
    esac
  done
  eval "$harden_v=\`echo \$harden_y\`"
}])

# _HARDEN_SUBST
# -------------
m4_define([_HARDEN_SUBST],
[m4_foreach_w([harden_v], [CPPFLAGS CFLAGS LDFLAGS EXE_LDFLAGS LIB_LDFLAGS ENABLED
    AUDIT_EXPECT AUDIT_CHECK CXXFLAGS CXX_LDFLAGS EXE_CXX_LDFLAGS CXX_LIB_LDFLAGS
    CXX_ENABLED CXX_AUDIT_EXPECT CXX_AUDIT_CHECK CCASFLAGS LEVEL VERSION],
  [AC_SUBST([HARDEN_]harden_v)])dnl
# The reports configure writes, for Automake's make distclean (and so
# make distcheck); a Makefile.am that sets DISTCLEANFILES too appends to it.
AC_SUBST([DISTCLEANFILES])dnl
# libtool links a shared library with only the compiler flags it knows
# (ltmain.sh keeps -fsanitize=* but drops -fsanitize-trap=*), and gcc then
# links the UBSan run-time into it: -Wc, passes those flags through.  At
# the end, since LT_INIT may come later in configure.ac.  First the check
# of configure.ac's later flags, which sets the output variables again.
# Then: Automake's link lines carry AM_CFLAGS and AM_CXXFLAGS, so the link
# flags lose what those hold already; assembly (AM_PROG_AS) gets
# HARDEN_CCASFLAGS (its check is cached again: AC_OUTPUT saves the cache
# before these commands).
AC_CONFIG_COMMANDS_PRE([if test "${harden_c_probed-}" = yes; then
  _HARDEN_FINAL_LANG(_HARDEN_C_ARGS)dnl
fi
if test "${harden_cxx_probed-}" = yes; then
  _HARDEN_FINAL_LANG(_HARDEN_CXX_ARGS)dnl
fi])dnl
AC_CONFIG_COMMANDS_PRE([AC_PROVIDE_IFELSE([AM_PROG_AS], [harden_ccas
AC_CACHE_SAVE
], [HARDEN_CCASFLAGS=
])_HARDEN_LINK_OUTPUTS])dnl
])

# _HARDEN_LINK_OUTPUTS
# --------------------
# The link flags as the link lines need them: Automake's carry AM_CFLAGS
# and AM_CXXFLAGS (or a target's own _CFLAGS), libtool's need -Wc, for the
# compile flags it drops (see _HARDEN_SUBST), unless the sanitizer flags
# they go with are in HARDEN_CPPFLAGS (harden_sanitize_cppflags).
m4_define([_HARDEN_LINK_OUTPUTS],
[AC_PROVIDE_IFELSE([AM_INIT_AUTOMAKE], [harden_drop_tagged c HARDEN_LDFLAGS
harden_drop_tagged cxx HARDEN_CXX_LDFLAGS
])if test -n "$LIBTOOL"; then
  AC_PROVIDE_IFELSE([AM_INIT_AUTOMAKE], [harden_sanitize_cppflags AC_PROVIDE_IFELSE([AC_PROG_CC], [c]) AC_PROVIDE_IFELSE([AC_PROG_CXX], [cxx])
  ])harden_libtool_wc $HARDEN_CFLAGS
  HARDEN_LDFLAGS=`echo $HARDEN_LDFLAGS $harden_x`
  harden_libtool_wc $HARDEN_CXXFLAGS
  HARDEN_CXX_LDFLAGS=`echo $HARDEN_CXX_LDFLAGS $harden_x`
fi
])

# HARDEN_EXCEPT(TARGET, FEATURE[=VALUE]..., REASON)
# --------------------------------------------------
# After HARDEN_CHECK: the flags of the target TARGET (its name as in
# Automake's TARGET_CFLAGS) without the FEATUREs, or with FEATURE at
# VALUE (fortify-source=2), for REASON, which is required.  Before
# AC_OUTPUT, the driver of each language probed runs again with that
# language's inputs, known results, --except and --reason (it probes the
# excepted features only), then with configure.ac's later words as the
# check was.  Output variables: HARDEN_TARGET_ and the names of
# HARDEN_CHECK's (CPPFLAGS, CFLAGS, LDFLAGS, EXE_LDFLAGS, LIB_LDFLAGS,
# ENABLED, AUDIT_EXPECT; CXXFLAGS, CXX_LDFLAGS, ... for C++), for
# TARGET_CPPFLAGS, TARGET_CFLAGS and TARGET_LDFLAGS, which Automake uses
# instead of AM_CPPFLAGS, AM_CFLAGS and AM_LDFLAGS; the reports
# harden-except-TARGET.txt (and -cxx.txt).
AC_DEFUN([HARDEN_EXCEPT],
[AC_REQUIRE([HARDEN_CHECK])AC_REQUIRE([_HARDEN_EXCEPT_FUNCTIONS])dnl
m4_if(m4_bregexp([$1], [^[A-Za-z_][A-Za-z0-9_]*$]), [-1],
  [m4_fatal([HARDEN_EXCEPT: ']$1[' is not a target's name as Automake's variables write it (letters, digits, _)])])dnl
m4_ifblank([$2], [m4_fatal([HARDEN_EXCEPT(]$1[): name the features ]$1[ goes without])])dnl
m4_ifblank([$3], [m4_fatal([HARDEN_EXCEPT(]$1[, ]$2[): a reason is required: why ]$1[ goes without it])])dnl
m4_if(m4_index([$3], [
]), [-1], [], [m4_fatal([HARDEN_EXCEPT(]$1[): the reason must be one line])])dnl
m4_foreach_w([harden_v], [CPPFLAGS CFLAGS LDFLAGS EXE_LDFLAGS LIB_LDFLAGS ENABLED AUDIT_EXPECT
    CXXFLAGS CXX_LDFLAGS EXE_CXX_LDFLAGS CXX_LIB_LDFLAGS CXX_ENABLED CXX_AUDIT_EXPECT],
  [AC_SUBST([HARDEN_$1_]harden_v)])dnl
AC_CONFIG_COMMANDS_PRE([harden_except_used $1
harden_except $1 'm4_normalize([$2])' "AS_ESCAPE([$3])"
_HARDEN_LINK_OUTPUTS[]harden_except_done $1
])dnl
])# HARDEN_EXCEPT

# _HARDEN_EXCEPT_FUNCTIONS
# ------------------------
# harden_except TARGET FEATURES REASON: the output variables of the
# target's reports (the project's are kept aside); then harden_except_done
# TARGET gives them the target's names and puts the project's back.
AC_DEFUN([_HARDEN_EXCEPT_FUNCTIONS],
[harden_except_vars="CPPFLAGS CFLAGS LDFLAGS EXE_LDFLAGS LIB_LDFLAGS ENABLED AUDIT_EXPECT
  AUDIT_CHECK CXXFLAGS CXX_LDFLAGS EXE_CXX_LDFLAGS CXX_LIB_LDFLAGS CXX_ENABLED CXX_AUDIT_EXPECT
  CXX_AUDIT_CHECK"
harden_except ()
{
  for harden_v in $harden_except_vars; do
    eval "harden_kept_$harden_v=\$HARDEN_$harden_v"
  done
  harden_except_list=`echo $[2] | sed 's/ /,/g'`
  harden_except_lang c CC CFLAGS harden_cv_ '' "$[@]"
  harden_except_lang cxx CXX CXXFLAGS harden_cv_cxx_ ' (C++)' "$[@]"
  harden_set_outputs
}

# harden_except_used TARGET: an input of AC_CONFIG_FILES (Automake's
# Makefile.in) names TARGET's variables, else the exception reaches no
# target (a misspelt name): an error.
harden_except_used ()
{
  for harden_f in $ac_config_files; do
    case $harden_f in
    *:*) harden_f=${harden_f@%:@*:} ;;
    *) harden_f=$harden_f.in ;;
    esac
    harden_ifs=$IFS
    IFS=:
    for harden_i in $harden_f; do
      IFS=$harden_ifs
      case $harden_i in
      /*) ;;
      *) harden_i=$srcdir/$harden_i ;;
      esac
      test -f "$harden_i" && grep "HARDEN_$[1]_" "$harden_i" >/dev/null 2>&1 && return 0
    done
    IFS=$harden_ifs
  done
  AC_MSG_ERROR([HARDEN_@&t@EXCEPT($[1]): no input of A@&t@C_CONFIG_FILES uses HARDEN_@&t@$[1]_CFLAGS and the rest, so the exception reaches no target: is $[1] the target's name as Automake writes it ($[1]_CFLAGS = \$(HARDEN_@&t@$[1]_CFLAGS) in Makefile.am)?])
}

harden_except_done ()
{
  for harden_v in $harden_except_vars; do
    eval "HARDEN_$[1]_$harden_v=\$HARDEN_$harden_v HARDEN_$harden_v=\$harden_kept_$harden_v"
  done
}

# harden_except_lang LANG COMPILER FLAGS CACHE-PREFIX LABEL TARGET
# FEATURES REASON: LANG's report of the exception, when LANG was probed.
harden_except_lang ()
{
  eval "harden_x=\${harden_$[1]_probed-}"
  test "$harden_x" = yes || return 0
  harden_lang=$[1] harden_cv=$[4] harden_label=$[5]
  harden_dl=c
  test $[1] = cxx && harden_dl=c++
  harden_tmp=`pwd`/conftest.harden-$[1]
  rm -rf "$harden_tmp" && mkdir "$harden_tmp" ||
    AC_MSG_ERROR([cannot create $harden_tmp])
  harden_write_catalog
  eval "harden_in=\$harden_in_$[1] harden_f=\$harden_in_flags_$[1] harden_o=\$harden_in_own_$[1]"
  eval "harden_a=\${harden_after_$[1]-}"
  # The inputs of the language's check; configure.ac's later words after.
  (eval "CPPFLAGS=\$harden_in_cpp_$[1] LDFLAGS=\$harden_in_ld_$[1]"
   harden_run_driver --project=configure.ac --lang=$harden_dl $[2]="$harden_in" $[3]="$harden_f" \
     --project-flags="$harden_o" --except="$harden_except_list" --reason="$[8]" \
     --log="$harden_tmp/log")
  harden_status=$?
  if test $harden_status -le 1 && test -n "$harden_a"; then
    mv "$harden_tmp/report" "$harden_tmp/probed"
    harden_run_driver --project=configure.ac --lang=$harden_dl --amend="$harden_tmp/probed" \
      --project-flags="$harden_a" --except="$harden_except_list" --reason="$[8]" \
      --log="$harden_tmp/log"
    harden_status=$?
  fi
  harden_error=
  read harden_error <"$harden_tmp/error"
  harden_error=${harden_error#harden-flags: }
  AS_CASE([$harden_status],
    [0|1], [harden_read_report],
    [AC_MSG_ERROR([HARDEN_@&t@EXCEPT($[6])$[5]: ${harden_error:-harden-flags failed with status $harden_status}])])
  harden_x=harden-except-$[6]`test $[1] = cxx && echo -cxx`.txt
  cp "$harden_tmp/report" $harden_x
  DISTCLEANFILES="$DISTCLEANFILES $harden_x"
  rm -rf "$harden_tmp"
  test $harden_status -eq 0 ||
    AC_MSG_ERROR([HARDEN_@&t@EXCEPT($[6])$[5]: $harden_error])
  for harden_x in $[7]; do
    harden_var_of "${harden_x%%=*}"
    eval "harden_s=\${harden_state_$harden_u-} harden_d=\${harden_detail_$harden_u-}"
    AC_MSG_NOTICE([hardening exception of $[6]$[5]: ${harden_x%%=*} $harden_s: $harden_d])
  done
}
])

# HARDEN_APPLY_GLOBAL
# -------------------
# For projects without shared libraries: the results go in front of the
# builder's own flags, which keep the last word.  LDFLAGS serves both
# languages' links: it gets the link flags of the features on which both
# agree, and the others' go to CFLAGS or CXXFLAGS, which the link lines of
# Autoconf and Automake carry too.
AC_DEFUN([HARDEN_APPLY_GLOBAL],
[AC_REQUIRE([HARDEN_CHECK])dnl
m4_define([_HARDEN_APPLIED])dnl
harden_split "ld exe-ld"
CPPFLAGS="$HARDEN_CPPFLAGS $CPPFLAGS"
test "${harden_c_probed-}" = yes && CFLAGS="$HARDEN_CFLAGS$harden_only_c $CFLAGS"
test "${harden_cxx_probed-}" = yes && CXXFLAGS="$HARDEN_CXXFLAGS$harden_only_cxx $CXXFLAGS"
LDFLAGS="`echo $harden_agreed_ldflags $harden_agreed_exe_ldflags` $LDFLAGS"
])# HARDEN_APPLY_GLOBAL
