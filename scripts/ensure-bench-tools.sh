#!/usr/bin/env bash
# Makes sure `pnpm bench:compare` (bench/src/compare.ts) finds the tools that are not npm packages:
# poppler's `pdftotext` (Debian's poppler-utils) and a Java runtime, 11 or later, for the JAR inside
# the @opendataloader/pdf package. As root on a system with apt-get, installs what is missing;
# otherwise says why it cannot. The comparison skips a missing tool and prints why, unless
# PDFX_REQUIRE_BENCH_TOOLS=1, which makes this script fail instead.
set -euo pipefail
# shellcheck source=scripts/apt-install.sh
source "$(dirname "$0")/apt-install.sh"

missing=()

give_up() {
  echo "ensure-bench-tools: $1" >&2
  if [ "${PDFX_REQUIRE_BENCH_TOOLS:-}" = "1" ]; then
    echo "ensure-bench-tools: PDFX_REQUIRE_BENCH_TOOLS=1, so no tool may be skipped" >&2
    exit 1
  fi
  echo "ensure-bench-tools: bench:compare will skip ${missing[*]}" >&2
  exit 0
}

# Major version of the `java` on PATH (8 for "1.8.0_402", 17 for "17.0.15"), or 0 without one.
java_major() {
  if ! command -v java >/dev/null 2>&1; then
    echo 0
    return
  fi
  local version
  version="$(java -version 2>&1 | sed -n 's/.*version "\([^"]*\)".*/\1/p' | head -n 1)"
  case "$version" in
    1.*) echo "$version" | cut -d. -f2 ;;
    "") echo 0 ;;
    *) echo "$version" | cut -d. -f1 ;;
  esac
}

packages=()
if command -v pdftotext >/dev/null 2>&1; then
  echo "ensure-bench-tools: using $(command -v pdftotext) ($(pdftotext -v 2>&1 | head -n 1))"
else
  missing+=(pdftotext)
  packages+=(poppler-utils)
fi
if [ "$(java_major)" -ge 11 ]; then
  echo "ensure-bench-tools: using $(command -v java) ($(java -version 2>&1 | head -n 1))"
else
  missing+=(opendataloader)
  packages+=(default-jre-headless)
fi
if [ "${#packages[@]}" -eq 0 ]; then
  exit 0
fi

apt_install "install poppler's pdftotext and Java 11+ yourself" "${packages[@]}"

missing=()
command -v pdftotext >/dev/null 2>&1 || missing+=(pdftotext)
[ "$(java_major)" -ge 11 ] || missing+=(opendataloader)
if [ "${#missing[@]}" -gt 0 ]; then
  give_up "installed ${packages[*]}, but still missing: ${missing[*]}"
fi
echo "ensure-bench-tools: installed ${packages[*]}"
