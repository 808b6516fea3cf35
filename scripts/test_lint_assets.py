#!/usr/bin/env python3
"""Tests of scripts/lint-assets.py: the asset files as they are pass, and on a copy of them with faults planted (a
syntax error in a script, a script part that breaks only the bundle, an unclosed rule in a style sheet part, a
declaration without a colon, broken JSON in the manifest, an @include of a missing file) it fails, naming each file
and line. Two runs of the linter in all. Run by `make check` (python3 -m unittest discover -s scripts)."""
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "lint-assets.py"
ASSETS = ROOT / "Sources" / "Shells" / "MarksServer" / "Web" / "Assets"


def lint(folder=None):
    return subprocess.run([sys.executable, str(SCRIPT)] + ([str(folder)] if folder else []),
                          capture_output=True, text=True)


class LintAssetsTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.real = lint()
        cls.copy = Path(tempfile.mkdtemp(prefix="lint-assets-test-"))
        for path in ASSETS.iterdir():
            if path.suffix in (".js", ".css", ".webmanifest"):
                shutil.copy(path, cls.copy / path.name)

        def append(name, text):
            path = cls.copy / name
            assert path.is_file(), f"{name} is gone from {ASSETS}: update this test"
            path.write_text(path.read_text() + text)
            return len(path.read_text().splitlines())

        cls.lines = {
            "player.js": append("player.js", "if (ready {\n"),
            # `csrf` is declared by app.js in the scope its parts run in: alone the part parses, in the bundle it cannot.
            "app-search.js": append("app-search.js", "const csrf = 1;\n"),
            "app-trash.css": append("app-trash.css", ".trash{color:red\n"),
            "ask.css": append("ask.css", ".ask-head{color red}\n"),
            "manifest.webmanifest": append("manifest.webmanifest", "}\n"),
            "app.js": append("app.js", "// @include app-gone.js\n"),
        }
        cls.planted = lint(cls.copy)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.copy, ignore_errors=True)

    def assertNamed(self, *fragments):
        self.assertEqual(self.planted.returncode, 1, self.planted.stdout + self.planted.stderr)
        for fragment in fragments:
            self.assertIn(fragment, self.planted.stderr)

    def test_the_asset_files_as_they_are_pass(self):
        self.assertEqual(self.real.returncode, 0, self.real.stderr)
        self.assertIn("files parse", self.real.stdout)

    def test_a_syntax_error_in_a_script_fails_naming_the_file_and_line(self):
        self.assertNamed(f"player.js:{self.lines['player.js']}", "SyntaxError")

    def test_a_part_that_breaks_only_the_bundle_fails(self):
        self.assertNamed("app.js (with its parts)", "Identifier 'csrf' has already been declared")
        self.assertNotIn("app-search.js:", self.planted.stderr)

    def test_an_unclosed_rule_in_a_style_sheet_part_fails_in_the_part_and_the_bundle(self):
        self.assertNamed(f"app-trash.css:{self.lines['app-trash.css']}:7: {{ is never closed", "app.css (with its parts)")

    def test_a_declaration_without_a_colon_fails(self):
        self.assertNamed(f"ask.css:{self.lines['ask.css']}:")

    def test_broken_json_in_the_manifest_fails(self):
        self.assertNamed(f"manifest.webmanifest:{self.lines['manifest.webmanifest']}:1: Extra data")

    def test_an_include_of_a_missing_file_fails(self):
        self.assertNamed(f"app.js:{self.lines['app.js']}: includes app-gone.js, which is no file")


if __name__ == "__main__":
    unittest.main()
