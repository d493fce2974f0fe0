#!/usr/bin/env bash
# Fetches and builds libpqxx's own test suite (the C++ client library for PostgreSQL, on libpq), from Debian:
# Debian's libpqxx-dev is the library under test, and the source package of the very same version gives its test/
# directory, compiled here into two runners (test/ = the legacy numbered tests, test/unit/ = the unit tests).
# Idempotent: does nothing when the runners for the installed libpqxx version are already built.
# Result: $NLSQL_CLIENT_SUITE_DIR (default ~/.cache/nlsql-client-suite)/libpqxx-VERSION/bin/{legacy-runner,unit-runner,tests.txt}
# Exits non-zero, loudly, when anything fails. Needs root for apt-get (as on the developers' machines and in CI).
set -euo pipefail

log() { echo "[client-suite] $*" >&2; }
die() { log "FAILED: $*"; exit 1; }

cache=${NLSQL_CLIENT_SUITE_DIR:-$HOME/.cache/nlsql-client-suite}
mkdir -p "$cache"

apt_updated=0
apt_update() { if [ "$apt_updated" = 0 ]; then apt-get update -q >/dev/null || die "apt-get update"; apt_updated=1; fi; }

need=()
dpkg -s libpqxx-dev >/dev/null 2>&1 || need+=(libpqxx-dev)
dpkg -s libpq-dev >/dev/null 2>&1 || need+=(libpq-dev)
command -v g++ >/dev/null || need+=(g++)
command -v dpkg-source >/dev/null || need+=(dpkg-dev)
if [ ${#need[@]} -gt 0 ]; then
  log "installing ${need[*]}"
  apt_update
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >/dev/null || die "apt-get install ${need[*]}"
fi

version=$(dpkg-query -W -f '${Version}' libpqxx-dev)          # e.g. 6.4.5-2
upstream=${version#*:}; upstream=${upstream%-*}                # e.g. 6.4.5
srcpkg=$(dpkg-query -W -f '${source:Package}' libpqxx-dev)     # libpqxx
work="$cache/$srcpkg-$version"
bin="$work/bin"
if [ -x "$bin/legacy-runner" ] && [ -x "$bin/unit-runner" ] && [ -s "$bin/tests.txt" ]; then
  echo "$bin"
  exit 0
fi

mkdir -p "$work/src" "$bin"
orig=$(ls "$work"/"${srcpkg}_${upstream}".orig.tar.* 2>/dev/null | head -n 1 || true)
if [ -z "$orig" ]; then
  if ! apt-cache showsrc "$srcpkg" 2>/dev/null | grep -q "^Version: $version\$"; then
    if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/*.list; then
      log "adding deb-src lines (Debian's source packages) to apt's sources"
      # the same archive and suites as the binary entries, as a deb-src entry
      src=$(ls /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1 || true)
      if [ -n "$src" ]; then
        awk 'BEGIN{RS=""; ORS="\n\n"} /Types:[^\n]*deb/ && !/security/ {gsub(/Types:[^\n]*/, "Types: deb-src"); print}' "$src" \
          > /etc/apt/sources.list.d/nlsql-deb-src.sources
      else
        grep '^deb ' /etc/apt/sources.list | grep -v security | sed 's/^deb /deb-src /' > /etc/apt/sources.list.d/nlsql-deb-src.list
      fi
    fi
    apt_updated=0; apt_update
  fi
  log "downloading Debian's source of $srcpkg $version"
  (cd "$work" && apt-get source --download-only "$srcpkg=$version" >/dev/null 2>&1) \
    || (cd "$work" && apt-get source --download-only "$srcpkg=$version") || die "apt-get source $srcpkg=$version"
  orig=$(ls "$work"/"${srcpkg}_${upstream}".orig.tar.* | head -n 1) || die "no upstream tarball for $srcpkg $version"
fi

rm -rf "$work/src"; mkdir -p "$work/src"
tar xf "$orig" -C "$work/src" --strip-components=1 || die "unpacking $orig"
t="$work/src/test"
[ -f "$t/test_main.hxx" ] || die "$orig has no test/test_main.hxx"

log "compiling libpqxx's test suite (about a minute on two cores)"
obj="$work/obj"; rm -rf "$obj"; mkdir -p "$obj"
export obj
(cd "$t" && ls *.cxx unit/*.cxx) | (cd "$t" && xargs -P "$(nproc)" -I{} sh -c \
  'g++ -std=c++17 -O0 -w -I/usr/include/postgresql -c "{}" -o "$obj/$(echo "{}" | tr / _).o" || { echo "compile error: {}" >&2; exit 255; }') \
  || die "compiling the tests"
g++ -o "$bin/legacy-runner.tmp" "$obj"/runner.cxx.o "$obj"/test[0-9]*.cxx.o -lpqxx -lpq || die "linking legacy-runner"
g++ -o "$bin/unit-runner.tmp" "$obj"/unit_*.cxx.o -lpqxx -lpq || die "linking unit-runner"
# each test's name, as PQXX_REGISTER_TEST gives it, with the runner that has it
{
  grep -ho 'PQXX_REGISTER_TEST([a-z_0-9]*)' "$t"/test[0-9]*.cxx | sed 's/.*(\(.*\))/legacy-runner \1/'
  grep -ho 'PQXX_REGISTER_TEST([a-z_0-9]*)' "$t"/unit/test_*.cxx | sed 's/.*(\(.*\))/unit-runner \1/'
} | sort -u > "$bin/tests.txt.tmp"
[ -s "$bin/tests.txt.tmp" ] || die "found no PQXX_REGISTER_TEST in the sources"
mv "$bin/legacy-runner.tmp" "$bin/legacy-runner"; mv "$bin/unit-runner.tmp" "$bin/unit-runner"; mv "$bin/tests.txt.tmp" "$bin/tests.txt"
rm -rf "$obj"
log "built $(wc -l < "$bin/tests.txt") tests of $srcpkg $version in $bin"
echo "$bin"
