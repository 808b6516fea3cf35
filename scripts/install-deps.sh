#!/usr/bin/env bash
# Installs the Debian packages in scripts/debian-packages.txt that are missing (nothing when all are present).
# With --test also the ones listed after its "test only" line (the PostgreSQL server the tests start), the Python
# packages the compatibility tests drive (aiolinkding, linkding-cli, and feedparser for the podcast feed), tinycss2
# (the CSS parser scripts/lint-assets.py checks the web app's style sheets with) and axe-core for the accessibility
# browser tests (scripts/fetch-axe.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
with_test=0
[ "${1:-}" = "--test" ] && with_test=1
# Every package name, up to the "# test only" line unless --test.
mapfile -t wanted < <(awk -v test="$with_test" '/^# test only/ { if (!test) exit } !/^[[:space:]]*(#|$)/ { print $1 }' "$here/debian-packages.txt")
missing=()
for pkg in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if [ "${1:-}" = "--test" ]; then
  python3 - <<'PY' || python3 -m pip install -q --disable-pip-version-check aiolinkding 'linkding-cli==2024.9.0' 'click<8.2' 'feedparser==6.0.*' 'tinycss2==1.5.*'
import importlib.util, sys
sys.exit(0 if all(importlib.util.find_spec(name) for name in ("aiolinkding", "linkding_cli", "feedparser", "tinycss2")) else 1)
PY
  "$here/fetch-axe.sh"
fi
