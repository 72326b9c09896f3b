#!/bin/sh
# A variant that fails to build and one whose command fails are reported
# as such, with their logs kept, and every other variant is still built,
# run and reported; the exit status is 1.
. "$(dirname "$0")/lib.sh"
cost_tool
COST_DRIVER=$S/catalog/harden-flags	# the driver itself (lib.sh, cost_driver)
need python3
tiny_project "$T/p"
# The build refuses -no-pie (standard-no-pie); the command fails for
# standard-no-relro.
cat >"$T/p/Makefile" <<'EOM'
hello: hello.c
	case " $(LDFLAGS) " in *" -no-pie "*) echo "refusing -no-pie"; exit 1;; esac
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ hello.c
EOM
cost_make "$T/p" --features stack-protector,pie,relro --rounds 2 \
	--instructions none --workdir "$T/work" --json="$T/out.json" --quiet \
	--run 'test "$HARDEN_COST_VARIANT" != standard-no-relro && "$HARDEN_COST_BUILDDIR/hello" >/dev/null' \
	>out 2>err
rc=$?
cat out err
[ "$rc" -eq 1 ] || fail "exit $rc, want 1"
grep -q '^  standard-no-pie  *build failed' out || fail "standard-no-pie is not reported as a failed build"
grep -q '^  standard-no-relro  *run failed' out || fail "standard-no-relro is not reported as a failed run"
grep -q '^  pie  *failed: standard-no-pie: build failed' out || fail "the pie cost does not say its build failed"
grep -q "^  stack-protector  *[-+][0-9.]*% (2 rounds: too few for an interval)" out ||
	fail "the stack-protector cost was not measured"
for v in standard none standard-no-stack-protector; do
	grep -q "^  $v  *ok " out || fail "$v is not ok"
done
grep -q 'refusing -no-pie' "$T/work/logs/standard-no-pie.build.log" || fail "the failed build's log is not kept"
[ -f "$T/work/logs/standard-no-relro.run.log" ] || fail "the failed run's log is not kept"
[ -d "$T/work/standard-no-pie" ] || fail "the failed build's directory is not kept"
[ -d "$T/work/standard" ] && fail "the build directory of a good variant was kept without --keep"
[ "$(json_get "$T/out.json" '[v["status"] for v in j["variants"] if v["name"] == "standard-no-relro"][0]')" = run-failed ] ||
	fail "JSON: standard-no-relro is not run-failed"
[ "$(json_get "$T/out.json" 'len([v for v in j["variants"] if v["status"] == "ok" and len(v["samples"]) == 2])')" = 4 ] ||
	fail "JSON: not 4 variants (the control too) with 2 samples each"
echo ok
