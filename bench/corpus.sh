# bench/corpus.sh — sourced by bench/run.sh, bench/callgrind.sh and
# bench/corpus_hash.sh: which corpus root they read, and its main map and
# main page.  Needs ROOT (the repository root).
#
# The root is BENCH_CORPUS, default the repository's own corpus/ (layout in
# corpus/README.md: pages/*.html, maps/main.map, and a MAPS manifest whose
# optional `main-page NAME` line names the main page; without it, the first
# page in sorted order that MAPS gives no other map).  A root without
# maps/main.map but with maps/page1.map and pages/page1.html (the layout of
# the team's page corpus) uses those two.
#
# Sets BC_CORPUS (absolute root), BC_MAIN (main map name, no .map), BC_MAP,
# BC_PAGE (paths) and BC_PAGE_NAME (the page's name without .html); on a
# root that fits neither layout, BC_ERR says why and BC_MAP is empty.
BC_CORPUS=${BENCH_CORPUS:-$ROOT/corpus}
BC_MAIN= BC_MAP= BC_PAGE= BC_PAGE_NAME= BC_ERR=
if ! BC_CORPUS=$(cd "$BC_CORPUS" 2>/dev/null && pwd); then
    BC_ERR="corpus directory not found: ${BENCH_CORPUS:-$ROOT/corpus} (set BENCH_CORPUS)"
elif [ -r "$BC_CORPUS/maps/main.map" ]; then
    BC_MAIN=main
    bc_page=
    [ -r "$BC_CORPUS/MAPS" ] &&
        bc_page=$(awk '$1 == "main-page" { print $2; exit }' "$BC_CORPUS/MAPS")
    if [ -z "$bc_page" ]; then
        for bc_f in "$BC_CORPUS"/pages/*.html; do
            [ -f "$bc_f" ] || continue
            bc_m=
            [ -r "$BC_CORPUS/MAPS" ] &&
                bc_m=$(awk -v p="${bc_f##*/}" '$1 == p { print $2; exit }' "$BC_CORPUS/MAPS")
            [ -z "$bc_m" ] || [ "$bc_m" = main ] || continue
            bc_page=${bc_f##*/}
            break
        done
    fi
    if [ -n "$bc_page" ] && [ -r "$BC_CORPUS/pages/$bc_page" ]; then
        BC_MAP=$BC_CORPUS/maps/main.map BC_PAGE=$BC_CORPUS/pages/$bc_page
    else
        BC_ERR="no main page in $BC_CORPUS/pages (see corpus/README.md)"
    fi
elif [ -r "$BC_CORPUS/maps/page1.map" ] && [ -r "$BC_CORPUS/pages/page1.html" ]; then
    BC_MAIN=page1 BC_MAP=$BC_CORPUS/maps/page1.map BC_PAGE=$BC_CORPUS/pages/page1.html
else
    BC_ERR="$BC_CORPUS has neither maps/main.map nor maps/page1.map with pages/page1.html"
fi
[ -n "$BC_PAGE" ] && { BC_PAGE_NAME=${BC_PAGE##*/}; BC_PAGE_NAME=${BC_PAGE_NAME%.html}; }
