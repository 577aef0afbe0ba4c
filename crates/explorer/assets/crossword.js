// The crossword view: AC-3 with its revision table, and MAC search, replayed from the
// crate's own events (docs/events.md) on the constraint graph the API
// sends beside them: the slots (variables) in two columns, across and
// down, each crossing (a constraint: the same letter in both slots) a
// square between them, and each arc (x, y) the line from x to the square,
// coloured queued, being revised or consistent. The AC-3 queue in order,
// each slot's words with those removed struck through, the grid as it
// fills. A click on an arc (or on a queued arc) revises it next: the
// clicks go to the URL (`clicks=3D-1A@0`, `@N`: after N revisions) and the
// server runs the crate's AC-3 with them (csp-core's `ac3_clicked`), so a
// link shows the same run. MAC: the decisions as the domain-splitting tree
// (a node per decision, as `fill --tree-svg` draws it) and list.

import { countersTable, cutNote, liveList, loadJson, mountView, ownRoute } from './page.js';
import { cspLine } from './csp.js';
import { blackSquare, gridBoard, squareText } from './board.js';
import { setUrlParam } from './player.js';
import { html, svg } from './svg.js';
import { treeSvg } from './tree.js';

const SAMPLE_GRID = '.....\n##.#.\n#....\n.#...\n.....\n.##.#';
const SAMPLE_WORDS = 'AFT\nALE\nEEL\nHEEL\nHIKE\nHOSES\nKEEL\nKNOT\nLASER\nLEE\nLINE\nSAILS\nSHEET\nSTEER\nTIE';
const ALGOS = [
  ['ac3', 'AC-3 (arc consistency alone, its revision table)'],
  ['mac', 'MAC search (a guess, then arc consistency)'],
];

// The generic route with the view's part (the graph beside the events;
// the page's `grid` is the route's `puzzle`).
mountView({
  load: ownRoute('crossword', { grid: 'puzzle' }),
  fields: [
    { name: 'grid', label: 'grid (. open, # block, letters given)', kind: 'textarea', rows: 6, value: SAMPLE_GRID, required: true },
    { name: 'words', label: 'words (one a line)', kind: 'textarea', rows: 6, value: SAMPLE_WORDS },
    { name: 'algo', label: 'algorithm', kind: 'select', options: ALGOS, value: 'ac3' },
    { name: 'clicks', label: 'arcs clicked (revise x against y, @ after so many revisions)', value: '' },
  ],
  help: 'Arcs: blue queued, orange being revised, red when the revision removed words, green consistent. Struck words are gone; red ones went in the step shown. In AC-3, click an arc (a line, or an entry of the queue) to revise it next.',
  makeView: (answer) => new CrosswordView(answer),
});
addExamples();

// A choice of the fixtures above the form; the sample runs when
// the link names no grid.
async function addExamples() {
  const form = document.querySelector('[data-testid=inputs]');
  const { examples } = (await loadJson('/api/crossword/examples')).answer;
  const select = html('select', { id: 'example', 'data-testid': 'example' }, [
    html('option', { value: '', text: 'choose…' }),
    ...examples.map((example) => html('option', { value: example.name, text: `${example.name}: ${example.what}` })),
  ]);
  select.addEventListener('change', () => {
    const example = examples.find((item) => item.name === select.value);
    if (!example) return;
    form.querySelector('#grid').value = example.grid;
    form.querySelector('#words').value = example.words;
    form.querySelector('#clicks').value = '';
  });
  form.prepend(html('div', { class: 'field' }, [
    html('div', { class: 'row' }, [html('label', { for: 'example', text: 'example from fixtures/crossword' }), select]),
  ]));
  if (!new URLSearchParams(location.search).get('grid')) form.requestSubmit();
}

// `3D-1A@0,6D-8A@5` to [{x, y, after}].
function clicksOf(text) {
  if (!text) return [];
  return text.split(',').map((item) => {
    const [arc, after] = item.split('@');
    const [x, y] = arc.split('-');
    return { x, y, after: Number(after ?? 0) };
  });
}

