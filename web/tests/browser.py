"""The play page in a real browser: headless Chromium driven by Selenium.

Run by `cargo xtask web-test` (a step of `cargo xtask ci`) on the page that `cargo xtask web`
built. It serves the page on a local port and:

- measures how soon the page is interactive, and the gzipped size of the WebAssembly;
- runs the JavaScript API's example (`example.html`, the example of `docs/web.md`);
- plays a whole game of Tamerlane chess and one of Byzantine chess against the engine by
  clicking cells (a seeded random player against the engine), saves each game's PGN from the
  page and checks that its final FEN is what `citadel replay` gives;
- checks that clicks that are no move change nothing, and that a piece can be dragged;
- loads a PGN and steps through it with the keys and buttons;
- fails on any error in the browser's console.

With `--bench NATIVE` it also times the engine in the page's Web Worker against the native
binary `NATIVE` (`citadel bestmove`), on the same positions at the same depth (the same
nodes), alternating, and prints the median ratio of nodes per second.
"""

import argparse
import gzip
import http.server
import json
import random
import shutil
import statistics
import subprocess
import sys
import threading
import time
from functools import partial
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

MAX_WASM_GZIP = 1_500_000
PLY_CAP = 600

# A point inside a cell's shape (the round board's cells are ring sectors, whose bounding
# box's centre may lie outside them), in the page's coordinates.
INSIDE = """
const el = document.querySelector(`[data-cell="${arguments[0]}"]`);
if (!el) return null;
const box = el.getBBox();
let best = null;
for (let i = 1; i < 12; i++) for (let j = 1; j < 12; j++) {
  const x = box.x + box.width * i / 12, y = box.y + box.height * j / 12;
  if (el.isPointInFill(new DOMPoint(x, y))) {
    const d = (i - 6) ** 2 + (j - 6) ** 2;
    if (!best || d < best.d) best = { x, y, d };
  }
}
if (!best) return null;
const p = new DOMPoint(best.x, best.y).matrixTransform(el.getScreenCTM());
return [p.x, p.y];
"""


class Page:
    """The page in the browser, as a player sees it."""

    def __init__(self, driver, base):
        self.d = driver
        self.base = base

    def open(self, query=""):
        self.d.get(f"{self.base}/index.html{query}")
        WebDriverWait(self.d, 30).until(
            lambda d: d.execute_script("return document.body.dataset.ready === '1'")
        )

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def fen(self):
        return self.d.find_element(By.ID, "fen").text

    def ply(self):
        return self.js("return window.citadelPage.state.board.ply()")

    def moves(self):
        return self.js("return window.citadelPage.state.moves")

    def status(self):
        el = self.d.find_element(By.ID, "status")
        return el.text, el.get_attribute("data-over") == "1", el.get_attribute("data-thinking") == "1"

    def wait_idle(self, timeout=60):
        """Until the engine has moved (or the game is over)."""
        WebDriverWait(self.d, timeout).until(lambda _: not self.status()[2])

    def point(self, cell):
        p = self.js(INSIDE, cell)
        if p is None:
            raise AssertionError(f"no cell {cell} on the page's board")
        return p

    def click_cell(self, cell):
        x, y = self.point(cell)
        a = ActionBuilder(self.d)
        a.pointer_action.move_to_location(int(round(x)), int(round(y))).click()
        a.perform()

    def drag(self, src, dst):
        (x0, y0), (x1, y1) = self.point(src), self.point(dst)
        a = ActionBuilder(self.d)
        p = a.pointer_action
        p.move_to_location(int(x0), int(y0)).pointer_down()
        for k in range(1, 6):
            p.move_to_location(int(x0 + (x1 - x0) * k / 5), int(y0 + (y1 - y0) * k / 5))
        p.pointer_up()
        a.perform()

    def press(self, key):
        ActionChains(self.d).send_keys(key).perform()


def console_errors(driver):
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def replay_final_fen(citadel, pgn_file):
    out = subprocess.run(
        [citadel, "replay", "--json", str(pgn_file)], capture_output=True, text=True, check=False
    )
    if out.returncode != 0:
        raise AssertionError(f"citadel replay {pgn_file} failed:\n{out.stdout}{out.stderr}")
    games = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    assert len(games) == 1, out.stdout
    return games[0]


