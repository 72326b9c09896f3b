# The three frontends, on the same toolchain with the same options and the
# same user flags, must turn on the same features with the same values and
# produce the same flags and audit expectation (flag order normalised;
# Autoconf merges the program-only compile flags into HARDEN_CFLAGS, so
# cflags and exe_cflags are compared together).  A difference is a bug in
# one of them.
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc clang meson ninja cmake

# norm REPORT: one sorted line per list, and "feature STATE VALUE" lines.
norm() {
	sed -n 's/^cppflags=//p' "$1" | tr ' ' '\n' | sed '/^$/d' | sort | tr '\n' ' ' | sed 's/^/cppflags: /'; echo
	sed -n 's/^cflags=//p; s/^exe_cflags=//p' "$1" | tr ' ' '\n' | sed '/^$/d' | sort | tr '\n' ' ' | sed 's/^/cflags: /'; echo
	sed -n 's/^ldflags=//p' "$1" | tr ' ' '\n' | sed '/^$/d' | sort | tr '\n' ' ' | sed 's/^/ldflags: /'; echo
	sed -n 's/^exe_ldflags=//p' "$1" | tr ' ' '\n' | sed '/^$/d' | sort | tr '\n' ' ' | sed 's/^/exe_ldflags: /'; echo
	sed -n 's/^enabled=//p' "$1" | tr ' ' '\n' | sed '/^$/d' | sort | tr '\n' ' ' | sed 's/^/enabled: /'; echo
	sed -n 's/^audit_expect=//p' "$1" | sed 's/^/audit_expect: /'
	sed -n 's/^feature \([^ ]*\) \([a-z]*\) \([^ ]*\).*/\1 \2 \3/p' "$1" |
		sed 's/ off [^ ]*$/ off -/; s/ unsupported [^ ]*$/ unsupported -/'
}

# The Autoconf results in the same report format, from the Makefile's
# substitutions and configure's summary.
autoconf_report() {
	d=$1
	for v in CPPFLAGS CFLAGS LDFLAGS EXE_LDFLAGS ENABLED AUDIT_EXPECT; do
		echo "$(echo $v | tr A-Z a-z)=$(subst "$d" HARDEN_$v)"
	done
	sed -n 's/^  \([a-z-]*\)  *\(on\|off\|unsupported\)  *\(.*\)$/\1 \2 \3/p' "$d/configure.out" |
	while read -r f state detail; do
		value=-
		[ "$state" = on ] && value=$(echo " $(subst "$d" HARDEN_ENABLED) " | sed -n "s/.* $f=\([^ ]*\) .*/\1/p")
		echo "feature $f $state $value"
	done
}

# Each case: the Autoconf options, then the same for Meson and CMake.
cases='default||||
strict|--enable-hardening=strict|-Dharden:hardening=strict|-DHARDENING=strict
overrides|--disable-stack-protector --enable-fortify-source=2 --disable-bind-now|-Dharden:stack_protector=disabled -Dharden:fortify_source=2 -Dharden:bind_now=disabled|-DHARDENING_STACK_PROTECTOR=OFF -DHARDENING_FORTIFY_SOURCE=2 -DHARDENING_BIND_NOW=OFF
no-pie-strict-basic|--disable-pie --enable-hardening=strict --enable-stack-protector=basic|-Dharden:pie=disabled -Dharden:hardening=strict -Dharden:stack_protector=basic|-DHARDENING_PIE=OFF -DHARDENING=strict -DHARDENING_STACK_PROTECTOR=basic'

failures=0
for cc in gcc clang; do
	echo "$cases" | while IFS='|' read -r name ac ms cm; do
		tag=$cc-$name
		autotools_example "ac-$tag" CC=$cc CFLAGS="-g -O2" $ac || fail "$tag: configure failed: $(tail -n 2 ac-$tag/configure.out)"
		autoconf_report "ac-$tag" >"$tag.autoconf"
		CC=$cc meson setup "ms-$tag" "$HARDEN_SRCDIR/examples/meson" --buildtype=plain -Dc_args="-g -O2" $ms >"ms-$tag.out" 2>&1 ||
			fail "$tag: meson setup failed: $(tail -n 5 ms-$tag.out)"
		cp "ms-$tag/subprojects/harden/harden-report.txt" "$tag.meson"
		CC=$cc cmake -S "$HARDEN_SRCDIR/examples/cmake" -B "cm-$tag" -G Ninja -DCMAKE_BUILD_TYPE= -DCMAKE_C_FLAGS="-g -O2" $cm >"cm-$tag.out" 2>&1 ||
			fail "$tag: cmake failed: $(tail -n 5 cm-$tag.out)"
		cp "cm-$tag/harden-report.txt" "$tag.cmake"
		for fe in autoconf meson cmake; do norm "$tag.$fe" >"$tag.$fe.norm"; done
		for fe in meson cmake; do
			if ! cmp -s "$tag.autoconf.norm" "$tag.$fe.norm"; then
				echo "$tag: autoconf and $fe differ:"
				diff "$tag.autoconf.norm" "$tag.$fe.norm"
				echo fail >>failed
			fi
		done
		echo "$tag: $(sed -n 's/^enabled: //p' "$tag.autoconf.norm")"
	done
done
[ ! -f failed ] || fail "$(wc -l <failed) frontend differences"
echo ok
