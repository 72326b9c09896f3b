# SPDX-License-Identifier: MIT

#[=======================================================================[.rst:
Harden
------

Detects the hardening flags (``doc/features.md``) that the project's C and
C++ compilers and linkers really support, and applies them to targets, each
language's flags to that language's compiler only.  The detection is the
driver ``harden-flags`` of harden's catalog folder, the procedure of
``catalog/README.md`` for every frontend, so the same toolchain and options
give the same flags, states and reasons everywhere: a flag counts only when
its effect shows in the linked probe, and one the builder's own flags
already give is left to the builder.

The languages are C and CXX.  Those enabled when the module is included
(``project(... C CXX)``, or ``enable_language()`` before the include) are
probed at the same time, in one run of the driver.  A language enabled
after the include is probed when first needed: by ``harden_target()`` or
``harden_add_audit_test()``, else at the end of the top directory (CMake
3.19 or later; with 3.18 enable it before the include), so that
``Harden::Harden`` gives its objects their flags too; its result variables
are then in the cache alone.  The driver runs the language's compiler
(``CMAKE_<LANG>_COMPILER`` and the arguments that came with ``CC`` or
``CXX``) with ``CMAKE_<LANG>_FLAGS``, the build type's flags and
``CMAKE_EXE_LINKER_FLAGS``, split at blanks as Autoconf's ``CC`` is: a
compiler path or a flag with a blank inside is not supported.

Requirements
^^^^^^^^^^^^

* CMake 3.18 or later (``$<LINK_LANGUAGE:...>`` keeps each language's link
  flags off the other compiler's links; there is no fallback); tested with
  3.25.  The checks at the end of the configure step
  (``cmake_language(DEFER)``) need CMake 3.19.
* The C or the CXX language (or both) enabled before the include, or
  configuring stops.
* A POSIX ``sh`` for the driver, as for Autoconf (``HARDEN_SHELL``).
* harden's catalog folder: ``catalog/`` next to the module (to copy the
  module alone, copy ``features.txt``, ``probe.c``, ``traits.c`` and
  ``harden-flags`` there and harden's ``VERSION`` next to it, or the driver
  reports version ``unknown``), ``../catalog`` (harden's sources, for
  ``add_subdirectory`` and ``FetchContent``), or the installed one that
  ``HardenConfig.cmake`` names (``doc/install.md``).  Without it,
  configuring stops and says what to copy where.

Loading the module
^^^^^^^^^^^^^^^^^^

.. code-block:: cmake

  list(APPEND CMAKE_MODULE_PATH "<harden>/cmake")  # then include(Harden)
  add_subdirectory(<harden>)            # or FetchContent_MakeAvailable(harden)
  find_package(Harden 0.2 REQUIRED)     # after make install of harden

``find_package(Harden)`` needs ``-DCMAKE_PREFIX_PATH=<prefix>`` unless harden
was installed to a system prefix; it runs the installed catalog and
``harden-audit``.  Include the module after the project's own changes to
``CMAKE_C_FLAGS`` and ``CMAKE_CXX_FLAGS``: the probes run with them, and a
feature they decide is ``project``, proven present or absent.

