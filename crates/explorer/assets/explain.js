// The sudoku view's human steps: `sudoku explain`'s solving path, one step
// at a time, on the candidates before it: the step's cells and units
// shaded, the candidates it rests on circled, its links drawn (strong
// solid, weak dashed), the digits it places in green and the candidates it
// removes struck out in red; its technique, rating and sentence beside,
// and the puzzle's ER/EP/ED above.

import { boxWalls, gridBoard, pencilMarks, squareText } from './board.js';
import { liveList } from './page.js';
import { Panel } from './panel.js';
import { html, svg } from './svg.js';

const DIGITS = '123456789';

export class ExplainView extends Panel {
  constructor(answer) {
    super(answer);
    this.steps = answer.steps;
    // Step k shows path step k; one more for the solved grid.
    this.total = this.steps.length + 1;
    this.gridBox = html('div', { class: 'grid-box' });
    this.facts = html('div', { class: 'step-facts', 'data-testid': 'step' });
    const rated = this.record.er !== undefined;
    this.fill({
      title: 'Sudoku, human steps (sudoku explain)',
      counters: [
        'status',
        ['er', rated ? this.record.er : '–'],
        ['ep', rated ? this.record.ep : '–'],
        ['ed', rated ? this.record.ed : '–'],
        ['hardest', this.record.hardest ?? '–'],
        ['steps', this.record.steps ?? this.steps.length],
      ],
      note: this.record.error ?? '',
      left: [html('h3', { text: 'candidates before the step' }), this.gridBox],
      right: [html('h3', { text: 'the step' }), this.facts, html('h3', { text: 'so far' }), this.live],
    });
  }

  show(step) {
    const given = this.steps.length > 0 ? this.steps[0].values : [];
    const shown = step >= 1 && step <= this.steps.length ? this.steps[step - 1] : null;
    let grid;
    if (shown) {
      grid = { values: shown.values, masks: shown.masks };
      const { record } = shown;
      this.facts.replaceChildren(
        html('p', { class: 'step-title' }, [html('strong', { 'data-testid': 'technique', text: record.technique }), ` (${record.rating})`]),
        html('p', { 'data-testid': 'step-text', text: record.text }),
        html('p', { class: 'note', text: [
          record.placements.length ? `places ${record.placements.join(' ')}` : '',
          record.eliminations.length ? `removes ${record.eliminations.join(' ')}` : '',
        ].filter(Boolean).join('; ') }),
      );
    } else if (step === 0 && this.steps.length > 0) {
      grid = { values: this.steps[0].values, masks: this.steps[0].masks };
      this.facts.replaceChildren(html('p', { text: 'the puzzle, before the first step' }));
    } else {
      // The end: the solution (or the puzzle, when it was not rated).
      const solution = this.record.solution;
      grid = { values: solution ? [...solution].map(Number) : given, masks: [] };
      this.facts.replaceChildren(html('p', {
        text: solution ? `solved in ${this.steps.length} steps: ER ${this.record.er}, EP ${this.record.ep}, ED ${this.record.ed}` : (this.record.error ?? 'not rated'),
      }));
    }
    this.gridBox.replaceChildren(stepSvg(grid, given, shown));
    const done = this.steps.slice(0, Math.min(step, this.steps.length));
    liveList(this.live, [
      ['step', Math.min(step, this.steps.length)],
      ['placed', done.reduce((sum, made) => sum + made.record.placements.length, 0)],
      ['eliminated', done.reduce((sum, made) => sum + made.record.eliminations.length, 0)],
      ['hardest so far', done.reduce((most, made) => Math.max(most, made.record.rating), 0) || '–'],
    ]);
  }
}

// The grid before `step`: givens bold, placed digits blue, candidates as
// pencil marks, and the step's highlights.
function stepSvg(grid, given, step) {
  const { values, masks } = grid;
  const key = (cell, digit) => `${cell}:${digit}`;
  const placed = new Set((step?.placements ?? []).map(([cell, digit]) => key(cell, digit)));
  const removed = new Set((step?.eliminations ?? []).map(([cell, digit]) => key(cell, digit)));
  const circled = new Set((step?.highlighted ?? []).map(([cell, digit]) => key(cell, digit)));
  const focus = new Set(step?.cells ?? []);
  const unit = new Set((step?.units ?? []).flat());
  // Where candidate `digit` of `cell` sits, in the board's units.
  const size = 100 / 9;
  const small = size / 3;
  const spot = (cell, digit) => ({
    x: (cell % 9) * size + ((digit - 1) % 3) * small + small / 2,
    y: Math.floor(cell / 9) * size + Math.floor((digit - 1) / 3) * small + small / 2,
  });
  const square = (r, c, box) => {
    const cell = r * 9 + c;
    const drawn = [];
    if (focus.has(cell)) drawn.push(svg('rect', { x: box.x, y: box.y, width: box.size, height: box.size, class: 'focus-cell' }));
    else if (unit.has(cell)) drawn.push(svg('rect', { x: box.x, y: box.y, width: box.size, height: box.size, class: 'unit-cell' }));
    if (values[cell] > 0) {
      drawn.push(squareText(box, values[cell], given[cell] > 0 ? 'digit given' : 'digit placed'));
      return drawn;
    }
    const mask = masks[cell] ?? 0;
    const digits = [...DIGITS].filter((digit) => mask & (1 << (Number(digit) - 1)));
    for (const digit of digits) {
      const at = spot(cell, Number(digit));
      const name = key(cell, Number(digit));
      for (const [marked, className] of [[circled, 'cand-focus'], [placed, 'cand-placed'], [removed, 'cand-removed']]) {
        if (marked.has(name)) drawn.push(svg('circle', { cx: at.x, cy: at.y, r: small * 0.45, class: className }));
      }
    }
    drawn.push(...pencilMarks(box, digits, DIGITS, 3));
    return drawn;
  };
  const board = gridBoard({
    rows: 9, cols: 9, square, pixels: 450, className: 'sudoku explain', label: 'sudoku grid with the step highlighted',
    wall: boxWalls(3),
  });
  for (const link of step?.links ?? []) {
    const from = spot(...link.from);
    const to = spot(...link.to);
    board.append(svg('line', { x1: from.x, y1: from.y, x2: to.x, y2: to.y, class: link.strong ? 'link strong' : 'link weak', 'data-testid': 'link' }));
  }
  return board;
}
