#!/usr/bin/env node
// A UCI adapter for the inventor's Persian Chess engine (Anooshiravan Ahmadi's PersianChess
// project, GPL-3.0), so that `citadel match` can play it:
//
//   citadel match --variant celtic-citadel \
//     --opponent uci:scripts/persianchess-uci.mjs
//
// Nothing of that project is copied here: this script loads the engine's own Web Worker
// bundle (`app/js/engine-worker.mjs`) from the checkout named by the PERSIANCHESS
// environment variable (or the first argument) and talks to it through its message protocol
// (`set::variant|Citadel`, `parse::e2-e4`, `move::N`, `init::go` -> `bestmove::e2-e4|flag`).
//
// UCI subset: uci, isready, ucinewgame, setoption name UCI_Variant value ID,
// position startpos|fen FEN [moves ...], go movetime MS | wtime/btime/winc/binc (an even
// share), go perft N (the leaf count by the engine's own move generator, printed as
// `Nodes searched: N`), stop (a no-op: the engine searches synchronously, so `bestmove` has
// already been sent), quit. Moves are Citadel's coordinate moves (`e2e4`, `g2h2` for the
// rendezvous). A FEN is handed to the engine in its own dialect (every empty cell a `1`); the
// engine's FEN reader knows only the castling letters KQkq, so a position given by FEN loses
// the rendezvous right (Z/z) — games from the start position keep it.
//
// Known limits of the engine that this adapter cannot hide (found in 100-game matches,
// 2026-12-01): its move generator offers the rendezvous only to a princess, so in Oriental
// Omega it rejects the champion's rendezvous (`g2h2`, `g10h10`) that its own move maker and
// Citadel's rules allow. The adapter reports such a move with `info string error: the engine
// rejects ...` and the engine then answers from the position before it, so its next move is
// usually illegal and the arbiter scores the game. Its search also, rarely, answers a move
// that its own move parser rejects as illegal. It promotes to Q, R, B or N only.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import vm from 'node:vm';

const root = process.env.PERSIANCHESS || process.argv[2];
if (!root) {
    console.error('usage: PERSIANCHESS=/path/to/PersianChess persianchess-uci.mjs');
    process.exit(2);
}

// Citadel's game ids and the engine's variant names.
const VARIANTS = {
    'celtic-citadel': 'Citadel',
    'persian-princess': 'Persian',
    'egyptian-eye': 'Pyramid',
    'oriental-omega': 'Oriental',
};

let inbox = [];
const worker = {
    postMessage: (msg) => inbox.push(String(msg)),
};
const context = vm.createContext({
    self: worker,
    postMessage: worker.postMessage,
    console: { log() {}, warn() {}, error() {}, info() {}, debug() {} },
    setTimeout: (f) => f(),
    clearTimeout() {},
    Date,
    Math,
});
// `go perft N` counts with the engine's own move generator: the bundle keeps its functions
// inside one closure, so a line added before its message handler hands three of them (and
// the board state) to this script. Nothing else of the bundle changes.
const PERFT_HOOK = '  self.onmessage = (e) => {';
const bundle = readFileSync(join(root, 'app/js/engine-worker.mjs'), 'utf8');
const hooked = bundle.includes(PERFT_HOOK)
    ? bundle.replace(
          PERFT_HOOK,
          `  self.perftHook = { S, GenerateMoves, MakeMove, TakeMove };\n${PERFT_HOOK}`,
      )
    : bundle;
vm.runInContext(hooked, context);

/** Sends one message to the engine and returns what it posted back. */
function tell(msg) {
    inbox = [];
    worker.onmessage({ data: msg });
    return inbox;
}

let variant = 'celtic-citadel';
let fen = null;
let moves = [];

/** Citadel's FEN in the engine's dialect: each run of empty cells as that many `1`s. */
function engineFen(text) {
    const fields = text.trim().split(/\s+/);
    if (fields.length < 2) return null;
    const rows = fields[0].split('/');
    if (rows.length !== 11) return null;
    const board = rows.map((row) => row.replace(/\d+/g, (n) => '1'.repeat(Number(n)))).join('/');
    const castling = (fields[2] || '-').replace(/[^KQkq]/g, '') || '-';
    return [board, fields[1], castling, fields[3] || '-', fields[4] || '0', fields[5] || '1'].join(' ');
}
const out = (line) => process.stdout.write(`${line}\n`);
const error = (msg) => out(`info string error: ${msg}`);

