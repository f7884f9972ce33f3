#!/bin/sh
# Tests of omniscroll.sh against the real worker.
# Worker: $OMNISCROLL_BIN, else the repository's .build/{release,debug}/omniscroll.
# Prints a closing line "N passed, M failed"; exits non-zero when M > 0.
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
if [ -z "${OMNISCROLL_BIN:-}" ]; then
    for c in .build/release/omniscroll .build/debug/omniscroll .build-clients/release/omniscroll .build-clients/debug/omniscroll; do
        if [ -x "$repo/$c" ]; then OMNISCROLL_BIN="$repo/$c"; break; fi
    done
fi
if [ -z "${OMNISCROLL_BIN:-}" ]; then
    echo "no omniscroll worker: build it (swift build) or set OMNISCROLL_BIN" >&2
    echo "0 passed, 1 failed"
    exit 1
fi
export OMNISCROLL_BIN
. "$here/omniscroll.sh"

passed=0
failed=0
check() { # check NAME ACTUAL EXPECTED
    if [ "$2" = "$3" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$3" "$2" >&2
    fi
}

# the generated table matches protocol/openrpc.json
doc="$repo/protocol/openrpc.json"
check "generated methods" "$OMNISCROLL_METHODS" \
    "$(jq -r '.methods[] | [.name] + [.params[] | .name + (if .required then "" else "?" end)] | join(" ")' "$doc")"
for e in $(jq -r '.components.errors | to_entries[] | "\(.key)=\(.value.code)"' "$doc"); do
    name=${e%=*}
    code=${e#*=}
    check "error name of $code" "$(omniscroll_error_name "$code")" "$name"
    var=OMNISCROLL_ERR_$(printf '%s' "$name" | sed 's/\([a-z0-9]\)\([A-Z]\)/\1_\2/g' | tr '[:lower:]' '[:upper:]')
    check "$var" "$(eval "printf '%s' \"\${$var:-}\"")" "$code"
done
check "no name for an unknown code" "$(omniscroll_error_name 12345; echo $?)" 1
check "scroll phase enum" "$OMNISCROLL_ENUM_SCROLL_PHASE" "$(jq -r '.components.schemas.ScrollPhase.enum | join(" ")' "$doc")"
check "child kind enum" "$OMNISCROLL_ENUM_CHILD_KIND" \
    "$(jq -r '.components.schemas.ChildSpec.properties.kind.enum | join(" ")' "$doc")"
check "event type enum" "$OMNISCROLL_ENUM_EVENT_TYPE" \
    "$(jq -r '.components.schemas.Event.properties.type.enum | join(" ")' "$doc")"

omniscroll_start || { echo "0 passed, 1 failed"; exit 1; }

# create + golden vectors of seed 000
lay=$(omniscroll_call session.create '{"viewport":{"width":375,"height":800},"insets":{"bottom":100},"children":[{"id":"web","kind":"scroll","contentHeight":2000},{"id":"list","kind":"scroll","contentHeight":3000}]}')
check "create exit code" $? 0
s=$(printf '%s' "$lay" | jq -r .session)
check "create maxOffset" "$(printf '%s' "$lay" | jq -c '[.contentHeight, .maxOffset]')" "[5000,4300]"
for v in "600 600 600 0" "1500 1200 1200 0" "3000 2200 1200 1000" "4300 3400 1200 2200"; do
    set -- $v
    got=$(omniscroll_call session.scroll "{\"session\":\"$s\",\"offset\":$1}" | jq -c '[.contentView.top, (.children[] | .contentOffset.y)]')
    check "golden vector y=$1" "$got" "[$2,$3,$4]"
done

# snapshots: format 2 with each behavior's part; a recorded format 1 snapshot
# (session s1 of protocol/conformance/sessions.jsonl) restores and answers as the live session
snap=$(omniscroll_call session.snapshot "{\"session\":\"$s\"}")
check "snapshot format 2 parts" "$(printf '%s' "$snap" | jq -c '[.format, (.state | keys_unsorted)]')" '[2,["motion","refresh","target","pagers","headerScroll","loadMore","feed","pointer"]]'
format1='{"format":1,"session":"s1","delta":false,"viewport":{"width":375,"height":800},"insets":{"top":0,"bottom":100},"options":{"anchoring":true,"seedEvents":true,"refresh":null,"loadMore":null},"children":[{"id":"top","kind":"scroll","contentHeight":2000},{"id":"bottom","kind":"scroll","contentHeight":3000}],"offset":3000,"phase":"dragging","direction":"up","revision":2,"state":{"visible":["bottom"],"active":"bottom","leaving":"bottom","pinned":[],"refresh":"idle","loadMoreTriggeredAt":null,"loadingMore":false,"pendingTarget":null}}'
omniscroll_call session.create '{"id":"live","viewport":{"width":375,"height":800},"insets":{"bottom":100},"children":[{"id":"top","kind":"scroll","contentHeight":2000},{"id":"bottom","kind":"scroll","contentHeight":3000}]}' >/dev/null
omniscroll_call session.scroll '{"session":"live","offset":3000,"phase":"dragging"}' >/dev/null
omniscroll_call session.restore "{\"id\":\"old\",\"snapshot\":$format1}" >/dev/null
check "format 1 restore exit code" $? 0
check "format 1 restore answers as the live session" \
    "$(omniscroll_call session.scroll '{"session":"old","offset":1500}' | jq -c 'del(.session)')" \
    "$(omniscroll_call session.scroll '{"session":"live","offset":1500}' | jq -c 'del(.session)')"
omniscroll_call session.destroy '{"session":"old"}' >/dev/null
omniscroll_call session.destroy '{"session":"live"}' >/dev/null

# a tile grid: a drag adds and removes tiles, idle recenters, every tile stays on screen
g=$(omniscroll_call grid.create '{"id":"grid","viewport":{"width":200,"height":200},"tile":{"width":100,"height":100},"overscan":0,"contentSize":{"width":1000,"height":1000}}')
check "grid create tiles" "$(printf '%s' "$g" | jq -c '[.offset.x, .offset.y, (.tiles | length), (.added | length)]')" "[400,400,9,9]"
drag=$(omniscroll_call grid.scroll '{"session":"grid","x":460,"y":400,"phase":"dragging"}')
check "grid drag diff" "$(printf '%s' "$drag" | jq -c '[.added[].col, .removed[].col]')" "[2,2,2,-1,-1,-1]"
rest=$(omniscroll_call grid.scroll '{"session":"grid","x":460,"y":400,"phase":"idle"}')
check "grid idle recenter" "$(printf '%s' "$rest" | jq -c '[.recentered.dx, .offset.x]')" "[-60,400]"
screen='[.tiles[] | [.col, .row, .frame.x - $o.x, .frame.y - $o.y]]'
check "grid tiles stay on screen" "$(printf '%s' "$rest" | jq -c ".offset as \$o | $screen")" \
    "$(printf '%s' "$drag" | jq -c ".offset as \$o | $screen")"
check "grid engine in list" "$(omniscroll_call session.list | jq -c '[.sessions[] | select(.id == "grid") | .engine]')" '["grid"]'
omniscroll_call session.destroy '{"session":"grid"}' >/dev/null

# error replies: code on stderr, return code 2, worker carries on
err=$(omniscroll_call session.scroll "{\"session\":\"$s\",\"offset\":\"far\"}" 2>&1 >/dev/null)
rc=$?
check "error return code" "$rc" 2
check "error object" "$(printf '%s' "$err" | jq -c '[.code, .data.param]')" '[-32602,"params.offset"]'
err=$(omniscroll_call session.nope '{}' 2>&1 >/dev/null)
check "method not found" "$(printf '%s' "$err" | jq .code)" "$OMNISCROLL_ERR_METHOD_NOT_FOUND"
check "method not found by name" "$(omniscroll_error_name "$(printf '%s' "$err" | jq .code)")" MethodNotFound
check "bad params JSON is a usage error" "$(omniscroll_call session.get '{not json' 2>/dev/null; echo $?)" 5
check "worker carries on" "$(omniscroll_call session.get "{\"session\":\"$s\"}" | jq .offset)" 4300

# seed 004's navigation bar: the collapsingNav template's tracks and header
nav=$(omniscroll_call session.create '{"template":"collapsingNav","id":"nav","viewport":{"width":375,"height":667}}')
check "nav title expanded" "$(omniscroll_track "$nav" titleSize) $(omniscroll_track "$nav" buttonSize)" "36 20"
omniscroll_call session.setContentHeight '{"session":"nav","child":"list","contentHeight":2400}' >/dev/null
nav=$(omniscroll_call session.scroll '{"session":"nav","offset":-113.5}')
check "nav title halfway" "$(omniscroll_track "$nav" titleSize) $(omniscroll_track "$nav" buttonSize)" "28 16"
nav=$(omniscroll_call session.scroll '{"session":"nav","offset":22}')
check "nav bar half collapsed" "$(omniscroll_collapse "$nav" navBar) $(printf '%s' "$nav" | jq -c '[.children[] | .frame.height]')" "0.5 [66,601]"
nav=$(omniscroll_call session.scroll '{"session":"nav","offset":300}')
check "nav bar pinned" "$(omniscroll_collapse "$nav" navBar) $(printf '%s' "$nav" | jq -c '[.children[] | .frame.y]') $(omniscroll_track "$nav" titleSize)" "1 [300,344] 20"
check "no track in a plain session" "$(omniscroll_track "$lay" titleSize)" ""
omniscroll_call session.destroy '{"session":"nav"}' >/dev/null

# notifications are not answered (the next call gets its own reply)
omniscroll_notify session.scroll "{\"session\":\"$s\",\"offset\":123}"
check "notification applied" "$(omniscroll_call session.get "{\"session\":\"$s\"}" | jq .offset)" 123

# batch: per-entry results or errors, null for notifications
out=$(omniscroll_batch "[{\"method\":\"session.scroll\",\"params\":{\"session\":\"$s\",\"offset\":600}},{\"method\":\"session.scroll\",\"params\":{\"session\":\"nope\",\"offset\":1}},{\"method\":\"session.scroll\",\"params\":{\"session\":\"$s\",\"offset\":700},\"notify\":true},{\"method\":\"session.get\",\"params\":{\"session\":\"$s\"}}]")
check "batch shape" "$(printf '%s' "$out" | jq -c '[.[0].result.offset, .[1].error.code, .[2], .[3].result.offset]')" "[600,-32001,null,700]"

# pipelining: many requests in flight, replies in request order
n=300
out=$(i=0; while [ $i -lt $n ]; do echo "{\"method\":\"session.scroll\",\"params\":{\"session\":\"$s\",\"offset\":$(( (i * 37) % 4300 ))}}"; i=$((i + 1)); done | omniscroll_pipeline)
check "pipeline count" "$(printf '%s\n' "$out" | wc -l | tr -d ' ')" "$n"
expected=$(i=0; while [ $i -lt $n ]; do echo $(( (i * 37) % 4300 )); i=$((i + 1)); done | jq -s -c .)
check "pipeline order" "$(printf '%s\n' "$out" | jq -s -c 'map(.result.offset)')" "$expected"

# ids still line up after all that
check "call after pipeline" "$(omniscroll_call session.list | jq -c '[.sessions[].id]')" "[\"$s\"]"

# issue 15's profile page: posts at 2000, likes, back to posts at 2000, the header never jumping
p=$(omniscroll_call session.create '{"template":"profileTabs","viewport":{"width":375,"height":800}}' | jq -r .session)
omniscroll_call session.update "{\"session\":\"$p\",\"sizes\":{\"header\":300,\"posts\":5000,\"likes\":3000}}" >/dev/null
check "posts scrolled to 2000" "$(omniscroll_call session.scroll "{\"session\":\"$p\",\"offset\":2300}" | jq -c '.children[2].contentOffset.y')" "2000"
likes=$(omniscroll_call session.selectPage "{\"session\":\"$p\",\"child\":\"tabs\",\"page\":\"likes\"}")
check "likes at its top, header pinned away" "$(printf '%s' "$likes" | jq -c '[.offset, .children[2].selected, .children[0].visibleHeight, [.events[] | select(.type == "pageDidSelect") | .page]]')" '[300,"likes",0,["likes"]]'
swipe=$(omniscroll_call session.scrollPager "{\"session\":\"$p\",\"child\":\"tabs\",\"offset\":187.5}")
check "mid-swipe pages" "$(printf '%s' "$swipe" | jq -c '[.children[2].pageProgress, [.children[2].pages[] | [.id, .contentOffset.y]]]')" '[0.5,[["posts",2000],["likes",0]]]'
back=$(omniscroll_call session.selectPage "{\"session\":\"$p\",\"child\":\"tabs\",\"page\":\"posts\"}")
check "back to posts at 2000" "$(printf '%s' "$back" | jq -c '[.offset, .children[2].contentOffset.y, .children[0].visibleHeight]')" "[2300,2000,0]"
omniscroll_call session.scrollPager "{\"session\":\"$p\",\"child\":\"tabs\",\"offset\":120}" >/dev/null
check "released swipe" "$(omniscroll_call session.endPagerDragging "{\"session\":\"$p\",\"child\":\"tabs\",\"velocity\":600,\"time\":0}" | jq -c '[.children[2].selected, .children[2].pageProgress]')" '["posts",0.32]'
check "snap lands on likes" "$(omniscroll_call session.tick "{\"session\":\"$p\",\"time\":1}" | jq -c '[.children[2].selected, .children[2].pageProgress, .offset, [.events[] | select(.type == "pageDidSelect") | .page]]')" '["likes",1,300,["likes"]]'

# physics.fling (stateless): the golden numbers, 60 Hz samples of a bounded overshoot, a -32602 naming the field
check "fling ios 1000" "$(omniscroll_call physics.fling '{"position":0,"velocity":1000}' | jq -c '[(.target * 100 | round), (.duration * 100 | round)]')" "[49950,345]"
fling=$(omniscroll_call physics.fling '{"position":0,"velocity":1000,"bounds":{"min":0,"max":300},"viewport":800,"sampleInterval":0.016666666666666666}')
check "fling bounded rests on the bound" "$(printf '%s' "$fling" | jq -c '[.target, .samples[-1].position, .samples[-1].velocity, ([.samples[].position] | max > 300)]')" "[300,300,0,true]"
omniscroll_call physics.fling '{"position":0,"velocity":1000,"sampleInterval":0.1,"times":[0]}' 2>/dev/null
check "fling sampleInterval with times exit code" $? 2
check "fling error names the field" "$(omniscroll_call physics.fling '{"position":0,"velocity":1000,"snap":{"points":[2,1]}}' 2>&1 >/dev/null | jq -c '[.code, .data.param]')" '[-32602,"params.snap.points[1]"]'

# session motions: drag, a release velocity, 60 Hz ticks until idle; the rest is exactly the snap point
m=$(omniscroll_call session.create '{"id":"m","viewport":{"width":375,"height":800},"insets":{"bottom":100},"children":[{"id":"a","kind":"scroll","contentHeight":2000},{"id":"b","kind":"scroll","contentHeight":3000}],"options":{"physics":{"preset":"ios"},"snap":{"interval":400}}}' | jq -r .session)
omniscroll_call session.beginDragging "{\"session\":\"$m\"}" >/dev/null
check "drag moves the offset" "$(omniscroll_call session.drag "{\"session\":\"$m\",\"translation\":-100}" | jq .offset)" 100
check "release starts a motion" "$(omniscroll_call session.endDragging "{\"session\":\"$m\",\"velocity\":1000,\"time\":0}" | jq -c '[.phase, .motion.target]')" '["decelerating",400]'
frame=0
phase=decelerating
while [ "$phase" = decelerating ] && [ $frame -lt 600 ]; do
    frame=$((frame + 1))
    lay=$(omniscroll_call session.tick "{\"session\":\"$m\",\"time\":$(jq -n "$frame / 60")}")
    phase=$(printf '%s' "$lay" | jq -r .phase)
done
check "ticks end idle on the snap point" "$(printf '%s' "$lay" | jq -c '[.phase, .offset, has("motion")]')" '["idle",400,false]'
check "a tick with no motion names params.time" "$(omniscroll_call session.tick "{\"session\":\"$m\",\"time\":99}" 2>&1 >/dev/null | jq -c '[.code, .data.param]')" '[-32602,"params.time"]'
omniscroll_call session.destroy "{\"session\":\"$m\"}" >/dev/null

# timeout: a stopped worker gives return code 4, then recovers (late reply skipped)
kill -STOP "$OMNISCROLL_PID"
OMNISCROLL_TIMEOUT=1 omniscroll_call session.get "{\"session\":\"$s\"}" >/dev/null 2>&1
check "timeout return code" $? 4
kill -CONT "$OMNISCROLL_PID"
check "recovered after timeout" "$(omniscroll_call session.scroll "{\"session\":\"$s\",\"offset\":55}" | jq .offset)" 55

omniscroll_stop
check "clean stop exit status" $? 0

# components: functions NAME_on_TYPE, called in registration order
log=
player_on_childDidBecomeActive() { log="$log player:$(printf '%s' "$1" | jq -r '.type + "/" + .child')"; }
player_on_childDidResignActive() { log="$log player:$(printf '%s' "$1" | jq -r '.type + "/" + .child')"; }
preloader_on_childDidShow() { log="$log preloader:$(printf '%s' "$1" | jq -r '.type + "/" + .child')"; }
analytics_on_childDidShow() { log="$log analytics:$(printf '%s' "$1" | jq -r '.type + "/" + .child')"; }
analytics_on_childDidHide() { log="$log analytics:$(printf '%s' "$1" | jq -r '.type + "/" + .child')"; }
OMNISCROLL_COMPONENTS=
omniscroll_component player
omniscroll_component preloader
omniscroll_component analytics
omniscroll_component idle
check "component names must be identifiers" "$(omniscroll_component 'a-b' 2>/dev/null; echo $?)" 5
check "duplicate component" "$(omniscroll_component player 2>/dev/null; echo $?)" 5
param=$(omniscroll_components_param)
check "components param from the functions" "$param" \
    '[{"name":"player","events":["childDidBecomeActive","childDidResignActive"]},{"name":"preloader","events":["childDidShow"]},{"name":"analytics","events":["childDidShow","childDidHide"]},{"name":"idle","events":[]}]'
check "the feed example registers the same" "$(head -n 1 "$repo/protocol/examples/feed-components.jsonl" | jq -c .params.components)" \
    "$(printf '%s' "$param" | jq -c '.[0:3]')"
omniscroll_dispatch '{"events":[{"type":"childDidShow","child":"a"},{"type":"phaseDidChange","phase":"idle"},{"type":"childDidHide","child":"b"}]}'
check "dispatch without names: registration order" "$log" " preloader:childDidShow/a analytics:childDidShow/a analytics:childDidHide/b"
log=
omniscroll_dispatch '{"events":[{"type":"childDidShow","child":"a","components":["analytics"]}]}'
check "dispatch follows the worker's names" "$log" " analytics:childDidShow/a"
omniscroll_start
log=
feed=$(jq -cn '[range(20) | {id: "item\(.)", kind: "fixed", height: 800}]')
omniscroll_call_dispatching session.create "$(jq -cn --argjson c "$param" --argjson ch "$feed" \
    '{id: "feed", viewport: {width: 375, height: 800}, children: $ch, components: $c}')"
check "create dispatched" "$log" " preloader:childDidShow/item0 analytics:childDidShow/item0 player:childDidBecomeActive/item0"
log=
omniscroll_call_dispatching session.scroll '{"session":"feed","offset":800}'
check "scroll dispatched in order" "$log" \
    " preloader:childDidShow/item1 analytics:childDidShow/item1 player:childDidResignActive/item0 player:childDidBecomeActive/item1 analytics:childDidHide/item0"
check "the result is kept" "$(printf '%s' "$OMNISCROLL_RESULT" | jq .offset)" 800
omniscroll_stop
OMNISCROLL_COMPONENTS=

# a feed from the built-in template: the player plays the item at rest; player, then analytics
log=
player_on_childDidBecomeCurrent() { log="$log player:play/$(printf '%s' "$1" | jq -r .child)"; }
player_on_childDidResignCurrent() { log="$log player:pause/$(printf '%s' "$1" | jq -r .child)"; }
analytics_on_childDidShow() { log="$log analytics:show/$(printf '%s' "$1" | jq -r .child)"; }
analytics_on_childDidBecomeCurrent() { log="$log analytics:current/$(printf '%s' "$1" | jq -r .child)"; }
unset -f player_on_childDidBecomeActive player_on_childDidResignActive analytics_on_childDidHide
OMNISCROLL_COMPONENTS=
omniscroll_component player
omniscroll_component analytics
omniscroll_start
omniscroll_call_dispatching session.create '{"id":"f","template":"feed","viewport":{"width":375,"height":800}}'
check "feed create: current child" "$(printf '%s' "$OMNISCROLL_RESULT" | jq -r .currentChild)" item0
check "feed create dispatched" "$log" " analytics:show/item0 player:play/item0 analytics:current/item0"
log=
omniscroll_call_dispatching session.beginDragging '{"session":"f"}'
omniscroll_call_dispatching session.scroll '{"session":"f","offset":500}'
check "a swipe keeps the current child" "$(printf '%s' "$OMNISCROLL_RESULT" | jq -r .currentChild)" item0
check "a swipe shows the next item only" "$log" " analytics:show/item1"
log=
omniscroll_call_dispatching session.endDragging '{"session":"f"}'
check "at rest the next item plays" "$log" " player:pause/item0 player:play/item1 analytics:current/item1"
# a paging flick: drag frames, a release velocity, ticks at 1/60 s; the item plays in the tick where the motion ends
omniscroll_call_dispatching session.create '{"id":"g","template":"feed","viewport":{"width":375,"height":800}}'
omniscroll_call_dispatching session.beginDragging '{"session":"g"}'
omniscroll_call_dispatching session.drag '{"session":"g","translation":-120}'
log=
omniscroll_call_dispatching session.endDragging '{"session":"g","velocity":2000,"time":0}'
check "a flick turns one item" "$(printf '%s' "$OMNISCROLL_RESULT" | jq .motion.target)" 800
frame=0
while [ "$(printf '%s' "$OMNISCROLL_RESULT" | jq -r .phase)" != idle ] && [ $frame -lt 600 ]; do
    check "nothing plays while the motion runs" "$log" ""
    frame=$((frame + 1))
    omniscroll_call_dispatching session.tick "{\"session\":\"g\",\"time\":$(jq -n "$frame / 60")}"
done
check "the flick rests on the next item" "$(printf '%s' "$OMNISCROLL_RESULT" | jq -c '[.offset, .currentChild]')" '[800,"item1"]'
check "it plays when the motion ends" "$log" " player:pause/item0 player:play/item1 analytics:current/item1"
check "defineTemplate lists it" "$(omniscroll_call session.defineTemplate '{"name":"follow","template":{"children":[{"id":"a","kind":"page"}],"options":{"feed":{"preload":{"ahead":1}}}}}' | jq -c '[.templates[] | select(.builtIn | not) | .name]')" '["follow"]'
check "a defined template creates" "$(omniscroll_call session.create '{"template":"follow","viewport":{"width":375,"height":800}}' | jq -r .currentChild)" a
check "a bad template names its path" "$(omniscroll_call session.defineTemplate '{"name":"x","template":{"children":[{"id":"a","kind":"page","height":1}]}}' 2>&1 >/dev/null | jq -r .data.param)" "params.template.children[0].height"
omniscroll_stop
OMNISCROLL_COMPONENTS=
omniscroll_start "$OMNISCROLL_BIN" --templates "$repo/protocol/examples/templates.json"
check "--templates defines the file's templates" "$(omniscroll_call session.templates | jq -c '[.templates[] | select(.builtIn | not) | .name]')" '["recommend","follow"]'
omniscroll_stop
printf '{"recommend":{"children":[{"id":"a","kind":"pag"}]}}' > "${TMPDIR:-/tmp}/omniscroll-bad-templates.$$.json"
msg=$("$OMNISCROLL_BIN" --templates "${TMPDIR:-/tmp}/omniscroll-bad-templates.$$.json" </dev/null 2>&1 >/dev/null)
check "an invalid templates file stops the worker" "$?" 2
case $msg in
    "omniscroll: --templates "*"Invalid params: recommend.children[0].kind: must be one of"*) check "and names the fault" ok ok ;;
    *) check "and names the fault" "$msg" "omniscroll: --templates FILE: Invalid params: recommend.children[0].kind: …" ;;
esac
rm -f "${TMPDIR:-/tmp}/omniscroll-bad-templates.$$.json"

# a worker that dies: return code 3 with its stderr tail
omniscroll_start "$OMNISCROLL_BIN" --no-such-flag-xyz
msg=$(omniscroll_call session.list 2>&1 >/dev/null)
check "dead worker return code" "$(omniscroll_call session.list >/dev/null 2>&1; echo $?)" 3
case $msg in
    *"not running (exit status 2)"*"--- worker stderr"*"no-such-flag-xyz"*) check "dead worker report" ok ok ;;
    *) check "dead worker report" "$msg" "exit status + stderr tail" ;;
esac
omniscroll_stop

# a killed worker
omniscroll_start
kill -9 "$OMNISCROLL_PID"
omniscroll_call session.list >/dev/null 2>&1
check "killed worker return code" $? 3
omniscroll_stop

# the examples run
for ex in "$here"/examples/*.sh; do
    sh "$ex" >/dev/null 2>&1
    check "example $(basename "$ex")" $? 0
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
