#!/usr/bin/env bash
# include_rules.sh - web/app's folders are its layers (docs/ARCHITECTURE.md,
# "web/app, layer by layer"); this checks the rules by reading every
# #include line:
#
#   text  <  model  <  scenes  <  export  <  api  <  platform
#
#   1. every file of web/app lies in one of these folders;
#   2. a file includes headers of its own layer and of the layers before it
#      in that list, never of one after it (a scene never reaches the page's
#      API, the model never reaches a scene, nothing but platform/ reaches
#      platform/app.h);
#   3. headers of web/app are included by their layer path ("model/view.h"),
#      so every include says which layer it crosses into;
#   4. the model and the page's API have no SDL (they are unit-tested and
#      fuzzed without a window): no <SDL...> include in model/ or in api/
#      but api/view_export.c, which drives the offscreen renderer;
#   5. the scenes' interface carries no window-system event: no SDL_Event
#      in scenes/ (the platform layer hands scenes a ds_pointer).
#
#   include_rules.sh APPDIR          check APPDIR (web/app); exit 1 on a violation
#   include_rules.sh --self-test APPDIR
#                                    copy APPDIR, break each rule once in the
#                                    copy and require the check to fail with
#                                    that rule's message (the check can fail)
set -u
layers=(text model scenes export api platform)

# rank of each layer (no subshell per lookup: a fork costs milliseconds on
# a virtual machine, and the self-test runs the check eleven times)
declare -A RANK=()
for i in "${!layers[@]}"; do RANK[${layers[$i]}]=$i; done
rank() { # sets r to the rank of layer $1, or -1
  r=-1
  [ -n "$1" ] && [ -n "${RANK[$1]+x}" ] && r=${RANK[$1]}
  return 0
}

