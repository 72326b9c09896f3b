# examples/make with CXX_PROGRAMS=yes builds words and tallyxx from a probe
# of CXX of its own (harden-cxx.mk): with CC=clang CXX=g++ at the strict
# level no clang flag reaches a g++ line nor a g++ flag a clang line, the
# programs run, are hardened (readelf) and pass harden-audit with the C++
# expectation.  Without CXX_PROGRAMS nothing of C++ is probed or built.
. "$HARDEN_SRCDIR/tests/lib.sh"
. "$HARDEN_SRCDIR/tests/autoconf/lib.sh"
need clang g++ make
tools_build harden-audit	# the run's (tests/lib.sh)
mkdir -p ex && cp -R "$S/examples/make" "$S/examples/autotools" ex/
args="HARDEN=$S/catalog/harden-flags HARDEN_AUDIT=$TOOLS/harden-audit CC=clang CXX=g++ HARDEN_FLAGS_ARGS=--level=strict"
(cd ex/make && make $args >c-only.out 2>&1) || fail "make failed: $(tail -n 5 ex/make/c-only.out)"
[ -e ex/make/harden-cxx.mk ] || [ -e ex/make/words ] && fail "C++ probed or built without CXX_PROGRAMS=yes"
(cd ex/make && make $args CXX_PROGRAMS=yes check >out 2>&1) || fail "make check failed: $(tail -n 5 ex/make/out)"
grep -q '^HARDEN_CXXFLAGS = ' ex/make/harden-cxx.mk || fail "harden-cxx.mk is not the C++ export"
compiler_lines ex/make/out g++ >cxx-lines
compiler_lines ex/make/out clang >c-lines
grep -q 'words\.cc' cxx-lines && grep -q 'tallyxx tallyxx\.o tally-exe\.o' cxx-lines || fail "no g++ lines for words and tallyxx"
grep -q 'tally-exe\.o' c-lines || fail "tallyxx's C object not built by clang"
for f in -enable-trivial-auto-var-init-zero-knowing-it-will-be-removed-from-clang -fsanitize-trap=bounds; do
	grep -q -- "$f" c-lines || fail "clang's $f not on the clang lines"
	grep -- "$f" cxx-lines && fail "clang's $f on a g++ line"
done
for f in -fzero-call-used-regs=used-gpr -fsanitize-undefined-trap-on-error -D_GLIBCXX_ASSERTIONS; do
	grep -q -- "$f" cxx-lines || fail "g++'s $f not on the g++ lines"
	grep -- "$f" c-lines && fail "g++'s $f on a clang line"
done
for p in ex/make/words ex/make/tallyxx; do
	elf_has_canary $p && elf_is_pie $p && elf_has_relro $p && elf_has_now $p || fail "$p is not hardened"
done
expect=$(sed -n 's/^HARDEN_CXX_AUDIT_EXPECT = //p' ex/make/harden-cxx.mk)
grep -q "harden-audit --expect $expect words tallyxx\$" ex/make/out || fail "words and tallyxx not audited with $expect"
echo ok
