#!/bin/sh
# Redis LRANGE, the case the cost debate started from: what each hardening
# feature costs redis-server under redis-benchmark -t lrange.
#
#	sh bench/redis.sh [WORKDIR] [HARDEN-COST-OPTION...]
#
# Gets Redis with `apt-get source redis` into WORKDIR (default
# /tmp/harden-redis; Redis code is never put in this repository), adding a
# deb-src entry for the configured Debian mirrors when there is none (as
# root: /etc/apt/sources.list.d/harden-deb-src.sources), installs its build
# dependencies and redis-tools (for redis-benchmark and redis-cli), then
# runs tools/harden-cost --make on it: every variant is a plain `make` of
# Redis with the flags catalog/harden-flags gives, and each run starts the
# variant's redis-server under $HARDEN_COST_WRAP and measures LRANGE_600
# requests per second.  The options after WORKDIR go to harden-cost
# (default: --rounds 5 --json=WORKDIR/cost.json --svg WORKDIR/cost.svg);
# for example --level strict, --single, --rounds 0 (instructions only).
#
# Environment: REDIS_REQUESTS (timed runs, default 20000) and
# REDIS_COUNT_REQUESTS (runs under callgrind, default 2000) per test.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/harden-redis}
[ $# -gt 0 ] && shift
mkdir -p "$work"
work=$(cd "$work" && pwd)
export DEBIAN_FRONTEND=noninteractive

have_deb_src() {
	grep -rqs -e '^deb-src ' -e '^Types:.*deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/
}
if ! have_deb_src; then
	[ "$(id -u)" -eq 0 ] || { echo "redis.sh: no deb-src entry; run as root to add one" >&2; exit 1; }
	# The binary entries of debian.sources, as source entries.
	if [ -f /etc/apt/sources.list.d/debian.sources ]; then
		sed 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources \
			>/etc/apt/sources.list.d/harden-deb-src.sources
	else
		echo "deb-src http://deb.debian.org/debian $(. /etc/os-release && echo "$VERSION_CODENAME") main" \
			>/etc/apt/sources.list.d/harden-deb-src.list
	fi
	apt-get update -qq
fi
if [ "$(id -u)" -eq 0 ]; then
	command -v redis-benchmark >/dev/null 2>&1 || apt-get install -y -qq redis-tools >/dev/null
	[ -f "$work/.build-deps" ] || { apt-get build-dep -y -qq redis >/dev/null && touch "$work/.build-deps"; }
	command -v valgrind >/dev/null 2>&1 || apt-get install -y -qq valgrind >/dev/null
fi
src=$(ls -d "$work"/redis-[0-9]*/ 2>/dev/null | head -n 1)
if [ -z "$src" ]; then
	(cd "$work" && apt-get source -qq redis >apt-source.log 2>&1) ||
		{ tail "$work/apt-source.log" >&2; exit 1; }
	src=$(ls -d "$work"/redis-[0-9]*/ | head -n 1)
fi
src=${src%/}

# Redis's own Makefile reads CPPFLAGS, CFLAGS and LDFLAGS (after its -O2
# and warnings); the rest is what debian/rules gives it: Debian's jemalloc
# and liblzf (the Debian patches use it).
user_args=$#
set -- --make-arg USE_SYSTEM_JEMALLOC=yes --make-arg REDIS_CFLAGS=-I/usr/include/liblzf \
	--make-arg 'REDIS_LDFLAGS=-Wl,-no-as-needed -ldl -latomic -llzf' --make-arg redis-server "$@"

# The command of every run: a server of its own, under the wrap, on a Unix
# socket (no TCP port another process could hold), LRANGE through
# redis-benchmark, then a clean shutdown (callgrind writes its counts when
# the server exits).
cat >"$work/lrange.sh" <<'EOF'
#!/bin/sh
# harden-cost --run: one redis-server of the variant, redis-benchmark -t lrange.
set -e
server=$HARDEN_COST_BUILDDIR/src/redis-server
requests=${REDIS_REQUESTS:-20000}
[ -n "$HARDEN_COST_WRAP" ] && requests=${REDIS_COUNT_REQUESTS:-2000}
dir=$(mktemp -d "${TMPDIR:-/tmp}/redis-run.XXXXXX")
sock=$dir/redis.sock
# shellcheck disable=SC2086 # the wrap is a command prefix
$HARDEN_COST_WRAP "$server" --port 0 --unixsocket "$sock" --save '' --appendonly no \
	--dir "$dir" --daemonize no --logfile "$dir/log" &
pid=$!
i=0
until redis-cli -s "$sock" ping >/dev/null 2>&1; do
	i=$((i + 1))
	if [ $i -ge 600 ] || ! kill -0 $pid 2>/dev/null; then
		echo "redis-server did not start"
		cat "$dir/log"
		exit 1
	fi
	sleep 0.1
done
redis-benchmark -s "$sock" -t lrange -n "$requests" -q | tr '\r' '\n' |
	grep 'requests per second' | tee "$dir/bench"
redis-cli -s "$sock" shutdown nosave >/dev/null 2>&1 || true
wait
rate=$(sed -n 's/^LRANGE_600 (first 600 elements): \([0-9.]*\) requests per second.*/\1/p' "$dir/bench")
rm -rf "$dir"
[ -n "$rate" ] || { echo "no LRANGE_600 result"; exit 1; }
echo "lrange_600_rps: $rate"
EOF
chmod +x "$work/lrange.sh"

make -s -C "$root/tools" O="$work/tools" "$work/tools/harden-cost" >/dev/null
if [ "$user_args" -eq 0 ]; then
	set -- "$@" --rounds 5 --json="$work/cost.json" --svg "$work/cost.svg"
fi
exec "$work/tools/harden-cost" --make "$src" --catalog "$root/catalog/features.txt" \
	--harden-flags "$root/catalog/harden-flags" --workdir "$work/builds" \
	--figure 'lrange_600_rps:' --higher-is-better --timeout 900 --run "$work/lrange.sh" "$@"
