#!/bin/sh
# An engine started through a wrapper script: the engine is the wrapper's child, and a
# helper process of its own (its pid in $CITADEL_TEST_PIDFILE) runs beside it. Ending the
# engine must end them all.
sleep 600 &
echo $! > "$CITADEL_TEST_PIDFILE"
sh "$(dirname "$0")/silent-uci.sh"
