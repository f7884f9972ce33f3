# omniscroll.sh — a POSIX sh helper for the OmniScroll worker (needs jq).
#
#   . clients/shell/omniscroll.sh
#   omniscroll_start                    # path: $1, else $OMNISCROLL_BIN, else omniscroll on PATH
#   layout=$(omniscroll_call session.create '{"viewport":{"width":375,"height":800}}')
#   omniscroll_call session.scroll '{"session":"s1","offset":600}' | jq .contentView
#   omniscroll_stop                     # shutdown + exit, bounded wait, then kill
#
# One worker per shell. It runs in the background behind two named pipes;
# this shell holds them open as file descriptors 7 (requests) and 8 (replies),
# so do not use those descriptors for anything else. Calls may run in
# subshells, e.g. x=$(omniscroll_call ...): the request id counter lives in a
# file. SIGPIPE is ignored in this shell so that a dead worker gives an error
# instead of killing the script.
#
# Return codes of omniscroll_call / omniscroll_batch / omniscroll_pipeline:
#   0 ok (result JSON on stdout)
#   2 error reply: the error object {"code","message","data"} on stderr
#   3 the worker is not running: its exit status and stderr tail on stderr
#   4 no reply within $OMNISCROLL_TIMEOUT seconds (default 30)
#   5 usage error (bad params JSON, no worker started)
#
# Bounds: replies are read a line at a time; the worker's stderr is kept as
# its last $OMNISCROLL_STDERR_BYTES bytes (default 16384), written when the
# worker exits; the timeout applies to every reply read (to a pipeline's
# replies as a whole: $OMNISCROLL_TIMEOUT per 1000 calls).

