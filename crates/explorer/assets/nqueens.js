// The N-Queens view, replayed from the crate's own events (docs/events.md).
// The search on the most constrained row (depth first or breadth
// first): the board taken up with its queens, each empty row's candidate
// columns and the squares attacked, the row filled next, the stack or
// queue. The csp model: the queens decided and the squares its
// propagation removed. Min-conflicts: the conflict count falling, repair
// by repair, beside the board.

import { liveList, mountView, ownRoute } from './page.js';
import { labelOf, Panel } from './panel.js';
import { gridBoard } from './board.js';
import { html, svg } from './svg.js';

const ALGOS = [
  ['dfs', 'depth-first, fewest places first'],
  ['bfs', 'breadth-first, fewest places first'],
  ['csp', 'csp model (MRV, forward checking)'],
  ['min-conflicts', 'min-conflicts (repairs, N to 1,000)'],
];
// Boards drawn square by square up to this size (min-conflicts goes further).
const DRAWN = 64;

// The generic route with the view's part; the size is its `puzzle`.
mountView({
  load: ownRoute('nqueens', { n: 'puzzle' }),
  fields: [
    { name: 'n', label: 'queens (1 to 16; min-conflicts to 1,000)', kind: 'number', value: '8', required: true, attributes: { min: 1, max: 1000 } },
    { name: 'algo', label: 'search', kind: 'select', options: ALGOS, value: 'dfs' },
  ],
  help: 'Q a queen, green dots the candidates of an empty row, red the squares attacked (csp: removed by propagation); the outlined row is the most constrained, filled next.',
  // The replay a run needs, loaded for it alone: csp.js for the csp model,
  // search.js for the others.
  makeView: async (answer) => new QueensView(answer, await import(answer.record.algo === 'csp' ? './csp.js' : './search.js')),
});

class QueensView extends Panel {
  constructor(answer, replay) {
    super(answer);
    this.replay = replay;
    this.n = this.record.n;
    this.boardBox = html('div', { class: 'queens-box' });
    this.chartBox = html('div', { class: 'chart-box' });
    this.facts = html('p', { class: 'node-facts' });
    const solution = this.record.solution ? (this.n <= 32 ? this.record.solution.join(' ') : `${this.n} columns`) : '–';
    this.fill({
      title: `${this.n} queens, ${labelOf(ALGOS, this.algo)}`,
      counters: ['status', ['solution', solution], 'nodes', ...(this.record.stats.num_tested === undefined ? [] : ['num_tested']), 'time'],
      left: [html('h3', { text: this.algo === 'min-conflicts' ? 'board' : 'board taken up' }), this.boardBox, this.facts],
      right: [html('h3', { text: 'so far' }), this.live, this.chartBox],
    });
    if (this.algo === 'min-conflicts') {
      this.curve = this.events.filter((event) => event.kind === 'start' || event.kind === 'repair')
        .map((event) => [event.step, event.conflicts]);
    }
  }

  show(step) {
    if (this.algo === 'csp') this.showCsp(step);
    else if (this.algo === 'min-conflicts') this.showRepairs(step);
    else this.showSearch(step);
  }

  showSearch(step) {
    const run = this.replay.replaySearch(this.events, step);
    const current = run.current;
    const rows = current ? rowsOfState(current.state) : emptyRows(this.n);
    this.boardBox.replaceChildren(queensSvg(rows, this.n, true));
    const deadRow = rows.findIndex((row) => !row.includes('Q') && !row.includes('.'));
    const verdict = !current ? '' : current.kind === 'goal' ? 'goal: every queen placed'
      : deadRow >= 0 ? `dead end: row ${deadRow + 1} has no candidate left` : 'expanded';
    this.facts.textContent = current
      ? `${verdict}; board ${current.id}, ${current.depth} queen${current.depth === 1 ? '' : 's'} placed, ${this.algo === 'dfs' ? 'stack' : 'queue'} ${current.frontier}`
      : 'the empty board, before the search';
    liveList(this.live, this.replay.searchFacts(run, this.algo === 'dfs' ? 'stack' : 'queue'));
  }

  // The queens decided (row r<i> = column) and the squares removed.
  showCsp(step) {
    const run = this.replay.replayCsp(this.events, step);
    let rows;
    if (run.solution) {
      rows = rowsOfColumns(run.solution.state_line, this.n);
    } else {
      rows = Array.from({ length: this.n }, (_, r) => {
        const name = `r${r + 1}`;
        const queen = run.assigned.get(name);
        const gone = run.removed.get(name) ?? new Set();
        return Array.from({ length: this.n }, (_, c) => (queen === c + 1 ? 'Q' : queen !== undefined ? '-' : gone.has(c + 1) ? 'x' : '.')).join('');
      });
    }
    this.boardBox.replaceChildren(queensSvg(rows, this.n, false));
    this.facts.textContent = this.replay.cspLine(run.last);
    liveList(this.live, [...this.replay.cspFacts(run), ['solutions', run.counts.solution]]);
  }

