# cmake -P script: the site's files that name the build's version.
#
# The version is the first 12 hex digits of the SHA-256 of the built
# deckscope-view.js + .wasm. The pages load deckscope-view.js?v=<version>, and
# that script loads deckscope-view.wasm?v=<version>: a browser never pairs a
# cached old script with a new module after a deploy (a new build changes both
# URLs), and a server that ignores the query (GitHub Pages) still serves them.
#
#   -DMODE=html -DIN=<page> -DOUT=<site page> -DJS= -DWASM= [-DSITE_URL=]
#       copies a page, with src="deckscope-view.js" versioned and %SITE_URL%
#       replaced by the site's public address (DS_SITE_URL, ending in /; for
#       the Open Graph tags, which need absolute URLs; empty: relative);
#       a page without a Content-Security-Policy <meta> is an error
#   -DMODE=view -DJS= -DWASM= -DOUTDIR=<site>
#       copies deckscope-view.js (its .wasm URL versioned) and the .wasm
file(SHA256 "${JS}" h1)
file(SHA256 "${WASM}" h2)
string(SHA256 v "${h1}${h2}")
string(SUBSTRING "${v}" 0 12 v)

function(write_if_different out text)
  file(WRITE "${out}.tmp" "${text}")
  file(COPY_FILE "${out}.tmp" "${out}" ONLY_IF_DIFFERENT)
  file(REMOVE "${out}.tmp")
endfunction()

if(MODE STREQUAL "html")
  file(READ "${IN}" text)
  # Every page carries the site's Content-Security-Policy (docs/security.md);
  # a new page without one would run unprotected.
  string(FIND "${text}" "<meta http-equiv=\"Content-Security-Policy\"" csp)
  if(csp LESS 0)
    message(FATAL_ERROR "stamp.cmake: ${IN} has no Content-Security-Policy <meta> (docs/security.md)")
  endif()
  string(REPLACE "src=\"deckscope-view.js\"" "src=\"deckscope-view.js?v=${v}\"" text "${text}")
  string(REPLACE "%SITE_URL%" "${SITE_URL}" text "${text}")
  write_if_different("${OUT}" "${text}")
elseif(MODE STREQUAL "view")
  file(READ "${JS}" text)
  string(FIND "${text}" "\"deckscope-view.wasm\"" at)
  if(at LESS 0)
    message(FATAL_ERROR "stamp.cmake: \"deckscope-view.wasm\" not found in ${JS}")
  endif()
  string(REPLACE "\"deckscope-view.wasm\"" "\"deckscope-view.wasm?v=${v}\"" text "${text}")
  write_if_different("${OUTDIR}/deckscope-view.js" "${text}")
  file(COPY_FILE "${WASM}" "${OUTDIR}/deckscope-view.wasm" ONLY_IF_DIFFERENT)
else()
  message(FATAL_ERROR "stamp.cmake: MODE=html or MODE=view")
endif()
