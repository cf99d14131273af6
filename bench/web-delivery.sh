#!/usr/bin/env bash
# bench/web-delivery.sh [RUNS] - issue 22 "Delivery": the first frame of the site
# served as ES module files (build/site, what `make web` ships) against the same
# site as one minified esbuild bundle per page with a content-hashed name
# (bench/site-bundle.mjs -> build/site-bundle), and, with BASE_SITE=DIR, an older
# built site (e.g. 0be0d76's classic scripts), opened in turn RUNS rounds
# (default 5; bench/web-modules.mjs: fresh context, cold cache, rotating order)
# and compared by their medians. Run it on a quiet machine; the load averages
# are printed with the figures.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-5}
cd "$root"
[ -f build/site/index.html ] || make --no-print-directory web >/dev/null
node bench/site-bundle.mjs build/site build/site-bundle
sites=()
[ -n "${BASE_SITE:-}" ] && sites+=("old=$BASE_SITE")
sites+=(modules=build/site bundle=build/site-bundle)
echo "web delivery bench: $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, $(uptime)"
node bench/web-modules.mjs "$runs" "${sites[@]}"
