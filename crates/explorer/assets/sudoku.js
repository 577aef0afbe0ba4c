// The sudoku view: the crate's own events (docs/events.md) replayed step by
// step. Depth-first or breadth-first search on the most constrained
// cell: the board taken up with the candidates of its empty cells as
// pencil marks, the most constrained cell (filled next) outlined, dead ends named, the stack or
// queue size. The csp model: the decisions in force, the candidates left
// after each propagation, the variable the last event touched. The fast
// engine the same way, with each round's cells placed and pruned. The
// human steps of `sudoku explain` are drawn by explain.js.

import { liveList, mountView, ownRoute } from './page.js';
import { labelOf, Panel } from './panel.js';
import { ExplainView } from './explain.js';
import { boxWalls, gridBoard, pencilMarks, squareText } from './board.js';
import { html, svg } from './svg.js';

const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';
const ALGOS = [
  ['dfs', 'depth-first, fewest candidates'],
  ['bfs', 'breadth-first, fewest candidates'],
  ['csp', 'csp model (MRV, propagation)'],
  ['fast', 'fast engine (propagation rounds, guesses)'],
  ['explain', 'human steps (sudoku explain, SE rating)'],
];
// The example: 51 cells to fill.
const EXAMPLE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

// The generic route with the view's part (`algo=explain`: `sudoku
// explain`'s human steps).
mountView({
  load: ownRoute('sudoku'),
  fields: [
    { name: 'puzzle', label: 'puzzle (81 digits or dots, or rows)', kind: 'textarea', rows: 2, value: EXAMPLE, required: true },
    { name: 'algo', label: 'search', kind: 'select', options: ALGOS, value: 'dfs' },
  ],
  help: 'Bold digits are the givens, blue ones placed; small digits are the candidates left (pencil marks); the outlined cell is the most constrained, filled next (csp and fast: the cell the last event touched). Human steps: the step\'s cells shaded yellow and its units blue, the candidates it rests on circled, the digits it places green, the candidates it removes red, its links strong (solid) or weak (dashed).',
  // The replay a run needs, loaded for it alone: csp.js for the csp model
  // and the fast engine, search.js for the searches.
  makeView: async (answer) => (answer.steps ? new ExplainView(answer)
    : new SudokuView(answer, await import(['csp', 'fast'].includes(answer.record.algo) ? './csp.js' : './search.js'))),
});

class SudokuView extends Panel {
  constructor(answer, replay) {
    super(answer);
    this.replay = replay;
    this.puzzle = this.record.puzzle;
    this.side = Math.round(Math.sqrt(this.puzzle.length));
    this.givensSeen = seenByGivens(this.puzzle, this.side);
    this.gridBox = html('div', { class: 'grid-box' });
    this.facts = html('p', { class: 'node-facts' });
    this.fill({
      title: `Sudoku, ${labelOf(ALGOS, this.algo)}`,
      counters: ['status', 'unique', 'nodes', 'time'],
      left: [html('h3', { text: this.algo === 'csp' || this.algo === 'fast' ? 'assignment and candidates' : 'board taken up' }), this.gridBox, this.facts],
      right: [html('h3', { text: 'so far' }), this.live],
    });
  }

  show(step) {
    if (this.algo === 'csp' || this.algo === 'fast') this.showCsp(step);
    else this.showSearch(step);
  }

  // The search on the most constrained cell: the last board taken up, as the crate drew it.
  showSearch(step) {
    const run = this.replay.replaySearch(this.events, step);
    const current = run.current;
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
    liveList(this.live, this.replay.searchFacts(run, this.algo === 'bfs' ? 'queue' : 'stack'));
  }

