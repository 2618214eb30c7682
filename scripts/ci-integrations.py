"""The CI-integration checks of `cargo xtask ci`, run in its Python virtual environment
(junitparser, jsonschema, pre-commit and PyYAML from the package registry) with the
`citadel` binary built there ($CITADEL_BIN):

- the JUnit reports of `validate`, `replay` and `suite` read by junitparser, their counts
  and failures checked against the JSON-lines report of the same run;
- every perft fixture file checked against `fixtures/perft.schema.json`;
- the pre-commit hook in a scratch git repository: a commit of a valid game passes, one
  with an illegal move is refused with the message shown;
- the GitHub Action's `run:` steps executed as the runner would (inputs through `env:`,
  `GITHUB_ENV` carried between steps).

Each check prints one line; the first failure ends the script with exit code 1.
"""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import jsonschema
import junitparser
import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
CITADEL = os.environ["CITADEL_BIN"]
GOOD_GAME = '[Event "good"]\n[Variant "chess"]\n\n1. e4 e5 2. Nf3 Nc6 *\n'
BAD_GAME = '[Event "bad"]\n[Variant "chess"]\n\n1. e4 e5 2. Ke3 *\n'
BAD_MESSAGE = "game 1, move 2. Ke3: "


class CheckFailed(Exception):
    """A check that did not hold."""


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


def citadel(*args, cwd=ROOT):
    return subprocess.run(
        [CITADEL, *args], cwd=cwd, capture_output=True, text=True, check=False
    )


def in_xml(text):
    """Text as the JUnit report carries it: characters XML 1.0 cannot carry as `\\u{..}`."""
    return re.sub(
        "[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]",
        lambda m: "\\u{%x}" % ord(m.group(0)),
        text,
    )


