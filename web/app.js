// The play page: a game against the engine (or between two players, or analysed) on
// Citadel's own SVG board, with the rules, records and engine of the WebAssembly package.
import init, { Board, games, readGames } from "./pkg/citadel_wasm.js";
import { SearchWorker } from "./pkg/search.js";

const $ = (id) => document.getElementById(id);

const state = {
  board: null, // the game: a Board at its current position, with its moves
  variant: "tamerlane",
  side: "w", // the human's side: "w", "b" or "both"
  movetime: 1000,
  flipped: false,
  view: 0, // the ply shown (the board's ply: the current position)
  selected: null, // the cell of the piece about to move
  moves: [], // the legal moves of the current position
  outcome: null,
  analyse: false,
  thinking: false,
  generation: 0, // bumped by every change, so that a late engine answer is dropped
  drag: null,
  info: null, // the last analysis report
};

let worker = null;

// ---- the board's picture ------------------------------------------------------------

/** The board at the ply shown (a new Board when it is not the current position). */
function shownBoard() {
  const b = state.board;
  if (state.view === b.ply()) return b;
  const shown = new Board(state.variant, b.startFen());
  for (const m of b.historyUci().slice(0, state.view)) shown.push(m);
  return shown;
}

function atCurrent() {
  return state.view === state.board.ply();
}

function targetsOf(cell) {
  return [...new Set(state.moves.filter((m) => m.from === cell).map((m) => m.to))];
}

function render() {
  const shown = shownBoard();
  const marks = state.selected && atCurrent() ? targetsOf(state.selected) : [];
  $("board").innerHTML = shown.svg({ flipped: state.flipped, interactive: true, marks });
  if (state.selected) {
    const el = cellElement(state.selected);
    if (el) el.classList.add("selected");
  }
  $("fen").textContent = shown.fen();
  if (shown !== state.board) shown.free();
  renderMoves();
  renderStatus();
  const ply = state.board.ply();
  $("first").disabled = $("back").disabled = state.view === 0;
  $("forward").disabled = $("last").disabled = state.view === ply;
  $("undo").disabled = ply === 0;
}

function renderStatus() {
  const s = $("status");
  s.dataset.over = state.outcome ? "1" : "0";
  s.dataset.thinking = state.thinking ? "1" : "0";
  if (state.outcome) {
    s.textContent = `${state.outcome.text} (${state.outcome.result})`;
  } else if (state.thinking) {
    s.textContent = "Citadel is thinking…";
  } else {
    const who = state.board.turn() === "w" ? "White" : "Black";
    s.textContent = `${who} to move${state.board.isCheck() ? ": check" : ""}`;
  }
  if (!atCurrent()) s.textContent += ` (showing ply ${state.view} of ${state.board.ply()})`;
}

