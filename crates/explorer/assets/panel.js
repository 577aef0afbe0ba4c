// A view's panel: the answer's record and events, the algorithm, the live
// facts, and the section that `fill` fills.

import { countersTable, cutNote } from './page.js';
import { html } from './svg.js';

export class Panel {
  constructor(answer, index = 0, className = 'panel') {
    this.answer = answer;
    this.record = answer.record;
    this.events = answer.events;
    this.total = this.events?.length;
    this.algo = this.record.algo;
    this.element = html('section', { class: className, 'data-panel': index });
    this.live = html('dl', { class: 'live' });
  }

  // The title, the counters, the note (by default the cut's), the step's
  // two columns and `more`.
  fill({ title, counters, note = cutNote(this.answer), left, right, more = [] }) {
    this.element.append(
      html('h2', { text: title }),
      countersTable(counters, this.record),
      html('p', { class: 'note', text: note }),
      html('div', { class: 'now' }, [html('div', {}, left), html('div', {}, right)]),
      ...more,
    );
  }
}

// The label of `value` among a view's [value, label] options.
export function labelOf(options, value) {
  return options.find(([option]) => option === value)?.[1] ?? value;
}
