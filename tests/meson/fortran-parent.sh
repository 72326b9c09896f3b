#!/bin/sh
# A parent with C and Fortran (issue 31, item 17): Meson gives a
# dependency's compile_args to every language of a target, and harden
# probes no Fortran compiler, so dependency('harden') carries nothing
# (gfortran stopped on the C-only -Wformat with werror=true) and says why;
# C targets get their flags from dependency('harden-c-exe').
. "$HARDEN_SRCDIR/tests/lib.sh"
need gcc gfortran readelf
meson_parent_with_copy "$T/p"
cat >"$T/p/hello.f90" <<'EOW'
subroutine hello(n)
  integer, intent(in) :: n
  print *, 'hello', n
end subroutine
EOW
cat >"$T/p/meson.build" <<'EOW'
project('parent', 'c', 'fortran', meson_version: '>=1.0.0', default_options: ['werror=true'])
harden_dep = dependency('harden')
libtally = shared_library('tally', 'tally.c', 'hello.f90', dependencies: harden_dep)
tally = executable('tally', 'main.c', link_with: libtally, dependencies: dependency('harden-c-exe'))
foreach k : ['cflags', 'ldflags', 'enabled', 'audit_expect']
  message('harden_dep @0@=[@1@]'.format(k, harden_dep.get_variable(k, default_value: '')))
endforeach
EOW
CC=gcc FC=gfortran meson_setup "$T/p" "$T/b" --buildtype=release
grep -q "not in dependency('harden') nor -exe, -lib (the parent also has Fortran, which harden does not probe): stack-protector," "$T/b.log" ||
	fail "setup does not say why dependency('harden') is empty: $(grep 'harden: ' "$T/b.log")"
for k in cflags ldflags enabled audit_expect; do
	grep -q "harden_dep $k=\[\]" "$T/b.log" || fail "harden_dep has $k: $(grep "harden_dep $k=" "$T/b.log")"
done
run "$T/ninja.log" ninja -C "$T/b" -v
line=$(grep -- '-o libtally.so.p/hello.f90.o ' "$T/ninja.log") || fail "no gfortran compile line"
case " $line " in
*" -Wformat "*|*" -fstack-protector-strong "*) fail "harden's C flags on the gfortran line: $line" ;;
esac
grep -- '-o tally.p/main.c.o ' "$T/ninja.log" | grep -q -- ' -fstack-protector-strong ' ||
	fail "the C program lacks harden-c-exe's flags"
assert_hardened_program "$T/b/tally"
echo ok
