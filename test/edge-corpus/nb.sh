#!/bin/sh
# Runs a Python snippet with nanobot's own code at a version, HOME in a scratch folder. The environment is
# what nanobot's setup script prints (it unpacks the source and makes the venv the first time).
# usage: test/edge-corpus/nb.sh v0.2|v0.3.0|main script.py [args]
v=$1; shift
setup=${NANOBOT_SETUP:-$(dirname "$0")/../../../shared/nanobot/setup.sh}
eval "$(bash "$setup" "$v")" || exit 2
export NANOBOT_SRC NANOBOT_PYTHON TIKTOKEN_CACHE_DIR PYTHONPATH
export HOME=$(mktemp -d)
script=$(realpath "$1"); shift
cd "$HOME" && exec "$NANOBOT_PYTHON" "$script" "$@"
