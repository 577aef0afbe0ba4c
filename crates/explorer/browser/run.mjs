// End-to-end tests of the explorer in a real browser: Debian's Chromium
// driven by playwright-core. Starts the `explorer` binary on a free port,
// opens shared links of every view, plays and steps, compares the
// counters the page shows with the crate binary's `--json` for the same
// input and the API's events with its `--events -`, event for event, fails
// on any console error, and saves screenshots at desktop and phone widths.
//
//   node run.mjs --explorer PATH --NAME PATH ... [--screenshots DIR] [--chromium PATH] [--only NAME]
//
// `--NAME PATH` gives the binary of the registered puzzle NAME, one for
// every puzzle the explorer lists (`cargo xtask browser` passes them all,
// from the registry); `--only NAME` runs the tests whose name starts with
// NAME.
//
// Exit code 0 when every test passes, 1 otherwise.

import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { crosswordTests } from './crossword.mjs';
import { genericTests } from './generic.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, word, index, words) => {
  if (word.startsWith('--')) pairs.push([word.slice(2), words[index + 1]]);
  return pairs;
}, []));
// Every pair but the runner's own options names a puzzle's binary.
const OPTIONS = ['explorer', 'screenshots', 'chromium', 'only'];
const binaries = Object.fromEntries(Object.entries(args).filter(([name]) => !OPTIONS.includes(name)));
const explorerBin = args.explorer;
const screenshots = args.screenshots ?? 'target/explorer-screenshots';
const chromiumPath = args.chromium ?? '/usr/bin/chromium';
if (!explorerBin) {
  console.error('usage: node run.mjs --explorer PATH --NAME PATH ... (a binary for every registered puzzle) [--screenshots DIR] [--chromium PATH] [--only NAME]');
  process.exit(2);
}
const eightPuzzleBin = binaries['eight-puzzle'];
const nqueensBin = binaries.nqueens;
const sudokuBin = binaries.sudoku;
const gogenBin = binaries.gogen;
const rippleBin = binaries.ripple;
const crosswordBin = binaries.crossword;
mkdirSync(screenshots, { recursive: true });

// The explorer, on a free port; resolves to its address.
function startServer() {
  const server = spawn(explorerBin, ['--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let text = '';
    server.stdout.on('data', (chunk) => {
      text += chunk;
      const match = text.match(/serving on (http:\/\/\S+)/);
      if (match) resolve({ server, base: match[1].replace(/\/$/, '') });
    });
    server.on('exit', (code) => reject(new Error(`the explorer exited with ${code} before serving`)));
  });
}

// What `eight-puzzle solve --json` prints for the board and flags.
function commandLine(board, algo, heuristic) {
  const flags = ['solve', board, '--algo', algo, '--json'];
  if (heuristic) flags.push('--heuristic', heuristic);
  let output;
  try {
    output = execFileSync(eightPuzzleBin, flags, { encoding: 'utf8' });
  } catch (error) {
    output = error.stdout; // exit codes 3 and 4 still print the record
  }
  return JSON.parse(output.trim().split('\n').pop());
}

// What `nqueens solve N --algo A --json` prints.
function nqueensLine(n, algo) {
  let output;
  try {
    output = execFileSync(nqueensBin, ['solve', String(n), '--algo', algo, '--json'], { encoding: 'utf8' });
  } catch (error) {
    output = error.stdout;
  }
  return JSON.parse(output.trim().split('\n').pop());
}

// What a crate's binary writes for `flags` (and `input` on stdin): its
// JSON record (`--json`) and its events (`--events -`), one object a line.
function binaryRun(bin, flags, input) {
  const run = (extra) => {
    try {
      return execFileSync(bin, [...flags, ...extra], { encoding: 'utf8', input: input ?? '', maxBuffer: 1 << 28 });
    } catch (error) {
      return error.stdout; // exit codes 3 and 4 still print
    }
  };
  const record = JSON.parse(run(['--json']).trim().split('\n').pop());
  const events = run(['--events', '-']).trim().split('\n').map((line) => JSON.parse(line));
  return { record, events };
}

// A record or event without its time, which no two runs share, its keys
// sorted (so that fields are compared, not their order).
function timeless(value) {
  const copy = structuredClone(value);
  if (copy.stats) delete copy.stats.micros;
  const sorted = (item) => {
    if (Array.isArray(item)) return item.map(sorted);
    if (item && typeof item === 'object') return Object.fromEntries(Object.keys(item).sort().map((key) => [key, sorted(item[key])]));
    return item;
  };
  return JSON.stringify(sorted(copy));
}

// The API's answer against the binary's: the record field for field and
// the events event for event, but for the time taken.
function sameAsBinary(answer, binary, what) {
  equal(timeless(answer.record), timeless(binary.record), `${what}: the record`);
  equal(answer.events.length, binary.events.length, `${what}: the number of events`);
  answer.events.forEach((event, index) => {
    if (timeless(event) !== timeless(binary.events[index])) {
      throw new Error(`${what}: event ${index} differs:\n  API    ${timeless(event).slice(0, 300)}\n  binary ${timeless(binary.events[index]).slice(0, 300)}`);
    }
  });
}

