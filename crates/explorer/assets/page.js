// What the views of sudoku, gogen and N-Queens share: the form whose
// fields are the URL's parameters, the call to the view's API, the message
// of a 400 beside its input, the player; and the replay of csp-core's
// events (docs/events.md) into the decisions in force and the values removed.

import { Player, stepFromUrl } from './player.js';
import { html } from './svg.js';

// Builds the page of a view. `fields`: [{ name, label, kind: 'text' |
// 'textarea' | 'number' | 'select', options: [[value, label]], value }];
// `api`: the API's path, or `load(request)`: a function that asks for the
// answer itself (several calls) and resolves like `loadJson`;
// `makeView(answer, query)`: an object with `element`, `total`,
// `show(step, playing)` and, if it keeps timers, `destroy()`; `help`: the
// line under the player; `autostart`: run the form's first values when
// the URL holds no puzzle (the generic page opens on its example solved).
// A field's `extra(input)` gives elements to put beside its input;
// `onForm(inputs)` is called once the form is built (a disabled input
// stays out of the URL).
export function mountView({ fields, api, load, makeView, help, onForm, autostart = false }) {
  const app = document.getElementById('app');
  const params = new URLSearchParams(location.search);
  const form = html('form', { class: 'inputs', 'data-testid': 'inputs' });
  const inputs = {};
  for (const field of fields) {
    const value = params.get(field.name) ?? field.value ?? '';
    let input;
    if (field.kind === 'select') {
      input = html('select', { name: field.name, id: field.name });
      for (const [option, label] of field.options) input.append(html('option', { value: option, text: label, selected: option === value }));
    } else if (field.kind === 'textarea') {
      input = html('textarea', { name: field.name, id: field.name, rows: field.rows ?? 3, spellcheck: 'false' });
      input.value = value;
    } else {
      input = html('input', { name: field.name, id: field.name, type: field.kind ?? 'text', value, ...(field.attributes ?? {}) });
    }
    inputs[field.name] = input;
    form.append(html('div', { class: 'field' }, [
      html('div', { class: 'row' }, [html('label', { for: field.name, text: field.label }), input, ...(field.extra ? field.extra(input) : [])]),
      html('div', { class: 'error', 'data-error-for': field.name, role: 'alert' }),
    ]));
  }
  form.append(
    html('div', { class: 'error', 'data-error-for': 'query', role: 'alert' }),
    html('div', { class: 'row' }, [html('button', { type: 'submit', text: 'Search', 'data-control': 'run' })]),
  );
  // The form's values into the URL (a new history entry, or in place of
  // the page's first one), then the solve.
  const submit = (replace) => {
    const url = new URL(location.href);
    url.search = '';
    for (const field of fields) {
      const value = inputs[field.name].value.trim();
      if (value !== '' && !inputs[field.name].disabled) url.searchParams.set(field.name, value);
    }
    if (replace) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    start(new URLSearchParams(url.search), 0);
  };
  if (onForm) onForm(inputs);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit(false);
  });
  const controls = html('div', { class: 'player-box', 'data-testid': 'player' });
  const panels = html('div', { class: 'panels', 'data-testid': 'panels' });
  app.append(form, controls, html('p', { class: 'help' }, [
    'Keys: space plays or pauses, ← → step (with shift: 10), Home and End jump. ', help,
  ]), panels);
  window.addEventListener('popstate', () => location.reload());
  let player = null;
  let view = null;

  async function start(query, step) {
    for (const element of document.querySelectorAll('[data-error-for]')) element.textContent = '';
    if (player) player.destroy();
    view?.destroy?.();
    player = null;
    view = null;
    panels.replaceChildren(html('p', { class: 'loading', text: 'searching…' }));
    const request = new URLSearchParams();
    for (const field of fields) {
      const value = query.get(field.name);
      if (value !== null) request.set(field.name, value);
    }
    const { ok, status, answer } = await (load ? load(request) : loadJson(`${api}?${request}`));
    if (!ok) {
      panels.replaceChildren();
      const field = document.querySelector(`[data-error-for="${answer.field}"]`) ?? document.querySelector('[data-error-for=query]');
      field.textContent = answer.error ?? `the server answered ${status}`;
      return;
    }
    view = makeView(answer, query);
    panels.replaceChildren(view.element);
    player = new Player(controls, {
      total: view.total,
      initialStep: step ?? stepFromUrl(view.total),
      show: (at, playing) => view.show(at, playing),
    });
  }

  if (fields.some((field) => field.required && params.get(field.name))) start(params, null);
  else if (autostart) submit(true);
}

