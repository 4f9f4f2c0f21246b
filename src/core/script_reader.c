#include "script_reader.h"

#include "image_magic.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Bytes read from a stream at a time. */
#define CHUNK_BYTES (64 * 1024)

static bool open_common(struct script_reader *r) {
    r->max_bytes = SCRIPT_MAX_BYTES;
    r->line = malloc(BLOCK_LINE_MAX + 1);
    struct text_error unused;
    block_parser_init(&r->parser, true, &r->file, &unused);
    return r->line != NULL;
}

bool script_reader_open_stream(struct script_reader *r, FILE *in, FILE *spool) {
    *r = (struct script_reader){.in = in, .spool = spool, .chunk = malloc(CHUNK_BYTES)};
    return open_common(r) && r->chunk;
}

bool script_reader_open_text(struct script_reader *r, const char *text, size_t length) {
    *r = (struct script_reader){.text = text, .text_length = length};
    return open_common(r);
}

void script_reader_close(struct script_reader *r) {
    script_block_free(&r->block);
    block_parser_free(&r->parser);
    block_file_free(&r->file);
    free(r->chunk);
    free(r->line);
    memset(r, 0, sizeof *r);
}

static enum script_read io_error(struct text_error *err, int errnum, const char *what) {
    text_error_set(err, 0, 0, "%s%s", what, strerror(errnum));
    return SCRIPT_READ_ERROR;
}

/* The first bytes of a script tell an image given by mistake. */
static bool check_not_image(const struct script_reader *r, struct text_error *err) {
    const char *format = image_magic_format(r->bytes, r->length);
    if (!format)
        return true;
    return text_error_set(err, 0, 0,
                          "this is a %s image, not a script; convert it with tetris-convert first",
                          format);
}

/* Gets the next bytes of the source into r->bytes: false at its end or on an error
 * (SCRIPT_READ_ERROR in *status). */
static bool fill(struct script_reader *r, struct text_error *err, enum script_read *status) {
    r->pos = r->length = 0;
    if (r->source_done)
        return false;
    if (r->text) {
        r->bytes = (const unsigned char *)r->text;
        r->length = r->text_length;
        r->source_done = true;
    } else {
        r->bytes = r->chunk;
        r->length = fread(r->chunk, 1, CHUNK_BYTES, r->in);
        if (r->length < CHUNK_BYTES) {
            r->source_done = true;
            if (ferror(r->in)) {
                *status = io_error(err, errno ? errno : EIO, "");
                return false;
            }
        }
        if (r->spool && r->length && fwrite(r->chunk, 1, r->length, r->spool) != r->length) {
            r->copy_failed = true;
            *status = io_error(err, errno ? errno : EIO, "cannot keep a copy to read again: ");
            return false;
        }
    }
    if (r->bytes_read == 0 && !check_not_image(r, err)) {
        *status = SCRIPT_READ_ERROR;
        return false;
    }
    r->bytes_read += (long long)r->length;
    if (r->bytes_read > r->max_bytes) {
        text_error_set(err, r->line_no + 1, 0, "script is longer than %lld MiB",
                       r->max_bytes >> 20);
        *status = SCRIPT_READ_ERROR;
        return false;
    }
    return r->length > 0;
}

/* Reads the next line into r->line without its '\n', stopping one byte past
 * BLOCK_LINE_MAX (the parser refuses such a line). Returns false at the end of the source or
 * on an error (*status set). */
static bool read_line(struct script_reader *r, struct text_error *err, enum script_read *status) {
    r->line_length = 0;
    bool any = false;
    for (;;) {
        if (r->pos == r->length && !fill(r, err, status))
            return any && *status != SCRIPT_READ_ERROR;
        any = true;
        const unsigned char *start = r->bytes + r->pos;
        size_t available = r->length - r->pos;
        const unsigned char *newline = memchr(start, '\n', available);
        size_t n = newline ? (size_t)(newline - start) : available;
        size_t room = BLOCK_LINE_MAX + 1 - r->line_length;
        memcpy(r->line + r->line_length, start, n < room ? n : room);
        r->line_length += n < room ? n : room;
        r->pos += newline ? n + 1 : n;
        if (newline || r->line_length > BLOCK_LINE_MAX)
            return true;
    }
}

/* Lists the pieces of the block the parser just closed into r->block, and releases it. */
static bool take_block(struct script_reader *r, struct text_error *err) {
    r->block_number = r->parser.blocks_released + 1;
    bool ok = script_block_load(&r->file.blocks[0], r->block_number, &r->block, err);
    block_parser_release(&r->parser);
    return ok;
}

enum script_read script_reader_next(struct script_reader *r, struct text_error *err) {
    script_block_free(&r->block);
    memset(err, 0, sizeof *err);
    r->parser.err = err;
    enum script_read status = SCRIPT_READ_END;
    while (!r->ended) {
        if (!read_line(r, err, &status)) {
            if (status == SCRIPT_READ_ERROR)
                return status;
            r->ended = true;
            if (!block_parser_finish(&r->parser, r->line_no))
                return SCRIPT_READ_ERROR;
        } else if (!block_parser_line(&r->parser, r->line, r->line_length, ++r->line_no)) {
            return SCRIPT_READ_ERROR;
        }
        if (r->file.block_count > 0)
            return take_block(r, err) ? SCRIPT_READ_BLOCK : SCRIPT_READ_ERROR;
    }
    return SCRIPT_READ_END;
}

static bool append_block(struct script *out, int *capacity, struct script_block *block) {
    if (out->block_count == *capacity) {
        int grown = *capacity ? *capacity * 2 : 16;
        struct script_block *blocks = realloc(out->blocks, (size_t)grown * sizeof *blocks);
        if (!blocks)
            return false;
        out->blocks = blocks;
        *capacity = grown;
    }
    out->blocks[out->block_count++] = *block;
    if (block->rows > out->max_rows)
        out->max_rows = block->rows;
    *block = (struct script_block){0}; /* the pieces are the script's now */
    return true;
}

bool script_load(const char *text, size_t length, struct script *out, struct text_error *err) {
    memset(out, 0, sizeof *out);
    struct script_reader reader;
    if (!script_reader_open_text(&reader, text, length)) {
        script_reader_close(&reader);
        return text_error_set(err, 0, 0, "out of memory");
    }
    int capacity = 0;
    enum script_read status;
    bool ok = true;
    while (ok && (status = script_reader_next(&reader, err)) == SCRIPT_READ_BLOCK)
        ok = append_block(out, &capacity, &reader.block) ||
             text_error_set(err, 0, 0, "out of memory");
    ok = ok && status == SCRIPT_READ_END;
    out->width = reader.file.width;
    out->colour_count = reader.file.colour_count;
    memcpy(out->colours, reader.file.colours, sizeof out->colours);
    script_reader_close(&reader);
    if (!ok)
        script_free(out);
    return ok;
}
