#include "script.h"

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
