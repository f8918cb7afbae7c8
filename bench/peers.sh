#!/usr/bin/env bash
# Quire side by side with VitePress, Starlight and a bare unified pass, on the same generated corpus.
#
#   bash bench/peers.sh [pages=1000]
#
# Environment: SEED (corpus seed, default 1), PROFILE (corpus page shape: bench or real, default bench), QUIRE=source
# (build with the checkout under tsx instead of the installed package), KEEP=1 (keep the temp folder), PEER_TIMEOUT (seconds per build, default
# 900). Peers are installed from the npm registry into the temp folder; a peer that fails to install or build is
# reported with the reason and the table goes on. See bench/README.md.
set -uo pipefail

N=${1:-1000}
SEED=${SEED:-1}
PROFILE=${PROFILE:-bench}
PEER_TIMEOUT=${PEER_TIMEOUT:-900}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/quire-peers-$N-XXXXXX")
CORPUS=$WORK/corpus
GNU_TIME=/usr/bin/time

cleanup() {
  if [[ ${KEEP:-0} == 1 ]]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

if ! [[ $N =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: bash bench/peers.sh [pages]" >&2
  exit 2
fi

log() { printf '%s\n' "$*" >&2; }

# First lines of a log that look like an error, else its last lines; one line, trimmed.
reason_from() {
  local file=$1 found
  found=$(grep -v 'Unknown user config "nodedir"' "$file" 2>/dev/null | grep -iE 'error|failed|cannot|not found' | head -n 2)
  [[ -z $found ]] && found=$(grep -v 'Unknown user config "nodedir"' "$file" 2>/dev/null | grep -v '^\s*$' | tail -n 2)
  printf '%s' "$found" | tr '\n' ' ' | sed 's/\x1b\[[0-9;]*m//g; s/  */ /g' | cut -c1-200
}

# `h:mm:ss` or `m:ss.cc` from GNU time → seconds.
to_seconds() { awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }' <<<"$1"; }

RESULTS=$WORK/results.tsv # name  status  seconds  rss_kib  html_files  note
: >"$RESULTS"

# measure NAME DIR OUTPUT_DIR COMMAND... — runs COMMAND in DIR under /usr/bin/time -v and records wall time and peak RSS.
measure() {
  local name=$1 dir=$2 output=$3
  shift 3
  local logf=$WORK/log-$name.txt timef=$WORK/time-$name.txt status seconds rss html
  log "building with $name …"
  if [[ -x $GNU_TIME ]]; then
    (cd "$dir" && "$GNU_TIME" -v -o "$timef" timeout -k 10 "$PEER_TIMEOUT" "$@") >"$logf" 2>&1
    status=$?
  else
    local started ended
    started=$(date +%s.%N)
    (cd "$dir" && timeout -k 10 "$PEER_TIMEOUT" "$@") >"$logf" 2>&1
    status=$?
    ended=$(date +%s.%N)
  fi
  if [[ $status -ne 0 ]]; then
    local why
    if [[ $status -eq 124 || $status -eq 137 ]]; then why="timed out after ${PEER_TIMEOUT}s"; else why="exit $status: $(reason_from "$logf")"; fi
    printf '%s\tfailed\t-\t-\t-\t%s\n' "$name" "build $why" >>"$RESULTS"
    log "  $name failed ($why); log kept in the table only"
    return
  fi
  if [[ -x $GNU_TIME ]]; then
    seconds=$(to_seconds "$(awk '/Elapsed \(wall clock\)/ { print $NF }' "$timef")")
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$timef")
  else
    seconds=$(awk -v a="$started" -v b="$ended" 'BEGIN { printf "%.2f", b - a }')
    rss=-
  fi
  html=$(find "$output" -name '*.html' 2>/dev/null | wc -l | tr -d ' ')
  printf '%s\tok\t%s\t%s\t%s\t\n' "$name" "$seconds" "$rss" "$html" >>"$RESULTS"
}

# install NAME DIR PACKAGES... — a private npm project in DIR with PACKAGES; returns non-zero with a reason file on failure.
install() {
  local name=$1 dir=$2
  shift 2
  mkdir -p "$dir"
  printf '{ "name": "bench-%s", "private": true, "type": "module" }\n' "$name" >"$dir/package.json"
  (cd "$dir" && npm install --no-audit --no-fund --loglevel=error "$@") >"$WORK/install-$name.txt" 2>&1
}

cd "$REPO" || exit 1
log "corpus: $N $PROFILE-profile pages, seed $SEED → $CORPUS"
npx --no-install tsx bench/corpus.ts --pages "$N" --seed "$SEED" --profile "$PROFILE" --out "$CORPUS" >&2 || { log "corpus generation failed"; exit 1; }

log "installing vitepress@1 and astro@5 + @astrojs/starlight@0.34 (npm registry) …"
install_started=$(date +%s)
install vitepress "$WORK/vitepress" vitepress@1 &
vp_pid=$!
install starlight "$WORK/starlight" astro@5 @astrojs/starlight@0.34 &
sl_pid=$!
wait "$vp_pid"; vp_installed=$?
wait "$sl_pid"; sl_installed=$?
log "  installs took $(($(date +%s) - install_started))s"

npx --no-install tsx bench/peers-layout.ts --corpus "$CORPUS" --vitepress "$WORK/vitepress/site" --starlight "$WORK/starlight" >&2 \
  || { log "peer layout failed"; exit 1; }

# Quire: the CLI a user runs, cold (fresh corpus, no dist/, no caches): the installed package, compiled lib/ laid out
# by bench/installed.ts (no TypeScript loader), unless QUIRE=source asks for the checkout under tsx.
if [[ ${QUIRE:-installed} == source ]]; then
  DOCS=$REPO/bin/docs.js
else
  DOCS=$(npx --no-install tsx -e 'import { installedDocs } from "./bench/installed.ts"; console.log(installedDocs(process.argv[1]))' "$WORK" | tail -n 1) \
    || { log "compiling the package failed"; exit 1; }
fi
measure quire "$REPO" "$CORPUS/dist" node "$DOCS" build --root "$CORPUS" --no-git

# The floor: parse + GFM + rehype + stringify over the same Markdown the peers get (MDX already stripped).
measure unified "$REPO" "$WORK/unified-out" node bench/unified-floor.mjs --in "$WORK/vitepress/site" --out "$WORK/unified-out"

if [[ $vp_installed -eq 0 ]]; then
  measure vitepress "$WORK/vitepress" "$WORK/vitepress/site/.vitepress/dist" ./node_modules/.bin/vitepress build site
else
  printf 'vitepress\tfailed\t-\t-\t-\t%s\n' "install failed: $(reason_from "$WORK/install-vitepress.txt")" >>"$RESULTS"
fi

if [[ $sl_installed -eq 0 ]]; then
  ASTRO_TELEMETRY_DISABLED=1 measure starlight "$WORK/starlight" "$WORK/starlight/dist" ./node_modules/.bin/astro build
else
  printf 'starlight\tfailed\t-\t-\t-\t%s\n' "install failed: $(reason_from "$WORK/install-starlight.txt")" >>"$RESULTS"
fi

# ---------------------------------------------------------------- table
echo
echo "Cold builds, $N $PROFILE-profile pages (seed $SEED), Node $(node --version), $(nproc 2>/dev/null || echo ?) CPUs"
awk -F'\t' -v n="$N" '
  BEGIN { label["quire"] = "Quire"; label["unified"] = "unified floor"; label["vitepress"] = "VitePress 1"; label["starlight"] = "Starlight 0.34" }
  { name[NR] = $1; status[NR] = $2; secs[NR] = $3; rss[NR] = $4; html[NR] = $5; note[NR] = $6
    if ($1 == "quire" && $2 == "ok") { qs = $3; qr = $4 } }
  END {
    fmt = "%-15s %9s %9s %11s %7s %12s %11s\n"
    printf fmt, "tool", "wall (s)", "pages/s", "peak RSS", "html", "Quire/peer", "RSS ratio"
    printf fmt, "---------------", "--------", "-------", "----------", "------", "-----------", "----------"
    for (i = 1; i <= NR; i++) {
      l = (name[i] in label) ? label[name[i]] : name[i]
      if (status[i] != "ok") { printf "%-15s %s\n", l, note[i]; continue }
      mib = (rss[i] == "-") ? "-" : sprintf("%.0f MiB", rss[i] / 1024)
      tr = (qs == "" || secs[i] == 0) ? "-" : sprintf("%.2f×", qs / secs[i])
      rr = (qr == "" || qr == "-" || rss[i] == "-") ? "-" : sprintf("%.2f×", qr / rss[i])
      printf fmt, l, sprintf("%.2f", secs[i]), sprintf("%.0f", n / secs[i]), mib, html[i], tr, rr
    }
  }' "$RESULTS"
echo
echo "wall = process wall time (start-up included), peak RSS = /usr/bin/time -v maximum resident set size of the largest"
echo "process in the tree, html = .html files written. Quire/peer < 1 means Quire is faster / smaller."
