/* Hex input for the test programs. */
#ifndef RANGEPROOF_TEST_HEX_H
#define RANGEPROOF_TEST_HEX_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Decodes `text` into `out` (at most `cap` bytes); exits with 2 on anything but hex. */
static size_t unhex(const char *text, unsigned char *out, size_t cap) {
    size_t n = strlen(text) / 2;
    if (n > cap || strlen(text) % 2 != 0) {
        fprintf(stderr, "bad hex length: %zu\n", strlen(text));
        exit(2);
    }
    for (size_t i = 0; i < n; i++) {
        unsigned int byte;
        if (sscanf(text + 2 * i, "%2x", &byte) != 1) {
            fprintf(stderr, "not hex: %s\n", text);
            exit(2);
        }
        out[i] = (unsigned char)byte;
    }
    return n;
}

#endif
