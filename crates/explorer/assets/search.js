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

// Its live facts, `more` before the frontier's size (`frontier`: stack or queue).
export function searchFacts({ counts, current }, frontier, more = []) {
  return [
    ['tested', counts.tested],
    ['expanded', counts.expanded],
    ['generated', counts.generated],
    ...more,
    [frontier, current ? current.frontier : 0],
  ];
}
