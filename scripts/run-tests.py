#!/usr/bin/env python3
"""Runs the test suite (`swift test`, already built) with a watchdog.

A hung test would otherwise hold `make test` until CI's own limit and leave nothing to read. The watchdog
follows swift-testing's event stream; when no test has ended for MARKS_TEST_STALL seconds (default 900), or
the run passes MARKS_TEST_LIMIT seconds (default 3000), it prints the tests still running and how long
each has run, every thread's stack in the test process (gdb), then stops the run and fails.

Arguments after the script's name go to `swift test` unchanged.

When the test process dies (a crash: a trap, a force-unwrap, an index out of range), the run's output ends with the
runtime's list of loaded images, and CI shows only that tail. So the script passes the output through, keeps the
crash report's first lines (the reason and the crashed thread's frames), and prints them again at the very end,
with the tests that were running when it died.

CI shows only the output's tail, so the lines that name a failure (swift-testing's "✘" lines: the failed tests, each
recorded issue and where) are kept too and printed again last, before the count.

A whole run (no --filter or --skip) must also run at least as many tests as scripts/test-floor says, so a
refactor cannot silently drop tests: raise the floor when tests are added, lower it only with a reason in the
commit that removes them.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

STALL = float(os.environ.get("MARKS_TEST_STALL", "900"))
LIMIT = float(os.environ.get("MARKS_TEST_LIMIT", "3000"))
SWIFT = os.environ.get("SWIFT", "swift")
FLOOR_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "test-floor")


def say(text):
    print(f"[run-tests] {text}", file=sys.stderr, flush=True)


def descendants(root):
    """Every process under root (by /proc's parent links)."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(entry))
        except (OSError, IndexError, ValueError):
            continue
    found, queue = [], [root]
    while queue:
        pid = queue.pop()
        for child in children.get(pid, []):
            found.append(child)
            queue.append(child)
    return found


def command_line(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def report(reason, running, started_at, root):
    say(f"stopping the run: {reason}")
    say(f"{len(running)} test(s) still running, with how long each has run:")
    for test_id, since in sorted(running.items(), key=lambda item: item[1]):
        say(f"  {time.time() - since:7.0f} s  {test_id}")
    for pid in descendants(root):
        line = command_line(pid)
        say(f"process {pid}: {line[:300]}")
        if ".xctest" not in line:
            continue
        try:
            stacks = subprocess.run(
                ["gdb", "-p", str(pid), "-batch", "-nx", "-ex", "set pagination off", "-ex", "thread apply all bt 40"],
                capture_output=True, text=True, timeout=180)
            print(stacks.stdout, file=sys.stderr, flush=True)
        except (OSError, subprocess.TimeoutExpired) as error:
            say(f"no stacks from gdb: {error}")
    say(f"after {time.monotonic() - started_at:.0f} s")


class CrashWatch:
    """Passes a stream through and keeps the first lines of a crash report, if one appears."""

    KEEP = 60
    KEEP_FAILURES = 120

    def __init__(self, stream, sink):
        self.lines = []
        self.failures = []
        self.thread = threading.Thread(target=self.pump, args=(stream, sink), daemon=True)
        self.thread.start()

    def pump(self, stream, sink):
        capturing = False
        for raw in iter(stream.readline, b""):
            sink.buffer.write(raw)
            sink.flush()
            line = raw.decode(errors="replace").rstrip()
            if not capturing and ("Fatal error" in line or "Program crashed" in line or "💣" in line):
                capturing = True
            if capturing and len(self.lines) < self.KEEP:
                self.lines.append(line)
            if "✘" in line and len(self.failures) < self.KEEP_FAILURES:
                self.failures.append(line[:600])

    def join(self):
        self.thread.join(timeout=30)


def main():
    events_path = os.path.join(tempfile.mkdtemp(prefix="marks-tests-"), "events.jsonl")
    command = [SWIFT, "test", "--skip-build", "--event-stream-output-path", events_path,
               "--event-stream-version", "0", *sys.argv[1:]]
    started_at = time.monotonic()
    last_end = started_at
    running = {}
    process = subprocess.Popen(command, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    watches = [CrashWatch(process.stdout, sys.stdout), CrashWatch(process.stderr, sys.stderr)]
    offset, pending = 0, b""
    finished = set()
    while True:
        try:
            code = process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            code = None
        try:
            with open(events_path, "rb") as events:
                events.seek(offset)
                chunk = events.read()
                offset += len(chunk)
        except OSError:
            chunk = b""
        pending += chunk
        *lines, pending = pending.split(b"\n")
        now = time.monotonic()
        for line in lines:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            payload = record.get("payload") or {}
            kind, test_id = payload.get("kind"), payload.get("testID")
            if record.get("kind") != "event" or not test_id:
                continue
            if kind == "testStarted":
                running[test_id] = (payload.get("instant") or {}).get("since1970", time.time())
            elif kind in ("testEnded", "testSkipped"):
                running.pop(test_id, None)
                last_end = now
                if "(" in test_id:  # a test function; a suite's id has no parameter list
                    finished.add(test_id)
        if code is not None:
            for watch in watches:
                watch.join()
            if code != 0:
                tell_failures([line for watch in watches for line in watch.failures])
                tell_crash(code, running, [line for watch in watches for line in watch.lines])
            return check_floor(code, len(finished))
        reason = None
        if now - started_at > LIMIT:
            reason = f"the run passed its limit of {LIMIT:.0f} s"
        elif now - last_end > STALL:
            reason = f"no test ended for {STALL:.0f} s"
        if reason:
            report(reason, running, started_at, process.pid)
            everyone = descendants(process.pid)
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            for pid in everyone:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            process.wait()
            return 1


def tell_failures(lines):
    """Repeats, last, every line that named a failure (CI keeps only the tail of a run's output)."""
    if lines:
        say(f"the run failed; its {len(lines)} failure line(s) again:")
        for line in lines:
            print(f"    {line}", file=sys.stderr)


def tell_crash(code, running, lines):
    """Repeats, last, what a dead test process left: the crash report's head and the tests in flight."""
    if lines:
        say("the test process crashed; the report's first lines again:")
        for line in lines:
            print(f"    {line}", file=sys.stderr)
    if running:
        say(f"{len(running)} test(s) had started and not ended when the run ended:")
        for test_id in sorted(running):
            say(f"  {test_id}")


def check_floor(code, count):
    """Fails a whole run that ran fewer tests than the floor; a filtered run is not counted."""
    if any(argument.startswith(("--filter", "--skip")) for argument in sys.argv[1:]):
        return code
    with open(FLOOR_FILE) as file:
        floor = int(file.read().split()[0])
    say(f"{count} tests ran (the floor is {floor})")
    if count < floor:
        say(f"fewer tests ran than scripts/test-floor says ({count} < {floor}): were tests dropped?")
        return code or 1
    return code


if __name__ == "__main__":
    sys.exit(main())
