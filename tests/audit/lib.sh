# tests/audit/lib.sh - what the harden-audit tests share beyond tests/lib.sh
# (set-up, fail, skip, have, the ELF facts): building harden-audit, the
# probe sources, the corpus table and the hostile-file generator.
# Sourced by tests/audit/*.sh; HARDEN_SRCDIR and HARDEN_TMPDIR as described
# in tests/audit/README (from the repository root, HARDEN_SRCDIR defaults
# to it; HARDEN_TMPDIR to a new directory).

: "${HARDEN_SRCDIR:=$(pwd)}"
. "$HARDEN_SRCDIR/tests/lib.sh"
set -u

# build_audit [make variables...]: AUDIT, harden-audit of tools/ (-Werror)
# in $T/bin, built once per run (tools_build, which shares the build of
# the defaults with harden-cost's tests).
build_audit() {
	if [ $# -eq 0 ]; then
		tools_build "harden-audit harden-cost"
	else
		tools_build harden-audit "$@"
	fi
	mkdir -p "$T/bin" && cp "$TOOLS/harden-audit" "$T/bin/" || exit 99
	AUDIT=$T/bin/harden-audit
}

# stdlib_sources: at.cc, a vector read at the index its last argument
# names (out of range: aborts or traps under stdlib-hardening), and
# plain.cc, a C++ unit with no checked accessor; in the current directory.
stdlib_sources() {
	cat >at.cc <<'EOS'
#include <cstdlib>
#include <vector>
int main(int argc, char **argv) { std::vector<int> v(3, 7); return v[std::atoi(argv[argc - 1])] == 7 ? 0 : 1; }
EOS
	cat >plain.cc <<'EOS'
int twice(int x) { return 2 * x; }
EOS
}

# Probe sources of the corpus.
write_sources() {
	mkdir -p "$T/src"
	cat >"$T/src/prog.c" <<'EOS'
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* memcpy through a volatile pointer: not folded, size unknown. */
static void *(*volatile cpy)(void *, const void *, size_t) = memcpy;

int
work(int argc, char **argv)
{
	char buf[64];
	char big[argc * 8192];	/* VLA: stack-clash probe */

	strcpy(buf, argv[0]);
	snprintf(big, sizeof(big), "%s", buf);
	cpy(big, buf, 8);
	if (read(0, buf, sizeof(buf)) < 0)
		return 1;
	printf("%s %s\n", buf, big);
	return big[argc];
}

int
main(int argc, char **argv)
{
	return work(argc, argv);
}
EOS
	cat >"$T/src/nocanary.c" <<'EOS'
int
main(int argc, char **argv)
{
	(void)argv;
	return argc * 2;
}
EOS
	cat >"$T/src/lib.c" <<'EOS'
#include <stdio.h>
#include <string.h>

int
lib_fmt(char *out, size_t n, const char *s)
{
	char tmp[32];

	strcpy(tmp, s);
	return snprintf(out, n, "%s", tmp);
}
EOS
	cat >"$T/src/textrel.c" <<'EOS'
/* Built -fno-pic into an i386 shared object: a text relocation. */
int counter;

int
get(void)
{
	return counter;
}
EOS
	cat >"$T/src/bare.c" <<'EOS'
/* No libc: links for any target with -nostdlib. */
char buf[100];

void
_start(void)
{
	for (;;)
		buf[0]++;
}
EOS
}

# The corpus: name|compiler|source|flags|post.  compiler: gcc, clang, a64
# (aarch64-linux-gnu-gcc), musl (musl-gcc), clang19, tcc (all optional); post: strip,
# mixed-gcc / mixed-clang (link one more unit, lib.c compiled -g -O2 without
# the flags by that compiler), or empty.  Rows whose optional compiler is
# missing are not built (and not checked).
STD="-O2 -D_FORTIFY_SOURCE=3 -fstack-protector-strong -fstack-clash-protection -fcf-protection=full -fPIE -pie -Wl,-z,relro,-z,now -Wl,-z,noexecstack"
corpus_spec() {
	cat <<EOS
gcc-none|gcc|prog.c||
gcc-ssp|gcc|prog.c|-O2 -fstack-protector-strong|
gcc-fortify2|gcc|prog.c|-O2 -D_FORTIFY_SOURCE=2|
gcc-fortify3|gcc|prog.c|-O2 -D_FORTIFY_SOURCE=3|
gcc-fort-O0|gcc|prog.c|-O0 -D_FORTIFY_SOURCE=2 -Wno-cpp|
gcc-clash-norec|gcc|prog.c|-O2 -fstack-clash-protection|
gcc-clash-rec|gcc|prog.c|-O2 -fstack-clash-protection -frecord-gcc-switches|
gcc-clash-g|gcc|prog.c|-O2 -g -fstack-clash-protection|
gcc-clash-gz|gcc|prog.c|-O2 -g -gz -fstack-clash-protection|
gcc-clash-dwarf2|gcc|prog.c|-O2 -gdwarf-2 -fstack-clash-protection|
gcc-clash-dwarf64|gcc|prog.c|-O2 -g -gdwarf64 -fstack-clash-protection|
gcc-noclash-rec|gcc|prog.c|-O2 -frecord-gcc-switches|
gcc-init|gcc|prog.c|-O2 -ftrivial-auto-var-init=zero -frecord-gcc-switches|
gcc-misc|gcc|prog.c|-O2 -fwrapv -fno-strict-aliasing -fno-delete-null-pointer-checks -fzero-call-used-regs=used-gpr -frecord-gcc-switches|
gcc-cf|gcc|prog.c|-O2 -fcf-protection=full|
gcc-cet-forced|gcc|prog.c|-O2 -fcf-protection=full -Wl,-z,ibt -Wl,-z,shstk|
gcc-nopie|gcc|prog.c|-O2 -fno-pie -no-pie|
gcc-now|gcc|prog.c|-Wl,-z,now|
gcc-olddtags|gcc|prog.c|-Wl,--disable-new-dtags,-z,now|
gcc-execstack|gcc|prog.c|-Wl,-z,execstack|
gcc-norelro|gcc|prog.c|-Wl,-z,norelro|
gcc-now-norelro|gcc|prog.c|-Wl,-z,now -Wl,-z,norelro|
gcc-rpath|gcc|prog.c|-Wl,--disable-new-dtags,-rpath,/opt/harden/lib|
gcc-runpath|gcc|prog.c|-Wl,--enable-new-dtags,-rpath,\$ORIGIN/../lib|
gcc-runpath-rel|gcc|prog.c|-Wl,--enable-new-dtags,-rpath,lib::/opt/x|
gcc-noseparate|gcc|prog.c|-Wl,-z,noseparate-code|
gcc-standard|gcc|prog.c|$STD|
gcc-standard-rec|gcc|prog.c|$STD -frecord-gcc-switches|
gcc-standard-rec-stripped|gcc|prog.c|$STD -frecord-gcc-switches|strip
gcc-standard-stripped|gcc|prog.c|$STD|strip
gcc-nocanary-strong|gcc|nocanary.c|-O2 -fstack-protector-strong|
gcc-ssp-all-empty|gcc|nocanary.c|-O2 -fstack-protector-all|
gcc-static|gcc|prog.c|-static -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2|
gcc-static-nossp|gcc|prog.c|-static -O2 -fno-stack-protector|
gcc-static-stripped|gcc|prog.c|-static -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2|strip
gcc-static-pie|gcc|prog.c|-static-pie -fPIE -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2|
gcc-lib.so|gcc|lib.c|-shared -fPIC -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2 -Wl,-z,relro,-z,now|
gcc-lib-none.so|gcc|lib.c|-shared -fPIC|
gcc-obj.o|gcc|prog.c|-c -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2|
gcc-obj-rec.o|gcc|prog.c|-c -O2 -g -frecord-gcc-switches -fstack-clash-protection|
gcc-obj-execstack.o|gcc|bare.c|-c -O2 -Wa,--execstack|
gcc-m32.o|gcc|bare.c|-c -m32 -O2 -fcf-protection=full|
gcc-m32-static|gcc|bare.c|-m32 -O2 -nostdlib -static -fno-pie -no-pie|
gcc-m32-static-pie|gcc|bare.c|-m32 -O2 -nostdlib -static-pie -fPIE|
gcc-m32-textrel.so|gcc|textrel.c|-m32 -O2 -nostdlib -shared -fno-pic|
clang-none|clang|prog.c||
clang-standard|clang|prog.c|$STD|
clang-ssp-fort2|clang|prog.c|-O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2|
clang-clash-rec|clang|prog.c|-O2 -fstack-clash-protection -frecord-command-line|
clang-g-norecord|clang|prog.c|-O2 -g -fstack-clash-protection|
clang-g-record|clang|prog.c|-O2 -g -grecord-command-line -fstack-clash-protection|
clang-lld-now|clang|prog.c|-fuse-ld=lld -Wl,-z,relro,-z,now|
clang-static|clang|prog.c|-static -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2|
clang-lib.so|clang|lib.c|-shared -fPIC -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2 -Wl,-z,relro,-z,now|
clang-nopie|clang|prog.c|-O2 -fno-pie -no-pie|
gcc-clash-g-mixed|gcc|prog.c|-O2 -g -fstack-clash-protection|mixed-gcc
gcc-clash-g-clang|gcc|prog.c|-O2 -g -fstack-clash-protection|mixed-clang
musl-clash-g|musl|prog.c|-O2 -g -fstack-clash-protection -fstack-protector-strong|
clang19-g-record|clang19|prog.c|-O2 -g -grecord-command-line -fstack-clash-protection -ftrivial-auto-var-init=zero|
tcc-none|tcc|prog.c||
a64-none|a64|prog.c||
a64-standard|a64|prog.c|-O2 -D_FORTIFY_SOURCE=2 -fstack-protector-strong -mbranch-protection=standard -Wl,-z,relro,-z,now|
a64-forcebti|a64|prog.c|-O2 -mbranch-protection=standard -Wl,-z,force-bti|
a64-bti.o|a64|bare.c|-c -O2 -mbranch-protection=standard|
a64-be-static|a64|bare.c|-mbig-endian -O2 -nostdlib -static|
a64-be.so|a64|bare.c|-mbig-endian -O2 -nostdlib -shared -fPIC -Wl,-z,now|
a64-ilp32-be.o|a64|bare.c|-mabi=ilp32 -mbig-endian -c -O2 -mbranch-protection=bti|
EOS
}

compiler_for() {
	case $1 in
	gcc) echo "${HARDEN_GCC:-gcc}" ;;
	clang) echo "${HARDEN_CLANG:-clang}" ;;
	a64) echo aarch64-linux-gnu-gcc ;;
	musl) echo musl-gcc ;;
	clang19) echo clang-19 ;;
	tcc) echo tcc ;;
	esac
}

