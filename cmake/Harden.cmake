# SPDX-License-Identifier: MIT

#[=======================================================================[.rst:
Harden
------

Detects the hardening flags (stack protector, fortify, PIE, full RELRO, ...)
that the C compiler and linker of the project really support, and applies
them to targets.  The features, their candidate flags and the way each one is
proven come from the harden catalog (``catalog/features.txt``); the probe
procedure is the one of ``catalog/README.md``, shared with the Autoconf and
Meson frontends, so the same toolchain and options give the same flags.

Every probe runs the project's C compiler directly (``CMAKE_C_COMPILER`` and
the arguments that came with ``CC``), with ``CMAKE_C_FLAGS`` plus the flags of
the build type being configured and ``CMAKE_EXE_LINKER_FLAGS``, links a probe
program and reads it back with ``readelf``: a flag counts only when its effect
shows in the binary, and any warning fails a probe.  ``check_c_compiler_flag``
and ``try_compile`` are not used (they accept ignored flags and skip the
build type's flags).

The minimum CMake version is 3.17 (``message(CHECK_START)``); the module is
tested with CMake 3.25.  The C language must be enabled before the module is
included.

Load this module in a CMake project with one of:

.. code-block:: cmake

  list(APPEND CMAKE_MODULE_PATH "<harden>/cmake")
  include(Harden)

  add_subdirectory(<harden>)            # or FetchContent_MakeAvailable(harden)

  find_package(Harden)                  # after cmake --install of harden

Including the module defines the options, runs the probes (cached), prints a
summary, creates the target ``Harden::Harden`` and defines the commands
``harden_target()`` and ``harden_add_audit_test()``.  It changes no global flag
(``CMAKE_C_FLAGS`` and friends are left alone): nothing is hardened until a
target asks for it.

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
  no, because it is not proven.  A file in which no function needs a canary
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
    ``add_subdirectory()`` or ``FetchContent``; the copy installed with the
    package for ``find_package(Harden)``), by the executable target
    ``harden_audit`` that the first call creates, with the project's C
    compiler and ``CMAKE_C_FLAGS`` but none of the directory's options or
    the hardening flags, into ``${CMAKE_BINARY_DIR}/harden-tools``; it is
    built with the project (``all``) and never installed;
  * when cross-compiling (``CMAKE_CROSSCOMPILING``), a program built for the
    target cannot run on the build machine: ``find_program(HARDEN_AUDIT
    harden-audit)`` looks for one (``make -C tools install`` of harden
    installs it); likewise when the module has no ``tools/`` next to it.

  When no program is available, or the platform does not produce ELF files
  (Windows, macOS), the test is still added but only prints
  ``harden-audit skipped: <reason>`` and is reported as skipped by CTest
  (``SKIP_REGULAR_EXPRESSION``); configuration says so too.

Options (cache variables)
^^^^^^^^^^^^^^^^^^^^^^^^^

``HARDENING``
  ``none``, ``standard`` or ``strict`` (the strict level includes standard).
  The default is ``standard``; a project sets its own default by setting
  ``HARDEN_DEFAULT_LEVEL`` before including the module (or before
  ``add_subdirectory``/``FetchContent_MakeAvailable``/``find_package``).
  As for any cache option, the default only applies to a new build tree.