const arcKey = (x, y) => `${x}-${y}`;

// A slot's part in the arc under revision: ' revised' (x), ' support' (y) or none.
function roleOf(state, slot) {
  if (state.current?.x === slot.name) return ' revised';
  return state.current?.y === slot.name ? ' support' : '';
}

class CrosswordView {
  constructor(answer) {
    this.answer = answer;
    this.record = answer.record;
    this.events = answer.events;
    this.graph = answer.graph;
    this.algo = this.record.algo;
    this.clicks = this.graph.clicks;
    // A revision is two steps (fine steps): the arc taken up, then what it removed.
    this.frames = [];
    this.events.forEach((event, index) => {
      if (event.kind === 'revise') this.frames.push({ index, phase: 'select' });
      this.frames.push({ index, phase: 'done' });
    });
    this.total = this.frames.length;
    this.slotNames = this.graph.slots.map((slot) => slot.name);
    this.slotByName = new Map(this.graph.slots.map((slot) => [slot.name, slot]));
    this.element = html('div', { class: 'crossword-view' });
    this.build();
  }

  build() {
    const title = this.algo === 'ac3' ? 'Crossword, AC-3 with its revision table (arc consistency alone)' : 'Crossword, MAC search (dom/wdeg)';
    const counters = countersTable(['status', 'unique', 'nodes', 'backtracks', 'arc_revisions', 'time'], this.record);
    this.now = html('p', { class: 'node-facts xw-now', 'data-testid': 'now' });
    this.live = html('dl', { class: 'live' });
    this.graphBox = html('div', { class: 'xw-graph-box' });
    this.gridBox = html('div', { class: 'grid-box' });
    this.queueBox = html('ol', { class: 'xw-queue', 'data-testid': 'queue' });
    this.domainBox = html('div', { class: 'xw-domains', 'data-testid': 'domains' });
    this.stepButtons = html('div', { class: 'row xw-steps' });
    const main = html('section', { class: 'panel', 'data-panel': 0 }, [
      html('h2', { text: title }),
      html('div', { class: 'now' }, [
        html('div', {}, [counters, html('p', { class: 'note', text: cutNote(this.answer) })]),
        html('div', {}, [html('h3', { text: 'so far' }), this.live]),
      ]),
      this.stepButtons,
      this.now,
      html('h3', { text: 'constraint graph: across slots, crossings, down slots' }),
      this.graphBox,
    ]);
    const side = html('section', { class: 'panel', 'data-panel': 1 }, [
      html('div', { class: 'now' }, [
        html('div', {}, [html('h3', { text: 'grid' }), this.gridBox]),
        this.algo === 'ac3'
          ? html('div', {}, [html('h3', { text: 'queue (revised from the top)' }), this.queueBox])
          : html('div', {}, [html('h3', { text: 'domain splitting: decisions' }), this.treeBox = html('div', { class: 'tree-box' }), this.decisionList = html('ol', { class: 'xw-decisions', 'data-testid': 'decisions' })]),
      ]),
      html('h3', { text: 'words of each slot' }),
      this.domainBox,
    ]);
    if (this.algo === 'ac3' && this.record.status !== 'unsolvable') {
      const url = new URL(location.href);
      for (const name of ['clicks', 'step']) url.searchParams.delete(name);
      url.searchParams.set('algo', 'mac');
      side.append(html('p', { class: 'note' }, [
        'AC-3 alone makes no guess. ',
        html('a', { href: url.pathname + url.search, 'data-testid': 'to-mac', text: 'Then search with MAC →' }),
      ]));
    }
    this.element.append(html('div', { class: 'panels' }, [main, side]));
  }

  // The player calls this: the state after `step` frames.
  show(step) {
    this.step = step;
    const state = this.algo === 'ac3' ? this.replayAc3(step) : this.replayMac(step);
    this.state = state;
    this.renderNow(state);
    this.renderGraph(state);
    this.renderGrid(state);
    this.renderDomains(state);
    if (this.algo === 'ac3') this.renderQueue(state);
    else this.renderTree(state);
    this.renderStepButtons();
  }

