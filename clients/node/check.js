// The checks every call's params pass before they are sent, walking the
// pruned schemas surface.js generates from protocol/openrpc.json.
//
// A fault throws InvalidArgumentError naming the method, the param's JSON path
// (`params.viewport.width`, as the worker's -32602 data names it) and what was
// expected, worded as the Python client's _check.py words it. Besides
// checking, the walk makes the params JSON: an object whose members are all
// numbers may be given as an array of them in declaration order
// (`[375, 800]` for a viewport), an object's toJSON() is used, and undefined
// (at any depth) means "not given".
import { PARAMS, SCHEMAS } from './surface.js';

export class InvalidArgumentError extends RangeError {
  constructor(method, param, reason) {
    super(`${method}: ${param}: ${reason}`);
    this.name = 'InvalidArgumentError';
    this.method = method;
    this.param = param;
    this.reason = reason;
  }
}

class Fault {
  constructor(path, reason) { this.path = path; this.reason = reason; }
}

/** What a value is, in the words every client uses. */
export function describe(v) {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'undefined': return 'undefined';
    case 'boolean': return 'a boolean';
    case 'number':
      if (Number.isNaN(v)) return 'NaN';
      if (!Number.isFinite(v)) return v > 0 ? 'Infinity' : '-Infinity';
      return 'a number';
    case 'bigint': return 'a BigInt';
    case 'string': return 'a string';
    case 'object':
      if (Array.isArray(v)) return `an array of ${v.length} item${v.length === 1 ? '' : 's'}`;
      return 'an object';
    default: return `a ${typeof v}`;
  }
}

const TYPE_WORDS = { number: 'a number', integer: 'an integer', string: 'a string', boolean: 'a boolean',
  null: 'null', array: 'an array', object: 'an object' };
const quote = (s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const got = (v) => (typeof v === 'string' ? quote(v) : describe(v));

function tupleMembers(schema) {
  const props = schema.properties;
  if (!props || schema.additionalProperties !== false) return null;
  const names = Object.keys(props);
  return names.length && names.every((k) => props[k].type === 'number') ? names : null;
}

function expected(schema) {
  if (schema.$ref !== undefined) return expected(SCHEMAS[schema.$ref]);
  if ('const' in schema) return typeof schema.const === 'string' ? quote(schema.const) : String(schema.const);
  if (schema.enum) return 'one of ' + schema.enum.map(quote).join(', ');
  if (schema.oneOf) return schema.oneOf.map(expected).join(' or ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const words = types.map((t) => {
    const tuple = t === 'object' ? tupleMembers(schema) : null;
    return tuple ? `an object or an array of ${tuple.length} numbers [${tuple.join(', ')}]` : TYPE_WORDS[t];
  });
  return words.join(' or ') || 'any value';
}

const refs = new Map();

function ref(name) {
  let c = refs.get(name);
  if (!c) {
    let inner;
    refs.set(name, (v, path) => inner(v, path)); // a schema may refer to itself
    inner = compile(SCHEMAS[name]);
    c = inner;
    refs.set(name, c);
  }
  return c;
}

function compile(schema) {
  if (schema.$ref !== undefined) return ref(schema.$ref);
  const want = expected(schema);
  if ('const' in schema) {
    return (v, path) => {
      if (v !== schema.const) throw new Fault(path, `expected ${want}, got ${got(v)}`);
      return v;
    };
  }
  if (schema.enum) {
    const values = new Set(schema.enum);
    return (v, path) => {
      if (typeof v !== 'string' || !values.has(v)) throw new Fault(path, `expected ${want}, got ${got(v)}`);
      return v;
    };
  }
  if (schema.oneOf) {
    const variants = schema.oneOf.map(compile);
    return (v, path) => {
      let deepest = null;
      for (const c of variants) {
        try {
          return c(v, path);
        } catch (f) {
          if (!(f instanceof Fault)) throw f;
          if (!deepest || f.path.length > deepest.path.length) deepest = f;
        }
      }
      if (deepest && deepest.path.length > path.length) throw deepest; // the nearest variant, where it strayed
      throw new Fault(path, `expected ${want}, got ${describe(v)}`);
    };
  }
  const types = new Set(Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
  if (!types.size) return (v) => v;
  const obj = types.has('object') ? objectChecker(schema) : null;
  const arr = types.has('array') ? arrayChecker(schema) : null;
  const tuple = types.has('object') ? tupleMembers(schema) : null;
  const number = types.has('number');
  const integer = types.has('integer');
  const check = (v, path) => {
    switch (typeof v) {
      case 'number':
        if (Number.isFinite(v) && (number || (integer && Number.isInteger(v)))) return v;
        break;
      case 'string':
        if (types.has('string')) return v;
        break;
      case 'boolean':
        if (types.has('boolean')) return v;
        break;
      case 'object':
        if (v === null) {
          if (types.has('null')) return v;
          break;
        }
        if (Array.isArray(v)) {
          if (arr) return arr(v, path);
          if (tuple && v.length === tuple.length) return obj(Object.fromEntries(tuple.map((k, i) => [k, v[i]])), path);
          break;
        }
        if (typeof v.toJSON === 'function') return check(v.toJSON(), path);
        if (obj) return obj(v, path);
        break;
      default:
    }
    throw new Fault(path, `expected ${want}, got ${got(v)}`);
  };
  return check;
}

function objectChecker(schema, dropUndefined = true) {
  const props = new Map(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, compile(s)]));
  const want = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, expected(s)]));
  const required = schema.required ?? [];
  const extra = schema.additionalProperties;
  const extraCheck = extra && typeof extra === 'object' ? compile(extra) : null;
  const known = [...props.keys()].join(', ');
  return (v, path) => {
    const out = {};
    for (const k of Object.keys(v)) {
      const x = v[k];
      if (x === undefined && dropUndefined) continue;
      const c = props.get(k);
      if (c) out[k] = c(x, `${path}.${k}`);
      else if (extraCheck) out[k] = extraCheck(x, `${path}.${k}`);
      else if (extra === false) throw new Fault(`${path}.${k}`, `unknown name (expected one of ${known})`);
      else out[k] = x;
    }
    for (const k of required) {
      if (!(k in out)) throw new Fault(`${path}.${k}`, `missing (expected ${want[k]})`);
    }
    return out;
  };
}

function arrayChecker(schema) {
  const items = compile(schema.items ?? {});
  const lo = schema.minItems;
  const hi = schema.maxItems;
  return (v, path) => {
    if ((lo !== undefined && v.length < lo) || (hi !== undefined && v.length > hi)) {
      const n = lo === hi ? `${lo}` : `${lo ?? 0} to ${hi ?? 'any'}`;
      throw new Fault(path, `expected an array of ${n} items, got ${describe(v)}`);
    }
    return v.map((x, i) => items(x, `${path}[${i}]`));
  };
}

const compiled = new Map();

/** `given` (undefined: not given) checked against `method`'s params, as JSON. */
export function checkParams(method, given) {
  let c = compiled.get(method);
  if (!c) {
    c = objectChecker(PARAMS[method]);
    compiled.set(method, c);
  }
  try {
    return c(given, 'params');
  } catch (f) {
    if (f instanceof Fault) throw new InvalidArgumentError(method, f.path, f.reason);
    throw f;
  }
}
