import type { SearchInfo } from "./citadel_wasm";

/** What `SearchWorker.bestMove` takes: at least one limit. */
export interface BestMoveOptions {
  /** The game, if not the worker's. */
  variant?: string;
  /** Moves played from the FEN, in coordinates (they count for repetitions). */
  moves?: string[];
  /** Most milliseconds. */
  movetime?: number;
  /** Deepest iteration, in plies. */
  depth?: number;
  /** Most nodes. */
  nodes?: number;
  /** Called after every iteration. */
  onInfo?: (info: SearchInfo) => void;
}

/** The engine in a Web Worker. */
export declare class SearchWorker {
  constructor(variant: string, options?: { hash?: number; url?: string | URL });
  readonly variant: string;
  /** Whether a search is running. */
  readonly busy: boolean;
  /** Searches `fen` and resolves with the result (`best` absent when there is no move). */
  bestMove(fen: string, options?: BestMoveOptions): Promise<SearchInfo>;
  /** Ends the running search now; its promise resolves with its last report. */
  stop(): void;
  /** Forgets what earlier searches learnt. */
  clear(): void;
  /** Ends the worker. */
  terminate(): void;
}
