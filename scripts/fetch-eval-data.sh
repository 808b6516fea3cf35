#!/usr/bin/env bash
# Gets the labelled texts the offline AI engine is measured on (MarksEngine's QualityReport and the
# quality tests), without installing anything:
#   - Reuters-21578 in XML from Debian's r-cran-tm (20 "crude" + 50 "acq" articles; no R needed)
#     into  ${XDG_CACHE_HOME:-~/.cache}/marks/eval/reuters/{crude,acq}/*.xml
#   - the categorised fortune files from Debian's fortunes + fortunes-min (category = file name)
#     into  ${XDG_CACHE_HOME:-~/.cache}/marks/eval/fortunes/<category>
#   - Debian's package metadata (the tag evaluation's labelled corpus: name, source, section, debtags and the
#     short description of every package that has debtags), read from this machine's apt lists
#     (/var/lib/apt/lists/*_Packages.lz4 through lz4, else `apt-cache dumpavail`), one package per line:
#     package<TAB>source<TAB>section<TAB>debtags (comma-separated)<TAB>description
#     into  ${XDG_CACHE_HOME:-~/.cache}/marks/eval/debian/packages.tsv
#   - the finding evaluation's library (marks-bench section `finding`, Evaluation/finding/): every package of the main
#     archive with its long description, which lives in Debian's Translation-en files (this machine's apt config may
#     skip them; `apt-get update` into a private lists folder fetches them without touching the system's lists),
#     one package per line: package<TAB>section<TAB>debtags (comma-separated)<TAB>short description<TAB>long
#     description (its paragraphs joined by a literal \n, the lines of a paragraph by spaces)
#     into  ${XDG_CACHE_HOME:-~/.cache}/marks/eval/debian/corpus.tsv
#   - real articles with text to archive: the HTML documentation of python3.11-doc (apt-get download, dpkg-deb -x,
#     nothing installed), its library reference and HOWTOs
#     into  ${XDG_CACHE_HOME:-~/.cache}/marks/eval/articles/python/{library,howto,...}/*.html
# Idempotent: does nothing when the data is already there. The data is never committed.
set -euo pipefail

eval_dir="${XDG_CACHE_HOME:-$HOME/.cache}/marks/eval"
reuters_dir="$eval_dir/reuters"
fortunes_dir="$eval_dir/fortunes"
debian_file="$eval_dir/debian/packages.tsv"
corpus_file="$eval_dir/debian/corpus.tsv"
articles_dir="$eval_dir/articles/python"

count_files() { find "$1" -maxdepth 1 -type f -name "$2" 2>/dev/null | wc -l; }

have_reuters() {
  [ "$(count_files "$reuters_dir/crude" '*.xml')" -ge 20 ] && [ "$(count_files "$reuters_dir/acq" '*.xml')" -ge 50 ]
}
have_fortunes() {
  [ -f "$fortunes_dir/computers" ] && [ -f "$fortunes_dir/fortunes" ] && [ "$(count_files "$fortunes_dir" '*')" -ge 20 ]
}

have_debian() {
  [ -f "$debian_file" ] && [ "$(wc -l < "$debian_file")" -ge 5000 ]
}

have_corpus() {
  [ -f "$corpus_file" ] && [ "$(wc -l < "$corpus_file")" -ge 50000 ]
}
have_articles() {
  [ "$(count_files "$articles_dir/library" '*.html')" -ge 200 ]
}

if have_reuters && have_fortunes && have_debian && have_corpus && have_articles; then
  echo "evaluation data present in $eval_dir"
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"

# Downloads Debian packages into $work (no installation). Refreshes the package lists once if needed.
download() {
  if ! (cd "$work" && apt-get download "$@" >/dev/null 2>"$work/apt.err"); then
    echo "apt-get download $* failed; refreshing the package lists and retrying" >&2
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    (cd "$work" && apt-get download "$@" >/dev/null) || {
      cat "$work/apt.err" >&2
      echo "could not download $* (no network or no Debian mirror?)" >&2
      exit 1
    }
  fi
}