  // The first `step` frames, each with its event and place.
  // `arc`: the arc a revision takes up (select), then what it removed (done).
  *framesTo(step) {
    for (let at = 0; at < step; at += 1) {
      const { index, phase } = this.frames[at];
      const event = this.events[index];
      const arc = event.kind === 'revise' ? { x: event.x, y: event.y, phase, removed: phase === 'done' ? event.removed_words : [], added: event.added } : null;
      yield { event, phase, at, arc };
    }
  }

  // AC-3 up to `step` frames: the queue (rebuilt from the initial arcs and
  // what each revision put back; a clicked arc taken out of it), the
  // words removed, the arc under revision, which click each was.
  replayAc3(step) {
    const queue = this.graph.arcs.map(([x, y]) => arcKey(x, y));
    const removed = new Map(this.slotNames.map((name) => [name, new Map()]));
    const consistent = new Set();
    const requeue = (key) => {
      queue.push(key);
      consistent.delete(key);
    };
    const clickAt = [];
    let done = 0;
    let waiting = 0;
    let mismatches = 0;
    let current = null;
    let last = null;
    let wiped = null;
    for (const frame of this.framesTo(step)) {
      const { event, phase, at } = frame;
      last = frame;
      current = frame.arc;
      if (event.kind === 'revise') {
        const key = arcKey(event.x, event.y);
        const click = this.clicks[waiting];
        const clicked = phase === 'select' && click && (click.after <= done || queue.length === 0);
        if (phase === 'select') {
          if (clicked) {
            clickAt[waiting] = done;
            waiting += 1;
          } else if (queue[0] !== key) {
            // Not the queue's front: the rebuilt queue is off (a
            // propagator queued arcs the events do not list).
            mismatches += 1;
          }
          // Off the queue: its front, or wherever a clicked arc waited.
          const position = queue.indexOf(key);
          if (position >= 0) queue.splice(position, 1);
          current.clicked = clicked;
        } else {
          for (const word of event.removed_words) removed.get(event.x).set(word, at);
          for (const [x, y] of event.added) requeue(arcKey(x, y));
          consistent.add(key);
          done += 1;
        }
      } else if (event.kind === 'prune') {
        for (const word of event.removed_words) removed.get(event.var).set(word, at);
        // The propagator woke the arcs into its variable.
        for (const [x, y] of this.graph.arcs) {
          const key = arcKey(x, y);
          if (y === event.var && !queue.includes(key)) requeue(key);
        }
      } else if (event.kind === 'wipeout') {
        wiped = event.var ?? '(a constraint)';
        queue.length = 0;
      }
    }
    const left = new Map(this.graph.slots.map((slot) => [slot.name, slot.words.filter((word) => !removed.get(slot.name).has(word))]));
    return { queue, removed, left, consistent, current, last, done, clickAt, mismatches, wiped, assigned: new Map() };
  }

