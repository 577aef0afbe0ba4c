// The sudoku view: the crate's own events (docs/events.md) replayed step by
// step. Seed 004's depth-first or breadth-first search: the board taken up
// with the candidates of its empty cells as pencil marks, the most
// constrained cell (filled next) outlined, dead ends named, the stack or
// queue size. The csp model: the decisions in force, the candidates left
// after each propagation, the variable the last event touched.

import { countersTable, cspLine, cutNote, liveList, mountView, replayCsp, statusText } from './page.js';
import { html, svg } from './svg.js';

const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';
const ALGOS = [
  ['dfs', 'seed 004 depth-first (a stack)'],
  ['bfs', 'seed 004 breadth-first (a queue)'],
  ['csp', 'csp model (MRV, propagation)'],
];
// Seed 004's example: 51 cells to fill.
const EXAMPLE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

mountView({
  api: '/api/sudoku',
  fields: [
    { name: 'puzzle', label: 'puzzle (81 digits or dots, or rows)', kind: 'textarea', rows: 2, value: EXAMPLE, required: true },
    { name: 'algo', label: 'search', kind: 'select', options: ALGOS, value: 'dfs' },
  ],
  help: 'Bold digits are the givens, blue ones placed; small digits are the candidates left (pencil marks); the outlined cell is the most constrained, filled next (csp: the cell the last event touched).',
  makeView: (answer) => new SudokuView(answer),
});

class SudokuView {
  constructor(answer) {
    this.answer = answer;
    this.record = answer.record;
    this.events = answer.events;
    this.total = this.events.length;
    this.algo = this.record.algo;
    this.puzzle = this.record.puzzle;
    this.side = Math.round(Math.sqrt(this.puzzle.length));
    this.element = html('section', { class: 'panel', 'data-panel': 0 });
    this.gridBox = html('div', { class: 'grid-box' });
    this.facts = html('p', { class: 'node-facts' });
    this.live = html('dl', { class: 'live' });
    this.note = html('p', { class: 'note', text: cutNote(answer) });
    const name = ALGOS.find(([value]) => value === this.algo)?.[1] ?? this.algo;
    this.element.append(
      html('h2', { text: `Sudoku, ${name}` }),
      countersTable([
        ['status', statusText(this.record)],
        ['unique', this.record.unique === undefined ? '–' : this.record.unique ? 'yes' : 'no'],
        ['nodes', this.record.stats.nodes],
        ['time', `${(this.record.stats.micros / 1000).toFixed(1)} ms`],
      ]),
      this.note,
      html('div', { class: 'now' }, [
        html('div', {}, [html('h3', { text: this.algo === 'csp' ? 'assignment and candidates' : 'board taken up' }), this.gridBox, this.facts]),
        html('div', {}, [html('h3', { text: 'so far' }), this.live]),
      ]),
    );
  }

  show(step) {
    if (this.algo === 'csp') this.showCsp(step);
    else this.showSeed(step);
  }

  // Seed 004's search: the last board taken up, as the crate drew it.
  showSeed(step) {
    const counts = { tested: 0, expanded: 0, generated: 0 };
    let current = null;
    for (const event of this.events.slice(0, step)) {
      if (event.kind === 'generate') counts.generated += 1;
      if (event.kind === 'expand' || event.kind === 'goal' || event.kind === 'depth_cut') {
        counts.tested += 1;
        current = event;
      }
      if (event.kind === 'expand') counts.expanded += 1;
    }
    const cells = current ? cellsOfState(current.state) : cellsOfLine(this.puzzle);
    let mark = null;
    let verdict = 'the puzzle, before the search';
    if (current) {
      const dead = cells.findIndex((cell) => cell.candidates && cell.candidates.length === 0);
      mark = mostConstrained(cells);
      if (current.kind === 'goal') verdict = 'goal: every cell filled';
      else if (dead >= 0) { verdict = `dead end: ${cellName(dead, this.side)} has no candidate left`; mark = dead; }
      else if (mark !== null) verdict = `most constrained cell ${cellName(mark, this.side)}, candidates ${cells[mark].candidates.join(' ')}`;
      verdict += `; board ${current.id}, depth ${current.depth}, ${this.algo === 'bfs' ? 'queue' : 'stack'} ${current.frontier}`;
    }
    this.gridBox.replaceChildren(gridSvg(cells, this.side, this.puzzle, mark));
    this.facts.textContent = verdict;
    liveList(this.live, [
      ['tested', counts.tested],
      ['expanded', counts.expanded],
      ['generated', counts.generated],
      [this.algo === 'bfs' ? 'queue' : 'stack', current ? current.frontier : 0],
    ]);
  }

