// The N-Queens view: seed 004's search on the most constrained row,
// replayed event by event (docs/events.md): the board taken up with its
// queens, each empty row's candidate columns and the squares attacked, the
// row the search fills next, the stack (DFS) or queue (BFS).

import { Player, stepFromUrl } from './player.js';
import { html, svg } from './svg.js';

const ALGOS = [['dfs', 'depth-first (a stack)'], ['bfs', 'breadth-first (a queue)']];
const MAX_N = 16;

const app = document.getElementById('app');
const params = new URLSearchParams(location.search);
let player = null;

buildPage();

function buildPage() {
  const form = html('form', { class: 'inputs', 'data-testid': 'inputs' });
  const n = html('input', { name: 'n', id: 'n', type: 'number', min: 1, max: MAX_N, value: params.get('n') ?? '8' });
  const algo = html('select', { name: 'algo', id: 'algo' });
  for (const [value, label] of ALGOS) algo.append(html('option', { value, text: label, selected: value === (params.get('algo') ?? 'dfs') }));
  form.append(
    html('div', { class: 'field' }, [
      html('div', { class: 'row' }, [html('label', { for: 'n', text: `queens (1 to ${MAX_N})` }), n, html('label', {}, ['search ', algo])]),
      html('div', { class: 'error', 'data-error-for': 'n', role: 'alert' }),
    ]),
    html('div', { class: 'error', 'data-error-for': 'query', role: 'alert' }),
    html('div', { class: 'row' }, [html('button', { type: 'submit', text: 'Search', 'data-control': 'run' })]),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const url = new URL(location.href);
    url.search = '';
    url.searchParams.set('n', n.value.trim());
    url.searchParams.set('algo', algo.value);
    history.pushState(null, '', url);
    start(new URLSearchParams(url.search), 0);
  });
  const controls = html('div', { class: 'player-box', 'data-testid': 'player' });
  const panels = html('div', { class: 'panels', 'data-testid': 'panels' });
  const help = html('p', { class: 'help' }, [
    'Keys: space plays or pauses, ← → step (with shift: 10), Home and End jump. ',
    'Q a queen, green dots the candidates of an empty row, red the squares attacked; the outlined row is the most constrained, filled next.',
  ]);
  app.append(form, controls, help, panels);
  window.addEventListener('popstate', () => location.reload());
  if (params.get('n')) start(params, null);
}

async function start(query, step) {
  for (const element of document.querySelectorAll('[data-error-for]')) element.textContent = '';
  const panels = document.querySelector('[data-testid=panels]');
  const controls = document.querySelector('[data-testid=player]');
  if (player) player.destroy();
  player = null;
  panels.replaceChildren(html('p', { class: 'loading', text: 'searching…' }));
  const request = new URLSearchParams({ n: query.get('n') ?? '', algo: query.get('algo') ?? 'dfs' });
  const response = await fetch(`/api/nqueens?${request}`);
  const answer = await response.json();
  if (!response.ok) {
    panels.replaceChildren();
    const field = document.querySelector(`[data-error-for="${answer.field}"]`) ?? document.querySelector('[data-error-for=query]');
    field.textContent = answer.error ?? `the server answered ${response.status}`;
    return;
  }
  const view = new QueensView(answer);
  panels.replaceChildren(view.element);
  player = new Player(controls, {
    total: view.total,
    initialStep: step ?? stepFromUrl(view.total),
    show: (at) => view.show(at),
  });
}

class QueensView {
  constructor(answer) {
    this.answer = answer;
    this.record = answer.record;
    this.events = answer.events;
    this.total = this.events.length;
    this.element = html('section', { class: 'panel', 'data-panel': 0 });
    this.boardBox = html('div', { class: 'queens-box' });
    this.facts = html('p', { class: 'node-facts' });
    this.live = html('dl', { class: 'live' });
    this.note = html('p', { class: 'note' });
    const name = ALGOS.find(([value]) => value === this.record.algo)?.[1] ?? this.record.algo;
    this.element.append(
      html('h2', { text: `${this.record.n} queens, ${name}` }),
      this.countersTable(),
      this.note,
      html('div', { class: 'now' }, [
        html('div', {}, [html('h3', { text: 'board taken up' }), this.boardBox, this.facts]),
        html('div', {}, [html('h3', { text: 'so far' }), this.live]),
      ]),
    );
    if (answer.cut) {
      this.note.textContent = `The run was cut at ${this.total} events (the server sends at most that many); the search went on, and the counters above are the whole run's.`;
    }
    this.step = -1;
  }

