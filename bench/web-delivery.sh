#!/usr/bin/env bash
# bench/web-delivery.sh [RUNS] - issue 22 "Delivery": the first frame of the site
# served as ES module files (build/site, what the browser tests load) against the same
# site as one minified esbuild bundle per page with a content-hashed name
# (scripts/site-bundle.mjs -> build/dist, what `make web` ships since this bench
# found it faster), and, with BASE_SITE=DIR, an older
# built site (e.g. 0be0d76's classic scripts), opened in turn RUNS rounds
# (default 5; bench/web-modules.mjs: fresh context, cold cache, rotating order)
# and compared by their medians. Run it on a quiet machine; the load averages
# are printed with the figures.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-5}
cd "$root"
make --no-print-directory dist >/dev/null
sites=()
[ -n "${BASE_SITE:-}" ] && sites+=("old=$BASE_SITE")
sites+=(modules=build/site bundle=build/dist)
echo "web delivery bench: $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, $(uptime)"
node bench/web-modules.mjs "$runs" "${sites[@]}"