# build_corpus: every row in $T/corpus, with $T/corpus/LIST (the names
# actually built).  A failure of a gcc or clang row is fatal; optional
# (a64) rows are skipped when the cross compiler is missing.  Built once
# per run (run_once: corpus.sh, compare.sh, malformed.sh and fuzz.sh read
# the same files), copied into $T/corpus.
build_corpus() {
	write_sources
	run_once "audit-corpus-$(audit_key)" _corpus_into
	rm -rf "$T/corpus" && cp -pR "$ONCE" "$T/corpus" || exit 99
}
# audit_key: a key of what the corpora are built from (this file, the compilers).
audit_key() {
	{ cat "$HARDEN_SRCDIR/tests/audit/lib.sh" "$HARDEN_SRCDIR/tests/audit/pe_patch.py"
	  echo "${HARDEN_GCC-} ${HARDEN_CLANG-}"; } | cksum | sed 's/ .*//'
}
_corpus_into() {	# DIR: the corpus, built from $T/src
	d=$1
	# Two rows at a time (the odd and the even lines), on two cores;
	# LIST in the table's order.
	corpus_spec | awk 'NR % 2' | _corpus_rows "$d" "$d/LIST.1" & _p1=$!
	corpus_spec | awk '!(NR % 2)' | _corpus_rows "$d" "$d/LIST.2"
	_s2=$?
	wait $_p1 && [ $_s2 -eq 0 ] || exit 1
	cat "$d/LIST.1" "$d/LIST.2" >"$d/LIST.all" &&
	corpus_spec | cut -d'|' -f1 | grep -Fx -f "$d/LIST.all" >"$d/LIST" &&
	rm -f "$d/LIST.1" "$d/LIST.2" "$d/LIST.all" || exit 99
}
_corpus_rows() {	# DIR LIST: the rows read from standard input into DIR, their names into LIST
	d=$1
	: >"$2"
	while IFS='|' read -r name cc src flags post; do
		c=$(compiler_for "$cc")
		if ! have "$c"; then
			case $cc in a64|musl|clang19|tcc) continue ;; esac
			fail "compiler $c not installed"
		fi
		extra=
		case $post in
		mixed-*)	# one more unit, compiled -g without the flags
			m=$(compiler_for "${post#mixed-}")
			$m -g -O2 -c -o "$d/$name-lib.o" "$T/src/lib.c" ||
				fail "cannot compile lib.c with $m"
			extra=$d/$name-lib.o
			;;
		esac
		# shellcheck disable=SC2086
		if ! $c $flags -o "$d/$name" "$T/src/$src" $extra \
		    >"$d/$name.log" 2>&1; then
			cat "$d/$name.log" >&2
			fail "cannot build corpus binary $name ($c $flags)"
		fi
		if [ "$post" = strip ]; then
			case $cc in
			a64) aarch64-linux-gnu-strip "$d/$name" ;;
			*) strip "$d/$name" ;;
			esac || fail "cannot strip $name"
		fi
		echo "$name" >>"$2"
	done
}