omniscroll_start() {
    if [ -n "${OMNISCROLL_DIR:-}" ] && [ -d "$OMNISCROLL_DIR" ]; then
        echo "omniscroll_start: a worker is already running (omniscroll_stop first)" >&2
        return 5
    fi
    _os_bin=${1:-${OMNISCROLL_BIN:-omniscroll}}
    [ $# -gt 0 ] && shift
    if ! command -v "$_os_bin" >/dev/null 2>&1; then
        echo "omniscroll_start: worker not found: $_os_bin (pass a path, set OMNISCROLL_BIN, or put omniscroll on PATH)" >&2
        return 5
    fi
    command -v jq >/dev/null 2>&1 || { echo "omniscroll_start: jq is required" >&2; return 5; }
    trap '' PIPE
    OMNISCROLL_DIR=$(mktemp -d "${TMPDIR:-/tmp}/omniscroll.XXXXXX") || return 5
    _os_d=$OMNISCROLL_DIR
    mkfifo "$_os_d/in" "$_os_d/out" "$_os_d/err" || return 5
    echo 1 >"$_os_d/id"
    # The stderr tail: bounded (tail keeps only the last bytes), written at exit.
    tail -c "${OMNISCROLL_STDERR_BYTES:-16384}" <"$_os_d/err" >"$_os_d/stderr" 2>/dev/null &
    echo $! >"$_os_d/tailpid"
    # The wrapper opens all three fifos before it starts the worker and writes
    # its pid, so once "pid" exists every pipe end is in place (no open can
    # be left blocking). It records the worker's exit status in "status".
    (
        exec 3<"$_os_d/in" 4>"$_os_d/out" 5>"$_os_d/err"
        "$_os_bin" "$@" <&3 >&4 2>&5 3<&- 4>&- 5>&- &
        _os_child=$!
        exec 3<&- 4>&- 5>&-
        echo "$_os_child" >"$_os_d/pid.tmp" && mv "$_os_d/pid.tmp" "$_os_d/pid"
        wait "$_os_child"
        echo $? >"$_os_d/status.tmp" && mv "$_os_d/status.tmp" "$_os_d/status"
    ) </dev/null >/dev/null 2>&1 &
    exec 7>"$_os_d/in"
    exec 8<"$_os_d/out"
    _os_i=0
    while [ ! -s "$_os_d/pid" ] && [ $_os_i -lt 200 ]; do
        sleep 0.05 2>/dev/null || sleep 1
        _os_i=$((_os_i + 1))
    done
    read -r OMNISCROLL_PID <"$_os_d/pid" 2>/dev/null || OMNISCROLL_PID=
    export OMNISCROLL_DIR OMNISCROLL_PID
    return 0
}

_omniscroll_check() {
    if [ -z "${OMNISCROLL_DIR:-}" ] || [ ! -d "$OMNISCROLL_DIR" ]; then
        echo "omniscroll: no worker (call omniscroll_start first)" >&2
        return 5
    fi
}

# Reports a dead worker (exit status + stderr tail) on stderr; returns 3.
_omniscroll_dead() {
    _os_i=0
    while [ ! -s "$OMNISCROLL_DIR/status" ] && [ $_os_i -lt 50 ]; do
        sleep 0.1 2>/dev/null || sleep 1
        _os_i=$((_os_i + 1))
    done
    _os_status=unknown
    [ -s "$OMNISCROLL_DIR/status" ] && read -r _os_status <"$OMNISCROLL_DIR/status"
    echo "omniscroll: the worker is not running (exit status $_os_status)${1:+: $1}" >&2
    _omniscroll_wait_tail
    if [ -s "$OMNISCROLL_DIR/stderr" ]; then
        echo "--- worker stderr (tail) ---" >&2
        cat "$OMNISCROLL_DIR/stderr" >&2
    fi
    return 3
}

# Waits (bounded) for the stderr-tail process to write its file.
_omniscroll_wait_tail() {
    _os_tp=
    read -r _os_tp <"$OMNISCROLL_DIR/tailpid" 2>/dev/null
    _os_i=0
    while [ -n "$_os_tp" ] && kill -0 "$_os_tp" 2>/dev/null && [ $_os_i -lt 20 ]; do
        sleep 0.05 2>/dev/null || sleep 1
        _os_i=$((_os_i + 1))
    done
}

# Next request id (a file, so that calls in subshells agree).
_omniscroll_next_id() {
    read -r _os_id <"$OMNISCROLL_DIR/id"
    echo $((_os_id + ${1:-1})) >"$OMNISCROLL_DIR/id"
}

# Reads one reply line into _os_reply, bounded by $OMNISCROLL_TIMEOUT.
_omniscroll_read() {
    _os_reply=
    if command -v timeout >/dev/null 2>&1; then
        _os_reply=$(timeout "${OMNISCROLL_TIMEOUT:-30}" sh -c 'IFS= read -r l; s=$?; printf "%s" "$l"; exit $s' <&8)
        _os_rc=$?
    else
        IFS= read -r _os_reply <&8
        _os_rc=$?
    fi
    if [ $_os_rc -eq 124 ]; then
        echo "omniscroll: no reply within ${OMNISCROLL_TIMEOUT:-30}s" >&2
        return 4
    fi
    if [ $_os_rc -ne 0 ] && [ -z "$_os_reply" ]; then
        _omniscroll_dead "end of output"
        return 3
    fi
    return 0
}

# The worker writes a reply's members in a fixed order, and this helper sends
# integer ids, so every reply starts with {"jsonrpc":"2.0","id":<n|null>,
# and its id and kind are read with parameter expansion: no jq process per
# reply.
_os_prefix='{"jsonrpc":"2.0","id":'

# Sets _os_rid to the id of the reply in _os_reply ("null" when it has none;
# for a batch, the smallest id in it) and _os_body to what follows the id:
# "result":…} or "error":…}.
_omniscroll_parse_reply() {
    case $_os_reply in
    "$_os_prefix"*)
        _os_body=${_os_reply#"$_os_prefix"}
        _os_rid=${_os_body%%,*}
        _os_body=${_os_body#*,}
        ;;
    '['*)
        _os_body=
        _os_rid=$(printf '%s\n' "$_os_reply" | jq -r 'map(.id) | map(select(. != null)) | min // "null" | tostring') || return 3
        ;;
    *)
        _os_body=
        _os_rid=null
        ;;
    esac
}