def play_game(page, variant, citadel, out_dir, rng, screenshot=None):
    """A whole game by clicks: a seeded random player (White) against the engine."""
    page.open(f"?game={variant}&side=w&movetime=60")
    start = page.fen()
    plies = 0
    while True:
        page.wait_idle()
        text, over, _ = page.status()
        if over or plies >= PLY_CAP:
            break
        before = page.ply()
        move = rng.choice(page.moves())
        page.click_cell(move["from"])
        if screenshot and plies >= 16 and not Path(screenshot).exists():
            # the game in progress, a piece picked up and its targets marked
            page.d.save_screenshot(str(screenshot))
        page.click_cell(move["to"])
        if page.js("return !document.getElementById('choice').hidden"):
            page.d.find_element(By.CSS_SELECTOR, f'#choice-moves [data-uci="{move["uci"]}"]').click()
        after = page.ply()
        # the engine may have answered already
        assert after > before, f"{variant}: clicking {move['from']} then {move['to']} did not play {move['uci']}"
        plies = page.ply()
    page.wait_idle()
    text, over, _ = page.status()
    assert over, f"{variant}: no end after {plies} plies ({text})"
    page.d.find_element(By.CSS_SELECTOR, "#pgn-box summary").click()
    page.d.find_element(By.ID, "save-pgn").click()
    pgn = page.d.find_element(By.ID, "pgn-text").get_attribute("value")
    pgn_file = out_dir / f"{variant}.pgn"
    pgn_file.write_text(pgn)
    final = page.fen()
    replayed = replay_final_fen(citadel, pgn_file)
    assert replayed["final_fen"] == final, (
        f"{variant}: the page ends at {final}, citadel replay at {replayed['final_fen']}"
    )
    assert final != start
    print(
        f"browser: {variant}: {page.ply()} plies by clicks, {text}; "
        f"final FEN equals citadel replay's ({pgn_file})"
    )
    return pgn_file, final


def illegal_clicks(page):
    """Clicks that are no move change nothing; a drag plays a move."""
    page.open("?game=chess&side=both")
    fen = page.fen()
    for cells in (["e4"], ["e7"], ["e2", "e5"], ["g1", "g3"], ["a1", "a8"]):
        for c in cells:
            page.click_cell(c)
        assert page.fen() == fen and page.ply() == 0, f"clicking {cells} changed the game"
    page.click_cell("h8")  # clears the selection
    page.drag("g1", "f3")
    assert page.ply() == 1, "dragging g1 to f3 did not play Nf3"
    assert page.js("return window.citadelPage.state.board.history()[0]") == "Nf3"
    page.open("?game=byzantine&side=both")
    fen = page.fen()
    for cells in (["a3"], ["a2", "a3"], ["e1", "i1"]):
        for c in cells:
            page.click_cell(c)
        assert page.fen() == fen and page.ply() == 0, f"byzantine: clicking {cells} changed the game"
    print("browser: clicks that are no move change nothing; a drag plays Nf3")


def load_and_step(page, pgn_file, final_fen):
    """Loads a PGN, steps through it with the keys and buttons, and undoes a move."""
    page.open("?game=chess&side=both")
    page.d.find_element(By.CSS_SELECTOR, "#pgn-box summary").click()
    page.js("document.getElementById('pgn-text').value = arguments[0]", pgn_file.read_text())
    page.d.find_element(By.ID, "load-pgn").click()
    err = page.d.find_element(By.ID, "pgn-error").text
    assert not err, f"loading {pgn_file}: {err}"
    total = page.ply()
    start = page.fen()
    seen = {start}
    page.d.find_element(By.ID, "board").click()
    for _ in range(min(total, 20)):
        page.press(Keys.ARROW_RIGHT)
        seen.add(page.fen())
    assert len(seen) == min(total, 20) + 1, "stepping forward did not show a new position each ply"
    page.press(Keys.END)
    assert page.fen() == final_fen, "the loaded game's last position is not citadel replay's"
    page.d.find_element(By.ID, "back").click()
    assert page.fen() != final_fen
    page.d.find_element(By.ID, "first").click()
    assert page.fen() == start
    page.press(Keys.END)
    page.d.find_element(By.ID, "undo").click()
    assert page.ply() == total - 1
    # analysis: the score and best line, live from the worker
    page.press("a")
    WebDriverWait(page.d, 30).until(
        lambda d: d.find_element(By.ID, "depth").text.startswith("depth ")
        and int(d.find_element(By.ID, "depth").text.split()[1]) >= 4
    )
    line = page.d.find_element(By.ID, "pv").text
    score = page.d.find_element(By.ID, "eval").text
    assert line and score not in ("", "…"), (score, line)
    page.press("a")
    assert page.ply() == total - 1, "analysis played a move"
    print(
        f"browser: loaded {pgn_file.name} ({total} plies), stepped through it, undid a move, "
        f"analysed it ({score}: {line.split()[:4]}…)"
    )


def example(driver, base, docs):
    """The API example of docs/web.md, run in the page."""
    driver.get(f"{base}/example.html")
    WebDriverWait(driver, 60).until(
        lambda d: d.find_element(By.ID, "out").text not in ("", "running…")
    )
    lines = driver.find_element(By.ID, "out").text.splitlines()
    expected = [
        "Tamerlane chess: 11x10 and citadels, 112 cells",
        "f3 e5 g4 Qh4#: Black wins by checkmate",
        "perft 3 of the round board: 2912",
    ]
    assert lines[:3] == expected, lines
    assert lines[3].startswith("refused: "), lines
    assert lines[4] == "game.pgn:3:13: game 1, move 2. Ke3: no king can move to e3", lines
    assert lines[5] == "best move Ra8#, mate in 1", lines
    script = driver.execute_script("return document.querySelector('script[type=module]').textContent")
    text = docs.read_text()
    assert script.strip() in text, "docs/web.md does not show example.html's script verbatim"
    print("browser: the API example of docs/web.md gives what it says")


