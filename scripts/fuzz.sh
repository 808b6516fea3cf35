#!/usr/bin/env bash
# `make fuzz`: builds marks-fuzz with libFuzzer and AddressSanitizer (its own scratch path, so the normal build is
# untouched) and runs each parser target for FUZZ_SECONDS (60 by default; FUZZ_TARGETS="a b" picks some), starting
# from the seed corpus in Fuzz/corpus/<target>. It prints executions and coverage per target and fails on any crash,
# hang, leak or broken rule; the input that did it is kept in .build/fuzz/crashes/<target>/ to be added to the corpus
# once fixed. New inputs libFuzzer finds are kept in .build/fuzz/corpus/<target>/, not in the repository.
# FUZZ_JOBS targets run at once (one per core by default), each for its full FUZZ_SECONDS.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
seconds=${FUZZ_SECONDS:-60}
scratch=.build/fuzz
targets=${FUZZ_TARGETS:-"search-query netscape ingest multipart multipart-stream form json bookmark-page html date deep-link range url feed import-csv import-json omnivore-zip"}
jobs=${FUZZ_JOBS:-$(nproc)}

# One -sanitize= flag with both: given as two (SwiftPM's --sanitize twice), the second replaces the first and the code
# gets no coverage counters, so libFuzzer runs blind. lld links it (gold stops with an internal error on these objects).
$SWIFT build --product marks-fuzz --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld
binary="$scratch/debug/marks-fuzz"

# Runs one target; its exit status goes to $scratch/logs/<target>.status.
fuzz_one() {
    local target=$1
    local work="$scratch/corpus/$target" artifacts="$scratch/crashes/$target/" log="$scratch/logs/$target.log"
    mkdir -p "$work" "$artifacts" "$(dirname "$log")" "Fuzz/corpus/$target"
    local status=0
    MARKS_FUZZ_TARGET="$target" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 \
        "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 \
        -artifact_prefix="$artifacts" "$work" "Fuzz/corpus/$target" >"$log" 2>&1 || status=$?
    echo "$status" >"$scratch/logs/$target.status"
}

mkdir -p "$scratch/logs"
running=0
for target in $targets; do
    rm -f "$scratch/logs/$target.status"
    fuzz_one "$target" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
done
wait

failed=()
printf '%-18s %12s %8s %8s %10s  %s\n' target executions exec/s cov features result
for target in $targets; do
    log="$scratch/logs/$target.log"
    status=$(cat "$scratch/logs/$target.status" 2>/dev/null || echo "no status")
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
    features=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
    if [ "$status" = 0 ]; then result=ok; else result="FAILED (exit $status): see $log"; failed+=("$target"); fi
    printf '%-18s %12s %8s %8s %10s  %s\n' "$target" "${runs:-?}" "${speed:-?}" "${cov:-?}" "${features:-?}" "$result"
done
if [ ${#failed[@]} -gt 0 ]; then
    for target in "${failed[@]}"; do
        echo "== $target"; grep -E 'ERROR|Fatal error|Test unit written|SUMMARY|==[0-9]+==' "$scratch/logs/$target.log" | head -20
    done
    exit 1
fi
