// The generic page's end-to-end tests, run by run.mjs with its helpers:
// every registered puzzle's page (from /api/puzzles, not a list) opens on
// its example solved, the board the answer's; then, for sudoku and
// ripple, the events are the binary's `--events -` and the counters its
// `--json`, the player steps event by event, a reload restores the
// inputs and the step, and a refusal shows beside the field it names.

import path from 'node:path';

export async function genericTests(kit) {
  const { test, newPage, base, binaryRun, position, check, equal, screenshots, forgive, binaries, timeless } = kit;
  const catalogue = (await (await fetch(`${base}/api/puzzles`)).json()).puzzles;
  const waitForRun = (page) => page.locator('[data-testid=position]').waitFor();
  const counter = async (page, name) => (await page.locator(`[data-panel="0"] [data-counter="${name}"]`).textContent()).trim();
  const live = async (page, name) => Number((await page.locator(`[data-panel="0"] [data-live="${name}"]`).textContent()).trim());
  // The cells the page drew: each text, `*` after a given one.
  const drawn = (page) => page.locator('[data-testid=board] svg text').evaluateAll((texts) =>
    texts.map((text) => `${text.textContent}${text.classList.contains('given') ? '*' : ''}`).join(' '));
  const cellsOf = (board) => board.cells.filter((cell) => cell.text !== '' && !(cell.given && cell.text === '#'))
    .map((cell) => `${cell.text}${cell.given ? '*' : ''}`).join(' ');

  for (const puzzle of catalogue) {
    await test(`generic ${puzzle.name}: the page opens on its example solved, the board the answer's`, async () => {
      const page = await newPage();
      await page.goto(`${base}/puzzle/${puzzle.name}`);
      await waitForRun(page);
      // The example and the default algorithm went into the URL.
      const url = new URL(page.url());
      equal(url.searchParams.get('puzzle'), puzzle.example.trim(), 'puzzle in the URL');
      equal(url.searchParams.get('algo'), puzzle.algorithms[0].name, 'algo in the URL');
      const answer = await (await fetch(`${base}/api/puzzle/${puzzle.name}?${new URLSearchParams({ puzzle: puzzle.example })}`)).json();
      equal(await counter(page, 'status'), 'solved', 'status');
      equal(await counter(page, 'nodes'), answer.record.stats.nodes, 'nodes');
      await page.keyboard.press('End');
      const [step, total] = await position(page);
      equal(step, total, 'step after End');
      equal(total, answer.events.length, 'one step per event');
      equal(await drawn(page), cellsOf(answer.board), 'the solution drawn');
      const black = answer.board.cells.filter((cell) => cell.black || (cell.given && cell.text === '#')).length;
      equal(await page.locator('[data-testid=board] svg rect.block').count(), black, 'the black cells drawn black');
      if (total > 0) equal(await live(page, 'events'), total, 'events replayed');
      check(await page.locator('[data-testid=picture] svg').count() === 1, 'no picture');
      await page.screenshot({ path: path.join(screenshots, `generic-${puzzle.name}.png`), fullPage: true });
    });
  }

  // The binary's record and events for `flags` on `text`, without the
  // batch's `line` (stdin is a batch of lines to sudoku; the page's text
  // is one puzzle).
  const lineless = (bin, flags, text) => {
    const binary = binaryRun(bin, flags, text);
    delete binary.record.line;
    for (const event of binary.events) delete event.line;
    return binary;
  };

  const SUDOKU = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
  const RIPPLE = 'https://puzz.link/p?ripple/6/6/lbb7a8n070rjm2h5g4k2j3h1l4h';
  const CASES = [
    { name: 'sudoku', text: SUDOKU, algo: 'dfs', flags: ['solve', '--algo', 'dfs'], stdin: SUDOKU },
    { name: 'ripple', text: RIPPLE, algo: 'mrv', flags: ['solve', RIPPLE, '--algo', 'mrv'] },
  ];
  for (const { name, text, algo, flags, stdin } of CASES) {
    await test(`generic ${name} ${algo}: the events and counters are the binary's; the player steps them; a reload restores it`, async () => {
      const query = new URLSearchParams({ puzzle: text, algo });
      const answer = await (await fetch(`${base}/api/puzzle/${name}?${query}`)).json();
      const binary = lineless(binaries[name], flags, stdin);
      equal(answer.events.length, binary.events.length, 'the number of events');
      answer.events.forEach((event, index) => equal(timeless(event), timeless(binary.events[index]), `event ${index}`));
      const page = await newPage();
      query.set('step', 'end');
      await page.goto(`${base}/puzzle/${name}?${query}`);
      await waitForRun(page);
      const { record } = binary;
      // The record is the command line's, field for field (the crate's view
      // of the options names the algorithm, as `solve --algo` does).
      equal(timeless(answer.record), timeless(record), 'the record');
      equal(await counter(page, 'status'), record.status, 'status');
      equal(await counter(page, 'unique'), record.unique ? 'yes' : 'no', 'unique');
      for (const [key, value] of Object.entries(record.stats)) {
        if (key !== 'micros') equal(await counter(page, key), value, key);
      }
      // Replayed to the end, the tally of each kind is the stream's.
      for (const kind of new Set(binary.events.map((event) => event.kind))) {
        equal(await live(page, kind), binary.events.filter((event) => event.kind === kind).length, `${kind} events replayed`);
      }
      equal(await drawn(page), cellsOf(answer.board), 'the solution drawn');
      // Step by step from the start: each step shows its own event, and the
      // board holds the givens alone until the search reports the solution.
      await page.keyboard.press('Home');
      equal(await drawn(page), cellsOf(answer.givens), 'the givens at step 0');
      for (let step = 1; step <= 5; step += 1) {
        await page.locator('[data-control=forward]').click();
        const line = await page.locator('[data-testid=event]').textContent();
        check(line.startsWith(`event ${step}: ${answer.events[step - 1].kind}`), `step ${step} shows '${line}'`);
      }
      await page.keyboard.press('ArrowLeft');
      equal((await position(page))[0], 4, 'step after ArrowLeft');
      await page.screenshot({ path: path.join(screenshots, `generic-${name}-step-4.png`), fullPage: true });
      // A reload restores the inputs and the step.
      await page.reload();
      await waitForRun(page);
      equal((await position(page))[0], 4, 'step after a reload');
      equal(await page.locator('#puzzle').inputValue(), text, 'puzzle after a reload');
      equal(await page.locator('#algo').inputValue(), algo, 'algo after a reload');
      check((await page.locator('[data-testid=event]').textContent()).startsWith(`event 4: ${answer.events[3].kind}`), 'the event after a reload');
    });
  }

  await test('generic sudoku: the form runs another algorithm and keeps it in the URL', async () => {
    const page = await newPage();
    await page.goto(`${base}/puzzle/sudoku`);
    await waitForRun(page);
    await page.locator('#algo').selectOption('csp');
    await page.locator('[data-control=run]').click();
    await page.waitForURL((url) => url.searchParams.get('algo') === 'csp');
    await waitForRun(page);
    const binary = lineless(binaries.sudoku, ['solve', '--algo', 'csp'], SUDOKU);
    await page.keyboard.press('End');
    equal(await counter(page, 'nodes'), binary.record.stats.nodes, 'csp nodes');
    equal((await position(page))[1], binary.events.length, 'csp events');
  });

  await test('generic pages: a refusal shows beside the field it names', async () => {
    const page = await newPage();
    // A puzzle the parser refuses: its line and column beside the text.
    await page.goto(`${base}/puzzle/ripple?${new URLSearchParams({ puzzle: RIPPLE.replace('n070', 'n!70') })}`);
    const error = page.locator('[data-error-for=puzzle]');
    await error.waitFor();
    check((await error.textContent()).includes('line 1, column 39'), `no line and column in '${await error.textContent()}'`);
    await page.screenshot({ path: path.join(screenshots, 'generic-ripple-error.png') });
    // A setting of the crate's own that does not fit: beside its input.
    await page.goto(`${base}/puzzle/nqueens?${new URLSearchParams({ puzzle: '8', algo: 'dfs', max_steps: '10' })}`);
    const setting = page.locator('[data-error-for=max_steps]');
    await setting.waitFor();
    check((await setting.textContent()).includes('min-conflicts only'), `'${await setting.textContent()}'`);
    await page.screenshot({ path: path.join(screenshots, 'generic-nqueens-setting-error.png') });
    forgive('status of 400');
  });

  await test('generic sudoku at the phone width', async () => {
    const page = await newPage(390, 844);
    await page.goto(`${base}/puzzle/sudoku?${new URLSearchParams({ puzzle: SUDOKU, algo: 'dfs', step: '30' })}`);
    await waitForRun(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    check(overflow <= 0, `the page is ${overflow}px wider than the phone`);
    await page.screenshot({ path: path.join(screenshots, 'generic-sudoku-phone.png'), fullPage: true });
  });
}
