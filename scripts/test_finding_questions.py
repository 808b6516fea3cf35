#!/usr/bin/env python3
"""Checks the finding evaluation's questions (Evaluation/finding/*.jsonl, issue 36 item 4), run by `make check`.

- Their form: unique ids, a question, a kind, expected items (none for the unanswerable ones), and the counts the
  issue asks for (>= 120 over the Debian library, >= 40 over the articles, >= 30 unanswerable in all).
- (i) Every expected item exists in the corpus: a package of ~/.cache/marks/eval/debian/corpus.tsv, a page under
  ~/.cache/marks/eval/articles/python/ (scripts/fetch-eval-data.sh); skipped, saying so, when that data is absent.
- (ii) The questions do not flatter the system: the content words of each answerable question (lower case, stop
  words dropped, a light suffix stemmer) are compared with its expected items' title and short description (a
  package's name and short description; a page's <title>); at most 20% of the answerable questions may share two
  or more content words with their closest expected item. Needs the corpus too.

`python3 scripts/test_finding_questions.py --report` prints the overlap of every question.
"""
import html
import json
import os
import re
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
QUESTIONS = os.path.join(ROOT, "Evaluation", "finding")
EVAL = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "marks", "eval")
CORPUS = os.path.join(EVAL, "debian", "corpus.tsv")
ARTICLES = os.path.join(EVAL, "articles", "python")
KINDS = {"function", "paraphrase", "recollection", "unanswerable", "near-miss"}
MAX_FLATTERING_SHARE = 0.20

STOPWORDS = set("""
a about above after again all also an and any are as at be because been before being below between both but by can
could did do does doing down during each either every few for from further get gets got had has have having he her
here hers him his how i if in into is it its itself just like make makes me more most my myself no nor not now of off
on once one only or other our out over own same she should so some such than that the their them then there these
they this those through to too under until up very was we were what when where which while who whom why will with
would you your yours yourself thing things use using used way want can't don't i'm it's that's what's let lets
""".split())


def stem(word):
    """A light suffix stemmer: plurals, -ing, -ed, -er, -ly, -ation, then a final e (enough to match inflections)."""
    for suffix, replacement, minimum in (("ies", "y", 4), ("sses", "ss", 5), ("ations", "", 7), ("ation", "", 6),
                                         ("ings", "", 6), ("ing", "", 5), ("edly", "", 6), ("ed", "", 4), ("ers", "", 5),
                                         ("er", "", 4), ("ly", "", 4), ("es", "", 4), ("s", "", 3)):
        if word.endswith(suffix) and len(word) >= minimum and not (suffix == "s" and word.endswith("ss")):
            word = word[: len(word) - len(suffix)] + replacement
            break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def content_words(text):
    words = re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower().replace("-", " "))
    return {stem(w) for w in words if w not in STOPWORDS and len(w) > 1}


def load(name):
    with open(os.path.join(QUESTIONS, name), encoding="utf-8") as stream:
        return [json.loads(line) for line in stream if line.strip()]


def debian_titles():
    titles = {}
    with open(CORPUS, encoding="utf-8") as stream:
        for line in stream:
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 4:
                titles[fields[0]] = fields[0] + " " + fields[3]
    return titles


def article_titles():
    titles = {}
    for folder, _, files in os.walk(ARTICLES):
        for name in files:
            if name.endswith(".html"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8", errors="replace") as stream:
                    match = re.search(r"<title>(.*?)</title>", stream.read(20000), re.S)
                title = html.unescape(match.group(1)) if match else ""
                titles[os.path.relpath(path, ARTICLES)] = title.split(" \u2014 Python")[0]
    return titles


def overlaps(questions, titles):
    """Per answerable question: (question, best expected item, shared content words)."""
    rows = []
    for question in questions:
        if not question["expected"]:
            continue
        words = content_words(question["question"])
        best = max(question["expected"], key=lambda item: len(words & content_words(titles.get(item, ""))))
        rows.append((question, best, sorted(words & content_words(titles.get(best, "")))))
    return rows


def corpora():
    """(file, titles) per question file, or None when the evaluation data is absent."""
    if not (os.path.exists(CORPUS) and os.path.isdir(ARTICLES)):
        return None
    return [("debian.jsonl", debian_titles()), ("articles.jsonl", article_titles())]


class FindingQuestionsTests(unittest.TestCase):
    def test_form_and_counts(self):
        debian, articles = load("debian.jsonl"), load("articles.jsonl")
        ids = [q["id"] for q in debian + articles]
        self.assertEqual(len(ids), len(set(ids)), "question ids must be unique")
        for question in debian + articles:
            self.assertIn(question["kind"], KINDS, question["id"])
            self.assertTrue(question["question"].strip(), question["id"])
            unanswerable = question["kind"] in ("unanswerable", "near-miss")
            self.assertEqual(unanswerable, not question["expected"], f"{question['id']}: unanswerable kinds, and only they, list no items")
        self.assertGreaterEqual(len(debian), 120)
        self.assertGreaterEqual(len(articles), 40)
        self.assertGreaterEqual(sum(1 for q in debian + articles if not q["expected"]), 30)

    def test_expected_items_exist(self):
        loaded = corpora()
        if loaded is None:
            self.skipTest(f"no evaluation data at {EVAL} (scripts/fetch-eval-data.sh)")
        for name, titles in loaded:
            missing = [(q["id"], item) for q in load(name) for item in q["expected"] if item not in titles]
            self.assertEqual(missing, [], f"{name}: expected items not in the corpus")

    def test_questions_do_not_share_the_texts_words(self):
        loaded = corpora()
        if loaded is None:
            self.skipTest(f"no evaluation data at {EVAL} (scripts/fetch-eval-data.sh)")
        rows = [row for name, titles in loaded for row in overlaps(load(name), titles)]
        flattering = [row for row in rows if len(row[2]) >= 2]
        share = len(flattering) / len(rows)
        print(f"\nfinding questions: {len(rows)} answerable, {len(flattering)} ({share:.0%}) share 2+ content words with their "
              f"closest expected item (limit {MAX_FLATTERING_SHARE:.0%}); mean shared words "
              f"{sum(len(r[2]) for r in rows) / len(rows):.2f}", file=sys.stderr)
        self.assertLessEqual(share, MAX_FLATTERING_SHARE,
                             "too many questions share words with their answers: "
                             + "; ".join(f"{q['id']} {words} with {best}" for q, best, words in flattering))

    def test_stemmer_matches_inflections(self):
        self.assertEqual(content_words("Recording screens"), content_words("record the screen"))
        self.assertEqual(content_words("the and of"), set())


if __name__ == "__main__":
    if "--report" in sys.argv:
        for name, titles in corpora() or []:
            for question, best, words in overlaps(load(name), titles):
                print(f"{question['id']}  {len(words)}  {question['question']}  ->  {best}: {titles.get(best, '')}  {words}")
    else:
        unittest.main()
