// What the generated surface (surface.js) is built on: the base of every
// result type, the call a method builder makes of its arguments, and the
// decoding of a result of one of several types.
import { checkParams } from './check.js';

/**
 * A result object of the contract: its members as received (the wire's
 * names). `new Layout(o)` is `o` itself, given Layout's prototype: a reply's
 * object is the client's own, and copying it would cost more than parsing it.
 */
export class Result {
  constructor(o) {
    if (o === null || typeof o !== 'object' || Array.isArray(o)) throw new TypeError(`${new.target.name}: expected an object`);
    return Object.setPrototypeOf(o, new.target.prototype);
  }
}

/** What a Layout offers beside its members. */
class LayoutHelpers extends Result {
  /** The layout of one child (throws when the reply does not list it). */
  child(id) {
    const c = this.children.find((x) => x.id === id);
    if (!c) throw new Error(`no child ${JSON.stringify(id)} in this layout`);
    return c;
  }
  eventTypes() { return this.events.map((e) => e.type); }
}

// Hand-written helpers a generated result type also derives from, by its name.
const HELPERS = { Layout: LayoutHelpers };

/** The base class of the generated result type `name` (its required members on `REQUIRED`). */
export function bases(name, required) {
  const base = class extends (HELPERS[name] ?? Result) {};
  base.REQUIRED = required;
  return base;
}

/** A result of one of several types: the first whose required members are all present. */
export function union(v, types) {
  if (v === null || typeof v !== 'object') throw new TypeError('expected an object');
  const t = types.find((x) => x.REQUIRED.every((k) => k in v));
  if (!t) throw new TypeError(`a result of none of ${types.map((x) => x.name).join(', ')}`);
  return new t(v);
}

function isNamed(a, names, from) {
  if (a === null || typeof a !== 'object' || Array.isArray(a)) return false;
  const proto = Object.getPrototypeOf(a);
  if (proto !== Object.prototype && proto !== null) return false;
  // One name of a param left makes it the named params (an unknown name
  // beside it is then reported by the checks, not taken for a value).
  return Object.keys(a).some((k) => names.indexOf(k, from) >= 0);
}

/**
 * A method's call from a builder's arguments: its params in order (required
 * first; undefined: not given), or from some point on one object of named
 * params (a plain object with a key naming one of the params left). The
 * argument after them is the call's options (`{timeout}`).
 */
export function build([method, names, decode], args) {
  const given = {};
  let i = 0;
  for (; i < names.length && i < args.length; i++) {
    if (isNamed(args[i], names, i)) {
      Object.assign(given, args[i]);
      i++;
      break;
    }
    given[names[i]] = args[i];
  }
  const call = { method, params: names.length ? checkParams(method, given) : undefined,
    decode: decode ?? (() => null), notify: decode === null, checked: true };
  return { call, opts: args[i] };
}

/** A client's typed method: the call made of `args`, sent; a fault in the args is a rejected promise. */
export function invoke(client, m, args) {
  let b;
  try {
    b = build(m, args);
  } catch (e) {
    return Promise.reject(e);
  }
  return client.call(b.call, b.opts);
}
