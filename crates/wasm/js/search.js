// `SearchWorker`: the engine in a Web Worker, so that a search never blocks the page.
//
//   import { SearchWorker } from "./pkg/search.js";
//   const worker = new SearchWorker("tamerlane");
//   const found = await worker.bestMove(fen, { movetime: 1000, onInfo: (i) => console.log(i.line) });
//   found.best;     // "f2f3"; found.bestSan, found.score ({cp} or {mate}), found.pv, ...
//
// `stop()` ends the running search at once (the worker is replaced; the search's promise
// resolves with its last report, or rejects when it had none).

export class SearchWorker {
  /**
   * @param {string} variant the game searched unless a call names another (an id of `games()`)
   * @param {{ hash?: number, url?: string | URL }} [options] transposition table in MB
   *   (default 16), and where the worker script is (default: beside this file)
   */
  constructor(variant, options = {}) {
    this.variant = variant;
    this.hash = options.hash ?? 16;
    this.url = options.url ?? new URL("./search-worker.js", import.meta.url);
    this.nextId = 1;
    this.pending = null;
    this.worker = null;
    this.start();
  }

  start() {
    this.worker = new Worker(this.url, { type: "module" });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      const p = this.pending;
      this.pending = null;
      if (p) p.reject(new Error(`search worker: ${event.message || "failed to start"}`));
    };
  }

  receive(msg) {
    const p = this.pending;
    if (!p || msg.id !== p.id) return;
    if (msg.type === "info") {
      p.last = msg.info;
      if (p.onInfo) p.onInfo(msg.info);
    } else {
      this.pending = null;
      if (msg.type === "done") p.resolve(msg.result);
      else p.reject(new Error(msg.message));
    }
  }

  /**
   * Searches `fen` (after `moves`, in coordinates, which count for repetitions) within
   * `movetime` milliseconds, `depth` plies or `nodes` nodes (at least one), calling `onInfo`
   * after every iteration. A search started while another runs stops that one first.
   * @returns {Promise<import("./citadel_wasm").SearchInfo>}
   */
  bestMove(fen, { variant, moves, movetime, depth, nodes, onInfo } = {}) {
    if (this.pending) this.stop();
    const id = this.nextId++;
    const limits = {};
    if (movetime !== undefined) limits.movetime = movetime;
    if (depth !== undefined) limits.depth = depth;
    if (nodes !== undefined) limits.nodes = nodes;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onInfo, last: null };
      this.worker.postMessage({
        id,
        variant: variant ?? this.variant,
        fen,
        moves: moves ?? [],
        limits,
        hash: this.hash,
      });
    });
  }

  /** Whether a search is running. */
  get busy() {
    return this.pending !== null;
  }

  /** Ends the running search now: its promise resolves with its last report (or rejects). */
  stop() {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    this.worker.terminate();
    this.start();
    if (p.last) p.resolve(p.last);
    else p.reject(new Error("search stopped before its first iteration"));
  }

  /** Forgets what earlier searches learnt (a new game). */
  clear() {
    this.worker.postMessage({ clear: true });
  }

  /** Ends the worker. */
  terminate() {
    if (this.pending) this.stop();
    this.worker.terminate();
  }
}