# gen_hostile OUTDIR BASE...: write hostile variants of the valid ELF files
# BASE... into OUTDIR (one file per case, named BASE.case) and the list of
# cases that must be rejected (exit 2) into OUTDIR/REJECT.  Also writes
# OUTDIR/*.flip* (random byte flips, which may or may not stay valid).
gen_hostile() {
	python3 "$HARDEN_SRCDIR/tests/audit/gen_hostile.py" "$@"
}

# gen_dwarf MODE SIZE OUT: write OUT, a section-only ELF64 "static" file of
# about SIZE bytes whose DWARF is crafted to make a naive scan quadratic.
# Every unit's producer records -fstack-clash-protection.  MODE:
#   abbrev    one abbreviation table of ~SIZE/14 entries, the unit DIE's
#             code last; ~SIZE/36 units all use it
#   producer  ~SIZE/32 units share one producer string of ~SIZE/2 bytes
#   overlap   every unit uses its own table, each a suffix of one long chain
#   suffix    every unit's producer is a suffix of one long string
# abbrev and producer are well-formed (the verdict is yes); overlap and
# suffix are hostile (any verdict, but no hang).
gen_dwarf() {
	python3 "$HARDEN_SRCDIR/tests/audit/gen_dwarf.py" "$@"
}

# gen_hostile_pe OUTDIR BASE...: like gen_hostile, for the Windows PE files
# BASE... (mingw-w64 programs and DLLs): truncated headers, e_lfanew out of
# range, huge NumberOfSections, a too small optional header, section data,
# import tables, load configuration, debug directory, base relocations and
# COFF symbol table pointing outside the file.  Also synthetic images:
# OUTDIR/synthetic.small (valid: a few imports, a fuzz seed),
# synthetic.unterminated (its last import name runs to the end of its
# section), and synthetic.name-loop, whose thousands of import descriptors
# share one lookup table whose name RVAs all lead to one long name:
# walking every descriptor's table would be quadratic, so it must be
# refused as overlapping tables within the time limit.  The cases to reject are
# appended to OUTDIR/REJECT; OUTDIR/*.peflip* are random flips (headers
# and import tables) that may stay valid.
gen_hostile_pe() {
	python3 "$HARDEN_SRCDIR/tests/audit/gen_hostile_pe.py" "$@"
}

