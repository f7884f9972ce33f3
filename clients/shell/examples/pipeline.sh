#!/bin/sh
# Pipelining and batches: 100 scrolls in flight at once, then one batch.
. "$(dirname "$0")/../omniscroll.sh"
omniscroll_start || exit 1

s=$(omniscroll_call session.create '{"viewport":{"width":375,"height":800},"children":[{"id":"a","kind":"scroll","contentHeight":2000},{"id":"b","kind":"scroll","contentHeight":3000}]}' | jq -r .session)

i=0
while [ $i -lt 100 ]; do
    echo "{\"method\":\"session.scroll\",\"params\":{\"session\":\"$s\",\"offset\":$((i * 42))}}"
    i=$((i + 1))
done | omniscroll_pipeline | jq -s -c '{replies: length, lastOffset: .[-1].result.offset}'

omniscroll_batch "[{\"method\":\"session.get\",\"params\":{\"session\":\"$s\"}},{\"method\":\"session.get\",\"params\":{\"session\":\"missing\"}}]" |
    jq -c 'map(if .error then {error: .error.code} else {offset: .result.offset} end)'

omniscroll_stop
