#!/bin/sh
# Seed 000's short container: a web view (height known late) above a list.
# Run from anywhere; the worker is $OMNISCROLL_BIN or omniscroll on PATH.
. "$(dirname "$0")/../omniscroll.sh"
omniscroll_start || exit 1

s=$(omniscroll_call session.create '{"template":"shortContainer","viewport":{"width":375,"height":800},"insets":{"bottom":100}}' | jq -r .session)
omniscroll_call session.update "{\"session\":\"$s\",\"sizes\":{\"web\":2000,\"list\":3000}}" | jq -c '{contentHeight, maxOffset}'

for y in 600 1500 3000 4300; do
    omniscroll_call session.scroll "{\"session\":\"$s\",\"offset\":$y}" |
        jq -c '{offset, contentViewTop: .contentView.top, inner: [.children[] | {(.id): .contentOffset.y}] | add, events: [.events[].type]}'
done

omniscroll_stop
