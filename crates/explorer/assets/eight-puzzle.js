// The sliding-tiles view: a board, one or two searchers, and the search
// replayed event by event (docs/events.md): the node taken up, the
// frontier with g, h and f, the closed set, the tree of a small search,
// and the path at the end.

import { Player, stepFromUrl } from './player.js';
import { boardSvg, html, tilesOf } from './svg.js';
import { treeSvg } from './tree.js';

const ALGOS = [
  ['astar', 'A*'], ['idastar', 'IDA*'], ['greedy', 'greedy best-first'], ['bfs', 'BFS'],
  ['dfs', 'DFS'], ['iddfs', 'IDDFS'], ['random', 'random (the searcher framework)'],
];
const INFORMED = new Set(['greedy', 'astar', 'idastar']);
const WITH_FRONTIER = new Set(['random', 'bfs', 'greedy', 'astar']);
const HEURISTICS = ['manhattan', 'linear-conflict', 'misplaced', 'zero'];
// Searches whose tree is drawn: those that take up at most this many nodes.
const TREE_NODES = 300;
const FRONTIER_SHOWN = 6;

const app = document.getElementById('app');
const params = new URLSearchParams(location.search);
let player = null;
let views = [];

buildPage();

function buildPage() {
  const form = html('form', { class: 'inputs', 'data-testid': 'inputs' });
  const board = html('input', { name: 'board', id: 'board', value: params.get('board') ?? '142358607', size: 24, spellcheck: 'false', autocomplete: 'off' });
  const algo = select('algo', ALGOS, params.get('algo') ?? 'astar');
  const heuristic = select('heuristic', HEURISTICS.map((h) => [h, h]), params.get('heuristic') ?? 'manhattan');
  const algo2 = select('algo2', [['', 'nothing'], ...ALGOS], params.get('algo2') ?? '');
  const heuristic2 = select('heuristic2', HEURISTICS.map((h) => [h, h]), params.get('heuristic2') ?? 'manhattan');
  const sync = () => {
    heuristic.disabled = !INFORMED.has(algo.value);
    heuristic2.disabled = !INFORMED.has(algo2.value);
  };
  algo.addEventListener('change', sync);
  algo2.addEventListener('change', sync);
  sync();
  const random3 = html('button', { type: 'button', text: 'random 3x3', 'data-control': 'random3' });
  const random4 = html('button', { type: 'button', text: 'random 4x4', 'data-control': 'random4' });
  random3.addEventListener('click', () => { board.value = randomBoard(3); });
  random4.addEventListener('click', () => { board.value = randomBoard(4); });
  form.append(
    html('div', { class: 'field' }, [
      html('label', { for: 'board', text: 'board (0 the blank; 4x4: numbers between commas)' }),
      html('div', { class: 'row' }, [board, random3, random4]),
      html('div', { class: 'error', 'data-error-for': 'board', role: 'alert' }),
    ]),
    html('div', { class: 'row' }, [
      html('label', {}, ['searcher ', algo]), html('label', {}, ['heuristic ', heuristic]),
    ]),
    html('div', { class: 'row' }, [
      html('label', {}, ['beside it ', algo2]), html('label', {}, ['heuristic ', heuristic2]),
    ]),
    html('div', { class: 'error', 'data-error-for': 'query', role: 'alert' }),
    html('div', { class: 'row' }, [html('button', { type: 'submit', text: 'Search', 'data-control': 'run' })]),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const url = new URL(location.href);
    url.search = '';
    url.searchParams.set('board', board.value.trim());
    url.searchParams.set('algo', algo.value);
    if (INFORMED.has(algo.value)) url.searchParams.set('heuristic', heuristic.value);
    if (algo2.value) {
      url.searchParams.set('algo2', algo2.value);
      if (INFORMED.has(algo2.value)) url.searchParams.set('heuristic2', heuristic2.value);
    }
    history.pushState(null, '', url);
    start(new URLSearchParams(url.search), 0);
  });
  const controls = html('div', { class: 'player-box', 'data-testid': 'player' });
  const panels = html('div', { class: 'panels', 'data-testid': 'panels' });
  const help = html('p', { class: 'help' }, [
    'Keys: space plays or pauses, ← → step (with shift: 10), Home and End jump. ',
    'The link in the address bar opens this very step.',
  ]);
  app.append(form, controls, help, panels);
  window.addEventListener('popstate', () => location.reload());
  if (params.get('board')) start(params, null);
}

function select(name, options, chosen) {
  const element = html('select', { name, id: name });
  for (const [value, label] of options) {
    element.append(html('option', { value, text: label, selected: value === chosen }));
  }
  return element;
}