def startup(driver, base, runs=5):
    """Milliseconds from navigation to an interactive page: the first load (nothing cached)
    and the median of `runs` loads."""
    times = []
    for _ in range(runs):
        driver.get(f"{base}/index.html?game=byzantine&side=both")
        WebDriverWait(driver, 30).until(
            lambda d: d.execute_script("return document.body.dataset.ready === '1'")
        )
        times.append(driver.execute_script("return window.citadelPage.ready"))
    return times[0], statistics.median(times)


# positions searched about half a second to a second natively (the start positions)
BENCH = [
    ("chess", 15),
    ("shatranj", 20),
    ("tamerlane", 14),
    ("byzantine", 17),
    ("persian-princess", 13),
]

# one worker for every search, its tables cleared before each (as a fresh native process)
WORKER_SEARCH = """
const [variant, depth, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
import("./pkg/search.js").then(async ({ SearchWorker }) => {
  window.benchWorker = window.benchWorker || new SearchWorker(variant);
  const w = window.benchWorker;
  w.clear();
  const fen = (await import("./pkg/citadel_wasm.js")).games().find((g) => g.id === variant).startFen;
  const r = await w.bestMove(fen, { variant, depth });
  done({ nodes: r.nodes, time: r.time, nps: r.nps });
}).catch((e) => done({ error: String(e) }));
"""


def bench(driver, base, native, rounds=3):
    """The engine's nodes per second in the browser's worker against the native binary, on
    the same searches (the same nodes), alternating; a first search warms the worker up."""
    driver.get(f"{base}/index.html")
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return document.body.dataset.ready === '1'")
    )
    driver.set_script_timeout(600)
    driver.execute_async_script(WORKER_SEARCH, "chess", 12)
    ratios = []
    for variant, depth in BENCH:
        per = []
        for _ in range(rounds):
            cmd = [native, "bestmove", "--variant", variant, "--depth", str(depth), "--hash", "16", "--json"]
            r = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
            w = driver.execute_async_script(WORKER_SEARCH, variant, depth)
            if "error" in w:
                raise AssertionError(w["error"])
            assert w["nodes"] == r["nodes"], f"{variant}: {w['nodes']} nodes in the browser, {r['nodes']} native"
            per.append(w["nps"] / r["nps"])
            print(
                f"bench: {variant} depth {depth}: {r['nodes']} nodes, native {r['nps'] / 1e3:.0f} kN/s, "
                f"browser {w['nps'] / 1e3:.0f} kN/s, ratio {per[-1]:.2f}"
            )
        ratios.append(statistics.median(per))
    print(
        f"bench: browser / native nodes per second, one thread, median over {len(BENCH)} "
        f"positions: {statistics.median(ratios):.2f} "
        f"(per position: {', '.join(f'{v} {r:.2f}' for (v, _), r in zip(BENCH, ratios))})"
    )


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(web):
    handler = partial(Quiet, directory=str(web))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def chromium(binary, width=1280, height=1000):
    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which(binary) or binary
    for a in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
    ):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=opts, service=Service(shutil.which("chromedriver")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--web", type=Path, required=True, help="the built page (target/web)")
    ap.add_argument("--citadel", required=True, help="the citadel binary, for replay")
    ap.add_argument("--out", type=Path, required=True, help="where games and screenshots go")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--bench", metavar="NATIVE", help="also time the engine against this binary")
    a = ap.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    wasm = a.web / "pkg" / "citadel_wasm_bg.wasm"
    packed = len(gzip.compress(wasm.read_bytes(), 9))
    print(f"browser: {wasm.name}: {wasm.stat().st_size / 1e6:.2f} MB, {packed / 1e6:.2f} MB gzipped")
    assert packed <= MAX_WASM_GZIP, f"the WebAssembly is {packed} bytes gzipped, over {MAX_WASM_GZIP}"
    server, base = serve(a.web)
    driver = chromium(a.chromium)
    rng = random.Random(a.seed)
    try:
        first, median = startup(driver, base)
        print(
            f"browser: the page is interactive {first:.0f} ms after navigation on the first "
            f"load, {median:.0f} ms (median of 5 loads)"
        )
        page = Page(driver, base)
        example(driver, base, Path("docs/web.md"))
        illegal_clicks(page)
        shot = a.out / "byzantine.png"
        if shot.exists():
            shot.unlink()
        play_game(page, "tamerlane", a.citadel, a.out, rng)
        byz, final = play_game(page, "byzantine", a.citadel, a.out, rng, screenshot=shot)
        print(f"browser: screenshot of the Byzantine game: {shot}")
        load_and_step(page, byz, final)
        if a.bench:
            bench(driver, base, a.bench)
        errors = console_errors(driver)
        assert not errors, f"errors in the browser's console: {errors}"
        print("browser: no errors in the console")
    finally:
        driver.quit()
        server.shutdown()


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print(f"browser test failed: {e}", file=sys.stderr)
        sys.exit(1)
