#!/usr/bin/env bash
# Makes sure the Doc Link viewer's end-to-end test (packages/server/test/viewer/viewer.e2e.test.ts)
# has a browser to drive: Debian's `chromium` at /usr/bin/chromium, or the one PDFX_CHROMIUM names.
# As root on a system with apt-get, installs the package; otherwise says why it cannot. Without a
# browser the test skips, unless PDFX_REQUIRE_SERVICES=1, which makes this script fail instead.
set -euo pipefail
# shellcheck source=scripts/apt-install.sh
source "$(dirname "$0")/apt-install.sh"

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
apt_install "no $chromium; install Chromium and set PDFX_CHROMIUM" chromium
if [ ! -x "$chromium" ]; then
  give_up "chromium was installed, but not at $chromium"
fi
echo "ensure-chromium: installed $("$chromium" --version 2>/dev/null || echo "$chromium")"