  // The csp model: the givens, the decisions in force, and every cell's
  // values not removed so far.
  showCsp(step) {
    const run = this.replay.replayCsp(this.events, step);
    let cells;
    if (run.solution) {
      cells = cellsOfLine(run.solution.state_line);
    } else {
      cells = cellsOfLine(this.puzzle).map((cell, index) => {
        if (cell.value) return cell;
        const name = cellName(index, this.side);
        if (run.assigned.has(name)) return { value: SYMBOLS[run.assigned.get(name) - 1] };
        const gone = new Set(run.removed.get(name) ?? []);
        // The fast engine starts from the candidates the givens leave: its
        // rounds tell only what they take out beyond those.
        if (this.algo === 'fast') for (const value of this.givensSeen[index]) gone.add(value);
        const candidates = [];
        for (let value = 1; value <= this.side; value += 1) if (!gone.has(value)) candidates.push(SYMBOLS[value - 1]);
        // The fast engine places a cell when its round leaves it one digit.
        if (this.algo === 'fast' && candidates.length === 1 && run.placed.has(name)) return { value: candidates[0] };
        return { candidates };
      });
    }
    const touched = run.last && (run.last.var ?? run.last.x);
    const mark = touched ? indexOfCell(touched, this.side) : null;
    this.gridBox.replaceChildren(gridSvg(cells, this.side, this.puzzle, mark));
    this.facts.textContent = this.replay.cspLine(run.last);
    if (this.algo === 'fast') {
      const round = roundOf(this.events, step);
      this.facts.textContent += round.cause ? `; this round (${round.cause}, depth ${round.depth}): ${round.placed} placed, ${round.pruned} pruned` : '';
      liveList(this.live, [
        ['rounds', run.counts.propagate ?? 0],
        ['placed this round', round.placed],
        ['pruned this round', round.pruned],
        ['guesses', run.counts.decide],
        ['refutations', run.counts.refute],
        ['backtracks', run.counts.backtrack],
        ['wipeouts', run.counts.wipeout],
        ['depth', run.depth],
      ]);
      return;
    }
    liveList(this.live, this.replay.cspFacts(run));
  }
}

// For each cell, the values of the givens in its row, column and box.
function seenByGivens(puzzle, side) {
  const box = Math.round(Math.sqrt(side));
  const value = (index) => SYMBOLS.indexOf(puzzle[index]) + 1;
  return [...puzzle].map((_, index) => {
    const [row, column] = [Math.floor(index / side), index % side];
    const seen = new Set();
    for (let other = 0; other < side * side; other += 1) {
      const [r, c] = [Math.floor(other / side), other % side];
      const peer = r === row || c === column || (Math.floor(r / box) === Math.floor(row / box) && Math.floor(c / box) === Math.floor(column / box));
      if (peer && other !== index && value(other) > 0) seen.add(value(other));
    }
    return seen;
  });
}

// The fast engine's propagation round in force at `step`: its cause and
// depth, the cells it placed and the cells it only pruned so far.
function roundOf(events, step) {
  const round = { cause: null, depth: 0, placed: 0, pruned: 0 };
  for (const event of events.slice(0, step)) {
    if (event.kind === 'propagate') Object.assign(round, { cause: event.cause, depth: event.depth, placed: 0, pruned: 0 });
    if (event.kind === 'prune') {
      if (event.propagator.startsWith('placed')) round.placed += 1;
      else round.pruned += 1;
    }
  }
  return round;
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

// The empty cell with the fewest candidates, the first on a tie (the course formulation's rule).
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
  const square = (r, c, place) => {
    const index = r * side + c;
    const content = cells[index];
    if (content.value) {
      const given = puzzle[index] !== '.' && puzzle[index] !== '0';
      return [squareText(place, content.value, given ? 'digit given' : 'digit placed')];
    }
    if (!content.candidates) return [];
    if (content.candidates.length === 0) {
      return [svg('rect', { x: place.x + 0.3, y: place.y + 0.3, width: place.size - 0.6, height: place.size - 0.6, class: 'dead-cell' })];
    }
    return pencilMarks(place, content.candidates, SYMBOLS, box);
  };
  const outlines = mark !== null && mark !== undefined
    ? [{ r: Math.floor(mark / side), c: mark % side, class: 'marked-cell', testid: 'marked-cell' }]
    : [];
  return gridBoard({
    rows: side, cols: side, square, outlines, className: 'sudoku', label: 'sudoku grid',
    wall: boxWalls(box),
  });
}
