// page.js: the game. The board first, with a move counter, a clock and
// the distance from the goal after every move; every answer where the
// eye is (beside the control that asked, or over the board); nothing
// drawn but the board that the distance and the answers belong to.
//
// What the solver knows, the page asks the API: boards read from text
// (/api/board), goals (/api/goal), shuffled boards (/api/random), paths
// in the tile notation (/api/path), distances, solutions, analyses, and
// the databases being built (/api/building).

import { call } from "./api.js";
import { View, back, tileWord, target, apply, slide } from "./board.js";
import { drawChart, markChart } from "./chart.js";

const $ = id => document.getElementById(id);

// maxDrawn is the most cells the page draws and plays (10x10); a larger
// board is answered as text.
const maxDrawn = 100;

// pos is the board shown: its shape, its cells (null for a board too
// large to draw), its goal, and what the server said of it.
const pos = {
  rows: 3, cols: 3, cells: null, text: "", goal: [], goalText: "", goalName: "blank-last",
  solvable: true, reason: "", optimal: true, bound: 0, limit: 5000, max: 120000, source: "",
};

// line is the line of moves shown: from start, path (the blank's
// letters), at the moves made of it; kind says whose: the player's
// ("own"), the solver's ("solution") or a path analysed ("analysis").
// Undo and redo move along it; a move off it starts a new one.
const line = { start: [], path: "", at: 0, kind: "own" };

// game is the game under way, from a new board to the goal: the moves
// made (a tile at a time, and a line of tiles at a time), the hints, the
// clock from the first move; helped says the solver's answer was asked
// for, over that the goal was reached or the game given up.
const game = { shuffled: false, moves: 0, lines: 0, last: "", hints: 0, t0: 0, ms: 0, clock: 0, began: false, over: false, helped: false };

// live is the distance of the board drawn: the request for it (seq,
// which board; ctl, to abort it), what came (exact, best, or ours and
// path, the solver's path, which a move that follows it shortens), and
// the hint waiting for it.
const live = { seq: 0, ctl: null, timer: 0, exact: false, best: "", ours: 0, path: "", hint: -1, failed: null };

// link.held says a bad link's message is shown: the address is left as
// it was opened until the player changes something.
const link = { held: false };

let view;

// --- small helpers -------------------------------------------------------

const shapeName = () => `${pos.rows}x${pos.cols}`;
const rowsOf = (cells, sep) => {
  const out = [];
  for (let r = 0; r < pos.rows; r++) out.push(cells.slice(r * pos.cols, (r + 1) * pos.cols).join(" "));
  return out.join(sep);
};
const rowsText = cells => rowsOf(cells, "/"); // "1 2 3/4 5 6/7 8 0", as the API writes boards
const isGoal = () => pos.cells !== null && pos.cells.join() === pos.goal.join();
const seconds = ms => (ms / 1000).toFixed(ms < 10000 ? 1 : 0) + " s";
// clock writes a game's time as speedsolvers read it: 41.2 s, 1:02.3.
const clock = ms => ms < 60000 ? (ms / 1000).toFixed(1) + " s" : `${Math.floor(ms / 60000)}:${((ms % 60000) / 1000).toFixed(1).padStart(4, "0")}`;
const plural = (n, one, many = one + "s") => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

function button(label, action, id) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (id) b.id = id;
  b.addEventListener("click", action);
  return b;
}

// write sets el's text, marked as an error where asked, with buttons
// (label, action) after it.
function write(el, text, { error = false, actions = [] } = {}) {
  el.replaceChildren(document.createTextNode(text));
  el.classList.toggle("error", error);
  for (const [label, action, id] of actions) el.appendChild(button(label, action, id));
}

// say answers a control under the board, in its line of fixed height.
function say(text, opts) {
  delete $("say").dataset.moves;
  write($("say"), text, opts);
}

function announce(text) { $("status").textContent = text; }

// --- the cover over the board ----------------------------------------

// cover shows a card over the board: kind says why (a board too large to
// draw, a board typed that is not read yet, a bad link, the goal
// reached); while it is shown no key, click or swipe moves a tile.
function cover(kind, text, more = "", actions = []) {
  const c = $("cover");
  c.dataset.kind = kind;
  $("cover-text").textContent = text;
  const m = $("cover-more");
  if (more instanceof Node) m.replaceChildren(more); else m.textContent = more;
  const a = $("cover-actions");
  a.replaceChildren();
  for (const [label, action, id] of actions) a.appendChild(button(label, action, id));
  c.hidden = false;
  $("grid").classList.toggle("stale", kind === "reading" || kind === "bad");
}

function uncover() {
  $("cover").hidden = true;
  delete $("cover").dataset.kind;
  $("grid").classList.remove("stale");
}

// blocked says whether the board drawn is not there to play: too large to
// draw, covered, or under the panel (which opens over the game on a
// narrow screen).
const blocked = () => pos.cells === null || !$("cover").hidden || !$("panel").hidden && getComputedStyle($("panel")).position === "fixed";

// --- drawing ------------------------------------------------------------

// bestCells returns the cells of the tiles whose move keeps a shortest
// path, once the exact distance has come.
function bestCells() {
  const s = new Set();
  if (live.exact) for (const m of live.best) { const to = target(pos.cells, pos.rows, pos.cols, m); if (to >= 0) s.add(to); }
  return s;
}

// lastMoved is the cell of the tile moved last, marked.
let lastMoved = -1;

// draw shows the board: afresh (fresh), or the tiles that moved sliding
// there within ms milliseconds; moved, when given, is the cell of the
// tile moved, marked.
function draw({ fresh = false, moved = lastMoved, ms = 90 } = {}) {
  lastMoved = moved;
  const grid = $("grid");
  if (pos.cells === null) {
    view.clear();
    grid.hidden = true;
    return;
  }
  grid.hidden = false;
  if (fresh) view.show(pos.rows, pos.cols, pos.cells, { best: bestCells(), moved });
  else view.update(pos.cells, { best: bestCells(), moved }, ms);
  grid.dataset.board = rowsText(pos.cells);
}

// followText writes the board drawn into the board's text box, after a
// move: the box follows the board (but not while the player writes in
// it, who moves nothing then: the board is covered).
function followText() {
  $("board").value = rowsOf(pos.cells, "\n");
}

