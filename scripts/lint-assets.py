#!/usr/bin/env python3
"""Checks the web app's asset files with real parsers; `make test` runs it before the Swift tests.

Every `.js` file goes through `node --check` (Debian's nodejs), every `.css` file through tinycss2 (PyPI; a CSS
Syntax Level 3 parser), every `.webmanifest` through Python's JSON parser. The bundles, files with `@include` lines
(see WebAssetFiles.swift), are checked again as put together, since parts that parse alone may not parse as one
(a name declared twice in one scope). CSS error recovery keeps going where a browser would drop a rule, so beside
tinycss2's own errors this reports a bracket never closed or closed twice, a declaration without a value and a
block without a selector. Fails, naming file:line:column, on any error.

usage: lint-assets.py [DIR]   (default: Sources/Shells/MarksServer/Web/Assets)
"""
import json
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "Sources" / "Shells" / "MarksServer" / "Web" / "Assets"
INCLUDE = re.compile(r"^\s*(?://\s*@include\s+(\S+)|/\*\s*@include\s+(\S+)\s*\*/)\s*$")


def included(line):
    match = INCLUDE.match(line)
    return (match.group(1) or match.group(2)) if match else None


def bundle(folder, name, seen=()):
    """The file with its @include lines replaced, as WebAssetFiles.bundle does, and the problems found doing it."""
    text, problems = (folder / name).read_text(encoding="utf-8"), []
    lines = text[:-1].split("\n") if text.endswith("\n") else text.split("\n")
    out = []
    for number, line in enumerate(lines, 1):
        part = included(line)
        if part is None:
            out.append(line)
        elif part in seen or part == name:
            problems.append(f"{name}:{number}: includes {part}, which includes it back")
            out.append(line)  # a comment: the rest is still checked
        elif not (folder / part).is_file():
            problems.append(f"{name}:{number}: includes {part}, which is no file of {folder}")
            out.append(line)
        else:
            inner, inner_problems = bundle(folder, part, seen + (name,))
            out.append(inner)
            problems += inner_problems
    return "\n".join(out) + "\n", problems


def css_problems(text):
    """(line, column, message) for each syntax error in a style sheet."""
    import tinycss2
    problems = []

    def walk_tokens(tokens):
        for token in tokens or []:
            if token.type == "error":
                problems.append((token.source_line, token.source_column, f"{token.kind}: {token.message}"))
            for attribute in ("content", "arguments"):
                if isinstance(getattr(token, attribute, None), list):
                    walk_tokens(getattr(token, attribute))

    def meaningful(tokens):
        return [token for token in tokens if token.type not in ("whitespace", "comment")]

    def walk_items(items, top):
        for item in items:
            if item.type == "error":
                problems.append((item.source_line, item.source_column, f"{item.kind}: {item.message}"))
            elif item.type == "declaration":
                if top:
                    problems.append((item.source_line, item.source_column, f"declaration {item.name} outside a rule"))
                if not meaningful(item.value):
                    problems.append((item.source_line, item.source_column, f"declaration {item.name} has no value"))
                walk_tokens(item.value)
            elif item.type in ("qualified-rule", "at-rule"):
                walk_tokens(item.prelude)
                if item.type == "qualified-rule" and not meaningful(item.prelude):
                    problems.append((item.source_line, item.source_column, "a block without a selector"))
                if item.content is not None:
                    walk_items(tinycss2.parse_blocks_contents(item.content, skip_comments=True, skip_whitespace=True), False)

    walk_items(tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True), True)
    # CSS error recovery closes whatever is still open at the end of the file, so to the parser an unclosed bracket
    # is no error; here it is. Comments and strings are blanked first (keeping lines and columns).
    code = re.sub(r'/\*.*?\*/|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'',
                  lambda match: re.sub(r"[^\n]", " ", match.group(0)), text, flags=re.S)
    pairs, stack = {"}": "{", ")": "(", "]": "["}, []

    def where(index):
        return code.count("\n", 0, index) + 1, index - code.rfind("\n", 0, index)

    for index, char in enumerate(code):
        if char in "{([":
            stack.append((char, index))
        elif char in pairs:
            if not stack or stack[-1][0] != pairs[char]:
                problems.append((*where(index), f"{char} closes nothing open"))
                break
            stack.pop()
    else:
        if stack:
            problems.append((*where(stack[-1][1]), f"{stack[-1][0]} is never closed"))
    return sorted(set(problems))


def node_check(label, path):
    """`node --check` of one script: the error it prints, with `label` for the path, or None."""
    result = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True)
    if result.returncode == 0:
        return None
    lines = [line for line in result.stderr.strip().splitlines() if line.strip() and not line.startswith("Node.js v")]
    first = lines[0].replace(str(path), label) if lines else f"{label}: node --check exited {result.returncode}"
    return "\n    ".join([first] + lines[1:4])


def main():
    folder = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else DEFAULT
    if shutil.which("node") is None:
        sys.exit("lint-assets: node is not installed (scripts/install-deps.sh --test installs Debian's nodejs)")
    try:
        import tinycss2  # noqa: F401
    except ImportError:
        sys.exit("lint-assets: the Python package tinycss2 is not installed (scripts/install-deps.sh --test installs it)")
    files = sorted(path for path in folder.iterdir() if path.suffix in (".js", ".css", ".webmanifest"))
    problems, scripts = [], []
    work = Path(tempfile.mkdtemp(prefix="lint-assets-"))
    try:
        for path in files:
            text = path.read_text(encoding="utf-8")
            is_bundle = any(included(line) for line in text.splitlines())
            whole, bundle_problems = bundle(folder, path.name) if is_bundle else (text, [])
            problems += bundle_problems
            if path.suffix == ".js":
                scripts.append((path.name, path))
                if is_bundle:
                    copy = work / f"bundle-{path.name}"
                    copy.write_text(whole, encoding="utf-8")
                    scripts.append((f"{path.name} (with its parts)", copy))
            elif path.suffix == ".css":
                for line, column, message in css_problems(text):
                    problems.append(f"{path.name}:{line}:{column}: {message}")
                if is_bundle:
                    for line, column, message in css_problems(whole):
                        problems.append(f"{path.name} (with its parts):{line}:{column}: {message}")
            else:
                try:
                    json.loads(text)
                except json.JSONDecodeError as error:
                    problems.append(f"{path.name}:{error.lineno}:{error.colno}: {error.msg}")
        with ThreadPoolExecutor(max_workers=4) as pool:
            problems += [problem for problem in pool.map(lambda item: node_check(*item), scripts) if problem]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if problems:
        print(f"lint-assets: {len(problems)} problem(s) in {folder}:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        sys.exit(1)
    print(f"lint-assets: {len(files)} files parse ({len(scripts)} scripts with node --check, the style sheets with "
          f"tinycss2, the manifest as JSON)")


if __name__ == "__main__":
    main()