  // MAC up to `step` frames: the decisions in force, the words each
  // removed, the tree of decisions (a node per decision under the one in
  // force), the arcs revised since the last propagation started.
  replayMac(step) {
    const frames = [{ slot: null, word: null, removed: [], node: 0 }];
    const nodes = new Map([[0, { id: 0, parent: null, depth: 0, label: '', kind: 'expanded', title: 'the root: no decision' }]]);
    const history = [];
    const revisedNow = new Set();
    let nextNode = 1;
    let current = null;
    let last = null;
    let wiped = null;
    let solved = false;
    const counts = { decisions: 0, backtracks: 0, revisions: 0, refutations: 0 };
    for (const frame of this.framesTo(step)) {
      const { event, phase, at } = frame;
      last = frame;
      current = frame.arc;
      switch (event.kind) {
        case 'propagate':
          revisedNow.clear();
          wiped = null;
          break;
        case 'revise':
          if (phase === 'done') {
            counts.revisions += 1;
            for (const word of event.removed_words) frames[frames.length - 1].removed.push([event.x, word, at]);
            revisedNow.add(arcKey(event.x, event.y));
          }
          break;
        case 'prune':
          for (const word of event.removed_words) frames[frames.length - 1].removed.push([event.var, word, at]);
          break;
        case 'wipeout':
          wiped = event.var ?? '(a constraint)';
          break;
        case 'decide': {
          counts.decisions += 1;
          frames.length = Math.min(frames.length, event.depth);
          const parent = frames[frames.length - 1].node;
          const id = nextNode;
          nextNode += 1;
          const slot = this.slotByName.get(event.var);
          nodes.set(id, { id, parent, depth: event.depth, label: event.var, kind: 'expanded', title: `${slot?.label ?? event.var} = ${event.word}` });
          frames.push({ slot: event.var, word: event.word, removed: [], node: id });
          history.push({ text: `${event.var} = ${event.word}`, depth: event.depth, kind: 'decide', at });
          break;
        }
        case 'refute': {
          counts.refutations += 1;
          frames.length = Math.min(frames.length, event.depth + 1);
          frames[frames.length - 1].removed.push([event.var, event.word, at]);
          // The decision refuted is the last node of that slot and word.
          for (const node of [...nodes.values()].reverse()) {
            if (node.label === event.var && node.title.endsWith(`= ${event.word}`)) {
              node.kind = 'dropped';
              break;
            }
          }
          history.push({ text: `${event.var} ≠ ${event.word}`, depth: event.depth, kind: 'refute', at });
          break;
        }
        case 'backtrack':
          counts.backtracks += 1;
          frames.length = Math.min(frames.length, event.depth + 1);
          history.push({ text: `back to depth ${event.depth}`, depth: event.depth, kind: 'backtrack', at });
          break;
        case 'solution':
          solved = true;
          history.push({ text: 'solution', depth: frames.length - 1, kind: 'solution', at });
          break;
        default:
          break;
      }
    }
    const assigned = new Map();
    const removed = new Map(this.slotNames.map((name) => [name, new Map()]));
    for (const frame of frames) {
      if (frame.slot !== null) assigned.set(frame.slot, frame.word);
      for (const [slot, word, at] of frame.removed) removed.get(slot)?.set(word, at);
    }
    // The path in force: marked, its deepest node current (the goal once solved).
    const path = frames.map((frame) => frame.node);
    for (const id of path) {
      const node = nodes.get(id);
      if (node.kind !== 'dropped') node.kind = 'path';
    }
    const deepest = nodes.get(path[path.length - 1]);
    if (deepest && path.length > 1) deepest.kind = solved ? 'goal' : 'current';
    const left = new Map(this.graph.slots.map((slot) => [slot.name,
      assigned.has(slot.name) ? [assigned.get(slot.name)] : slot.words.filter((word) => !removed.get(slot.name).has(word))]));
    return { removed, left, assigned, consistent: revisedNow, current, last, wiped, nodes, history, counts, depth: frames.length - 1, queue: null };
  }

