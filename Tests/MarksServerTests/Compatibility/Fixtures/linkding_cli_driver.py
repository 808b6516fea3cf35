"""Drives linkding-cli (PyPI, 2024.9.0) against a linkding-compatible server, as a user runs it.

Environment: LINKDING_URL, LINKDING_TOKEN (linkding-cli reads them itself). Runs the real command line in a child
process for each step; prints one JSON object with what it saw; exits 1 with {"failed": ...} on a wrong answer.
"""
import json
import subprocess
import sys

# aiolinkding gives each request 10 s; on 2 cores shared with the rest of the suite the server in the test process
# can take longer to be scheduled, so the driver gives it 60 s (the behaviour under test is unchanged).
CLI = [sys.executable, "-c", "import sys, aiolinkding.client as c; c.DEFAULT_REQUEST_TIMEOUT = 60; "
       "from linkding_cli.cli import APP; sys.argv[0] = 'linkding'; APP()"]


def run(*args):
    done = subprocess.run(CLI + list(args), capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        print(json.dumps({"failed": f"linkding {' '.join(args)} exited {done.returncode}",
                          "stdout": done.stdout[-2000:], "stderr": done.stderr[-2000:]}))
        sys.exit(1)
    return done.stdout.strip()


def check(condition, message):
    if not condition:
        print(json.dumps({"failed": message}))
        sys.exit(1)


seen = {}
created = json.loads(run("bookmarks", "create", "https://example.com/cli", "--title", "From linkding-cli",
                         "--tags", "cli,shell", "--unread", "--notes", "cli notes"))
bookmark_id = created["id"]
check(created["tag_names"] == ["cli", "shell"] and created["unread"] is True, f"create: {created}")

found = json.loads(run("bookmarks", "all", "--query", "#cli"))
check([b["id"] for b in found["results"]] == [bookmark_id], f"search: {found}")

got = json.loads(run("bookmarks", "get", str(bookmark_id)))
check(got["title"] == "From linkding-cli", f"get: {got}")

# linkding-cli's update always sends unread=false and shared=false: the bookmark is marked read (its flaw).
updated = json.loads(run("bookmarks", "update", str(bookmark_id), "--title", "Edited by the CLI"))
check(updated["title"] == "Edited by the CLI" and updated["notes"] == "cli notes", f"update: {updated}")
seen["unread_after_update"] = updated["unread"]

check("archived" in run("bookmarks", "archive", str(bookmark_id)), "archive message")
archived = json.loads(run("bookmarks", "all", "--archived", "--query", "#cli"))
check([b["id"] for b in archived["results"]] == [bookmark_id], f"archived: {archived}")
check("unarchived" in run("bookmarks", "unarchive", str(bookmark_id)), "unarchive message")

tags = json.loads(run("tags", "all"))
seen["tags"] = [tag["name"] for tag in tags["results"]]
check({"cli", "shell"} <= set(seen["tags"]), f"tags: {tags}")
tag = json.loads(run("tags", "get", str(tags["results"][0]["id"])))
check(tag["name"] == seen["tags"][0], f"tag: {tag}")

profile = json.loads(run("user", "profile"))
check(profile["version"] == "1.46.2", f"profile: {profile}")

check("deleted" in run("bookmarks", "delete", str(bookmark_id)), "delete message")
remaining = json.loads(run("bookmarks", "all", "--query", "#cli"))
check(remaining["count"] == 0, f"after delete: {remaining}")
seen["created"] = bookmark_id
print(json.dumps({"ok": True, **seen}))