  countersTable() {
    const record = this.record;
    const rows = [
      ['status', record.limit ? `limit (${record.limit})` : record.status],
      ['solution', record.solution ? record.solution.join(' ') : '–'],
      ['nodes', record.stats.nodes],
      ['num_tested', record.stats.num_tested],
      ['time', `${(record.stats.micros / 1000).toFixed(1)} ms`],
    ];
    return html('table', { class: 'counters', 'data-testid': 'counters' }, rows.map(([name, value]) =>
      html('tr', {}, [html('th', { text: name }), html('td', { 'data-counter': name, text: String(value) })])));
  }

  // The tallies after `step` events, counted from the start (the events of
  // one small board replay in well under a frame).
  show(step) {
    const counts = { tested: 0, expanded: 0, generated: 0, dead: 0 };
    let current = null;
    for (const event of this.events.slice(0, step)) {
      if (event.kind === 'generate') counts.generated += 1;
      if (event.kind === 'expand' || event.kind === 'goal' || event.kind === 'depth_cut') {
        counts.tested += 1;
        current = event;
      }
      if (event.kind === 'expand') counts.expanded += 1;
    }
    const line = current ? current.state_line : null;
    this.boardBox.replaceChildren(queensSvg(line, this.record.n));
    const rows = line ? line.split('/') : [];
    const deadRow = rows.findIndex((row) => !row.includes('Q') && !row.includes('.'));
    const verdict = !current ? '' : current.kind === 'goal' ? 'goal: every queen placed'
      : deadRow >= 0 ? `dead end: row ${deadRow + 1} has no candidate left` : 'expanded';
    this.facts.textContent = current
      ? `${verdict}; board ${current.id}, ${current.depth} queen${current.depth === 1 ? '' : 's'} placed, ${this.record.algo === 'dfs' ? 'stack' : 'queue'} ${current.frontier}`
      : 'the empty board, before the search';
    const facts = [
      ['tested', counts.tested],
      ['expanded', counts.expanded],
      ['generated', counts.generated],
      [this.record.algo === 'dfs' ? 'stack' : 'queue', current ? current.frontier : 0],
    ];
    this.live.replaceChildren(...facts.flatMap(([name, value]) => [
      html('dt', { text: name }), html('dd', { 'data-live': name, text: String(value) }),
    ]));
  }
}

// The board of a state line (rows between slashes: Q a queen, . a
// candidate, x attacked, - a placed row's other squares); the empty board
// when `line` is null.
function queensSvg(line, n) {
  const rows = line ? line.split('/') : Array.from({ length: n }, () => '.'.repeat(n));
  const cell = 100 / n;
  // The most constrained empty row: the fewest candidates, the first on a tie.
  let next = -1;
  let fewest = Infinity;
  rows.forEach((row, index) => {
    if (row.includes('Q')) return;
    const count = [...row].filter((square) => square === '.').length;
    if (count < fewest) { fewest = count; next = index; }
  });
  const children = [];
  rows.forEach((row, r) => {
    [...row].forEach((square, c) => {
      const x = c * cell;
      const y = r * cell;
      const dark = (r + c) % 2 === 1;
      children.push(svg('rect', { x, y, width: cell, height: cell, class: `square ${dark ? 'dark' : 'light'}${square === 'x' ? ' attacked' : ''}` }));
      if (square === 'Q') {
        children.push(svg('circle', { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.36, class: 'queen' }));
        children.push(svg('text', { x: x + cell / 2, y: y + cell / 2 + cell * 0.15, class: 'queen-letter', 'font-size': cell * 0.42 }, ['Q']));
      } else if (square === '.') {
        children.push(svg('circle', { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.12, class: 'candidate' }));
      }
    });
  });
  if (next >= 0) {
    children.push(svg('rect', { x: 0.4, y: next * cell + 0.4, width: 99.2, height: cell - 0.8, class: 'next-row' }));
  }
  return svg('svg', { viewBox: '0 0 100 100', width: 320, height: 320, class: 'queens', role: 'img', 'aria-label': `board of ${n} queens` }, children);
}