  renderNow(state) {
    const { last, current } = state;
    let text = 'Before AC-3: every arc is queued.';
    if (this.algo === 'mac') text = 'Before the search.';
    if (last) {
      const event = last.event;
      if (event.kind === 'revise' && current?.phase === 'select') {
        text = `${current.clicked ? 'clicked: ' : ''}revising (${event.x}, ${event.y}): keep the words of ${event.x} that some word of ${event.y} agrees with where they cross`;
      } else if (event.kind === 'revise') {
        const gone = event.removed_words.length;
        text = `revised (${event.x}, ${event.y}): ${gone === 0 ? 'nothing removed, the arc is consistent' : `removed ${event.removed_words.join(', ')} from ${event.x}`}`;
        if (event.added.length > 0) text += `; queued again: ${event.added.map(([x, y]) => `(${x}, ${y})`).join(' ')}`;
      } else {
        text = cspLine(event);
      }
    }
    this.now.textContent = text;
    const wordsLeft = [...state.left.values()].reduce((sum, words) => sum + words.length, 0);
    if (this.algo === 'ac3') {
      this.element.dataset.queueMismatches = String(state.mismatches);
      liveList(this.live, [
        ['arc revisions', state.done],
        ['queue', state.queue.length],
        ['words left', wordsLeft],
        ['clicks used', state.clickAt.length],
      ]);
    } else {
      liveList(this.live, [
        ['decisions', state.counts.decisions],
        ['backtracks', state.counts.backtracks],
        ['arc revisions', state.counts.revisions],
        ['depth', state.depth],
        ['words left', wordsLeft],
      ]);
    }
  }

  // Two columns of slots (across left, down right) and the crossings
  // between them; each arc a line from its slot to the crossing.
  renderGraph(state) {
    const across = this.graph.slots.filter((slot) => slot.direction === 'across');
    const down = this.graph.slots.filter((slot) => slot.direction === 'down');
    const constraints = [];
    const seen = new Set();
    for (const [x, y] of this.graph.arcs) {
      const key = [x, y].sort().join('|');
      if (seen.has(key)) continue;
      seen.add(key);
      const [a, d] = this.slotByName.get(x).direction === 'across' ? [x, y] : [y, x];
      constraints.push({ across: a, down: d });
    }
    const rowGap = 34;
    const width = 420;
    const columnHeight = (count) => count * rowGap;
    const height = Math.max(columnHeight(Math.max(across.length, down.length)), constraints.length * 16) + 20;
    const place = (list, x) => new Map(list.map((slot, index) => [slot.name, [x, 10 + (index + 0.5) * ((height - 20) / list.length)]]));
    const at = new Map([...place(across, 46), ...place(down, width - 46)]);
    const yOf = (name) => at.get(name)[1];
    constraints.sort((p, q) => (yOf(p.across) + yOf(p.down)) - (yOf(q.across) + yOf(q.down)));
    const squares = constraints.map((constraint, index) => [width / 2, 10 + (index + 0.5) * ((height - 20) / constraints.length)]);
    const lines = [];
    const marks = [];
    const current = state.current ? arcKey(state.current.x, state.current.y) : null;
    const queued = new Set(state.queue ?? []);
    constraints.forEach((constraint, index) => {
      const [cx, cy] = squares[index];
      for (const [x, y] of [[constraint.across, constraint.down], [constraint.down, constraint.across]]) {
        const key = arcKey(x, y);
        const [sx, sy] = at.get(x);
        let kind = 'idle';
        if (key === current) kind = state.current.phase === 'select' ? 'revising' : (state.current.removed.length > 0 ? 'removed' : 'consistent');
        else if (queued.has(key)) kind = 'queued';
        else if (state.consistent.has(key)) kind = 'consistent';
        const title = `arc (${x}, ${y}): revise ${x} against ${y} (${kind === 'idle' ? 'not revised yet' : kind})`;
        const line = svg('line', { x1: sx + (sx < cx ? 30 : -30), y1: sy, x2: cx + (sx < cx ? -5 : 5), y2: cy, class: `arc ${kind}`, 'data-arc': key, 'data-state': kind }, [svg('title', {}, [title])]);
        // A wide invisible line over it, easier to hit.
        const hit = svg('line', { x1: sx + (sx < cx ? 30 : -30), y1: sy, x2: cx + (sx < cx ? -5 : 5), y2: cy, class: 'arc-hit', 'data-hit': key }, [svg('title', {}, [title])]);
        if (this.algo === 'ac3') hit.addEventListener('click', () => this.click(x, y));
        lines.push(line);
        marks.push(hit);
      }
      marks.push(svg('rect', { x: cx - 5, y: cy - 5, width: 10, height: 10, class: 'constraint' }, [
        svg('title', {}, [`${constraint.across} and ${constraint.down} share a letter`]),
      ]));
    });
    const nodes = [];
    for (const slot of this.graph.slots) {
      const [x, y] = at.get(slot.name);
      const words = state.left.get(slot.name).length;
      let kind = roleOf(state, slot);
      if (words === 0) kind += ' empty';
      else if (words === 1) kind += ' single';
      nodes.push(svg('g', { class: `slot-node${kind}`, 'data-slot': slot.name }, [
        svg('title', {}, [`${slot.label}: ${words} word${words === 1 ? '' : 's'} left`]),
        svg('rect', { x: x - 30, y: y - 11, width: 60, height: 22, rx: 5 }),
        svg('text', { x, y: y + 4 }, [`${slot.name} · ${words}`]),
      ]));
    }
    this.graphBox.replaceChildren(svg('svg', {
      viewBox: `0 0 ${width} ${height}`, width, height, class: 'xw-graph', role: 'img', 'aria-label': 'constraint graph',
    }, [...lines, ...marks, ...nodes]));
  }