// --- the game's figures ------------------------------------------------

function showFigures() {
  $("moves").textContent = game.moves;
  $("lines").textContent = game.lines;
  $("hints").textContent = game.hints;
  $("timer").textContent = clock(game.began && !game.over ? performance.now() - game.t0 : game.ms);
}

function resetGame(shuffled) {
  stopClock();
  Object.assign(game, { shuffled, moves: 0, lines: 0, last: "", hints: 0, t0: 0, ms: 0, began: false, over: false, helped: false });
  showFigures();
}

function stopClock() {
  if (game.clock) clearInterval(game.clock);
  game.clock = 0;
  if (game.began && !game.over) game.ms = performance.now() - game.t0;
}

// count counts the player's moves ms (undo and redo included: tiles
// move), starting the clock with the first.
function count(ms, how) {
  if (game.over) return;
  if (!game.began) {
    game.began = true;
    game.t0 = performance.now();
    game.clock = setInterval(showFigures, 100);
  }
  for (const m of ms) {
    game.moves++;
    if (m !== game.last) game.lines++;
    game.last = m;
  }
  if (how === "hint") game.hints++;
  showFigures();
}

// --- personal bests, kept in the browser ---------------------------------

const bestKey = "slidingpuzzle.bests";

function bests() {
  try { return JSON.parse(localStorage.getItem(bestKey)) || {}; } catch (e) { return {}; }
}

function showBests() {
  const all = bests(), keys = Object.keys(all).sort();
  const el = $("bests");
  if (!keys.length) { el.textContent = "None yet: solve a shuffled board without hints."; return; }
  const t = document.createElement("table");
  t.innerHTML = "<tr><th>board</th><th>time</th><th>moves</th><th>lines</th></tr>";
  for (const k of keys) {
    const tr = t.insertRow();
    for (const v of [k, clock(all[k].ms), all[k].moves, all[k].lines]) tr.insertCell().textContent = v;
  }
  el.replaceChildren(t, button("Forget them", () => { localStorage.removeItem(bestKey); showBests(); }));
}

// celebrate says the goal is reached, with the game's figures, and keeps
// a personal best for the shape and goal: only a shuffled board solved
// with no hint counts.
function celebrate() {
  stopClock();
  game.over = true;
  showFigures();
  const key = `${shapeName()} ${pos.goalName}`;
  const figures = `${plural(game.moves, "move")} (${plural(game.lines, "line")}: a line of tiles slid at once counted as one) in ${clock(game.ms)}, ${plural(game.hints, "hint")}.`;
  let note;
  if (!game.shuffled) note = "Only a shuffled board counts for your bests.";
  else if (game.hints) note = `With ${plural(game.hints, "hint")}: not counted for your bests.`;
  else {
    const all = bests(), old = all[key];
    const now = { ms: Math.round(game.ms), moves: game.moves, lines: game.lines };
    const b = old ? { ms: Math.min(old.ms, now.ms), moves: Math.min(old.moves, now.moves), lines: Math.min(old.lines, now.lines) } : now;
    const news = old ? [now.ms < old.ms && "time", now.moves < old.moves && "moves", now.lines < old.lines && "lines"].filter(Boolean) : [];
    all[key] = b;
    try { localStorage.setItem(bestKey, JSON.stringify(all)); } catch (e) { /* a browser that keeps nothing */ }
    const kept = `${clock(b.ms)}, ${plural(b.moves, "move")}, ${plural(b.lines, "line")}`;
    note = !old ? `Your first ${key} solved: your best so far.`
      : news.length ? `A new best ${news.join(" and ")} on ${key}! Your bests: ${kept}.`
      : `Your bests on ${key}: ${kept}.`;
    showBests();
  }
  cover("solved", "Solved!", `${figures}\n${note}`, [["New game", shuffle, "again"], ["Close", () => { uncover(); $("grid").focus(); }, "close"]]);
  const c = $("cover").dataset;
  c.moves = game.moves; c.lines = game.lines; c.hints = game.hints; c.ms = Math.round(game.ms);
  announce(`Solved! ${figures} ${note}`);
  $("again").focus();
}

// --- boards -------------------------------------------------------------

function addOption(sel, value, label) {
  if ([...sel.options].some(o => o.value === value)) return;
  const o = document.createElement("option");
  o.value = value;
  o.textContent = label;
  sel.appendChild(o);
}

// goalParam is the goal as the API takes it: its name, or its board.
const goalParam = () => pos.goalName;

// load shows p, a Position of the API (a board read, shuffled, a goal),
// and starts a new game on it; source says where it came from
// ("shuffle", "typed", "goal", "link"). keepText leaves the board's text
// box as the player wrote it.
function load(p, source, { keepText = false } = {}) {
  stopPlay();
  quiet();
  pos.rows = p.rows; pos.cols = p.cols;
  pos.cells = p.rows * p.cols <= maxDrawn ? p.board.slice() : null;
  pos.text = p.text; pos.goal = p.goal; pos.goalText = p.goal_text;
  pos.solvable = p.solvable; pos.reason = p.reason || ""; pos.optimal = p.optimal; pos.bound = p.bound;
  pos.limit = p.limit_ms; pos.max = p.max_ms; pos.source = source;
  addOption($("shape"), p.shape, p.shape);
  $("shape").value = p.shape;
  line.start = pos.cells ? pos.cells.slice() : []; line.path = ""; line.at = 0; line.kind = "own";
  resetGame(source === "shuffle");
  live.ours = 0; live.path = "";
  pos.goalName = $("goal").value;
  if (!keepText) $("board").value = pos.cells ? rowsOf(pos.cells, "\n") : p.text.replaceAll("/", "\n");
  $("what").textContent = `${p.shape} \u00b7 ${$("goal").selectedOptions[0]?.textContent || pos.goalName}`;
  say("");
  uncover();
  measure();
  draw({ fresh: true, moved: -1 });
  if (pos.cells === null) bigCover();
  showLine();
  writeLink();
  document.body.dataset.loads = Number(document.body.dataset.loads || 0) + 1; // for tests: boards loaded
}