# gen_hostile_ar DIR OBJECT...: static libraries built from the objects
# in DIR: a valid one (ar.valid, GNU long names) and malformed ones, listed
# in DIR/AR-REJECT (the walk stops: exit 2, a message naming the archive),
# DIR/AR-MEMBER (one member is bad: exit 2, a message naming
# "lib(member)", the others still reported) and DIR/AR-FLIP (random byte
# flips in the headers and the name table: no crash, exit 0, 1 or 2).
gen_hostile_ar() {
	python3 "$HARDEN_SRCDIR/tests/audit/gen_hostile_ar.py" "$@"
}

# The Windows PE corpus: name|source|flags|post, built by mingw-w64's
# x86_64-w64-mingw32-gcc (PE32+) from the probe sources.  post: strip-free
# patches by pe_patch (nodir: the hardened program without its base
# relocation directory; norelocs: DYNAMIC_BASE and HIGH_ENTROPY_VA set on an
# image whose relocations were stripped).  mingw-w64's GCC links libssp
# only for -fstack-protector*: fortify without it needs -lssp.
PE_HARD="-O2 -D_FORTIFY_SOURCE=2 -fstack-protector-strong -Wl,--dynamicbase,--high-entropy-va,--nxcompat"
PE_OFF="-Wl,--disable-dynamicbase,--disable-high-entropy-va,--disable-nxcompat"
PE_ON="-Wl,--dynamicbase,--high-entropy-va,--nxcompat"
pe_corpus_spec() {
	cat <<EOS
w-hard.exe|prog.c|$PE_HARD|
w-hard.dll|lib.c|-shared $PE_HARD|
w-none.exe|prog.c|-O2 $PE_OFF|
w-none.dll|lib.c|-shared -O2 $PE_OFF|
w-hard-stripped.exe|prog.c|$PE_HARD -s|
w-none-stripped.exe|prog.c|-O2 $PE_OFF -s|
w-noreloc.exe|prog.c|-O2 $PE_ON,--disable-reloc-section|
w-noheva.exe|prog.c|-O2 -Wl,--dynamicbase,--disable-high-entropy-va,--nxcompat|
w-static.exe|prog.c|-static $PE_HARD|
w-static-stripped.exe|prog.c|-static $PE_HARD -s|
w-ssp.exe|prog.c|-O2 -fstack-protector-strong $PE_ON|
w-fortify.exe|prog.c|-O2 -D_FORTIFY_SOURCE=2 $PE_ON -lssp|
w-fortify-static.exe|prog.c|-static -O2 -D_FORTIFY_SOURCE=2 $PE_ON -lssp|
w-fortify-O0.exe|prog.c|-O0 -D_FORTIFY_SOURCE=2 $PE_ON|
w-nodir.exe|prog.c|$PE_HARD|nodir
w-norelocs.exe|prog.c|-O2 $PE_ON,--disable-reloc-section|norelocs
EOS
}

