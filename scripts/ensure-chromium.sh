#!/usr/bin/env bash
# Makes sure the system Chromium (and fonts for Thai, Lao and emoji: the prize wheel's labels) exist for the browser tests.
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

has_emoji_font() {
  dpkg-query -W -f='${Status}' fonts-noto-color-emoji 2>/dev/null | grep -q 'install ok installed'
}

missing=()
[[ -x "$CHROMIUM_PATH" ]] || missing+=(chromium)
has_fonts || missing+=(fonts-noto-core)
[[ ${#missing[@]} -eq 0 ]] && has_emoji_font && exit 0
can_install() { [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; }
# The emoji font only makes the review screenshots true to a phone: installed when we can, never required.
if [[ ${#missing[@]} -eq 0 ]] && ! can_install; then
  echo "Note: fonts-noto-color-emoji is not installed; emoji in screenshots show as boxes." >&2
  exit 0
fi
has_emoji_font || missing+=(fonts-noto-color-emoji)

if ! can_install; then
  {
    echo "The browser tests need: ${missing[*]} (looked for Chromium at $CHROMIUM_PATH)."
    echo "Install on Debian/Ubuntu:  sudo apt-get install -y chromium fonts-noto-core fonts-noto-color-emoji"
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