function setUp() {
    tell(`set::variant|${VARIANTS[variant]}`);
    tell('init::new_game');
    if (fen) {
        const said = tell(`set::fen|${fen}`);
        if (said.some((l) => l.includes('invalid_fen'))) return error(`the engine rejects the FEN ${fen}`);
    }
    for (const m of moves) {
        const match = /^([a-k])(\d+)([a-k])(\d+)([a-z]?)$/.exec(m);
        if (!match) return error(`bad move ${m}`);
        const parsed = tell(`parse::${match[1]}${match[2]}-${match[3]}${match[4]}`).find((l) =>
            l.startsWith('parsed::'),
        );
        const body = parsed ? parsed.slice(8) : 'NOMOVE';
        if (body === 'NOMOVE') return error(`the engine rejects ${m}`);
        let number = Number(body.split('|')[1]);
        // The engine's parser always picks the queen promotion; another piece is the same
        // move number with the promoted-piece field (bits 23-27) changed: the engine numbers
        // R, B, N at 3, 4, 7 below the queen of the same colour.
        const promotion = match[5];
        if (promotion && promotion !== 'q') {
            const queen = (number >> 23) & 31;
            const below = { r: 3, b: 4, n: 7 }[promotion];
            if (queen === 0 || below === undefined) return error(`the engine cannot play ${m}`);
            number = (number & ~(31 << 23)) | ((queen - below) << 23);
        }
        tell(`move::${number}`);
    }
}

function go(words) {
    const arg = (k) => {
        const i = words.indexOf(k);
        return i >= 0 ? Number(words[i + 1]) : undefined;
    };
    let ms = arg('movetime');
    if (ms === undefined) {
        const whiteFirst = !fen || fen.split(' ')[1] === 'w';
        const white = (moves.length % 2 === 0) === whiteFirst;
        const left = arg(white ? 'wtime' : 'btime');
        const inc = arg(white ? 'winc' : 'binc') || 0;
        ms = left === undefined ? 1000 : Math.max(10, Math.floor(left / 30 + (inc * 3) / 4));
    }
    setUp();
    tell(`set::thinktime|${ms}`);
    tell('set::depth|0');
    tell('init::turn_on');
    const said = tell('init::go');
    tell('init::turn_off');
    const best = said.find((l) => l.startsWith('bestmove::'));
    if (!best) return out('bestmove (none)');
    // `e2-e4q|promote`
    const text = best.slice(10).split('|')[0].replace('-', '');
    out(`bestmove ${text}`);
}

/** Leaf count of the engine's legal-move tree (its MakeMove refuses illegal moves). */
function perftCount(h, depth) {
    if (depth === 0) return 1;
    const { S } = h;
    h.GenerateMoves();
    let n = 0;
    for (let i = S.brd_moveListStart[S.brd_ply]; i < S.brd_moveListStart[S.brd_ply + 1]; ++i) {
        if (!h.MakeMove(S.brd_moveList[i])) continue;
        n += perftCount(h, depth - 1);
        h.TakeMove();
    }
    return n;
}

function perft(depth) {
    const h = worker.perftHook;
    if (!h) return error('go perft: this engine bundle has no recognisable message handler');
    if (!Number.isInteger(depth) || depth < 0) return error('go perft needs a depth');
    setUp();
    h.S.brd_ply = 0;
    h.S.brd_moveListStart[0] = 0;
    out(`Nodes searched: ${perftCount(h, depth)}`);
}

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
    const words = line.trim().split(/\s+/);
    switch (words[0]) {
        case 'uci':
            out('id name PersianChess (Anooshiravan Ahmadi) via persianchess-uci.mjs');
            out(`option name UCI_Variant type combo default ${variant} ${Object.keys(VARIANTS).map((v) => `var ${v}`).join(' ')}`);
            out('uciok');
            break;
        case 'isready':
            out('readyok');
            break;
        case 'ucinewgame':
            fen = null;
            moves = [];
            break;
        case 'setoption': {
            const m = /name\s+UCI_Variant\s+value\s+(\S+)/i.exec(line);
            if (m && VARIANTS[m[1]]) variant = m[1];
            else error(`unsupported option: ${line}`);
            break;
        }
        case 'position': {
            const i = words.indexOf('moves');
            const end = i >= 0 ? i : words.length;
            if (words[1] === 'startpos') fen = null;
            else if (words[1] === 'fen') {
                const f = engineFen(words.slice(2, end).join(' '));
                if (!f) return error(`bad FEN: ${words.slice(2, end).join(' ').slice(0, 80)}`);
                fen = f;
            } else return error('expected `position startpos|fen FEN [moves ...]`');
            moves = i >= 0 ? words.slice(i + 1) : [];
            break;
        }
        case 'go':
            if (words[1] === 'perft') perft(Number(words[2]));
            else go(words);
            break;
        case 'quit':
            process.exit(0);
            break;
        case 'stop':
        case '':
            break;
        default:
            error(`unknown command ${words[0]}`);
    }
});