// bigCover says, in place of the board, that it is too large to draw.
function bigCover() {
  const more = pos.solvable
    ? `At least ${plural(pos.bound, "move")} from the goal (the tiles' Manhattan distance). Solve gives its path as text, within ${seconds(pos.limit)}.`
    : `It cannot reach the goal: ${pos.reason}.`;
  cover("big", `A ${shapeName()} board: too large to draw here (the page draws up to 10x10).`, more,
    pos.solvable ? [["Solve it", () => solve(), "solve-big"]] : []);
}

// shuffle starts a game on a board drawn at random by the server, of the
// shape and goal chosen.
async function shuffle() {
  releaseLink();
  let shape = $("shape").value;
  const [r, c] = shape.split("x").map(Number);
  if (!(r * c <= maxDrawn)) shape = "3x3"; // a shape too large to draw is for boards typed in
  try {
    load(await call("/api/random", { shape, goal: $("goal").value }), "shuffle");
    say("Shuffled: the clock starts with your first move.");
  } catch (e) {
    say(`No shuffled board: ${e.message}`, { error: true });
  }
}

// toGoal shows the goal of the shape and goal chosen.
async function toGoal() {
  releaseLink();
  try {
    load(await call("/api/goal", { shape: $("shape").value, goal: $("goal").value }), "goal");
  } catch (e) {
    say(`No goal: ${e.message}`, { error: true });
  }
}

// --- a board typed or pasted -------------------------------------------

const typed = { seq: 0, timer: 0 };

// The board's text box: while what it holds is not read yet, or is not a
// board, the board drawn is covered (it is not the board written), and
// nothing moves it.
function boardTyped() {
  releaseLink();
  clearTimeout(typed.timer);
  const seq = ++typed.seq;
  stopPlay();
  quiet();
  cover("reading", "Reading the board you wrote\u2026");
  typed.timer = setTimeout(() => readTyped(seq), 250);
}

async function readTyped(seq) {
  const text = $("board").value;
  let p;
  try {
    p = await call("/api/board", { board: text, prefer: $("shape").value, goal: goalParam() });
  } catch (e) {
    if (seq !== typed.seq) return;
    const b = e.body || {};
    const actions = b.line ? [["Show me", () => pointAt(b.line, b.char)]] : [];
    write($("board-say"), e.message, { error: true, actions });
    cover("bad", "The text beside is not a board yet.", "Mend it there, or keep the board drawn.",
      [["Keep the board drawn", keepDrawn, "keep"]]);
    return;
  }
  if (seq !== typed.seq) return;
  write($("board-say"), `Read: a ${p.shape} board${p.solvable ? "" : " that cannot reach the goal"}.`);
  load(p, "typed", { keepText: true });
}

// pointAt selects, in the board's text box, the cell at line:char.
function pointAt(lineNo, char) {
  const t = $("board"), lines = t.value.split("\n");
  let at = 0;
  for (let i = 0; i < lineNo - 1 && i < lines.length; i++) at += lines[i].length + 1;
  at += char - 1;
  let end = at;
  while (end < t.value.length && !/[\s\/]/.test(t.value[end])) end++;
  t.focus();
  t.setSelectionRange(at, Math.max(end, at + 1));
}

// keepDrawn writes the board drawn back into the text box.
function keepDrawn() {
  typed.seq++;
  clearTimeout(typed.timer);
  $("board").value = pos.cells ? rowsOf(pos.cells, "\n") : pos.text.replaceAll("/", "\n");
  write($("board-say"), "");
  uncover();
  if (pos.cells === null) bigCover();
  measure();
}

// --- moves ---------------------------------------------------------------

// play makes the moves ms (the blank's letters) of the player, by how
// ("key", "click", "swipe", "hint", "undo", "redo"), and reports whether
// they were made: none is made on a board covered, or off the board.
function play(ms, how) {
  if (blocked() || !ms) return false;
  const c = pos.cells.slice();
  for (const m of ms) if (apply(c, pos.rows, pos.cols, m) < 0) return false;
  stopPlay();
  releaseLink();
  const b = pos.cells.indexOf(0);
  const tile = pos.cells[target(pos.cells, pos.rows, pos.cols, ms[0])];
  if (how === "undo") line.at -= ms.length;
  else if (how === "redo" || line.path.startsWith(ms, line.at)) line.at += ms.length;
  else {
    line.path = line.path.slice(0, line.at) + ms;
    line.at += ms.length;
    line.kind = "own";
  }
  pos.cells = c;
  count(ms, how);
  const said = ms.length === 1 ? `Tile ${tile} moved ${tileWord[ms]}.` : `${ms.length} tiles slid ${tileWord[ms[0]]}.`;
  measure(ms, said);
  draw({ moved: b });
  followText();
  showLine();
  writeLink();
  if (isGoal() && game.began && !game.over && !game.helped) celebrate();
  return true;
}

function undo() {
  if (line.at === 0 || blocked()) return;
  play(back[line.path[line.at - 1]], "undo");
}

function redo() {
  if (line.at >= line.path.length || blocked()) return;
  play(line.path[line.at], "redo");
}

// goTo shows the line at move k: the board after its first k moves. It
// is not a move of the game.
function goTo(k, ms = 0) {
  if (pos.cells === null || !$("cover").hidden && $("cover").dataset.kind !== "solved") return;
  k = Math.max(0, Math.min(line.path.length, k));
  const c = line.start.slice();
  for (let i = 0; i < k; i++) apply(c, pos.rows, pos.cols, line.path[i]);
  const step = k === line.at + 1 ? line.path[line.at] : "";
  const moved = step ? pos.cells.indexOf(0) : -1;
  line.at = k;
  pos.cells = c;
  uncover();
  measure(step);
  draw({ moved, ms: step ? ms : 0 });
  followText();
  showLine();
  writeLink();
}

// --- playing a line back ---------------------------------------------------

const player = { timer: 0 };

function startPlay() {
  if (player.timer || line.at >= line.path.length || pos.cells === null) return;
  const every = 1000 / Number($("speed").value);
  player.timer = setInterval(() => {
    if (line.at >= line.path.length) { stopPlay(); return; }
    goTo(line.at + 1, Math.min(90, every * 0.8));
    if (line.at >= line.path.length) stopPlay();
  }, every);
  showLine();
}

function stopPlay() {
  if (!player.timer) return;
  clearInterval(player.timer);
  player.timer = 0;
  showLine();
}

