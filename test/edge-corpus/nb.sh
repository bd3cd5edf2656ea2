#!/bin/sh
# Runs a Python snippet with nanobot's own code at a version, HOME in a scratch folder.
# usage: test/edge-corpus/nb.sh v0.2|v0.3.0|main script.py [args]
v=$1; shift
. /tmp/nanobot-env-$v.sh
export HOME=$(mktemp -d)
script=$(realpath "$1"); shift
cd "$HOME" && exec "$NANOBOT_PYTHON" "$script" "$@"