# Reads replies until the one for id $1 (skips late replies of timed-out calls).
_omniscroll_await() {
    while :; do
        _omniscroll_read || return $?
        _omniscroll_parse_reply || return $?
        if [ "$_os_rid" = "null" ] || [ "$_os_rid" -ge "$1" ] 2>/dev/null; then
            return 0
        fi
    done
}

_omniscroll_send() {
    printf '%s\n' "$1" >&7 2>/dev/null || { _omniscroll_dead "cannot write to the worker"; return 3; }
}

# omniscroll_call METHOD [PARAMS_JSON] — prints the result JSON.
omniscroll_call() {
    _omniscroll_check || return 5
    _omniscroll_next_id
    if [ $# -ge 2 ] && [ -n "$2" ]; then
        _os_req=$(jq -cn --arg m "$1" --argjson p "$2" --argjson id "$_os_id" \
            '{jsonrpc:"2.0",id:$id,method:$m,params:$p}') || { echo "omniscroll_call: params are not JSON" >&2; return 5; }
    else
        _os_req=$(jq -cn --arg m "$1" --argjson id "$_os_id" '{jsonrpc:"2.0",id:$id,method:$m}')
    fi
    _omniscroll_send "$_os_req" || return $?
    _omniscroll_await "$_os_id" || return $?
    case $_os_body in
    '"error":'*)
        _os_body=${_os_body#'"error":'}
        printf '%s\n' "${_os_body%\}}" >&2
        return 2
        ;;
    esac
    _os_body=${_os_body#'"result":'}
    printf '%s\n' "${_os_body%\}}"
}

# omniscroll_notify METHOD [PARAMS_JSON] — sends a notification (no reply).
omniscroll_notify() {
    _omniscroll_check || return 5
    if [ $# -ge 2 ] && [ -n "$2" ]; then
        _os_req=$(jq -cn --arg m "$1" --argjson p "$2" '{jsonrpc:"2.0",method:$m,params:$p}') || return 5
    else
        _os_req=$(jq -cn --arg m "$1" '{jsonrpc:"2.0",method:$m}')
    fi
    _omniscroll_send "$_os_req"
}

# omniscroll_batch '[{"method":...,"params":{...}},{"method":...,"notify":true}]'
# Sends one JSON-RPC batch; prints a JSON array with, per entry in order,
# {"result":...} or {"error":{...}} (null for notifications).
omniscroll_batch() {
    _omniscroll_check || return 5
    _os_n=$(printf '%s\n' "$1" | jq 'if type == "array" and length > 0 then length else error("need a non-empty array") end') \
        || { echo "omniscroll_batch: need a non-empty JSON array of {method, params?, notify?}" >&2; return 5; }
    _omniscroll_next_id "$_os_n"
    _os_req=$(printf '%s\n' "$1" | jq -c --argjson start "$_os_id" \
        '[to_entries[] | .value as $c | {jsonrpc:"2.0"} + (if $c.notify then {} else {id:($start + .key)} end)
          + {method:$c.method} + (if $c.params == null then {} else {params:$c.params} end)]') || return 5
    _os_any=$(printf '%s\n' "$1" | jq 'any(.[]; (.notify // false) | not)')
    _omniscroll_send "$_os_req" || return $?
    if [ "$_os_any" != "true" ]; then
        printf '%s\n' "$1" | jq -c 'map(null)'
        return 0
    fi
    _omniscroll_await "$_os_id" || return $?
    printf '%s\n' "$_os_reply" | jq -c --argjson start "$_os_id" --argjson calls "$1" '
        . as $r
        | if type == "array" then (map({key: (.id | tostring), value: .}) | from_entries) as $byid
            | [ $calls | to_entries[] | if .value.notify then null
                else ($byid[($start + .key) | tostring] // {error: {code: -32603, message: "no reply for this entry"}})
                     | if has("error") then {error} else {result} end end ]
          else [ $calls[] | if .notify then null else {error: $r.error} end ] end'
}

# omniscroll_pipeline < calls.jsonl — each input line {"method":..,"params":..};
# sends them all (many in flight) and prints one line per call, in order:
# {"result":...} or {"error":{...}}.
omniscroll_pipeline() {
    _omniscroll_check || return 5
    _os_reqs="$OMNISCROLL_DIR/pipeline.$$"
    _os_start=
    read -r _os_start <"$OMNISCROLL_DIR/id"
    jq -c --argjson start "$_os_start" -n '
        [inputs] | to_entries[] | {jsonrpc:"2.0", id:($start + .key), method:.value.method}
        + (if .value.params == null then {} else {params:.value.params} end)' >"$_os_reqs" \
        || { rm -f "$_os_reqs"; echo "omniscroll_pipeline: input lines must be JSON" >&2; return 5; }
    _os_n=$(wc -l <"$_os_reqs")
    _os_n=$((_os_n + 0))
    _omniscroll_next_id "$_os_n"
    [ "$_os_n" -eq 0 ] && { rm -f "$_os_reqs"; return 0; }
    # A background writer, so a full reply pipe never blocks our writes.
    cat "$_os_reqs" >&7 2>/dev/null &
    _os_writer=$!
    # One reader process for all the replies, bounded by $OMNISCROLL_TIMEOUT
    # per 1000 calls: {"jsonrpc":"2.0","id":n,"result":…} prints as
    # {"result":…}, an error as {"error":…}; late replies of earlier
    # timed-out calls (smaller ids) are skipped.
    _os_limit=$(( ${OMNISCROLL_TIMEOUT:-30} * (1 + _os_n / 1000) ))
    _os_script='
        prefix=$1 start=$2 n=$3 k=0
        while [ $k -lt $n ]; do
            IFS= read -r line || exit 3
            case $line in "$prefix"*) ;; *) continue ;; esac
            body=${line#"$prefix"}
            id=${body%%,*}
            [ "$id" -ge "$start" ] 2>/dev/null || continue
            printf "{%s\n" "${body#*,}"
            k=$((k + 1))
        done'
    if command -v timeout >/dev/null 2>&1; then
        timeout "$_os_limit" sh -c "$_os_script" sh "$_os_prefix" "$_os_start" "$_os_n" <&8
    else
        sh -c "$_os_script" sh "$_os_prefix" "$_os_start" "$_os_n" <&8
    fi
    _os_ret=$?
    wait "$_os_writer" 2>/dev/null
    rm -f "$_os_reqs"
    case $_os_ret in
    0) return 0 ;;
    124) echo "omniscroll: the pipeline's replies did not arrive within ${_os_limit}s" >&2; return 4 ;;
    *) _omniscroll_dead "end of output"; return 3 ;;
    esac
}

