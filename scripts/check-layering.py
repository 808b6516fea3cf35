#!/usr/bin/env python3
"""Checks the package's layering against the written order (scripts/layers.txt); `make test` runs it first.

It reads the targets and their declared dependencies from `swift package dump-package` and every `import` line of
each target's Swift files, and fails, naming each offending edge, on:
  - a dependency or an import that points up or sideways: to a target not in a strictly lower tier;
  - a target in Sources that depends on test support (a tier named "test-support"), but for an "allow" line;
  - an import of a target of this package (C modules too) that the importing target does not declare;
  - a declared dependency that no Swift file of the target imports (unused);
  - a target missing from layers.txt, or a name there that is no target.
Test targets sit above every tier. C targets (no Swift files) are checked for their edges only.

usage: check-layering.py [--package-dir DIR] [--layers FILE] [--dump FILE]
"""
import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)")
TEST_SUPPORT = "test-support"


class Layers:
    """The tiers (bottom-up) and the allowed exceptions of a layers file."""

    def __init__(self, path):
        self.path = path
        self.tiers = []       # tier names, bottom-up
        self.tier_of = {}     # target -> (index, tier name)
        self.allowed = set()  # (from, to)
        self.problems = []
        for number, raw in enumerate(Path(path).read_text().splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            allow = re.fullmatch(r"allow\s+(\S+)\s*->\s*(\S+)", line)
            if allow:
                self.allowed.add((allow.group(1), allow.group(2)))
                continue
            name, sep, targets = line.partition(":")
            if not sep or not targets.split():
                self.problems.append(f"{path}:{number}: expected 'tier: targets' or 'allow FROM -> TO', got {raw!r}")
                continue
            name = name.strip()
            if name in self.tiers:
                self.problems.append(f"{path}:{number}: tier {name} is written twice")
            index = len(self.tiers)
            self.tiers.append(name)
            for target in targets.split():
                if target in self.tier_of:
                    self.problems.append(f"{path}:{number}: {target} is listed twice "
                                         f"(already in tier {self.tier_of[target][1]})")
                self.tier_of[target] = (index, name)

    def describe(self, target):
        return f"{target} ({self.tier_of[target][1]})" if target in self.tier_of else f"{target} (tests)"


def dump_package(package_dir):
    """The manifest as JSON; its own scratch path, so a build running in .build does not hold it up."""
    swift = os.environ.get("SWIFT", "swift")
    scratch = Path(package_dir) / ".build" / "check-layering"
    result = subprocess.run([swift, "package", "--package-path", str(package_dir), "--scratch-path", str(scratch),
                             "dump-package"], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"check-layering: swift package dump-package failed:\n{result.stderr}")
    return json.loads(result.stdout)


def dependency_names(target):
    names = []
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.append(dependency[kind][0])
    return names


def swift_imports(directory, excluded):
    """(module, file, line number) for every import line of the Swift files under `directory`, skipping the text
    of multi-line string literals (tests keep Swift source in fixtures)."""
    found = []
    for file in sorted(Path(directory).rglob("*.swift")):
        if any(file == path or path in file.parents for path in excluded):
            continue
        in_string = False
        for number, line in enumerate(file.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if not in_string:
                match = IMPORT.match(line)
                if match:
                    found.append((match.group(1), file, number))
            if line.count('"""') % 2 == 1:
                in_string = not in_string
    return found


def check(package, package_dir, layers):
    problems = list(layers.problems)
    targets = {target["name"]: target for target in package["targets"]}
    module_of = {name: name.replace("-", "_") for name in targets}
    target_of_module = {module: name for name, module in module_of.items()}
    is_test = {name: target["type"] == "test" for name, target in targets.items()}

    for name in targets:
        if not is_test[name] and name not in layers.tier_of:
            problems.append(f"{name} is in no tier of {layers.path}: add it to the tier it belongs to")
    for name in layers.tier_of:
        if name not in targets:
            problems.append(f"{layers.path} lists {name}, which is no target of the package")

    def edge_problem(source, destination, how):
        """Why source -> destination breaks the order, or None."""
        if is_test.get(source) or (source, destination) in layers.allowed:
            return None
        if destination not in layers.tier_of or source not in layers.tier_of:
            return None  # reported above
        source_tier, destination_tier = layers.tier_of[source], layers.tier_of[destination]
        if destination_tier[1] == TEST_SUPPORT and source_tier[1] != TEST_SUPPORT:
            return (f"{source} -> {destination}: {source} {how} {destination}, which is test support; "
                    f"only tests may depend on it")
        if destination_tier[0] >= source_tier[0]:
            direction = "sideways" if destination_tier[0] == source_tier[0] else "up"
            return (f"{layers.describe(source)} -> {layers.describe(destination)}: {source} {how} {destination}, "
                    f"which points {direction}; a target may use only strictly lower tiers ({layers.path})")
        return None

    for name, target in sorted(targets.items()):
        declared = dependency_names(target)
        for dependency in declared:
            problem = edge_problem(name, dependency, "depends on")
            if problem:
                problems.append(problem)
        if target["type"] in ("system", "binary"):
            continue
        directory = Path(package_dir) / (target.get("path") or default_path(target))
        excluded = [directory / path for path in target.get("exclude", [])]
        imports = swift_imports(directory, excluded)
        if not imports and not any(directory.rglob("*.swift")):
            continue  # a C target: its edges are checked above
        imported = set()
        for module, file, number in imports:
            dependency = target_of_module.get(module)
            if dependency is None or dependency == name:
                continue
            imported.add(dependency)
            if dependency not in declared:
                where = f"{file.relative_to(package_dir)}:{number}"
                problem = edge_problem(name, dependency, "imports")
                problems.append(f"{name} -> {dependency}: {where} imports {module}, which {name} does not declare "
                                f"as a dependency in Package.swift" + (f"; and {problem}" if problem else ""))
        for dependency in declared:
            if dependency in targets and targets[dependency]["type"] != "plugin" and dependency not in imported:
                problems.append(f"{name} -> {dependency}: {name} declares {dependency} but no Swift file of "
                                f"{name} imports it (unused: remove it from Package.swift)")
    return problems


def default_path(target):
    folder = "Tests" if target["type"] == "test" else "Plugins" if target["type"] == "plugin" else "Sources"
    return f"{folder}/{target['name']}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package-dir", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--layers", help="the layer order (default: scripts/layers.txt of the package)")
    parser.add_argument("--dump", help="a saved `swift package dump-package` output to read instead")
    arguments = parser.parse_args()
    package_dir = Path(arguments.package_dir).resolve()
    layers = Layers(arguments.layers or package_dir / "scripts" / "layers.txt")
    package = json.loads(Path(arguments.dump).read_text()) if arguments.dump else dump_package(package_dir)
    problems = check(package, package_dir, layers)
    if problems:
        print(f"check-layering: {len(problems)} problem(s) with the layering:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        sys.exit(1)
    print(f"check-layering: {len(package['targets'])} targets in {len(layers.tiers)} tiers, every edge points down")


if __name__ == "__main__":
    main()
