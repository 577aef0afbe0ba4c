// The Ripple Effect view: brute force and MRV with forward checking side
// by side on one puzzle, stepped together one recursive call at a time. Each side replays
// the crate's own events (docs/events.md: each `expand` or `goal` is a
// call, with the grid it tests) beside its trace, which says in the course
// formulation's terms what the call does: brute force names the next cell in reading
// order and the digits that fit; MRV names the cell findMinMRV picks and
// the values forward checking left it. Step k shows call number k on
// each side.

import { gridBoard, pencilMarks, squareText } from './board.js';
import { cutNote, liveList, loadOwn, mountView } from './page.js';
import { labelOf, Panel } from './panel.js';
import { Sides } from './sides.js';
import { html } from './svg.js';

const ALGOS = [
  ['brute', 'brute force (reading order)'],
  ['mrv', 'MRV with forward checking'],
];
// A generated 6x6 (`ripple generate --size 6x6 --seed 3 --difficulty
// medium`, fixtures/ripple/puzzles/generated-6x6-medium-s3.txt): brute
// force 682 calls, MRV 118.
const EXAMPLE = 'https://puzz.link/p?ripple/6/6/lbb7a8n070rjm2h5g4k2j3h1l4h';
const DIGITS = '123456789';

// One call of the generic route with the view's part (the trace and the
// grid beside the events) per side.
mountView({
  load: (request) => {
    const sides = [request.get('algo') ?? 'brute'];
    if (request.get('algo2') !== 'none') sides.push(request.get('algo2') ?? 'mrv');
    return loadOwn('ripple', sides.map((algo) => ({ puzzle: request.get('puzzle') ?? '', algo })));
  },
  fields: [
    { name: 'puzzle', label: 'puzzle (a puzz.link URL, or a puzzle file: pzprv3, an ASCII wall drawing)', kind: 'textarea', rows: 2, value: EXAMPLE, required: true },
    { name: 'algo', label: 'left', kind: 'select', options: ALGOS, value: 'brute' },
    { name: 'algo2', label: 'right', kind: 'select', options: [...ALGOS, ['none', 'nothing']], value: 'mrv' },
  ],
  help: 'Step k shows recursive call k of each solver: thick lines are the room walls, bold digits the givens, blue ones placed; the outlined cell is the one the call fills, with the digits it will try as small marks (red: none, a dead end).',
  makeView: (answer) => new Sides(answer.sides.map((side, index) => new Side(side, index))),
});

// One solver's run: its record, and its calls paired with their trace lines.
class Side extends Panel {
  constructor(answer, index) {
    super(answer, index);
    this.grid = answer.grid;
    const callEvents = answer.events.filter((event) => event.kind === 'expand' || event.kind === 'goal');
    const { start, calls, end } = callsOfTrace(answer.trace);
    this.calls = calls.slice(0, callEvents.length).map((call, at) => ({ ...call, event: callEvents[at] }));
    this.startLine = start;
    this.endLine = end;
    this.startEvent = answer.events.find((event) => event.kind === 'start');
    this.complete = !answer.cut && end !== null;
    // Step k is call number k (MRV's first calls fill the rooms of one
    // cell before its search starts), then one step for the end when the
    // run was sent whole.
    this.firstCall = this.calls.length > 0 ? this.calls[0].number : 1;
    this.lastCall = this.calls.length > 0 ? this.calls.at(-1).number : 0;
    this.total = this.lastCall + (this.complete ? 1 : 0);
    this.boardBox = html('div', { class: 'ripple-box' });
    this.facts = html('div', { class: 'call-facts', 'data-testid': 'call' });
    const stats = this.record.stats ?? {};
    this.fill({
      title: labelOf(ALGOS, this.algo),
      counters: [
        'status',
        ['recursive_calls', stats.recursive_calls ?? '–'],
        ['nodes', stats.nodes ?? '–'],
        ['backtracks', stats.backtracks ?? '–'],
        'unique',
        'time',
      ],
      note: sideNote(answer, this.calls.length),
      left: [this.boardBox],
      right: [html('h3', { text: 'so far' }), this.live, this.facts],
    });
  }