``HARDENING_<FEATURE>``
  One per feature of the catalog, named after it upper-cased with ``-``
  turned into ``_`` (``HARDENING_STACK_PROTECTOR``, ``HARDENING_PIE``, ...).
  Values (case-insensitive):

  ``AUTO`` (default)
    the feature follows ``HARDENING``: applied if supported when it is in the
    level, left at the toolchain default otherwise.
  ``ON`` (or ``YES``)
    the best supported value; a fatal error if unsupported.
  a value name of the feature
    exactly that value (``HARDENING_STACK_PROTECTOR=basic``,
    ``HARDENING_FORTIFY_SOURCE=2``); a fatal error if unsupported.
  ``OFF`` (or ``NO``)
    the feature must be absent from the binaries, even where the toolchain
    enables it by default (the catalog's off flags are applied); a fatal
    error if that cannot be achieved.

  Any other value is an error that lists the valid ones.

``HARDEN_AUDIT``
  A ``harden-audit`` program for ``harden_add_audit_test()``; empty by
  default (see there).

Result variables
^^^^^^^^^^^^^^^^

Set in the including scope and as ``INTERNAL`` cache entries (so that they
are visible from every directory, also after ``add_subdirectory``):

``HARDEN_CPPFLAGS``, ``HARDEN_CFLAGS``, ``HARDEN_EXE_CFLAGS``,
``HARDEN_LDFLAGS``, ``HARDEN_EXE_LDFLAGS``
  The detected flags (lists), as in the catalog's contract: preprocessor
  flags, compiler flags of every object, compiler flags of executables'
  objects only, linker flags of every link, linker flags of executables only.
``HARDEN_ENABLED``
  The features that are on, as ``feature=value`` words.
``HARDEN_AUDIT_EXPECT``
  The features that are on and that ``harden-audit`` can prove from any
  built file (those with an ``audit`` row in the catalog), in catalog order
  and joined with commas, not a CMake list: the argument of
  ``harden-audit --expect`` (``stack-protector,fortify-source,pie,relro,bind-now,noexecstack``
  with gcc on x86_64).  Empty when none is on.

The module also writes ``${CMAKE_BINARY_DIR}/harden-report.txt``: the lines
``cppflags=``, ``cflags=``, ``exe_cflags=``, ``ldflags=``, ``exe_ldflags=``
and ``enabled=`` (space-separated), ``audit_expect=`` (as
``HARDEN_AUDIT_EXPECT``), then one line
``feature <name> <on|off|unsupported> <value or -> <reason or ->`` per
feature of the catalog.

Caching
^^^^^^^

Each feature's result is cached in ``_HARDEN_PROBE_<FEATURE>_*`` entries,
keyed on a hash of the compiler command, its id and version, the flags used,
the readelf, the catalog files and the feature's request; changing any of
them re-runs the probes that depend on it.

Probe scratch files live in ``${CMAKE_BINARY_DIR}/CMakeFiles/harden``.

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

set(_HARDEN_MODULE_VERSION "0.1.0")

# Where the catalog is: next to the module once installed, ../catalog in the
# source tree.  Recorded now: CMAKE_CURRENT_LIST_DIR means the caller later.
if(DEFINED HARDEN_CATALOG_DIR AND EXISTS "${HARDEN_CATALOG_DIR}/features.txt")
  set(_HARDEN_CATALOG "${HARDEN_CATALOG_DIR}")
elseif(EXISTS "${CMAKE_CURRENT_LIST_DIR}/catalog/features.txt")
  set(_HARDEN_CATALOG "${CMAKE_CURRENT_LIST_DIR}/catalog")
elseif(EXISTS "${CMAKE_CURRENT_LIST_DIR}/../catalog/features.txt")
  get_filename_component(_HARDEN_CATALOG "${CMAKE_CURRENT_LIST_DIR}/../catalog" ABSOLUTE)
else()
  message(FATAL_ERROR "Harden: cannot find the catalog (features.txt) next to ${CMAKE_CURRENT_LIST_FILE}")
endif()
set_property(GLOBAL PROPERTY _HARDEN_CATALOG "${_HARDEN_CATALOG}")
# The sources of harden-audit: tools/ next to the module once installed,
# ../tools in the source tree; empty when neither has them.
set(_HARDEN_TOOLS "")
foreach(_harden_d "${CMAKE_CURRENT_LIST_DIR}/tools" "${CMAKE_CURRENT_LIST_DIR}/../tools")
  if(EXISTS "${_harden_d}/harden-audit.c")
    get_filename_component(_HARDEN_TOOLS "${_harden_d}" ABSOLUTE)
    break()
  endif()
endforeach()
unset(_harden_d)
set_property(GLOBAL PROPERTY _HARDEN_TOOLS "${_HARDEN_TOOLS}")

# ---------------------------------------------------------------------------
# Catalog reading

# Reads features.txt into variables of the caller's scope:
#   _hf_features            feature names in catalog order
#   _hf_<name>_level/_requires/_summary/_rows/_off
#   _hf_<name>_audit        TRUE when the feature has an audit row
#   _hr_<row>_value/_proof/_flags  (rows numbered from 0)
macro(_harden_read_catalog)
  file(STRINGS "${_HARDEN_CATALOG}/features.txt" _hc_lines)
  set(_hf_features "")
  set(_hc_row 0)
  foreach(_hc_line IN LISTS _hc_lines)
    string(STRIP "${_hc_line}" _hc_line)
    if(_hc_line STREQUAL "" OR _hc_line MATCHES "^#")
      continue()
    endif()
    string(REGEX REPLACE "[ \t]+" ";" _hc_w "${_hc_line}")
    list(LENGTH _hc_w _hc_n)
    if(_hc_n LESS 2)
      message(FATAL_ERROR "Harden: bad catalog line: ${_hc_line}")
    endif()
    list(GET _hc_w 0 _hc_kind)
    list(GET _hc_w 1 _hc_name)
    set(_hc_rest "")
    if(_hc_n GREATER 2)
      list(SUBLIST _hc_w 2 -1 _hc_rest)
    endif()
    if(_hc_kind STREQUAL "feature")
      list(APPEND _hf_features "${_hc_name}")
      list(GET _hc_rest 0 _hf_${_hc_name}_level)
      list(GET _hc_rest 1 _hc_req)
      if(_hc_req STREQUAL "-")
        set(_hf_${_hc_name}_requires "")
      else()
        string(REPLACE "," ";" _hf_${_hc_name}_requires "${_hc_req}")
      endif()
      list(SUBLIST _hc_rest 2 -1 _hc_sum)
      string(JOIN " " _hf_${_hc_name}_summary ${_hc_sum})
      set(_hf_${_hc_name}_rows "")
      set(_hf_${_hc_name}_off "")
      set(_hf_${_hc_name}_audit FALSE)
    elseif(_hc_kind STREQUAL "value")
      list(GET _hc_rest 0 _hr_${_hc_row}_value)
      list(GET _hc_rest 1 _hr_${_hc_row}_proof)
      list(SUBLIST _hc_rest 2 -1 _hr_${_hc_row}_flags)
      list(APPEND _hf_${_hc_name}_rows ${_hc_row})
      math(EXPR _hc_row "${_hc_row} + 1")
    elseif(_hc_kind STREQUAL "off")
      set(_hf_${_hc_name}_off ${_hc_rest})
    elseif(_hc_kind STREQUAL "audit")
      # audit NAME: harden-audit proves NAME from any built file.
      if(NOT _hc_name IN_LIST _hf_features OR NOT _hc_rest STREQUAL "")
        message(FATAL_ERROR "Harden: bad catalog line: ${_hc_line}")
      endif()
      set(_hf_${_hc_name}_audit TRUE)
    else()
      message(FATAL_ERROR "Harden: bad catalog line: ${_hc_line}")
    endif()
  endforeach()
endmacro()

# HARDENING_STACK_PROTECTOR from stack-protector.
function(_harden_option_name feature out)
  string(TOUPPER "${feature}" n)
  string(REPLACE "-" "_" n "${n}")
  set(${out} "HARDENING_${n}" PARENT_SCOPE)
endfunction()

# ---------------------------------------------------------------------------
# Running probe steps

# _harden_run(<ok-var> <reason-var> <output-var> <command>...)
# A step passes when it exits 0 with an empty standard error.
function(_harden_run ok reason output)
  execute_process(COMMAND ${ARGN}
    WORKING_DIRECTORY "${_HARDEN_WORK}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(STRIP "${err}" err)
  if(rc STREQUAL "0" AND err STREQUAL "")
    set(${ok} TRUE PARENT_SCOPE)
    set(${reason} "" PARENT_SCOPE)
  else()
    set(${ok} FALSE PARENT_SCOPE)
    if(err STREQUAL "")
      set(${reason} "exit status ${rc}" PARENT_SCOPE)
    else()
      string(FIND "${err}" "\n" nl)
      if(nl GREATER -1)
        string(SUBSTRING "${err}" 0 ${nl} err)
      endif()
      string(STRIP "${err}" err)
      set(${reason} "${err}" PARENT_SCOPE)
    endif()
  endif()
  set(${output} "${out}" PARENT_SCOPE)
endfunction()

# The lines from "harden_probe_<x>:" through the next line holding ".size".
function(_harden_asm_excerpt text feature out)
  string(REPLACE "-" "_" sym "${feature}")
  set(text "\n${text}")
  string(FIND "${text}" "\nharden_probe_${sym}:" start)
  if(start EQUAL -1)
    set(${out} "" PARENT_SCOPE)
    return()
  endif()
  string(SUBSTRING "${text}" ${start} -1 text)
  string(FIND "${text}" ".size" size)
  if(size EQUAL -1)
    set(${out} "${text}" PARENT_SCOPE)
    return()
  endif()
  string(SUBSTRING "${text}" ${size} -1 tail)
  string(FIND "${tail}" "\n" nl)
  if(nl EQUAL -1)
    set(${out} "${text}" PARENT_SCOPE)
  else()
    math(EXPR len "${size} + ${nl}")
    string(SUBSTRING "${text}" 0 ${len} text)
    set(${out} "${text}" PARENT_SCOPE)
  endif()
endfunction()

# Whether readelf output <elf> shows property <what> (sym:A,B or elf:X).
function(_harden_elf_has elf what out)
  set(elf "\n${elf}\n")
  set(found FALSE)
  if(what MATCHES "^sym:(.*)$")
    string(REPLACE "," ";" names "${CMAKE_MATCH_1}")
    foreach(n IN LISTS names)
      string(FIND "${elf}" " ${n}\n" a)
      string(FIND "${elf}" " ${n}@" b)
      if(a GREATER -1 OR b GREATER -1)
        set(found TRUE)
      endif()
    endforeach()
  elseif(what STREQUAL "elf:pie")
    if(elf MATCHES "\n[^\n]*Type:[^\n]*DYN"
        AND (elf MATCHES "\n[^\n]*\\(FLAGS_1\\)[^\n]* PIE" OR elf MATCHES "\n[ \t]*INTERP "))
      set(found TRUE)
    endif()
  elseif(what STREQUAL "elf:relro")
    if(elf MATCHES "GNU_RELRO")
      set(found TRUE)
    endif()
  elseif(what STREQUAL "elf:bind-now")
    if(elf MATCHES "\\(BIND_NOW\\)" OR elf MATCHES "\n[^\n]*\\(FLAGS\\)[^\n]*BIND_NOW"
        OR elf MATCHES "\n[^\n]*\\(FLAGS_1\\)[^\n]* NOW")
      set(found TRUE)
    endif()
  elseif(what STREQUAL "elf:noexecstack")
    if(elf MATCHES "\n([^\n]*GNU_STACK[^\n]*)")
      set(line "${CMAKE_MATCH_1}")
      if(line MATCHES " RW " AND NOT line MATCHES "RWE")
        set(found TRUE)
      endif()
    endif()
  else()
    message(FATAL_ERROR "Harden: unknown proof ${what} in the catalog")
  endif()
  set(${out} ${found} PARENT_SCOPE)
endfunction()

# Splits WHERE:flag words into the lists of the probe command and of the
# results.  Sets in the caller: _hs_cpp _hs_cc _hs_ld (H.cpp, H.cc, H.ld) and
# _hs_l_cpp _hs_l_cflags _hs_l_exe_cflags _hs_l_ldflags _hs_l_exe_ldflags.
macro(_harden_split_flags)
  foreach(_hs_v _hs_cpp _hs_cc _hs_ld _hs_l_cpp _hs_l_cflags _hs_l_exe_cflags _hs_l_ldflags _hs_l_exe_ldflags)
    set(${_hs_v} "")
  endforeach()
  foreach(_hs_f ${ARGN})
    string(FIND "${_hs_f}" ":" _hs_pos)
    string(SUBSTRING "${_hs_f}" 0 ${_hs_pos} _hs_where)
    math(EXPR _hs_pos "${_hs_pos} + 1")
    string(SUBSTRING "${_hs_f}" ${_hs_pos} -1 _hs_flag)
    if(_hs_where STREQUAL "cpp")
      list(APPEND _hs_cpp "${_hs_flag}")
      list(APPEND _hs_l_cpp "${_hs_flag}")
    elseif(_hs_where STREQUAL "cc")
      list(APPEND _hs_cc "${_hs_flag}")
      list(APPEND _hs_l_cflags "${_hs_flag}")
    elseif(_hs_where STREQUAL "cc+ld")
      list(APPEND _hs_cc "${_hs_flag}")
      list(APPEND _hs_ld "${_hs_flag}")
      list(APPEND _hs_l_cflags "${_hs_flag}")
      list(APPEND _hs_l_ldflags "${_hs_flag}")
    elseif(_hs_where STREQUAL "exe-cc")
      list(APPEND _hs_cc "${_hs_flag}")
      list(APPEND _hs_l_exe_cflags "${_hs_flag}")
    elseif(_hs_where STREQUAL "ld")
      list(APPEND _hs_ld "${_hs_flag}")
      list(APPEND _hs_l_ldflags "${_hs_flag}")
    elseif(_hs_where STREQUAL "exe-ld")
      list(APPEND _hs_ld "${_hs_flag}")
      list(APPEND _hs_l_exe_ldflags "${_hs_flag}")
    else()
      message(FATAL_ERROR "Harden: bad flag ${_hs_f} in the catalog")
    endif()
  endforeach()
endmacro()

# ---------------------------------------------------------------------------
# The probe procedure (catalog/README.md)

# Flags of candidate <cand> of <feature>: a row number, "off" or "none".
macro(_harden_cand_flags feature cand out)
  if("${cand}" STREQUAL "off")
    set(${out} ${_hf_${feature}_off})
  elseif("${cand}" STREQUAL "none")
    set(${out} "")
  else()
    set(${out} ${_hr_${cand}_flags})
  endif()
endmacro()

# The WHERE:flag words of the probed set: the decided flags plus the
# candidate in _hp_<feature> of every feature being probed, catalog order.
macro(_harden_set_words out)
  set(${out} "")
  foreach(_hw_f IN LISTS _hf_features)
    if(DEFINED _hp_${_hw_f})
      _harden_cand_flags(${_hw_f} "${_hp_${_hw_f}}" _hw_fl)
      list(APPEND ${out} ${_hw_fl})
    elseif(_st_${_hw_f} STREQUAL "on" OR _st_${_hw_f} STREQUAL "off")
      list(APPEND ${out} ${_sel_${_hw_f}})
    endif()
  endforeach()
endmacro()

# Builds the current set; sets _hb_ok, _hb_reason, _hb_elf, and resets the
# per-build asm state.
macro(_harden_build)
  _harden_set_words(_hb_words)
  _harden_split_flags(${_hb_words})
  file(REMOVE "${_HARDEN_WORK}/probe")
  _harden_run(_hb_ok _hb_reason _hb_out
    ${_hd_cc} ${_hs_cpp} ${_hs_cc} ${_hd_cflags} ${_hs_ld} ${_hd_ldflags}
    -o probe "${_HARDEN_CATALOG}/probe.c")
  set(_hb_elf "")
  set(_hb_asm_done FALSE)
  set(_hb_asm_ok FALSE)
  set(_hb_asm_reason "")
  if(_hb_ok AND _hd_readelf)
    execute_process(COMMAND "${_hd_readelf}" -W -h -l -d -s probe
      WORKING_DIRECTORY "${_HARDEN_WORK}"
      RESULT_VARIABLE _hb_rc OUTPUT_VARIABLE _hb_elf ERROR_QUIET)
  endif()
endmacro()

# Proves candidate <cand> of <feature> in the last build (which passed).
# Sets _hv_ok and _hv_reason.
macro(_harden_prove feature cand)
  set(_hv_ok FALSE)
  set(_hv_reason "")
  if("${cand}" STREQUAL "off" OR "${cand}" STREQUAL "none")
    set(_hv_inverted TRUE)
    list(GET _hf_${feature}_rows 0 _hv_row)
    set(_hv_proof "${_hr_${_hv_row}_proof}")
  else()
    set(_hv_inverted FALSE)
    set(_hv_proof "${_hr_${cand}_proof}")
  endif()
  if(_hv_proof MATCHES "^(sym|elf):")
    if(NOT _hd_readelf)
      set(_hv_reason "no readelf")
    else()
      _harden_elf_has("${_hb_elf}" "${_hv_proof}" _hv_found)
      string(REGEX REPLACE "^(sym|elf):" "" _hv_what "${_hv_proof}")
      string(REGEX REPLACE ",.*" "" _hv_first "${_hv_what}")
      if(_hv_inverted)
        if(_hv_found)
          set(_hv_reason "still present: ${_hv_what}")
        else()
          set(_hv_ok TRUE)
        endif()
      elseif(_hv_found)
        set(_hv_ok TRUE)
      else()
        set(_hv_reason "no ${_hv_first} in the probe")
      endif()
    endif()
  elseif(_hv_inverted)
    # asm and reject: the off flags being accepted is enough.
    set(_hv_ok TRUE)
  elseif(_hv_proof STREQUAL "asm")
    if(NOT _hb_asm_done)
      set(_hb_asm_done TRUE)
      file(REMOVE "${_HARDEN_WORK}/probe-on.s")
      _harden_run(_hb_asm_ok _hb_asm_reason _hv_o
        ${_hd_cc} ${_hs_cpp} ${_hs_cc} ${_hd_cflags} -fno-lto -S -o probe-on.s "${_HARDEN_CATALOG}/probe.c")
      set(_hb_asm_on "")
      if(_hb_asm_ok)
        file(READ "${_HARDEN_WORK}/probe-on.s" _hb_asm_text_all)
      endif()
    endif()
    if(NOT _hb_asm_ok)
      set(_hv_reason "${_hb_asm_reason}")
    else()
      _harden_split_flags(${_hf_${feature}_off})
      set(_hv_offcc ${_hs_cpp} ${_hs_cc})
      _harden_split_flags(${_hb_words})
      file(REMOVE "${_HARDEN_WORK}/probe-off.s")
      _harden_run(_hv_offok _hv_offreason _hv_o
        ${_hd_cc} ${_hs_cpp} ${_hs_cc} ${_hd_cflags} -fno-lto ${_hv_offcc} -S -o probe-off.s "${_HARDEN_CATALOG}/probe.c")
      if(NOT _hv_offok)
        set(_hv_reason "${_hv_offreason}")
      else()
        file(READ "${_HARDEN_WORK}/probe-off.s" _hv_offtext)
        _harden_asm_excerpt("${_hb_asm_text_all}" ${feature} _hv_on_x)
        _harden_asm_excerpt("${_hv_offtext}" ${feature} _hv_off_x)
        if(NOT _hv_on_x STREQUAL "" AND NOT _hv_on_x STREQUAL _hv_off_x)
          set(_hv_ok TRUE)
        else()
          set(_hv_reason "no effect on the generated code")
        endif()
      endif()
    endif()
  elseif(_hv_proof STREQUAL "reject")
    _harden_run(_hv_rok _hv_rreason _hv_o
      ${_hd_cc} ${_hs_cpp} ${_hs_cc} ${_hd_cflags} -Dharden_probe_format_misuse -c -o probe-misuse.o "${_HARDEN_CATALOG}/probe.c")
    if(_hv_rok)
      set(_hv_reason "misuse still compiles")
    else()
      set(_hv_ok TRUE)
    endif()
  else()
    message(FATAL_ERROR "Harden: unknown proof ${_hv_proof} in the catalog")
  endif()
endmacro()

# Records candidate <cand> of <feature> as decided.
macro(_harden_decide feature cand)
  _harden_cand_flags(${feature} "${cand}" _sel_${feature})
  if("${cand}" STREQUAL "off")
    set(_st_${feature} "off")
    set(_val_${feature} "-")
    set(_why_${feature} "turned off")
  elseif("${cand}" STREQUAL "none")
    set(_st_${feature} "off")
    set(_val_${feature} "-")
    set(_why_${feature} "not present (off flags not accepted: ${_why_${feature}})")
  else()
    set(_st_${feature} "on")
    set(_val_${feature} "${_hr_${cand}_value}")
    set(_why_${feature} "")
  endif()
endmacro()

function(_harden_detect)
  get_property(_HARDEN_CATALOG GLOBAL PROPERTY _HARDEN_CATALOG)
  _harden_read_catalog()
  set(_HARDEN_WORK "${CMAKE_BINARY_DIR}/CMakeFiles/harden")
  file(MAKE_DIRECTORY "${_HARDEN_WORK}")

  # ---- options -----------------------------------------------------------
  set(levels none standard strict)
  set(default_level standard)
  if(DEFINED HARDEN_DEFAULT_LEVEL)
    string(TOLOWER "${HARDEN_DEFAULT_LEVEL}" default_level)
    if(NOT default_level IN_LIST levels)
      message(FATAL_ERROR "Harden: HARDEN_DEFAULT_LEVEL=${HARDEN_DEFAULT_LEVEL} is not one of: none standard strict")
    endif()
  endif()
  set(HARDENING "${default_level}" CACHE STRING "Hardening level: none, standard or strict")
  set_property(CACHE HARDENING PROPERTY STRINGS ${levels})
  string(TOLOWER "${HARDENING}" level)
  if(NOT level IN_LIST levels)
    message(FATAL_ERROR "Harden: invalid HARDENING=${HARDENING}; valid values: none standard strict")
  endif()

  set(errors "")
  foreach(f IN LISTS _hf_features)
    _harden_option_name(${f} opt)
    set(values "")
    foreach(r IN LISTS _hf_${f}_rows)
      if(NOT _hr_${r}_value IN_LIST values)
        list(APPEND values "${_hr_${r}_value}")
      endif()
    endforeach()
    set(_vals_${f} ${values})
    set(${opt} AUTO CACHE STRING "Hardening feature ${f} (${_hf_${f}_summary}): AUTO, ON, OFF or one of: ${values}")
    set_property(CACHE ${opt} PROPERTY STRINGS AUTO ON OFF ${values})
    set(v "${${opt}}")
    string(TOLOWER "${v}" lv)
    set(in_level FALSE)
    if(level STREQUAL "strict" OR (level STREQUAL "standard" AND _hf_${f}_level STREQUAL "standard"))
      set(in_level TRUE)
    endif()
    set(_optval_${f} "${v}")
    if(lv STREQUAL "auto" OR lv STREQUAL "")
      if(in_level)
        set(_req_${f} auto)
      else()
        set(_req_${f} skip)
      endif()
    elseif(lv STREQUAL "on" OR lv STREQUAL "yes")
      set(_req_${f} yes)
    elseif(lv STREQUAL "off" OR lv STREQUAL "no")
      set(_req_${f} no)
    else()
      set(_req_${f} "")
      foreach(val IN LISTS values)
        string(TOLOWER "${val}" lval)
        if(lv STREQUAL lval)
          set(_req_${f} "value=${val}")
        endif()
      endforeach()
      if(_req_${f} STREQUAL "")
        string(JOIN " " vl AUTO ON OFF ${values})
        list(APPEND errors "${opt}=${v} is invalid, valid values are: ${vl}")
      endif()
    endif()
  endforeach()
  if(NOT errors STREQUAL "")
    string(JOIN "\n  " msg ${errors})
    message(FATAL_ERROR "Harden:\n  ${msg}")
  endif()

  # ---- the toolchain -----------------------------------------------------
  set(_hd_cc "${CMAKE_C_COMPILER}")
  if(NOT "${CMAKE_C_COMPILER_ARG1}" STREQUAL "")
    separate_arguments(arg1 UNIX_COMMAND "${CMAKE_C_COMPILER_ARG1}")
    list(APPEND _hd_cc ${arg1})
  endif()
  if(CMAKE_C_COMPILER_TARGET AND CMAKE_C_COMPILE_OPTIONS_TARGET)
    list(APPEND _hd_cc "${CMAKE_C_COMPILE_OPTIONS_TARGET}${CMAKE_C_COMPILER_TARGET}")
  endif()
  if(CMAKE_SYSROOT AND CMAKE_C_COMPILE_OPTIONS_SYSROOT)
    list(APPEND _hd_cc "${CMAKE_C_COMPILE_OPTIONS_SYSROOT}${CMAKE_SYSROOT}")
  endif()
  # The build type being configured (multi-config: the first configuration).
  set(config "${CMAKE_BUILD_TYPE}")
  get_property(multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(multi AND config STREQUAL "" AND CMAKE_CONFIGURATION_TYPES)
    list(GET CMAKE_CONFIGURATION_TYPES 0 config)
  endif()
  string(TOUPPER "${config}" uconfig)
  set(cflags_s "${CMAKE_C_FLAGS}")
  set(ldflags_s "${CMAKE_EXE_LINKER_FLAGS}")
  if(NOT uconfig STREQUAL "")
    string(APPEND cflags_s " ${CMAKE_C_FLAGS_${uconfig}}")
    string(APPEND ldflags_s " ${CMAKE_EXE_LINKER_FLAGS_${uconfig}}")
  endif()
  separate_arguments(_hd_cflags UNIX_COMMAND "${cflags_s}")
  separate_arguments(_hd_ldflags UNIX_COMMAND "${ldflags_s}")
  set(_hd_readelf "${CMAKE_READELF}")
  if(NOT _hd_readelf)
    find_program(HARDEN_READELF NAMES readelf llvm-readelf)
    set(_hd_readelf "${HARDEN_READELF}")
  endif()
  if(NOT _hd_readelf)
    set(_hd_readelf "")
  endif()

  file(SHA256 "${_HARDEN_CATALOG}/features.txt" h1)
  file(SHA256 "${_HARDEN_CATALOG}/probe.c" h2)
  file(SHA256 "${_HARDEN_CATALOG}/traits.c" h3)
  string(SHA256 key "${_HARDEN_MODULE_VERSION}|${_hd_cc}|${CMAKE_C_COMPILER_ID}|${CMAKE_C_COMPILER_VERSION}|${_hd_cflags}|${_hd_ldflags}|${_hd_readelf}|${h1}|${h2}|${h3}")

  set(saved_lc_all "$ENV{LC_ALL}")
  set(ENV{LC_ALL} C)

  # ---- step 1: traits ----------------------------------------------------
  if(_HARDEN_TRAITS_KEY STREQUAL key)
    set(traits_ok "${_HARDEN_TRAITS_OK}")
    set(traits "${_HARDEN_TRAITS}")
  else()
    _harden_run(traits_ok reason out ${_hd_cc} ${_hd_cflags} -E "${_HARDEN_CATALOG}/traits.c")
    set(traits "")
    if(traits_ok)
      string(REGEX MATCHALL "\nharden_trait[ \t]+[^\n]*" lines "\n${out}")
      foreach(l IN LISTS lines)
        string(REGEX REPLACE "^\nharden_trait[ \t]+" "" l "${l}")
        string(REGEX REPLACE "[ \t]+" ";" l "${l}")
        list(APPEND traits ${l})
      endforeach()
    endif()
    set(_HARDEN_TRAITS_KEY "${key}" CACHE INTERNAL "")
    set(_HARDEN_TRAITS_OK "${traits_ok}" CACHE INTERNAL "")
    set(_HARDEN_TRAITS "${traits}" CACHE INTERNAL "")
  endif()
  set(arch other)
  foreach(t IN LISTS traits)
    if(t MATCHES "^arch=(.*)$")
      set(arch "${CMAKE_MATCH_1}")
    endif()
  endforeach()

  # ---- steps 2 and 3: requests, preconditions, candidates, cache ----------
  set(pending "")
  foreach(f IN LISTS _hf_features)
    set(_st_${f} "")
    set(_sel_${f} "")
    set(_val_${f} "-")
    set(_why_${f} "")
    set(_cached_${f} FALSE)
    set(req "${_req_${f}}")
    if(req STREQUAL "skip")
      set(_st_${f} off)
      if(level STREQUAL "none")
        set(_why_${f} "hardening level none")
      else()
        set(_why_${f} "not in the ${level} level")
      endif()
      continue()
    endif()
    string(SHA256 fkey "${key}|${f}|${req}")
    _harden_option_name(${f} opt)
    string(REPLACE "HARDENING_" "_HARDEN_PROBE_" cv "${opt}")
    if(${cv}_KEY STREQUAL fkey)
      set(_st_${f} "${${cv}_STATE}")
      set(_val_${f} "${${cv}_VALUE}")
      set(_sel_${f} ${${cv}_FLAGS})
      set(_why_${f} "${${cv}_REASON}")
      set(_cached_${f} TRUE)
      continue()
    endif()
    set(_fkey_${f} "${fkey}")
    if(NOT traits_ok)
      set(_st_${f} unsupported)
      set(_why_${f} "the compiler cannot preprocess with these flags")
      continue()
    endif()
    if(NOT req STREQUAL "no")
      set(why "")
      foreach(r IN LISTS _hf_${f}_requires)
        if(r STREQUAL "optimize" AND NOT "optimize" IN_LIST traits)
          set(why "needs optimisation (-O1 or more)")
        elseif(r STREQUAL "no-sanitizer" AND "sanitizer" IN_LIST traits)
          set(why "not with sanitizers")
        elseif(r MATCHES "^arch=(.*)$" AND NOT r IN_LIST traits)
          set(why "${CMAKE_MATCH_1} only, target is ${arch}")
        endif()
        if(NOT why STREQUAL "")
          break()
        endif()
      endforeach()
      if(NOT why STREQUAL "")
        set(_st_${f} unsupported)
        set(_why_${f} "${why}")
        continue()
      endif()
    endif()
    if(req STREQUAL "no")
      set(_todo_${f} off none)
    elseif(req MATCHES "^value=(.*)$")
      set(want "${CMAKE_MATCH_1}")
      set(_todo_${f} "")
      foreach(r IN LISTS _hf_${f}_rows)
        if(_hr_${r}_value STREQUAL want)
          list(APPEND _todo_${f} ${r})
        endif()
      endforeach()
    else()
      set(_todo_${f} ${_hf_${f}_rows})
    endif()
    set(_st_${f} pending)
    list(APPEND pending ${f})
  endforeach()

  # ---- step 4: batch -----------------------------------------------------
  list(LENGTH pending npending)
  if(npending GREATER 0)
    message(CHECK_START "Probing hardening flags (${npending} features)")
    list(APPEND CMAKE_MESSAGE_INDENT "  ")
  endif()
  if(npending GREATER 1)
    foreach(f IN LISTS pending)
      list(GET _todo_${f} 0 _hp_${f})
    endforeach()
    _harden_build()
    if(_hb_ok)
      foreach(f IN LISTS pending)
        set(cand "${_hp_${f}}")
        list(REMOVE_AT _todo_${f} 0)
        _harden_prove(${f} "${cand}")
        if(_hv_ok)
          _harden_decide(${f} "${cand}")
        else()
          set(_why_${f} "${_hv_reason}")
        endif()
      endforeach()
    endif()
    foreach(f IN LISTS pending)
      unset(_hp_${f})
    endforeach()
  endif()

  # ---- step 5: fine probes -----------------------------------------------
  foreach(f IN LISTS pending)
    while(_st_${f} STREQUAL "pending" AND _todo_${f})
      list(GET _todo_${f} 0 cand)
      list(REMOVE_AT _todo_${f} 0)
      set(_hp_${f} "${cand}")
      _harden_build()
      if(NOT _hb_ok)
        set(_why_${f} "${_hb_reason}")
      else()
        _harden_prove(${f} "${cand}")
        if(_hv_ok)
          _harden_decide(${f} "${cand}")
        else()
          set(_why_${f} "${_hv_reason}")
        endif()
      endif()
      unset(_hp_${f})
    endwhile()
    if(_st_${f} STREQUAL "pending")
      set(_st_${f} unsupported)
      if(_why_${f} STREQUAL "")
        set(_why_${f} "no candidate")
      endif()
    endif()
  endforeach()
  if(npending GREATER 0)
    list(POP_BACK CMAKE_MESSAGE_INDENT)
    message(CHECK_PASS "done")
  endif()
  set(ENV{LC_ALL} "${saved_lc_all}")
  if(saved_lc_all STREQUAL "")
    unset(ENV{LC_ALL})
  endif()

  # Cache the fresh results (before step 6, which depends on other features).
  foreach(f IN LISTS _hf_features)
    if(DEFINED _fkey_${f})
      _harden_option_name(${f} opt)
      string(REPLACE "HARDENING_" "_HARDEN_PROBE_" cv "${opt}")
      set(${cv}_KEY "${_fkey_${f}}" CACHE INTERNAL "")
      set(${cv}_STATE "${_st_${f}}" CACHE INTERNAL "")
      set(${cv}_VALUE "${_val_${f}}" CACHE INTERNAL "")
      set(${cv}_FLAGS "${_sel_${f}}" CACHE INTERNAL "")
      set(${cv}_REASON "${_why_${f}}" CACHE INTERNAL "")
    endif()
  endforeach()

  # ---- step 6: needs=F ---------------------------------------------------
  foreach(f IN LISTS _hf_features)
    foreach(r IN LISTS _hf_${f}_requires)
      if(r MATCHES "^needs=(.*)$")
        set(need "${CMAKE_MATCH_1}")
        if(_st_${f} STREQUAL "on" AND NOT _st_${need} STREQUAL "on")
          set(_st_${f} unsupported)
          set(_val_${f} "-")
          set(_sel_${f} "")
          set(_why_${f} "needs ${need}")
        endif()
      endif()
    endforeach()
  endforeach()

  # ---- results, summary, report ------------------------------------------
  set(words "")
  set(enabled "")
  set(audit "")
  set(report_features "")
  foreach(f IN LISTS _hf_features)
    list(APPEND words ${_sel_${f}})
    if(_st_${f} STREQUAL "on")
      list(APPEND enabled "${f}=${_val_${f}}")
      if(_hf_${f}_audit)
        list(APPEND audit "${f}")
      endif()
    endif()
  endforeach()
  string(JOIN "," audit_expect ${audit})
  _harden_split_flags(${words})
  foreach(v cpp cflags exe_cflags ldflags exe_ldflags)
    set(res_${v} ${_hs_l_${v}})
  endforeach()

  message(CHECK_START "Hardening (level ${level})")
  list(APPEND CMAKE_MESSAGE_INDENT "  ")
  set(fatal "")
  foreach(f IN LISTS _hf_features)
    _harden_split_flags(${_sel_${f}})
    set(fl ${_hs_l_cpp} ${_hs_l_cflags} ${_hs_l_exe_cflags} ${_hs_l_ldflags} ${_hs_l_exe_ldflags})
    list(REMOVE_DUPLICATES fl)
    string(JOIN " " fls ${fl})
    set(cached "")
    if(_cached_${f})
      set(cached " (cached)")
    endif()
    message(CHECK_START "${f}")
    if(_st_${f} STREQUAL "on")
      message(CHECK_PASS "on: ${_val_${f}} (${fls})${cached}")
    elseif(_st_${f} STREQUAL "off")
      if(fls STREQUAL "")
        message(CHECK_FAIL "off: ${_why_${f}}${cached}")
      else()
        message(CHECK_FAIL "off: ${_why_${f}} (${fls})${cached}")
      endif()
    else()
      message(CHECK_FAIL "unsupported: ${_why_${f}}${cached}")
    endif()
    set(reason "${_why_${f}}")
    if(reason STREQUAL "")
      set(reason "-")
    endif()
    string(APPEND report_features "feature ${f} ${_st_${f}} ${_val_${f}} ${reason}\n")
    # step 7: explicit requests that could not be met
    _harden_option_name(${f} opt)
    if((_req_${f} STREQUAL "yes" OR _req_${f} MATCHES "^value=") AND NOT _st_${f} STREQUAL "on")
      list(APPEND fatal "${opt}=${_optval_${f}}: ${f} is not supported: ${_why_${f}}")
    elseif(_req_${f} STREQUAL "no" AND NOT _st_${f} STREQUAL "off")
      list(APPEND fatal "${opt}=${_optval_${f}}: ${f} cannot be turned off: ${_why_${f}}")
    endif()
  endforeach()
  list(POP_BACK CMAKE_MESSAGE_INDENT)
  list(LENGTH enabled nenabled)
  message(CHECK_PASS "${nenabled} features on")

  string(JOIN " " r_cpp ${res_cpp})
  string(JOIN " " r_cflags ${res_cflags})
  string(JOIN " " r_exe_cflags ${res_exe_cflags})
  string(JOIN " " r_ldflags ${res_ldflags})
  string(JOIN " " r_exe_ldflags ${res_exe_ldflags})
  string(JOIN " " r_enabled ${enabled})
  file(WRITE "${CMAKE_BINARY_DIR}/harden-report.txt"
    "cppflags=${r_cpp}\ncflags=${r_cflags}\nexe_cflags=${r_exe_cflags}\nldflags=${r_ldflags}\nexe_ldflags=${r_exe_ldflags}\nenabled=${r_enabled}\naudit_expect=${audit_expect}\n${report_features}")

  if(NOT fatal STREQUAL "")
    string(JOIN "\n  " msg ${fatal})
    message(FATAL_ERROR "Harden:\n  ${msg}")
  endif()

  foreach(pair "HARDEN_CPPFLAGS;res_cpp" "HARDEN_CFLAGS;res_cflags" "HARDEN_EXE_CFLAGS;res_exe_cflags"
      "HARDEN_LDFLAGS;res_ldflags" "HARDEN_EXE_LDFLAGS;res_exe_ldflags" "HARDEN_ENABLED;enabled"
      "HARDEN_AUDIT_EXPECT;audit_expect")
    list(GET pair 0 var)
    list(GET pair 1 src)
    set(${var} "${${src}}" CACHE INTERNAL "harden: detected flags")
    set(${var} "${${src}}" PARENT_SCOPE)
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
      AND (WIN32 OR CYGWIN OR APPLE OR CMAKE_EXECUTABLE_FORMAT MATCHES "^(MACHO|XCOFF)$"))
    set(${why_out} "harden-audit reads ELF files only, and ${CMAKE_SYSTEM_NAME} binaries are not ELF" PARENT_SCOPE)
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
      add_executable(harden_audit
        "${tools}/harden-audit.c" "${tools}/elf.c" "${tools}/checks.c" "${tools}/dwarf.c"
        "${tools}/elf.h" "${tools}/audit.h")
      # A test tool of the build machine: none of the directory's options,
      # definitions, include directories or link libraries; never installed
      # (no install() names it) and out of the way of the project's outputs.
      set_target_properties(harden_audit PROPERTIES
        OUTPUT_NAME harden-audit
        RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/harden-tools"
        C_STANDARD 99 C_EXTENSIONS ON
        COMPILE_OPTIONS "" COMPILE_DEFINITIONS "_DEFAULT_SOURCE"
        INCLUDE_DIRECTORIES "${tools}" LINK_OPTIONS "" LINK_LIBRARIES ""
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
  find_program(HARDEN_AUDIT NAMES harden-audit
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
  add_test(NAME "${name}" COMMAND ${cmd} ${expect} ${files})
endfunction()

# ---------------------------------------------------------------------------
# Run on include

get_property(_harden_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
if(NOT "C" IN_LIST _harden_languages)
  message(FATAL_ERROR "Harden: the C language must be enabled (project(... C) or enable_language(C)) before including the module")
endif()
unset(_harden_languages)

_harden_detect()

if(NOT TARGET Harden::Harden)
  add_library(Harden::Harden INTERFACE IMPORTED GLOBAL)
endif()
_harden_interface_options(_harden_c _harden_l)
set_property(TARGET Harden::Harden PROPERTY INTERFACE_COMPILE_OPTIONS ${_harden_c})
set_property(TARGET Harden::Harden PROPERTY INTERFACE_LINK_OPTIONS ${_harden_l})
unset(_harden_c)
unset(_harden_l)