  // Min-conflicts: the last start or repair, and the conflicts so far.
  showRepairs(step) {
    let current = null;
    let repairs = 0;
    let starts = 0;
    for (const event of this.events.slice(0, step)) {
      if (event.kind === 'start') { starts += 1; current = event; }
      if (event.kind === 'repair') { repairs += 1; current = event; }
    }
    if (this.n <= DRAWN) {
      const rows = current ? rowsOfColumns(current.state_line, this.n) : emptyRows(this.n).map((row) => row.replaceAll('.', '-'));
      this.boardBox.replaceChildren(queensSvg(rows, this.n, false));
    } else {
      this.boardBox.replaceChildren(html('p', { class: 'note', text: `${this.n} queens: the board is drawn up to ${DRAWN}; the conflicts are charted beside it.` }));
    }
    this.facts.textContent = !current ? 'before the first greedy start'
      : current.kind === 'start' ? `greedy start ${current.run}: ${current.conflicts} attacking pairs`
        : `rows ${current.rows.join(' and ')} swapped: ${current.conflicts} attacking pairs left (step ${current.steps})`;
    liveList(this.live, [
      ['starts', starts],
      ['repairs', repairs],
      ['conflicts', current ? current.conflicts : '–'],
    ]);
    this.chartBox.replaceChildren(html('h3', { text: 'attacking pairs, repair by repair' }), conflictChart(this.curve, step, this.total));
  }
}

// The rows of a board as the crate draws it: `Q` a queen, `.` open, `x`
// attacked, one row a line, squares between spaces. A row with its queen
// has no candidates left: its other squares read `-`.
function rowsOfState(state) {
  return state.split('\n').map((row) => {
    const squares = row.trim().split(/\s+/).join('');
    return squares.includes('Q') ? squares.replace(/[^Q]/g, '-') : squares;
  });
}

// The rows of a placement's columns from 1 (`.` a row without a queen).
function rowsOfColumns(line, n) {
  return line.trim().split(/\s+/).map((column) => {
    const at = Number(column);
    return Array.from({ length: n }, (_, c) => (c + 1 === at ? 'Q' : '-')).join('');
  });
}

function emptyRows(n) {
  return Array.from({ length: n }, () => '.'.repeat(n));
}

// The conflicts of each start and repair against the step, the step shown marked.
function conflictChart(curve, step, total) {
  const width = 320;
  const height = 140;
  const most = Math.max(1, ...curve.map(([, conflicts]) => conflicts));
  const x = (at) => 30 + (at / Math.max(1, total)) * (width - 40);
  const y = (conflicts) => height - 20 - (conflicts / most) * (height - 35);
  const shown = curve.filter(([at]) => at < step);
  const children = [
    svg('line', { x1: 30, y1: height - 20, x2: width - 10, y2: height - 20, class: 'axis' }),
    svg('line', { x1: 30, y1: 10, x2: 30, y2: height - 20, class: 'axis' }),
    svg('text', { x: 2, y: 16 }, [String(most)]),
    svg('text', { x: 18, y: height - 22 }, ['0']),
    svg('text', { x: width - 60, y: height - 6 }, ['events →']),
  ];
  if (shown.length > 0) {
    children.push(svg('polyline', { class: 'curve', points: shown.map(([at, conflicts]) => `${x(at)},${y(conflicts)}`).join(' ') }));
  }
  children.push(svg('line', { x1: x(step), y1: 10, x2: x(step), y2: height - 20, class: 'now-line' }));
  return svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, class: 'chart', 'data-testid': 'conflicts', role: 'img', 'aria-label': 'attacking pairs over the run' }, children);
}

// The board of `rows` (Q a queen, . a candidate, x attacked or removed,
// - a square of a placed row); with `outline`, the most constrained empty
// row outlined.
function queensSvg(rows, n, outline) {
  // The most constrained empty row: the fewest candidates, the first on a tie.
  let next = -1;
  let fewest = Infinity;
  rows.forEach((row, index) => {
    if (row.includes('Q')) return;
    const count = [...row].filter((square) => square === '.').length;
    if (count < fewest) { fewest = count; next = index; }
  });
  const square = (r, c, { x, y, size }) => {
    const mark = rows[r][c];
    const dark = (r + c) % 2 === 1;
    const drawn = [svg('rect', { x, y, width: size, height: size, class: `square ${dark ? 'dark' : 'light'}${mark === 'x' ? ' attacked' : ''}` })];
    if (mark === 'Q') {
      drawn.push(svg('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.36, class: 'queen' }));
      drawn.push(svg('text', { x: x + size / 2, y: y + size / 2 + size * 0.15, class: 'queen-letter', 'font-size': size * 0.42 }, ['Q']));
    } else if (mark === '.') {
      drawn.push(svg('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.12, class: 'candidate' }));
    }
    return drawn;
  };
  const outlines = outline && next >= 0 ? [{ r: next, c: 0, across: n, class: 'next-row' }] : [];
  return gridBoard({
    rows: n, cols: n, square, outlines, wall: () => null, border: false, pixels: 320,
    className: 'queens', label: `board of ${n} queens`,
  });
}