# omniscroll_stop — shutdown + exit, waits (bounded), then kills. Returns the
# worker's exit status.
omniscroll_stop() {
    _omniscroll_check || return 5
    if [ ! -s "$OMNISCROLL_DIR/status" ]; then
        OMNISCROLL_TIMEOUT=${OMNISCROLL_CLOSE_TIMEOUT:-5} omniscroll_call shutdown >/dev/null 2>&1
        omniscroll_notify exit 2>/dev/null
    fi
    exec 7>&-
    _os_i=0
    while [ ! -s "$OMNISCROLL_DIR/status" ] && [ $_os_i -lt 50 ]; do
        sleep 0.1 2>/dev/null || sleep 1
        _os_i=$((_os_i + 1))
    done
    if [ ! -s "$OMNISCROLL_DIR/status" ] && [ -n "${OMNISCROLL_PID:-}" ]; then
        kill -9 "$OMNISCROLL_PID" 2>/dev/null
        _os_i=0
        while [ ! -s "$OMNISCROLL_DIR/status" ] && [ $_os_i -lt 50 ]; do
            sleep 0.1 2>/dev/null || sleep 1
            _os_i=$((_os_i + 1))
        done
    fi
    exec 8<&-
    _omniscroll_wait_tail
    if [ -n "$_os_tp" ] && kill -0 "$_os_tp" 2>/dev/null; then
        kill "$_os_tp" 2>/dev/null
    fi
    _os_status=1
    [ -s "$OMNISCROLL_DIR/status" ] && read -r _os_status <"$OMNISCROLL_DIR/status"
    rm -rf "$OMNISCROLL_DIR"
    OMNISCROLL_DIR=
    OMNISCROLL_PID=
    return "$_os_status"
}
