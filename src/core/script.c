#include "script.h"

#include "script_reader.h"

#include <stdlib.h>
#include <string.h>

void script_block_free(struct script_block *block) {
    free(block->pieces);
    free(block->piece_lines);
    block->pieces = NULL;
    block->piece_lines = NULL;
}

void script_free(struct script *script) {
    for (int i = 0; i < script->block_count; i++)
        script_block_free(&script->blocks[i]);
    free(script->blocks);
    memset(script, 0, sizeof *script);
}

static bool out_of_memory(struct text_error *err, int block) {
    err->line = 0;
    err->block = block;
    snprintf(err->message, sizeof err->message, "out of memory");
    return false;
}

/* The file line of the topmost row that holds a piece's character. */
static int piece_line(const struct block *block, const struct block_piece *piece) {
    return block->first_line + piece->y;
}

bool script_block_load(const struct block *block, int number, struct script_block *out,
                       struct text_error *err) {
    out->pieces = NULL;
    out->piece_lines = NULL;
    struct block_piece pieces[BLOCK_MAX_PIECES];
    int count = block_pieces(block, pieces, err);
    if (count < 0) {
        err->block = number;
        return false;
    }
    if (count == 0) {
        err->line = block->first_line;
        err->block = number;
        snprintf(err->message, sizeof err->message, "block has no pieces");
        return false;
    }
    out->first_line = block->first_line;
    out->rows = block->rows;
    out->continues = block->continues;
    out->piece_count = count;
    out->pieces = malloc((size_t)count * sizeof *out->pieces);
    out->piece_lines = malloc((size_t)count * sizeof *out->piece_lines);
    if (!out->pieces || !out->piece_lines)
        return out_of_memory(err, number);
    memcpy(out->pieces, pieces, (size_t)count * sizeof *pieces);
    for (int i = 0; i < count; i++)
        out->piece_lines[i] = piece_line(block, &pieces[i]);
    return true;
}

/* Appends a block, taking its pieces from the reader. */
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
        return out_of_memory(err, 0);
    }
    int capacity = 0;
    enum script_read status;
    bool ok = true;
    while (ok && (status = script_reader_next(&reader, err)) == SCRIPT_READ_BLOCK)
        ok = append_block(out, &capacity, &reader.block) || out_of_memory(err, 0);
    ok = ok && status == SCRIPT_READ_END;
    out->width = reader.file.width;
    out->colour_count = reader.file.colour_count;
    memcpy(out->colours, reader.file.colours, sizeof out->colours);
    script_reader_close(&reader);
    if (!ok)
        script_free(out);
    return ok;
}
