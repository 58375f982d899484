/* Input for the test programs: hex, and the one file each program reads (inline: a program
 * that uses one of them only is not warned about the other). */
#ifndef RANGEPROOF_TEST_HEX_H
#define RANGEPROOF_TEST_HEX_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Decodes `text` into `out` (at most `cap` bytes); exits with 2 on anything but hex. */
static inline size_t unhex(const char *text, unsigned char *out, size_t cap) {
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

/* Opens the file named by the program's one argument (`what` names it in the usage line);
 * exits with 2 when there is no such argument or the file cannot be opened. */
static inline FILE *open_input(int argc, char **argv, const char *what) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s %s\n", argv[0], what);
        exit(2);
    }
    FILE *file = fopen(argv[1], "rb");
    if (file == NULL) {
        perror(argv[1]);
        exit(2);
    }
    return file;
}

#endif
