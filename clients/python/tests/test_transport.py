"""The sync client's transport: the thread waiting for a reply reads it, a
write larger than the pipes never deadlocks, and many threads share one
client (issue 27 item 3)."""
from __future__ import annotations

import threading
from typing import Dict, List

from omniscroll import Child, Client, Layout, calls


def test_a_window_larger_than_the_pipes_is_written_while_its_replies_are_read(worker_bin: str) -> None:
    # 1500 replies of ~2.5 KB each: far more than a pipe holds, so the
    # writer must drain replies while the worker still reads requests.
    with Client(worker_bin) as c:
        s = c.create((375, 800), [Child.scroll("c%d" % i, 100) for i in range(20)]).session
        ys = [(i * 7) % 1200 for i in range(1500)]
        out = c.pipeline([calls.scroll(s, y) for y in ys])
        assert [lay.offset for lay in out] == ys
        assert all(isinstance(lay, Layout) and len(lay.children) == 20 for lay in out[:3])


def test_threads_share_one_client_each_getting_its_own_replies(worker_bin: str) -> None:
    with Client(worker_bin) as c:
        sessions = [c.create((375, 800), [Child.scroll("a", 5000)], id="t%d" % k).session for k in range(4)]
        seen: Dict[str, List[float]] = {}

        def work(s: str) -> None:
            seen[s] = [c.scroll(s, y).offset for y in range(0, 4000, 40)]
        threads = [threading.Thread(target=work, args=(s,)) for s in sessions]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert seen == {s: list(range(0, 4000, 40)) for s in sessions}


def test_a_reply_is_decoded_only_when_read(worker_bin: str) -> None:
    with Client(worker_bin) as c:
        s = c.create((375, 800), [Child.scroll("a", 5000)]).session
        lay = c.scroll(s, 100)
        assert isinstance(lay._v, bytes), "kept as the reply line until a member is read"
        assert lay.offset == 100 and isinstance(lay._v, dict)