// --- the line shown, in the notation chosen ----------------------------------

// words holds the line's path cut into the words of the notation chosen,
// as the API writes them (/api/path): each word takes the board to the
// move after it.
const words = { path: null, notation: null, tokens: [], els: [], seq: 0, timer: 0 };

function showLine() {
  const n = line.path.length, p = $("path");
  $("position").textContent = n ? `${line.at} / ${n}` + ({ own: " (your moves)", solution: " (the solver's)", analysis: " (analysed)", link: " (the link's)" }[line.kind]) : "";
  p.dataset.path = line.path;
  p.dataset.at = line.at;
  p.setAttribute("aria-valuemax", n);
  p.setAttribute("aria-valuenow", line.at);
  p.setAttribute("aria-valuetext", `move ${line.at} of ${n}`);
  const off = pos.cells === null;
  $("undo").disabled = off || line.at === 0;
  $("redo").disabled = off || line.at >= n;
  $("first").disabled = off || line.at === 0;
  $("last").disabled = off || line.at >= n;
  $("play").disabled = off || (!player.timer && line.at >= n);
  $("play").textContent = player.timer ? "Pause" : "Play";
  if (words.path === line.path && words.notation === $("notation").value) { markWords(); return; }
  clearTimeout(words.timer);
  if (!n) { words.path = ""; words.tokens = []; words.els = []; p.replaceChildren(); return; }
  words.timer = setTimeout(askWords, 60);
}

async function askWords() {
  const seq = ++words.seq, path = line.path, nt = $("notation").value;
  let w;
  try {
    w = await call("/api/path", { path, to: nt });
  } catch (e) {
    if (seq === words.seq) $("path").textContent = `The moves cannot be shown: ${e.message}`;
    return;
  }
  if (seq !== words.seq || path !== line.path) return;
  words.path = path; words.notation = nt; words.tokens = w.tokens;
  const p = $("path");
  words.els = w.tokens.map(t => {
    const s = document.createElement("span");
    s.textContent = t.text;
    s.dataset.to = t.move + t.count;
    return s;
  });
  p.replaceChildren(...words.els.flatMap((s, i) => i ? [document.createTextNode(nt === "tile" ? " " : ""), s] : [s]));
  markWords();
}

function markWords() {
  let next = null;
  words.tokens.forEach((t, i) => {
    const el = words.els[i], done = t.move + t.count <= line.at, here = !done && t.move <= line.at;
    el.className = done ? "done" : here ? "next" : "";
    if (here) next = el;
  });
  if (next && player.timer) next.scrollIntoView({ block: "nearest" });
  if (report.data) markReport();
}

// --- the distance after every move --------------------------------------

function showDistance(text, { waiting = false, actions = [], error = false } = {}) {
  const el = $("distance");
  el.classList.toggle("waiting", waiting);
  const t = $("distance-text");
  write(t, text, { error, actions });
}

// quiet cancels the request for the board's distance, if one is under
// way: its search slot is free for a solution.
function quiet() {
  if (live.ctl) live.ctl.abort();
  clearTimeout(live.timer);
  live.ctl = null;
  live.timer = 0;
  live.seq++;
}

// measure shows how far the board drawn is from the goal: the server's
// exact distance and best moves (up to 16 cells), or the length of its
// path (more); ms, the moves just made, shorten a path of the solver's
// they follow, with no request; said is told a screen reader with it.
function measure(ms = "", said = "") {
  quiet();
  const seq = live.seq, el = $("distance");
  live.exact = false; live.best = ""; live.failed = null;
  delete el.dataset.exact; delete el.dataset.ours;
  if (pos.cells === null) {
    showDistance(pos.solvable ? `At least ${plural(pos.bound, "move")} from the goal (the tiles' Manhattan distance).` : "This board cannot reach the goal.");
    return;
  }
  if (!pos.solvable) {
    showDistance("This board cannot reach the goal: the two have different parity.");
    announce(said);
    return;
  }
  if (isGoal()) {
    live.exact = true;
    el.dataset.exact = 0;
    showDistance("This is the goal.");
    announce(`${said} This is the goal.`);
    return;
  }
  if (!pos.optimal && ms && live.path.startsWith(ms)) {
    live.path = live.path.slice(ms.length);
    live.ours -= ms.length;
    showOurs(said);
    return;
  }
  live.path = "";
  showDistance($("distance-text").textContent || "\u2026", { waiting: true });
  // Moves made quickly, or a line played, ask for the last board only.
  const delay = pos.cells.length <= 9 && !player.timer ? 0 : 80;
  live.timer = setTimeout(() => askDistance(seq, 0, said), delay);
}

function showOurs(said) {
  $("distance").dataset.ours = live.ours;
  showDistance(`Our path: ${plural(live.ours, "move")}, not proven shortest.`);
  if (said) announce(`${said} ${$("distance-text").textContent}`);
  if (live.hint === live.seq) setTimeout(playHint);
}

// waiter tells show how a wait for the server goes once it is longer
// than a moment: the databases being built on first use, with their
// progress (then is what follows them), or what is under way, the
// seconds spent against the time limit. Its building says whether a
// build was under way when last asked.
function waiter(show, what, then, limit) {
  const t0 = performance.now();
  const w = { building: false, stopped: false };
  const tick = async () => {
    if (w.stopped) return;
    let b = null;
    try { b = await call("/api/building"); } catch (e) { /* said by the answer, if any */ }
    if (w.stopped) return;
    w.building = Boolean(b?.building);
    const spent = seconds(performance.now() - t0);
    if (w.building) {
      const pct = b.total ? Math.floor(100 * b.done / b.total) : 0;
      show(`Building the ${b.shape} databases, once (they are kept): ${pct}%; ${then} follows.`, pct);
    } else {
      show(`${what}\u2026 ${spent} (it may take up to ${seconds(limit)})`);
    }
  };
  const first = setTimeout(() => { tick(); w.timer = setInterval(tick, 500); }, 600);
  w.stop = () => { w.stopped = true; clearTimeout(first); clearInterval(w.timer); };
  return w;
}