if ! have_reuters; then
  download r-cran-tm
  mkdir -p "$work/tm"
  dpkg-deb -x "$work"/r-cran-tm_*.deb "$work/tm"
  texts="$(find "$work/tm" -type d -path '*/tm/texts' | head -n 1)"
  [ -n "$texts" ] && [ -d "$texts/crude" ] && [ -d "$texts/acq" ] || {
    echo "r-cran-tm has no texts/crude and texts/acq folders" >&2
    exit 1
  }
  for topic in crude acq; do
    mkdir -p "$reuters_dir/$topic.partial"
    cp "$texts/$topic"/*.xml "$reuters_dir/$topic.partial/"
    rm -rf "${reuters_dir:?}/$topic"
    mv "$reuters_dir/$topic.partial" "$reuters_dir/$topic"
  done
  echo "Reuters: $(count_files "$reuters_dir/crude" '*.xml') crude, $(count_files "$reuters_dir/acq" '*.xml') acq -> $reuters_dir"
fi

if ! have_fortunes; then
  download fortunes fortunes-min
  mkdir -p "$work/fortunes"
  for deb in "$work"/fortunes_*.deb "$work"/fortunes-min_*.deb; do
    dpkg-deb -x "$deb" "$work/fortunes"
  done
  source_dir="$work/fortunes/usr/share/games/fortunes"
  [ -d "$source_dir" ] || { echo "the fortunes packages have no usr/share/games/fortunes" >&2; exit 1; }
  rm -rf "$fortunes_dir.partial"
  mkdir -p "$fortunes_dir.partial"
  # The categorised text files only: not the .dat indexes, not the .u8 links.
  find "$source_dir" -maxdepth 1 -type f ! -name '*.dat' ! -name '*.u8' -exec cp {} "$fortunes_dir.partial/" \;
  rm -rf "$fortunes_dir"
  mv "$fortunes_dir.partial" "$fortunes_dir"
  echo "fortunes: $(count_files "$fortunes_dir" '*') categories -> $fortunes_dir"
fi

if ! have_debian; then
  mkdir -p "$(dirname "$debian_file")"
  # The Packages stanzas of the main archive (not -updates or -security: those repeat a few packages).
  packages_stream() {
    local lists
    lists="$(find /var/lib/apt/lists -maxdepth 1 -name '*_dists_*_main_binary-*_Packages*' ! -name '*-updates_*' ! -name '*-security_*' 2>/dev/null | head -n 1)"
    case "$lists" in
      *.lz4) command -v lz4 >/dev/null && { lz4 -dc "$lists"; return; } ;;
      *.gz) zcat "$lists"; return ;;
      *.xz) xzcat "$lists"; return ;;
      *Packages) cat "$lists"; return ;;
    esac
    apt-cache dumpavail
  }
  # Stanzas to one line each; continuation lines of Tag: joined; only packages with debtags.
  packages_stream | awk -v OFS='\t' '
    function flush() {
      if (pkg != "" && tags != "") {
        gsub(/[ \t]+/, "", tags); gsub(/\t/, " ", desc)
        print pkg, (src == "" ? pkg : src), section, tags, desc
      }
      pkg = ""; src = ""; section = ""; tags = ""; desc = ""; field = ""
    }
    /^$/ { flush(); next }
    /^[ \t]/ { if (field == "Tag") tags = tags $0; next }
    {
      field = substr($0, 1, index($0, ":") - 1); value = substr($0, index($0, ":") + 2)
      if (field == "Package") pkg = value
      else if (field == "Source") { sub(/ .*/, "", value); src = value }
      else if (field == "Section") section = value
      else if (field == "Tag") tags = value
      else if (field == "Description") desc = value
    }
    END { flush() }' > "$debian_file.partial"
  mv "$debian_file.partial" "$debian_file"
  echo "Debian packages with debtags: $(wc -l < "$debian_file") -> $debian_file"
fi