check() {
  local dir=$1 bad=0 f rel layer own inc target r line n
  if [ ! -d "$dir" ]; then
    echo "include_rules: no folder $dir" >&2
    return 2
  fi
  local nfiles=0 nincludes=0
  local -A ownof=() byname=()
  # every file once: web/app's file names (a bare include of one of them
  # must say its layer) and the layer of each source file
  while IFS= read -r -d '' f; do
    rel=${f#"$dir"/}
    [ -n "${byname[${rel##*/}]+x}" ] || byname[${rel##*/}]=$rel
    case $rel in *.c | *.h) ;; *) continue ;; esac
    nfiles=$((nfiles + 1))
    layer=${rel%%/*}
    if [ "$layer" = "$rel" ]; then
      echo "$rel: not in a layer folder (${layers[*]})"
      bad=1
      continue
    fi
    rank "$layer"
    if [ "$r" -lt 0 ]; then
      echo "$rel: '$layer' is not a layer (${layers[*]})"
      bad=1
      continue
    fi
    ownof[$rel]=$r
  done < <(find "$dir" -type f -print0 | sort -z)
  # the #include lines of every file in a layer, and SDL_Event in scenes/,
  # each read by one grep (FILE:LINE:TEXT)
  local -a inlayer=()
  for rel in "${!ownof[@]}"; do inlayer+=("$rel"); done
  if [ "${#inlayer[@]}" -gt 0 ]; then
    while IFS= read -r line; do
      rel=${line%%:*}; line=${line#*:}
      n=${line%%:*}; inc=${line#*:}
      own=${ownof[$rel]}
      layer=${rel%%/*}
      nincludes=$((nincludes + 1))
      if [[ $inc =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\"([^\"]+)\" ]]; then
        target=${BASH_REMATCH[1]}
        if [[ $target == */* ]]; then
          rank "${target%%/*}"
          if [ "$r" -gt "$own" ]; then
            echo "$rel:$n: $layer/ includes \"$target\": ${target%%/*}/ comes after $layer/ (${layers[*]})"
            bad=1
          fi
        elif [ -n "${byname[$target]+x}" ]; then
          echo "$rel:$n: \"$target\" is a web/app header: include it by its layer path (\"${byname[$target]}\")"
          bad=1
        fi
      elif [[ $inc =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\<(SDL[^\>]*)\> ]]; then
        if [ "$layer" = model ] || { [ "$layer" = api ] && [ "$rel" != api/view_export.c ]; }; then
          echo "$rel:$n: $layer/ includes <${BASH_REMATCH[1]}>: the model and the page's API have no SDL"
          bad=1
        fi
      fi
    done < <(cd "$dir" && grep -n -H '^[[:space:]]*#[[:space:]]*include' -- "${inlayer[@]}" | sort -t: -k1,1 -k2,2n)
    local -a scenes=()
    for rel in "${inlayer[@]}"; do [ "${rel%%/*}" = scenes ] && scenes+=("$rel"); done
    if [ "${#scenes[@]}" -gt 0 ]; then
      while IFS= read -r line; do
        rel=${line%%:*}; line=${line#*:}
        echo "$rel:${line%%:*}: SDL_Event in scenes/: scenes take a ds_pointer (scenes/scene.h)"
        bad=1
      done < <(cd "$dir" && grep -n -H 'SDL_Event' -- "${scenes[@]}" | sort -t: -k1,1 -k2,2n)
    fi
  fi
  if [ "$nfiles" -eq 0 ] || [ "$nincludes" -eq 0 ]; then
    echo "include_rules: no source files or no includes under $dir" >&2
    return 2
  fi
  [ "$bad" -eq 0 ] && echo "include_rules: $nfiles files, $nincludes includes, every one within the layer rules"
  return "$bad"
}

self_test() {
  local src=$1 tmp fails=0
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  # the rule broken, the file and the line added, the words the report must say
  local cases=(
    "scenes/scene_cirno.c|#include \"api/view_api.h\"|api/ comes after scenes/"
    "model/view.c|#include \"scenes/scene.h\"|scenes/ comes after model/"
    "export/render.c|#include \"platform/app.h\"|platform/ comes after export/"
    "text/text.c|#include \"model/view.h\"|model/ comes after text/"
    "scenes/draw.c|#include \"view.h\"|include it by its layer path"
    "model/view_cirno.c|#include <SDL.h>|the model and the page's API have no SDL"
    "api/view_api.c|#include <SDL_events.h>|the model and the page's API have no SDL"
    "scenes/scene.h|int f(const SDL_Event *e);|scenes take a ds_pointer"
    "stray.c|int x;|not in a layer folder"
    "widgets/w.c|int x;|is not a layer"
  )
  local c file add want out
  for c in "${cases[@]}"; do
    IFS='|' read -r file add want <<<"$c"
    rm -rf "$tmp/app" && cp -r "$src" "$tmp/app"
    mkdir -p "$(dirname "$tmp/app/$file")"
    printf '%s\n' "$add" >>"$tmp/app/$file"
    if out=$(check "$tmp/app" 2>&1); then
      echo "self-test: adding '$add' to $file passed the check"
      fails=$((fails + 1))
    elif [[ $out != *"$want"* ]]; then
      echo "self-test: adding '$add' to $file failed without saying '$want':"
      printf '%s\n' "$out" | sed 's/^/    /'
      fails=$((fails + 1))
    fi
  done
  rm -rf "$tmp/app" && cp -r "$src" "$tmp/app"
  if ! out=$(check "$tmp/app" 2>&1); then
    echo "self-test: the unchanged copy fails:"
    printf '%s\n' "$out" | sed 's/^/    /'
    fails=$((fails + 1))
  fi
  if [ "$fails" -gt 0 ]; then
    echo "self-test: $fails of $((${#cases[@]} + 1)) cases wrong"
    return 1
  fi
  echo "self-test: each of ${#cases[@]} violations fails the check with its rule's message"
}

case "${1:-}" in
--self-test) self_test "${2:?usage: include_rules.sh --self-test APPDIR}" ;;
"" | -h | --help) sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
*) check "$1" ;;
esac