Including the module defines the options, runs the detection (cached),
prints a summary, creates ``Harden::Harden`` and defines the commands;
nothing is hardened until a target asks for it.  The one global change:
CMake ignores the ``CPPFLAGS`` environment variable, so at a language's
first configure its words that ``CMAKE_<LANG>_FLAGS`` lacks are appended to
that cache entry, as debhelper does (Debian bug #653916), and the
builder's ``-D_FORTIFY_SOURCE=2`` reaches the probes and every compile line.

Targets
^^^^^^^

``Harden::Harden``
  An ``INTERFACE IMPORTED GLOBAL`` target.  Linking it hardens the consumer
  per language (``$<COMPILE_LANGUAGE:...>``, ``$<LINK_LANGUAGE:...>``): C
  objects get the ``cpp`` and ``cc`` flags of the C report, C++ objects
  those of the C++ report, objects of executables the ``exe-cc`` flags too
  (``-fPIE``; shared libraries have CMake's ``-fPIC``); every executable,
  shared library and module gets the ``ld`` flags of the language that
  links it (C++ for a target with any C++ source), executables the
  ``exe-ld`` flags (``-pie``), shared libraries the ``lib-ld`` flags
  (``-Wl,-z,nodlopen``, only with ``HARDENING_NODLOPEN=ON``; never a
  ``MODULE`` library, a plugin that is dlopened).  A flag proven for one
  compiler never reaches the other's (``CC=gcc CXX=clang++``); PIE follows
  the consumer's ``TYPE``, not ``CMP0083`` or ``check_pie_supported()``;
  with a multi-config generator each configuration's flags are wrapped in
  ``$<CONFIG:...>``.

  .. code-block:: cmake

    target_link_libraries(app PRIVATE Harden::Harden)

  Sources of other languages (assembly, Fortran, ...) get nothing: no
  compiler of theirs was probed.  Static and object libraries get no
  ``exe-cc`` flag: programs linking them rely on the toolchain's default
  (PIE on most distributions) or on ``POSITION_INDEPENDENT_CODE``.  A
  static library's export would require ``Harden::Harden`` from its users
  (``$<LINK_ONLY:...>`` keeps even ``PRIVATE`` links): use
  ``harden_target()`` for exported targets.

Commands
^^^^^^^^

.. command:: harden_target

  .. code-block:: cmake

    harden_target(<target>... [EXCEPT <feature>[=<value>]... REASON <reason>])

  Hardens existing targets as ``Harden::Harden`` would, through their own
  ``COMPILE_OPTIONS`` and ``LINK_OPTIONS``, never their ``INTERFACE_*``
  properties: ``install(EXPORT)``, ``export()`` and the keyword-less
  ``target_link_libraries()`` keep working.  Targets must be executables,
  shared, module, static or object libraries of this project (not
  ``IMPORTED`` or ``ALIAS``).  With ``EXCEPT``, they go without those
  features (or get ``<feature>=<value>``, e.g. ``fortify-source=2``), for
  the ``REASON`` given, which is required (one line, no ``;``):

  .. code-block:: cmake

    harden_target(interp EXCEPT zero-call-used-regs
      REASON "tail-calling eval loop: 2 % slower with it")

  The driver runs again for them with ``--except`` and ``--reason`` (its
  own cache): they get every other feature, and the excepted one's off flag
  where the toolchain has it on by default.  The configure output prints
  the exception with its reason; ``harden-except-<target>.txt``
  (``-cxx.txt`` for C++) is their report, amended like the project's by
  flags added after ``include(Harden)`` (CMake 3.19 or later).  Their audit
  test expects everything but the excepted features (``--except-for``).
  Such targets must not also link ``Harden::Harden``.

.. command:: harden_add_audit_test

  .. code-block:: cmake

    harden_add_audit_test(<name> <target>...)

  Adds the CTest test ``<name>``: ``harden-audit --expect <features>
  $<TARGET_FILE:target>...`` (``doc/audit.md``) on the given executables,
  shared libraries and modules (static and object libraries are refused).
  Call it where tests are enabled (after ``include(CTest)`` or
  ``enable_testing()``, typically in ``if(BUILD_TESTING)``).  It fails when
  a feature the probes turned on is not proven in a file: a target never
  hardened, or flags that undo the hardening (``-fno-PIE``/``-no-pie``,
  ``-fno-stack-protector``) from an ``INTERFACE`` library linked after
  ``Harden::Harden``, added after ``harden_target()``, or set on sources.
  Unknown fails like no, so a file in which no function needs a canary (no
  ``__stack_chk_fail`` import, no ``-frecord-gcc-switches``) or no call is
  fortifiable (no ``__*_chk`` import) fails: audit the files that do.
  Where the files record each unit's command line, every unit is judged.

  The expectation is the detection result: ``HARDEN_AUDIT_EXPECT`` in a C
  project, ``HARDEN_CXX_AUDIT_EXPECT`` in a C++ one, with both languages
  the features in both (the test does not look at a target's language);
  with a multi-config generator, the configuration tested's (``ctest -C
  Release``; ``--expect ''`` when it proved none); for a ``MODULE`` library
  everything but nodlopen (``--except-for``).  When it is empty (level
  ``none``, or no audited feature supported), the test runs without
  ``--expect`` and passes whenever the files are readable ELF files.

  With ``CMAKE_EXPORT_COMPILE_COMMANDS`` on (Makefile and Ninja generators,
  single-config only), the test also checks the targets' compile commands
  (``--compile-commands``) against the report of their language, a target
  with exceptions against its own, so a source that escaped
  ``Harden::Harden`` fails without ``-g`` too.

  The ``harden-audit`` program is ``HARDEN_AUDIT`` when set; else, unless
  cross-compiling or without C, the target ``harden_audit`` (``all``, never
  installed) that the first call creates from ``tools/`` next to the module,
  built into ``${CMAKE_BINARY_DIR}/harden-tools`` with the project's C
  compiler and ``CMAKE_C_FLAGS`` but no directory options or hardening
  flags; else (``CMAKE_CROSSCOMPILING``, no ``tools/`` as with
  ``find_package(Harden)``, or no C) what ``find_program(HARDEN_AUDIT
  harden-audit)`` finds, first in the ``bindir`` of an installed harden.
  Without a program, or on a platform without ELF files (Windows, macOS),
  the test only prints ``harden-audit skipped: <reason>`` and CTest reports
  it skipped (``SKIP_REGULAR_EXPRESSION``); configuring says so too.

Options (cache variables)
^^^^^^^^^^^^^^^^^^^^^^^^^

``HARDENING``
  ``none``, ``standard`` (the default) or ``strict`` (standard and more), in
  lower case.  A project sets its own default with ``HARDEN_DEFAULT_LEVEL``
  before the include (or ``add_subdirectory``, ``FetchContent_MakeAvailable``,
  ``find_package``); as for any cache option, it applies to new build trees.
``HARDENING_<FEATURE>``
  One per feature of the catalog, upper-cased with ``-`` as ``_``
  (``HARDENING_STACK_PROTECTOR``), one request for both languages: a
  C++-only feature is ``unsupported`` in the C report whatever its value,
  never an error.  Values, spelled exactly so (any other, such as
  ``STRONG``, ``Off`` or a trailing blank, is an error that lists them):

  * ``AUTO`` (default; or empty, or ``auto``): applied if supported when
    the feature is in the level, else left at the toolchain default;
  * ``ON`` (or ``yes``): the best supported value;
  * a value name of the feature: exactly that value
    (``HARDENING_FORTIFY_SOURCE=2``);
  * ``OFF`` (or ``no``): absent from the binaries, even where the toolchain
    enables it by default (the catalog's off flags).

  An explicit request (``ON``, a value, ``OFF``) that cannot be met is a
  fatal error naming the option, with the driver's message; the option is
  that of the driver's ``harden-flags: error=FEATURE REASON`` line
  (``--errors=machine``), never guessed from the message.
``HARDEN_AUDIT``
  A ``harden-audit`` program for ``harden_add_audit_test()``; empty by
  default.
``HARDEN_SHELL``, ``HARDEN_READELF``, ``HARDEN_OBJDUMP``
  The POSIX shell that runs the driver, and the ``readelf`` (ELF) and
  ``objdump`` (Windows PE) it reads the probe with when ``CMAKE_READELF`` or
  ``CMAKE_OBJDUMP`` is empty (found in ``PATH``).
``HARDEN_CATALOG_DIR``
  Set before the include: the catalog folder to use instead of the one next
  to the module.

Result variables
^^^^^^^^^^^^^^^^

Set in the including scope and as ``INTERNAL`` cache entries, visible from
every directory:

``HARDEN_LANGUAGES``
  The languages probed: ``C``, ``CXX`` or ``C;CXX`` (in the cache alone,
  which a language probed later updates).
``HARDEN_CONFIGURATIONS``
  The configurations probed (``CMAKE_CONFIGURATION_TYPES``); empty with a
  single-config generator.
``HARDEN_VERSION``
  harden's version (the driver's), however the module was loaded;
  ``find_package(Harden)`` also sets ``Harden_VERSION``, from the same file.
``HARDEN_CPPFLAGS``, ``HARDEN_CFLAGS``, ``HARDEN_EXE_CFLAGS``,
``HARDEN_LDFLAGS``, ``HARDEN_EXE_LDFLAGS``, ``HARDEN_LIB_LDFLAGS``
  The detected flags (lists; ``catalog/README.md``, "Flags and where they
  go"): preprocessor, compiler (every object; executables' objects), linker
  (every link; executables; shared libraries, never a ``MODULE`` one).
``HARDEN_ENABLED``
  The features present, as ``feature=value`` words: those turned on, and
  those the builder's own flags give.
``HARDEN_AUDIT_EXPECT``
  The present features that ``harden-audit`` can prove from any built file,
  in catalog order, joined with commas (not a CMake list): the argument of
  ``harden-audit --expect``; empty when none is.
``HARDEN_CXX_CPPFLAGS``, ``HARDEN_CXXFLAGS``, ``HARDEN_EXE_CXXFLAGS``,
``HARDEN_CXX_LDFLAGS``, ``HARDEN_EXE_CXX_LDFLAGS``, ``HARDEN_CXX_LIB_LDFLAGS``,
``HARDEN_CXX_ENABLED``, ``HARDEN_CXX_AUDIT_EXPECT``
  The same for C++ (the names of ``harden-flags --lang=c++ --export``).
  A language that is not enabled has its variables empty.
``HARDEN_CFLAGS_<CONFIG>``, ``HARDEN_CXX_AUDIT_EXPECT_<CONFIG>``, ...
  With a multi-config generator, each variable above per configuration,
  upper-cased (``HARDEN_CPPFLAGS_RELEASE``); the plain names hold the first
  configuration's, which a project must not apply by hand to every
  configuration (Debug's ``-O0`` has no fortify, Release's does).

The driver's report (``catalog/README.md``, "The report") is written as
``${CMAKE_BINARY_DIR}/harden-report.txt`` (C), ``harden-report-cxx.txt``
(C++), ``harden-report-<config>.txt`` and ``harden-report-cxx-<config>.txt``
(``harden-report-release.txt``); the module reads the driver's
``--export=keys`` lines, never the report.

The project's own flags
^^^^^^^^^^^^^^^^^^^^^^^

A target's own ``target_compile_options()``/``target_link_options()``,
``CMAKE_<LANG>_FLAGS`` (and the build type's), ``CMAKE_EXE_LINKER_FLAGS``
and the top directory's ``add_compile_options()``/``add_link_options()``
come before ``Harden::Harden``'s flags: harden's flags win for the features
it adds flags for; the others, and preconditions, follow the project's last
matching flag (an ``add_compile_options(-O0)`` turns fortify-source off; a
``-O0`` in ``CMAKE_C_FLAGS`` before the build type's ``-O2`` does not).  For
such flags added to those variables and options after ``include(Harden)``,
the end of the configure step (CMake 3.19 or later) gives the feature the
state ``project`` (``set by CMakeLists.txt (-fno-stack-protector) after the
checks; was: builder strong``) in the report and the output, and the
result variables and audit tests follow.
Generator expressions and ``add_compile_definitions()`` are not looked at.

Caching and output
^^^^^^^^^^^^^^^^^^

The driver caches each report in ``${CMAKE_BINARY_DIR}/CMakeFiles/harden``
(``cache.txt``, ``cache-cxx.txt``, ``cache-<config>.txt``, ...) under its
inputs (compiler command and files, flags, readelf, catalog, level,
requests): a reconfigure that changes none runs no compiler and prints the
summaries ``(cached)``; changing one probes that language only.  The
feature list for the options is cached per catalog.  The driver's commands
and messages go to ``probe.log``, ``probe-cxx.log``, ``probe-<config>.log``
and ``probe-cxx-<config>.log`` there.  The configure step prints one
probing step (``Probing hardening flags (C, C++) - done (C: 9, C++: 9
compiler runs)``), then a summary per language, C first (``Hardening C
(level standard)``).

Build types and configurations
^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

The build type's flags decide features: fortify-source needs optimisation,
so a Debug build (``-O0``) has none.  With a single-config generator the
probes use ``CMAKE_BUILD_TYPE`` as it is at the include: set it before (a
"Release when none is given" after it would build with flags never probed;
with CMake 3.19 or later the check at the end of the configure step stops
with an error naming both build types and the fix, with 3.18 the placement
is the only safeguard).  Likewise
``CMAKE_C_STANDARD`` and ``CMAKE_CXX_STANDARD`` at the include reach the
probes (``-std=gnu++11``); a target's own ``CXX_STANDARD`` is not seen.

With a multi-config generator (Ninja Multi-Config, the one tested, Visual
Studio, Xcode) each configuration of ``CMAKE_CONFIGURATION_TYPES`` is
probed with its own flags (``CMAKE_<LANG>_FLAGS_<CONFIG>``,
``CMAKE_EXE_LINKER_FLAGS_<CONFIG>``), one run of the driver each, all at
the same time, each with its own report and cache entry: a Release gets
what a single-config Release gets.  The summary prints one block per group
of configurations with the same results (``Hardening C in Release,
RelWithDebInfo``).  Set ``CMAKE_CONFIGURATION_TYPES`` before the include:
the check at the end of the configure step stops naming both lists.  An
explicit request that one configuration cannot meet is an error naming it
(``HARDENING_FORTIFY_SOURCE=ON`` fails for Debug: "Harden (Debug C)").

``examples/cmake/`` in harden's sources is a complete project
(``-DTALLY_CXX=ON`` adds C++ programs).

#]=======================================================================]

include_guard(GLOBAL)
cmake_policy(VERSION 3.18...3.25)

# The catalog and its driver, found now: CMAKE_CURRENT_LIST_DIR means the
# caller later.
set(_harden_files features.txt probe.c traits.c harden-flags)
if(DEFINED HARDEN_CATALOG_DIR)
  set(_harden_dirs "${HARDEN_CATALOG_DIR}")
else()
  set(_harden_dirs "${CMAKE_CURRENT_LIST_DIR}/catalog" "${CMAKE_CURRENT_LIST_DIR}/../catalog")
  # The installed package: HardenConfig.cmake names the installed catalog.
  if(DEFINED _HARDEN_PACKAGE_CATALOG)
    list(APPEND _harden_dirs "${_HARDEN_PACKAGE_CATALOG}")
  endif()
endif()
# The installed package's harden-audit is looked for first.
set_property(GLOBAL PROPERTY _HARDEN_BINDIR "${_HARDEN_PACKAGE_BINDIR}")
set(_HARDEN_CATALOG "")
foreach(_harden_d IN LISTS _harden_dirs)
  set(_harden_complete TRUE)
  foreach(_harden_f IN LISTS _harden_files)
    if(NOT EXISTS "${_harden_d}/${_harden_f}")
      set(_harden_complete FALSE)
    endif()
  endforeach()
  if(_harden_complete)
    get_filename_component(_HARDEN_CATALOG "${_harden_d}" ABSOLUTE)
    break()
  endif()
endforeach()
if(_HARDEN_CATALOG STREQUAL "")
  string(JOIN " " _harden_files ${_harden_files})
  if(DEFINED HARDEN_CATALOG_DIR)
    message(FATAL_ERROR "Harden: HARDEN_CATALOG_DIR=${HARDEN_CATALOG_DIR} is not a catalog folder with\n  ${_harden_files}")
  endif()
  message(FATAL_ERROR "Harden: the module needs the catalog of harden next to it.  "
    "Copy the folder catalog/ of harden, with\n  ${_harden_files}\nto\n  ${CMAKE_CURRENT_LIST_DIR}/catalog/")
endif()
set_property(GLOBAL PROPERTY _HARDEN_CATALOG "${_HARDEN_CATALOG}")
unset(_harden_files)
unset(_harden_dirs)
unset(_harden_d)
unset(_harden_f)
unset(_harden_complete)
# The sources of harden-audit (tools/audit/, listed in its sources.txt):
# tools/ next to the module once installed, ../tools in the source tree;
# empty when neither has them.
set(_HARDEN_TOOLS "")
foreach(_harden_d "${CMAKE_CURRENT_LIST_DIR}/tools" "${CMAKE_CURRENT_LIST_DIR}/../tools")
  if(EXISTS "${_harden_d}/audit/sources.txt")
    get_filename_component(_HARDEN_TOOLS "${_harden_d}" ABSOLUTE)
    break()
  endif()
endforeach()
unset(_harden_d)
set_property(GLOBAL PROPERTY _HARDEN_TOOLS "${_HARDEN_TOOLS}")

# ---------------------------------------------------------------------------
# Detection: options in, one run of harden-flags per language, reports out

# HARDENING_STACK_PROTECTOR from stack-protector.
function(_harden_option_name feature out)
  string(TOUPPER "${feature}" n)
  string(REPLACE "-" "_" n "${n}")
  set(${out} "HARDENING_${n}" PARENT_SCOPE)
endfunction()

# What differs between the languages: the name in messages (C, C++), the
# suffix of cache entries (_HARDEN<suffix>_KEY) and of files
# (harden-report<file>.txt), and the driver's inputs (CC, CFLAGS or CXX,
# CXXFLAGS).
function(_harden_language lang label_out suffix_out file_out cc_out flags_out)
  if(lang STREQUAL "CXX")
    set(v "C++" "_CXX" "-cxx" CXX CXXFLAGS)
  else()
    set(v "C" "" "" CC CFLAGS)
  endif()
  foreach(out IN ITEMS label_out suffix_out file_out cc_out flags_out)
    list(POP_FRONT v value)
    set(${${out}} "${value}" PARENT_SCOPE)
  endforeach()
endfunction()

# The result variables of <lang>, in the order of the report keys cppflags,
# cflags, exe_cflags, ldflags, exe_ldflags, enabled, audit_expect,
# lib_ldflags (the names of harden-flags --export).
function(_harden_variables lang out)
  if(lang STREQUAL "CXX")
    set(${out} HARDEN_CXX_CPPFLAGS HARDEN_CXXFLAGS HARDEN_EXE_CXXFLAGS HARDEN_CXX_LDFLAGS
      HARDEN_EXE_CXX_LDFLAGS HARDEN_CXX_ENABLED HARDEN_CXX_AUDIT_EXPECT HARDEN_CXX_LIB_LDFLAGS
      PARENT_SCOPE)
  else()
    set(${out} HARDEN_CPPFLAGS HARDEN_CFLAGS HARDEN_EXE_CFLAGS HARDEN_LDFLAGS
      HARDEN_EXE_LDFLAGS HARDEN_ENABLED HARDEN_AUDIT_EXPECT HARDEN_LIB_LDFLAGS PARENT_SCOPE)
  endif()
endfunction()

# The configurations probed one by one: those of a multi-config generator,
# each built with its own CMAKE_<LANG>_FLAGS_<CONFIG> (a Debug -O0 has no
# fortify, a Release must); none for a single-config generator, whose one
# build type is CMAKE_BUILD_TYPE.
function(_harden_configs out)
  get_property(multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  set(configs "")
  if(multi)
    set(configs ${CMAKE_CONFIGURATION_TYPES})
    list(REMOVE_DUPLICATES configs)
  endif()
  set(${out} "${configs}" PARENT_SCOPE)
endfunction()

# The units of detection, one driver run each: a language (C, CXX), or a
# language in a configuration (C-Release) with a multi-config generator.
function(_harden_units langs configs out)
  set(units "")
  foreach(lang IN LISTS langs)
    if(configs)
      list(TRANSFORM configs PREPEND "${lang}-" OUTPUT_VARIABLE l)
      list(APPEND units ${l})
    else()
      list(APPEND units ${lang})
    endif()
  endforeach()
  set(${out} "${units}" PARENT_SCOPE)
endfunction()

# A unit's language and configuration (empty: single-config), its name in
# messages (C, Release C++), and the suffixes of its cache entries
# (_HARDEN<suffix>_KEY: _CXX_RELEASE) and files (harden-report<file>.txt:
# -cxx-release).  The single-config names are those of a language.
function(_harden_unit unit lang_out config_out label_out suffix_out file_out)
  string(REGEX MATCH "^(CXX|C)(-(.*))?$" _ "${unit}")
  set(lang "${CMAKE_MATCH_1}")
  set(config "${CMAKE_MATCH_3}")
  _harden_language(${lang} label suffix file cc_var flags_var)
  if(NOT config STREQUAL "")
    string(TOUPPER "${config}" upper)
    string(TOLOWER "${config}" lower)
    set(label "${config} ${label}")
    string(APPEND suffix "_${upper}")
    string(APPEND file "-${lower}")
  endif()
  foreach(v IN ITEMS lang config label suffix file)
    set(${${v}_out} "${${v}}" PARENT_SCOPE)
  endforeach()
endfunction()

# The result variables of a unit: a language's (_harden_variables), with
# _<CONFIG> appended for a configuration (HARDEN_CFLAGS_RELEASE).
function(_harden_unit_variables unit out)
  _harden_unit(${unit} lang config label suffix file)
  _harden_variables(${lang} vars)
  if(NOT config STREQUAL "")
    string(TOUPPER "_${config}" upper)
    list(TRANSFORM vars APPEND "${upper}")
  endif()
  set(${out} "${vars}" PARENT_SCOPE)
endfunction()

# The feature list (harden-flags --list=tsv, cached per catalog) turned into
# the cache options and the driver's requests; <features_out>: the names.
function(_harden_requests driver catalog_hash args_out features_out)
  string(ASCII 30 rs)
  # Run again for another catalog ("tsv" in the key: a list cached by an
  # older module was --list).
  if(NOT "$CACHE{_HARDEN_LIST_KEY}" STREQUAL "tsv ${catalog_hash}")
    execute_process(COMMAND ${driver} --list=tsv
      RESULT_VARIABLE rc OUTPUT_VARIABLE list ERROR_VARIABLE err)
    if(NOT rc STREQUAL "0")
      string(STRIP "${err}" err)
      message(FATAL_ERROR "Harden: harden-flags --list=tsv failed:\n  ${err}")
    endif()
    string(REPLACE "\n" "${rs}" list "${list}")
    set(_HARDEN_LIST "${list}" CACHE INTERNAL "harden-flags --list=tsv")
    set(_HARDEN_LIST_KEY "tsv ${catalog_hash}" CACHE INTERNAL "The catalog of _HARDEN_LIST")
  endif()
  string(REPLACE "${rs}" "\n" text "$CACHE{_HARDEN_LIST}")

  set(levels none standard strict)
  set(default_level standard)
  if(DEFINED HARDEN_DEFAULT_LEVEL)
    if(NOT HARDEN_DEFAULT_LEVEL IN_LIST levels)
      message(FATAL_ERROR "Harden: HARDEN_DEFAULT_LEVEL=${HARDEN_DEFAULT_LEVEL} is not one of: none standard strict")
    endif()
    set(default_level "${HARDEN_DEFAULT_LEVEL}")
  endif()
  set(HARDENING "${default_level}" CACHE STRING "Hardening level: none, standard or strict")
  set_property(CACHE HARDENING PROPERTY STRINGS ${levels})
  set(args "--level=${HARDENING}")
  set(features "")
  # Lines "NAME<TAB>LEVEL<TAB>REQUIRES<TAB>VALUES<TAB>AUDIT<TAB>SUMMARY",
  # the values comma-separated, each once.
  while(text MATCHES "^([^\n]*)\n(.*)$")
    set(line "${CMAKE_MATCH_1}")
    set(text "${CMAKE_MATCH_2}")
    if(NOT line MATCHES "^([a-z0-9-]+)\t[^\t]*\t[^\t]*\t([^\t]*)\t[^\t]*\t(.*)$")
      message(FATAL_ERROR "Harden: unexpected line from harden-flags --list=tsv: ${line}")
    endif()
    set(f "${CMAKE_MATCH_1}")
    string(REPLACE "," ";" values "${CMAKE_MATCH_2}")
    set(summary "${CMAKE_MATCH_3}")
    list(APPEND features "${f}")
    _harden_option_name(${f} opt)
    set(${opt} AUTO CACHE STRING "Hardening feature ${f} (${summary}): AUTO, ON, OFF or one of: ${values}")
    set_property(CACHE ${opt} PROPERTY STRINGS AUTO ON OFF ${values})
    # CMake's own spellings only; the driver checks every other value.
    set(v "${${opt}}")
    if(v STREQUAL "ON")
      list(APPEND args "--enable-${f}=yes")
    elseif(v STREQUAL "OFF")
      list(APPEND args "--enable-${f}=no")
    elseif(NOT v STREQUAL "AUTO" AND NOT v STREQUAL "")
      list(APPEND args "--enable-${f}=${v}")
    endif()
  endwhile()
  set(${args_out} "${args}" PARENT_SCOPE)
  set(${features_out} "${features}" PARENT_SCOPE)
endfunction()

# The toolchain of <lang> as the driver's CC (or CXX), CFLAGS (or CXXFLAGS)
# and LDFLAGS arguments, with the flags of <config> (empty: of
# CMAKE_BUILD_TYPE).
function(_harden_toolchain lang config out)
  _harden_language(${lang} label suffix file cc_var flags_var)
  set(cc "${CMAKE_${lang}_COMPILER}")
  if(NOT "${CMAKE_${lang}_COMPILER_ARG1}" STREQUAL "")
    string(APPEND cc " ${CMAKE_${lang}_COMPILER_ARG1}")
  endif()
  if(CMAKE_${lang}_COMPILER_TARGET AND CMAKE_${lang}_COMPILE_OPTIONS_TARGET)
    string(APPEND cc " ${CMAKE_${lang}_COMPILE_OPTIONS_TARGET}${CMAKE_${lang}_COMPILER_TARGET}")
  endif()
  if(CMAKE_SYSROOT AND CMAKE_${lang}_COMPILE_OPTIONS_SYSROOT)
    string(APPEND cc " ${CMAKE_${lang}_COMPILE_OPTIONS_SYSROOT}${CMAKE_SYSROOT}")
  endif()
  if(config STREQUAL "")
    set(config "${CMAKE_BUILD_TYPE}")
  endif()
  string(TOUPPER "${config}" config)
  set(flags "${CMAKE_${lang}_FLAGS}")
  set(ldflags "${CMAKE_EXE_LINKER_FLAGS}")
  if(NOT config STREQUAL "")
    string(APPEND flags " ${CMAKE_${lang}_FLAGS_${config}}")
    string(APPEND ldflags " ${CMAKE_EXE_LINKER_FLAGS_${config}}")
  endif()
  # The language standard of every target (CMAKE_<LANG>_STANDARD, set before
  # the include), after the flags as CMake puts it: what the probes must see
  # (libstdc++ checks std::array's const operator[] only from C++14).
  if(NOT "${CMAKE_${lang}_STANDARD}" STREQUAL "")
    set(std_kind EXTENSION)
    if(DEFINED CMAKE_${lang}_EXTENSIONS AND NOT CMAKE_${lang}_EXTENSIONS)
      set(std_kind STANDARD)
    endif()
    set(std_option "${CMAKE_${lang}${CMAKE_${lang}_STANDARD}_${std_kind}_COMPILE_OPTION}")
    if(NOT std_option STREQUAL "")
      string(APPEND flags " ${std_option}")
    endif()
  endif()
  # CPPFLAGS empty: CMake has none, the environment's joined the flags.
  set(${out} "${cc_var}=${cc}" "CPPFLAGS=" "${flags_var}=${flags}" "LDFLAGS=${ldflags}" PARENT_SCOPE)
endfunction()

# What reads the probes (ELF: readelf, PE: objdump), as the driver's READELF
# and OBJDUMP: CMake's tool for the target, else one found in PATH.
function(_harden_readers out)
  set(args "")
  foreach(tool IN ITEMS READELF OBJDUMP)
    string(TOLOWER "${tool}" name)
    set(path "${CMAKE_${tool}}")
    if(NOT path)
      find_program(HARDEN_${tool} NAMES ${name} llvm-${name})
      set(path "${HARDEN_${tool}}")
    endif()
    if(NOT path)
      set(path no)
    endif()
    list(APPEND args "${tool}=${path}")
  endforeach()
  set(${out} "${args}" PARENT_SCOPE)
endfunction()

# Runs the driver for the units of the list <units>: one run for the
# languages of a configuration (the driver probes them at the same time,
# the one place in harden that starts probes concurrently), one
# configuration after the other.  The driver's arguments are in
# args_<unit> of the caller, each starting with its --lang.  Sets
# keys_<unit> (its run's --export=keys lines: read them with _harden_key
# and the unit's prefix), err_<unit> (the unit's messages, without the
# driver's mark of its language) and rc_<unit>: 0 for a unit without
# messages of its own when the other language has some (when the other
# cannot run there are no keys: the caller stops on the other before using
# them).
macro(_harden_run_drivers units)
  set(_harden_runs "")
  foreach(_harden_u IN LISTS ${units})
    _harden_unit(${_harden_u} _ _harden_c _ _ _)
    set(_harden_r "run${_harden_c}")
    if(NOT _harden_r IN_LIST _harden_runs)
      list(APPEND _harden_runs ${_harden_r})
      set(_harden_units_${_harden_r} "")
      set(_harden_args_${_harden_r} "")
    endif()
    list(APPEND _harden_units_${_harden_r} ${_harden_u})
    list(APPEND _harden_args_${_harden_r} ${args_${_harden_u}})
  endforeach()
  foreach(_harden_r IN LISTS _harden_runs)
    execute_process(COMMAND ${driver} --export=keys ${_harden_args_${_harden_r}}
      INPUT_FILE /dev/null OUTPUT_VARIABLE _harden_out ERROR_VARIABLE _harden_err
      RESULT_VARIABLE _harden_rc)
    _harden_split_run(${_harden_r})
  endforeach()
endmacro()

# The keys, messages and status of each unit of the run <r> (its output
# _harden_out, messages _harden_err, status _harden_rc); with several
# languages, each message starts "harden-flags: LANG: ".
macro(_harden_split_run r)
  foreach(_harden_u IN LISTS _harden_units_${r})
    set(keys_${_harden_u} "${_harden_out}")
    set(err_${_harden_u} "${_harden_err}")
    set(rc_${_harden_u} "${_harden_rc}")
    list(LENGTH _harden_units_${r} _harden_k)
    if(_harden_k GREATER 1)
      # The unit's own lines: the other language's go, the mark of its own.
      _harden_unit(${_harden_u} _harden_l _ _ _ _)
      set(_harden_mark "c")
      set(_harden_other "c\\+\\+")
      if(_harden_l STREQUAL "CXX")
        set(_harden_mark "c\\+\\+")
        set(_harden_other "c")
      endif()
      string(REGEX REPLACE "\nharden-flags: ${_harden_other}: [^\n]*" "" _harden_e "\n${_harden_err}")
      string(REGEX REPLACE "\nharden-flags: ${_harden_mark}: " "\nharden-flags: " _harden_e "${_harden_e}")
      string(REGEX REPLACE "^\n" "" err_${_harden_u} "${_harden_e}")
      # The other language's messages alone: this unit's report is fine
      # (or, when the other cannot run, not written: see above).  A run
      # that failed without them (a signal) fails every unit.
      if(NOT _harden_e MATCHES "\nharden-flags: " AND
         "\n${_harden_err}" MATCHES "\nharden-flags: ${_harden_other}: ")
        set(rc_${_harden_u} 0)
      endif()
    endif()
  endforeach()
endmacro()

# The fatal errors of the run of <unit> (rc_<unit>, err_<unit>, keys_<unit>)
# that stop before any summary: an invalid value (2), no probe could run
# (3), or a failure of the driver; <opt_out>: the message of an unmet
# request (1), with the option that made it.
function(_harden_run_errors unit opt_out)
  _harden_unit(${unit} lang config label suffix file)
  set(rc "${rc_${unit}}")
  set(err "${err_${unit}}")
  # An invalid value (2) has no keys: the driver's line "harden-flags:
  # error=FEATURE REASON" (--errors=machine) names the feature, so the
  # option to blame.  An unmet request (1): its keys say which.
  set(error_opt "")
  set(feature "")
  if(rc STREQUAL "1")
    _harden_key("${keys_${unit}}" "${prefix_${unit}}error_feature" feature)
    _harden_key("${keys_${unit}}" "${prefix_${unit}}error" err)
  elseif("\n${err}" MATCHES "\nharden-flags: error=([a-z0-9-]+) ")
    set(feature "${CMAKE_MATCH_1}")
  endif()
  if(NOT feature STREQUAL "")
    _harden_option_name(${feature} error_opt)
  endif()
  string(REGEX REPLACE "\n.*" "" err "${err}")
  string(REGEX REPLACE "^harden-flags: " "" err "${err}")
  if(rc STREQUAL "2")
    # An invalid value: of a feature's option, else of the level.
    if(NOT error_opt STREQUAL "")
      message(FATAL_ERROR "Harden (${label}):\n  ${error_opt}=${${error_opt}}: ${err} (or ON, OFF, AUTO)")
    endif()
    message(FATAL_ERROR "Harden (${label}):\n  HARDENING=${HARDENING}: ${err}")
  elseif(rc STREQUAL "3" AND err MATCHES "^cannot run: ")
    # No probe could run (no compiler, nothing links, no scratch
    # directory): never "no hardening", and nothing is cached.
    message(FATAL_ERROR "Harden (${label}):\n  ${err}\nSee ${work}/probe${file}.log, or configure with -DHARDENING=none.")
  elseif(NOT rc STREQUAL "0" AND NOT rc STREQUAL "1")
    message(FATAL_ERROR "Harden (${label}): ${catalog}/harden-flags failed (${rc}):\n  ${err}")
  endif()
  if(rc STREQUAL "1" AND NOT error_opt STREQUAL "")
    set(err "${error_opt}=${${error_opt}}: ${err}")
  endif()
  set(${opt_out} "${err}" PARENT_SCOPE)
endfunction()

# The value of <key> in <keys>, the driver's --export=keys lines (KEY=VALUE:
# c.cflags, c++.state.pie, ...), or "".
function(_harden_key keys key out)
  set(value "")
  string(FIND "\n${keys}" "\n${key}=" at)
  if(NOT at EQUAL -1)
    string(LENGTH "${key}=" n)
    math(EXPR at "${at} + ${n}")
    string(SUBSTRING "${keys}\n" ${at} -1 value)
    string(FIND "${value}" "\n" end)
    string(SUBSTRING "${value}" 0 ${end} value)
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

# The summary of one unit (its keys and their prefix, c. or c++.): state
# and detail of every feature; <label> says whose (C, or C++ in Debug,
# Release).
function(_harden_summary label keys prefix features cached)
  _harden_key("${keys}" "${prefix}level" level)
  message(CHECK_START "Hardening ${label} (level ${level})")
  list(APPEND CMAKE_MESSAGE_INDENT "  ")
  foreach(f IN LISTS features)
    _harden_key("${keys}" "${prefix}state.${f}" state)
    _harden_key("${keys}" "${prefix}detail.${f}" detail)
    # One line per feature: CHECK_START would print its name alone first.
    message(STATUS "${f} - ${state}: ${detail}${cached}")
  endforeach()
  list(POP_BACK CMAKE_MESSAGE_INDENT)
  _harden_key("${keys}" "${prefix}enabled" enabled)
  string(REGEX MATCHALL "[^ ]+" enabled "${enabled}")
  list(LENGTH enabled n)
  message(CHECK_PASS "${n} features present")
endfunction()

# Sets the result variables <vars> (_harden_unit_variables) from the keys
# in the variable <keys_var> with <prefix> (c., c++.), in the caller's
# scope and as INTERNAL cache entries.
macro(_harden_set_results vars keys_var prefix)
  set(_harden_vars ${vars})
  foreach(_harden_k IN ITEMS cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect
      lib_ldflags)
    list(POP_FRONT _harden_vars _harden_var)
    _harden_key("${${keys_var}}" "${prefix}${_harden_k}" _harden_v)
    if(NOT _harden_k STREQUAL "audit_expect")
      string(REPLACE " " ";" _harden_v "${_harden_v}")
    endif()
    set(${_harden_var} "${_harden_v}" CACHE INTERNAL "harden: detected flags")
    set(${_harden_var} "${_harden_v}" PARENT_SCOPE)
  endforeach()
endmacro()

function(_harden_detect)
  get_property(catalog GLOBAL PROPERTY _HARDEN_CATALOG)
  get_property(langs GLOBAL PROPERTY _HARDEN_LANGUAGES)
  set(work "${CMAKE_BINARY_DIR}/CMakeFiles/harden")
  file(MAKE_DIRECTORY "${work}")

  find_program(HARDEN_SHELL NAMES sh NO_CMAKE_FIND_ROOT_PATH
    DOC "POSIX shell that runs harden-flags")
  if(NOT HARDEN_SHELL)
    message(FATAL_ERROR "Harden: no POSIX sh found, and the harden-flags driver needs one (set HARDEN_SHELL)")
  endif()
  set(driver "${HARDEN_SHELL}" "${catalog}/harden-flags")
  set(catalog_hash "")
  foreach(f features.txt probe.c traits.c harden-flags)
    file(SHA256 "${catalog}/${f}" h)
    string(APPEND catalog_hash "${h}")
  endforeach()
  _harden_requests("${driver}" "${catalog_hash}" requests features)
  set_property(GLOBAL PROPERTY _HARDEN_REQUESTS "${requests}")
  _harden_readers(readers)

  # The module's reports, those of a language or configuration dropped since
  # included (at the include: a later language's detection keeps those
  # written since, a target's exception reports).
  get_property(summarized GLOBAL PROPERTY _HARDEN_SUMMARIZED)
  get_property(again GLOBAL PROPERTY _HARDEN_SUMMARIZED SET)
  if(NOT again)
    file(GLOB stale "${CMAKE_BINARY_DIR}/harden-report*.txt")
    if(stale)
      file(REMOVE ${stale})
    endif()
    file(GLOB stale "${CMAKE_BINARY_DIR}/harden-except-*.txt")
    if(stale)
      file(REMOVE ${stale})
    endif()
  endif()

  # ---- each unit's run of the driver, which writes its report (from the
  # driver's cache when the inputs are unchanged: no compiler runs)
  _harden_configs(configs)
  _harden_units("${langs}" "${configs}" units)
  _harden_arguments(units)
  _harden_probe(units)

  # ---- the summaries, then an explicit request that cannot be met (the
  # option that made it), then the result variables
  set_property(GLOBAL PROPERTY _HARDEN_FEATURES "${features}")
  set(new_langs ${langs})
  list(REMOVE_ITEM new_langs ${summarized})
  _harden_summaries("${new_langs}" "${configs}" "${features}")
  set_property(GLOBAL PROPERTY _HARDEN_SUMMARIZED "${langs}")
  foreach(unit IN LISTS units)
    if(rc_${unit} STREQUAL "1")
      _harden_unit(${unit} lang config label suffix file)
      message(FATAL_ERROR "Harden (${label}):\n  ${unmet_${unit}}")
    endif()
  endforeach()
  list(GET units 0 first)
  _harden_key("${keys_${first}}" "${prefix_${first}}version" version)
  set(HARDEN_VERSION "${version}" CACHE INTERNAL "harden's version")
  set(HARDEN_VERSION "${version}" PARENT_SCOPE)
  # The cache alone: a language probed later (_harden_late_languages)
  # updates it for every scope.
  set(HARDEN_LANGUAGES "${langs}" CACHE INTERNAL "The languages harden probed")
  set(HARDEN_CONFIGURATIONS "${configs}" CACHE INTERNAL "The configurations harden probed one by one")
  set(HARDEN_CONFIGURATIONS "${configs}" PARENT_SCOPE)
  _harden_all_results("${langs}" "${configs}")
endfunction()

# The words of CMAKE_<lang>_FLAGS (a normal variable set by the project)
# that are not in its cache entry (the builder's) are the project's: appended
# to the list <args_var> as the driver's --project-flags.
function(_harden_project_before lang args_var)
  separate_arguments(now UNIX_COMMAND "${CMAKE_${lang}_FLAGS}")
  separate_arguments(cached UNIX_COMMAND "$CACHE{CMAKE_${lang}_FLAGS}")
  set(mine "")
  foreach(w IN LISTS now)
    if(NOT w IN_LIST cached)
      string(APPEND mine " ${w}")
    endif()
  endforeach()
  if(NOT mine STREQUAL "")
    set(${args_var} ${${args_var}} --project=CMakeLists.txt "--project-flags=${mine}" PARENT_SCOPE)
  endif()
endfunction()

# The driver's arguments of each unit of the list <units_var> (args_<unit>:
# its language, the requests, its toolchain, readers and the project's
# flags, then its cache, log and report files) and the prefix of its keys
# (prefix_<unit>: c. or c++.).  Works on the variables of _harden_detect.
macro(_harden_arguments units_var)
  foreach(unit IN LISTS ${units_var})
    _harden_unit(${unit} lang config label suffix file)
    _harden_toolchain(${lang} "${config}" toolchain)
    _harden_language(${lang} lang_label _ _ _ _)
    string(TOLOWER "--lang=${lang_label}" lang_arg)
    string(TOLOWER "${lang_label}." prefix_${unit})
    set(args_${unit} ${lang_arg} ${requests} ${toolchain} ${readers})
    _harden_project_before(${lang} args_${unit})
    # A target's exception runs the driver again with these (harden_target).
    set_property(GLOBAL PROPERTY _HARDEN_ARGS_${unit} "${args_${unit}}")
    list(APPEND args_${unit} --errors=machine "--cache=${work}/cache${file}.txt"
      "--log=${work}/probe${file}.log" "--write-report=${CMAKE_BINARY_DIR}/harden-report${file}.txt")
  endforeach()
endmacro()

# Runs the driver for the units of the list <units_var> and prints the
# step of those whose compilers it ran (the others' summaries say
# "(cached)": cached_<unit>), then stops on a run that failed; keeps in
# unmet_<unit> the message of a request that cannot be met.  Works on the
# variables of _harden_detect (a macro: it sets keys_<unit>, rc_<unit>).
macro(_harden_probe units_var)
  _harden_run_drivers(${units_var})
  set(_harden_labels "")
  set(_harden_counts "")
  set(_harden_failed FALSE)
  foreach(unit IN LISTS ${units_var})
    _harden_unit(${unit} lang config label suffix file)
    _harden_key("${keys_${unit}}" "${prefix_${unit}}runs" _harden_n)
    set(cached_${unit} "")
    if(NOT rc_${unit} STREQUAL "0" AND NOT rc_${unit} STREQUAL "1")
      set(_harden_failed TRUE)
      list(APPEND _harden_labels "${label}")
    elseif(_harden_n STREQUAL "0")
      set(cached_${unit} " (cached)")
    else()
      list(APPEND _harden_labels "${label}")
      list(APPEND _harden_counts "${label}: ${_harden_n}")
    endif()
  endforeach()
  list(JOIN _harden_labels ", " _harden_labels)
  if(_harden_failed)
    message(STATUS "Probing hardening flags (${_harden_labels}) - failed")
  elseif(_harden_counts)
    list(JOIN _harden_counts ", " _harden_counts)
    message(STATUS "Probing hardening flags (${_harden_labels}) - done (${_harden_counts} compiler runs)")
  endif()
  # Every unit's fatal error first: a unit of a run in which another
  # cannot run has no report.
  foreach(unit IN LISTS ${units_var})
    _harden_run_errors(${unit} unmet_${unit})
  endforeach()
endmacro()

# The summaries, C first: one per language, or with configurations one per
# group of configurations whose features read the same (Debug apart from
# RelWithDebInfo, Release when fortify needs optimisation).  Reads
# keys_<unit>, prefix_<unit> and cached_<unit> of the caller.
function(_harden_summaries langs configs features)
  foreach(lang IN LISTS langs)
    _harden_units(${lang} "${configs}" units)
    set(groups "")
    foreach(unit IN LISTS units)
      # What the summary prints of a unit: its level, states and details.
      _harden_key("${keys_${unit}}" "${prefix_${unit}}level" text)
      foreach(f IN LISTS features)
        _harden_key("${keys_${unit}}" "${prefix_${unit}}state.${f}" state)
        _harden_key("${keys_${unit}}" "${prefix_${unit}}detail.${f}" detail)
        string(APPEND text "\n${state} ${detail}")
      endforeach()
      string(SHA256 id "${text}")
      if(NOT id IN_LIST groups)
        list(APPEND groups ${id})
        set(first_${id} ${unit})
        set(names_${id} "")
      endif()
      _harden_unit(${unit} lang config label suffix file)
      list(APPEND names_${id} "${config}")
    endforeach()
    _harden_language(${lang} label _ _ _ _)
    foreach(id IN LISTS groups)
      set(whose "${label}")
      if(configs)
        list(JOIN names_${id} ", " names)
        set(whose "${label} in ${names}")
      endif()
      set(unit ${first_${id}})
      _harden_summary("${whose}" "${keys_${unit}}" "${prefix_${unit}}" "${features}" "${cached_${unit}}")
    endforeach()
  endforeach()
endfunction()

# The result variables of every language (empty for one not probed), and
# with configurations those of each (HARDEN_CFLAGS_RELEASE), the plain
# names then holding the first configuration's.  Reads keys_<unit> and
# prefix_<unit>.
macro(_harden_all_results langs configs)
  set(_harden_langs ${langs})
  set(_harden_configs "${configs}")
  set(_harden_none "")
  foreach(_harden_lang IN ITEMS C CXX)
    _harden_units(${_harden_lang} "${_harden_configs}" _harden_lang_units)
    _harden_variables(${_harden_lang} _harden_plain)
    if(NOT _harden_lang IN_LIST _harden_langs)
      # The cache alone, which a later probe of the language updates.
      foreach(_harden_var IN LISTS _harden_plain)
        set(${_harden_var} "" CACHE INTERNAL "harden: detected flags")
      endforeach()
      continue()
    endif()
    foreach(_harden_u IN LISTS _harden_lang_units)
      _harden_unit_variables(${_harden_u} _harden_uvars)
      _harden_set_results("${_harden_uvars}" keys_${_harden_u} "${prefix_${_harden_u}}")
    endforeach()
    if(_harden_configs)
      list(GET _harden_lang_units 0 _harden_u)
      _harden_set_results("${_harden_plain}" keys_${_harden_u} "${prefix_${_harden_u}}")
    endif()
  endforeach()
endmacro()

# ---------------------------------------------------------------------------
# Applying the flags

# The flags of every probed language, wrapped in generator expressions: a
# language's compile flags for its sources only, its link flags for links
# that its compiler drives, the programs' flags for executables only, the
# libraries' flags for shared libraries only (never a MODULE: a plugin is
# dlopened, and -Wl,-z,nodlopen would refuse it), and with configurations each configuration's flags for its builds only.  The
# same lists serve Harden::Harden and a target's own properties (TYPE is the
# consumer's, or the target's).
function(_harden_wrapped_options compile_out link_out)
  set(c "")
  set(l "")
  set(is_exe "$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>")
  set(is_lib "$<STREQUAL:$<TARGET_PROPERTY:TYPE>,SHARED_LIBRARY>")
  _harden_units("${HARDEN_LANGUAGES}" "${HARDEN_CONFIGURATIONS}" units)
  foreach(unit IN LISTS units)
    _harden_unit(${unit} lang config label suffix file)
    _harden_unit_variables(${unit} vars)
    list(GET vars 0 1 2 3 4 7 vars)
    foreach(kind IN ITEMS cpp cc exe_cc ld exe_ld lib_ld)
      list(POP_FRONT vars var)
      if(kind MATCHES "ld$")
        set(when "$<LINK_LANGUAGE:${lang}>")
      else()
        set(when "$<COMPILE_LANGUAGE:${lang}>")
      endif()
      if(kind MATCHES "^exe_")
        set(when "$<AND:${when},${is_exe}>")
      elseif(kind MATCHES "^lib_")
        set(when "$<AND:${when},${is_lib}>")
      endif()
      # Each configuration of a multi-config generator, its own flags.
      if(NOT config STREQUAL "")
        set(when "$<AND:$<CONFIG:${config}>,${when}>")
      endif()
      foreach(f IN LISTS ${var})
        if(kind MATCHES "ld$")
          list(APPEND l "$<${when}:${f}>")
        else()
          list(APPEND c "$<${when}:${f}>")
        endif()
      endforeach()
    endforeach()
  endforeach()
  set(${compile_out} "${c}" PARENT_SCOPE)
  set(${link_out} "${l}" PARENT_SCOPE)
endfunction()

# A language enabled after the module was included (expat enables CXX for
# its tests halfway down its CMakeLists.txt) is probed when first needed:
# by harden_target() and harden_add_audit_test(), else at the end of the
# top directory (CMake 3.19: cmake_language(DEFER)).  Its reports, summary
# and result variables (in the cache: HARDEN_CXXFLAGS, ...) then exist,
# Harden::Harden gives its objects their flags, and the audit tests made
# before expect what every language proves.
function(_harden_late_languages)
  get_property(enabled GLOBAL PROPERTY ENABLED_LANGUAGES)
  get_property(probed GLOBAL PROPERTY _HARDEN_LANGUAGES)
  set(langs "")
  set(late "")
  foreach(lang IN ITEMS C CXX)
    if(lang IN_LIST probed)
      list(APPEND langs ${lang})
    elseif(lang IN_LIST enabled)
      list(APPEND langs ${lang})
      list(APPEND late ${lang})
    endif()
  endforeach()
  if(NOT late)
    return()
  endif()
  foreach(lang IN LISTS late)
    _harden_join_cppflags(${lang})
  endforeach()
  set_property(GLOBAL PROPERTY _HARDEN_LANGUAGES "${langs}")
  _harden_detect()
  _harden_wrapped_options(c l)
  set_property(TARGET Harden::Harden PROPERTY INTERFACE_COMPILE_OPTIONS ${c})
  set_property(TARGET Harden::Harden PROPERTY INTERFACE_LINK_OPTIONS ${l})
  _harden_units("${late}" "${HARDEN_CONFIGURATIONS}" units)
  foreach(unit IN LISTS units)
    _harden_project_words(${unit} words)
    set_property(GLOBAL PROPERTY _HARDEN_WORDS_${unit} "${words}")
  endforeach()
  _harden_update_audit_tests()
endfunction()

# The audit tests made before expect what the result variables now say.
function(_harden_update_audit_tests)
  foreach(config IN ITEMS ${HARDEN_CONFIGURATIONS} "")
    string(TOUPPER "HARDEN_AUDIT_EXPECT_${config}" prop)
    get_property(made TARGET Harden::Harden PROPERTY ${prop} SET)
    if(made)
      _harden_audit_expect("${config}" expect)
      set_property(TARGET Harden::Harden PROPERTY ${prop} "${expect}")
    endif()
  endforeach()
endfunction()

#[[
harden_target(<target>...): see the module documentation.
#]]
function(harden_target)
  cmake_parse_arguments(PARSE_ARGV 0 HARDEN_TARGET "" "REASON" "EXCEPT")
  set(targets ${HARDEN_TARGET_UNPARSED_ARGUMENTS})
  if(NOT targets)
    message(FATAL_ERROR "harden_target: no target given")
  endif()
  _harden_late_languages()
  foreach(t IN LISTS targets)
    if(NOT TARGET "${t}")
      message(FATAL_ERROR "harden_target: ${t} is not a target")
    endif()
    get_target_property(imported "${t}" IMPORTED)
    get_target_property(aliased "${t}" ALIASED_TARGET)
    if(imported OR aliased)
      message(FATAL_ERROR "harden_target: ${t} is an imported or alias target")
    endif()
    get_target_property(type "${t}" TYPE)
    if(NOT type MATCHES "^(EXECUTABLE|(SHARED|MODULE|STATIC|OBJECT)_LIBRARY)$")
      message(FATAL_ERROR "harden_target: ${t} is a ${type}; expected an executable or a library")
    endif()
  endforeach()
  if(DEFINED HARDEN_TARGET_EXCEPT OR DEFINED HARDEN_TARGET_REASON OR HARDEN_TARGET_KEYWORDS_MISSING_VALUES)
    _harden_exception_options("${targets}" "${HARDEN_TARGET_EXCEPT}" "${HARDEN_TARGET_REASON}"
      "${HARDEN_TARGET_KEYWORDS_MISSING_VALUES}" c l)
  else()
    _harden_wrapped_options(c l)
  endif()
  foreach(t IN LISTS targets)
    get_target_property(type "${t}" TYPE)
    set_property(TARGET "${t}" APPEND PROPERTY COMPILE_OPTIONS ${c})
    # Static and object libraries are not linked.
    if(l AND type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY)$")
      set_property(TARGET "${t}" APPEND PROPERTY LINK_OPTIONS ${l})
    endif()
    # For its audit test (harden_add_audit_test).
    set_property(TARGET "${t}" PROPERTY HARDEN_EXCEPTION "${HARDEN_TARGET_EXCEPT}")
    _harden_check_exception(harden_target "${t}")
  endforeach()
endfunction()

# A target with exceptions that links Harden::Harden too gets the project's
# flags after its own, which undo the exception: an error of <command>.
function(_harden_check_exception command target)
  get_target_property(excepted "${target}" HARDEN_EXCEPTION)
  get_target_property(libs "${target}" LINK_LIBRARIES)
  if(excepted AND libs AND "Harden::Harden" IN_LIST libs)
    message(FATAL_ERROR "${command}: ${target} has exceptions (harden_target(${target} EXCEPT ...)) and links "
      "Harden::Harden, whose flags come later and undo them; drop Harden::Harden from ${target}")
  endif()
endfunction()

# harden_target(<targets> EXCEPT <except>... REASON <reason>): checks the
# arguments (<missing>: the keywords given without a value), runs the
# driver again for each unit with --except and --reason (a cache file of
# their own: a reconfigure runs no compiler), writes each report as
# harden-except-<target><file>.txt, prints the excepted features'
# lines, and sets <c_out> and <l_out> as _harden_wrapped_options does from
# those reports.
function(_harden_exception_options targets except reason missing c_out l_out)
  list(JOIN targets " " names)
  get_property(features GLOBAL PROPERTY _HARDEN_FEATURES)
  list(JOIN features ", " valid)
  string(STRIP "${reason}" stripped)
  if(NOT except OR "EXCEPT" IN_LIST missing)
    message(FATAL_ERROR "harden_target(${names} EXCEPT ...): name the features ${names} goes without (features: ${valid})")
  endif()
  list(JOIN except " " what)
  if(stripped STREQUAL "")
    message(FATAL_ERROR "harden_target(${names} EXCEPT ${what}): REASON \"...\" is required: why ${names} goes without it")
  endif()
  if(reason MATCHES "[;\n]")
    message(FATAL_ERROR "harden_target(${names} EXCEPT ${what}): the REASON must be one line without ';' (CMake's list separator)")
  endif()
  get_property(catalog GLOBAL PROPERTY _HARDEN_CATALOG)
  set(driver "${HARDEN_SHELL}" "${catalog}/harden-flags")
  set(work "${CMAKE_BINARY_DIR}/CMakeFiles/harden")
  list(JOIN except "," list)
  string(SHA256 id "${list}|${reason}")
  string(SUBSTRING "${id}" 0 16 id)
  _harden_units("${HARDEN_LANGUAGES}" "${HARDEN_CONFIGURATIONS}" units)
  foreach(unit IN LISTS units)
    _harden_unit(${unit} lang config label suffix file)
    _harden_language(${lang} lang_label _ _ _ _)
    string(TOLOWER "${lang_label}." prefix_${unit})
    get_property(args GLOBAL PROPERTY _HARDEN_ARGS_${unit})
    set(args_${unit} ${args} "--except=${list}" "--reason=${reason}" --errors=machine
      "--cache=${work}/except-${id}${file}.txt" "--log=${work}/except-${id}${file}.log"
      "--write-report=${work}/except-${id}${file}.report")
  endforeach()
  _harden_run_drivers(units)
  foreach(unit IN LISTS units)
    _harden_unit(${unit} lang config label suffix file)
    if(NOT rc_${unit} STREQUAL "0")
      string(REGEX REPLACE "\n.*" "" err "${err_${unit}}")
      string(REGEX REPLACE "^harden-flags: " "" err "${err}")
      message(FATAL_ERROR "harden_target(${names} EXCEPT ${what}) (${label}):\n  ${err}")
    endif()
  endforeach()
  # For the check of the project's later flags (_harden_check_project).
  foreach(t IN LISTS targets)
    set_property(GLOBAL APPEND PROPERTY _HARDEN_EXCEPTIONS "${t}")
    set_property(GLOBAL PROPERTY _HARDEN_EXCEPTION_ARGS_${t} "--except=${list}" "--reason=${reason}")
  endforeach()
  foreach(unit IN LISTS units)
    _harden_unit(${unit} lang config label suffix file)
    # The report the driver wrote, as each target's (not configure_file: it
    # would make the report a reason to configure again).
    file(READ "${work}/except-${id}${file}.report" report)
    foreach(t IN LISTS targets)
      file(WRITE "${CMAKE_BINARY_DIR}/harden-except-${t}${file}.txt" "${report}")
    endforeach()
    foreach(e IN LISTS except)
      string(REGEX REPLACE "=.*" "" f "${e}")
      _harden_key("${keys_${unit}}" "${prefix_${unit}}state.${f}" state)
      _harden_key("${keys_${unit}}" "${prefix_${unit}}detail.${f}" detail)
      message(STATUS "Hardening exception (${label}) of ${names}: ${f} - ${state}: ${detail}")
    endforeach()
    # The unit's result variables, from these keys, for this scope only.
    _harden_unit_variables(${unit} vars)
    foreach(k IN ITEMS cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect lib_ldflags)
      list(POP_FRONT vars var)
      _harden_key("${keys_${unit}}" "${prefix_${unit}}${k}" value)
      string(REPLACE " " ";" ${var} "${value}")
    endforeach()
  endforeach()
  _harden_wrapped_options(c l)
  set(${c_out} "${c}" PARENT_SCOPE)
  set(${l_out} "${l}" PARENT_SCOPE)
endfunction()

# ---------------------------------------------------------------------------
# The audit test

# Finds or builds harden-audit (once per project).  Sets <cmd_out> to the
# command that runs it (a path or $<TARGET_FILE:harden_audit>), or to ""
# with the reason in <why_out> when no test can run.
function(_harden_audit_command cmd_out why_out)
  set(${cmd_out} "" PARENT_SCOPE)
  set(${why_out} "" PARENT_SCOPE)
  if(NOT CMAKE_EXECUTABLE_FORMAT STREQUAL "ELF"
      AND (APPLE OR CMAKE_EXECUTABLE_FORMAT MATCHES "^(MACHO|XCOFF)$"))
    set(${why_out} "harden-audit reads ELF and PE files only, and ${CMAKE_SYSTEM_NAME} binaries are neither" PARENT_SCOPE)
    return()
  endif()
  if(HARDEN_AUDIT)
    # Given by the user, or found by an earlier call.
    set(${cmd_out} "${HARDEN_AUDIT}" PARENT_SCOPE)
    return()
  endif()
  get_property(tools GLOBAL PROPERTY _HARDEN_TOOLS)
  # harden-audit is C, built with the project's C compiler.
  get_property(enabled GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT CMAKE_CROSSCOMPILING AND NOT tools STREQUAL "" AND "C" IN_LIST enabled)
    if(NOT TARGET harden_audit)
      file(STRINGS "${tools}/audit/sources.txt" sources)
      list(TRANSFORM sources PREPEND "${tools}/audit/")
      file(GLOB headers "${tools}/audit/*.h")
      add_executable(harden_audit ${sources} ${headers})
      # A test tool of the build machine: none of the directory's options,
      # definitions, include directories or link libraries; never installed
      # (no install() names it) and out of the way of the project's outputs.
      set_target_properties(harden_audit PROPERTIES
        OUTPUT_NAME harden-audit
        RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/harden-tools"
        C_STANDARD 99 C_EXTENSIONS ON
        COMPILE_OPTIONS "" COMPILE_DEFINITIONS "_DEFAULT_SOURCE;HARDEN_VERSION=\"${HARDEN_VERSION}\""
        INCLUDE_DIRECTORIES "${tools}/audit" LINK_OPTIONS "" LINK_LIBRARIES ""
        HARDEN_AUDIT_TOOL TRUE)
      # Built with its own hardening: the probes were for this compiler.
      harden_target(harden_audit)
    else()
      get_target_property(ours harden_audit HARDEN_AUDIT_TOOL)
      if(NOT ours)
        message(FATAL_ERROR "harden_add_audit_test: the project has a target harden_audit of its own; set HARDEN_AUDIT to a harden-audit program")
      endif()
    endif()
    set(${cmd_out} "$<TARGET_FILE:harden_audit>" PARENT_SCOPE)
    return()
  endif()
  get_property(bindir GLOBAL PROPERTY _HARDEN_BINDIR)
  find_program(HARDEN_AUDIT NAMES harden-audit HINTS ${bindir}
    DOC "harden-audit program for harden_add_audit_test() (built from the module's tools/ when empty and not cross-compiling)")
  if(HARDEN_AUDIT)
    set(${cmd_out} "${HARDEN_AUDIT}" PARENT_SCOPE)
  elseif(CMAKE_CROSSCOMPILING)
    set(${why_out} "cross-compiling and no harden-audit program found (set HARDEN_AUDIT)" PARENT_SCOPE)
  elseif(NOT tools STREQUAL "")
    set(${why_out} "the C language is not enabled to build harden-audit, and no harden-audit program found (set HARDEN_AUDIT)" PARENT_SCOPE)
  else()
    set(${why_out} "no harden-audit sources next to the module and no harden-audit program found (set HARDEN_AUDIT)" PARENT_SCOPE)
  endif()
endfunction()

# What the audit test expects: the features proven for every probed
# language (the expectations' intersection, in catalog order), since a
# target may be built from any of them; those of <config> (empty: of the
# one build type).
function(_harden_audit_expect config out)
  set(common "")
  set(first TRUE)
  foreach(lang IN LISTS HARDEN_LANGUAGES)
    set(unit ${lang})
    if(NOT config STREQUAL "")
      set(unit ${lang}-${config})
    endif()
    _harden_unit_variables(${unit} vars)
    list(GET vars 6 var)
    string(REPLACE "," ";" expect "${${var}}")
    if(first)
      set(common "${expect}")
      set(first FALSE)
    else()
      set(kept "")
      foreach(f IN LISTS common)
        if(f IN_LIST expect)
          list(APPEND kept "${f}")
        endif()
      endforeach()
      set(common "${kept}")
    endif()
  endforeach()
  list(JOIN common "," common)
  set(${out} "${common}" PARENT_SCOPE)
endfunction()

# The --expect argument of the audit test: the proven features, or with
# configurations those of the configuration tested (ctest -C), chosen by
# $<CONFIG:...>; none when nothing is expected ("--expect ''" with
# configurations: harden-audit then expects nothing too).
function(_harden_audit_arguments out)
  if(NOT HARDEN_CONFIGURATIONS)
    _harden_audit_expect("" expect)
    set(args "")
    # Nothing expected stays so: the project's later flags only remove.
    if(NOT expect STREQUAL "")
      if(NOT CMAKE_VERSION VERSION_LESS 3.19)
        _harden_expect_property("" "${expect}" expect)
      endif()
      set(args --expect "${expect}")
    endif()
    set(${out} "${args}" PARENT_SCOPE)
    return()
  endif()
  set(value "")
  foreach(config IN LISTS HARDEN_CONFIGURATIONS)
    _harden_audit_expect("${config}" expect)
    if(NOT CMAKE_VERSION VERSION_LESS 3.19)
      _harden_expect_property("${config}" "${expect}" expect)
    endif()
    string(APPEND value "$<$<CONFIG:${config}>:${expect}>")
  endforeach()
  set(${out} --expect "${value}" PARENT_SCOPE)
endfunction()

# With CMake 3.19, the audit test's expectation of <config> is a property
# of Harden::Harden, set to <expect> and read when the tests are generated,
# so that the check of the project's later flags (_harden_check_project)
# still changes it; <out>: the generator expression that reads it.
function(_harden_expect_property config expect out)
  string(TOUPPER "HARDEN_AUDIT_EXPECT_${config}" prop)
  set_property(TARGET Harden::Harden PROPERTY ${prop} "${expect}")
  set(${out} "$<TARGET_PROPERTY:Harden::Harden,${prop}>" PARENT_SCOPE)
endfunction()

#[[
harden_add_audit_test(<name> <target>...): see the module documentation.
#]]
function(harden_add_audit_test)
  cmake_parse_arguments(PARSE_ARGV 0 HARDEN_AUDIT_TEST "" "" "")
  set(args ${HARDEN_AUDIT_TEST_UNPARSED_ARGUMENTS})
  list(LENGTH args n)
  if(n LESS 2)
    message(FATAL_ERROR "harden_add_audit_test: usage: harden_add_audit_test(<name> <target>...)")
  endif()
  list(POP_FRONT args name)
  _harden_late_languages()
  set(files "")
  set(except "")
  set(excepted_targets "")
  foreach(t IN LISTS args)
    if(NOT TARGET "${t}")
      message(FATAL_ERROR "harden_add_audit_test: ${t} is not a target")
    endif()
    get_target_property(type "${t}" TYPE)
    if(NOT type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY)$")
      message(FATAL_ERROR "harden_add_audit_test: ${t} is a ${type}; expected an executable, a shared library or a module")
    endif()
    list(APPEND files "$<TARGET_FILE:${t}>")
    # A module (a plugin) is loaded with dlopen: it never gets nodlopen.
    # A target's exceptions (harden_target(... EXCEPT)) are not expected.
    # (Not "off": if(off) is the constant OFF.)
    set(unexpected "")
    if(type STREQUAL "MODULE_LIBRARY")
      list(APPEND unexpected nodlopen)
    endif()
    _harden_check_exception(harden_add_audit_test "${t}")
    # Those excepted with no value: fortify-source=2 is still expected.
    get_target_property(exception "${t}" HARDEN_EXCEPTION)
    if(exception)
      list(APPEND excepted_targets "${t}")
      foreach(e IN LISTS exception)
        if(NOT e MATCHES "=")
          list(APPEND unexpected "${e}")
        endif()
      endforeach()
    endif()
    if(unexpected)
      list(JOIN unexpected "," unexpected)
      list(APPEND except --except-for "$<TARGET_FILE:${t}>=${unexpected}")
    endif()
  endforeach()
  _harden_audit_command(cmd why)
  if(cmd STREQUAL "")
    message(STATUS "Harden: audit test ${name} will be skipped: ${why}")
    add_test(NAME "${name}" COMMAND "${CMAKE_COMMAND}" -E echo "harden-audit skipped: ${why}")
    set_tests_properties("${name}" PROPERTIES SKIP_REGULAR_EXPRESSION "harden-audit skipped: ")
    return()
  endif()
  _harden_audit_arguments(expect)
  list(APPEND expect ${except})
  # With a compilation database, the targets' own compile commands too: a
  # source that escaped Harden::Harden fails, with or without -g.
  # harden-audit checks each language's sources against that language's
  # report.  (Not with configurations: one database holds the commands of
  # them all.)
  # A target with exceptions: its commands against its own reports
  # (harden-except-<target>.txt), which its flags come from.
  set(dirs "")
  set(reports_for "")
  foreach(t IN LISTS args)
    set(dir "$<TARGET_PROPERTY:${t},BINARY_DIR>/CMakeFiles/${t}.dir")
    if(NOT t IN_LIST excepted_targets)
      list(APPEND dirs --objects-in "${dir}")
    else()
      if("C" IN_LIST HARDEN_LANGUAGES)
        list(APPEND reports_for --report-for "${dir}=${CMAKE_BINARY_DIR}/harden-except-${t}.txt")
      endif()
      if("CXX" IN_LIST HARDEN_LANGUAGES)
        list(APPEND reports_for --report-for "${dir}=${CMAKE_BINARY_DIR}/harden-except-${t}-cxx.txt")
      endif()
    endif()
  endforeach()
  if(CMAKE_EXPORT_COMPILE_COMMANDS AND CMAKE_GENERATOR MATCHES "Makefiles|Ninja"
      AND NOT HARDEN_CONFIGURATIONS)
    list(APPEND expect --compile-commands "${CMAKE_BINARY_DIR}/compile_commands.json")
    if(dirs AND "C" IN_LIST HARDEN_LANGUAGES)
      list(APPEND expect --report "${CMAKE_BINARY_DIR}/harden-report.txt")
    endif()
    if(dirs AND "CXX" IN_LIST HARDEN_LANGUAGES)
      list(APPEND expect --report "${CMAKE_BINARY_DIR}/harden-report-cxx.txt")
    endif()
    list(APPEND expect ${dirs} ${reports_for})
  endif()
  add_test(NAME "${name}" COMMAND ${cmd} ${expect} ${files})
endfunction()

# ---------------------------------------------------------------------------
# Run on include

if(CMAKE_VERSION VERSION_LESS 3.18)
  message(FATAL_ERROR "Harden: CMake 3.18 or later is needed ($<LINK_LANGUAGE:...>); this is ${CMAKE_VERSION}")
endif()

# The languages probed: C and C++, those enabled now.
get_property(_harden_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
set(_harden_probed "")
foreach(_harden_l IN ITEMS C CXX)
  if(_harden_l IN_LIST _harden_languages)
    list(APPEND _harden_probed ${_harden_l})
  endif()
endforeach()
if(NOT _harden_probed)
  message(FATAL_ERROR "Harden: the C or the CXX language must be enabled (project(... C CXX) or enable_language()) before including the module")
endif()
set_property(GLOBAL PROPERTY _HARDEN_LANGUAGES "${_harden_probed}")
unset(_harden_languages)
unset(_harden_l)

# The builder's CPPFLAGS join CMAKE_<LANG>_FLAGS at the language's first
# configure, as CFLAGS and CXXFLAGS do (see the documentation above); their
# words already there are skipped.
function(_harden_join_cppflags lang)
  _harden_language(${lang} label suffix file cc_var flags_var)
  if(DEFINED CACHE{_HARDEN_ENV_CPPFLAGS${suffix}})
    return()
  endif()
  separate_arguments(words UNIX_COMMAND "$ENV{CPPFLAGS}")
  separate_arguments(have UNIX_COMMAND "${CMAKE_${lang}_FLAGS}")
  set(add "")
  foreach(w IN LISTS words)
    if(NOT w IN_LIST have)
      string(APPEND add " ${w}")
    endif()
  endforeach()
  if(NOT add STREQUAL "")
    # Also as a normal variable: one set by the project hides the entry.
    string(STRIP "${CMAKE_${lang}_FLAGS}${add}" value)
    string(STRIP "$CACHE{CMAKE_${lang}_FLAGS}${add}" entry)
    set_property(CACHE CMAKE_${lang}_FLAGS PROPERTY VALUE "${entry}")
    set(CMAKE_${lang}_FLAGS "${value}" PARENT_SCOPE)
  endif()
  set(_HARDEN_ENV_CPPFLAGS${suffix} "$ENV{CPPFLAGS}" CACHE INTERNAL
    "CPPFLAGS added to CMAKE_${lang}_FLAGS at the first configure")
endfunction()
foreach(_harden_l IN LISTS _harden_probed)
  _harden_join_cppflags(${_harden_l})
endforeach()
unset(_harden_l)
unset(_harden_probed)

_harden_detect()
# A language enabled later, that no harden_target() or audit test probed.
if(NOT CMAKE_VERSION VERSION_LESS 3.19)
  cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _harden_late_languages)
endif()

# A build type set after include(Harden) (the idiom "Release when none is
# given", placed after the include) is not the one whose flags were probed,
# and those flags decide features such as fortify-source; configurations
# added after it would get no flags at all.  Checked at the end of the top
# directory, where both are final (CMake 3.19: cmake_language(DEFER); with
# 3.18 the documented placement is the check).
function(_harden_check_build_type)
  get_property(multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  set(what CMAKE_BUILD_TYPE)
  set(now "${CMAKE_BUILD_TYPE}")
  if(multi)
    set(what CMAKE_CONFIGURATION_TYPES)
    _harden_configs(now)
  endif()
  get_property(probed GLOBAL PROPERTY _HARDEN_BUILD_TYPE)
  string(TOUPPER "${probed}" before)
  string(TOUPPER "${now}" after)
  if(NOT before STREQUAL after)
    foreach(v IN ITEMS probed now)
      if("${${v}}" STREQUAL "")
        set(${v} "(none)")
      endif()
    endforeach()
    message(FATAL_ERROR "Harden: ${what} is ${now} at the end of the configure step, "
      "but was ${probed} when include(Harden) probed the compiler with its flags, so the features "
      "found (fortify-source needs optimisation) are not those of this build.  Set ${what} "
      "before include(Harden), or configure with \"-D${what}=${now}\".")
  endif()
endfunction()
if(NOT CMAKE_VERSION VERSION_LESS 3.19)
  _harden_configs(_harden_c)
  if(NOT _harden_c)
    set(_harden_c "${CMAKE_BUILD_TYPE}")
  endif()
  set_property(GLOBAL PROPERTY _HARDEN_BUILD_TYPE "${_harden_c}")
  cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _harden_check_build_type)
  unset(_harden_c)
endif()

# The project's own flags added after include(Harden): CMAKE_<LANG>_FLAGS
# (and of the configurations probed) and the top directory's compile and
# link options.  They come before Harden::Harden's flags on every command
# line, so they decide only the features harden adds no flag for (the
# builder's, or off), and the preconditions (a last -O0 turns
# fortify-source off): checked at the end of the top directory (DEFER) by
# harden-flags --amend, which classifies them with the catalog's builder
# patterns; a feature they change is in state "project" in the report and
# the result variables, and one that contradicts an option stops here.
function(_harden_project_words unit out)
  _harden_unit(${unit} lang config label suffix file)
  if(config STREQUAL "")
    set(config "${CMAKE_BUILD_TYPE}")
  endif()
  string(TOUPPER "${config}" upper)
  get_directory_property(co DIRECTORY "${CMAKE_SOURCE_DIR}" COMPILE_OPTIONS)
  get_directory_property(lo DIRECTORY "${CMAKE_SOURCE_DIR}" LINK_OPTIONS)
  separate_arguments(words UNIX_COMMAND
    "${CMAKE_${lang}_FLAGS} ${CMAKE_${lang}_FLAGS_${upper}} ${CMAKE_EXE_LINKER_FLAGS}")
  # Generator expressions are not the builder's patterns' business.
  list(APPEND words ${co} ${lo})
  list(FILTER words EXCLUDE REGEX "\\$<")
  set(${out} "${words}" PARENT_SCOPE)
endfunction()

# Amends the unit's report: the project's (<target> empty), or the
# exception of <target> with <except_args>, with the words <added>; a
# changed report is written, its features in state "project" printed and,
# for the project's, the result variables set again (<changed_out> TRUE).
function(_harden_amend unit target added except_args changed_out)
  _harden_unit(${unit} lang config label suffix file)
  _harden_language(${lang} lang_label _ _ _ _)
  string(TOLOWER "--lang=${lang_label}" lang_arg)
  string(TOLOWER "${lang_label}." prefix_${unit})
  get_property(catalog GLOBAL PROPERTY _HARDEN_CATALOG)
  get_property(requests GLOBAL PROPERTY _HARDEN_REQUESTS)
  set(work "${CMAKE_BINARY_DIR}/CMakeFiles/harden")
  set(report "${CMAKE_BINARY_DIR}/harden-report${file}.txt")
  set(what "${label}")
  if(NOT target STREQUAL "")
    set(report "${CMAKE_BINARY_DIR}/harden-except-${target}${file}.txt")
    set(what "${label}, the exception of ${target}")
  endif()
  execute_process(COMMAND "${HARDEN_SHELL}" "${catalog}/harden-flags" ${lang_arg} ${requests}
      ${except_args} --errors=machine --amend=${report} --project=CMakeLists.txt --project-first
      "--project-flags=${added}" --export=keys "--write-report=${work}/amended${file}.txt"
    RESULT_VARIABLE rc_${unit} OUTPUT_VARIABLE keys_${unit} ERROR_VARIABLE err_${unit})
  _harden_run_errors(${unit} unmet)
  file(READ "${report}" old)
  file(READ "${work}/amended${file}.txt" amended)
  if(NOT amended STREQUAL old)
    file(WRITE "${report}" "${amended}")
    message(STATUS "Hardening ${what}: CMakeLists.txt's flags added after include(Harden):${added}")
    get_property(features GLOBAL PROPERTY _HARDEN_FEATURES)
    foreach(f IN LISTS features)
      _harden_key("${keys_${unit}}" "${prefix_${unit}}state.${f}" state)
      if(state STREQUAL "project")
        _harden_key("${keys_${unit}}" "${prefix_${unit}}detail.${f}" detail)
        message(STATUS "  ${f}: project: ${detail}")
      endif()
    endforeach()
    if(target STREQUAL "")
      _harden_unit_variables(${unit} vars)
      _harden_set_results("${vars}" keys_${unit} "${prefix_${unit}}")
      set(${changed_out} TRUE PARENT_SCOPE)
    endif()
  endif()
  if(rc_${unit} STREQUAL "1")
    message(FATAL_ERROR "Harden (${what}):\n  ${unmet}")
  endif()
endfunction()

function(_harden_check_project)
  _harden_units("${HARDEN_LANGUAGES}" "${HARDEN_CONFIGURATIONS}" units)
  set(changed FALSE)
  foreach(unit IN LISTS units)
    _harden_unit(${unit} lang config label suffix file)
    get_property(before GLOBAL PROPERTY _HARDEN_WORDS_${unit})
    _harden_project_words(${unit} now)
    set(added "")
    set(added_o FALSE)
    foreach(w IN LISTS now)
      if(NOT w IN_LIST before)
        string(APPEND added " ${w}")
        if(w MATCHES "^-O")
          set(added_o TRUE)
        endif()
      elseif(added_o AND w MATCHES "^-O")
        # An -O after the project's (the configuration's) decides the
        # optimisation that fortify-source needs.
        string(APPEND added " ${w}")
      endif()
    endforeach()
    set(report "${CMAKE_BINARY_DIR}/harden-report${file}.txt")
    if(added STREQUAL "" OR NOT EXISTS "${report}")
      continue()
    endif()
    _harden_amend(${unit} "" "${added}" "" changed)
    # Each target's exceptions: the same words come before its flags too.
    get_property(excepted GLOBAL PROPERTY _HARDEN_EXCEPTIONS)
    foreach(t IN LISTS excepted)
      get_property(except_args GLOBAL PROPERTY _HARDEN_EXCEPTION_ARGS_${t})
      _harden_amend(${unit} "${t}" "${added}" "${except_args}" _)
    endforeach()
  endforeach()
  if(changed)
    _harden_update_audit_tests()
  endif()
endfunction()
if(NOT CMAKE_VERSION VERSION_LESS 3.19)
  _harden_units("${HARDEN_LANGUAGES}" "${HARDEN_CONFIGURATIONS}" _harden_c)
  foreach(_harden_l IN LISTS _harden_c)
    _harden_project_words(${_harden_l} _harden_w)
    set_property(GLOBAL PROPERTY _HARDEN_WORDS_${_harden_l} "${_harden_w}")
  endforeach()
  cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _harden_check_project)
  unset(_harden_c)
  unset(_harden_l)
  unset(_harden_w)
endif()

if(NOT TARGET Harden::Harden)
  add_library(Harden::Harden INTERFACE IMPORTED GLOBAL)
endif()
_harden_wrapped_options(_harden_c _harden_l)
set_property(TARGET Harden::Harden PROPERTY INTERFACE_COMPILE_OPTIONS ${_harden_c})
set_property(TARGET Harden::Harden PROPERTY INTERFACE_LINK_OPTIONS ${_harden_l})
unset(_harden_c)
unset(_harden_l)