async function askDistance(seq, limit, said) {
  if (seq !== live.seq) return;
  live.timer = 0;
  const ctl = new AbortController();
  live.ctl = ctl;
  const what = pos.optimal ? "Finding the exact distance" : "Finding our path";
  const w = waiter((text, pct) => {
    if (seq !== live.seq) return;
    showDistance(text, { waiting: true });
    if (pct !== undefined) $("distance").dataset.building = pct; else delete $("distance").dataset.building;
  }, what, pos.optimal ? "the exact distance" : "our path", limit || pos.limit);
  const q = { board: rowsText(pos.cells), shape: shapeName(), goal: pos.goalText };
  if (limit) q.limit = `${limit}ms`;
  let d;
  try {
    d = await call("/api/distance", q, { signal: ctl.signal, busy: () => seq === live.seq && showDistance("The server is busy; asking again\u2026", { waiting: true }) });
  } catch (e) {
    w.stop();
    if (e.name === "AbortError" || seq !== live.seq) return;
    live.ctl = null;
    delete $("distance").dataset.building;
    if (e.status === 504 && w.building) { askDistance(seq, limit, said); return; } // the build goes on: its progress is shown
    live.failed = e;
    if (e.status === 504) {
      const more = e.body.max_ms > (limit || pos.limit);
      showDistance(`${pos.optimal ? "The exact distance" : "Our path"} takes over ${seconds(limit || pos.limit)} for this board.`,
        { actions: more ? [["Keep searching", () => { quiet(); askDistance(live.seq, e.body.max_ms, said); }, "more-distance"]] : [] });
    } else {
      showDistance(`No distance: ${e.message}`, { error: true });
    }
    if (live.hint === seq) hintFailed(e);
    return;
  }
  w.stop();
  if (seq !== live.seq) return;
  live.ctl = null;
  delete $("distance").dataset.building;
  const el = $("distance");
  if (d.exact) {
    live.exact = true;
    live.best = d.best || "";
    el.dataset.exact = d.distance;
    showDistance(`${plural(d.distance, "move")} from the goal (the shortest path); green tiles keep it shortest.`);
    draw({ ms: 0 });
    if (said !== undefined) announce(`${said} ${plural(d.distance, "move")} from the goal.`);
  } else {
    live.ours = d.ours;
    live.path = d.path || "";
    showOurs(said);
    return;
  }
  if (live.hint === seq) playHint();
}

// --- hints ----------------------------------------------------------------

// hint plays one move towards the goal: on a board of up to 16 cells one
// that keeps a shortest path, once the exact distance has come (asked for
// if it is not under way); on a larger one the first move of the
// solver's path, said to be not proven shortest.
function hint() {
  if (pos.cells === null) { say("Hints are for the boards the page draws (up to 10x10)."); return; }
  if (blocked()) return;
  if (!pos.solvable) { say("This board cannot reach the goal: no move leads there."); return; }
  if (isGoal()) { say("This is the goal: no move to hint."); return; }
  if (live.exact && live.best || !pos.optimal && live.path) { playHint(); return; }
  if (live.failed) { hintFailed(live.failed); return; } // the distance ran past its limit, or failed: say so, and offer what there is
  say(pos.optimal ? "Finding a move that keeps a shortest path\u2026" : "Finding our path\u2026");
  if (!live.ctl && !live.timer) measure();
  live.hint = live.seq;
}

function playHint() {
  live.hint = -1;
  const m = pos.optimal ? live.best[0] : live.path[0];
  if (!m) return;
  const tile = pos.cells[target(pos.cells, pos.rows, pos.cols, m)];
  const why = pos.optimal ? "a move that keeps a shortest path" : "the first move of our path, not proven shortest";
  if (play(m, "hint")) say(`Hint: tile ${tile} moved ${tileWord[m]}, ${why}.`);
}

// hintFailed offers, where no best move came in time, to search longer
// or to take a move of a path not proven shortest, saying which it is.
function hintFailed(e) {
  live.hint = -1;
  const actions = [["Take a move of a path not proven shortest", quickHint, "quick-hint"]];
  if (e.status === 504 && e.body.max_ms) actions.unshift(["Keep searching", () => { say("Searching longer for a move that keeps a shortest path\u2026"); quiet(); live.hint = live.seq; askDistance(live.seq, e.body.max_ms, ""); }, "more-hint"]);
  say(e.status === 504 ? "No best move known yet: the search ran past its limit." : `No hint: ${e.message}`, { error: e.status !== 504, actions });
}

async function quickHint() {
  const before = pos.cells.join();
  say("Finding a path\u2026");
  quiet();
  try {
    const s = await call("/api/solve", { board: rowsText(pos.cells), shape: shapeName(), goal: pos.goalText });
    if (pos.cells.join() !== before || !s.path) return; // moved since: the hint was for another board
    const m = s.path[0], tile = pos.cells[target(pos.cells, pos.rows, pos.cols, m)];
    const why = s.optimal ? "a move that keeps a shortest path" : "the first move of a path not proven shortest (the search for the shortest ran past its limit)";
    if (play(m, "hint")) say(`Hint: tile ${tile} moved ${tileWord[m]}, ${why}.`);
  } catch (e) {
    say(`No hint: ${e.message}`, { error: true });
    measure();
  }
}

// --- the solver's answer ----------------------------------------------------

let solving = 0;