def check_junit(scratch):
    """JUnit reports parse with junitparser and agree with the JSON lines of the run."""
    wrong = scratch / "wrong.json"
    wrong.write_text(json.dumps({"variant": "chess", "positions": [
        {"name": "kings", "fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "perft": [5, 25]},
        {"name": "off by one", "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "perft": [16]},
    ]}, indent=2), encoding="utf-8")
    runs = [
        ["suite", str(wrong)],
        ["validate", *sorted(map(str, ROOT.glob("fixtures/games/invalid/*.pgn")))],
        ["validate", *sorted(map(str, ROOT.glob("fixtures/games/chess/*.pgn")))],
        ["validate", "crates/cli/tests/inputs/markup.pgn"],
        ["replay", "fixtures/games/invalid/wrong-result.pgn"],
        ["suite", "fixtures/perft", "--max-depth", "1"],
    ]
    for args in runs:
        junit = citadel(*args, "--format", "junit")
        lines = citadel(*args, "--format", "json")
        expect(junit.returncode == lines.returncode, f"{args}: exit codes differ")
        objects = [json.loads(line) for line in lines.stdout.splitlines()]
        failed = sum("error" in o for o in objects)
        skipped = sum("skipped" in o for o in objects)
        expect(
            (junit.returncode != 0) == (failed > 0),
            f"{args}: exit code {junit.returncode} with {failed} failure(s)",
        )
        path = scratch / "report.xml"
        path.write_text(junit.stdout, encoding="utf-8")
        xml = junitparser.JUnitXml.fromfile(str(path))
        written = (xml.tests, xml.failures, xml.skipped, xml.errors)
        cases = [case for suite in xml for case in suite]
        expect(len(cases) == len(objects), f"{args}: {len(cases)} cases, {len(objects)} lines")
        expect(written == (len(objects), failed, skipped, 0), f"{args}: counts {written}")
        for suite in xml:
            counted = (suite.tests, suite.failures, suite.skipped)
            suite.update_statistics()
            expect(counted == (suite.tests, suite.failures, suite.skipped), f"{args}: {suite.name}")
        for case, obj in zip(cases, objects):
            expect(case._elem.get("file") == obj["file"], f"{args}: file of {case.name}")
            results = case.result
            if "error" in obj:
                expect(
                    len(results) == 1 and isinstance(results[0], junitparser.Failure),
                    f"{args}: {case.name} is not a failure",
                )
                expect(results[0].message == in_xml(obj["error"]), f"{args}: {case.name}")
                if "line" in obj:
                    expect(case._elem.get("line") == str(obj["line"]), f"{args}: line")
                    where = f"{obj['file']}:{obj['line']}:{obj['col']}: "
                    expect(results[0].text.startswith(where), f"{args}: {results[0].text}")
            elif "skipped" in obj:
                expect(isinstance(results[0], junitparser.Skipped), f"{args}: {case.name}")
            else:
                expect(case.is_passed, f"{args}: {case.name} is not passed")
        print(f"  junit: {' '.join(args[:2])}...: {len(cases)} cases, {failed} failed")


def check_schema(scratch):
    """Every perft fixture file is valid by the schema; broken ones are not."""
    schema = json.loads((ROOT / "fixtures/perft.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    files = sorted((ROOT / "fixtures/perft").glob("*.json"))
    expect(files, "no fixture files")
    for f in files:
        errors = list(validator.iter_errors(json.loads(f.read_text(encoding="utf-8"))))
        expect(not errors, f"{f.name}: {errors[:1]}")
    good = {"variant": "chess", "positions": [
        {"name": "start", "fen": "8/8/8/8/8/8/8/K6k w - - 0 1", "perft": [3]}]}
    expect(validator.is_valid(good), "a minimal fixture is refused")
    for broken in [
        {"variant": "go", "positions": good["positions"]},
        {"variant": "chess", "positions": [{"name": "x", "fen": "8/8 w", "perft": [1]}]},
        {"variant": "chess", "positions": [dict(good["positions"][0], perft=[-1])]},
        {"variant": "chess", "positions": [dict(good["positions"][0], depth=3)]},
        {"variant": "chess", "positions": []},
    ]:
        expect(not validator.is_valid(broken), f"accepted: {broken}")
    print(f"  schema: {len(files)} fixture files valid, 5 broken ones refused")


def git(repo, *args, env=None):
    return subprocess.run(
        ["git", *args], cwd=repo, capture_output=True, text=True, env=env, check=False
    )


def check_pre_commit(scratch):
    """The hook refuses a commit with an illegal move and lets a valid game through."""
    env = dict(os.environ, PRE_COMMIT_HOME=str(scratch / "cache"), GIT_CONFIG_NOSYSTEM="1",
               HOME=str(scratch))
    identity = ["-c", "user.name=ci", "-c", "user.email=ci@example.invalid",
                "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"]
    # the hook repository: this checkout's hook files as they are, committed
    hooks = scratch / "hooks"
    (hooks / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / ".pre-commit-hooks.yaml", hooks)
    shutil.copy(ROOT / "scripts/pre-commit-validate.sh", hooks / "scripts")
    for args in (["init", "-q"], ["add", "."], ["commit", "-q", "-m", "hooks"]):
        expect(git(hooks, *identity, *args, env=env).returncode == 0, f"hook repo: git {args}")
    rev = git(hooks, "rev-parse", "HEAD", env=env).stdout.strip()
    project = scratch / "project"
    (project / "games").mkdir(parents=True)
    git(project, *identity, "init", "-q", env=env)
    (project / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hooks}\n    rev: {rev}\n    hooks:\n      - id: citadel-validate\n",
        encoding="utf-8",
    )
    python = pathlib.Path(sys.executable)
    manifest = subprocess.run(
        [python, "-m", "pre_commit", "validate-manifest", str(ROOT / ".pre-commit-hooks.yaml")],
        env=env, capture_output=True, text=True, check=False,
    )
    expect(manifest.returncode == 0, f"hook manifest: {manifest.stdout}{manifest.stderr}")
    install = subprocess.run([python, "-m", "pre_commit", "install"], cwd=project, env=env,
                             capture_output=True, text=True, check=False)
    expect(install.returncode == 0, f"pre-commit install: {install.stdout}{install.stderr}")
    (project / "games/good.pgn").write_text(GOOD_GAME, encoding="utf-8")
    git(project, "add", ".", env=env)
    ok = git(project, *identity, "commit", "-m", "a valid game", env=env)
    expect(ok.returncode == 0, f"the valid game was refused: {ok.stdout}{ok.stderr}")
    expect("citadel validate" in ok.stdout + ok.stderr and "Passed" in ok.stdout + ok.stderr,
           f"the hook did not run: {ok.stdout}{ok.stderr}")
    (project / "games/bad.pgn").write_text(BAD_GAME, encoding="utf-8")
    git(project, "add", ".", env=env)
    bad = git(project, *identity, "commit", "-m", "an illegal move", env=env)
    shown = bad.stdout + bad.stderr
    expect(bad.returncode != 0, f"the illegal move was committed: {shown}")
    expect(f"games/bad.pgn:4:13: {BAD_MESSAGE}" in shown, f"no message: {shown}")
    expect("Failed" in shown, f"the hook did not fail: {shown}")
    log = git(project, "log", "--oneline", env=env).stdout.splitlines()
    expect(len(log) == 1, f"commits: {log}")
    print("  pre-commit: valid game committed, illegal move refused with its message")


EXPRESSION = re.compile(r"\$\{\{\s*([a-z_.]+)\s*\}\}")


def run_action(scratch, workspace, inputs):
    """Runs the action's steps as the runner does; returns (exit code, output) of the first
    step that fails, or of the last step."""
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    expect(action["runs"]["using"] == "composite", "not a composite action")
    values = {f"inputs.{k}": str(v.get("default", "")) for k, v in action["inputs"].items()}
    values.update({f"inputs.{k}": v for k, v in inputs.items()})
    values["github.action_path"] = str(ROOT)
    values["runner.temp"] = str(scratch / "runner-temp")
    github_env = scratch / "github-env"
    github_env.write_text("", encoding="utf-8")
    env = dict(os.environ, GITHUB_ENV=str(github_env), GITHUB_WORKSPACE=str(workspace),
               GITHUB_ACTIONS="true")
    code, output = 0, ""
    for step in action["runs"]["steps"]:
        expect(step.get("shell") == "bash" and "run" in step, f"step {step.get('name')}")
        expect("${{" not in step["run"], f"{step['name']}: expressions belong in env:")
        step_env = dict(env)
        for key, value in step.get("env", {}).items():
            def value_of(m):
                expect(m.group(1) in values, f"unknown expression {m.group(0)}")
                return values[m.group(1)]
            step_env[key] = EXPRESSION.sub(value_of, str(value))
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
            cwd=workspace, env=step_env, capture_output=True, text=True, check=False,
        )
        code, output = done.returncode, done.stdout + done.stderr
        if code != 0:
            break
        for line in github_env.read_text(encoding="utf-8").splitlines():
            key, _, value = line.partition("=")
            env[key] = value
    return code, output


def check_action(scratch):
    """The action's steps pass on valid records, fail with annotations on an illegal move."""
    workspace = scratch / "workspace"
    (workspace / "records/deep").mkdir(parents=True)
    (workspace / "records/good.pgn").write_text(GOOD_GAME, encoding="utf-8")
    (workspace / "records/deep/bad.pgn").write_text(BAD_GAME, encoding="utf-8")
    base = {"citadel": CITADEL}
    code, out = run_action(scratch, workspace, base)
    expect(code == 1, f"illegal move not refused ({code}): {out}")
    annotation = "::error file=records/deep/bad.pgn,line=4,col=13,title=game 1::game 1: move 2. Ke3: "
    expect(any(line.startswith(annotation) for line in out.splitlines()), out)
    code, out = run_action(scratch, workspace, dict(base, files="records/*.pgn"))
    expect(code == 0, f"valid records refused ({code}): {out}")
    report = workspace / "report.xml"
    code, out = run_action(scratch, workspace, dict(base, format="junit", output=str(report)))
    xml = junitparser.JUnitXml.fromfile(str(report))
    expect(code == 1 and (xml.tests, xml.failures) == (2, 1), f"junit: {code} {out}")
    code, out = run_action(scratch, workspace, dict(base, files="nothing/**/*.pgn"))
    expect(code == 1 and "::error title=citadel validate::no file matches" in out, out)
    print("  action: annotations on the illegal move, junit file, valid glob passes")


def main():
    with tempfile.TemporaryDirectory(prefix="citadel-ci-integrations-") as tmp:
        try:
            for check in (check_junit, check_schema, check_pre_commit, check_action):
                scratch = pathlib.Path(tmp) / check.__name__
                scratch.mkdir()
                check(scratch)
        except CheckFailed as e:
            print(f"ci-integrations: {e}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
