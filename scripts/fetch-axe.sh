#!/usr/bin/env bash
# Fetches axe-core (MPL-2.0) for the accessibility browser tests. It ships inside the PyPI package
# axe-selenium-python 3.0.0 (axe-core 4.10.2; the wheel is pure Python but says Requires-Python >= 3.12, so
# pip is asked for a 3.12 wheel whatever python3 is here); this script downloads that wheel with pip, checks its sha256,
# unpacks only axe.min.js, checks that too, and installs it atomically as
#   ${MARKS_AXE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/marks/axe}/axe.min.js
# where WebDriver+Axe.swift looks for it. Idempotent; the file is never committed.
set -euo pipefail

PACKAGE="axe-selenium-python"
VERSION="3.0.0"
WHEEL="axe_selenium_python-${VERSION}-py3-none-any.whl"
WHEEL_SHA256="847e3925861133a523609ff27d0fef387e7588a26f23a27c208a30682b8e9240"
MEMBER="axe_selenium_python/node_modules/axe-core/axe.min.js"
AXE_SHA256="b511cd9dec01c76f4b2ad1723b66b6db37d4c2eb4ed199076e1829d9ee7b75e3"
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
"$PYTHON" -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: --python-version 3.12 \
    "${PACKAGE}==${VERSION}" -d "$work" \
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
