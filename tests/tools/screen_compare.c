/* screen_compare: test helper for tetris-print's page as a browser shows it.
 *
 *   screen_compare SCREENSHOT.png LEFT,TOP,WIDTH,HEIGHT REFERENCE.png SCALE
 *       REFERENCE is the field as drawn, SCALE pixels a cell (the PNG tetris-print writes
 *       with the page's options); the page shows it scaled into the rectangle at LEFT,TOP,
 *       WIDTH x HEIGHT of the screenshot (CSS pixels, fractions allowed). Every cell is
 *       looked up at its centre in both: the screenshot must show each cell's colour there
 *       (within 12 a channel: the browser's scaling). Exit 0 when all do, 1 otherwise (one
 *       line naming the first cell that differs and how many do), 2 on bad input (an
 *       unreadable image, a rectangle outside the screenshot).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define TOOL_NAME "screen_compare"
#include "tool_image.h"

#define TOLERANCE 12

int main(int argc, char **argv) {
    double left, top, width, height;
    int scale;
    if (argc != 5 || sscanf(argv[2], "%lf,%lf,%lf,%lf", &left, &top, &width, &height) != 4 ||
        sscanf(argv[4], "%d", &scale) != 1 || scale < 1) {
        fputs("usage: screen_compare SCREENSHOT.png LEFT,TOP,WIDTH,HEIGHT REFERENCE.png SCALE\n",
              stderr);
        return 2;
    }
    struct image screen, reference;
    if (!load_png(argv[1], &screen) || !load_png(argv[3], &reference))
        return 2;
    if (left < 0 || top < 0 || left + width > screen.width + 0.5 ||
        top + height > screen.height + 0.5 || width < 1 || height < 1) {
        fprintf(stderr, "screen_compare: the rectangle %s is not inside the %dx%d screenshot\n",
                argv[2], screen.width, screen.height);
        return 2;
    }
    int columns = reference.width / scale, rows = reference.height / scale;
    long differ = 0;
    int first_x = -1, first_y = -1;
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < columns; x++) {
            double cx = (x + 0.5) * scale, cy = (y + 0.5) * scale;
            int sx = (int)floor(left + cx * width / reference.width);
            int sy = (int)floor(top + cy * height / reference.height);
            sx = sx < screen.width ? sx : screen.width - 1;
            sy = sy < screen.height ? sy : screen.height - 1;
            const unsigned char *a = pixel(&reference, (int)cx, (int)cy),
                                *b = pixel(&screen, sx, sy);
            bool same = true;
            for (int c = 0; c < 3; c++)
                same = same && abs(a[c] - b[c]) <= TOLERANCE;
            if (!same && differ++ == 0)
                first_x = x, first_y = y;
        }
    if (differ) {
        const unsigned char *a =
            pixel(&reference, (int)((first_x + 0.5) * scale), (int)((first_y + 0.5) * scale));
        printf("%ld of %d cells differ; the first, column %d row %d, is #%02x%02x%02x in the "
               "reference\n",
               differ, columns * rows, first_x, first_y, a[0], a[1], a[2]);
    }
    stbi_image_free(screen.rgba);
    stbi_image_free(reference.rgba);
    return differ ? 1 : 0;
}
