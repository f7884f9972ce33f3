#!/bin/sh
# Runs every client's tests against the real worker:
#   python (python3 -m pytest), node (node --test), shell (test.sh).
# The Swift client's tests run in the package's `swift test`.
# Worker: $OMNISCROLL_BIN if set, else .build/release/omniscroll, else
# .build/debug/omniscroll (build it first: swift build).
# Exits non-zero if any suite fails.
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
if [ -z "${OMNISCROLL_BIN:-}" ]; then
    for c in "$repo/.build/release/omniscroll" "$repo/.build/debug/omniscroll"; do
        if [ -x "$c" ]; then OMNISCROLL_BIN=$c; break; fi
    done
fi
if [ -z "${OMNISCROLL_BIN:-}" ] || [ ! -x "$OMNISCROLL_BIN" ]; then
    echo "test-all: no worker: run 'swift build' (or set OMNISCROLL_BIN)" >&2
    exit 2
fi
export OMNISCROLL_BIN
echo "test-all: worker $OMNISCROLL_BIN"

status=0
failed=""
run() { # run NAME COMMAND...
    name=$1
    shift
    echo "=== $name: $*"
    if "$@"; then
        echo "=== $name: ok"
    else
        echo "=== $name: FAILED"
        status=1
        failed="$failed $name"
    fi
}

run python sh -c "cd '$here/python' && python3 -m pytest -q tests"
run node node --test "$here/node/test/"
run shell sh "$here/shell/test.sh"

if [ $status -ne 0 ]; then
    echo "test-all: failed:$failed"
else
    echo "test-all: all client suites passed"
fi
exit $status
