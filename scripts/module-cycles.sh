#!/bin/sh
# Prints every cycle among the modules of src/ and exits 1 if there is any.
#
#   module-cycles.sh [SRC_DIR]
#
# A module is a source file and its header, x.c and x.h, named by its path without the
# extension. An edge a -> b is an `#include "..."` line in either of a's files naming b's
# header, the name looked up as the build looks it up (Makefile, source_includes): beside
# the including file, then in src/core, src/engine and the file's own tool folder (for
# "room/file.h"). Headers found nowhere in SRC_DIR (system ones) are not modules. Each
# cycle prints once, as "cycle: a -> b -> ... -> a", starting from its smallest module.
set -u
src=${1:-src}
[ -d "$src" ] || {
    echo "module-cycles.sh: no folder $src" >&2
    exit 2
}

files=$(find "$src" -name '*.[ch]' | sort)
awk -v src="$src" -v files="$files" '
    function dir_of(path) { sub(/\/[^\/]*$/, "", path); return path }
    function module_of(path) { sub(/\.[ch]$/, "", path); return path }
    # The module a name included from FILE stands for, or "" when it is not one of ours.
    function resolve(file, name,    parts, candidates, count, i) {
        split(substr(file, length(src) + 2), parts, "/")
        count = split(dir_of(file) "/" name " " src "/core/" name " " src "/engine/" name \
                      " " src "/" parts[1] "/" name, candidates, " ")
        for (i = 1; i <= count; i++)
            if (candidates[i] in exists) return module_of(candidates[i])
        return ""
    }
    # Every cycle through START whose other modules sort after it: each prints once.
    function walk(node, path,    list, count, i, next_node) {
        on_path[node] = 1
        count = split(edges[node], list, " ")
        for (i = 1; i <= count; i++) {
            next_node = list[i]
            if (next_node == start) {
                print "cycle: " path " -> " start
                found++
            } else if (next_node > start && !(next_node in on_path)) {
                walk(next_node, path " -> " next_node)
            }
        }
        delete on_path[node]
    }
    BEGIN {
        count = split(files, list, "\n")
        for (i = 1; i <= count; i++) exists[list[i]] = 1
        for (i = 1; i <= count; i++) {
            file = list[i]
            from = module_of(file)
            while ((getline line < file) > 0) {
                if (line !~ /^[ \t]*#[ \t]*include[ \t]*"/) continue
                name = line
                sub(/^[^"]*"/, "", name)
                sub(/".*$/, "", name)
                to = resolve(file, name)
                if (to == "" || to == from || (from SUBSEP to) in seen) continue
                seen[from, to] = 1
                edges[from] = edges[from] " " to
                modules[from] = 1
            }
            close(file)
        }
        n = 0
        for (m in modules) sorted[++n] = m
        for (i = 2; i <= n; i++) {
            value = sorted[i]
            for (j = i - 1; j > 0 && sorted[j] > value; j--) sorted[j + 1] = sorted[j]
            sorted[j + 1] = value
        }
        for (i = 1; i <= n; i++) {
            start = sorted[i]
            walk(start, start)
        }
        exit found > 0
    }'
