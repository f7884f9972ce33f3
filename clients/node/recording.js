// Recording a client's session as a conformance transcript
// (protocol/conformance/README format: an optional {"args": [...]} line, then
// {"send", "expect"} per message sent, in send order), which `omniscroll
// trace` draws and every client's replayer replays byte for byte.
//
// The transport tells the recorder each line it writes (and whether a reply
// will answer it) and each reply line it reads; the worker answers in the
// order it reads, so the oldest line still waiting is the one a reply answers.
import { closeSync, openSync, writeSync } from 'node:fs';

export class Recorder {
  constructor(path, args = []) {
    this._fd = openSync(path, 'w');
    this._lines = []; // {send, expect, done}
    if (args.length) writeSync(this._fd, JSON.stringify({ args }) + '\n');
  }

  /** `text`: the lines written at once; `answered`: per line, whether a reply answers it. */
  sent(text, answered) {
    const lines = text.split('\n');
    lines.pop();
    lines.forEach((send, i) => this._lines.push({ send, expect: null, done: !answered[i] }));
    this._flush();
  }

  /** A reply line (a string without its `\n`). */
  received(line) {
    const entry = this._lines.find((e) => !e.done);
    if (entry) {
      entry.expect = line;
      entry.done = true;
    }
    this._flush();
  }

  _flush() {
    let n = 0;
    while (n < this._lines.length && this._lines[n].done) n++;
    if (!n) return;
    const out = this._lines.splice(0, n).map((e) => JSON.stringify({ send: e.send, expect: e.expect }) + '\n');
    writeSync(this._fd, out.join(''));
  }

  /** Writes what is left (a line never answered has expect null) and closes the file. */
  close() {
    if (this._fd === null) return;
    for (const e of this._lines) e.done = true;
    this._flush();
    closeSync(this._fd);
    this._fd = null;
  }
}