const { server, base } = await startServer();
// The views' tests compare with every registered puzzle's binary.
const registered = (await (await fetch(`${base}/api/puzzles`)).json()).puzzles.map((puzzle) => puzzle.name);
const missing = registered.filter((name) => !binaries[name]);
if (missing.length > 0) {
  console.error(`usage: node run.mjs ... --NAME PATH for every registered puzzle: no binary for ${missing.join(', ')}`);
  server.kill('SIGINT');
  process.exit(2);
}
const profile = mkdtempSync(path.join(tmpdir(), 'explorer-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath,
  headless: true,
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
  viewport: { width: 1280, height: 900 },
});

const failures = [];
let passed = 0;
let consoleErrors = [];

function check(condition, message) {
  if (!condition) throw new Error(message);
}

function equal(actual, expected, what) {
  if (String(actual) !== String(expected)) throw new Error(`${what}: the page shows ${actual}, expected ${expected}`);
}

async function newPage(width = 1280, height = 900) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  return page;
}

async function test(name, body) {
  if (args.only && !name.startsWith(args.only)) return;
  consoleErrors = [];
  try {
    await body();
    check(consoleErrors.length === 0, `console errors:\n  ${consoleErrors.join('\n  ')}`);
    passed += 1;
    console.log(`ok    ${name}`);
  } catch (error) {
    failures.push(name);
    console.log(`FAIL  ${name}\n      ${String(error.message).split('\n').join('\n      ')}`);
  }
  for (const page of context.pages()) await page.close();
}

// The position the player shows: [step, total].
async function position(page) {
  const text = await page.locator('[data-testid=position]').textContent();
  const match = text.match(/step (\d+) \/ (\d+)/);
  check(match, `no position in '${text}'`);
  return [Number(match[1]), Number(match[2])];
}

// The counters of panel `index` against the command line's record.
async function compareCounters(page, index, record) {
  const panel = page.locator(`[data-panel="${index}"]`);
  const shown = async (name) => (await panel.locator(`[data-counter="${name}"]`).textContent()).trim();
  const status = record.limit ? `limit (${record.limit})` : record.status;
  equal(await shown('status'), status, `panel ${index} status`);
  equal(await shown('moves'), record.num_moves ?? '–', `panel ${index} moves`);
  for (const name of ['nodes', 'num_tested', 'expanded', 'generated', 'max_frontier', 'iterations']) {
    equal(await shown(name), record.stats[name], `panel ${index} ${name}`);
  }
}

// After the last event, the page's own tally of the events equals the record's.
async function compareTally(page, index, record) {
  const panel = page.locator(`[data-panel="${index}"]`);
  const live = async (name) => Number((await panel.locator(`[data-live="${name}"]`).textContent()).trim());
  equal(await live('expanded'), record.stats.expanded, `panel ${index} expand events`);
  equal(await live('generated'), record.stats.generated, `panel ${index} generate events`);
  equal(await live('tested'), record.stats.num_tested, `panel ${index} states tested`);
}

async function waitForRun(page) {
  await page.locator('[data-testid=position]').waitFor();
}

const SHARED = '/eight-puzzle?board=142358607&algo=astar&heuristic=manhattan&step=12';

await test('a shared link opens exactly its step', async () => {
  const page = await newPage();
  await page.goto(base + SHARED);
  await waitForRun(page);
  const [step, total] = await position(page);
  equal(step, 12, 'step');
  const answer = await (await fetch(`${base}/api/eight-puzzle?board=142358607&algo=astar&heuristic=manhattan`)).json();
  equal(total, answer.events.length, 'total steps');
  const taken = answer.events.slice(0, 12).filter((event) => ['expand', 'goal', 'depth_cut'].includes(event.kind)).pop();
  const facts = await page.locator('[data-panel="0"] .node-facts').textContent();
  check(facts.includes(`node ${taken.id}, depth ${taken.depth}, g ${taken.g}, h ${taken.h}, f ${taken.f}`), `node facts '${facts}' are not those of node ${taken.id}`);
  await page.screenshot({ path: path.join(screenshots, 'eight-puzzle-step-12.png'), fullPage: true });
});

await test('run to the end: the counters are the command line\'s; step back and forward', async () => {
  const page = await newPage();
  await page.goto(base + SHARED);
  await waitForRun(page);
  const record = commandLine('142358607', 'astar', 'manhattan');
  await page.keyboard.press('End');
  const [step, total] = await position(page);
  equal(step, total, 'step after End');
  check(new URL(page.url()).searchParams.get('step') === 'end', `the URL does not say step=end: ${page.url()}`);
  await compareCounters(page, 0, record);
  await compareTally(page, 0, record);
  check(await page.locator('[data-testid=path] figure').count() === record.num_moves + 1, 'the path strip has a board per move and the start');
  await page.keyboard.press('ArrowLeft');
  equal((await position(page))[0], total - 1, 'step after ArrowLeft');
  await page.locator('[data-control=back]').click();
  equal((await position(page))[0], total - 2, 'step after the back button');
  await page.keyboard.press('ArrowRight');
  equal((await position(page))[0], total - 1, 'step after ArrowRight');
  await page.locator('[data-control=forward]').click();
  equal((await position(page))[0], total, 'step after the forward button');
  await page.keyboard.press('Home');
  equal((await position(page))[0], 0, 'step after Home');
  await page.screenshot({ path: path.join(screenshots, 'eight-puzzle-desktop.png'), fullPage: true });
});

