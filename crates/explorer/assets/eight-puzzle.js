// The sliding-tiles view: a board, one or two searchers, and the search
// replayed event by event (docs/events.md): the node taken up, the
// frontier with g, h and f, the closed set, the tree of a small search,
// and the path at the end. The page is the shared one (page.js); each
// searcher is one call of the generic route with the view's part
// (`view=own`: each `generate` event with its `h`).

import { liveList, loadOwn, mountView } from './page.js';
import { labelOf, Panel } from './panel.js';
import { Sides } from './sides.js';
import { boardSvg, html, tilesOf } from './svg.js';
import { treeSvg } from './tree.js';

const ALGOS = [
  ['astar', 'A*'], ['idastar', 'IDA*'], ['greedy', 'greedy best-first'], ['bfs', 'BFS'],
  ['dfs', 'DFS'], ['iddfs', 'IDDFS'], ['random', 'random (the searcher framework)'],
];
const INFORMED = new Set(['greedy', 'astar', 'idastar']);
const WITH_FRONTIER = new Set(['random', 'bfs', 'greedy', 'astar']);
const HEURISTICS = ['manhattan', 'linear-conflict', 'misplaced', 'zero'].map((h) => [h, h]);
// Searches whose tree is drawn: those that take up at most this many nodes.
const TREE_NODES = 300;
const FRONTIER_SHOWN = 6;

mountView({
  // One call per searcher; the board is the generic route's `puzzle`.
  load: (request) => {
    const runs = [[request.get('algo') ?? 'astar', request.get('heuristic')]];
    if (request.get('algo2')) runs.push([request.get('algo2'), request.get('heuristic2')]);
    return loadOwn('eight-puzzle', runs.map(([algo, heuristic]) => {
      const query = { board: request.get('board') ?? '', algo };
      if (INFORMED.has(algo) && heuristic) query.heuristic = heuristic;
      return query;
    }), { board: 'puzzle' });
  },
  fields: [
    {
      name: 'board', label: 'board (0 the blank; 4x4: numbers between commas)', value: '142358607', required: true,
      attributes: { size: 24, spellcheck: 'false', autocomplete: 'off' },
      extra: (board) => [3, 4].map((side) => {
        const button = html('button', { type: 'button', text: `random ${side}x${side}`, 'data-control': `random${side}` });
        button.addEventListener('click', () => { board.value = randomBoard(side); });
        return button;
      }),
    },
    { name: 'algo', label: 'searcher', kind: 'select', options: ALGOS, value: 'astar' },
    { name: 'heuristic', label: 'heuristic', kind: 'select', options: HEURISTICS, value: 'manhattan' },
    { name: 'algo2', label: 'beside it', kind: 'select', options: [['', 'nothing'], ...ALGOS], value: '' },
    { name: 'heuristic2', label: 'heuristic', kind: 'select', options: HEURISTICS, value: 'manhattan' },
  ],
  // A heuristic only for the searchers that use one (a disabled input
  // stays out of the URL).
  onForm: (inputs) => {
    const sync = () => {
      inputs.heuristic.disabled = !INFORMED.has(inputs.algo.value);
      inputs.heuristic2.disabled = !INFORMED.has(inputs.algo2.value);
    };
    inputs.algo.addEventListener('change', sync);
    inputs.algo2.addEventListener('change', sync);
    sync();
  },
  help: 'The link in the address bar opens this very step.',
  makeView: (answer) => new Sides(answer.sides.map((side, index) => new RunView(side, index))),
});

// The state of a search after its first `step` events.
class Replay {
  constructor(events) {
    this.events = events;
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

// One searcher's panel; beside another, it stops at its end.
class RunView extends Panel {
  constructor(answer, index) {
    super(answer, index);
    this.informed = INFORMED.has(this.algo);
    this.replay = new Replay(this.events);
    this.newNodes = this.events.filter((event) => event.kind === 'generate' && event.result === 'new').length;
    const name = labelOf(ALGOS, this.algo);
    this.current = html('div', { class: 'current' });
    this.frontierList = html('ol', { class: 'frontier', 'data-testid': 'frontier' });
    this.treeBox = html('div', { class: 'tree-box' });
    this.pathBox = html('div', { class: 'path-box' });
    this.fill({
      title: this.informed ? `${name} · ${this.record.heuristic}` : name,
      // The record's counters, as `eight-puzzle solve --json` prints them.
      counters: ['status', ['moves', this.record.num_moves ?? '–'], 'nodes', 'num_tested', 'expanded', 'generated', 'max_frontier', 'iterations', 'time'],
      left: [html('h3', { text: 'node taken up' }), this.current, this.live],
      right: [html('h3', { text: this.algo === 'random' ? 'frontier (picked at random)' : this.informed ? 'frontier, next first (g, h, f)' : 'frontier, next first (g = depth)' }), this.frontierList],
      more: [html('h3', { text: 'search tree' }), this.treeBox, this.pathBox],
    });
  }

  show(shared, playing) {
    const step = Math.min(shared, this.total);
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
    liveList(this.live, facts);
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

