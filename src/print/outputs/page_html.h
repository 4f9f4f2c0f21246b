/* The page the -o FILE.html output fills in (page.html), compiled into tetris-print at build
 * time (scripts/embed-text.sh turns it into C), so an installed printer needs no data files. */
#ifndef TETRIS_PRINT_PAGE_HTML_H
#define TETRIS_PRINT_PAGE_HTML_H

extern const char PAGE_HTML[];

#endif
