#!/usr/bin/env bash
# scripts/setup.sh [native] [web] [test] - install what the build needs.
#
# Idempotent and quick when everything is there:
#   native  Debian packages for the native CLI and the desktop front end
#   web     + emscripten, and SDL2 built for WebAssembly from Debian's libsdl2
#           source package, cached outside the build tree in
#           $DS_SDL2_WASM_PREFIX (default ${XDG_CACHE_HOME:-~/.cache}/deckscope/sdl2-wasm),
#           and the npm packages of package-lock.json (npm ci; esbuild bundles the site)
#   test    + Xvfb, Chromium
#   bench   + hyperfine (make bench)
# No argument means native, web and test. Only Debian packages and the npm registry are used.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/deckscope
sdl_prefix=${DS_SDL2_WASM_PREFIX:-$cache/sdl2-wasm}
export DEBIAN_FRONTEND=noninteractive

want_native=0 want_web=0 want_test=0 want_bench=0
[ $# -eq 0 ] && set -- native web test
for a in "$@"; do
  case $a in
    native) want_native=1 ;;
    web) want_native=1 want_web=1 ;;
    test) want_native=1 want_web=1 want_test=1 ;;
    bench) want_native=1 want_bench=1 ;;
    *) echo "usage: $0 [native] [web] [test] [bench]" >&2; exit 2 ;;
  esac
done

say() { echo "setup: $*"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# ---- Debian packages ---------------------------------------------------------
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
apt_updated=0
apt_update() {
  [ $apt_updated -eq 1 ] && return 0
  say "apt-get update"
  as_root apt-get update -qq
  apt_updated=1
}
apt_install() {
  local missing=() p
  for p in "$@"; do installed "$p" || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing ${missing[*]}"
  # Update the package lists only when they are missing or the install fails.
  if ! ls /var/lib/apt/lists/*_Packages* >/dev/null 2>&1; then apt_update; fi
  if ! as_root apt-get install -y -qq --no-install-recommends "${missing[@]}"; then
    apt_update
    as_root apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

# fonts-wqy-microhei: the canvas's Chinese words (subset at build time, web/CMakeLists.txt)
pkgs=(cmake make gcc libc6-dev pkg-config libsdl2-dev libstb-dev fonts-dejavu-core
      fonts-wqy-microhei python3 fonttools)
[ $want_web -eq 1 ] && pkgs+=(emscripten dpkg-dev xz-utils ca-certificates)
# fonts-wqy-microhei (above) also gives Chinese text in the headless browser
# tests' screenshots; gifsicle: an independent check of the GIFs `deckscope render` writes
[ $want_bench -eq 1 ] && pkgs+=(hyperfine time)
[ $want_test -eq 1 ] && pkgs+=(xvfb xauth chromium chromium-headless-shell clang libclang-rt-14-dev gifsicle)
# node/npm: the project is developed and tested on Node.js 20 (DS_NODE_MAJOR;
# the GitHub workflow pins the same major with actions/setup-node). A machine
# without Node gets Debian's (bookworm: 18, past its end of life; it works, with
# a warning); another major version is used as it is, with a warning.
node_major=${DS_NODE_MAJOR:-20}
if [ $want_web -eq 1 ] && ! command -v node >/dev/null; then pkgs+=(nodejs); fi
if [ $want_web -eq 1 ] && ! command -v npm >/dev/null; then pkgs+=(npm); fi
apt_install "${pkgs[@]}"
if [ $want_web -eq 1 ]; then
  have=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)
  [ "$have" = "$node_major" ] || say "warning: Node.js $have found; deckscope is tested on Node.js $node_major"
fi

# ---- SDL2 for WebAssembly, from Debian's source package ----------------------
# emcc's -sUSE_SDL=2 downloads a port from the internet, which is not reachable,
# so build Debian's libsdl2 source once per machine (about 3 minutes on 2 cores).
# What the front end needs (video, render, events, timers); the rest is off,
# and -Os, to keep the page small. Changing this list rebuilds the cache.
sdl_flags="-DCMAKE_BUILD_TYPE=MinSizeRel -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF
 -DSDL_AUDIO=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_HIDAPI=OFF -DSDL_SENSOR=OFF
 -DSDL_POWER=OFF -DSDL_LOCALE=OFF -DSDL_MISC=OFF -DSDL_FILESYSTEM=OFF"
sdl_flags=$(echo $sdl_flags)
build_sdl2_wasm() {
  export NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs
  local emver stamp want
  emver=$(emcc -dumpversion 2>/dev/null || echo unknown)
  stamp=$sdl_prefix/deckscope-stamp
  want="emcc $emver; $sdl_flags"
  if [ -f "$sdl_prefix/lib/libSDL2.a" ] && [ "$(head -1 "$stamp" 2>/dev/null)" = "$want" ]; then
    return 0
  fi
  mkdir -p "$(dirname "$sdl_prefix")"
  exec 9>"$sdl_prefix.lock"
  flock 9
  if [ -f "$sdl_prefix/lib/libSDL2.a" ] && [ "$(head -1 "$stamp" 2>/dev/null)" = "$want" ]; then
    return 0  # built by a concurrent run
  fi
  local start=$SECONDS
  say "building SDL2 for WebAssembly into $sdl_prefix (once per machine)"
  # A deb-src entry for Debian's main archive, if there is none yet.
  if ! apt-cache showsrc libsdl2 2>/dev/null | grep -q '^Package: libsdl2$'; then
    local src=/etc/apt/sources.list.d/deckscope-deb-src.sources
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | as_root tee $src >/dev/null
    else
      grep -h '^deb ' /etc/apt/sources.list | grep -v 'cdrom:' | sed 's/^deb /deb-src /' \
        | as_root tee /etc/apt/sources.list.d/deckscope-deb-src.list >/dev/null
    fi
    apt_updated=0
    apt_update
  fi
  local work
  work=$(mktemp -d "${TMPDIR:-/tmp}/deckscope-sdl2.XXXXXX")
  (
    cd "$work"
    apt-get source --download-only -qq libsdl2 2>&1 | grep -v 'unsandboxed' || true
    dsc=$(ls libsdl2_*.dsc | head -1)
    dpkg-source --no-check -x "$dsc" src >/dev/null
    # shellcheck disable=SC2086
    emcmake cmake -S src -B build $sdl_flags -DCMAKE_INSTALL_PREFIX="$sdl_prefix.tmp" >build.log 2>&1 \
      || { cat build.log; exit 1; }
    make -C build -j2 install >>build.log 2>&1 || { tail -50 build.log; exit 1; }
    echo "$want" >"$sdl_prefix.tmp/deckscope-stamp"
    echo "source: $dsc" >>"$sdl_prefix.tmp/deckscope-stamp"
  )
  rm -rf "$sdl_prefix"
  mv "$sdl_prefix.tmp" "$sdl_prefix"
  rm -rf "$work"
  say "SDL2 for WebAssembly built in $((SECONDS - start)) s"
}
[ $want_web -eq 1 ] && build_sdl2_wasm

# ---- npm packages (esbuild; playwright-core, which never downloads a browser) --
if [ $want_web -eq 1 ]; then
  export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
  lock_sum=$(sha256sum "$root/package-lock.json" | cut -d' ' -f1)
  npm_stamp=$root/node_modules/.deckscope-lock.sha256
  if [ "$(cat "$npm_stamp" 2>/dev/null)" != "$lock_sum" ]; then
    say "npm ci"
    (cd "$root" && npm ci --no-audit --no-fund --loglevel=error)
    echo "$lock_sum" >"$npm_stamp"
  fi
fi
exit 0