// The answer of an API call: { ok, status, answer } (the JSON body).
export async function loadJson(url) {
  const response = await fetch(url);
  return { ok: response.ok, status: response.status, answer: await response.json() };
}

// The generic route's answers for a crate's own view (`view=own`), one
// call per query (an object or URLSearchParams of the view's keys, each
// read as `aliases` says: { board: 'puzzle' }), as one: the first
// refusal (naming the view's key), or { sides: the answers }.
export async function loadOwn(name, queries, aliases = {}) {
  const answers = await Promise.all(queries.map((query) => {
    const request = new URLSearchParams({ view: 'own' });
    for (const [key, value] of new URLSearchParams(query)) request.set(aliases[key] ?? key, value);
    return loadJson(`/api/puzzle/${name}?${request}`);
  }));
  const refused = answers.find((side) => !side.ok);
  if (!refused) return { ok: true, answer: { sides: answers.map((side) => side.answer) } };
  const field = Object.keys(aliases).find((key) => aliases[key] === refused.answer.field) ?? refused.answer.field;
  return { ...refused, answer: { ...refused.answer, field } };
}

// A view's `load` of one call: the form's request through `loadOwn`.
export function ownRoute(name, aliases = {}) {
  return async (request) => {
    const run = await loadOwn(name, [request], aliases);
    return run.ok ? { ok: true, answer: run.answer.sides[0] } : run;
  };
}

// The record's counters as a table: rows of [name, value], or the name of
// one the record gives (`status`, `unique`, `time`, or one of its `stats`).
export function countersTable(rows, record) {
  return html('table', { class: 'counters', 'data-testid': 'counters' }, rows.map((row) => {
    const [name, value] = typeof row === 'string' ? [row, counterOf(record, row)] : row;
    return html('tr', {}, [html('th', { text: name }), html('td', { 'data-counter': name, text: String(value) })]);
  }));
}

// A counter as the pages show it: the status `limit (node)` when a limit
// stopped the search; whether the solution is unique yes, no, or – where
// the record does not say; the time in milliseconds (– where it does not say).
function counterOf(record, name) {
  if (name === 'status') return record.limit ? `limit (${record.limit})` : record.status;
  if (name === 'unique') return record.unique === undefined ? '–' : record.unique ? 'yes' : 'no';
  if (name === 'time') return record.stats?.micros === undefined ? '–' : `${(record.stats.micros / 1000).toFixed(1)} ms`;
  return record.stats[name];
}

// A view's panel: the answer's record and events, the algorithm, the live
// facts, and the section that `fill` fills.
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

  // The title, the counters (as `countersTable` takes them), the note (by
  // default the cut stream's), the two columns of what the step shows, and
  // `more` under them.
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

// Views side by side, stepped together: as many steps as the longest.
export class Sides {
  constructor(views) {
    this.views = views;
    this.total = Math.max(...views.map((view) => view.total));
    this.element = document.createDocumentFragment();
    this.element.append(...views.map((view) => view.element));
  }

  show(step, playing) {
    for (const view of this.views) view.show(step, playing);
  }

  destroy() {
    for (const view of this.views) view.destroy?.();
  }
}

// The label of `value` among a view's [value, label] options.
export function labelOf(options, value) {
  return options.find(([option]) => option === value)?.[1] ?? value;
}

// A search-core run (docs/events.md) replayed up to `step`: the states
// tested (expanded, the goal, cut at the depth limit), expanded,
// generated and dropped as duplicates, and the last state taken up.
export function replaySearch(events, step) {
  const counts = { tested: 0, expanded: 0, generated: 0, duplicate: 0 };
  let current = null;
  for (const event of events.slice(0, step)) {
    if (event.kind === 'generate') {
      counts.generated += 1;
      if (event.result === 'duplicate') counts.duplicate += 1;
    }
    if (event.kind === 'expand' || event.kind === 'goal' || event.kind === 'depth_cut') {
      counts.tested += 1;
      current = event;
    }
    if (event.kind === 'expand') counts.expanded += 1;
  }
  return { counts, current };
}

// The note under a cut stream.
export function cutNote(answer) {
  return answer.cut
    ? `The run was cut at ${answer.events.length} events (the server sends at most that many); the search went on, and the counters above are the whole run's.`
    : '';
}

// Live facts as a definition list: [name, value] pairs, each `data-live`.
export function liveList(element, facts) {
  element.replaceChildren(...facts.flatMap(([name, value]) => [
    html('dt', { text: name }), html('dd', { 'data-live': name, text: String(value) }),
  ]));
}

