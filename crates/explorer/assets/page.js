// What every view shares: the form whose fields are the URL's parameters,
// the call to the view's API, the message of a 400 beside its input, the
// player; the record's counters and the live facts.

import { Player, stepFromUrl } from './player.js';
import { html } from './svg.js';

// Builds the page of a view. `fields`: [{ name, label, kind: 'text' |
// 'textarea' | 'number' | 'select', options: [[value, label]], value }];
// `api`: the API's path, or `load(request)`: a function that asks for the
// answer itself (several calls) and resolves like `loadJson`;
// `makeView(answer, query)`: an object (or its promise) with `element`, `total`,
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
    view = await makeView(answer, query);
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

// The record's counters as a table: rows of [name, value], or a name the
// record gives (`status`, `unique`, `time`, or one of its `stats`).
export function countersTable(rows, record) {
  return html('table', { class: 'counters', 'data-testid': 'counters' }, rows.map((row) => {
    const [name, value] = typeof row === 'string' ? [row, counterOf(record, row)] : row;
    return html('tr', {}, [html('th', { text: name }), html('td', { 'data-counter': name, text: String(value) })]);
  }));
}

// A counter as shown: `limit (node)` for a search a limit stopped; –
// where the record does not say.
function counterOf(record, name) {
  if (name === 'status') return record.limit ? `limit (${record.limit})` : record.status;
  if (name === 'unique') return record.unique === undefined ? '–' : record.unique ? 'yes' : 'no';
  if (name === 'time') return record.stats?.micros === undefined ? '–' : `${(record.stats.micros / 1000).toFixed(1)} ms`;
  return record.stats[name];
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
