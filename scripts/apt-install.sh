# Sourced by the ensure-* scripts; not run on its own.
#
# apt_install HINT PACKAGE...: installs Debian packages with apt-get, as root, refreshing the
# package lists once when the first try fails (a fresh machine may have none yet). When it cannot,
# it calls the sourcing script's give_up with the reason; HINT says what to do by hand on a system
# without apt-get.
apt_install() {
  local hint="$1"
  shift
  if ! command -v apt-get >/dev/null 2>&1; then
    give_up "no apt-get to install $*: $hint"
  fi
  if [ "$(id -u)" -ne 0 ]; then
    give_up "installing $* needs root: sudo apt-get install $*"
  fi
  local name="${0##*/}"
  echo "${name%.sh}: installing Debian's $*"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -qq --no-install-recommends "$@" >/dev/null &&
    ! { apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends "$@" >/dev/null; }; then
    give_up "apt-get could not install $*"
  fi
}