// solve asks for the solver's path from the board shown, limit
// milliseconds at most (0: the server's limit for its size); asking ends
// the game, and the clock stops.
async function solve(limit = 0) {
  if (pos.cells === null) return solveBig(limit);
  if (blocked()) return;
  releaseLink();
  stopPlay();
  quiet();
  stopClock();
  game.helped = true;
  game.over = true; // asking for the answer ends the game
  showFigures();
  const seq = ++solving, before = pos.cells.join(), from = pos.cells.slice();
  const w = waiter(text => seq === solving && say(text), "Solving", "the solution", limit || pos.limit);
  say("Solving\u2026");
  const q = { board: rowsText(pos.cells), shape: shapeName(), goal: pos.goalText };
  if (limit) q.limit = `${limit}ms`;
  let s;
  try {
    s = await call("/api/solve", q, { busy: () => say("The server is busy; asking again\u2026") });
  } catch (e) {
    w.stop();
    if (seq !== solving) return;
    if (e.status === 504 && w.building) { solve(limit); return; } // the build goes on: its progress is shown
    const actions = e.status === 504 && e.body.max_ms > (limit || pos.limit) ? [["Keep trying", () => solve(e.body.max_ms), "more-solve"]] : [];
    say(`No solution: ${e.message}`, { error: true, actions });
    measure();
    return;
  }
  w.stop();
  if (seq !== solving || pos.cells.join() !== before) return;
  if (!s.solvable) { say(`Unsolvable: ${s.reason}.`, { error: true }); measure(); return; }
  line.start = from; line.path = s.path; line.at = 0; line.kind = "solution";
  const how = s.optimal ? "the shortest" : s.cut ? `not proven shortest: the search for the shortest ran past ${seconds(s.limit_ms)}` : "not proven shortest";
  const more = s.cut && s.limit_ms < pos.max ? [["Keep searching for the shortest", () => solve(pos.max), "more-solve"]] : [];
  say(`The solver's path: ${plural(s.moves, "move")}, ${how} (${s.ms < 1 ? s.ms.toFixed(2) : s.ms.toFixed(0)} ms). Play it, or pick a move below.`, { actions: more });
  $("say").dataset.moves = s.moves;
  measure();
  showLine();
  writeLink();
}

// solveBig answers a board too large to draw, as text, over where the
// board would be: its path to save, the first of it shown.
async function solveBig(limit) {
  const seq = ++solving;
  quiet();
  const w = waiter(text => seq === solving && cover("big", `Solving a ${shapeName()} board\u2026`, text), "Solving", "the solution", limit || pos.limit);
  cover("big", `Solving a ${shapeName()} board\u2026`, `This takes up to ${seconds(limit || pos.limit)}.`);
  const q = { board: pos.text, shape: shapeName(), goal: pos.goalText, notation: $("notation").value };
  if (limit) q.limit = `${limit}ms`;
  let s;
  try {
    s = await call("/api/solve", q);
  } catch (e) {
    w.stop();
    if (seq !== solving) return;
    if (e.status === 504 && w.building) { solveBig(limit); return; } // the build goes on: its progress is shown
    const actions = e.status === 504 && e.body.max_ms > (limit || pos.limit) ? [["Keep trying", () => solveBig(e.body.max_ms), "more-solve"]] : [];
    cover("big", `A ${shapeName()} board: no path.`, e.message, actions);
    return;
  }
  w.stop();
  if (seq !== solving) return;
  if (!s.solvable) { cover("big", `A ${shapeName()} board that cannot reach the goal.`, s.reason); return; }
  const preview = document.createElement("div");
  preview.className = "preview";
  preview.id = "preview";
  preview.textContent = s.path.length > 4000 ? s.path.slice(0, 4000) + "\u2026" : s.path;
  const save = document.createElement("a");
  save.href = URL.createObjectURL(new Blob([s.path + "\n"], { type: "text/plain" }));
  save.download = `path-${shapeName()}.txt`;
  save.textContent = "Save the whole path";
  save.id = "save";
  const more = document.createElement("div");
  more.append(`${plural(s.moves, "move")}, not proven shortest, in ${seconds(s.ms)} (${s.engine}). `, save, preview);
  cover("big", `A ${shapeName()} board, solved.`, more, [["Solve again", () => solveBig(0)]]);
  $("cover").dataset.moves = s.moves;
  $("cover").dataset.path = s.notation === "blank" ? s.path : "";
}

// --- the address ------------------------------------------------------------

