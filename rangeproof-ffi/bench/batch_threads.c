/*
 * Times rp_batch over a file of proof documents, one JSON document per line: every document
 * added, then the batch verified (all must be valid). Prints the seconds taken. The batch runs
 * on rayon's pool, so the thread count is the environment's:
 *
 *   cargo build --release -p rangeproof-ffi
 *   cc -O2 -std=c11 -I rangeproof-ffi/include rangeproof-ffi/bench/batch_threads.c \
 *      target/release/librangeproof_ffi.a -lpthread -ldl -lm -o /tmp/batch_threads
 *   RAYON_NUM_THREADS=1 /tmp/batch_threads docs.jsonl; RAYON_NUM_THREADS=2 /tmp/batch_threads docs.jsonl
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rangeproof.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s DOCUMENTS.jsonl\n", argv[0]);
        return 2;
    }
    FILE *file = fopen(argv[1], "r");
    if (file == NULL) {
        perror(argv[1]);
        return 2;
    }
    /* Read first, so that the time is the library's. */
    size_t count = 0, capacity = 1024;
    char **lines = malloc(capacity * sizeof *lines);
    size_t *lengths = malloc(capacity * sizeof *lengths);
    char *line = NULL;
    size_t line_cap = 0;
    ssize_t n;
    while ((n = getline(&line, &line_cap, file)) > 0) {
        if (count == capacity) {
            capacity *= 2;
            lines = realloc(lines, capacity * sizeof *lines);
            lengths = realloc(lengths, capacity * sizeof *lengths);
        }
        lines[count] = line;
        lengths[count] = (size_t)n;
        count++;
        line = NULL;
        line_cap = 0;
    }
    free(line);
    fclose(file);

    rp_context *ctx = rp_context_create();
    double start = now();
    rp_batch *batch = rp_batch_create(ctx);
    char reason[256];
    for (size_t i = 0; i < count; i++) {
        if (rp_batch_add_document(batch, lines[i], lengths[i], reason, sizeof reason) != 1) {
            fprintf(stderr, "document %zu: %s\n", i, reason);
            return 1;
        }
    }
    size_t n_invalid = 0;
    int valid = rp_batch_verify(batch, NULL, 0, &n_invalid);
    double elapsed = now() - start;
    rp_batch_destroy(batch);
    rp_context_destroy(ctx);
    if (valid != 1) {
        fprintf(stderr, "%zu invalid\n", n_invalid);
        return 1;
    }
    printf("%.4f\n", elapsed);
    for (size_t i = 0; i < count; i++) {
        free(lines[i]);
    }
    free(lines);
    free(lengths);
    return 0;
}
