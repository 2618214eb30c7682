// The engine's Web Worker: it loads the package, searches the positions it is sent and
// posts each iteration's report, then the result. Started by `SearchWorker` (search.js) as
// a module worker; messages:
//   in:  { id, variant, fen, moves, limits, hash }  (moves in coordinates, from fen)
//        { clear: true }                             (forget earlier searches)
//   out: { id, type: "info", info } ... { id, type: "done", result } | { id, type: "error", message }
import init, { Board, Engine } from "./citadel_wasm.js";

const ready = init();
let engine = null;
let engineHash = 0;

self.onmessage = async (event) => {
  const msg = event.data;
  await ready;
  if (msg.clear) {
    if (engine) engine.clear();
    return;
  }
  const { id, variant, fen, moves, limits } = msg;
  const hash = msg.hash ?? 16;
  let board = null;
  try {
    if (!engine || engineHash !== hash) {
      if (engine) engine.free();
      engine = new Engine(hash);
      engineHash = hash;
    }
    board = new Board(variant, fen ?? undefined);
    for (const m of moves ?? []) board.push(m);
    const result = engine.bestMove(board, limits, (info) => {
      self.postMessage({ id, type: "info", info });
    });
    self.postMessage({ id, type: "done", result });
  } catch (err) {
    self.postMessage({ id, type: "error", message: err && err.message ? err.message : String(err) });
  } finally {
    if (board) board.free();
  }
};