// The live facts of a search replayed by `replaySearch`: the states
// tested, expanded and generated, `more`, and the frontier's size, named
// `frontier` (stack or queue).
export function searchFacts({ counts, current }, frontier, more = []) {
  return [
    ['tested', counts.tested],
    ['expanded', counts.expanded],
    ['generated', counts.generated],
    ...more,
    [frontier, current ? current.frontier : 0],
  ];
}

// The live facts of a csp run replayed by `replayCsp`.
export function cspFacts(run) {
  return [
    ['decisions', run.counts.decide],
    ['refutations', run.counts.refute],
    ['backtracks', run.counts.backtrack],
    ['wipeouts', run.counts.wipeout],
    ['prunings', run.counts.prune],
    ['depth', run.depth],
  ];
}

// A csp-core run replayed up to `step`: `frames[0]` the root, `frames[d]`
// the decision at depth d ({ variable, value, removed: [[variable, value]] }),
// each with the values removed under it; the last event; the tallies;
// the solution's state when one was found.
export function replayCsp(events, step) {
  const frames = [{ variable: null, value: null, removed: [], placed: [] }];
  const counts = { decide: 0, refute: 0, backtrack: 0, wipeout: 0, prune: 0, revise: 0, solution: 0, propagate: 0 };
  let last = null;
  let wiped = null;
  let solution = null;
  for (const event of events.slice(0, step)) {
    last = event;
    if (event.kind in counts) counts[event.kind] += 1;
    switch (event.kind) {
      case 'decide':
      case 'backtrack':
      case 'refute':
        // A decision opens the frame of its depth; a backtrack or a
        // refutation goes back to the frame above.
        frames.length = Math.min(frames.length, event.depth + (event.kind === 'decide' ? 0 : 1));
        if (event.kind === 'decide') frames.push({ variable: event.var, value: event.value, removed: [], placed: [] });
        if (event.kind === 'refute') frames[frames.length - 1].removed.push([event.var, event.value]);
        wiped = null;
        break;
      case 'prune':
      case 'revise': {
        const variable = event.kind === 'prune' ? event.var : event.x;
        for (const value of event.removed) frames[frames.length - 1].removed.push([variable, value]);
        // The fast engines say when a round left a cell one value: placed.
        if (event.kind === 'prune' && event.propagator.startsWith('placed')) frames[frames.length - 1].placed.push(variable);
        break;
      }
      case 'wipeout':
        wiped = event.var ?? '(a propagator failed)';
        break;
      case 'solution':
        solution = event;
        break;
      default:
        break;
    }
  }
  // What holds now: the decisions in force and every value removed.
  const assigned = new Map();
  const removed = new Map();
  const placed = new Set(frames.flatMap((frame) => frame.placed));
  for (const frame of frames) {
    if (frame.variable !== null) assigned.set(frame.variable, frame.value);
    for (const [variable, value] of frame.removed) {
      if (!removed.has(variable)) removed.set(variable, new Set());
      removed.get(variable).add(value);
    }
  }
  return { frames, assigned, removed, placed, counts, last, wiped, solution, depth: frames.length - 1 };
}

// A csp event as one readable line (a crossword's name their values
// too: `word`, `removed_words`).
export function cspLine(event) {
  if (!event) return 'before the search';
  const value = event.word ?? event.value;
  const removed = event.removed_words?.join(', ') ?? event.removed?.join(' ') ?? '';
  switch (event.kind) {
    case 'run': return `run ${event.algorithm}${event.puzzle ? ` on ${event.puzzle}` : ''}`;
    case 'propagate': return `propagate (${event.cause}) at depth ${event.depth}`;
    case 'prune': return `${event.propagator} removes ${removed} from ${event.var}`;
    case 'revise': return `revise ${event.x} against ${event.y}: removes ${removed || 'nothing'}`;
    case 'wipeout': return `wipeout: ${event.var ?? 'a propagator failed'} has no value left`;
    case 'decide': return `decide ${event.var} = ${value} (depth ${event.depth})`;
    case 'refute': return `refute ${event.var} = ${value} (depth ${event.depth})`;
    case 'backtrack': return `backtrack to depth ${event.depth}`;
    case 'solution': return `solution found${event.state_line ? `: ${event.state_line}` : ''}`;
    case 'end': return `end: ${event.status}`;
    case 'cut': return 'the events were cut here';
    default: return event.kind;
  }
}