// Runs the searches the parameters ask for, then builds the panels and the player.
async function start(query, step) {
  for (const element of document.querySelectorAll('[data-error-for]')) element.textContent = '';
  const panels = document.querySelector('[data-testid=panels]');
  const controls = document.querySelector('[data-testid=player]');
  if (player) player.destroy();
  player = null;
  for (const view of views) view.destroy();
  views = [];
  panels.replaceChildren(html('p', { class: 'loading', text: 'searching…' }));
  const runs = [{ algo: query.get('algo') ?? 'astar', heuristic: query.get('heuristic') }];
  if (query.get('algo2')) runs.push({ algo: query.get('algo2'), heuristic: query.get('heuristic2') });
  let answers;
  try {
    answers = await Promise.all(runs.map((run) => fetchRun(query.get('board') ?? '', run)));
  } catch (error) {
    panels.replaceChildren();
    const field = error.field && document.querySelector(`[data-error-for="${error.field}"]`);
    (field ?? document.querySelector('[data-error-for=query]')).textContent = error.message;
    return;
  }
  views = answers.map((answer, index) => new RunView(answer, index));
  panels.replaceChildren(...views.map((view) => view.element));
  const total = Math.max(...views.map((view) => view.total));
  player = new Player(controls, {
    total,
    initialStep: step ?? stepFromUrl(total),
    show: (at, playing) => views.forEach((view) => view.show(Math.min(at, view.total), playing)),
  });
}

async function fetchRun(board, { algo, heuristic }) {
  const query = new URLSearchParams({ board, algo });
  if (INFORMED.has(algo) && heuristic) query.set('heuristic', heuristic);
  const response = await fetch(`/api/eight-puzzle?${query}`);
  const answer = await response.json();
  if (!response.ok) {
    const error = new Error(answer.error ?? `the server answered ${response.status}`);
    error.field = answer.field === 'heuristic2' ? 'query' : answer.field;
    throw error;
  }
  return answer;
}

// The state of a search after its first `step` events.
class Replay {
  constructor(events, informed) {
    this.events = events;
    this.informed = informed;
    this.reset();
  }

  reset() {
    this.step = 0;
    this.current = null;
    this.frontier = new Map();
    this.queued = 0;
    this.closed = new Set();
    this.counts = { tested: 0, expanded: 0, generated: 0, dropped: 0 };
    this.frontierSize = 0;
    this.iteration = null;
    this.tree = new Map();
    this.treeRoot = null;
    this.ended = null;
    this.cut = null;
  }

  seek(step) {
    if (step < this.step) this.reset();
    while (this.step < step) {
      this.apply(this.events[this.step]);
      this.step += 1;
    }
  }

  apply(event) {
    switch (event.kind) {
      case 'iteration':
        this.iteration = event;
        this.frontier.clear();
        this.closed.clear();
        this.tree.clear();
        this.treeRoot = null;
        break;
      case 'generate': {
        this.counts.generated += 1;
        if (event.result === 'new' || event.result === 'reopened') {
          this.queued += 1;
          const node = { id: event.id, parent: event.parent ?? null, depth: event.depth, g: event.g, h: event.h, state: event.state_line, move: event.move, queued: this.queued };
          this.frontier.set(event.id, node);
          if (this.treeRoot === null) this.treeRoot = event.id;
          this.tree.set(event.id, { ...node, kind: 'frontier' });
        } else if (event.result !== 'untried') {
          this.counts.dropped += 1;
        }
        break;
      }
      case 'expand':
      case 'goal':
      case 'depth_cut': {
        this.counts.tested += 1;
        if (event.kind === 'expand') this.counts.expanded += 1;
        this.frontier.delete(event.id);
        this.closed.add(event.id);
        this.current = event;
        this.frontierSize = event.frontier;
        const node = this.tree.get(event.id);
        if (node) node.kind = event.kind === 'goal' ? 'goal' : 'expanded';
        if (event.kind === 'goal') this.markPath(event.id);
        break;
      }
      case 'end':
        this.ended = event;
        break;
      case 'cut':
        this.cut = event;
        break;
      default:
        break;
    }
  }

  markPath(goalId) {
    let node = this.tree.get(goalId);
    while (node) {
      if (node.kind !== 'goal') node.kind = 'path';
      node = this.tree.get(node.parent);
    }
  }

  // The waiting nodes in the order search-core takes them up: A* the
  // smallest f, then the deepest, then the newest; greedy the smallest h,
  // then the newest; BFS the oldest; the depth-first ones the newest
  // (the random walk picks at random: listed oldest first).
  frontierTop(algo) {
    const nodes = [...this.frontier.values()];
    const order = {
      astar: (a, b) => a.g + a.h - (b.g + b.h) || b.g - a.g || b.queued - a.queued,
      greedy: (a, b) => a.h - b.h || b.queued - a.queued,
      bfs: (a, b) => a.queued - b.queued,
      random: (a, b) => a.queued - b.queued,
    }[algo] ?? ((a, b) => b.queued - a.queued);
    return nodes.sort(order).slice(0, FRONTIER_SHOWN);
  }
}

