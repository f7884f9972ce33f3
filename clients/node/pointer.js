// Turns DOM pointer events into `session.pointer` calls, or a grid's `grid.pointer` calls (docs/pointer.md).
import { calls } from './index.js';

const PHASES = { pointerdown: 'down', pointermove: 'move', pointerup: 'up', pointercancel: 'cancel' };

/**
 * One finger on one session, fed DOM PointerEvent-likes `{type, clientX,
 * clientY, timeStamp, pointerId?}` (`timeStamp` in milliseconds, as the DOM
 * gives it) and the viewport's origin in client coordinates. It keeps the
 * first pointer down and drops what the engine would refuse: hover moves, a
 * second finger, an up with no finger down. `engine` is the session's
 * (`'grid'` sends `grid.pointer`). `call(event)` is the Call to send, or null.
 */
export class PointerForwarder {
  constructor(session, origin = { x: 0, y: 0 }, engine = 'container') {
    if (engine !== 'container' && engine !== 'grid') throw new TypeError(`engine must be 'container' or 'grid', not ${engine}`);
    this.session = session;
    this.origin = origin;
    this.pointerId = null;
    this.send = engine === 'grid' ? calls.gridPointer : calls.pointer;
  }

  call(event) {
    const phase = PHASES[event.type];
    if (phase === undefined) return null;
    const id = event.pointerId ?? 0;
    if (phase === 'down') {
      if (this.pointerId !== null) return null;
      this.pointerId = id;
    } else {
      if (this.pointerId !== id) return null;
      if (phase !== 'move') this.pointerId = null;
    }
    return this.send(this.session, phase, event.clientX - this.origin.x, event.clientY - this.origin.y,
      event.timeStamp / 1000);
  }
}