function renderMoves() {
  const list = $("moves");
  list.replaceChildren();
  const sans = state.board.history();
  const blackFirst = state.board.startFen().split(" ")[1] === "b";
  let li = null;
  sans.forEach((san, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    if (ply % 2 === 0 || li === null) {
      li = document.createElement("li");
      list.append(li);
      if (ply % 2 === 1) li.append("… ");
    }
    const b = document.createElement("button");
    b.textContent = san;
    b.dataset.ply = String(i + 1);
    if (i + 1 === state.view) b.className = "current";
    b.addEventListener("click", () => showPly(i + 1));
    li.append(b, " ");
  });
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function cellElement(cell) {
  return $("board").querySelector(`[data-cell="${cell}"]`);
}

// ---- playing ----------------------------------------------------------------------

function humanToMove() {
  if (state.outcome || state.thinking || !atCurrent()) return false;
  return state.side === "both" || state.analyse || state.board.turn() === state.side;
}

/** Plays a legal move (coordinates or SAN) of the current position. */
function play(move) {
  state.board.push(move);
  state.selected = null;
  changed();
}

/** After every change of the game: its moves, its end, the engine's turn, the analysis. */
function changed() {
  state.generation++;
  if (worker && worker.busy) worker.stop();
  state.thinking = false;
  state.view = state.board.ply();
  state.moves = state.board.moves();
  state.outcome = state.board.outcome() ?? null;
  state.info = null;
  $("move-error").textContent = "";
  hideChoice();
  render();
  if (state.outcome) return;
  if (state.analyse) analyse();
  else if (state.side !== "both" && state.board.turn() !== state.side) engineMove();
}

function engineMove() {
  const generation = state.generation;
  state.thinking = true;
  renderStatus();
  worker
    .bestMove(state.board.startFen(), {
      variant: state.variant,
      moves: state.board.historyUci(),
      movetime: state.movetime,
    })
    .then((found) => {
      if (generation !== state.generation) return;
      state.thinking = false;
      if (found.best) play(found.best);
      else render();
    })
    .catch((err) => {
      if (generation !== state.generation) return;
      state.thinking = false;
      $("move-error").textContent = `engine: ${err.message}`;
      render();
    });
}

function analyse() {
  const generation = state.generation;
  $("analysis").hidden = false;
  $("eval").textContent = "…";
  $("depth").textContent = "";
  $("pv").textContent = "";
  const shown = shownBoard();
  const fen = state.board.startFen();
  const moves = state.board.historyUci().slice(0, state.view);
  const blackToMove = shown.turn() === "b";
  const firstNumber = Number(shown.fen().split(" ").pop()) || 1;
  if (shown !== state.board) shown.free();
  worker
    .bestMove(fen, {
      variant: state.variant,
      moves,
      depth: 64,
      onInfo: (info) => {
        if (generation === state.generation) showInfo(info, blackToMove, firstNumber);
      },
    })
    .then((info) => {
      if (generation === state.generation) showInfo(info, blackToMove, firstNumber);
    })
    .catch(() => {});
}

/** An analysis report, scored from White's side as players read it. */
function showInfo(info, blackToMove, number) {
  state.info = info;
  const sign = blackToMove ? -1 : 1;
  let text;
  if ("mate" in info.score) {
    const m = info.score.mate * sign;
    text = m > 0 ? `White mates in ${m}` : `Black mates in ${-m}`;
  } else {
    const cp = info.score.cp * sign;
    text = `${cp >= 0 ? "+" : ""}${(cp / 100).toFixed(2)}`;
  }
  $("eval").textContent = text;
  $("depth").textContent = `depth ${info.depth} · ${Math.round(info.nps / 1000)} kN/s`;
  let line = "";
  let n = number;
  info.pvSan.forEach((san, i) => {
    const black = (i % 2 === 1) !== blackToMove;
    if (!black) line += `${n}. `;
    else if (i === 0) line += `${n}… `;
    line += `${san} `;
    if (black) n++;
  });
  $("pv").textContent = line.trim();
}

// ---- choosing among moves with the same cells (promotions, removals) ------------------

function showChoice(candidates) {
  const box = $("choice-moves");
  box.replaceChildren();
  for (const m of candidates) {
    const b = document.createElement("button");
    b.textContent = m.san;
    b.dataset.uci = m.uci;
    b.addEventListener("click", () => play(m.uci));
    box.append(b);
  }
  $("choice").hidden = false;
  box.querySelector("button").focus();
}

function hideChoice() {
  $("choice").hidden = true;
}

function tryMove(from, to) {
  const candidates = state.moves.filter((m) => m.from === from && m.to === to);
  if (candidates.length === 1) play(candidates[0].uci);
  else if (candidates.length > 1) showChoice(candidates);
  return candidates.length > 0;
}

// ---- the pointer: click a piece then its target, or drag it ---------------------------

function cellUnder(x, y) {
  const el = document.elementFromPoint(x, y);
  const cell = el && el.closest ? el.closest("[data-cell]") : null;
  return cell ? cell.dataset.cell : null;
}

function select(cell) {
  state.selected = cell;
  render();
}

function onPointerDown(ev) {
  if (ev.button !== 0) return;
  const cell = cellUnder(ev.clientX, ev.clientY);
  if (!humanToMove() || !cell) {
    if (state.selected) select(null);
    return;
  }
  ev.preventDefault();
  hideChoice();
  if (state.selected && state.selected !== cell && targetsOf(state.selected).includes(cell)) {
    tryMove(state.selected, cell);
    return;
  }
  if (!state.moves.some((m) => m.from === cell)) {
    // not a piece that can move: nothing happens but the selection goes
    if (state.selected) select(null);
    return;
  }
  select(cell);
  const piece = $("board").querySelector(`[data-piece="${cell}"]`);
  const svg = $("board").querySelector("svg");
  if (piece && svg) {
    state.drag = { from: cell, piece, svg, x: ev.clientX, y: ev.clientY, moved: false };
    piece.classList.add("dragging");
  }
}

function onPointerMove(ev) {
  const d = state.drag;
  if (!d) return;
  if (Math.hypot(ev.clientX - d.x, ev.clientY - d.y) > 4) d.moved = true;
  if (!d.moved) return;
  const m = d.svg.getScreenCTM();
  if (!m) return;
  const scale = m.a || 1;
  const dx = (ev.clientX - d.x) / scale;
  const dy = (ev.clientY - d.y) / scale;
  d.piece.setAttribute("transform", `translate(${dx} ${dy})`);
}

function onPointerUp(ev) {
  const d = state.drag;
  if (!d) return;
  state.drag = null;
  if (!d.moved) {
    d.piece.classList.remove("dragging");
    return;
  }
  const cell = cellUnder(ev.clientX, ev.clientY);
  if (!(cell && cell !== d.from && tryMove(d.from, cell))) render();
}

// ---- controls -------------------------------------------------------------------------

function newGame() {
  const variant = $("game").value;
  state.variant = variant;
  state.side = $("side").value;
  state.movetime = Number($("movetime").value);
  state.flipped = state.side === "b";
  if (state.board) state.board.free();
  state.board = new Board(variant);
  state.selected = null;
  worker.clear();
  changed();
}

function showPly(ply) {
  if (state.drag) return;
  state.view = Math.max(0, Math.min(ply, state.board.ply()));
  state.selected = null;
  hideChoice();
  render();
  if (state.analyse) {
    state.generation++;
    analyse();
  }
}

function undo() {
  if (state.board.ply() === 0) return;
  const engineSide = state.side !== "both" && !state.analyse;
  state.board.pop();
  // against the engine, take back its answer too, so that it is your turn again
  if (engineSide && !state.thinking && state.board.ply() > 0 && state.board.turn() !== state.side) {
    state.board.pop();
  }
  state.selected = null;
  changed();
}

function flip() {
  state.flipped = !state.flipped;
  render();
}

function setAnalyse(on) {
  state.analyse = on;
  $("analyse").checked = on;
  $("analysis").hidden = !on;
  state.generation++;
  if (worker.busy) worker.stop();
  state.thinking = false;
  if (state.outcome) return render();
  if (on) {
    render();
    analyse();
  } else {
    changed();
  }
}

function typedMove(ev) {
  ev.preventDefault();
  const input = $("move-input");
  const text = input.value.trim();
  if (!text) return;
  if (!humanToMove()) {
    $("move-error").textContent = "not your move now";
    return;
  }
  try {
    play(text);
    input.value = "";
  } catch (err) {
    $("move-error").textContent = err.message;
  }
}

// ---- PGN ----------------------------------------------------------------------------

let loaded = [];

function readPgn() {
  loaded = readGames($("pgn-text").value);
  const pick = $("pgn-game");
  pick.replaceChildren();
  loaded.forEach((g, i) => {
    const o = document.createElement("option");
    const tag = (name) => (g.tags.find(([k]) => k === name) || [])[1];
    o.value = String(i);
    o.textContent = g.error
      ? `game ${g.number}: unreadable`
      : `game ${g.number}: ${tag("White") ?? "?"} – ${tag("Black") ?? "?"} (${g.variant ?? "?"})`;
    pick.append(o);
  });
  pick.hidden = loaded.length < 2;
}

function loadPgn() {
  $("pgn-error").textContent = "";
  readPgn();
  if (loaded.length === 0) {
    $("pgn-error").textContent = "no game in the text";
    return;
  }
  const g = loaded[Number($("pgn-game").value) || 0];
  if (g.error) {
    $("pgn-error").textContent = g.error.message;
    return;
  }
  if (!g.variant) {
    $("pgn-error").textContent = `game ${g.number}: its Variant tag names no game here`;
    return;
  }
  let board;
  try {
    board = new Board(g.variant, g.fen);
  } catch (err) {
    $("pgn-error").textContent = `game ${g.number}: ${err.message}`;
    return;
  }
  for (const [i, san] of g.moves.entries()) {
    try {
      board.push(san);
    } catch (err) {
      $("pgn-error").textContent = `game ${g.number}, ply ${i + 1} (${san}): ${err.message}; loaded up to there`;
      break;
    }
  }
  if (state.board) state.board.free();
  state.board = board;
  state.variant = g.variant;
  $("game").value = g.variant;
  state.side = "both";
  $("side").value = "both";
  state.selected = null;
  worker.clear();
  changed();
  showPly(0);
}

function savePgn() {
  const today = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  const human = state.side === "both" ? "?" : "You";
  const tags = {
    Event: "Citadel play page",
    Site: location.host || "local",
    Date: `${today.getFullYear()}.${pad(today.getMonth() + 1)}.${pad(today.getDate())}`,
    White: state.side === "w" ? human : state.side === "b" ? "Citadel" : "?",
    Black: state.side === "b" ? human : state.side === "w" ? "Citadel" : "?",
  };
  const text = state.board.pgn(tags);
  $("pgn-text").value = text;
  const link = $("download");
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
  link.download = `citadel-${state.variant}.pgn`;
  link.hidden = false;
  $("pgn-box").open = true;
}

async function pgnFile() {
  const file = $("pgn-file").files[0];
  if (!file) return;
  $("pgn-text").value = await file.text();
  readPgn();
}

// ---- keys -----------------------------------------------------------------------------

function onKey(ev) {
  const typing = ev.target.closest && ev.target.closest("input, textarea, select");
  if (ev.key === "Escape") {
    hideChoice();
    if (state.selected) select(null);
    if (typing) ev.target.blur();
    return;
  }
  if (typing || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const keys = {
    ArrowLeft: () => showPly(state.view - 1),
    ArrowRight: () => showPly(state.view + 1),
    Home: () => showPly(0),
    End: () => showPly(state.board.ply()),
    u: undo,
    f: flip,
    a: () => setAnalyse(!state.analyse),
    n: newGame,
    "/": () => $("move-input").focus(),
  };
  const act = keys[ev.key];
  if (act) {
    ev.preventDefault();
    act();
  }
}

// ---- start ----------------------------------------------------------------------------

async function main() {
  await init();
  const params = new URLSearchParams(location.search);
  const select = $("game");
  for (const g of games()) {
    const o = document.createElement("option");
    o.value = g.id;
    o.textContent = g.name;
    select.append(o);
  }
  select.value = params.get("game") || "tamerlane";
  if (params.get("side")) $("side").value = params.get("side");
  if (params.get("movetime")) {
    const o = document.createElement("option");
    o.value = params.get("movetime");
    o.textContent = `${Number(o.value) / 1000} s a move`;
    $("movetime").append(o);
    $("movetime").value = o.value;
  }
  worker = new SearchWorker(select.value);

  $("setup").addEventListener("submit", (ev) => {
    ev.preventDefault();
    newGame();
  });
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  window.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", onPointerUp);
  $("first").addEventListener("click", () => showPly(0));
  $("back").addEventListener("click", () => showPly(state.view - 1));
  $("forward").addEventListener("click", () => showPly(state.view + 1));
  $("last").addEventListener("click", () => showPly(state.board.ply()));
  $("undo").addEventListener("click", undo);
  $("flip").addEventListener("click", flip);
  $("analyse").addEventListener("change", (ev) => setAnalyse(ev.target.checked));
  $("move-form").addEventListener("submit", typedMove);
  $("load-pgn").addEventListener("click", loadPgn);
  $("save-pgn").addEventListener("click", savePgn);
  $("pgn-file").addEventListener("change", pgnFile);
  document.addEventListener("keydown", onKey);

  newGame();
  window.citadelPage = { state, ready: performance.now() };
  document.body.dataset.ready = "1";
}

main().catch((err) => {
  $("status").textContent = `The page could not start: ${err.message}`;
  throw err;
});
