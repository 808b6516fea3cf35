#!/usr/bin/env python3
"""Tests of scripts/check-layering.py: it passes on the package as it is, and on a copy of the package with faults
planted it fails, naming each: an import of a shell in the core, a dependency that points up, one within a tier, an
unused one, a use of test support from Sources and a target left out of the layer order; an import inside a
multi-line string stays text. The copy holds the Swift files (hard links; a planted file is written anew) and
scripts/layers.txt; its manifest is the package's dump, edited, given with --dump. Two runs of the script in all, so
the tests take seconds. Run by `make check` (python3 -m unittest discover -s scripts)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "check-layering.py"


def run(package_dir, dump=None):
    return subprocess.run([sys.executable, str(SCRIPT), "--package-dir", str(package_dir)]
                          + (["--dump", str(dump)] if dump else []), capture_output=True, text=True)


class CheckLayeringTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.real = run(ROOT)  # the package as it is, end to end (dump-package included)
        result = subprocess.run([os.environ.get("SWIFT", "swift"), "package", "--package-path", str(ROOT),
                                 "--scratch-path", str(ROOT / ".build" / "check-layering"), "dump-package"],
                                capture_output=True, text=True, check=True)
        manifest = json.loads(result.stdout)
        cls.copy = Path(tempfile.mkdtemp(prefix="check-layering-"))
        (cls.copy / "scripts").mkdir()
        for folder in ("Sources", "Tests", "Plugins"):
            if (ROOT / folder).is_dir():
                shutil.copytree(ROOT / folder, cls.copy / folder, copy_function=os.link,
                                ignore=lambda directory, names: [name for name in names
                                                                 if not (Path(directory) / name).is_dir()
                                                                 and not name.endswith(".swift")])

        def depend(target, dependency):
            [entry] = [entry for entry in manifest["targets"] if entry["name"] == target]
            entry["dependencies"].append({"byName": [dependency, None]})

        def plant(folder, line):
            path = sorted((cls.copy / folder).rglob("*.swift"))[0]
            text = path.read_text()
            path.unlink()  # a hard link to the package's own file: never written in place
            path.write_text(line + "\n" + text)
            return path

        cls.core_file = plant("Sources/Core/MarksCore", "import MarksServer")
        depend("MarksStorage", "MarksBookmarks")
        plant("Sources/Services/MarksStorage", "import MarksBookmarks")
        depend("HTTPClient", "Compression")
        plant("Sources/Wrappers/HTTPClient", "import Compression")
        depend("MarksCore", "CZlib")  # the core does no I/O: it will never import a C module
        depend("MarksCLI", "MarksTestSupport")
        plant("Sources/Shells/MarksCLI", "import MarksTestSupport")
        plant("Sources/Wrappers/Compression", 'let fixtureSource = """\nimport MarksServer\n"""')
        (cls.copy / "scripts" / "layers.txt").write_text(
            (ROOT / "scripts" / "layers.txt").read_text().replace(" MP3Encoding ", " ", 1))
        dump = cls.copy / "dump.json"
        dump.write_text(json.dumps(manifest))
        cls.planted = run(cls.copy, dump)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.copy, ignore_errors=True)

    def assertNamed(self, *fragments):
        self.assertEqual(self.planted.returncode, 1, self.planted.stdout + self.planted.stderr)
        for fragment in fragments:
            self.assertIn(fragment, self.planted.stderr)

    def test_the_package_as_it_is_passes(self):
        self.assertEqual(self.real.returncode, 0, self.real.stderr)
        self.assertIn("every edge points down", self.real.stdout)

    def test_a_planted_import_of_a_shell_in_the_core_fails_naming_the_edge_and_the_line(self):
        self.assertNamed("MarksCore -> MarksServer", "which MarksCore does not declare", "MarksCore (core) -> "
                         "MarksServer (server)", "which points up",
                         f"{self.core_file.relative_to(self.copy)}:1 imports MarksServer")

    def test_a_declared_dependency_that_points_up_fails(self):
        self.assertNamed("MarksStorage (services) -> MarksBookmarks (features): MarksStorage depends on MarksBookmarks")

    def test_a_dependency_within_one_tier_fails_as_sideways(self):
        self.assertNamed("HTTPClient (wrappers) -> Compression (wrappers)", "which points sideways")

    def test_an_unused_dependency_fails(self):
        self.assertNamed("MarksCore -> CZlib: MarksCore declares CZlib but no Swift file of MarksCore imports it")

    def test_sources_may_not_depend_on_test_support(self):
        self.assertNamed("MarksCLI -> MarksTestSupport", "test support; only tests may depend on it")

    def test_a_target_missing_from_the_order_fails(self):
        self.assertNamed("MP3Encoding is in no tier")

    def test_an_import_inside_a_multiline_string_is_text(self):
        self.assertNotIn("Compression -> MarksServer", self.planted.stderr)

    def test_nothing_else_is_reported(self):
        problems = [line for line in self.planted.stderr.splitlines() if line.startswith("  ")]
        self.assertEqual(len(problems), 6, self.planted.stderr)


if __name__ == "__main__":
    unittest.main()
