#!/bin/bash
# Regenerates scripts/marks.order, the order in which `make release` lays out the functions of `marks`
# (docs/notes/performance.md, "Seventh round"). It profiles a release `marks serve` under valgrind's callgrind while it
# starts on 100,000 generated bookmarks, answers every kind of API search, a sync page and every web page, and writes
# the mangled names of the functions in `marks` that ran, in the order callgrind first met them.
#
# usage: scripts/profile-order.sh [BINARY]   (default .build/release/marks; needs valgrind, curl and python3)
# Takes about five minutes. Run it again after large changes to the server's code: names that no longer exist are
# skipped by the linker, and functions missing from the list only cost memory, never correctness.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/release/marks}")
for tool in valgrind curl python3; do
    command -v "$tool" >/dev/null || { echo "profile-order: $tool is not installed (apt-get install $tool)" >&2; exit 1; }
done
[ -x "$binary" ] || { echo "profile-order: no $binary (make release first)" >&2; exit 1; }

work=$(mktemp -d)
server=
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export HOME=$work XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/share XDG_CACHE_HOME=$work/cache
data=$work/data

# 100,000 bookmarks in a Netscape file, the same every run: words the benchmark's searches ask for among others.
python3 - "$work/bookmarks.html" <<'PY'
import random, sys
random.seed(15)
words = ("server editor terminal python linux rust swift network graph database cache queue parser compiler kernel "
         "browser image audio video archive backup shell script library widget font theme window desktop mobile "
         "machine learning model search index sync import export format reader feed podcast voice note paper").split()
tags = "python linux rust web tools net docs science audio reading".split()
with open(sys.argv[1], "w") as out:
    out.write("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n")
    for i in range(100_000):
        title = " ".join(random.choice(words) for _ in range(random.randint(2, 6)))
        notes = " ".join(random.choice(words) for _ in range(random.randint(5, 20)))
        chosen = ",".join(random.sample(tags, random.randint(0, 3)))
        out.write(f'<DT><A HREF="https://example.org/{i}/{title.replace(" ", "-")}" ADD_DATE="{1600000000 + i * 60}" '
                  f'TAGS="{chosen}">{title}</A>\n<DD>{notes}\n')
    out.write("</DL><p>\n")
PY
"$binary" import "$work/bookmarks.html" --data "$data" >/dev/null

port() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['port'])" "$data/serve.json"; }
wait_for_server() {
    for _ in $(seq 1 900); do [ -f "$data/serve.json" ] && return 0; sleep 1; done
    echo "profile-order: the server did not start" >&2; exit 1
}

# A first, plain run brings the store's indexes up to date, so the profile sees a server at rest rather than one
# catching up (which callgrind would make take many minutes).
"$binary" serve --data "$data" --port 0 >"$work/serve.log" 2>&1 & server=$!
wait_for_server
sleep 10
kill "$server"; wait "$server" 2>/dev/null || true; server=
rm -f "$data/serve.json"

token=$("$binary" token --data "$data" 2>/dev/null | tail -1)
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/callgrind.out" --dump-line=no --dump-instr=no \
    --compress-strings=no --compress-pos=no "$binary" serve --data "$data" --port 0 >"$work/profile.log" 2>&1 & server=$!
wait_for_server
sleep 20
base=http://127.0.0.1:$(port)
api() { curl -s -o /dev/null -H "Authorization: Token $token" "$base$1"; }
for query in "limit=20" "limit=20&q=server" "limit=20&q=kernel" "limit=20&q=%22machine%20learning%22" \
    "limit=20&q=%23python" "limit=20&q=server%20and%20%23linux" "limit=20&q=editor%20or%20terminal" \
    "limit=100&offset=50000" "limit=1000"; do
    for _ in 1 2 3; do api "/api/bookmarks/?$query"; done
done
api "/api/bookmarks/archived/?limit=20"; api "/api/tags/?limit=100"; api "/api/bookmarks/1/"

link=$("$binary" signin-link --data "$data" 2>/dev/null | grep -o 'http[^ ]*' | tail -1)
jar=$work/cookies
curl -s -o /dev/null -c "$jar" -b "$jar" -L "$link"
for page in / "/?q=server" "/?q=%23python" /tags "/search?q=editor" /bookmarks/1 /bookmarks/1/edit /bookmarks/1/read \
    /trash /collections /add /settings /more /podcasts /sources /ask "/bookmarks/page?offset=20" /healthz; do
    for _ in 1 2; do curl -s -o /dev/null -c "$jar" -b "$jar" "$base$page"; done
done
for asset in $(curl -s -c "$jar" -b "$jar" "$base/" | grep -oE '(src|href)="/[^"]*\.(js|css|svg|png|webmanifest)[^"]*"' \
    | sed -E 's/.*="([^"]*)"/\1/' | sort -u); do
    curl -s -o /dev/null -c "$jar" -b "$jar" "$base$asset"
    curl -s -o /dev/null -H "Accept-Encoding: gzip" -c "$jar" -b "$jar" "$base$asset"
done
kill "$server"; wait "$server" 2>/dev/null || true; server=

# The functions of `marks` itself (not of the C libraries it loads), first seen first; callgrind names code it has no
# symbol for by address, and those are left out.
python3 - "$work/callgrind.out" "$binary" > scripts/marks.order <<'PY'
import os, sys
profile, binary = sys.argv[1], sys.argv[2]
names, seen, object_name = [], set(), None
for line in open(profile, errors="replace"):
    if line.startswith("ob="):
        object_name = line[3:].strip()
    elif line.startswith("fn=") and os.path.realpath(object_name) == binary:
        name = line[3:].strip()
        if name not in seen and not name.startswith("0x"):
            seen.add(name)
            names.append(name)
print("\n".join(names))
PY
echo "profile-order: $(wc -l < scripts/marks.order) functions in scripts/marks.order"
# SwiftPM does not know the linker reads this file, so a build with an unchanged source would keep the old layout.
rm -f .build/release/marks .build/release/marks-bench
echo "profile-order: make release links the programs again in the new order"