  // The template on the shared board (blocks black), with the letters of
  // every slot left one word (or decided), the slots of the arc under
  // revision shaded.
  renderGrid(state) {
    const { rows, cols, template } = this.graph;
    const letters = template.map((row) => [...row]);
    for (const slot of this.graph.slots) {
      const words = state.left.get(slot.name);
      if (words.length !== 1) continue;
      slot.cells.forEach(([r, c], index) => { letters[r][c] = words[0][index]; });
    }
    const mark = new Map();
    if (state.current) {
      for (const [r, c] of this.slotByName.get(state.current.y).cells) mark.set(`${r},${c}`, 'support');
      for (const [r, c] of this.slotByName.get(state.current.x).cells) mark.set(`${r},${c}`, 'revised');
    }
    const numbers = new Map(this.graph.slots.map((slot) => [slot.cells[0].join(','), slot.name.slice(0, -1)]));
    const square = (r, c, box) => {
      if (template[r][c] === '#') return blackSquare(box);
      const drawn = [];
      const kind = mark.get(`${r},${c}`);
      if (kind) drawn.push(svg('rect', { x: box.x, y: box.y, width: box.size, height: box.size, class: `xw-cell ${kind}` }));
      if (letters[r][c] !== '.') drawn.push(squareText(box, letters[r][c], `xw-letter${template[r][c] !== '.' ? ' given' : ''}`, 0.55));
      const number = numbers.get(`${r},${c}`);
      if (number) drawn.push(svg('text', { x: box.x + box.size * 0.06, y: box.y + box.size * 0.3, 'font-size': box.size * 0.25, class: 'xw-number' }, [number]));
      return drawn;
    };
    this.gridBox.replaceChildren(gridBoard({
      rows, cols, square, pixels: Math.min(320, Math.max(rows, cols) * 34), className: 'xw-grid', label: 'crossword grid',
    }));
  }

  renderDomains(state) {
    const lastAt = state.last?.at ?? -1;
    const items = this.graph.slots.map((slot) => {
      const removed = state.removed.get(slot.name);
      const chosen = state.assigned.get(slot.name);
      const kind = roleOf(state, slot);
      // A long list shows the words left and those the step removed;
      // a short one every word, struck through when gone.
      const long = slot.words.length > 30;
      const shown = (long ? slot.words.filter((word) => !removed.has(word) || removed.get(word) === lastAt) : slot.words).slice(0, 40);
      const hidden = long ? slot.words.length - shown.length : 0;
      const words = shown.map((word) => {
        if (removed.has(word)) {
          const now = removed.get(word) === lastAt;
          return html('s', { class: now ? 'gone just' : 'gone', text: word });
        }
        if (chosen !== undefined && word !== chosen) return html('span', { class: 'other', text: word });
        return html('span', { class: chosen === word ? 'chosen' : 'left', text: word });
      });
      if (hidden > 0) words.push(html('span', { class: 'more', text: `(${hidden} more${long ? ', struck or not shown' : ''})` }));
      return html('div', { class: `xw-domain${kind}`, 'data-domain': slot.name }, [
        html('b', { text: `${slot.name} ` }),
        html('span', { class: 'count', text: `${state.left.get(slot.name).length}/${slot.words.length}: ` }),
        ...words.flatMap((word) => [word, ' ']),
      ]);
    });
    this.domainBox.replaceChildren(...items);
  }

