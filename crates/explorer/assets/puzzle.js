// The generic page of any registered puzzle (/puzzle/NAME): everything it
// shows comes from the puzzle's library through the registry, so a new
// puzzle has this page with no code here. The form is built from
// /api/puzzles (the example, the algorithms, the crate's own settings);
// the answer of /api/puzzle/NAME gives the record's status and counters,
// the board as data (givens marked, the solution filled), the event
// stream of docs/events.md stepped by the shared player, and the crate's
// SVG picture. The inputs live in the URL, so a link or a reload shows
// the same solve at the same step.

import { cutNote, liveList, loadJson, mountView } from './page.js';
import { Panel } from './panel.js';
import { blackSquare, gridBoard, squareText } from './board.js';
import { html } from './svg.js';

const name = document.getElementById('app').dataset.puzzle;
const { answer: catalogue } = await loadJson('/api/puzzles');
const puzzle = catalogue.puzzles.find((entry) => entry.name === name);
// The events listed around the step shown: enough to see what led to it.
const RECENT = 8;

mountView({
  api: `/api/puzzle/${name}`,
  fields: [
    {
      name: 'puzzle', label: 'puzzle', kind: 'textarea', value: puzzle.example, required: true,
      rows: Math.min(12, Math.max(2, puzzle.example.split('\n').length + 1)),
    },
    {
      name: 'algo', label: 'algorithm', kind: 'select', value: puzzle.algorithms[0].name,
      options: puzzle.algorithms.map((algo, index) => {
        const notes = [index === 0 ? 'default' : null, algo.watchable ? null : 'reports no events'].filter(Boolean);
        return [algo.name, notes.length > 0 ? `${algo.name} (${notes.join(', ')})` : algo.name];
      }),
    },
    // A setting that takes a text of lines (crossword's word list) gets
    // a text area; the others one line.
    ...puzzle.settings.map((setting) => ({
      name: setting.name, label: `${setting.name} (${setting.takes})`, value: '',
      kind: /\btext\b/.test(setting.takes) ? 'textarea' : 'text',
    })),
  ],
  autostart: true,
  help: 'Bold cells are the givens, blue ones the solution\'s (filled once the search has found it). Each step is one event of the search, as `--events -` writes it.',
  makeView: (answer, query) => new PuzzleView(answer, query.get('algo') ?? puzzle.algorithms[0].name),
});

class PuzzleView extends Panel {
  constructor(answer, algo) {
    super(answer, 0, 'panel generic');
    // The solution shows from the event that reports it on (a search's
    // `goal`, a csp's first `solution`), or at the end of the stream.
    const found = this.events.findIndex((event) => event.kind === 'goal' || event.kind === 'solution');
    this.solvedAt = found < 0 ? this.total : found + 1;
    this.boardBox = html('div', { class: 'grid-box', 'data-testid': 'board' });
    this.eventLine = html('p', { class: 'node-facts event-line', 'data-testid': 'event' });
    this.stateBox = html('pre', { class: 'event-state', 'data-testid': 'state' });
    this.recent = html('ol', { class: 'events', 'data-testid': 'events' });
    const algorithm = puzzle.algorithms.find((entry) => entry.name === algo);
    const noEvents = algorithm && !algorithm.watchable
      ? `${algo} reports no events: the board shows its answer.` : '';
    const picture = html('figure', { class: 'picture', 'data-testid': 'picture' });
    if (answer.svg) picture.append(parseSvg(answer.svg));
    // The record's counters: status, uniqueness, nodes, the crate's own
    // counters (every number of `stats` beside them), the time.
    const stats = this.record.stats ?? {};
    const own = Object.entries(stats).filter(([key, value]) => key !== 'nodes' && key !== 'micros' && typeof value === 'number');
    this.fill({
      title: `${puzzle.title}, ${algo}`,
      counters: ['status', 'unique', ['nodes', stats.nodes], ...own, ['time', `${((stats.micros ?? 0) / 1000).toFixed(1)} ms`]],
      note: cutNote(answer) || noEvents,
      left: [html('h3', { text: 'board' }), this.boardBox, this.eventLine, this.stateBox],
      right: [html('h3', { text: 'events so far' }), this.live, html('h3', { text: 'last events' }), this.recent],
      more: [html('h3', { text: `picture (as \`${name} solve --svg\` draws it)` }), picture],
    });
  }

  show(step) {
    const tally = new Map();
    for (const event of this.events.slice(0, step)) tally.set(event.kind, (tally.get(event.kind) ?? 0) + 1);
    liveList(this.live, [['events', step], ...tally]);
    const solved = step >= this.solvedAt;
    this.boardBox.replaceChildren(drawBoard(solved ? this.answer.board : this.answer.givens, solved));
    const current = this.events[step - 1];
    this.eventLine.textContent = current ? `event ${step}: ${eventLine(current)}`
      : this.total === 0 ? 'no events: the board is the answer' : 'before the search';
    // A search event's state as the crate writes it (the board taken up).
    this.stateBox.textContent = current?.state ?? '';
    this.stateBox.hidden = !current?.state;
    const from = Math.max(0, step - RECENT);
    this.recent.replaceChildren(...this.events.slice(from, step).map((event, index) =>
      html('li', { class: from + index === step - 1 ? 'here' : '', text: eventLine(event) })));
  }
}

// The board as data: each cell's text, the givens bold, the others (the
// solution's) blue; a black cell black, its number white, and a given `#`
// a block, as the crossword draws it.
function drawBoard(board, solved) {
  return gridBoard({
    rows: board.rows,
    cols: board.cols,
    pixels: Math.min(360, 40 * Math.max(board.rows, board.cols)),
    className: `generic-board${solved ? ' solved' : ''}`,
    label: solved ? 'the solution' : 'the givens',
    square: (r, c, box) => {
      const cell = board.cells[r * board.cols + c];
      if (cell?.black || (cell?.given && cell.text === '#')) return blackSquare(box, cell.text);
      if (!cell || cell.text === '') return [];
      // Longer texts (a 16x16 sudoku's `10`) a little smaller.
      const scale = cell.text.length > 1 ? 0.62 / Math.sqrt(cell.text.length) : 0.62;
      return [squareText(box, cell.text, `digit ${cell.given ? 'given' : 'placed'}`, scale)];
    },
  });
}

// An event as one line: its kind, then its fields (the state aside, shown
// whole under the board), long values cut.
function eventLine(event) {
  const fields = Object.entries(event)
    .filter(([key]) => !['v', 'step', 'kind', 'state'].includes(key))
    .map(([key, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return `${key} ${text.length > 48 ? `${text.slice(0, 47)}…` : text}`;
    });
  return [event.kind, ...fields].join(' · ');
}

// The crate's SVG picture as an element: parsed as XML, never as HTML, so
// nothing in it runs.
function parseSvg(text) {
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.nodeName !== 'svg') return html('p', { class: 'note', text: 'the picture could not be read' });
  root.classList.add('puzzle-svg');
  return document.importNode(root, true);
}
