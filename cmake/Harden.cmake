# SPDX-License-Identifier: MIT

#[=======================================================================[.rst:
Harden
------

Detects the hardening flags (stack protector, fortify, PIE, full RELRO, ...)
that the C compiler and linker of the project really support, and applies
them to targets.  The detection is the harden driver ``harden-flags`` of the
catalog folder, run once with the project's compiler and flags; it
implements the procedure of ``catalog/README.md`` for the Autoconf, Meson
and CMake frontends alike, so the same toolchain and options give the same
flags, states and reasons everywhere.

The driver runs the project's C compiler directly (``CMAKE_C_COMPILER`` and
the arguments that came with ``CC``), with ``CMAKE_C_FLAGS`` plus the flags
of the build type being configured and ``CMAKE_EXE_LINKER_FLAGS``, links a
probe program and reads it back with ``readelf``: a flag counts only when its
effect shows in the binary, and any warning fails a probe.  A flag that the
builder's own flags already give (a distribution's ``-D_FORTIFY_SOURCE=2``,
``-Wl,-z,relro``, ...) is left to the builder and not added a second time.

The driver is a POSIX shell script: like Autoconf, the module needs a
POSIX ``sh`` (``HARDEN_SHELL``, found in ``PATH``).  The driver splits the
compiler command and the flags at blanks, as Autoconf's ``CC`` is: a
compiler path or a flag with a blank inside is not supported.

The module needs harden's catalog folder: ``catalog/`` in its own
directory (where to copy it into a project along with the module:
``features.txt``, ``probe.c``, ``traits.c`` and ``harden-flags``; copy
harden's ``VERSION`` file next to that folder too, or the driver reports
version ``unknown``), ``../catalog`` (harden's source tree, for
``add_subdirectory`` and ``FetchContent``), or, for ``find_package(Harden)``,
the catalog that harden's ``make install`` put in ``<datadir>/harden`` (the
package's ``HardenConfig.cmake`` names it).  Without it, configuring stops
and says what to copy where.

The minimum CMake version is 3.17 (``message(CHECK_START)``); the module is
tested with CMake 3.25.  The C language must be enabled before the module is
included.

Load this module in a CMake project with one of:

.. code-block:: cmake

  list(APPEND CMAKE_MODULE_PATH "<harden>/cmake")
  include(Harden)

  add_subdirectory(<harden>)            # or FetchContent_MakeAvailable(harden)

  find_package(Harden 0.2 REQUIRED)     # after make install of harden