// writeLink keeps the address in step with the view (shape, goal, board,
// line and step, notation), without a history entry a move; not while a
// bad link's message is shown.
function writeLink() {
  if (link.held) return;
  const q = new URLSearchParams({ shape: shapeName(), goal: pos.goalName });
  let note = "";
  if (pos.cells === null) note = `A ${shapeName()} board is too large for a link: the address holds its shape and goal only.`;
  else {
    q.set("board", rowsText(line.start.length ? line.start : pos.cells));
    if (line.path) { q.set("path", line.path); q.set("step", line.at); }
    if ($("notation").value !== "blank") q.set("notation", $("notation").value);
    if (q.toString().length > 8000) {
      q.delete("path"); q.delete("step");
      q.set("board", rowsText(pos.cells));
      note = "The moves are too many for a link: the address holds the board as it is now.";
    }
  }
  $("link").textContent = note;
  const hash = "#" + q.toString();
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

// releaseLink lets the address follow the view again, once the player
// changes something after a bad link.
function releaseLink() {
  if (!link.held) return;
  link.held = false;
  if ($("cover").dataset.kind === "link") uncover();
}

// badLink says what was wrong with the link opened, over the board the
// page shows instead, and leaves the address as it is.
function badLink(what) {
  link.held = true;
  cover("link", "This link was not opened as written.", `${what}\nThe address keeps it until you change something.`, [["Play the board below", uncover, "play-anyway"]]);
}

// readLink restores the view an address holds: shape, goal, board, the
// line of moves and the step, the notation. It reports whether the
// address held a view.
async function readLink() {
  const q = new URLSearchParams(location.hash.slice(1));
  if (![...q.keys()].length) return false;
  link.held = true; // the address stays as opened while it is read
  const shape = q.get("shape") || "3x3", goal = q.get("goal") || "blank-last", nt = q.get("notation");
  const faults = [];
  if (nt && nt !== "blank" && nt !== "tile") faults.push(`Its notation ${JSON.stringify(nt.slice(0, 20))} is not one: blank or tile.`);
  else if (nt) $("notation").value = nt;
  let g;
  try {
    g = await call("/api/goal", { shape, goal });
  } catch (e) {
    faults.push(`Its ${e.message}.`);
  }
  if (g && g.rows * g.cols > maxDrawn) {
    faults.push(`Its shape ${g.shape} is larger than the page draws (up to 10x10): paste a ${g.shape} board in the panel to solve it.`);
    g = null;
  }
  if (!g) {
    await shuffleFor("3x3", "blank-last");
    badLink(faults.join("\n"));
    return true;
  }
  setGoalOption(goal);
  let p = g, source = "goal";
  if (q.get("board")) {
    try {
      p = await call("/api/board", { board: q.get("board"), shape: g.shape, goal });
      source = "link";
    } catch (e) {
      faults.push(`Its ${e.message}.`);
    }
  }
  if (source === "goal" && faults.length) {
    try { p = await call("/api/random", { shape: g.shape, goal }); source = "shuffle"; } catch (e) { /* the goal, then */ }
  }
  load(p, source);
  // The line as far as it stays on the board.
  const want = q.get("path") || "";
  let ok = 0;
  const c = pos.cells.slice();
  while (ok < want.length && "dlru".includes(want[ok]) && apply(c, pos.rows, pos.cols, want[ok]) >= 0) ok++;
  if (want && source === "link") {
    if (ok < want.length) faults.push(`Its moves leave the board or are not moves (d l r u) at move ${ok + 1}: the first ${ok} are kept.`);
    line.path = want.slice(0, ok);
    line.kind = "link";
    const step = Number(q.get("step") || 0);
    if (!Number.isInteger(step) || step < 0 || step > ok) faults.push(`Its step ${JSON.stringify((q.get("step") || "").slice(0, 12))} is not one of 0 to ${ok}.`);
    goTo(Number.isInteger(step) ? step : 0);
  }
  if (faults.length) badLink(faults.join("\n"));
  else {
    link.held = false;
    writeLink();
  }
  return true;
}

function setGoalOption(goal) {
  addOption($("goal"), goal, "as in the link: " + goal); // a goal written out; a name is there
  $("goal").value = goal;
  pos.goalName = goal;
}

async function shuffleFor(shape, goal) {
  $("shape").value = shape;
  setGoalOption(goal);
  try { load(await call("/api/random", { shape, goal }), "shuffle"); } catch (e) { say(`No board: ${e.message}`, { error: true }); }
}

// --- the analysis -------------------------------------------------------------

// report is the analysis shown: its start and path (the blank's letters),
// for its rows and its chart to take the board to a move.
const report = { seq: 0, data: null, start: null, path: "" };

async function analyse(from, path, text, nt, limit = 0) {
  const seq = ++report.seq, out = $("report"), msg = $("analyse-say");
  const w = waiter(t => seq === report.seq && write(msg, t), "Analysing", "the analysis", limit || pos.limit);
  write(msg, "Analysing\u2026");
  out.replaceChildren();
  report.data = null;
  let rep;
  const q = { board: rowsText(from), shape: shapeName(), goal: pos.goalText, path: text, notation: nt };
  if (limit) q.limit = `${limit}ms`;
  try {
    rep = await call("/api/analyse", q);
  } catch (e) {
    w.stop();
    if (seq !== report.seq) return;
    if (e.status === 504 && w.building) { analyse(from, path, text, nt, limit); return; }
    const more = e.status === 504 && e.body.max_ms > (limit || pos.limit);
    write(msg, e.message, { error: true, actions: more ? [["Keep trying", () => analyse(from, path, text, nt, e.body.max_ms), "more-analyse"]] : [] });
    return;
  }
  w.stop();
  if (seq !== report.seq) return;
  write(msg, "");
  report.data = rep; report.start = from; report.path = path;
  // The path becomes the line shown, at its start, for its rows to go to.
  line.start = from.slice(); line.path = path; line.kind = "analysis";
  goTo(0);
  const kind = rep.exact ? "exact distances" : "lower bounds (the tiles' Manhattan distance)";
  let head = `${plural(rep.moves, "move")}, ${plural(rep.lines, "line")} (a line of tiles slid at once counted as one); `;
  head += rep.solved ? "it solves the board. " : `it does not reach the goal (${plural(rep.distances[rep.distances.length - 1], "move")} from it). `;
  if (rep.exact) head += `The shortest path takes ${rep.shortest}` + (rep.solved ? `: this one makes ${rep.over} more. ` : ". ");
  else head += `At least ${rep.distances[0]} moves are needed; our path takes ${rep.ours} (not proven shortest). `;
  head += `${plural(rep.lost.length, "move")} lost ground. Distances are ${kind}. Click a row or the chart to go to that move.`;
  const sum = document.createElement("p");
  sum.id = "summary";
  sum.textContent = head;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.id = "chart";
  svg.setAttribute("role", "img");
  drawChart(svg, rep.distances, rep.lost.map(l => l.move), line.at, k => goTo(k));
  // Each move's letter, in the notation of the report.
  const letters = [];
  try {
    const w = await call("/api/path", { path, to: nt });
    for (const t of w.tokens) for (let i = 0; i < t.count; i++) letters.push(t.letter);
  } catch (e) { /* the rows without letters */ }
  if (seq !== report.seq) return;
  const lost = new Map(rep.lost.map(l => [l.move, l]));
  const t = document.createElement("table");
  t.createTHead().innerHTML = "<tr><th>move</th><th></th><th>before</th><th>after</th><th></th></tr>";
  const body = t.createTBody();
  const shown = Math.min(path.length, 2000);
  for (let i = 0; i < shown; i++) {
    const tr = body.insertRow(), l = lost.get(i + 1);
    if (l) tr.className = "lost";
    tr.dataset.move = i + 1;
    const go = button(String(i + 1), () => goTo(i + 1));
    go.setAttribute("aria-label", `go to move ${i + 1}`);
    tr.insertCell().appendChild(go);
    const note = l ? (l.better ? "lost ground; best: " + l.better.split("").join(" ") : "lost ground") : "";
    for (const v of [letters[i] || "", rep.distances[i], rep.distances[i + 1], note]) tr.insertCell().textContent = v;
    tr.addEventListener("click", e => { if (e.target === tr || e.target.tagName === "TD") goTo(i + 1); });
  }
  out.replaceChildren(sum, svg, t);
  if (shown < path.length) out.appendChild(document.createTextNode(`(the first ${shown} moves of ${path.length})`));
  markReport();
}

// markReport marks the row and the point of the move shown, while the
// line shown is the one analysed.
function markReport() {
  const svg = $("chart");
  const same = line.kind === "analysis" && line.path === report.path;
  for (const tr of document.querySelectorAll("#report tr.here")) tr.classList.remove("here");
  if (!svg || !same) return;
  markChart(svg, line.at, report.path.length);
  document.querySelector(`#report tr[data-move="${line.at}"]`)?.classList.add("here");
}

async function analyseTyped() {
  if (pos.cells === null) { write($("analyse-say"), "The board is too large to draw: the page analyses boards of up to 10x10.", { error: true }); return; }
  const nt = $("notation").value, text = $("apath").value, from = pos.cells.slice();
  let w;
  try {
    w = await call("/api/path", { path: text, notation: nt, board: rowsText(from), shape: shapeName(), goal: pos.goalText });
  } catch (e) {
    write($("analyse-say"), e.message, { error: true });
    return;
  }
  analyse(from, w.moves, text, nt);
}

async function analyseMine() {
  if (pos.cells === null) return;
  const nt = $("notation").value, path = line.path.slice(0, line.at);
  if (!path) { write($("analyse-say"), "No moves made yet: make some, then analyse them."); return; }
  let w;
  try { w = await call("/api/path", { path, to: nt }); } catch (e) { write($("analyse-say"), e.message, { error: true }); return; }
  analyse(line.start.slice(), path, w.text, nt);
}

// --- settings ----------------------------------------------------------------

let notationShown = "blank"; // the notation the path being pasted is in

async function notationChanged() {
  // A path being pasted is written again in the notation chosen, so that
  // it is not read as the other's (a blank's d is a tile's U).
  const now = $("notation").value, text = $("apath").value;
  if (text.trim() && notationShown !== now) {
    try { $("apath").value = (await call("/api/path", { path: text, notation: notationShown, to: now })).text; } catch (e) { /* left as written */ }
  }
  notationShown = now;
  releaseLink();
  showLine();
  writeLink();
}

// togglePanel opens or closes the panel of settings: beside the game on
// a wide screen, over it on a narrow one.
function togglePanel(open = $("panel").hidden) {
  $("panel").hidden = !open;
  $("settings").setAttribute("aria-expanded", String(open));
  if (open) {
    showBests();
    $("shape").focus();
  } else {
    $("settings").focus();
  }
}

// --- keys, clicks and swipes -------------------------------------------------

// Keys: the arrows and W A S D move a tile that way (the blank the
// other); Ctrl+Z undoes, Ctrl+Y (or Ctrl+Shift+Z) redoes; H hints.
const keyMove = { ArrowUp: "d", w: "d", ArrowDown: "u", s: "u", ArrowLeft: "r", a: "r", ArrowRight: "l", d: "l" };

function onKey(e) {
  const tag = e.target.tagName;
  if (tag === "TEXTAREA" || tag === "INPUT" || tag === "SELECT" || e.target.id === "path") return;
  if (e.key === "Escape" && $("cover").dataset.kind === "solved") { uncover(); $("grid").focus(); return; }
  if (e.key === "Escape" && !$("panel").hidden) { togglePanel(false); return; }
  if ((e.ctrlKey || e.metaKey) && (e.key === "z" || e.key === "Z")) { e.preventDefault(); e.shiftKey ? redo() : undo(); return; }
  if ((e.ctrlKey || e.metaKey) && e.key === "y") { e.preventDefault(); redo(); return; }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "h" || e.key === "H") { hint(); return; }
  const m = keyMove[e.key.length === 1 ? e.key.toLowerCase() : e.key];
  if (!m || pos.cells === null) return;
  e.preventDefault();
  play(m, "key");
}

