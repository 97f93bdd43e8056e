// chart.js: the distance from the goal move by move, as a small SVG
// chart, no library: a point a move, the moves that lost ground in red,
// the move shown marked; a click picks a move.

const ns = "http://www.w3.org/2000/svg";

function node(name, attrs, parent) {
  const el = document.createElementNS(ns, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  parent?.appendChild(el);
  return el;
}

// drawChart draws distances (before each move, the last after the path)
// into svg, with lost the moves (from 1) that lost ground and at the move
// shown; pick is told the move clicked (0 for the start).
export function drawChart(svg, distances, lost, at, pick) {
  svg.replaceChildren();
  const n = distances.length - 1, top = Math.max(1, ...distances);
  const w = 1000, h = 200, pad = 14;
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("preserveAspectRatio", "none");
  const x = k => pad + (n ? k / n : 0) * (w - 2 * pad), y = d => h - pad - d / top * (h - 2 * pad);
  node("line", { class: "axis", x1: pad, y1: h - pad, x2: w - pad, y2: h - pad }, svg);
  node("polyline", { class: "curve", points: distances.map((d, k) => `${x(k).toFixed(1)},${y(d).toFixed(1)}`).join(" ") }, svg);
  for (const m of lost) node("rect", { class: "lost", x: x(m) - 3, y: y(distances[m]) - 3, width: 6, height: 6 }, svg);
  const here = node("line", { class: "here", x1: x(at), y1: pad / 2, x2: x(at), y2: h - pad }, svg);
  here.dataset.at = at;
  node("title", {}, svg).textContent = `the distance from the goal after each move: ${distances[0]} at the start, ${distances[n]} after move ${n}; click to go to a move`;
  svg.onclick = e => {
    const r = svg.getBoundingClientRect();
    const k = ((e.clientX - r.left) / r.width * w - pad) / (w - 2 * pad) * n;
    pick(Math.max(0, Math.min(n, Math.round(k))));
  };
}

// markChart moves the mark of the move shown to at.
export function markChart(svg, at, n) {
  const here = svg.querySelector(".here");
  if (!here || n <= 0) return;
  const w = 1000, pad = 14, x = pad + at / n * (w - 2 * pad);
  here.setAttribute("x1", x);
  here.setAttribute("x2", x);
  here.dataset.at = at;
}