  // The csp model: the givens, the decisions in force, and every cell's
  // values not removed so far.
  showCsp(step) {
    const run = replayCsp(this.events, step);
    let cells;
    if (run.solution) {
      cells = cellsOfLine(run.solution.state_line);
    } else {
      cells = cellsOfLine(this.puzzle).map((cell, index) => {
        if (cell.value) return cell;
        const name = cellName(index, this.side);
        if (run.assigned.has(name)) return { value: SYMBOLS[run.assigned.get(name) - 1] };
        const gone = run.removed.get(name) ?? new Set();
        const candidates = [];
        for (let value = 1; value <= this.side; value += 1) if (!gone.has(value)) candidates.push(SYMBOLS[value - 1]);
        return { candidates };
      });
    }
    const touched = run.last && (run.last.var ?? run.last.x);
    const mark = touched ? indexOfCell(touched, this.side) : null;
    this.gridBox.replaceChildren(gridSvg(cells, this.side, this.puzzle, mark));
    this.facts.textContent = cspLine(run.last);
    liveList(this.live, [
      ['decisions', run.counts.decide],
      ['refutations', run.counts.refute],
      ['backtracks', run.counts.backtrack],
      ['wipeouts', run.counts.wipeout],
      ['prunings', run.counts.prune],
      ['depth', run.depth],
    ]);
  }
}

// The cells of a compact line: a symbol, or `.` for an empty cell.
function cellsOfLine(line) {
  return [...line].map((symbol) => (symbol === '.' || symbol === '0' ? { candidates: null } : { value: symbol }));
}

// The cells of a board as the crate draws it: rows of tokens, a symbol
// placed or `{...}` the candidates of an empty cell.
function cellsOfState(state) {
  return state.split('\n').flatMap((row) => row.trim().split(/\s+/)).map((token) =>
    token.startsWith('{') ? { candidates: [...token.slice(1, -1)] } : { value: token });
}

// The empty cell with the fewest candidates, the first on a tie (seed 004's rule).
function mostConstrained(cells) {
  let best = null;
  cells.forEach((cell, index) => {
    if (!cell.candidates) return;
    if (best === null || cell.candidates.length < cells[best].candidates.length) best = index;
  });
  return best;
}

function cellName(index, side) {
  return `r${Math.floor(index / side) + 1}c${(index % side) + 1}`;
}

function indexOfCell(name, side) {
  const match = /^r(\d+)c(\d+)$/.exec(name);
  return match ? (Number(match[1]) - 1) * side + Number(match[2]) - 1 : null;
}

// The grid: givens bold, placed symbols blue, candidates as pencil marks,
// cell `mark` outlined.
function gridSvg(cells, side, puzzle, mark) {
  const box = Math.round(Math.sqrt(side));
  const cell = 100 / side;
  const children = [svg('rect', { x: 0, y: 0, width: 100, height: 100, class: 'sudoku-back' })];
  cells.forEach((content, index) => {
    const x = (index % side) * cell;
    const y = Math.floor(index / side) * cell;
    if (content.value) {
      const given = puzzle[index] !== '.' && puzzle[index] !== '0';
      children.push(svg('text', {
        x: x + cell / 2, y: y + cell * 0.72, 'font-size': cell * 0.62,
        class: given ? 'digit given' : 'digit placed',
      }, [content.value]));
    } else if (content.candidates) {
      const small = cell / box;
      for (const symbol of content.candidates) {
        const at = SYMBOLS.indexOf(symbol);
        children.push(svg('text', {
          x: x + (at % box) * small + small / 2, y: y + Math.floor(at / box) * small + small * 0.78,
          'font-size': small * 0.8, class: 'pencil',
        }, [symbol]));
      }
      if (content.candidates.length === 0) {
        children.push(svg('rect', { x: x + 0.3, y: y + 0.3, width: cell - 0.6, height: cell - 0.6, class: 'dead-cell' }));
      }
    }
  });
  for (let line = 0; line <= side; line += 1) {
    const thick = line % box === 0 ? ' box' : '';
    children.push(svg('line', { x1: line * cell, y1: 0, x2: line * cell, y2: 100, class: `grid-line${thick}` }));
    children.push(svg('line', { x1: 0, y1: line * cell, x2: 100, y2: line * cell, class: `grid-line${thick}` }));
  }
  if (mark !== null && mark !== undefined) {
    children.push(svg('rect', {
      x: (mark % side) * cell + 0.5, y: Math.floor(mark / side) * cell + 0.5, width: cell - 1, height: cell - 1,
      class: 'marked-cell', 'data-testid': 'marked-cell',
    }));
  }
  return svg('svg', { viewBox: '-0.5 -0.5 101 101', width: 360, height: 360, class: 'sudoku', role: 'img', 'aria-label': 'sudoku grid' }, children);
}
