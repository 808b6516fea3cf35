#!/usr/bin/env bash
# Fetches axe-core (MPL-2.0) for the accessibility browser tests. It ships inside the PyPI package
# axe-selenium-python 2.1.6 (axe-core 3.1); this script downloads that wheel with pip, checks its sha256,
# unpacks only axe.min.js, checks that too, and installs it atomically as
#   ${MARKS_AXE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/marks/axe}/axe.min.js
# where WebDriver+Axe.swift looks for it. Idempotent; the file is never committed.
set -euo pipefail

PACKAGE="axe-selenium-python"
VERSION="2.1.6"
WHEEL="axe_selenium_python-${VERSION}-py2.py3-none-any.whl"
WHEEL_SHA256="21d10014c0bc3c999c1bfab54b9ef6a5d67f200ffca3db3629e0b315b3f1f136"
MEMBER="axe_selenium_python/node_modules/axe-core/axe.min.js"
AXE_SHA256="dcb58787f63d8908b82413b54099aa4a832e618432b33b8b1e11a9c43cf93ad5"
TARGET="${MARKS_AXE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/marks/axe}"
PYTHON="${PYTHON:-python3}"

die() { echo "fetch-axe: $*" >&2; exit 1; }
sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

if [[ -f "$TARGET/axe.min.js" && "$(sha256_of "$TARGET/axe.min.js")" == "$AXE_SHA256" ]]; then
    exit 0
fi
command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON is missing"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$PYTHON" -m pip download -q --disable-pip-version-check --no-deps "${PACKAGE}==${VERSION}" -d "$work" \
    || die "pip could not download ${PACKAGE}==${VERSION}"
[[ -f "$work/$WHEEL" ]] || die "pip did not produce $WHEEL"
[[ "$(sha256_of "$work/$WHEEL")" == "$WHEEL_SHA256" ]] || die "$WHEEL has an unexpected sha256"
"$PYTHON" - "$work/$WHEEL" "$MEMBER" "$work/axe.min.js" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, open(sys.argv[3], "wb") as out:
    out.write(wheel.read(sys.argv[2]))
PY
[[ "$(sha256_of "$work/axe.min.js")" == "$AXE_SHA256" ]] || die "axe.min.js has an unexpected sha256"
mkdir -p "$TARGET"
mv -f "$work/axe.min.js" "$TARGET/.axe.min.js.tmp"
mv -f "$TARGET/.axe.min.js.tmp" "$TARGET/axe.min.js"
echo "fetch-axe: installed axe-core at $TARGET/axe.min.js"