if ! have_corpus; then
  # A private lists folder: `apt-get update` there fetches the Translation-en files too, and the system's lists stay as
  # they are. The sources are the system's own.
  lists="$work/lists"
  mkdir -p "$lists/partial"
  apt-get -qq -o Acquire::Languages=en -o Dir::State::Lists="$lists" update >/dev/null 2>"$work/update.err" || {
    cat "$work/update.err" >&2
    echo "apt-get update into $lists failed (no network or no Debian mirror?)" >&2
    exit 1
  }
  packages="$(find "$lists" -maxdepth 1 -name '*_dists_bookworm_main_binary-*_Packages*' | head -n 1)"
  translations="$(find "$lists" -maxdepth 1 -name '*_dists_bookworm_main_i18n_Translation-en*' | head -n 1)"
  [ -n "$packages" ] && [ -n "$translations" ] || {
    echo "no bookworm main Packages and Translation-en in the fetched lists: $(ls "$lists")" >&2
    exit 1
  }
  unpack() {
    case "$1" in
      *.lz4) lz4 -dc "$1" ;; *.gz) zcat "$1" ;; *.xz) xzcat "$1" ;; *) cat "$1" ;;
    esac
  }
  unpack "$packages" > "$work/Packages"
  unpack "$translations" > "$work/Translation-en"
  python3 - "$work/Packages" "$work/Translation-en" > "$corpus_file.partial" <<'PY'
import sys

def stanzas(path):
    """Each stanza as {field: value}, continuation lines kept with their newline."""
    fields, last = {}, None
    with open(path, encoding="utf-8", errors="replace") as stream:
        for line in stream:
            line = line.rstrip("\n")
            if not line:
                if fields:
                    yield fields
                fields, last = {}, None
            elif line[0] in " \t" and last:
                fields[last] += "\n" + line
            elif ":" in line:
                last, value = line.split(":", 1)
                fields[last] = value.strip()
    if fields:
        yield fields

def long_text(lines):
    """A long description's lines as paragraphs ("." lines split them), joined by a literal \\n."""
    paragraphs, current = [], []
    for line in lines:
        line = line.strip()
        if line == ".":
            if current:
                paragraphs.append(" ".join(current))
            current = []
        elif line:
            current.append(line)
    if current:
        paragraphs.append(" ".join(current))
    return "\\n".join(p.replace("\t", " ") for p in paragraphs)

descriptions = {}
for stanza in stanzas(sys.argv[2]):
    text = stanza.get("Description-en", "")
    short, _, rest = text.partition("\n")
    descriptions[(stanza.get("Package"), stanza.get("Description-md5"))] = (short.strip(), long_text(rest.split("\n")))
seen = set()
for stanza in stanzas(sys.argv[1]):
    name = stanza.get("Package")
    if not name or name in seen:
        continue
    seen.add(name)
    short, long = descriptions.get((name, stanza.get("Description-md5")), (stanza.get("Description", ""), ""))
    tags = "".join(stanza.get("Tag", "").split())
    print("\t".join([name, stanza.get("Section", ""), tags, short.replace("\t", " "), long]))
PY
  mv "$corpus_file.partial" "$corpus_file"
  echo "Debian packages with long descriptions: $(wc -l < "$corpus_file") -> $corpus_file"
fi

if ! have_articles; then
  download python3.11-doc
  mkdir -p "$work/pydoc"
  dpkg-deb -x "$work"/python3.11-doc_*.deb "$work/pydoc"
  html="$(find "$work/pydoc" -type d -path '*/python3.11/html' | head -n 1)"
  [ -n "$html" ] && [ -d "$html/library" ] || { echo "python3.11-doc has no html/library folder" >&2; exit 1; }
  rm -rf "$articles_dir.partial"
  mkdir -p "$articles_dir.partial"
  # The pages only (the articles the evaluation saves); not the style sheets, scripts, images or search index.
  for part in library howto tutorial faq using; do
    mkdir -p "$articles_dir.partial/$part"
    find "$html/$part" -maxdepth 1 -name '*.html' -exec cp -L {} "$articles_dir.partial/$part/" \;
  done
  rm -rf "$articles_dir"
  mkdir -p "$(dirname "$articles_dir")"
  mv "$articles_dir.partial" "$articles_dir"
  echo "Python 3.11 documentation: $(find "$articles_dir" -name '*.html' | wc -l) pages -> $articles_dir"
fi