await test('play runs by itself and space pauses it', async () => {
  const page = await newPage();
  await page.goto(`${base}/eight-puzzle?board=142358607&algo=bfs&step=0`);
  await waitForRun(page);
  await page.locator('.speed').fill('5'); // 50 events a second: 400 ms stay well before the end
  await page.keyboard.press(' ');
  await page.waitForTimeout(400);
  await page.keyboard.press(' ');
  const [step] = await position(page);
  check(step > 0, 'play did not advance');
  await page.waitForTimeout(300);
  equal((await position(page))[0], step, 'step after pause');
  check(new URL(page.url()).searchParams.get('step') === String(step), `the URL does not hold step ${step}: ${page.url()}`);
});

// bfs on a board 7 moves out (114 expansions, 322 events): on the board
// of the informed searches (14 moves) it takes 10,254 steps, each a key press.
for (const [board, algo, heuristic] of [['513402678', 'astar', 'manhattan'], ['513402678', 'greedy', 'misplaced'], ['315024678', 'bfs', null]]) {
  await test(`the frontier lists first the node ${algo} takes up next`, async () => {
    const page = await newPage();
    const query = new URLSearchParams({ board, algo, step: '0' });
    if (heuristic) query.set('heuristic', heuristic);
    await page.goto(`${base}/eight-puzzle?${query}`);
    await waitForRun(page);
    query.delete('step');
    const answer = await (await fetch(`${base}/api/eight-puzzle?${query}`)).json();
    let checked = 0;
    for (let step = 0; step < answer.events.length; step += 1) {
      const next = answer.events[step];
      if ((next.kind === 'expand' || next.kind === 'goal') && next.id !== 0) {
        const first = await page.locator('[data-panel="0"] [data-testid=frontier] li').first().getAttribute('data-id');
        equal(first, next.id, `first of the frontier before step ${step + 1}`);
        checked += 1;
      }
      await page.keyboard.press('ArrowRight');
    }
    check(checked > 50, `only ${checked} expansions checked`);
  });
}

const CASES = [
  ['142358607', 'bfs', null],
  ['142358607', 'dfs', null],
  ['142358607', 'iddfs', null],
  ['142358607', 'random', null],
  ['802356174', 'greedy', 'misplaced'],
  ['802356174', 'astar', 'linear-conflict'],
  ['802356174', 'idastar', 'manhattan'],
  ['1,2,6,3,4,5,10,7,0,9,14,11,8,12,13,15', 'astar', 'manhattan'],
  ['1,2,6,3,4,5,10,7,0,9,14,11,8,12,13,15', 'idastar', 'linear-conflict'],
];

for (const [board, algo, heuristic] of CASES) {
  await test(`${board} ${algo}${heuristic ? ` ${heuristic}` : ''}: the counters are the command line's`, async () => {
    const page = await newPage();
    const query = new URLSearchParams({ board, algo, step: 'end' });
    if (heuristic) query.set('heuristic', heuristic);
    await page.goto(`${base}/eight-puzzle?${query}`);
    await waitForRun(page);
    const record = commandLine(board, algo, heuristic);
    await compareCounters(page, 0, record);
    // The events are the command line's, each generate event with its h beside.
    query.delete('step');
    const answer = await (await fetch(`${base}/api/eight-puzzle?${query}`)).json();
    const flags = ['solve', board, '--algo', algo, ...(heuristic ? ['--heuristic', heuristic] : [])];
    check(answer.events.filter((event) => event.kind === 'generate').every((event) => Number.isInteger(event.h)), 'a generate event without its h');
    for (const event of answer.events) if (event.kind === 'generate') delete event.h;
    sameAsBinary(answer, binaryRun(eightPuzzleBin, flags), `${board} ${algo}`);
    const cut = await page.locator('[data-panel="0"] .note').first().textContent();
    if (!cut.includes('cut')) await compareTally(page, 0, record);
  });
}

await test('two searchers side by side on one board', async () => {
  const page = await newPage();
  await page.goto(`${base}/eight-puzzle?board=802356174&algo=astar&heuristic=manhattan&algo2=bfs&step=end`);
  await waitForRun(page);
  await compareCounters(page, 0, commandLine('802356174', 'astar', 'manhattan'));
  await compareCounters(page, 1, commandLine('802356174', 'bfs', null));
  await page.screenshot({ path: path.join(screenshots, 'eight-puzzle-side-by-side.png'), fullPage: true });
});

await test('the form runs a search and keeps it in the URL', async () => {
  const page = await newPage();
  await page.goto(`${base}/eight-puzzle`);
  await page.locator('#board').fill('123405678');
  await page.locator('#algo').selectOption('idastar');
  await page.locator('[data-control=run]').click();
  await waitForRun(page);
  const url = new URL(page.url());
  equal(url.searchParams.get('board'), '123405678', 'board in the URL');
  equal(url.searchParams.get('algo'), 'idastar', 'algo in the URL');
  await page.locator('[data-control=end]').click();
  await compareCounters(page, 0, commandLine('123405678', 'idastar', 'manhattan'));
});

