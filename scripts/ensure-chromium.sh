#!/usr/bin/env bash
# Makes sure the Doc Link viewer's end-to-end test (packages/server/test/viewer/viewer.e2e.test.ts)
# has a browser to drive: Debian's `chromium` at /usr/bin/chromium, or the one PDFX_CHROMIUM names.
# As root on a system with apt-get, installs the package; otherwise says why it cannot. Without a
# browser the test skips, unless PDFX_REQUIRE_SERVICES=1, which makes this script fail instead.
set -euo pipefail

chromium="${PDFX_CHROMIUM:-/usr/bin/chromium}"

give_up() {
  echo "ensure-chromium: $1" >&2
  if [ "${PDFX_REQUIRE_SERVICES:-}" = "1" ]; then
    echo "ensure-chromium: PDFX_REQUIRE_SERVICES=1, so the viewer test must not skip" >&2
    exit 1
  fi
  echo "ensure-chromium: the viewer's browser test will be skipped" >&2
  exit 0
}

if [ -x "$chromium" ]; then
  echo "ensure-chromium: using $chromium"
  exit 0
fi
if [ -n "${PDFX_CHROMIUM:-}" ]; then
  give_up "PDFX_CHROMIUM=$chromium is not an executable file"
fi
if ! command -v apt-get >/dev/null 2>&1; then
  give_up "no $chromium and no apt-get to install it; install Chromium and set PDFX_CHROMIUM"
fi
if [ "$(id -u)" -ne 0 ]; then
  give_up "no $chromium, and installing it needs root: sudo apt-get install chromium"
fi

echo "ensure-chromium: installing Debian's chromium package"
export DEBIAN_FRONTEND=noninteractive
install_chromium() { apt-get install -y -qq --no-install-recommends chromium >/dev/null; }
# A fresh machine may have no package lists yet: refresh them once, then try again.
if ! install_chromium && ! { apt-get update -qq >/dev/null && install_chromium; }; then
  give_up "apt-get could not install chromium"
fi
if [ ! -x "$chromium" ]; then
  give_up "chromium was installed, but not at $chromium"
fi
echo "ensure-chromium: installed $("$chromium" --version 2>/dev/null || echo "$chromium")"
