"""A seeded random client built from protocol/openrpc.json alone.

Every call is one of the document's methods (a method added to the document
is driven without an edit here), its params drawn from the params' own
schemas: numbers from each schema's bounds (the extremes, the smallest
positive and subnormal numbers, +-0, values just inside a bound) as often as
from ordinary ranges, strings from their enums or lengths, objects with their
required members and a random choice of the others. Names the schemas cannot
know are taken from what the worker answered: a `session` param names a live
session, `child`/`children`/`page`/`selected` name its children and pages,
and ids of new children are fresh. Motions are started often (releases with a
velocity, pager swipes, animated scrollToChild) and changed while they run
(viewport, insets, sizes, children), since that is where the edges were.

Used by `scripts/soak --contract` (with the worker's --check-invariants) and
by `fuzz/run` (seed inputs for the fuzzer). Python standard library only.
"""
import json
import os
import random

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The numbers every bound is probed with, besides the bounds themselves.
EDGES = [0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300, 1e-15, 1e-9, 0.5, 1.0, 1e12, 1e15,
         3.5e21, 1e24, -1e24, -1e15, -1.0, 1.7976931348623157e308]
# Methods that start a motion or move the offset, weighted up so motions run often.
MOTION = {"session.endDragging": 3, "session.tick": 6, "session.scroll": 4, "session.drag": 3,
          "session.endPagerDragging": 2, "session.scrollPager": 3, "session.scrollToChild": 2, "session.selectPage": 2}
# Mid-motion changes.
CHANGES = {"session.setViewport": 3, "session.setInsets": 2, "session.setContentHeight": 3, "session.update": 2,
           "session.insertChildren": 2, "session.removeChildren": 1}
# Calls that end the worker or its sessions' service: rare.
RARE = {"shutdown": 0, "exit": 0, "session.destroy": 0.3, "rpc.discover": 0.05}