// One searcher's panel.
class RunView {
  constructor(answer, index) {
    this.answer = answer;
    this.record = answer.record;
    this.algo = this.record.algo;
    this.informed = INFORMED.has(this.algo);
    this.total = answer.events.length;
    this.replay = new Replay(answer.events, this.informed);
    this.newNodes = answer.events.filter((event) => event.kind === 'generate' && event.result === 'new').length;
    this.element = html('section', { class: 'panel', 'data-panel': index });
    const name = ALGOS.find(([value]) => value === this.algo)?.[1] ?? this.algo;
    const title = this.informed ? `${name} · ${this.record.heuristic}` : name;
    this.current = html('div', { class: 'current' });
    this.live = html('dl', { class: 'live' });
    this.frontierList = html('ol', { class: 'frontier', 'data-testid': 'frontier' });
    this.treeBox = html('div', { class: 'tree-box' });
    this.pathBox = html('div', { class: 'path-box' });
    this.note = html('p', { class: 'note' });
    this.element.append(
      html('h2', { text: title }),
      this.countersTable(),
      this.note,
      html('div', { class: 'now' }, [
        html('div', {}, [html('h3', { text: 'node taken up' }), this.current, this.live]),
        html('div', {}, [html('h3', { text: this.algo === 'random' ? 'frontier (picked at random)' : this.informed ? 'frontier, next first (g, h, f)' : 'frontier, next first (g = depth)' }), this.frontierList]),
      ]),
      html('h3', { text: 'search tree' }),
      this.treeBox,
      this.pathBox,
    );
    if (answer.cut) {
      this.note.textContent = `The run was cut at ${this.total} events (the server sends at most that many); the search went on, and the counters above are the whole run's.`;
    }
  }

  // The record's counters, as `eight-puzzle solve --json` prints them.
  countersTable() {
    const record = this.record;
    const stats = record.stats;
    const rows = [
      ['status', record.limit ? `limit (${record.limit})` : record.status],
      ['moves', record.num_moves ?? '–'],
      ['nodes', stats.nodes],
      ['num_tested', stats.num_tested],
      ['expanded', stats.expanded],
      ['generated', stats.generated],
      ['max_frontier', stats.max_frontier],
      ['iterations', stats.iterations],
      ['time', `${(stats.micros / 1000).toFixed(1)} ms`],
    ];
    return html('table', { class: 'counters', 'data-testid': 'counters' }, rows.map(([name, value]) =>
      html('tr', {}, [html('th', { text: name }), html('td', { 'data-counter': name, text: String(value) })])));
  }

  show(step, playing) {
    const replay = this.replay;
    replay.seek(step);
    const current = replay.current;
    const size = tilesOf(this.record.board).length > 9 ? 120 : 110;
    const line = current ? current.state_line : this.record.board;
    this.current.replaceChildren(
      boardSvg(line, { pixels: size }),
      html('p', { class: 'node-facts', text: current
        ? `${current.kind === 'goal' ? 'goal' : current.kind === 'depth_cut' ? 'at the depth limit' : 'expanded'}: node ${current.id}, depth ${current.depth}, g ${current.g}, h ${current.h}, f ${current.f}`
        : 'the start, before the search' }),
    );
    const facts = [
      ['tested', replay.counts.tested],
      ['expanded', replay.counts.expanded],
      ['generated', replay.counts.generated],
      ['dropped (seen)', replay.counts.dropped],
      // The searchers with a frontier list what waits; the depth-first ones
      // report successors as they try them, so their own count is shown.
      ['waiting', WITH_FRONTIER.has(this.algo) ? replay.frontier.size : replay.frontierSize],
      ['closed set', replay.closed.size],
    ];
    if (replay.iteration) facts.push(['iteration', `${replay.iteration.number} (${replay.iteration.bound_kind} bound ${replay.iteration.bound})`]);
    this.live.replaceChildren(...facts.flatMap(([name, value]) => [
      html('dt', { text: name }), html('dd', { 'data-live': name, text: String(value) }),
    ]));
    this.frontierList.replaceChildren(...replay.frontierTop(this.algo).map((node) => html('li', { 'data-id': node.id }, [
      boardSvg(node.state, { pixels: 44 }),
      html('span', { text: this.informed ? `g ${node.g} h ${node.h} f ${node.g + node.h}` : `g ${node.g}` }),
    ])));
    if (replay.frontier.size > FRONTIER_SHOWN) {
      this.frontierList.append(html('li', { class: 'more', text: `and ${replay.frontier.size - FRONTIER_SHOWN} more` }));
    }
    if (this.newNodes <= TREE_NODES && replay.treeRoot !== null) {
      const nodes = new Map();
      for (const node of replay.tree.values()) {
        const kind = current && node.id === current.id && node.kind !== 'goal' && node.kind !== 'path' ? 'current' : node.kind;
        nodes.set(node.id, {
          id: node.id, parent: node.parent, depth: node.depth, kind,
          label: this.informed ? node.g + node.h : node.depth,
          title: `node ${node.id}: depth ${node.depth}, g ${node.g}, h ${node.h}, f ${node.g + node.h}`,
        });
      }
      this.treeBox.replaceChildren(treeSvg(nodes, { rootId: replay.treeRoot }));
    } else {
      this.treeBox.replaceChildren(html('p', { class: 'note', text: `The tree is drawn for searches of at most ${TREE_NODES} nodes; this one takes in ${this.newNodes}.` }));
    }
    this.showPath(step === this.total && !playing);
  }

