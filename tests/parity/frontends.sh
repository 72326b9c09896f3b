# The three frontends and the command line, on the same toolchain with the
# same options and the same builder's flags, must give the same report:
# the same flags, the same state, value and reason for every feature, the
# same enabled list and audit expectation (only the count of compiler runs
# may differ).  The projects are mixed C and C++ (the examples with their
# C++ programs turned on; for Autoconf the example's configure.ac without
# Automake and Libtool, tests/autoconf/small: their checks would triple
# the run, and tests/matrix builds the example), so this holds for the C++
# reports too (harden-report-cxx.txt against harden-flags --lang=c++), with
# g++ beside gcc and clang++ beside clang.  A frontend that fails to
# configure fails the test.  The cases of options run with gcc only: a
# frontend turns an option into the driver's argument whatever the
# compiler (clang's probes of the same options are the driver's own, and
# tests/flags has them); clang runs the distribution's flags.  No options
# and no builder's flags but -O2 -g is the toolchain matrix's case
# (tests/matrix compares the four reports at the strict level on every
# toolchain, gcc and clang among them); the default level, standard, is
# this test's: no case gives a level but no-pie-strict-basic.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc g++ clang clang++ meson ninja cmake dpkg-buildflags

# Each case: name|Autoconf options|Meson options|CMake options|command line
# options|builder's flags (as an environment: "distro" = dpkg-buildflags)
# |compilers.
cases='overrides|--disable-stack-protector --enable-fortify-source=2 --disable-bind-now --disable-stdlib-hardening --disable-as-needed --enable-exceptions --disable-no-copy-dt-needed-entries --enable-nodlopen|-Dharden:stack_protector=disabled -Dharden:fortify_source=2 -Dharden:bind_now=disabled -Dharden:stdlib_hardening=disabled -Dharden:as_needed=disabled -Dharden:exceptions=enabled -Dharden:no_copy_dt_needed_entries=disabled -Dharden:nodlopen=enabled|-DHARDENING_STACK_PROTECTOR=OFF -DHARDENING_FORTIFY_SOURCE=2 -DHARDENING_BIND_NOW=OFF -DHARDENING_STDLIB_HARDENING=OFF -DHARDENING_AS_NEEDED=OFF -DHARDENING_EXCEPTIONS=ON -DHARDENING_NO_COPY_DT_NEEDED_ENTRIES=OFF -DHARDENING_NODLOPEN=ON|--disable-stack-protector --enable-fortify-source=2 --disable-bind-now --disable-stdlib-hardening --disable-as-needed --enable-exceptions --disable-no-copy-dt-needed-entries --enable-nodlopen||gcc
no-pie-strict-basic|--disable-pie --enable-hardening=strict --enable-stack-protector=basic|-Dharden:pie=disabled -Dharden:hardening=strict -Dharden:stack_protector=basic|-DHARDENING_PIE=OFF -DHARDENING=strict -DHARDENING_STACK_PROTECTOR=basic|--disable-pie --level=strict --enable-stack-protector=basic||gcc
distro|||||distro|gcc clang'

# builder_env KIND: the builder's flags of a case, exported.
builder_env() {
	unset CPPFLAGS CFLAGS CXXFLAGS LDFLAGS
	CFLAGS="-g -O2" CXXFLAGS="-g -O2"
	if [ "$1" = distro ]; then
		eval "$(DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --export=sh)"
		unset OBJCFLAGS OBJCXXFLAGS FFLAGS FCFLAGS GCJFLAGS DFLAGS ASFLAGS
	fi
	export CFLAGS CXXFLAGS ${CPPFLAGS+CPPFLAGS} ${LDFLAGS+LDFLAGS}
}

differences=0
checked=0
for cc in gcc clang; do
	if [ $cc = gcc ]; then cxx=g++; else cxx=clang++; fi
	while IFS='|' read -r name ac ms cm cl env compilers; do
		case " $compilers " in *" $cc "*) ;; *) continue ;; esac
		tag=$cc-$name
		builder_env "$env"
		# shellcheck disable=SC2086 # the options are words
		autotools_small "ac-$tag" CC=$cc CXX=$cxx --enable-cxx $ac ||
			fail "$tag: configure failed: $(tail -n 2 "ac-$tag/configure.out")"
		cp "ac-$tag/harden-report.txt" "$tag.autoconf"
		cp "ac-$tag/harden-report-cxx.txt" "$tag.autoconf-cxx"
		# Meson's own -Wl,--as-needed (b_asneeded) is a builder's flag the others lack.
		CC=$cc CXX=$cxx meson setup "ms-$tag" "$S/examples/meson" --buildtype=plain -Db_asneeded=false -Dcxx=true $ms \
			>"ms-$tag.out" 2>&1 ||
			fail "$tag: meson setup failed: $(tail -n 5 "ms-$tag.out")"
		cp "$(meson_report "ms-$tag")" "$tag.meson"
		cp "$(meson_report "ms-$tag" -cxx)" "$tag.meson-cxx"
		CC=$cc CXX=$cxx cmake -S "$S/examples/cmake" -B "cm-$tag" -G Ninja -DCMAKE_BUILD_TYPE= -DTALLY_CXX=ON $cm \
			>"cm-$tag.out" 2>&1 || fail "$tag: cmake failed: $(tail -n 5 "cm-$tag.out")"
		cp "cm-$tag/harden-report.txt" "$tag.cmake"
		cp "cm-$tag/harden-report-cxx.txt" "$tag.cmake-cxx"
		CC=$cc sh "$S/catalog/harden-flags" $cl >"$tag.cli" 2>"$tag.cli.err" ||
			fail "$tag: harden-flags failed: $(cat "$tag.cli.err")"
		CXX=$cxx sh "$S/catalog/harden-flags" --lang=c++ $cl >"$tag.cli-cxx" 2>"$tag.cli-cxx.err" ||
			fail "$tag: harden-flags --lang=c++ failed: $(cat "$tag.cli-cxx.err")"
		for lang in '' -cxx; do
			for fe in meson cmake cli; do
				if ! report_diff "$tag.autoconf$lang" "$tag.$fe$lang" >"$tag.$fe$lang.diff"; then
					echo "$tag: autoconf and $fe differ${lang:+ (C++)}:"
					cat "$tag.$fe$lang.diff"
					differences=$((differences + 1))
				fi
			done
		done
		if [ "$name" = overrides ]; then	# the guide's options reach every frontend
			for fe in autoconf meson cmake cli; do
				report_expect "$tag.$fe" as-needed "off -"
				report_expect "$tag.$fe" no-copy-dt-needed-entries "off -"
				report_expect "$tag.$fe" exceptions "on yes"
				report_expect "$tag.$fe" nodlopen "on yes"
				[ "$(report_key "$tag.$fe" lib_ldflags)" = -Wl,-z,nodlopen ] ||
					fail "$tag: $fe: lib_ldflags=$(report_key "$tag.$fe" lib_ldflags)"
			done
		fi
		checked=$((checked + 1))
		echo "$tag: C: $(report_key "$tag.autoconf" enabled)"
		echo "$tag: C++: $(report_key "$tag.autoconf-cxx" enabled)"
	done <<EOF
$cases
EOF
done
[ "$checked" -eq 4 ] || fail "$checked cases ran, not 4"
[ "$differences" -eq 0 ] || fail "$differences frontend differences"
echo ok
