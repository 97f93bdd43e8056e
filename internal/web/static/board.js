// board.js: the board drawn, and the moves of its blank.
//
// Moves are the blank's letters, d l r u, as the API writes paths in the
// blank notation: the page plays them at once, and asks the server for
// everything else (boards read, goals, paths in the tile notation).

// delta is the step of the blank, in rows and columns, of each move.
const delta = { d: [1, 0], u: [-1, 0], l: [0, -1], r: [0, 1] };

// back is the move that undoes each move.
export const back = { d: "u", u: "d", l: "r", r: "l" };

// tileWord says where the tile goes when the blank makes each move.
export const tileWord = { d: "up", u: "down", l: "right", r: "left" };

// target returns the cell the blank moves to by m on a board of rows x
// cols, or -1 for a move off the board.
export function target(cells, rows, cols, m) {
  const b = cells.indexOf(0), r = Math.floor(b / cols) + delta[m][0], k = b % cols + delta[m][1];
  return r < 0 || r >= rows || k < 0 || k >= cols ? -1 : r * cols + k;
}

// apply makes the move m on cells in place and returns the cell the
// blank left (where the tile went), or -1 for a move off the board.
export function apply(cells, rows, cols, m) {
  const b = cells.indexOf(0), to = target(cells, rows, cols, m);
  if (to < 0) return -1;
  cells[b] = cells[to];
  cells[to] = 0;
  return b;
}

// slide returns the moves that slide the tiles between the blank and
// cell i one cell each towards the blank: "" when i is not in the
// blank's row or column.
export function slide(cells, cols, i) {
  const b = cells.indexOf(0);
  const br = Math.floor(b / cols), bc = b % cols, r = Math.floor(i / cols), k = i % cols;
  if (r === br && k !== bc) return (k > bc ? "r" : "l").repeat(Math.abs(k - bc));
  if (k === bc && r !== br) return (r > br ? "d" : "u").repeat(Math.abs(r - br));
  return "";
}

// motion says whether moves are animated: not for a reader who asked for
// reduced motion.
const still = window.matchMedia("(prefers-reduced-motion: reduce)");

// A View draws a board in a grid element: a button for each tile (its
// number, row and column its label), laid out by the CSS grid in the
// order of the cells, so that the order a screen reader reads them in is
// the board's. A move reorders them and slides the tiles that moved from
// where they were (the FLIP way: First, Last, Invert, Play), briefly.
export class View {
  constructor(grid, onTile) {
    this.grid = grid;
    this.onTile = onTile; // told the cell of a tile pressed
    this.els = []; // by tile, 0 the blank
    this.rows = 0;
    this.cols = 0;
  }

  // show draws a board afresh: no motion.
  show(rows, cols, cells, marks) {
    this.rows = rows;
    this.cols = cols;
    this.grid.style.setProperty("--cols", cols);
    this.grid.style.setProperty("--rows", rows);
    this.grid.replaceChildren();
    this.els = [];
    for (const v of cells) {
      const el = document.createElement(v === 0 ? "div" : "button");
      if (v === 0) {
        el.className = "tile blank";
        el.setAttribute("role", "img");
      } else {
        el.type = "button";
        el.className = "tile";
        el.tabIndex = -1;
        el.textContent = v;
        el.addEventListener("click", () => this.onTile(Number(el.dataset.i)));
      }
      this.els[v] = el;
      this.grid.appendChild(el);
    }
    this.update(cells, marks, 0);
  }

  // update shows cells, the board after moves made in ms milliseconds at
  // most (0: at once): the tiles whose cell changed slide there.
  update(cells, marks = {}, ms = 90) {
    const from = new Map();
    if (ms > 0 && !still.matches) {
      cells.forEach((v, i) => {
        const el = this.els[v];
        if (v !== 0 && el.dataset.i !== undefined && Number(el.dataset.i) !== i) from.set(el, el.getBoundingClientRect());
      });
    }
    const focused = document.activeElement;
    cells.forEach((v, i) => {
      const el = this.els[v], at = this.grid.children[i];
      if (at !== el) {
        if (this.grid.moveBefore) this.grid.moveBefore(el, at);
        else this.grid.insertBefore(el, at);
      }
      el.dataset.i = i;
      const where = `row ${Math.floor(i / this.cols) + 1}, column ${i % this.cols + 1}`;
      el.setAttribute("aria-label", v === 0 ? `the blank, ${where}` : `tile ${v}, ${where}` + (marks.best?.has(i) ? ", a best move" : ""));
      el.classList.toggle("best", Boolean(marks.best?.has(i)));
      el.classList.toggle("moved", marks.moved === i);
    });
    if (focused && focused !== document.activeElement && this.grid.contains(focused)) focused.focus();
    if (from.size) this.grid.dataset.slides = Number(this.grid.dataset.slides || 0) + from.size; // for tests: slides animated
    for (const [el, r] of from) {
      const now = el.getBoundingClientRect();
      el.animate([{ transform: `translate(${r.left - now.left}px, ${r.top - now.top}px)` }, { transform: "none" }],
        { duration: ms, easing: "ease-out" });
    }
  }

  // clear removes the board drawn.
  clear() {
    this.grid.replaceChildren();
    this.els = [];
  }
}
