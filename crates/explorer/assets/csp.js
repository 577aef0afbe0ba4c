// A csp-core run (docs/events.md) replayed: the decisions in force and the
// values removed.

// The live facts of a run replayed by `replayCsp`.
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