# pe_patch FILE OR-MASK CLEAR-RELOC-DIR: set DllCharacteristics bits, and
# (1) empty the base relocation data directory, in place.
pe_patch() {
	python3 "$HARDEN_SRCDIR/tests/audit/pe_patch.py" "$@"
}

# build_pe_corpus: every row in $T/pe (LIST: names built), plus
# pe32-bare.exe, a PE32 without libc from clang and ld.lld (with the
# HIGH_ENTROPY_VA bit set, which means nothing in PE32), when both exist.
# Built once per run (run_once: five tests read it), copied into $T/pe.
build_pe_corpus() {
	need x86_64-w64-mingw32-gcc
	write_sources
	run_once "audit-pe-$(audit_key)" _pe_corpus_into
	rm -rf "$T/pe" && cp -pR "$ONCE" "$T/pe" || exit 99
}
_pe_corpus_into() {	# DIR: the PE corpus, built from $T/src
	d=$1
	: >"$d/LIST"
	pe_corpus_spec | while IFS='|' read -r name src flags post; do
		# After the source, so that -lssp resolves its calls.
		# shellcheck disable=SC2086
		x86_64-w64-mingw32-gcc -o "$d/$name" "$T/src/$src" $flags \
		    >"$d/$name.log" 2>&1 ||
			{ cat "$d/$name.log" >&2; fail "cannot build $name ($flags)"; }
		case $post in
		nodir) pe_patch "$d/$name" 0 1 ;;
		norelocs) pe_patch "$d/$name" 0x60 0 ;;
		esac || fail "cannot patch $name"
		echo "$name" >>"$d/LIST"
	done || exit $?
	if have ${HARDEN_CLANG:-clang} && have ld.lld; then
		# -O0: the store to buf keeps an absolute address to relocate.
		${HARDEN_CLANG:-clang} --target=i686-w64-mingw32 -O0 -c \
		    -o "$d/bare32.o" "$T/src/bare.c" &&
		ld.lld -m i386pe --entry=__start --dynamicbase --nxcompat \
		    -o "$d/pe32-bare.exe" "$d/bare32.o" &&
		pe_patch "$d/pe32-bare.exe" 0x20 0 ||
			fail "cannot build pe32-bare.exe"
		echo pe32-bare.exe >>"$d/LIST"
	fi
}

