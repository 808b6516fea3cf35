# Marks — the two commands: `make run` and `make test`. `make bench` runs the benchmarks.
SWIFT ?= swift
PORT ?= 8080
HOST ?= 127.0.0.1

.PHONY: run test bench build release deps test-deps model eval-data tsan clean

run: deps release
	./.build/release/marks serve --host $(HOST) --port $(PORT)

test: test-deps model eval-data
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --no-parallel

bench: deps model eval-data release
	./.build/release/marks-bench

deps:
	./scripts/install-deps.sh

test-deps:
	./scripts/install-deps.sh --test

model:
	./scripts/fetch-model.sh

eval-data:
	./scripts/fetch-eval-data.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

tsan: test-deps model
	$(SWIFT) test --sanitize=thread

clean:
	rm -rf .build