Including the module defines the options, runs the detection (cached),
prints a summary, creates the target ``Harden::Harden`` and defines the
commands ``harden_target()`` and ``harden_add_audit_test()``.  Nothing is
hardened until a target asks for it, and the module changes one global flag
only: CMake reads ``CFLAGS`` and ``LDFLAGS`` from the environment at the
first configure of a build tree but ignores ``CPPFLAGS``, so at that first
configure the words of the ``CPPFLAGS`` environment variable that
``CMAKE_C_FLAGS`` lacks are appended to the ``CMAKE_C_FLAGS`` cache entry
(as Debian's debhelper does for CMake, Debian bug #653916).  The builder's
``CPPFLAGS`` (``dpkg-buildflags`` gives ``-D_FORTIFY_SOURCE=2`` there) thus
reach the probes and every compile line, as with Autoconf and Meson.

Targets
^^^^^^^

``Harden::Harden``
  An ``INTERFACE IMPORTED GLOBAL`` target.  Linking it hardens the consumer:
  C objects get the ``cpp`` and ``cc`` flags; objects of executables also get
  the ``exe-cc`` flags (``-fPIE``), shared libraries never do (CMake gives them
  ``-fPIC``); every executable, shared library and module gets the ``ld`` flags
  and executables alone the ``exe-ld`` flags (``-pie``).  This uses generator
  expressions on the consumer's ``TYPE``, so PIE does not depend on policy
  ``CMP0083`` or on ``check_pie_supported()``.

  .. code-block:: cmake

    target_link_libraries(app PRIVATE Harden::Harden)

  A static library records even its ``PRIVATE`` link dependencies in its
  link interface (``$<LINK_ONLY:Harden::Harden>``), so an ``install(EXPORT)``
  or ``export()`` of it would require ``Harden::Harden`` from its users: use
  ``harden_target()`` for exported targets.

  Compile flags are given to C sources only (``$<COMPILE_LANGUAGE:C>``):
  they were probed with the C compiler.  Objects of static and object
  libraries get no ``exe-cc`` flag; programs linking them rely on the
  toolchain's default (PIE on most distributions) or on the project's
  ``POSITION_INDEPENDENT_CODE``.  Target options come after
  ``CMAKE_C_FLAGS`` on CMake's command lines.

Commands
^^^^^^^^

.. command:: harden_target

  .. code-block:: cmake

    harden_target(<target>...)

  Hardens existing targets by adding the flags to their own (non-interface)
  ``COMPILE_OPTIONS`` and ``LINK_OPTIONS``, as ``Harden::Harden`` would.
  Nothing reaches ``INTERFACE_*`` properties, so the hardening never leaks
  into an exported target's interface and ``install(EXPORT)``/``export()``
  keep working.  Works with the keyword-less ``target_link_libraries()``
  signature too.  Targets must be executables, shared, module, static or
  object libraries of this project (not ``IMPORTED`` or ``ALIAS``).

.. command:: harden_add_audit_test

  .. code-block:: cmake

    harden_add_audit_test(<name> <target>...)

  Adds the CTest test ``<name>`` that runs
  ``harden-audit --expect ${HARDEN_AUDIT_EXPECT} $<TARGET_FILE:target>...``
  on the given executables, shared libraries and modules (static and object
  libraries are refused: harden-audit reads linked files).  The test fails
  when a feature that the probes turned on is not proven in one of the
  files: a target that was never hardened, or flags that undo the hardening
  behind the module's back, such as ``-fno-PIE``/``-no-pie`` or
  ``-fno-stack-protector`` from an ``INTERFACE`` library linked after
  ``Harden::Harden``, added to a target after ``harden_target()``, or set on
  its sources.  (A target's own ``target_compile_options()`` and
  ``target_link_options()``, ``CMAKE_C_FLAGS`` and ``CMAKE_EXE_LINKER_FLAGS``
  come before the flags of ``Harden::Harden`` on the command lines, so the
  module's flags win over them.)  The expectation is
  ``HARDEN_AUDIT_EXPECT``, the detection result, never a hand-written list.
  Call it where tests are enabled (after ``include(CTest)`` or
  ``enable_testing()``), typically in ``if(BUILD_TESTING)``.

  ``harden-audit`` proves a feature from its traces: a file counts for
  stack-protector only if it imports ``__stack_chk_fail`` (or records its
  command line, ``-frecord-gcc-switches``), for fortify-source only if it
  imports a ``__*_chk`` function; a verdict of unknown fails the test like a
  no, because it is not proven.  Where the files record the command line of
  each compilation unit (``-g`` with GCC, ``-grecord-command-line`` with
  clang), every unit is judged: one source compiled without the canary
  makes stack-protector ``partial``, which fails the test and names the
  source.  With ``CMAKE_EXPORT_COMPILE_COMMANDS`` on (Makefile and Ninja
  generators), the test also checks the targets' own compile commands in
  ``compile_commands.json`` against the report (``harden-audit
  --compile-commands``): a source that escaped ``Harden::Harden`` fails
  without ``-g`` too.  A file in which no function needs a canary
  or no call is fortifiable therefore fails; audit the files that do.

  When ``HARDEN_AUDIT_EXPECT`` is empty (level ``none``, or a toolchain that
  supports none of the audited features), the test runs ``harden-audit``
  without ``--expect``: it prints what the files have and passes whenever
  they are readable ELF files, since nothing was promised.

  The ``harden-audit`` program:

  * ``HARDEN_AUDIT``, when set (a cache variable: ``-DHARDEN_AUDIT=<path>``),
    is used as is;
  * otherwise, unless cross-compiling, it is built from the sources of
    ``tools/`` next to the module (the repository's ``tools/`` when the
    module comes from the source tree through ``CMAKE_MODULE_PATH``,
    ``add_subdirectory()`` or ``FetchContent``), by the executable target
    ``harden_audit`` that the first call creates, with the project's C
    compiler and ``CMAKE_C_FLAGS`` but none of the directory's options or
    the hardening flags, into ``${CMAKE_BINARY_DIR}/harden-tools``; it is
    built with the project (``all``) and never installed;
  * when cross-compiling (``CMAKE_CROSSCOMPILING``), a program built for the
    target cannot run on the build machine: ``find_program(HARDEN_AUDIT
    harden-audit)`` looks for one, first in the ``bindir`` of an installed
    package (``make install`` of harden installs it); likewise when the
    module has no ``tools/`` next to it, as with ``find_package(Harden)``,
    which thus runs the installed ``harden-audit``.

  When no program is available, or the platform does not produce ELF files
  (Windows, macOS), the test is still added but only prints
  ``harden-audit skipped: <reason>`` and is reported as skipped by CTest
  (``SKIP_REGULAR_EXPRESSION``); configuration says so too.

Options (cache variables)
^^^^^^^^^^^^^^^^^^^^^^^^^

``HARDENING``
  ``none``, ``standard`` or ``strict``, in lower case (the strict level
  includes standard).  The default is ``standard``; a project sets its own default by setting
  ``HARDEN_DEFAULT_LEVEL`` before including the module (or before
  ``add_subdirectory``/``FetchContent_MakeAvailable``/``find_package``).
  As for any cache option, the default only applies to a new build tree.

``HARDENING_<FEATURE>``
  One per feature of the catalog, named after it upper-cased with ``-``
  turned into ``_`` (``HARDENING_STACK_PROTECTOR``, ``HARDENING_PIE``, ...).
  Values:

  ``AUTO`` (default; or empty, or ``auto``)
    the feature follows ``HARDENING``: applied if supported when it is in the
    level, left at the toolchain default otherwise.
  ``ON`` (or ``yes``)
    the best supported value; a fatal error if unsupported.
  a value name of the feature
    exactly that value (``HARDENING_STACK_PROTECTOR=basic``,
    ``HARDENING_FORTIFY_SOURCE=2``); a fatal error if unsupported.
  ``OFF`` (or ``no``)
    the feature must be absent from the binaries, even where the toolchain
    enables it by default (the catalog's off flags are applied); a fatal
    error if that cannot be achieved.

  The values are the driver's (``auto``, ``yes``, ``no``, the value names)
  plus CMake's ``AUTO``, ``ON`` and ``OFF``, spelled exactly so, as in every
  frontend: any other value (``STRONG``, ``FALSE``, ``Off``, a trailing
  blank) is an error that lists the valid ones.

``HARDEN_AUDIT``
  A ``harden-audit`` program for ``harden_add_audit_test()``; empty by
  default (see there).

``HARDEN_SHELL``, ``HARDEN_READELF``, ``HARDEN_OBJDUMP``
  The POSIX shell that runs the driver, and the ``readelf`` (ELF targets)
  and ``objdump`` (Windows PE targets) it reads the probe with when
  ``CMAKE_READELF`` or ``CMAKE_OBJDUMP`` is empty (found in ``PATH``).

``HARDEN_CATALOG_DIR``
  When set before the module is included, the catalog folder to use instead
  of the one next to the module.

Result variables
^^^^^^^^^^^^^^^^

Set in the including scope and as ``INTERNAL`` cache entries (so that they
are visible from every directory, also after ``add_subdirectory``):

``HARDEN_VERSION``
  harden's version (the driver's, from its report), however the module was
  loaded.  ``find_package(Harden)`` also sets ``Harden_VERSION`` (the
  installed package's version file).  Both come from harden's one
  ``VERSION`` file.

``HARDEN_CPPFLAGS``, ``HARDEN_CFLAGS``, ``HARDEN_EXE_CFLAGS``,
``HARDEN_LDFLAGS``, ``HARDEN_EXE_LDFLAGS``
  The detected flags (lists), as in the catalog's contract: preprocessor
  flags, compiler flags of every object, compiler flags of executables'
  objects only, linker flags of every link, linker flags of executables only.
``HARDEN_ENABLED``
  The features that are present, as ``feature=value`` words: those turned
  on, and those the builder's own flags give.
``HARDEN_AUDIT_EXPECT``
  The present features that ``harden-audit`` can prove from any built file
  (those with an ``audit`` row in the catalog), in catalog order and joined
  with commas, not a CMake list: the argument of ``harden-audit --expect``
  (``stack-protector,fortify-source,pie,relro,bind-now,noexecstack``
  with gcc on x86_64).  Empty when none is.

The module also writes ``${CMAKE_BINARY_DIR}/harden-report.txt``, the
driver's report as it printed it: ``version=``, ``level=``, ``runs=`` (the
compiler runs; 0 when the report came from the cache), ``traits=``, the five
flag lists, ``enabled=``, ``audit_expect=``, then per feature the lines
``feature <name> <on|off|unsupported|builder> <value or -> <reason or ->``,
``flags``, ``detail`` and ``result`` (``catalog/README.md``, "The report").

Caching
^^^^^^^

The report is cached (``INTERNAL`` entries ``_HARDEN_KEY`` and
``_HARDEN_REPORT``) under a hash of the compiler command, its id and
version, the flags, the readelf, the catalog files (``harden-flags``
included), the level and the requests: a reconfigure that changes none of
them runs nothing, not even the driver, and prints the summary marked
``(cached)``; changing one runs the driver again.  The feature list
(``harden-flags --list=tsv``, for the options) is cached per catalog
likewise.  A fatal error about one feature (an invalid value, a request
that cannot be met) names its option and gives the driver's message; the
option is the one of the driver's ``harden-flags: error=FEATURE REASON``
line (``--errors=machine``), never guessed from the message's words.
The driver's commands and their messages are appended to
``${CMAKE_BINARY_DIR}/CMakeFiles/harden/probe.log``.

The probes use the flags of one build type: ``CMAKE_BUILD_TYPE``, or with a
multi-config generator and no ``CMAKE_BUILD_TYPE`` the first of
``CMAKE_CONFIGURATION_TYPES``; the result applies to every configuration of
such a generator (fortify-source decided on a Debug configuration is
unsupported for all of them).

Examples
^^^^^^^^

.. code-block:: cmake

  cmake_minimum_required(VERSION 3.17)
  project(tally C)
  set(HARDEN_DEFAULT_LEVEL strict)
  list(APPEND CMAKE_MODULE_PATH "${CMAKE_CURRENT_SOURCE_DIR}/harden/cmake")
  include(Harden)
  add_library(tally SHARED tally.c)
  add_executable(app main.c)
  target_link_libraries(tally PRIVATE Harden::Harden)
  target_link_libraries(app PRIVATE tally Harden::Harden)
  include(CTest)
  if(BUILD_TESTING)
    harden_add_audit_test(audit app tally)
  endif()

#]=======================================================================]

include_guard(GLOBAL)
cmake_policy(VERSION 3.17...3.25)

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
# Detection: options in, one run of harden-flags, its report out

# HARDENING_STACK_PROTECTOR from stack-protector.
function(_harden_option_name feature out)
  string(TOUPPER "${feature}" n)
  string(REPLACE "-" "_" n "${n}")
  set(${out} "HARDENING_${n}" PARENT_SCOPE)
endfunction()

function(_harden_detect)
  get_property(catalog GLOBAL PROPERTY _HARDEN_CATALOG)
  set(work "${CMAKE_BINARY_DIR}/CMakeFiles/harden")
  file(MAKE_DIRECTORY "${work}")
  # Cache values are single lines: stored texts have RS in place of "\n".
  string(ASCII 30 rs)

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

  # ---- the features, from harden-flags --list=tsv (run again for another
  # catalog; "tsv" in the key: a list cached by an older module was --list)
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

  # ---- options, turned into the driver's requests
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

  # ---- the toolchain, as the driver's CC, CFLAGS, LDFLAGS, READELF, OBJDUMP
  set(cc "${CMAKE_C_COMPILER}")
  if(NOT "${CMAKE_C_COMPILER_ARG1}" STREQUAL "")
    string(APPEND cc " ${CMAKE_C_COMPILER_ARG1}")
  endif()
  if(CMAKE_C_COMPILER_TARGET AND CMAKE_C_COMPILE_OPTIONS_TARGET)
    string(APPEND cc " ${CMAKE_C_COMPILE_OPTIONS_TARGET}${CMAKE_C_COMPILER_TARGET}")
  endif()
  if(CMAKE_SYSROOT AND CMAKE_C_COMPILE_OPTIONS_SYSROOT)
    string(APPEND cc " ${CMAKE_C_COMPILE_OPTIONS_SYSROOT}${CMAKE_SYSROOT}")
  endif()
  # The build type being configured (multi-config: the first configuration).
  set(config "${CMAKE_BUILD_TYPE}")
  get_property(multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(multi AND config STREQUAL "" AND CMAKE_CONFIGURATION_TYPES)
    list(GET CMAKE_CONFIGURATION_TYPES 0 config)
  endif()
  string(TOUPPER "${config}" config)
  set(cflags "${CMAKE_C_FLAGS}")
  set(ldflags "${CMAKE_EXE_LINKER_FLAGS}")
  if(NOT config STREQUAL "")
    string(APPEND cflags " ${CMAKE_C_FLAGS_${config}}")
    string(APPEND ldflags " ${CMAKE_EXE_LINKER_FLAGS_${config}}")
  endif()
  # CPPFLAGS empty: CMake has none, the environment's joined CMAKE_C_FLAGS.
  list(APPEND args "CC=${cc}" "CPPFLAGS=" "CFLAGS=${cflags}" "LDFLAGS=${ldflags}")
  # What reads the probe (ELF: readelf, PE: objdump): CMake's tool for the
  # target, else one found in PATH.
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

  # ---- the report: from the cache, or from one run of the driver
  string(SHA256 key "${CMAKE_C_COMPILER_ID}|${CMAKE_C_COMPILER_VERSION}|${catalog_hash}|${args}")
  set(rc 0)
  set(err "")
  set(cached "")
  if("$CACHE{_HARDEN_KEY}" STREQUAL key)
    string(REPLACE "${rs}" "\n" report "$CACHE{_HARDEN_REPORT}")
    set(cached " (cached)")
  else()
    message(CHECK_START "Probing hardening flags")
    execute_process(COMMAND ${driver} ${args} --errors=machine "--log=${work}/probe.log"
      RESULT_VARIABLE rc OUTPUT_VARIABLE report ERROR_VARIABLE err)
    # The driver's message is its first line; the line "harden-flags:
    # error=FEATURE REASON" (--errors=machine) names the feature whose
    # request cannot be met (1) or is invalid (2), so the option to blame.
    set(error_opt "")
    if("\n${err}" MATCHES "\nharden-flags: error=([a-z0-9-]+) ")
      _harden_option_name(${CMAKE_MATCH_1} error_opt)
    endif()
    string(REGEX REPLACE "\n.*" "" err "${err}")
    string(REGEX REPLACE "^harden-flags: " "" err "${err}")
    if(rc STREQUAL "0" OR rc STREQUAL "1")
      string(REGEX MATCH "\nruns=([0-9]+)" _ "\n${report}")
      message(CHECK_PASS "done (${CMAKE_MATCH_1} compiler runs)")
    else()
      message(CHECK_FAIL "failed")
    endif()
    if(rc STREQUAL "2")
      # An invalid value: of a feature's option, else of the level.
      if(NOT error_opt STREQUAL "")
        message(FATAL_ERROR "Harden:\n  ${error_opt}=${${error_opt}}: ${err} (or ON, OFF, AUTO)")
      endif()
      message(FATAL_ERROR "Harden:\n  HARDENING=${HARDENING}: ${err}")
    elseif(rc STREQUAL "3" AND err MATCHES "^cannot run: ")
      # No probe could run (no compiler, nothing links, no scratch
      # directory): never "no hardening", and nothing is cached.
      message(FATAL_ERROR "Harden:\n  ${err}\nSee ${work}/probe.log, or configure with -DHARDENING=none.")
    elseif(NOT rc STREQUAL "0" AND NOT rc STREQUAL "1")
      message(FATAL_ERROR "Harden: ${catalog}/harden-flags failed (${rc}):\n  ${err}")
    endif()
    if(rc STREQUAL "0")
      # A reused report says what was found, and that nothing ran.
      string(REGEX REPLACE "\nruns=[0-9]+" "\nruns=0" stored "${report}")
      string(REPLACE "\n" "${rs}" stored "${stored}")
      set(_HARDEN_REPORT "${stored}" CACHE INTERNAL "harden-flags report, runs=0")
      set(_HARDEN_KEY "${key}" CACHE INTERNAL "Inputs of _HARDEN_REPORT")
    endif()
  endif()
  file(WRITE "${CMAKE_BINARY_DIR}/harden-report.txt" "${report}")

  # ---- summary: state and detail of every feature
  string(REGEX MATCH "\nlevel=([^\n]*)" _ "\n${report}")
  message(CHECK_START "Hardening (level ${CMAKE_MATCH_1})")
  list(APPEND CMAKE_MESSAGE_INDENT "  ")
  foreach(f IN LISTS features)
    string(REGEX MATCH "\nfeature ${f} ([a-z]+)" _ "\n${report}")
    set(state "${CMAKE_MATCH_1}")
    string(REGEX MATCH "\ndetail ${f} ([^\n]*)" _ "\n${report}")
    set(detail "${CMAKE_MATCH_1}")
    message(CHECK_START "${f}")
    if(state STREQUAL "on" OR (state STREQUAL "builder" AND detail MATCHES "; present$"))
      message(CHECK_PASS "${state}: ${detail}${cached}")
    else()
      message(CHECK_FAIL "${state}: ${detail}${cached}")
    endif()
  endforeach()
  list(POP_BACK CMAKE_MESSAGE_INDENT)
  string(REGEX MATCH "\nenabled=([^\n]*)" _ "\n${report}")
  string(REGEX MATCHALL "[^ ]+" enabled "${CMAKE_MATCH_1}")
  list(LENGTH enabled n)
  message(CHECK_PASS "${n} features present")

  if(rc STREQUAL "1")
    # An explicit request that cannot be met: the option that made it.
    if(NOT error_opt STREQUAL "")
      set(err "${error_opt}=${${error_opt}}: ${err}")
    endif()
    message(FATAL_ERROR "Harden:\n  ${err}")
  endif()

  foreach(k version cppflags cflags exe_cflags ldflags exe_ldflags enabled audit_expect)
    string(REGEX MATCH "\n${k}=([^\n]*)" _ "\n${report}")
    set(v "${CMAKE_MATCH_1}")
    if(NOT k STREQUAL "audit_expect")
      string(REPLACE " " ";" v "${v}")
    endif()
    string(TOUPPER "HARDEN_${k}" var)
    set(${var} "${v}" CACHE INTERNAL "harden: detected flags")
    set(${var} "${v}" PARENT_SCOPE)
  endforeach()
endfunction()

# ---------------------------------------------------------------------------
# Applying the flags

# The generator-expression-wrapped flags for Harden::Harden.
function(_harden_interface_options compile_out link_out)
  set(c "")
  set(l "")
  set(is_c "$<COMPILE_LANGUAGE:C>")
  set(is_exe "$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>")
  foreach(f IN LISTS HARDEN_CPPFLAGS HARDEN_CFLAGS)
    list(APPEND c "$<${is_c}:${f}>")
  endforeach()
  foreach(f IN LISTS HARDEN_EXE_CFLAGS)
    list(APPEND c "$<$<AND:${is_c},${is_exe}>:${f}>")
  endforeach()
  set(l ${HARDEN_LDFLAGS})
  foreach(f IN LISTS HARDEN_EXE_LDFLAGS)
    list(APPEND l "$<${is_exe}:${f}>")
  endforeach()
  set(${compile_out} "${c}" PARENT_SCOPE)
  set(${link_out} "${l}" PARENT_SCOPE)
endfunction()

#[[
harden_target(<target>...): see the module documentation.
#]]
function(harden_target)
  cmake_parse_arguments(PARSE_ARGV 0 HARDEN_TARGET "" "" "")
  if(NOT HARDEN_TARGET_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "harden_target: no target given")
  endif()
  foreach(t IN LISTS HARDEN_TARGET_UNPARSED_ARGUMENTS)
    if(NOT TARGET "${t}")
      message(FATAL_ERROR "harden_target: ${t} is not a target")
    endif()
    get_target_property(imported "${t}" IMPORTED)
    get_target_property(aliased "${t}" ALIASED_TARGET)
    if(imported OR aliased)
      message(FATAL_ERROR "harden_target: ${t} is an imported or alias target")
    endif()
    get_target_property(type "${t}" TYPE)
    set(c "")
    foreach(f IN LISTS HARDEN_CPPFLAGS HARDEN_CFLAGS)
      list(APPEND c "$<$<COMPILE_LANGUAGE:C>:${f}>")
    endforeach()
    set(l "")
    if(type STREQUAL "EXECUTABLE")
      foreach(f IN LISTS HARDEN_EXE_CFLAGS)
        list(APPEND c "$<$<COMPILE_LANGUAGE:C>:${f}>")
      endforeach()
      set(l ${HARDEN_LDFLAGS} ${HARDEN_EXE_LDFLAGS})
    elseif(type STREQUAL "SHARED_LIBRARY" OR type STREQUAL "MODULE_LIBRARY")
      set(l ${HARDEN_LDFLAGS})
    elseif(type STREQUAL "STATIC_LIBRARY" OR type STREQUAL "OBJECT_LIBRARY")
    else()
      message(FATAL_ERROR "harden_target: ${t} is a ${type}; expected an executable or a library")
    endif()
    set_property(TARGET "${t}" APPEND PROPERTY COMPILE_OPTIONS ${c})
    if(l)
      set_property(TARGET "${t}" APPEND PROPERTY LINK_OPTIONS ${l})
    endif()
  endforeach()
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
  if(NOT CMAKE_CROSSCOMPILING AND NOT tools STREQUAL "")
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
  else()
    set(${why_out} "no harden-audit sources next to the module and no harden-audit program found (set HARDEN_AUDIT)" PARENT_SCOPE)
  endif()
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
  set(files "")
  foreach(t IN LISTS args)
    if(NOT TARGET "${t}")
      message(FATAL_ERROR "harden_add_audit_test: ${t} is not a target")
    endif()
    get_target_property(type "${t}" TYPE)
    if(NOT type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY)$")
      message(FATAL_ERROR "harden_add_audit_test: ${t} is a ${type}; expected an executable, a shared library or a module")
    endif()
    list(APPEND files "$<TARGET_FILE:${t}>")
  endforeach()
  _harden_audit_command(cmd why)
  if(cmd STREQUAL "")
    message(STATUS "Harden: audit test ${name} will be skipped: ${why}")
    add_test(NAME "${name}" COMMAND "${CMAKE_COMMAND}" -E echo "harden-audit skipped: ${why}")
    set_tests_properties("${name}" PROPERTIES SKIP_REGULAR_EXPRESSION "harden-audit skipped: ")
    return()
  endif()
  set(expect "")
  if(NOT "${HARDEN_AUDIT_EXPECT}" STREQUAL "")
    set(expect --expect "${HARDEN_AUDIT_EXPECT}")
  endif()
  # With a compilation database, the targets' own compile commands too: a
  # source that escaped Harden::Harden fails, with or without -g.
  if(CMAKE_EXPORT_COMPILE_COMMANDS AND CMAKE_GENERATOR MATCHES "Makefiles|Ninja")
    list(APPEND expect --compile-commands "${CMAKE_BINARY_DIR}/compile_commands.json"
      --report "${CMAKE_BINARY_DIR}/harden-report.txt")
    foreach(t IN LISTS args)
      list(APPEND expect --objects-in "$<TARGET_PROPERTY:${t},BINARY_DIR>/CMakeFiles/${t}.dir")
    endforeach()
  endif()
  add_test(NAME "${name}" COMMAND ${cmd} ${expect} ${files})
endfunction()

# ---------------------------------------------------------------------------
# Run on include

get_property(_harden_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
if(NOT "C" IN_LIST _harden_languages)
  message(FATAL_ERROR "Harden: the C language must be enabled (project(... C) or enable_language(C)) before including the module")
endif()
unset(_harden_languages)

# The builder's CPPFLAGS join CMAKE_C_FLAGS at the first configure, as CFLAGS
# do (see the documentation above); their words already there are skipped.
if(NOT DEFINED CACHE{_HARDEN_ENV_CPPFLAGS})
  separate_arguments(_harden_words UNIX_COMMAND "$ENV{CPPFLAGS}")
  separate_arguments(_harden_have UNIX_COMMAND "${CMAKE_C_FLAGS}")
  set(_harden_add "")
  foreach(_harden_w IN LISTS _harden_words)
    if(NOT _harden_w IN_LIST _harden_have)
      string(APPEND _harden_add " ${_harden_w}")
    endif()
  endforeach()
  if(NOT _harden_add STREQUAL "")
    # Also as a normal variable: one set by the project hides the entry.
    string(STRIP "${CMAKE_C_FLAGS}${_harden_add}" _harden_w)
    string(STRIP "$CACHE{CMAKE_C_FLAGS}${_harden_add}" _harden_have)
    set_property(CACHE CMAKE_C_FLAGS PROPERTY VALUE "${_harden_have}")
    set(CMAKE_C_FLAGS "${_harden_w}")
  endif()
  set(_HARDEN_ENV_CPPFLAGS "$ENV{CPPFLAGS}" CACHE INTERNAL "CPPFLAGS added to CMAKE_C_FLAGS at the first configure")
  unset(_harden_words)
  unset(_harden_have)
  unset(_harden_add)
  unset(_harden_w)
endif()

_harden_detect()

if(NOT TARGET Harden::Harden)
  add_library(Harden::Harden INTERFACE IMPORTED GLOBAL)
endif()
_harden_interface_options(_harden_c _harden_l)
set_property(TARGET Harden::Harden PROPERTY INTERFACE_COMPILE_OPTIONS ${_harden_c})
set_property(TARGET Harden::Harden PROPERTY INTERFACE_LINK_OPTIONS ${_harden_l})
unset(_harden_c)
unset(_harden_l)
