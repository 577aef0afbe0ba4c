// The search tree as it grows: nodes placed by depth, leaves side by side,
// each parent centred over its children.

import { svg } from './svg.js';

// `nodes`: a Map id -> {id, parent, depth, label, kind}; kind is one of
// 'frontier', 'expanded', 'current', 'goal', 'path', 'dropped'.
export function treeSvg(nodes, { rootId }) {
  const children = new Map();
  for (const node of nodes.values()) {
    if (node.parent === null || node.parent === undefined || !nodes.has(node.parent)) continue;
    if (!children.has(node.parent)) children.set(node.parent, []);
    children.get(node.parent).push(node.id);
  }
  const place = new Map();
  let nextLeaf = 0;
  let deepest = 0;
  // Iterative post-order, so a deep DFS tree cannot overflow the stack.
  const stack = [[rootId, false]];
  while (stack.length > 0) {
    const [id, done] = stack.pop();
    const node = nodes.get(id);
    if (!node) continue;
    const kids = children.get(id) ?? [];
    if (!done && kids.length > 0) {
      stack.push([id, true]);
      for (let index = kids.length - 1; index >= 0; index -= 1) stack.push([kids[index], false]);
      continue;
    }
    deepest = Math.max(deepest, node.depth);
    if (kids.length === 0) {
      place.set(id, nextLeaf);
      nextLeaf += 1;
    } else {
      const xs = kids.map((kid) => place.get(kid)).filter((x) => x !== undefined);
      place.set(id, (Math.min(...xs) + Math.max(...xs)) / 2);
    }
  }
  const dx = 26;
  const dy = 40;
  const width = Math.max(1, nextLeaf) * dx + 20;
  const height = (deepest + 1) * dy + 20;
  const at = (id) => [10 + dx / 2 + place.get(id) * dx, 22 + nodes.get(id).depth * dy];
  const edges = [];
  const dots = [];
  for (const node of nodes.values()) {
    if (!place.has(node.id)) continue;
    const [x, y] = at(node.id);
    if (place.has(node.parent)) {
      const [px, py] = at(node.parent);
      const onPath = node.kind === 'path' || node.kind === 'goal';
      edges.push(svg('line', { x1: px, y1: py, x2: x, y2: y, class: onPath ? 'edge path' : 'edge' }));
    }
    dots.push(svg('g', { class: `node ${node.kind}`, 'data-id': node.id }, [
      svg('title', {}, [node.title ?? `node ${node.id}`]),
      svg('circle', { cx: x, cy: y, r: 9 }),
      svg('text', { x, y: y + 3.5, class: 'node-label' }, [String(node.label ?? '')]),
    ]));
  }
  return svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, class: 'tree', role: 'img', 'aria-label': 'search tree' }, [...edges, ...dots]);
}
