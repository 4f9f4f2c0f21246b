#include "page_output.h"

#include "cli.h"
#include "field.h"
#include "page_html.h"

#include <errno.h>
#include <string.h>

#define DATA_MARK "/*DATA*/"

/* A piece is stored as two base64 digits (12 bits): its orientation and the column of its
 * pivot where it locked, orientation + ORIENTATION_COUNT * (column + PAGE_COLUMN_OFFSET).
 * The page finds the rest as the printer does: the rotations (the shorter way from the
 * spawn orientation), the row (the drop from the spawn row) and the picture cells (those
 * that remain at the end). A pivot lies at most 2 columns outside the field. */
#define PAGE_COLUMN_OFFSET 2
#define PAGE_PIECES_A_LINE 64
_Static_assert(ORIENTATION_COUNT *(FIELD_MAX_WIDTH + 2 * PAGE_COLUMN_OFFSET) <= 64 * 64,
               "a piece fits in two base64 digits");

static const char BASE64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

struct page_output {
    const char *path;
    FILE *out;
    int columns;
    long pieces;
};

/* The one wording of every failure. */
static bool failed(const struct page_output *h) {
    cli_error("%s: %s", h->path, strerror(errno ? errno : EIO));
    return false;
}

/* A JSON string that is safe inside a <script> element. */
static void put_json_string(FILE *out, const char *text) {
    putc('"', out);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(out, "\\%c", *c);
        else if (*c < 0x20 || *c == '<' || *c == '>' || *c == '&' || *c == 0x7f)
            fprintf(out, "\\u%04x", *c);
        else
            putc(*c, out);
    }
    putc('"', out);
}

/* Writes the page up to the pieces. */
static bool page_output_begin(void *self, const struct output_start *page) {
    struct page_output *h = self;
    FILE *out = h->out = page->file;
    h->path = page->path;
    h->columns = page->columns;
    /* where each piece type spawns (the same pivot for all) */
    struct playfield empty;
    struct piece_state spawn[PIECE_TYPES];
    playfield_init(&empty, page->columns, page->rows);
    for (int t = 0; t < PIECE_TYPES; t++)
        playfield_spawn(&empty, (enum piece_type)t, &spawn[t]);
    const char *mark = strstr(PAGE_HTML, DATA_MARK);
    fwrite(PAGE_HTML, 1, (size_t)(mark - PAGE_HTML), out);
    fputs("{\n  \"title\": ", out);
    put_json_string(out, page->title);
    fprintf(out,
            ",\n  \"columns\": %d, \"rows\": %d, \"top\": %d, \"scale\": %d, \"well\": %s,"
            " \"length\": %ld, \"hold\": %d,\n  \"transparent\": %s, \"borderMinScale\": %d,"
            " \"borderOffset\": %d, \"picture\": %d, \"helper\": %d, \"wellLook\": %d,\n"
            "  \"palette\": [",
            page->columns, page->rows, page->top_row, page->scale, page->well ? "true" : "false",
            page->length, page->hold,
            page->palette->rgba[PALETTE_BACKGROUND][3] == 0 ? "true" : "false",
            RASTER_BORDER_MIN_SCALE, PALETTE_BORDER_OFFSET, PALETTE_PICTURE, PALETTE_HELPER,
            PALETTE_WELL);
    for (int i = 0; i < PALETTE_SIZE; i++)
        fprintf(out, "%s\"#%06x\"", i ? ", " : "", (unsigned)palette_rgb(page->palette, i));
    fputs("],\n  \"orientations\": [", out);
    for (int o = 0; o < ORIENTATION_COUNT; o++) {
        fputs(o ? ", [" : "[", out);
        for (int c = 0; c < PIECE_CELLS; c++)
            fprintf(out, "%s%d,%d", c ? "," : "", ORIENTATIONS[o].cells[c].x,
                    ORIENTATIONS[o].cells[c].y);
        putc(']', out);
    }
    fputs("],\n  \"types\": [", out);
    for (int o = 0; o < ORIENTATION_COUNT; o++)
        fprintf(out, "%s%d", o ? "," : "", (int)ORIENTATIONS[o].type);
    fputs("],\n  \"clockwise\": [", out);
    for (int o = 0; o < ORIENTATION_COUNT; o++)
        fprintf(out, "%s%d", o ? "," : "", ORIENTATIONS[o].clockwise);
    fputs("],\n  \"counterclockwise\": [", out);
    for (int o = 0; o < ORIENTATION_COUNT; o++)
        fprintf(out, "%s%d", o ? "," : "", ORIENTATIONS[o].counterclockwise);
    fputs("],\n  \"spawn\": [", out);
    for (int t = 0; t < PIECE_TYPES; t++)
        fprintf(out, "%s%d", t ? "," : "", spawn[t].orientation);
    fprintf(out, "], \"spawnX\": %d, \"spawnY\": %d", spawn[0].x, spawn[0].y);
    fprintf(out, ",\n  \"columnOffset\": %d, \"pieces\": [", PAGE_COLUMN_OFFSET);
    return !ferror(out) || failed(h);
}

/* One locked piece, in a string of PAGE_PIECES_A_LINE pieces. */
static bool page_output_piece(void *self, const struct play_event *event) {
    struct page_output *h = self;
    int column = event->final.x + PAGE_COLUMN_OFFSET;
    if (column < 0 || column >= h->columns + 2 * PAGE_COLUMN_OFFSET) {
        errno = ERANGE; /* no piece of a field can lock there */
        return failed(h);
    }
    int value = event->final.orientation + ORIENTATION_COUNT * column;
    if (h->pieces % PAGE_PIECES_A_LINE == 0)
        fputs(h->pieces ? "\",\n  \"" : "\n  \"", h->out);
    putc(BASE64[value >> 6], h->out);
    putc(BASE64[value & 63], h->out);
    h->pieces++;
    return !ferror(h->out) || failed(h);
}

/* Writes the rest of the page. */
static bool page_output_end(void *self, const struct output_frame *last) {
    (void)last; /* every piece has been given */
    struct page_output *h = self;
    fputs(h->pieces ? "\"]\n}" : "]\n}", h->out);
    const char *mark = strstr(PAGE_HTML, DATA_MARK);
    fputs(mark + strlen(DATA_MARK), h->out);
    return !ferror(h->out) || failed(h);
}

static void page_output_abort(void *self) {
    (void)self; /* its file is removed by whoever opened it */
}

const struct output_ops PAGE_OUTPUT = {
    .animation = true,
    .size = sizeof(struct page_output),
    .streamed = true,
    .begin = page_output_begin,
    .piece = page_output_piece,
    .end = page_output_end,
    .abort = page_output_abort,
};