await test('a random board is solvable and searched', async () => {
  const page = await newPage();
  await page.goto(`${base}/eight-puzzle`);
  await page.locator('[data-control=random3]').click();
  const board = await page.locator('#board').inputValue();
  await page.locator('[data-control=run]').click();
  await waitForRun(page);
  await page.keyboard.press('End');
  await compareCounters(page, 0, commandLine(board, 'astar', 'manhattan'));
  equal(await page.locator('[data-panel="0"] [data-counter=status]').textContent(), 'solved', `status of ${board}`);
});

await test('bad input shows the message with its column beside the input', async () => {
  const page = await newPage();
  await page.goto(`${base}/eight-puzzle?board=14235860x&algo=astar`);
  const error = page.locator('[data-error-for=board]');
  await error.waitFor();
  const text = await error.textContent();
  check(text.includes('line 1, column 9'), `the message '${text}' does not name line 1, column 9`);
  await page.screenshot({ path: path.join(screenshots, 'eight-puzzle-error.png') });
  // The browser logs the 400 itself; that one is expected.
  consoleErrors = consoleErrors.filter((line) => !line.includes('status of 400'));
});

await test('the phone width reads', async () => {
  const page = await newPage(390, 844);
  await page.goto(`${base}/eight-puzzle?board=142358607&algo=astar&heuristic=manhattan&step=12`);
  await waitForRun(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await page.screenshot({ path: path.join(screenshots, 'eight-puzzle-phone.png'), fullPage: true });
});

for (const [n, algo] of [[8, 'dfs'], [13, 'dfs'], [6, 'bfs']]) {
  await test(`nqueens ${n} ${algo}: the counters are the command line's; step back and forward`, async () => {
    const page = await newPage();
    await page.goto(`${base}/nqueens?n=${n}&algo=${algo}&step=end`);
    await waitForRun(page);
    const record = nqueensLine(n, algo);
    const answer = await (await fetch(`${base}/api/nqueens?n=${n}&algo=${algo}`)).json();
    sameAsBinary(answer, binaryRun(nqueensBin, ['solve', String(n), '--algo', algo]), `nqueens ${n} ${algo}`);
    const panel = page.locator('[data-panel="0"]');
    const shown = async (name) => (await panel.locator(`[data-counter="${name}"]`).textContent()).trim();
    equal(await shown('status'), record.status, 'status');
    equal(await shown('solution'), record.solution.join(' '), 'solution');
    equal(await shown('nodes'), record.stats.nodes, 'nodes');
    equal(await shown('num_tested'), record.stats.num_tested, 'num_tested');
    const cut = (await panel.locator('.note').textContent()).includes('cut');
    if (!cut) {
      const live = async (name) => Number((await panel.locator(`[data-live="${name}"]`).textContent()).trim());
      equal(await live('tested'), record.stats.num_tested, 'boards tested in the events');
      equal(await live('generated'), record.stats.nodes, 'boards generated in the events');
      check((await panel.locator('.node-facts').textContent()).startsWith('goal'), 'the last board is not the goal');
      equal(await panel.locator('svg.queens .queen').count(), n, 'queens drawn at the end');
    }
    const [, total] = await position(page);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    equal((await position(page))[0], total - 2, 'step after two ArrowLeft');
    await page.keyboard.press('ArrowRight');
    equal((await position(page))[0], total - 1, 'step after ArrowRight');
    await page.screenshot({ path: path.join(screenshots, `nqueens-${n}-${algo}.png`), fullPage: true });
  });
}

await test('nqueens: a size out of range is refused beside the input', async () => {
  const page = await newPage();
  await page.goto(`${base}/nqueens?n=17`);
  const error = page.locator('[data-error-for=n]');
  await error.waitFor();
  check((await error.textContent()).includes('from 1 to 16'), 'no range in the message');
  consoleErrors = consoleErrors.filter((line) => !line.includes('status of 400'));
});

await test('nqueens at the phone width', async () => {
  const page = await newPage(390, 844);
  await page.goto(`${base}/nqueens?n=8&algo=dfs&step=40`);
  await waitForRun(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await page.screenshot({ path: path.join(screenshots, 'nqueens-phone.png'), fullPage: true });
});

// The counter `name` of panel 0, as shown.
async function counter(page, name) {
  return (await page.locator(`[data-panel="0"] [data-counter="${name}"]`).textContent()).trim();
}

// The tally `name` the page keeps as it replays the events.
async function live(page, name) {
  return Number((await page.locator(`[data-panel="0"] [data-live="${name}"]`).textContent()).trim());
}

// Two steps back, one forward, from the end.
async function stepBackAndForward(page) {
  const [, total] = await position(page);
  await page.keyboard.press('ArrowLeft');
  await page.locator('[data-control=back]').click();
  equal((await position(page))[0], total - 2, 'step after two steps back');
  await page.keyboard.press('ArrowRight');
  equal((await position(page))[0], total - 1, 'step after one forward');
  await page.keyboard.press('End');
}

// The page at the phone's width: nothing wider than the screen.
async function phoneReads(url, name) {
  const page = await newPage(390, 844);
  await page.goto(base + url);
  await waitForRun(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await page.screenshot({ path: path.join(screenshots, `${name}-phone.png`), fullPage: true });
}

const SUDOKU = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

for (const algo of ['dfs', 'bfs', 'csp', 'fast']) {
  await test(`sudoku ${algo}: the events and counters are the command line's; step back and forward`, async () => {
    const page = await newPage();
    const query = new URLSearchParams({ puzzle: SUDOKU, algo });
    const answer = await (await fetch(`${base}/api/sudoku?${query}`)).json();
    const binary = binaryRun(sudokuBin, ['solve', '--algo', algo], SUDOKU);
    sameAsBinary(answer, binary, `sudoku ${algo}`);
    query.set('step', 'end');
    await page.goto(`${base}/sudoku?${query}`);
    await waitForRun(page);
    const record = binary.record;
    equal(await counter(page, 'status'), record.status, 'status');
    equal(await counter(page, 'nodes'), record.stats.nodes, 'nodes');
    equal(await counter(page, 'unique'), record.unique ? 'yes' : 'no', 'unique');
    const end = binary.events.at(-1);
    equal(end.kind, 'end', 'the last event');
    if (algo === 'csp') {
      equal(await live(page, 'decisions'), record.stats.nodes - 1, 'decisions replayed (nodes = decisions + 1)');
    } else if (algo === 'fast') {
      equal(await live(page, 'guesses'), record.stats.nodes - 1, 'guesses replayed (nodes = guesses + 1)');
    } else {
      equal(await live(page, 'tested'), end.stats.num_tested, 'boards tested in the events');
      equal(await live(page, 'expanded'), end.stats.expanded, 'boards expanded in the events');
      equal(await live(page, 'generated'), record.stats.nodes, 'boards generated in the events');
    }
    // The solved grid: every cell a digit, none a pencil mark.
    equal(await page.locator('svg.sudoku .digit').count(), 81, 'digits at the end');
    equal(await page.locator('svg.sudoku .pencil').count(), 0, 'pencil marks at the end');
    await stepBackAndForward(page);
    await page.screenshot({ path: path.join(screenshots, `sudoku-${algo}.png`), fullPage: true });
  });
}

// A hard puzzle from magictour's top1465 that the fast engine guesses on (98
// nodes): its rounds, guesses and backtracks replayed.
const SUDOKU_HARD = '7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........';

await test('sudoku fast: propagation rounds, guesses and backtracks replayed as the command line wrote them', async () => {
  const query = new URLSearchParams({ puzzle: SUDOKU_HARD, algo: 'fast' });
  const answer = await (await fetch(`${base}/api/sudoku?${query}`)).json();
  const binary = binaryRun(sudokuBin, ['solve', '--algo', 'fast'], SUDOKU_HARD);
  sameAsBinary(answer, binary, 'sudoku fast');
  const page = await newPage();
  query.set('step', 'end');
  await page.goto(`${base}/sudoku?${query}`);
  await waitForRun(page);
  const end = binary.events.at(-1);
  const count = (kind) => binary.events.filter((event) => event.kind === kind).length;
  equal(await live(page, 'guesses'), binary.record.stats.nodes - 1, 'guesses (nodes = guesses + 1)');
  equal(await live(page, 'backtracks'), end.stats.backtracks, 'backtracks');
  equal(await live(page, 'rounds'), count('propagate'), 'rounds');
  equal(await page.locator('svg.sudoku .digit').count(), 81, 'digits at the end');
  // At the end of the first round after a guess that places cells (a
  // guess on a digit's configuration may only narrow): what it placed.
  const rounds = binary.events.flatMap((event, round) => {
    if (event.kind !== 'propagate' || event.cause !== 'decision') return [];
    // The step after the round's last prune.
    const stop = binary.events.findIndex((later, index) => index > round && later.kind !== 'prune');
    const placed = binary.events.slice(round, stop).filter((later) => later.kind === 'prune' && later.propagator.startsWith('placed')).length;
    return placed > 0 ? [{ round, stop, placed, depth: event.depth }] : [];
  });
  check(rounds.length > 0, 'no round after a guess places anything');
  const { stop, placed, depth } = rounds[0];
  const guesses = binary.events.slice(0, stop).filter((event) => event.kind === 'decide').length;
  await page.goto(`${base}/sudoku?${new URLSearchParams({ puzzle: SUDOKU_HARD, algo: 'fast', step: String(stop) })}`);
  await waitForRun(page);
  equal(await live(page, 'placed this round'), placed, `cells placed in the round by step ${stop}`);
  equal(await live(page, 'guesses'), guesses, 'guesses by then');
  check((await page.locator('[data-panel="0"] .node-facts').textContent()).includes(`this round (decision, depth ${depth})`), 'the round is not named');
  await page.screenshot({ path: path.join(screenshots, 'sudoku-fast.png'), fullPage: true });
});

// The ER 4.2 puzzle of the sudoku README (the Sudoku Exchange bank's, public domain): hidden singles,
// last cells and an XY-Wing at step 34.
const SUDOKU_EXPLAIN = '7....38.1.5..87.9.8........14.8.2....7..9..1....1.5.29........6.8.71..4.6.52....7';

await test('sudoku explain: the human steps are the command line\'s; stepping shows each with its highlights', async () => {
  const answer = await (await fetch(`${base}/api/sudoku-explain?${new URLSearchParams({ puzzle: SUDOKU_EXPLAIN })}`)).json();
  let output;
  try {
    output = execFileSync(sudokuBin, ['explain', SUDOKU_EXPLAIN, '--json'], { encoding: 'utf8' });
  } catch (error) {
    output = error.stdout;
  }
  const lines = output.trim().split('\n').map((line) => JSON.parse(line));
  const record = lines.pop();
  equal(timeless(answer.record), timeless(record), 'the record');
  equal(answer.steps.length, lines.length, 'steps');
  answer.steps.forEach((step, index) => equal(timeless(step.record), timeless(lines[index]), `step ${index + 1}`));
  const page = await newPage();
  await page.goto(`${base}/sudoku?${new URLSearchParams({ puzzle: SUDOKU_EXPLAIN, algo: 'explain', step: '34' })}`);
  await waitForRun(page);
  equal(await counter(page, 'er'), record.er, 'ER');
  equal(await counter(page, 'hardest'), record.hardest, 'hardest technique');
  equal(await page.locator('[data-testid=technique]').textContent(), lines[33].technique, 'technique of step 34');
  equal(await page.locator('[data-testid=step-text]').textContent(), lines[33].text, 'text of step 34');
  equal(await page.locator('[data-testid=link]').count(), answer.steps[33].links.length, 'links drawn');
  equal(await page.locator('svg.explain .cand-removed').count(), lines[33].eliminations.length, 'eliminations marked');
  await page.screenshot({ path: path.join(screenshots, 'sudoku-explain.png'), fullPage: true });
  await page.keyboard.press('ArrowLeft');
  equal(await page.locator('[data-testid=technique]').textContent(), lines[32].technique, 'technique after a step back');
  equal(await page.locator('svg.explain .cand-placed').count(), lines[32].placements.length, 'placements marked');
  await page.keyboard.press('ArrowRight');
  equal(await page.locator('[data-testid=technique]').textContent(), lines[33].technique, 'technique after a step forward');
  await page.keyboard.press('End');
  equal(await live(page, 'step'), lines.length, 'steps replayed');
  equal(await live(page, 'placed'), lines.reduce((sum, line) => sum + line.placements.length, 0), 'placements replayed');
  equal((await page.locator('svg.explain .digit').allTextContents()).join(''), record.solution, 'the solution drawn at the end');
});

await test('sudoku: a shared step shows the most constrained cell and its pencil marks', async () => {
  const page = await newPage();
  await page.goto(`${base}/sudoku?puzzle=${SUDOKU}&algo=dfs&step=4`);
  await waitForRun(page);
  equal((await position(page))[0], 4, 'step');
  const facts = await page.locator('[data-panel="0"] .node-facts').textContent();
  // The root board: r5c5 holds only 5, the first cell with one candidate.
  check(facts.includes('most constrained cell r5c5, candidates 5'), `facts '${facts}'`);
  check(await page.locator('[data-testid=marked-cell]').count() === 1, 'no marked cell');
  check(await page.locator('svg.sudoku .pencil').count() > 100, 'too few pencil marks');
  await page.screenshot({ path: path.join(screenshots, 'sudoku-step.png'), fullPage: true });
});

await test('sudoku: bad input is refused beside the puzzle with its column', async () => {
  const page = await newPage();
  await page.goto(`${base}/sudoku?puzzle=${SUDOKU.replace('7', 'x')}`);
  const error = page.locator('[data-error-for=puzzle]');
  await error.waitFor();
  check((await error.textContent()).includes('line 1, column 5'), `no column in '${await error.textContent()}'`);
  consoleErrors = consoleErrors.filter((line) => !line.includes('status of 400'));
});

await test('sudoku at the phone width', async () => phoneReads(`/sudoku?puzzle=${SUDOKU}&algo=dfs&step=40`, 'sudoku'));

await test('sudoku explain at the phone width', async () => phoneReads(`/sudoku?puzzle=${SUDOKU_EXPLAIN}&algo=explain&step=34`, 'sudoku-explain'));

const GOGEN = readFileSync(new URL('../../../fixtures/gogen/sample.txt', import.meta.url), 'utf8');

await test('gogen dfs: the events and counters are the command line\'s; the word paths drawn at the goal', async () => {
  const page = await newPage();
  const query = new URLSearchParams({ puzzle: GOGEN });
  const answer = await (await fetch(`${base}/api/puzzle/gogen?algo=dfs&${query}`)).json();
  const binary = binaryRun(gogenBin, ['solve', '--algo', 'dfs', '-'], GOGEN);
  sameAsBinary(answer, binary, 'gogen dfs');
  query.set('step', 'end');
  await page.goto(`${base}/gogen?${query}`);
  await waitForRun(page);
  const record = binary.record;
  equal(await counter(page, 'status'), record.status, 'status');
  for (const name of ['nodes', 'backtracks', 'nodes_visited']) equal(await counter(page, name), record.stats[name], name);
  const end = binary.events.at(-1);
  equal(await live(page, 'tested'), end.stats.num_tested, 'grids tested in the events');
  equal(await live(page, 'generated'), record.stats.nodes, 'grids generated in the events');
  equal(await page.locator('svg.gogen .word-path').count(), Object.keys(record.paths).length, 'word paths drawn');
  await page.screenshot({ path: path.join(screenshots, 'gogen-desktop.png'), fullPage: true });
  await stepBackAndForward(page);
  // Back to the step before the goal (the stack's untried grids and the
  // end come after it).
  const goal = answer.events.findIndex((event) => event.kind === 'goal');
  for (let step = answer.events.length; step > goal; step -= 1) await page.keyboard.press('ArrowLeft');
  equal(await page.locator('svg.gogen .word-path').count(), 0, 'word paths before the goal');
});

await test('gogen at the phone width', async () => phoneReads(`/gogen?${new URLSearchParams({ puzzle: GOGEN, step: 'end' })}`, 'gogen'));

for (const [n, algo] of [[8, 'csp'], [30, 'min-conflicts'], [200, 'min-conflicts']]) {
  await test(`nqueens ${n} ${algo}: the events and counters are the command line's; step back and forward`, async () => {
    const page = await newPage();
    const answer = await (await fetch(`${base}/api/nqueens?n=${n}&algo=${algo}`)).json();
    const binary = binaryRun(nqueensBin, ['solve', String(n), '--algo', algo]);
    sameAsBinary(answer, binary, `nqueens ${n} ${algo}`);
    await page.goto(`${base}/nqueens?n=${n}&algo=${algo}&step=end`);
    await waitForRun(page);
    const record = binary.record;
    equal(await counter(page, 'status'), record.status, 'status');
    equal(await counter(page, 'nodes'), record.stats.nodes, 'nodes');
    if (algo === 'csp') {
      equal(await live(page, 'decisions'), record.stats.nodes - 1, 'decisions replayed (nodes = decisions + 1)');
      equal(await page.locator('svg.queens .queen').count(), n, 'queens drawn at the end');
    } else {
      equal(await live(page, 'conflicts'), 0, 'conflicts left at the end');
      const repairs = binary.events.filter((event) => event.kind === 'repair').length;
      equal(await live(page, 'repairs'), repairs, 'repairs replayed');
      check(await page.locator('[data-testid=conflicts] .curve').count() === 1, 'no conflict curve');
    }
    await stepBackAndForward(page);
    await page.screenshot({ path: path.join(screenshots, `nqueens-${n}-${algo}.png`), fullPage: true });
  });
}

// The page's example, a generated 6x6 (brute force 682 calls, MRV 118),
// and a generated 9x9 whose brute force runs 149,342 calls, past the
// events sent.
const RIPPLE = 'https://puzz.link/p?ripple/6/6/lbb7a8n070rjm2h5g4k2j3h1l4h';
const RIPPLE_LONG = 'https://puzz.link/p?ripple/9/9/j6cjanqcb9iqld0h0pored0k2mpub0h4l51g7i4g4q5k7g83k1m3j76j2h4g2q';

// The call shown by panel `index`: its trace line.
async function callLine(page, index) {
  return (await page.locator(`[data-panel="${index}"] [data-testid=call] .trace-line`).first().textContent()).trim();
}

await test('ripple: brute force beside MRV, the events and counters are the command line\'s; stepped together', async () => {
  const records = [];
  for (const algo of ['brute', 'mrv']) {
    const answer = await (await fetch(`${base}/api/ripple?${new URLSearchParams({ puzzle: RIPPLE, algo })}`)).json();
    const binary = binaryRun(rippleBin, ['solve', RIPPLE, '--algo', algo]);
    sameAsBinary(answer, binary, `ripple ${algo}`);
    records.push(binary.record);
  }
  const page = await newPage();
  await page.goto(`${base}/ripple?${new URLSearchParams({ puzzle: RIPPLE, algo: 'brute', algo2: 'mrv', step: 'end' })}`);
  await waitForRun(page);
  const [step, total] = await position(page);
  equal(step, total, 'step at the end');
  // One step per call of the longer run, and one for its end.
  equal(total, records[0].stats.recursive_calls + 1, 'steps');
  for (const [index, record] of records.entries()) {
    const panel = page.locator(`[data-panel="${index}"]`);
    const shown = async (name) => (await panel.locator(`[data-counter="${name}"]`).textContent()).trim();
    const live = async (name) => Number((await panel.locator(`[data-live="${name}"]`).textContent()).trim());
    equal(await shown('status'), record.status, `panel ${index} status`);
    for (const name of ['recursive_calls', 'nodes', 'backtracks']) equal(await shown(name), record.stats[name], `panel ${index} ${name}`);
    equal(await shown('unique'), record.unique ? 'yes' : 'no', `panel ${index} unique`);
    // Replayed call by call, the trace's calls and dead ends add up to the record's.
    equal(await live('recursive calls'), record.stats.recursive_calls, `panel ${index} calls replayed`);
    equal(await live('backtracks'), record.stats.backtracks, `panel ${index} backtracks replayed`);
    equal(await live('cells filled'), 36, `panel ${index} cells filled at the end`);
    check((await callLine(page, index)).startsWith('end: solved'), `panel ${index} does not show the end`);
    // The solution drawn is the record's, row by row.
    const digits = await panel.locator('svg.ripple .digit').allTextContents();
    equal(digits.join(''), record.solution.flat().join(''), `panel ${index} solution drawn`);
  }
  await stepBackAndForward(page);
  // Both sides step together: step 30 is call 30 on each side.
  await page.goto(`${base}/ripple?${new URLSearchParams({ puzzle: RIPPLE, step: '30' })}`);
  await waitForRun(page);
  equal((await position(page))[0], 30, 'shared step');
  for (const index of [0, 1]) check((await callLine(page, index)).startsWith('call 30 '), `panel ${index} shows '${await callLine(page, index)}'`);
  equal(await page.locator('[data-testid=chosen-cell]').count(), 2, 'the cell each call fills, outlined');
  await page.screenshot({ path: path.join(screenshots, 'ripple-desktop.png'), fullPage: true });
  await page.keyboard.press('ArrowRight');
  for (const index of [0, 1]) check((await callLine(page, index)).startsWith('call 31 '), `panel ${index} after a step shows '${await callLine(page, index)}'`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  for (const index of [0, 1]) check((await callLine(page, index)).startsWith('call 29 '), `panel ${index} after two steps back shows '${await callLine(page, index)}'`);
  // Past MRV's last call its side shows its end while brute force goes on.
  await page.goto(`${base}/ripple?${new URLSearchParams({ puzzle: RIPPLE, step: '200' })}`);
  await waitForRun(page);
  check((await callLine(page, 0)).startsWith('call 200 '), 'brute force at call 200');
  check((await callLine(page, 1)).startsWith('end: solved, 118 recursive calls'), `MRV shows '${await callLine(page, 1)}'`);
});

await test('ripple: a run past the events sent says it was cut; its counters are the whole run\'s', async () => {
  const answer = await (await fetch(`${base}/api/ripple?${new URLSearchParams({ puzzle: RIPPLE_LONG, algo: 'brute' })}`)).json();
  check(answer.cut, 'the stream is not cut');
  const record = binaryRun(rippleBin, ['solve', RIPPLE_LONG, '--algo', 'brute']).record;
  equal(timeless(answer.record), timeless(record), 'the record');
  const page = await newPage();
  await page.goto(`${base}/ripple?${new URLSearchParams({ puzzle: RIPPLE_LONG, step: 'end' })}`);
  await waitForRun(page);
  const note = await page.locator('[data-panel="0"] .note').textContent();
  check(note.includes('cut at'), `the note '${note}' does not say the run was cut`);
  equal(await counter(page, 'recursive_calls'), record.stats.recursive_calls, 'recursive calls of the whole run');
  await page.screenshot({ path: path.join(screenshots, 'ripple-cut.png'), fullPage: true });
});

await test('ripple: bad input is refused beside the puzzle with its column', async () => {
  const page = await newPage();
  await page.goto(`${base}/ripple?${new URLSearchParams({ puzzle: RIPPLE.replace('n070', 'n!70') })}`);
  const error = page.locator('[data-error-for=puzzle]');
  await error.waitFor();
  check((await error.textContent()).includes('line 1, column 39'), `no column in '${await error.textContent()}'`);
  consoleErrors = consoleErrors.filter((line) => !line.includes('status of 400'));
});

await test('ripple at the phone width', async () => phoneReads(`/ripple?${new URLSearchParams({ puzzle: RIPPLE, step: '30' })}`, 'ripple'));

await test('the index lists every view; unknown paths are 404', async () => {
  const page = await newPage();
  await page.goto(base + '/');
  for (const view of ['eight-puzzle', 'crossword', 'sudoku', 'nqueens', 'ripple', 'gogen']) {
    check(await page.locator(`a[href="/${view}"]`).count() === 1, `no link to /${view}`);
  }
  // Every registered puzzle links its generic page, titled by its crate.
  for (const name of registered) {
    check(await page.locator(`a[href="/puzzle/${name}"]`).count() === 1, `no link to /puzzle/${name}`);
  }
  await page.screenshot({ path: path.join(screenshots, 'index.png') });
  const response = await page.goto(base + '/no-such-view');
  equal(response.status(), 404, 'status of an unknown path');
  consoleErrors = consoleErrors.filter((line) => !line.includes('404'));
});

await crosswordTests({
  test, newPage, base, binaryRun, sameAsBinary, position, check, equal, screenshots, crosswordBin,
  forgive: (text) => { consoleErrors = consoleErrors.filter((line) => !line.includes(text)); },
});

await genericTests({
  test, newPage, base, binaryRun, position, check, equal, screenshots, binaries, timeless,
  forgive: (text) => { consoleErrors = consoleErrors.filter((line) => !line.includes(text)); },
});

await context.close();
rmSync(profile, { recursive: true, force: true });
server.kill('SIGINT');
console.log(`\n${passed} passed, ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
