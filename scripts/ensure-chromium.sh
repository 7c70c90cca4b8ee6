#!/usr/bin/env bash
# Makes sure the system Chromium (and fonts for Thai and Lao) exist for the browser tests.
# Playwright never downloads a browser here: it drives CHROMIUM_PATH (default /usr/bin/chromium).
set -euo pipefail

CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

has_fonts() {
  if command -v fc-list >/dev/null 2>&1; then
    fc-list :lang=th family | grep -q . && fc-list :lang=lo family | grep -q .
  else
    dpkg-query -W -f='${Status}' fonts-noto-core 2>/dev/null | grep -q 'install ok installed'
  fi
}

missing=()
[[ -x "$CHROMIUM_PATH" ]] || missing+=(chromium)
has_fonts || missing+=(fonts-noto-core)
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ "$(id -u)" -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
  {
    echo "The browser tests need: ${missing[*]} (looked for Chromium at $CHROMIUM_PATH)."
    echo "Install on Debian/Ubuntu:  sudo apt-get install -y chromium fonts-noto-core"
    echo "or point CHROMIUM_PATH at an existing Chromium or Chrome binary."
  } >&2
  exit 1
fi

echo "Installing ${missing[*]} with apt-get…" >&2
apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null

if [[ ! -x "$CHROMIUM_PATH" ]]; then
  echo "Chromium was installed but $CHROMIUM_PATH does not exist; set CHROMIUM_PATH to the installed binary." >&2
  exit 1
fi