  destroy() {
    if (this.pathTimer) clearInterval(this.pathTimer);
    this.pathTimer = null;
  }

  // At the end of a solved search: the path as a strip, and the board sliding along it.
  showPath(atEnd) {
    if (atEnd && this.pathTimer) return;
    if (this.pathTimer) { clearInterval(this.pathTimer); this.pathTimer = null; }
    const moves = this.record.moves;
    if (!atEnd || !moves) { this.pathBox.replaceChildren(); return; }
    const boards = pathBoards(this.record.board, moves);
    const strip = html('div', { class: 'strip', 'data-testid': 'path' }, boards.map((line, index) =>
      html('figure', {}, [boardSvg(line, { pixels: 56 }), html('figcaption', { text: index === 0 ? 'start' : moves[index - 1] })])));
    const stage = html('div', { class: 'stage' });
    this.pathBox.replaceChildren(html('h3', { text: `the path: ${moves.length} moves` }), stage, strip);
    let index = 0;
    const frame = () => {
      stage.replaceChildren(boardSvg(boards[index], { pixels: 120, moved: index > 0 ? movedTile(boards[index - 1], boards[index]) : null }));
      for (const [at, figure] of [...strip.children].entries()) figure.classList.toggle('here', at === index);
      index = (index + 1) % boards.length;
    };
    frame();
    if (boards.length > 1) this.pathTimer = setInterval(frame, 700);
  }
}

// The boards along `moves` (named by where the blank goes) from `start`.
function pathBoards(start, moves) {
  let tiles = tilesOf(start);
  const side = Math.round(Math.sqrt(tiles.length));
  const boards = [lineOf(tiles)];
  const step = { up: -side, down: side, left: -1, right: 1 };
  for (const move of moves) {
    const blank = tiles.indexOf(0);
    const target = blank + step[move];
    tiles = [...tiles];
    [tiles[blank], tiles[target]] = [tiles[target], tiles[blank]];
    boards.push(lineOf(tiles));
  }
  return boards;
}

// The tile that slid from `before` to `after`: the one now where the blank was.
function movedTile(before, after) {
  return tilesOf(after)[tilesOf(before).indexOf(0)];
}

function lineOf(tiles) {
  return tiles.length > 9 ? tiles.join(',') : tiles.join('');
}

// A random board the goal can be reached from: 3x3 shuffled (parity
// fixed by swapping two tiles), 4x4 a walk of 30 random moves from the
// goal, so that its search ends within the server's limits.
function randomBoard(side) {
  if (side === 3) {
    const tiles = [...Array(9).keys()];
    for (let index = tiles.length - 1; index > 0; index -= 1) {
      const other = Math.floor(Math.random() * (index + 1));
      [tiles[index], tiles[other]] = [tiles[other], tiles[index]];
    }
    let inversions = 0;
    const numbers = tiles.filter((tile) => tile !== 0);
    for (let i = 0; i < numbers.length; i += 1) for (let j = i + 1; j < numbers.length; j += 1) if (numbers[i] > numbers[j]) inversions += 1;
    if (inversions % 2 === 1) {
      const [a, b] = [tiles.indexOf(numbers[0]), tiles.indexOf(numbers[1])];
      [tiles[a], tiles[b]] = [tiles[b], tiles[a]];
    }
    return lineOf(tiles);
  }
  let tiles = [...Array(side * side).keys()];
  let previous = null;
  for (let count = 0; count < 30; count += 1) {
    const blank = tiles.indexOf(0);
    const options = [];
    if (blank >= side && previous !== side) options.push(-side);
    if (blank < side * (side - 1) && previous !== -side) options.push(side);
    if (blank % side > 0 && previous !== 1) options.push(-1);
    if (blank % side < side - 1 && previous !== -1) options.push(1);
    const delta = options[Math.floor(Math.random() * options.length)];
    tiles = [...tiles];
    [tiles[blank], tiles[blank + delta]] = [tiles[blank + delta], tiles[blank]];
    previous = delta;
  }
  return lineOf(tiles);
}

