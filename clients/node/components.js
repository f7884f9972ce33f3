// Components (seed 003's ControllerKit): objects registered in order, each
// implementing only the events it cares about, called for each event of a
// reply in registration order. A component handles an event type with a
// method named after it (`childDidShow(event)`); one without that method is
// never called for it.
//
//   const manager = new ComponentManager()
//     .register('player', { childDidBecomeActive(e) { … }, childDidResignActive(e) { … } })
//     .register('analytics', new Analytics());
//   const layout = await client.create({ viewport, children, components: manager.param() });
//   manager.dispatch(layout);          // or: client.components = manager
//
// `param()` builds session.create's `components` from the handlers, so the
// worker names exactly the components this manager calls: an event that
// carries `components` reaches those, in that order; an event without it (a
// session created without components) reaches every registered component
// that handles its type, in registration order.
import { ENUMS } from './generated.js';

/** The event types `component` handles, with its handler for each, in the document's order. */
function handlersOf(component) {
  const found = new Map();
  for (const type of ENUMS.EventType) {
    if (typeof component[type] === 'function') found.set(type, component[type].bind(component));
  }
  return found;
}

export class ComponentManager {
  constructor() {
    /** name -> {component, handlers}, in registration order (a Map keeps insertion order) */
    this._registered = new Map();
  }

  /** Adds `component` after those registered before; names are unique. Returns the manager. */
  register(name, component) {
    if (this._registered.has(name)) throw new Error(`a component named '${name}' is already registered`);
    this._registered.set(name, { component, handlers: handlersOf(component) });
    return this;
  }

  get names() { return [...this._registered.keys()]; }

  get(name) { return this._registered.get(name)?.component; }

  /** session.create's `components`: each component with the types it handles. */
  param() {
    return [...this._registered].map(([name, { handlers }]) => ({ name, events: [...handlers.keys()] }));
  }

  /** Calls, for each event of `layout` in order, the handlers of the components it reaches. */
  dispatch(layout) {
    for (const event of layout.events) this.dispatchEvent(event);
  }

  dispatchEvent(event) {
    const named = event.components;
    const names = Array.isArray(named) ? named : this._registered.keys();
    for (const name of names) this._registered.get(name)?.handlers.get(event.type)?.(event);
  }
}