# objdump_pe FILE: what x86_64-w64-mingw32-objdump -p (and nm, for the
# COFF symbols of a static program) say, independently of harden-audit:
# "kind dynamicbase high-entropy-va nxcompat canary fortify", each
# yes/no/?/n/a as harden-audit's table would print it.
objdump_pe() {
	x86_64-w64-mingw32-objdump -p "$1" >"$T/objdump.out" 2>/dev/null ||
		fail "objdump -p $1 failed"
	x86_64-w64-mingw32-nm "$1" >"$T/nm.out" 2>/dev/null || : >"$T/nm.out"
	set -- $(awk '
	function say(b) { return b ? "yes" : "no" }
	/^Characteristics / { inchar = 1; next }
	inchar && /^\t/ { if ($0 ~ /DLL$/) dll = 1; if ($0 ~ /relocations stripped/) stripped = 1; next }
	{ inchar = 0 }
	/^Magic/ { pe64 = ($0 ~ /PE32\+/) }
	/^DllCharacteristics/ { indc = 1; next }
	indc && /^\t\t/ { f[$1] = 1; next }
	{ indc = 0 }
	/^Entry 5 / { relocs = ($4 != "00000000") }
	/^The Import Tables/ { inimp = 1 }
	/^The Export Tables|^PE File Base Relocations|^The Function Table/ { inimp = 0 }
	inimp && /^\t[0-9a-f]+\t +[0-9]+ +[_A-Za-z]/ {
		n = $NF
		if (n == "__stack_chk_fail" || n == "__stack_chk_guard") canary = 1
		if (n == "__chk_fail" || (n ~ /^__[a-z0-9_]+_chk$/ && n !~ /^__stack_chk/)) fort = 1
	}
	END {
		dyn = f["DYNAMIC_BASE"] && relocs && !stripped
		printf "%s %s %s %s", dll ? "pe-dll" : "pe-exe", say(dyn),
		    pe64 ? say(f["HIGH_ENTROPY_VA"] && dyn) : "n/a", say(f["NX_COMPAT"])
		printf " %s %s\n", canary ? "yes" : "?", fort ? "yes" : "?"
	}' "$T/objdump.out")
	# Not imported: a static libssp leaves the canary code's
	# .refptr.__stack_chk_guard and each __X_chk a call needed (not
	# __chk_fail, which comes with __stack_chk_fail whatever is used).
	c=$5 f=$6
	grep -q ' \.refptr\.__stack_chk_guard$' "$T/nm.out" && c=yes
	grep -v -e __stack_chk -e ' __chk_fail$' "$T/nm.out" |
		grep -Eq ' T __[a-z0-9_]+_chk$' && f=yes
	echo "$1 $2 $3 $4 $c $f"
}

# audit_cols FILE COLUMN...: the table verdicts of FILE, by column name.
audit_cols() {
	_f=$1
	shift
	"$AUDIT" "$_f" | awk -v want="$*" '
	NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	{ n = split(want, w, " "); s = ""
	  for (i = 1; i <= n; i++) s = s (i > 1 ? " " : "") (w[i] == "TYPE" ? $1 : $col[w[i]])
	  print s }'
}

# fuzz_seeds DIR: the fuzzer's seed corpus: valid and hostile ELF files and
# PE files (mingw-w64 builds and hostile ones); prints the count of PE seeds.
fuzz_seeds() {
	build_corpus
	mkdir -p "$1"
	for _b in gcc-none gcc-standard-stripped gcc-obj.o gcc-m32.o gcc-m32-static-pie \
	    a64-be.so a64-ilp32-be.o gcc-clash-g clang-g-record gcc-clash-rec \
	    gcc-clash-g-mixed gcc-clash-dwarf2 gcc-clash-dwarf64 clang19-g-record; do
		[ -f "$T/corpus/$_b" ] && cp "$T/corpus/$_b" "$1/"
	done
	gen_hostile "$T/hostile" "$T/corpus/gcc-m32-static-pie" "$T/corpus/gcc-obj.o" ||
		fail "cannot generate hostile files"
	gen_hostile_ar "$T/hostile-ar" "$T/corpus/gcc-obj.o" "$T/corpus/gcc-m32.o" ||
		fail "cannot generate hostile archives"
	cp "$T/hostile-ar/ar.valid" "$T/hostile-ar/ar.member-text" \
	    "$T/hostile-ar/ar.longname-outside" "$1/" || fail "no archive seeds"
	# Many units sharing abbreviations and producers (small: 64 KB).
	for _m in abbrev producer overlap suffix; do
		gen_dwarf $_m 60000 "$1/dwarf-$_m" || fail "cannot generate dwarf-$_m"
	done
	cp "$T"/hostile/*.*-* "$1/" 2>/dev/null
	need x86_64-w64-mingw32-gcc
	build_pe_corpus
	for _b in w-hard.dll w-none-stripped.exe pe32-bare.exe; do
		[ -f "$T/pe/$_b" ] && cp "$T/pe/$_b" "$1/"
	done
	gen_hostile_pe "$T/hostile-pe" "$T/pe/w-none-stripped.exe" ||
		fail "cannot generate hostile PE files"
	cp "$T"/hostile-pe/*.pe-* "$T"/hostile-pe/synthetic.* "$1/" 2>/dev/null
	_npe=0
	for _f in "$1"/*; do
		[ "$(head -c 2 "$_f")" = MZ ] && _npe=$((_npe + 1))
	done
	[ "$_npe" -gt 1 ] || fail "no PE seeds"
	echo "$_npe"
}

# fuzz_build OUT: the fuzz target tools/audit/fuzz-elf.c (make -C tools
# fuzz) with libFuzzer, ASan and UBSan (clang and libclang-rt-14-dev, which
# .ci/run installs).
fuzz_build() {
	need clang make
	make -C "$HARDEN_SRCDIR/tools" O="${1%/*}" CC=clang \
	    CFLAGS="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all" \
	    "${1%/*}/fuzz-elf" >"$1.log" 2>&1 && { [ "$1" = "${1%/*}/fuzz-elf" ] || mv "${1%/*}/fuzz-elf" "$1"; } ||
		fail "cannot build the libFuzzer target: $(head -n 5 "$1.log")"
}

# fuzz_stats LOG: executions, coverage, features and corpus of a libFuzzer
# run (-print_final_stats=1), on one line.
fuzz_stats() {
	awk '/^stat::number_of_executed_units/ { e = $2 }
	     /^stat::average_exec_per_sec/ { r = $2 }
	     /^#[0-9]+/ && / cov: / { for (i = 1; i < NF; i++) { if ($i == "cov:") c = $(i + 1); if ($i == "ft:") f = $(i + 1); if ($i == "corp:") k = $(i + 1) } }
	     END { printf "%s executions (%s/s), coverage %s edges, %s features, corpus %s\n", e, r, c, f, k }' "$1"
}

# check_expect WANT FEATURES FILE...: harden-audit -q --expect FEATURES
# FILE... exits WANT; its messages stay in $T/err for said TEXT.
check_expect() {
	want=$1 feats=$2
	shift 2
	"$AUDIT" -q --expect "$feats" "$@" >"$T/out" 2>"$T/err"
	got=$?
	[ "$got" -eq "$want" ] || { cat "$T/err" >&2; fail "--expect $feats $*: exit $got, want $want"; }
}
said() {
	grep -qF "$1" "$T/err" || { cat "$T/err" >&2; fail "no message '$1'"; }
}