  renderQueue(state) {
    const shown = state.queue.slice(0, 40).map((key) => {
      const [x, y] = key.split('-');
      const item = html('li', { 'data-queued': key, title: `click: revise ${x} against ${y} next` }, [html('button', { type: 'button', class: 'xw-arc', text: `(${x}, ${y})` })]);
      item.addEventListener('click', () => this.click(x, y));
      return item;
    });
    if (state.queue.length > 40) shown.push(html('li', { class: 'more', text: `+${state.queue.length - 40} more` }));
    if (state.queue.length === 0) shown.push(html('li', { class: 'more', text: state.wiped ? 'emptied by a wipe-out' : 'empty' }));
    this.queueBox.replaceChildren(...shown);
  }

  renderTree(state) {
    this.treeBox.replaceChildren(treeSvg(state.nodes, { rootId: 0 }));
    const recent = state.history.slice(-40);
    this.decisionList.replaceChildren(...recent.map((entry) =>
      html('li', { class: `xw-${entry.kind}`, style: `margin-left: ${Math.min(entry.depth, 12) * 0.6}rem`, text: entry.text })));
  }

  // Buttons beside the player's fine step: a whole arc, or (MAC) the next decision.
  renderStepButtons() {
    if (this.stepButtons.childElementCount > 0) return;
    const jump = (label, test, direction) => {
      const name = `${label.replace(/[^a-z]/g, '')}-${direction > 0 ? 'forward' : 'back'}`;
      const button = html('button', { type: 'button', class: 'control', 'data-control': name, text: label });
      button.addEventListener('click', () => {
        let at = this.step + direction;
        while (at > 0 && at < this.total && !test(this.frames[at - 1])) at += direction;
        // The player follows its slider.
        const slider = document.querySelector('.player .scrub');
        slider.value = String(Math.max(0, Math.min(this.total, at)));
        slider.dispatchEvent(new Event('input'));
      });
      return button;
    };
    const arcDone = (frame) => this.events[frame.index].kind === 'revise' && frame.phase === 'done';
    const decision = (frame) => ['decide', 'refute', 'solution'].includes(this.events[frame.index].kind);
    this.stepButtons.append(
      html('span', { class: 'note', text: 'step: ' }),
      jump('◀ arc', arcDone, -1),
      jump('arc ▶', arcDone, 1),
    );
    if (this.algo === 'mac') this.stepButtons.append(jump('◀ decision', decision, -1), jump('decision ▶', decision, 1));
  }

  // A click on arc (x, y): revise it next. The clicks already used stay,
  // later ones go; the page loads the new run at the clicked revision.
  click(x, y) {
    if (this.algo !== 'ac3') return;
    const { done, clickAt } = this.state;
    const kept = this.clicks.filter((_, index) => index < clickAt.length && clickAt[index] < done);
    const clicks = [...kept, { x, y, after: done }];
    // The new run repeats this one up to the end of revision `done - 1`
    // (or the root's `propagate`); the clicked revision comes next.
    let revisions = 0;
    for (const { event, arc, at } of this.framesTo(this.total)) {
      if (arc?.phase === 'done') revisions += 1;
      const here = done === 0 ? event.kind === 'propagate' : arc?.phase === 'done' && revisions === done;
      if (here) {
        setUrlParam('step', String(at + 2));
        break;
      }
    }
    setUrlParam('clicks', clicks.map((click) => `${click.x}-${click.y}@${click.after}`).join(','));
    location.reload();
  }
}
