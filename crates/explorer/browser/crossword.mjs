// The crossword view's end-to-end tests, run by run.mjs with its helpers:
// the sample's AC-3 and an open 5x5's MAC search against `crossword fill
// --json` and `--events -`, a clicked arc kept in the URL and revised
// next (the same state after a reload), bad input beside its field, the
// phone width.

import { readFileSync } from 'node:fs';
import path from 'node:path';

const fixture = (name) => new URL(`../../../fixtures/crossword/${name}`, import.meta.url);
const SAMPLE_GRID = readFileSync(fixture('sample.txt'), 'utf8');
const SAMPLE_WORDS = readFileSync(fixture('sample-words.txt'), 'utf8');
const OPEN_GRID = readFileSync(fixture('grids/own-open-5x5.txt'), 'utf8');
const BERGHEL = readFileSync(fixture('berghel-134.txt'), 'utf8');

export async function crosswordTests(kit) {
  const { test, newPage, base, binaryRun, sameAsBinary, position, check, equal, screenshots, forgive, crosswordBin } = kit;

  // What `crossword fill - --words FILE --algo A` writes: the record
  // (its `words` names the file; the API's, given the list as text, says
  // `the words setting`, as the generic route's does) and events.
  const commandLine = (grid, wordsFile, algo) => {
    const binary = binaryRun(crosswordBin, ['fill', '-', '--words', wordsFile.pathname, '--algo', algo], grid);
    binary.record.words = 'the words setting';
    return binary;
  };
  const query = (grid, words, extra = {}) => new URLSearchParams({ grid: grid.trim(), words: words.trim(), ...extra });
  const waitForRun = (page) => page.locator('[data-testid=position]').waitFor();
  const counter = async (page, name) => (await page.locator(`[data-panel="0"] [data-counter="${name}"]`).textContent()).trim();
  const live = async (page, name) => Number((await page.locator(`[data-panel="0"] [data-live="${name}"]`).textContent()).trim());
  const now = async (page) => (await page.locator('[data-testid=now]').textContent()).trim();
  const mismatches = (page) => page.locator('.crossword-view').getAttribute('data-queue-mismatches');

  await test('crossword: the sample\'s AC-3 is the command line\'s, events and counters; step back and forward', async () => {
    const page = await newPage();
    const answer = await (await fetch(`${base}/api/crossword?${query(SAMPLE_GRID, SAMPLE_WORDS)}`)).json();
    const binary = commandLine(SAMPLE_GRID, fixture('sample-words.txt'), 'ac3');
    sameAsBinary(answer, binary, 'crossword ac3');
    await page.goto(`${base}/crossword?${query(SAMPLE_GRID, SAMPLE_WORDS, { algo: 'ac3', step: 'end' })}`);
    await waitForRun(page);
    const { record } = binary;
    equal(await counter(page, 'status'), record.status, 'status');
    for (const name of ['nodes', 'backtracks', 'arc_revisions']) equal(await counter(page, name), record.stats[name], name);
    equal(await live(page, 'arc revisions'), record.stats.arc_revisions, 'revisions replayed');
    equal(await live(page, 'words left'), 8, 'one word a slot at the end');
    equal(await live(page, 'queue'), 0, 'the queue at the end');
    equal(await mismatches(page), '0', 'revisions off the rebuilt queue');
    equal(await page.locator('svg.xw-grid .xw-letter').count(), 22, 'letters of the filled grid');
    await page.screenshot({ path: path.join(screenshots, 'crossword-ac3-end.png'), fullPage: true });
    const [, total] = await position(page);
    await page.keyboard.press('ArrowLeft');
    await page.locator('[data-control=back]').click();
    equal((await position(page))[0], total - 2, 'step after two steps back');
    await page.keyboard.press('ArrowRight');
    equal((await position(page))[0], total - 1, 'step after one forward');
    // Fine steps: the arc taken up, then what its revision removed; `arc ▶` a whole revision.
    await page.keyboard.press('Home');
    await page.locator('[data-control=arc-forward]').click();
    equal((await position(page))[0], 4, 'after the first whole revision (run, propagate, the arc taken up, revised)');
    check((await now(page)).startsWith('revised (1A, 2D): removed SHEET, STEER, SAILS from 1A'), `now: ${await now(page)}`);
    await page.keyboard.press('ArrowRight');
    check((await now(page)).startsWith('revising (2D, 1A)'), `now: ${await now(page)}`);
    equal(await page.locator('[data-arc="2D-1A"]').getAttribute('data-state'), 'revising', 'the arc under revision');
    equal(await page.locator('[data-arc="1A-2D"]').getAttribute('data-state'), 'consistent', 'the arc revised before');
    equal(await page.locator('[data-arc="8A-5D"]').getAttribute('data-state'), 'queued', 'an arc still queued');
    equal(await page.locator('[data-testid=queue] li').first().getAttribute('data-queued'), '1A-3D', 'the queue\'s front');
    await page.screenshot({ path: path.join(screenshots, 'crossword-ac3-step.png'), fullPage: true });
  });

  await test('crossword: a clicked arc is revised next, kept in the URL, and a reload shows the same state', async () => {
    const page = await newPage();
    await page.goto(`${base}/crossword?${query(SAMPLE_GRID, SAMPLE_WORDS, { algo: 'ac3', step: '12' })}`);
    await waitForRun(page);
    const done = await live(page, 'arc revisions');
    // The last arc of the queue: far from its turn.
    const key = await page.locator('[data-testid=queue] li[data-queued]').last().getAttribute('data-queued');
    await Promise.all([page.waitForEvent('load'), page.locator(`[data-hit="${key}"]`).click({ force: true })]);
    await waitForRun(page);
    const url = new URL(page.url());
    equal(url.searchParams.get('clicks'), `${key}@${done}`, 'the click in the URL');
    const [x, y] = key.split('-');
    const shown = await now(page);
    check(shown.startsWith(`clicked: revising (${x}, ${y})`), `now: ${shown}`);
    equal(await page.locator(`[data-arc="${key}"]`).getAttribute('data-state'), 'revising', 'the clicked arc');
    equal(await live(page, 'arc revisions'), done, 'revisions before the click');
    // The server revised it at that turn.
    const answer = await (await fetch(`${base}/api/crossword?${query(SAMPLE_GRID, SAMPLE_WORDS, { clicks: `${key}@${done}` })}`)).json();
    const revisions = answer.events.filter((event) => event.kind === 'revise');
    equal(`${revisions[done].x}-${revisions[done].y}`, key, 'the revision after the click');
    const step = (await position(page))[0];
    await page.reload();
    await waitForRun(page);
    equal(page.url(), url.href, 'the URL after a reload');
    equal((await position(page))[0], step, 'the step after a reload');
    equal(await now(page), shown, 'what the page says after a reload');
    await page.keyboard.press('End');
    equal(await counter(page, 'arc_revisions'), revisions.length, 'arc revisions with the click');
    equal(await live(page, 'arc revisions'), revisions.length, 'revisions replayed with the click');
    equal(await live(page, 'words left'), 8, 'the same fill at the end');
    equal(await live(page, 'clicks used'), 1, 'clicks used');
    equal(await mismatches(page), '0', 'revisions off the rebuilt queue');
    await page.screenshot({ path: path.join(screenshots, 'crossword-clicked.png'), fullPage: true });
  });

  await test('crossword: MAC on an open 5x5 is the command line\'s; its decisions as a tree', async () => {
    const page = await newPage();
    const answer = await (await fetch(`${base}/api/crossword?${query(OPEN_GRID, BERGHEL, { algo: 'mac' })}`)).json();
    const binary = commandLine(OPEN_GRID, fixture('berghel-134.txt'), 'mac');
    sameAsBinary(answer, binary, 'crossword mac');
    await page.goto(`${base}/crossword?${query(OPEN_GRID, BERGHEL, { algo: 'mac', step: 'end' })}`);
    await waitForRun(page);
    const { record } = binary;
    equal(await counter(page, 'status'), record.status, 'status');
    for (const name of ['nodes', 'backtracks', 'arc_revisions']) equal(await counter(page, name), record.stats[name], name);
    equal(await live(page, 'decisions'), record.stats.nodes - 1, 'decisions replayed (nodes = decisions + 1)');
    equal(await live(page, 'backtracks'), record.stats.backtracks, 'backtracks replayed');
    equal(await live(page, 'arc revisions'), record.stats.arc_revisions, 'revisions replayed');
    equal(await page.locator('svg.tree .node').count(), record.stats.nodes, 'tree nodes: the root and a node per decision');
    equal(await page.locator('svg.tree .node.dropped').count(), record.stats.backtracks, 'refuted decisions');
    equal(await page.locator('svg.tree .node.goal').count(), 1, 'the decision that filled the grid');
    await page.screenshot({ path: path.join(screenshots, 'crossword-mac.png'), fullPage: true });
    await page.keyboard.press('Home');
    await page.locator('[data-control=decision-forward]').click();
    check((await now(page)).startsWith('decide '), `now: ${await now(page)}`);
    const first = answer.events.find((event) => event.kind === 'decide');
    equal(await now(page), `decide ${first.var} = ${first.word} (depth 1)`, 'the first decision');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    equal((await position(page))[0], (await position(page))[1] - 1, 'a step back from the end');
  });

  await test('crossword: bad input is refused beside its field with its column; the default is the sample', async () => {
    const page = await newPage();
    await page.goto(`${base}/crossword?grid=..%25..&words=HOSES`);
    const error = page.locator('[data-error-for=grid]');
    await error.waitFor();
    check((await error.textContent()).includes('line 1, column 3'), `no column in '${await error.textContent()}'`);
    await page.goto(`${base}/crossword`);
    await waitForRun(page);
    const url = new URL(page.url());
    equal(url.searchParams.get('grid'), SAMPLE_GRID.trim(), 'the default grid');
    forgive('status of 400');
  });

  await test('crossword at the phone width', async () => {
    const page = await newPage(390, 844);
    await page.goto(`${base}/crossword?${query(SAMPLE_GRID, SAMPLE_WORDS, { algo: 'ac3', step: '30' })}`);
    await waitForRun(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    check(overflow <= 0, `the page is ${overflow}px wider than the phone`);
    await page.screenshot({ path: path.join(screenshots, 'crossword-phone.png'), fullPage: true });
  });
}