// The moves' strip is a slider: the arrows step along the line.
function onPathKey(e) {
  const k = { ArrowLeft: line.at - 1, ArrowDown: line.at - 1, ArrowRight: line.at + 1, ArrowUp: line.at + 1, Home: 0, End: line.path.length, PageUp: line.at + 10, PageDown: line.at - 10 }[e.key];
  if (k === undefined) return;
  e.preventDefault();
  e.stopPropagation();
  stopPlay();
  goTo(k, 90);
}

function onSwipe(grid) {
  let touch = null;
  grid.addEventListener("touchstart", e => { const t = e.changedTouches[0]; touch = [t.clientX, t.clientY]; }, { passive: true });
  grid.addEventListener("touchend", e => {
    if (!touch) return;
    const t = e.changedTouches[0], dx = t.clientX - touch[0], dy = t.clientY - touch[1];
    touch = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return; // a tap: the click slides
    e.preventDefault();
    if (Math.abs(dx) > Math.abs(dy)) play(dx > 0 ? "l" : "r", "swipe"); else play(dy > 0 ? "u" : "d", "swipe");
  });
}

// --- start -------------------------------------------------------------------

async function start() {
  view = new View($("grid"), i => play(slide(pos.cells, pos.cols, i), "click"));
  document.addEventListener("keydown", onKey);
  $("path").addEventListener("keydown", onPathKey);
  $("path").addEventListener("click", e => { if (e.target.dataset.to !== undefined) { stopPlay(); goTo(Number(e.target.dataset.to), 90); } });
  onSwipe($("grid"));
  $("shuffle").onclick = shuffle;
  $("reset").onclick = toGoal;
  $("hint").onclick = hint;
  $("solve").onclick = () => solve();
  $("undo").onclick = undo;
  $("redo").onclick = redo;
  $("first").onclick = () => { stopPlay(); goTo(0); };
  $("last").onclick = () => { stopPlay(); goTo(line.path.length); };
  $("play").onclick = () => (player.timer ? stopPlay() : startPlay());
  $("speed").onchange = () => { if (player.timer) { stopPlay(); startPlay(); } };
  $("settings").onclick = () => togglePanel();
  $("close-panel").onclick = () => togglePanel(false);
  $("shape").onchange = shuffle;
  $("goal").onchange = () => { pos.goalName = $("goal").value; shuffle(); };
  $("notation").onchange = notationChanged;
  $("board").addEventListener("input", boardTyped);
  $("analyse").onclick = analyseTyped;
  $("mine").onclick = analyseMine;
  window.addEventListener("hashchange", () => readLink());

  let shapes = ["3x3"];
  try { shapes = await call("/api/shapes"); } catch (e) { /* 3x3 */ }
  // Beyond the shapes answered with shortest paths, the squares the page
  // still draws.
  for (let n = 5; n * n <= maxDrawn; n++) shapes.push(`${n}x${n}`);
  for (const s of shapes) addOption($("shape"), s, s);
  if (!(await readLink())) await shuffleFor("3x3", "blank-last");
  document.body.dataset.ready = "true";
}

start();
