#!/bin/sh
# guide-verdicts.sh - the OpenSSF guide's properties of a linked file, each
# on programs built to have it and not: safe-rpath (RPATH/RUNPATH entries
# by class: absolute, $ORIGIN, relative, empty), wxorx (no writable and
# executable segment, no executable stack), separate-code (no code segment
# mapping the headers or read-only data), sanitizer (a runtime in DT_NEEDED
# or linked in: a fact), fortify-3 (only from a recorded -D), and "-" as
# standard input.  Each verdict is asserted in the -v lines, in the JSON
# and with --expect; the ELF facts behind them are checked with readelf.
. "${HARDEN_SRCDIR:-.}/tests/audit/lib.sh"

have python3 || fail "python3 not installed"
build_audit
write_sources
cc=${HARDEN_GCC:-gcc}
b() {	# b NAME SOURCE FLAGS...
	n=$1 s=$2
	shift 2
	$cc "$@" -o "$T/$n" "$T/src/$s" >"$T/$n.log" 2>&1 ||
		{ cat "$T/$n.log" >&2; fail "cannot build $n"; }
}
# verdict FILE CHECK: the result of CHECK in the -v lines.
verdict() {
	"$AUDIT" -v "$1" | awk -v c="$2" '$1 == c { print $2; exit }'
}
# is FILE CHECK WANT [REASON]: the -v verdict, and its reason if given.
is() {
	got=$(verdict "$T/$1" "$2")
	[ "$got" = "$3" ] || fail "$1: $2 is '$got', want $3 ($("$AUDIT" -v "$T/$1" | grep "^    $2 "))"
	[ $# -lt 4 ] || "$AUDIT" -v "$T/$1" | grep "^    $2 " | grep -qF -- "$4" ||
		fail "$1: $2 reason lacks '$4': $("$AUDIT" -v "$T/$1" | grep "^    $2 ")"
}

# RPATH/RUNPATH classes.
b obj.o prog.c -O2 -c
b rp-none prog.c -O2
b rp-abs prog.c -O2 -Wl,--disable-new-dtags,-rpath,/opt/x/lib
b rp-origin prog.c -O2 -Wl,--enable-new-dtags,-rpath,'$ORIGIN/../lib:${ORIGIN}/x'
b rp-rel prog.c -O2 -Wl,--enable-new-dtags,-rpath,lib:../lib
b rp-empty prog.c -O2 -Wl,--enable-new-dtags,-rpath,/opt/x/lib:
b rp-lead prog.c -O2 -Wl,--disable-new-dtags,-rpath,:/opt/x/lib
b rp-mixed prog.c -O2 -Wl,--enable-new-dtags,-rpath,'/a::$ORIGIN:b'
is rp-none safe-rpath yes "no DT_RPATH or DT_RUNPATH"
is rp-abs safe-rpath yes "DT_RPATH: 1 absolute, 0 \$ORIGIN, 0 relative, 0 empty"
is rp-origin safe-rpath yes "DT_RUNPATH: 0 absolute, 2 \$ORIGIN, 0 relative, 0 empty"
is rp-rel safe-rpath no "DT_RUNPATH: 0 absolute, 0 \$ORIGIN, 2 relative, 0 empty"
is rp-empty safe-rpath no "DT_RUNPATH: 1 absolute, 0 \$ORIGIN, 0 relative, 1 empty"
is rp-lead safe-rpath no "DT_RPATH: 1 absolute, 0 \$ORIGIN, 0 relative, 1 empty"
is rp-mixed safe-rpath no "DT_RUNPATH: 1 absolute, 1 \$ORIGIN, 1 relative, 1 empty"
# The JSON counts and verdicts.
"$AUDIT" -j "$T/rp-mixed" "$T/rp-none" "$T/obj.o" 2>/dev/null | python3 -c '
import json, sys
m, n, o = json.load(sys.stdin)
assert m["rpath_entries"] == {"absolute": 1, "origin": 1, "relative": 1, "empty": 1}, m["rpath_entries"]
assert m["runpath"] == "/a::$ORIGIN:b" and m["rpath"] is None, m
assert m["properties"]["safe-rpath"]["result"] == "no", m["properties"]["safe-rpath"]
assert n["rpath_entries"] == {"absolute": 0, "origin": 0, "relative": 0, "empty": 0}, n
assert n["properties"]["safe-rpath"]["result"] == "yes"
assert o["properties"]["safe-rpath"]["result"] == "n/a"' 2>&1 ||
	fail "JSON of the RPATH cases"
# readelf shows the strings the classes came from.
readelf -dW "$T/rp-mixed" | grep -qF 'Library runpath: [/a::$ORIGIN:b]' ||
	fail "rp-mixed: readelf shows no such RUNPATH"
readelf -dW "$T/rp-lead" | grep -qF 'Library rpath: [:/opt/x/lib]' ||
	fail "rp-lead: readelf shows no such RPATH"
# $ORIGIN in a set-user-ID file (by its mode): a hard link chooses it.
cp "$T/rp-origin" "$T/rp-origin-suid" && chmod u+s "$T/rp-origin-suid" || fail "chmod u+s"
if [ -u "$T/rp-origin-suid" ]; then
	is rp-origin-suid safe-rpath no "set-ID program with \$ORIGIN: DT_RUNPATH: 0 absolute, 2 \$ORIGIN"
	cp "$T/rp-abs" "$T/rp-abs-suid" && chmod g+s "$T/rp-abs-suid" || fail "chmod g+s"
	is rp-abs-suid safe-rpath yes
else
	note "chmod u+s has no effect here: the set-ID case is not checked"
fi
check_expect 0 safe-rpath "$T/rp-none" "$T/rp-abs" "$T/rp-origin"
check_expect 1 safe-rpath "$T/rp-abs" "$T/rp-empty"
said "rp-empty: safe-rpath not proven: no (DT_RUNPATH: 1 absolute"

# W^X and the layout.
b sep prog.c -O2 -Wl,-z,separate-code
b nosep prog.c -O2 -Wl,-z,noseparate-code
b execstack prog.c -O2 -Wl,-z,execstack
# A writable and executable PT_LOAD: text and data in one segment
# (-N, no libc so that nothing else needs separate segments).
b rwx bare.c -O2 -nostdlib -static -fno-pie -no-pie -Wl,-N
readelf -lW "$T/rwx" | grep -q '^ *LOAD .* RWE ' || fail "rwx: no RWE LOAD (readelf)"
readelf -lW "$T/sep" | grep '^ *LOAD' | awk '$2 == "0x000000" && /E/ { exit 1 }' ||
	fail "sep: readelf shows an executable LOAD at offset 0"
readelf -lW "$T/nosep" | grep -q '^ *LOAD  *0x000000 .* R E ' ||
	fail "nosep: readelf shows no executable LOAD at offset 0"
is sep wxorx yes
is sep separate-code yes "executable PT_LOAD with code only"
is nosep wxorx yes
is nosep separate-code no "an executable PT_LOAD also maps the ELF headers"
is execstack wxorx no "PT_GNU_STACK is executable"
is rwx wxorx no "a PT_LOAD segment is writable and executable"
is rwx rwx-segment yes
is obj.o wxorx n/a
is obj.o separate-code n/a
is obj.o safe-rpath n/a
# Without section headers only the headers can be seen.
python3 - "$T/sep" "$T/sep-noshdr" <<'EOPY' || fail "cannot strip section headers"
import struct, sys
d = bytearray(open(sys.argv[1], 'rb').read())
struct.pack_into('<Q', d, 0x28, 0)                 # e_shoff
struct.pack_into('<HHH', d, 0x3a, 0, 0, 0)         # e_shentsize .. e_shstrndx
open(sys.argv[2], 'wb').write(d)
EOPY
is sep-noshdr separate-code unknown "no section headers"
cp "$T/nosep" "$T/nosep-noshdr"
python3 - "$T/nosep-noshdr" <<'EOPY' || fail "cannot strip section headers"
import struct, sys
d = bytearray(open(sys.argv[1], 'rb').read())
struct.pack_into('<Q', d, 0x28, 0)
struct.pack_into('<HHH', d, 0x3a, 0, 0, 0)
open(sys.argv[1], 'wb').write(d)
EOPY
is nosep-noshdr separate-code no "the ELF headers"
# The table's W^X column, and the JSON.
[ "$(audit_cols "$T/sep" W^X)" = yes ] || fail "sep: W^X column $(audit_cols "$T/sep" W^X)"
[ "$(audit_cols "$T/rwx" W^X RWX)" = "no yes" ] || fail "rwx: W^X RWX columns $(audit_cols "$T/rwx" W^X RWX)"
"$AUDIT" -j "$T/nosep" "$T/execstack" | python3 -c '
import json, sys
a, b = json.load(sys.stdin)
p = a["properties"]
assert p["separate-code"] == {"result": "no", "reason": "an executable PT_LOAD also maps the ELF headers"}, p["separate-code"]
assert p["wxorx"]["result"] == "yes", p["wxorx"]
assert b["properties"]["wxorx"] == {"result": "no", "reason": "PT_GNU_STACK is executable"}, b["properties"]["wxorx"]' ||
	fail "JSON of the layout cases"
check_expect 0 wxorx,separate-code "$T/sep"
check_expect 1 wxorx "$T/rwx"
said "rwx: wxorx not proven: no"
check_expect 1 separate-code "$T/nosep"

# Sanitizer runtimes: a fact, refused by --expect.
b plain prog.c -O2
is plain sanitizer no "no sanitizer library in DT_NEEDED"
[ "$(audit_cols "$T/plain" SAN)" = no ] || fail "plain: SAN column"
expect_san() {	# expect_san NAME RUNTIMES REASON: -v and JSON agree
	is "$1" sanitizer yes "$3"
	"$AUDIT" -j "$T/$1" | python3 -c '
import json, sys
o = json.load(sys.stdin)[0]
want = sys.argv[1].split(",")
assert o["sanitizers"] == want, (o["sanitizers"], want)
assert o["properties"]["sanitizer"]["result"] == "yes"' "$2" ||
		fail "$1: JSON sanitizers are not $2"
}
if b asan prog.c -O1 -fsanitize=address 2>/dev/null; then
	readelf -dW "$T/asan" | grep -q 'NEEDED.*libasan' || fail "asan: no libasan NEEDED (readelf)"
	expect_san asan asan "asan (DT_NEEDED)"
	# GCC's asan_preinit.o is the toolchain's: no unit recorded here.
	is asan stack-protector unknown
	[ "$(audit_cols "$T/asan" SAN)" = yes ] || fail "asan: SAN column"
	b ubsan prog.c -O1 -fsanitize=undefined
	expect_san ubsan ubsan "ubsan (DT_NEEDED)"
	b asan-static prog.c -O1 -fsanitize=address -static-libasan
	readelf -dW "$T/asan-static" | grep -q 'NEEDED.*libasan' && fail "asan-static: libasan NEEDED"
	expect_san asan-static asan "asan (symbols)"
else
	note "gcc without libasan: the gcc sanitizer cases are skipped"
fi
if have ${HARDEN_CLANG:-clang} &&
    ${HARDEN_CLANG:-clang} -fsanitize=address -o "$T/casan" "$T/src/prog.c" 2>/dev/null; then
	# clang links its runtime in, UBSan's handlers with it: asan only.
	expect_san casan asan "asan (symbols)"
	${HARDEN_CLANG:-clang} -fsanitize=undefined -o "$T/cubsan" "$T/src/prog.c" ||
		fail "clang -fsanitize=undefined"
	expect_san cubsan ubsan "ubsan (symbols)"
fi
check_expect 2 sanitizer "$T/plain"

# fortify-3: never from the imports; from clang's recorded -D.
b f3 prog.c -O2 -D_FORTIFY_SOURCE=3 -frecord-gcc-switches
is f3 fortify-source yes
is f3 fortify-3 unknown "GCC records no -D"
if have ${HARDEN_CLANG:-clang}; then
	for l in 2 3; do
		${HARDEN_CLANG:-clang} -O2 -g -grecord-command-line -D_FORTIFY_SOURCE=$l \
		    -o "$T/c$l" "$T/src/prog.c" || fail "clang -D_FORTIFY_SOURCE=$l"
	done
	${HARDEN_CLANG:-clang} -O2 -g -grecord-command-line \
	    -Wp,-U_FORTIFY_SOURCE,-D_FORTIFY_SOURCE=3 -o "$T/c3wp" "$T/src/prog.c" ||
		fail "clang -Wp,-D_FORTIFY_SOURCE=3"
	${HARDEN_CLANG:-clang} -O0 -g -grecord-command-line -D_FORTIFY_SOURCE=3 \
	    -o "$T/c3O0" "$T/src/prog.c" 2>/dev/null || fail "clang -O0"
	is c3 fortify-3 yes "-D_FORTIFY_SOURCE=3 in all 1 recorded units"
	is c3wp fortify-3 yes
	is c2 fortify-3 no "1 recorded unit set a lower level"
	is c3O0 fortify-3 no "1 recorded unit does not optimise (-O0 or no -O)"
	check_expect 0 fortify-source,fortify-3 "$T/c3"
	check_expect 1 fortify-3 "$T/c2"
fi

# "-" is standard input, from a pipe and from a file; the same verdicts.
"$AUDIT" -j "$T/rp-empty" | sed 's/"file": "[^"]*"/"file": "-"/' >"$T/by-name.json" ||
	fail "harden-audit rp-empty"
cat "$T/rp-empty" | "$AUDIT" -j - >"$T/by-pipe.json" || fail "harden-audit - (pipe)"
"$AUDIT" -j - <"$T/rp-empty" >"$T/by-file.json" || fail "harden-audit - (file)"
cmp -s "$T/by-name.json" "$T/by-pipe.json" || fail "- from a pipe: other verdicts"
cmp -s "$T/by-name.json" "$T/by-file.json" || fail "- from a file: other verdicts"
printf 'hello\n' | "$AUDIT" - >/dev/null 2>"$T/err" && fail "text on stdin accepted"
grep -qx 'harden-audit: -: not an ELF, PE or ar file' "$T/err" || fail "stdin: $(cat "$T/err")"
: | "$AUDIT" - >/dev/null 2>"$T/err" && fail "empty stdin accepted"
check_expect 0 wxorx,separate-code - <"$T/sep"
echo "guide-verdicts: ok"
