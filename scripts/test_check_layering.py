#!/usr/bin/env python3
"""Tests of scripts/check-layering.py: it passes on the package as it is, and fails, naming the edge, on a copy of
the package with a planted bad import, a dependency that points up, an unused dependency, a use of test support
from Sources and a target left out of the layer order. Each copy holds Package.swift, scripts/layers.txt and the
Swift files only (dump-package reads no more). Run by `make test` (python3 -m unittest discover -s scripts)."""
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
        # The package as it is, checked end to end (dump-package included); its dump is the fixture's manifest.
        cls.real = run(ROOT)
        scratch = ROOT / ".build" / "check-layering"
        result = subprocess.run([os.environ.get("SWIFT", "swift"), "package", "--package-path", str(ROOT),
                                 "--scratch-path", str(scratch), "dump-package"], capture_output=True, text=True, check=True)
        cls.manifest = json.loads(result.stdout)

        # One copy of the package's Swift files (hard links: a planted file is written anew, never in place, and put
        # back after its test) and of its layer order; the manifest is the dump, edited as a test needs (`depend`).
        cls.copy = Path(tempfile.mkdtemp(prefix="check-layering-"))
        (cls.copy / "scripts").mkdir()
        shutil.copy(ROOT / "scripts" / "layers.txt", cls.copy / "scripts" / "layers.txt")
        for folder in ("Sources", "Tests", "Plugins"):
            if (ROOT / folder).is_dir():
                shutil.copytree(ROOT / folder, cls.copy / folder, copy_function=os.link,
                                ignore=lambda directory, names: [name for name in names
                                                                 if not (Path(directory) / name).is_dir()
                                                                 and not name.endswith(".swift")])

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.copy, ignore_errors=True)

    def setUp(self):
        self.manifest = json.loads(json.dumps(type(self).manifest))

    def rewrite(self, path, text):
        """Writes `path` anew (it may be a hard link to the package's own file) and puts it back after the test."""
        original = path.read_text()
        path.unlink()
        path.write_text(text)

        def restore():
            path.unlink()
            path.write_text(original)
        self.addCleanup(restore)

    def depend(self, target, dependency):
        """Declares one more dependency of `target`, as Package.swift would."""
        [entry] = [entry for entry in self.manifest["targets"] if entry["name"] == target]
        entry["dependencies"].append({"byName": [dependency, None]})

    def plant(self, target_folder, line):
        """Puts `line` at the top of the first Swift file of a target; returns that file."""
        path = sorted((self.copy / target_folder).rglob("*.swift"))[0]
        self.rewrite(path, line + "\n" + path.read_text())
        return path

    def assertFailsNaming(self, *fragments):
        dump = self.copy / "dump.json"
        dump.write_text(json.dumps(self.manifest))
        self.addCleanup(dump.unlink)
        result = run(self.copy, dump)
        self.assertEqual(result.returncode, 1, f"expected a failure; got:\n{result.stdout}{result.stderr}")
        for fragment in fragments:
            self.assertIn(fragment, result.stderr)
        return result.stderr

    def test_the_package_as_it_is_passes(self):
        self.assertEqual(self.real.returncode, 0, self.real.stderr)
        self.assertIn("every edge points down", self.real.stdout)

    def test_a_planted_import_of_a_shell_in_the_core_fails_naming_the_edge(self):
        core = self.plant("Sources/Core/MarksCore", "import MarksServer")
        stderr = self.assertFailsNaming("MarksCore -> MarksServer", "does not declare", "which points up")
        self.assertIn(f"{core.relative_to(self.copy)}:1 imports MarksServer", stderr)

    def test_a_declared_dependency_that_points_up_fails(self):
        self.depend("MarksCore", "MarksLibrary")
        self.plant("Sources/Core/MarksCore", "import MarksLibrary")
        self.assertFailsNaming("MarksCore (core) -> MarksLibrary (library)", "which points up")

    def test_a_dependency_within_one_tier_fails_as_sideways(self):
        self.depend("HTTPClient", "Compression")
        self.plant("Sources/Wrappers/HTTPClient", "import Compression")
        self.assertFailsNaming("HTTPClient (wrappers) -> Compression (wrappers)", "which points sideways")

    def test_an_unused_dependency_fails(self):
        self.depend("QRCode", "SystemSupport")
        self.assertFailsNaming("QRCode -> SystemSupport", "no Swift file of QRCode imports it")

    def test_sources_may_not_depend_on_test_support(self):
        self.depend("MarksCLI", "MarksTestSupport")
        self.plant("Sources/Shells/MarksCLI", "import MarksTestSupport")
        self.assertFailsNaming("MarksCLI -> MarksTestSupport", "test support; only tests may depend on it")

    def test_a_target_missing_from_the_order_fails(self):
        layers = self.copy / "scripts" / "layers.txt"
        self.rewrite(layers, layers.read_text().replace(" QRCode ", " ", 1))
        self.assertFailsNaming("QRCode is in no tier")

    def test_an_import_inside_a_multiline_string_is_text(self):
        self.plant("Sources/Core/MarksCore", 'let fixtureSource = """\nimport MarksServer\n"""')
        with self.assertRaises(AssertionError):
            self.assertFailsNaming()

if __name__ == "__main__":
    unittest.main()
