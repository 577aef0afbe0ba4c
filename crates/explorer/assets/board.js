// The one drawing of a board of squares, shared by the sudoku, N-Queens
// and Ripple Effect views and the generic page: rows by columns of
// squares, each filled by the view, the lines between them thin or thick
// as the view says (boxes, rooms), squares outlined (the cell chosen
// next, a dead end), and black squares (Akari's walls) with their number
// in white.

import { svg } from './svg.js';

// An SVG board. `square(r, c, box)` returns the elements of square (r, c)
// (`box` its { x, y, size }); `wall(r, c, r2, c2)` says what separates two
// neighbouring squares: 'thick', 'thin' or null (no line); the border is
// always thick unless `border` is false. `outlines`: [{ r, c, class,
// testid }] drawn last, each one square (or `across` squares wide, `down`
// high). The longer side is 100 units and `pixels` wide.
export function gridBoard({ rows, cols, square, wall = () => 'thin', border = true, outlines = [], pixels = 360, className, label }) {
  const size = 100 / Math.max(rows, cols);
  const width = cols * size;
  const height = rows * size;
  const children = [svg('rect', { x: 0, y: 0, width, height, class: 'board-paper' })];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) children.push(...square(r, c, { x: c * size, y: r * size, size }));
  }
  // Thin lines under thick ones, so that a wall reads unbroken.
  const lines = { thin: [], thick: [] };
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const right = c + 1 < cols ? wall(r, c, r, c + 1) : null;
      if (right) lines[right].push([(c + 1) * size, r * size, (c + 1) * size, (r + 1) * size]);
      const below = r + 1 < rows ? wall(r, c, r + 1, c) : null;
      if (below) lines[below].push([c * size, (r + 1) * size, (c + 1) * size, (r + 1) * size]);
    }
  }
  for (const kind of ['thin', 'thick']) {
    if (lines[kind].length === 0) continue;
    const path = lines[kind].map(([x1, y1, x2, y2]) => `M${x1} ${y1}L${x2} ${y2}`).join('');
    children.push(svg('path', { d: path, class: `board-line ${kind}` }));
  }
  if (border) children.push(svg('rect', { x: 0, y: 0, width, height, class: 'board-line thick board-border' }));
  for (const mark of outlines) {
    children.push(svg('rect', {
      x: mark.c * size + 0.6, y: mark.r * size + 0.6,
      width: (mark.across ?? 1) * size - 1.2, height: (mark.down ?? 1) * size - 1.2,
      class: mark.class ?? 'marked-cell', 'data-testid': mark.testid,
    }));
  }
  const scale = pixels / 100;
  return svg('svg', {
    viewBox: `-0.6 -0.6 ${width + 1.2} ${height + 1.2}`,
    width: Math.round(width * scale), height: Math.round(height * scale),
    class: `grid-board ${className ?? ''}`.trim(), role: 'img', 'aria-label': label,
  }, children);
}

// The walls of a board of `box` by `box` boxes (sudoku's): thick between
// boxes, thin inside one.
export function boxWalls(box) {
  const apart = (a, b) => Math.floor(a / box) !== Math.floor(b / box);
  return (r, c, r2, c2) => (apart(r, r2) || apart(c, c2) ? 'thick' : 'thin');
}

// A symbol centred in a square, `scale` of its size high.
export function squareText(box, text, className, scale = 0.62) {
  return svg('text', {
    x: box.x + box.size / 2, y: box.y + box.size * (0.5 + scale * 0.36), 'font-size': box.size * scale, class: className,
  }, [String(text)]);
}

// A black square, with `text` (a number, not `#`) in white.
export function blackSquare(box, text) {
  const square = svg('rect', { x: box.x, y: box.y, width: box.size, height: box.size, class: 'block' });
  return text && text !== '#' ? [square, squareText(box, text, 'digit given on-black')] : [square];
}

// Small symbols in a square, as pencil marks: symbol i of `alphabet` at
// place i of a `per` by `per` block.
export function pencilMarks(box, symbols, alphabet, per, className = 'pencil') {
  const small = box.size / per;
  return symbols.map((symbol) => {
    const at = alphabet.indexOf(String(symbol));
    return svg('text', {
      x: box.x + (at % per) * small + small / 2, y: box.y + Math.floor(at / per) * small + small * 0.78,
      'font-size': small * 0.8, class: className,
    }, [String(symbol)]);
  });
}
