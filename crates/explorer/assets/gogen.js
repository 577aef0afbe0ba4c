// The gogen view: depth-first search with look-ahead, replayed
// from the crate's own events (docs/events.md): the grid taken up, the
// letters given and placed, the grids the closed set turns down, the stack;
// at the goal every word's path drawn on the solution in its own colour.

import { liveList, loadJson, mountView } from './page.js';
import { Panel } from './panel.js';
import { replaySearch, searchFacts } from './search.js';
import { html, svg } from './svg.js';

const SIDE = 5;
// The sample puzzle: the grid, then the words.
const EXAMPLE = 'M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\nACQUIRE AXLE CUT DERV FIR JUST KEG\nMAN PILE PRY ROB WHAM';
const COLOURS = ['#2f62c9', '#b3261e', '#1e8a4c', '#8e44ad', '#d35400', '#16a085', '#c0392b', '#2c3e50', '#7f8c8d', '#d4a017', '#e84393', '#0984e3'];

// The generic route's solve, with the search this view replays.
mountView({
  load: (request) => {
    request.set('algo', 'dfs');
    return loadJson(`/api/puzzle/gogen?${request}`);
  },
  fields: [
    { name: 'puzzle', label: 'puzzle (five rows, then the words)', kind: 'textarea', rows: 8, value: EXAMPLE, required: true },
    { name: 'letters', label: 'given letters (only with a words file: the count, then the words)', value: '' },
  ],
  help: 'Bold letters are given, blue ones placed by the search; at the goal each word\'s path is drawn in its own colour.',
  makeView: (answer) => new GogenView(answer),
});

class GogenView extends Panel {
  constructor(answer) {
    super(answer);
    const start = this.events.find((event) => event.kind === 'start');
    this.givens = start ? start.state_line : '.'.repeat(SIDE * SIDE);
    const run = this.events.find((event) => event.kind === 'run');
    this.words = run ? run.puzzle.split(/\s+/).slice(1) : Object.keys(this.record.paths ?? {});
    this.gridBox = html('div', { class: 'grid-box' });
    this.facts = html('p', { class: 'node-facts' });
    this.wordList = html('ul', { class: 'words', 'data-testid': 'words' });
    this.fill({
      title: 'Gogen, depth-first search with look-ahead',
      counters: ['status', 'unique', 'nodes', 'backtracks', 'nodes_visited', 'time'],
      left: [html('h3', { text: 'grid taken up' }), this.gridBox, this.facts],
      right: [html('h3', { text: 'so far' }), this.live, html('h3', { text: 'words' }), this.wordList],
    });
  }

  show(step) {
    const run = replaySearch(this.events, step);
    const current = run.current;
    const line = current ? current.state_line : this.givens;
    const atGoal = current?.kind === 'goal' && this.record.paths;
    this.gridBox.replaceChildren(gogenSvg(line, this.givens, atGoal ? this.record.paths : null, this.words));
    const empty = [...line].filter((letter) => letter === '.').length;
    this.facts.textContent = !current ? 'the puzzle, before the search'
      : current.kind === 'goal' ? 'goal: every letter placed, every word on a path'
        : `grid ${current.id}, depth ${current.depth}, ${empty} cell${empty === 1 ? '' : 's'} empty, stack ${current.frontier}`;
    liveList(this.live, searchFacts(run, 'stack', [['duplicates', run.counts.duplicate]]));
    this.wordList.replaceChildren(...this.words.map((word, index) =>
      html('li', { text: word, style: atGoal ? `--swatch: ${COLOURS[index % COLOURS.length]}` : '--swatch: transparent' })));
  }
}

// The grid of `line` (25 letters or dots, row by row); with `paths`, each
// word's path through the cell centres.
function gogenSvg(line, givens, paths, words) {
  const cell = 20;
  const children = [];
  [...line].forEach((letter, index) => {
    const x = (index % SIDE) * cell;
    const y = Math.floor(index / SIDE) * cell;
    children.push(svg('rect', { x, y, width: cell, height: cell, class: `cell${givens[index] !== '.' ? ' given' : ''}` }));
  });
  if (paths) {
    words.forEach((word, index) => {
      const cells = paths[word];
      if (!cells) return;
      // Each word a little off the centre, so that paths through one cell stay apart.
      const shift = ((index % 5) - 2) * 0.9;
      const points = cells.map(([row, column]) => `${column * cell + cell / 2 + shift},${row * cell + cell / 2 + shift}`).join(' ');
      children.push(svg('polyline', { points, class: 'word-path', stroke: COLOURS[index % COLOURS.length], 'data-word': word }));
    });
  }
  // The letters over the paths, so that each stays readable.
  [...line].forEach((letter, index) => {
    if (letter === '.') return;
    const x = (index % SIDE) * cell;
    const y = Math.floor(index / SIDE) * cell;
    const given = givens[index] !== '.';
    children.push(svg('text', { x: x + cell / 2, y: y + cell * 0.68, 'font-size': cell * 0.5, class: `letter ${given ? 'given' : 'placed'}` }, [letter]));
  });
  return svg('svg', { viewBox: '-1 -1 102 102', width: 340, height: 340, class: 'gogen', role: 'img', 'aria-label': 'gogen grid' }, children);
}