class ContractWalk:
    def __init__(self, seed, document=None, max_sessions=12, max_children=24):
        self.r = random.Random(seed)
        doc = document or json.load(open(os.path.join(ROOT, "protocol", "openrpc.json")))
        self.schemas = doc["components"]["schemas"]
        self.methods = {m["name"]: m for m in doc["methods"]}
        self.max_sessions = max_sessions
        self.max_children = max_children
        self.sessions = {}  # id -> {"children": [...], "pages": [...], "pagers": [...], "grid": bool}
        self.serial = 0
        self.time = 0.0
        names = sorted(self.methods)
        self.weights = [RARE.get(n, MOTION.get(n, CHANGES.get(n, 1))) * (4 if n.endswith(".create") else 1) for n in names]
        self.names = names

    # -- values drawn from a schema ------------------------------------------------
    def resolve(self, s):
        while "$ref" in s:
            s = self.schemas[s["$ref"].split("/")[-1]]
        return s

    def number(self, s, integer=False):
        r = self.r
        lo = s.get("minimum", s.get("exclusiveMinimum"))
        hi = s.get("maximum")
        c = r.random()
        if c < 0.45:  # ordinary values
            v = r.choice([r.uniform(0, 1000), r.uniform(-200, 5000), float(r.randint(0, 3000)), r.uniform(0, 20)])
        elif c < 0.75:  # the edges
            v = r.choice(EDGES)
        else:  # the bounds and just inside them
            v = r.choice([x for x in (lo, hi) if x is not None] or EDGES)
            v = r.choice([v, v * (1 - 1e-16), v + 5e-324 if "exclusiveMinimum" in s else v, v / 2])
        if integer:
            v = float(int(max(-2**53, min(2**53, v)))) if abs(v) < 1e300 else float(r.choice([0, 16, 17, 2**53]))
        if lo is not None and (v < lo or ("exclusiveMinimum" in s and v <= lo)) and r.random() < 0.9:
            v = lo if "exclusiveMinimum" not in s else lo + max(5e-324, abs(lo) * 1e-15)
        if hi is not None and v > hi and r.random() < 0.9:
            v = hi
        return int(v) if integer else v

    def string(self, s, name):
        r = self.r
        if "enum" in s:
            return r.choice(s["enum"])
        if "const" in s:
            return s["const"]
        hi = s.get("maxLength", 40)
        n = r.choice([s.get("minLength", 1), 1, 3, 8, hi, hi + 1 if r.random() < 0.05 else 4])
        return "".join(r.choice("abcxyz0129é") for _ in range(max(0, n)))

    def value(self, s, name="", depth=0):
        r = self.r
        s = self.resolve(s)
        if "oneOf" in s:
            return self.value(r.choice(s["oneOf"]), name, depth)
        if "const" in s:
            return s["const"]
        if "enum" in s:
            return r.choice(s["enum"])
        t = s.get("type", "object")
        if isinstance(t, list):
            t = r.choice(t) if r.random() < 0.3 else next((x for x in t if x != "null"), t[0])
        named = self.named(name, t)
        if named is not None:
            return named
        if t == "number":
            return self.number(s)
        if t == "integer":
            return self.number(s, integer=True)
        if t == "boolean":
            return r.random() < 0.5
        if t == "null":
            return None
        if t == "string":
            return self.string(s, name)
        if t == "array":
            if depth > 4:
                return []
            n = r.choice([0, 1, 1, 2, 3, 5]) if name != "children" else r.randint(0, 6)
            items = s.get("items", {})
            if name == "points":
                return sorted(self.number(self.resolve(items)) for _ in range(n))
            return [self.value(items, name, depth + 1) for _ in range(n)]
        if t == "object":
            if name == "children" or self.is_child_spec(s):
                return self.child_spec(s, depth)
            props = s.get("properties", {})
            out = {}
            for k, sub in props.items():
                if k in s.get("required", []) or r.random() < 0.35:
                    out[k] = self.value(sub, k, depth + 1)
            extra = s.get("additionalProperties")
            if isinstance(extra, dict) and r.random() < 0.5:
                for k in self.known_children()[:r.randint(1, 3)] or ["x"]:
                    out[k] = self.value(extra, "", depth + 1)
            return out
        return None

    def is_child_spec(self, s):
        return "kind" in s.get("properties", {}) and "pages" in s.get("properties", {})

    def fresh(self, prefix="c"):
        self.serial += 1
        return f"{prefix}{self.serial}"

    def child_spec(self, s, depth):
        """A child of one kind with that kind's members (the ChildSpec schema lists them all)."""
        r = self.r
        s = self.resolve(s)
        props = s["properties"]
        kind = r.choice(props["kind"]["enum"])
        spec = {"id": self.fresh(), "kind": kind}
        members = {"scroll": ["contentHeight"], "fixed": ["height"], "sticky": ["height", "pinOffset"], "page": [],
                   "pager": ["pages", "offsetPolicy", "fillViewport", "pageSnap"],
                   "collapsing": ["maxHeight", "minHeight", "mode", "snap"]}.get(kind, [])
        for k in members:
            if k in props and (r.random() < 0.7 or k in ("pages", "maxHeight") or (kind == "sticky" and k == "height")):
                if k == "pages":
                    spec[k] = [{"id": self.fresh("p"), "contentHeight": self.number(self.resolve(props[k]["items"])["properties"]["contentHeight"])}
                               for _ in range(r.randint(1, 4))]
                else:
                    spec[k] = self.value(props[k], k, depth + 1)
        if kind == "collapsing" and "minHeight" in spec and isinstance(spec.get("maxHeight"), (int, float)):
            spec["minHeight"] = min(spec["minHeight"], spec["maxHeight"]) if r.random() < 0.9 else spec["minHeight"]
        return spec

    # -- names the schemas cannot know ---------------------------------------------
    def known_children(self):
        return list(self.current.get("children", [])) if self.current else []

    def named(self, name, t):
        r = self.r
        if t != "string" and not (t == "array" and name == "children" and self.deleting):
            return None
        cur = self.current or {}
        if name == "session":
            return self.session_id
        if name in ("child", "children") and self.deleting:
            kids = cur.get("children", [])
            return r.sample(kids, min(len(kids), r.randint(1, 2))) if kids else ["none"]
        if name == "child":
            pagers = cur.get("pagers", [])
            if pagers and self.method in ("session.scrollPager", "session.selectPage", "session.endPagerDragging"):
                return r.choice(pagers)
            kids = cur.get("children", [])
            return r.choice(kids) if kids and r.random() < 0.95 else "none"
        if name in ("page", "selected"):
            pages = cur.get("pages", [])
            return r.choice(pages) if pages and r.random() < 0.95 else "none"
        if name == "id":
            return self.fresh("s") if self.method.endswith(".create") or self.method == "session.restore" else self.fresh()
        if name == "template" and t == "string":
            return r.choice(self.templates)
        return None

    templates = ["shortContainer", "stickyTabs", "feed", "profileTabs", "collapsingNav", "t1"]

    # -- calls ---------------------------------------------------------------------
    def next_call(self):
        """(method, params) of the next call."""
        r = self.r
        live = [s for s in self.sessions]
        while True:
            method = r.choices(self.names, self.weights)[0]
            creates = method.endswith(".create") or method == "session.restore"
            if creates and len(live) >= self.max_sessions:
                continue
            if not creates and any(p["name"] == "session" for p in self.methods[method]["params"]) and not live:
                continue
            break
        self.method = method
        self.session_id = r.choice(live) if live else "none"
        self.current = self.sessions.get(self.session_id)
        self.deleting = method == "session.removeChildren"
        params = {}
        for p in self.methods[method]["params"]:
            if p.get("required") or r.random() < 0.5:
                params[p["name"]] = self.value(p["schema"], p["name"])
        if method == "session.tick" or (method == "session.endDragging" and "time" in params):
            # A clock that mostly moves forward a frame or a few, sometimes jumps.
            self.time += r.choice([1 / 60, 1 / 60, 1 / 30, 0.25, 2.0, 10.0])
            params["time"] = self.time if r.random() < 0.9 else params["time"]
        if method == "session.restore" and self.snapshot is not None and r.random() < 0.8:
            params["snapshot"] = self.snapshot
            params["id"] = self.fresh("s")
        return method, params

    snapshot = None
    current = None
    method = ""
    session_id = "none"
    deleting = False

    def observe(self, method, params, reply):
        """Learns sessions, children and pages from a reply (a parsed JSON object)."""
        result = reply.get("result") if isinstance(reply, dict) else None
        if result is None:
            return
        if method in ("session.destroy",):
            self.sessions.pop(params.get("session"), None)
            return
        if method == "session.snapshot":
            self.snapshot = result
            return
        if method == "session.defineTemplate":
            self.templates.append(params.get("name"))
            return
        if not isinstance(result, dict) or "session" not in result:
            return
        s = result["session"]
        entry = self.sessions.setdefault(s, {"children": [], "pages": [], "pagers": []})
        children = result.get("children")
        if isinstance(children, list) and (method in ("session.create", "session.restore", "session.get") or not entry["children"]):
            entry["children"] = [c["id"] for c in children]
            entry["pagers"] = [c["id"] for c in children if "pages" in c]
            entry["pages"] = [p["id"] for c in children for p in c.get("pages", [])]
        if method == "session.insertChildren":
            for c in params.get("children", []):
                if isinstance(c, dict) and "id" in c and c["id"] not in entry["children"]:
                    entry["children"].append(c["id"])
                    if c.get("kind") == "pager":
                        entry["pagers"].append(c["id"])
                        entry["pages"] += [p["id"] for p in c.get("pages", []) if isinstance(p, dict) and "id" in p]
        if method == "session.removeChildren":
            gone = set(params.get("children", []))
            entry["children"] = [c for c in entry["children"] if c not in gone]
            entry["pagers"] = [c for c in entry["pagers"] if c not in gone]

    def assume_success(self, method, params):
        """Learns what a call would create if it succeeded, for inputs written without a worker (fuzz seeds)."""
        if method in ("session.create", "grid.create") and isinstance(params.get("id"), str):
            children = [c for c in params.get("children", []) if isinstance(c, dict)]
            self.observe(method, params, {"result": {"session": params["id"], "children": [
                {"id": c.get("id"), **({"pages": c["pages"]} if isinstance(c.get("pages"), list) else {})} for c in children]}})
        elif method not in ("session.create", "grid.create", "session.restore", "session.snapshot"):
            self.observe(method, params, {"result": None})

    def request(self, i, method, params):
        return json.dumps({"jsonrpc": "2.0", "id": i, "method": method, "params": params},
                          separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def write_seeds(folder, count, seed=1, max_bytes=2000):
    """`count` fuzz inputs, each a line-framed run of calls from one walk (fuzz/run)."""
    os.makedirs(folder, exist_ok=True)
    for k in range(count):
        walk = ContractWalk(seed * 100_000 + k)
        lines, size, i = [], 0, 0
        while True:
            i += 1
            method, params = walk.next_call()
            if method.endswith(".create"):
                params["id"] = walk.fresh("s")
            line = walk.request(i, method, params)
            if size + len(line) + 1 > max_bytes:
                break
            lines.append(line)
            size += len(line.encode()) + 1
            walk.assume_success(method, params)
        with open(os.path.join(folder, f"seed-contract-{k}"), "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    import sys
    write_seeds(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 100)