  show(step) {
    // The calls made by step `step`.
    const at = Math.max(0, Math.min(step - this.firstCall + 1, this.calls.length));
    const call = at > 0 ? this.calls[at - 1] : null;
    const ended = this.complete && step > this.lastCall;
    let values;
    let lines;
    if (ended) {
      values = this.record.solution ? this.record.solution.flat() : gridOf(call?.event ?? this.startEvent);
      lines = [this.endLine];
    } else if (call) {
      values = gridOf(call.event);
      lines = [call.line, ...call.tries];
    } else {
      values = gridOf(this.startEvent) ?? this.grid.givens;
      lines = [this.startLine ?? 'before the search'];
    }
    const chosen = !ended && call ? chosenCell(call.line) : null;
    this.boardBox.replaceChildren(rippleSvg(this.grid, values, chosen));
    this.facts.replaceChildren(...lines.filter(Boolean).map((line) => html('div', {
      class: line.startsWith('  ') ? 'trace-line try' : 'trace-line', text: line.trim(),
    })));
    const done = this.calls.slice(0, at);
    liveList(this.live, [
      ['recursive calls', call ? call.number : Math.min(step, this.firstCall - 1)],
      ['backtracks', done.filter((made) => made.deadEnd).length],
      ['depth', call ? call.event.depth : 0],
      ['cells filled', values.filter((value) => value > 0).length],
    ]);
  }
}

// The trace's lines grouped: the `start:` line, each `call N (depth d):`
// line with the lines under it (the digits tried), the `end:` line.
function callsOfTrace(trace) {
  let start = null;
  let end = null;
  const calls = [];
  for (const line of trace) {
    const call = /^call (\d+) \(depth (\d+)\): (.*)$/.exec(line);
    if (call) {
      calls.push({ number: Number(call[1]), line, what: call[3], tries: [], deadEnd: /backtrack$/.test(line) });
    } else if (line.startsWith('  ') && calls.length > 0) {
      calls.at(-1).tries.push(line);
    } else if (line.startsWith('start:')) {
      start = line;
    } else if (line.startsWith('end:')) {
      end = line;
    }
  }
  return { start, calls, end };
}

// The cell a call fills and the digits it will try, from its trace line:
// MRV `findMinMRV: r1c5, values 3 4` (or `r3c3 has no value left`); brute
// force `r1c1 (room of 5): 1 2 3 5 fit` (or `no digit fits`, or `holds the
// given 4`).
function chosenCell(line) {
  const cell = /(?:findMinMRV: |\): )r(\d+)c(\d+)/.exec(line);
  if (!cell) return null;
  const digits = /values ([\d ]+)$/.exec(line) ?? /: ([\d ]+) fit$/.exec(line) ?? /holds the given (\d+)$/.exec(line);
  return {
    r: Number(cell[1]) - 1,
    c: Number(cell[2]) - 1,
    digits: digits ? digits[1].trim().split(/\s+/) : [],
  };
}

// The rows of digits an event carries (`state_line`), flat.
function gridOf(event) {
  if (!event || !event.state_line) return null;
  return JSON.parse(event.state_line).flat();
}

// The grid: room walls thick, givens bold, placed digits blue, the chosen
// cell outlined with the digits it will try as pencil marks.
function rippleSvg(grid, values, chosen) {
  const { rows, cols, rooms, givens } = grid;
  const room = (r, c) => rooms[r * cols + c];
  const per = 3;
  const square = (r, c, box) => {
    const value = values[r * cols + c];
    if (chosen && chosen.r === r && chosen.c === c && value === 0) {
      return pencilMarks(box, chosen.digits, DIGITS, per, 'pencil chosen');
    }
    if (value === 0) return [];
    return [squareText(box, value, givens[r * cols + c] > 0 ? 'digit given' : 'digit placed')];
  };
  const outlines = [];
  if (chosen) {
    outlines.push({
      r: chosen.r, c: chosen.c, testid: 'chosen-cell',
      class: chosen.digits.length === 0 ? 'marked-cell dead' : 'marked-cell',
    });
  }
  return gridBoard({
    rows, cols, square, outlines, pixels: 300, className: 'ripple', label: `ripple grid, ${rows} rows of ${cols}`,
    wall: (r, c, r2, c2) => (room(r, c) === room(r2, c2) ? 'thin' : 'thick'),
  });
}

// What a side's note says: a stream cut by the server's cap, or a search
// stopped by a limit.
function sideNote(answer, calls) {
  if (answer.cut) return `${cutNote(answer)} The player shows its first ${calls} calls.`;
  if (answer.record.limit) return `The search stopped at the server's ${answer.record.limit} limit before an answer.`;
  return '';
}
