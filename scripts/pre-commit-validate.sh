#!/bin/sh
# The `citadel-validate` pre-commit hook: `citadel validate` on the files pre-commit passes.
# The binary is $CITADEL_BIN when set, otherwise the `citadel` of this checkout (the hook's
# pinned revision), installed with cargo into the checkout on first use.
set -eu
if [ -z "${CITADEL_BIN:-}" ]; then
    here=$(cd "$(dirname "$0")/.." && pwd)
    CITADEL_BIN="$here/.hook-install/bin/citadel"
    if [ ! -x "$CITADEL_BIN" ]; then
        echo "citadel-validate: building citadel once (cargo install, release)..." >&2
        cargo install --quiet --locked --path "$here/crates/cli" --root "$here/.hook-install" >&2
    fi
fi
exec "$CITADEL_BIN" validate "$@"
