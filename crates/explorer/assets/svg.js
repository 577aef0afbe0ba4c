// Small helpers to build SVG and HTML elements, and a sliding-tiles board.

const SVG_NS = 'http://www.w3.org/2000/svg';

// An SVG element with attributes and children (elements or strings).
export function svg(tag, attributes = {}, children = []) {
  return build(document.createElementNS(SVG_NS, tag), attributes, children);
}

// An HTML element, the same way.
export function html(tag, attributes = {}, children = []) {
  return build(document.createElement(tag), attributes, children);
}

// The attributes set (none where undefined, null or false; `true` an empty
// one; `text` the element's text), then the children (strings as text).
function build(element, attributes, children) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'text') element.textContent = String(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined) {
      element.append(typeof child === 'string' ? document.createTextNode(child) : child);
    }
  }
  return element;
}

// The tiles of a board's line: nine digits, or numbers between commas or spaces.
export function tilesOf(line) {
  const text = String(line).trim();
  if (/[,\s]/.test(text)) return text.split(/[,\s]+/).filter(Boolean).map(Number);
  return [...text].map(Number);
}

// A board as an SVG picture of `pixels` across; `moved` marks the tile that just slid.
export function boardSvg(line, { pixels = 150, moved = null, label = null } = {}) {
  const tiles = tilesOf(line);
  const side = Math.round(Math.sqrt(tiles.length));
  const cell = 100 / side;
  const children = [svg('rect', { x: 0, y: 0, width: 100, height: 100, class: 'board-back' })];
  tiles.forEach((tile, index) => {
    if (tile === 0) return;
    const x = (index % side) * cell;
    const y = Math.floor(index / side) * cell;
    const inPlace = tile === index;
    children.push(
      svg('rect', {
        x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, rx: 3,
        class: tile === moved ? 'tile moved' : inPlace ? 'tile home' : 'tile',
      }),
      svg('text', { x: x + cell / 2, y: y + cell / 2 + cell * 0.14, class: 'tile-number', 'font-size': cell * 0.42 }, [String(tile)]),
    );
  });
  const picture = svg('svg', {
    viewBox: '0 0 100 100', width: pixels, height: pixels, role: 'img',
    'aria-label': label ?? `board ${tiles.join(' ')}`, class: 'board',
  }, children);
  return picture;
}
