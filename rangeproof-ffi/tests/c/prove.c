/*
 * Proving through the C library, from the header alone. Each line of the input is
 * "<expected> <request json>": 1 for a request that must prove, -1 for one that must be
 * refused. A proof made must verify with rp_verify_document; its openings, given back as a
 * request, must prove again (for the same commitments); a buffer too short must be refused
 * with the length needed. Exits 0 when all agree.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rangeproof.h"
#include "hex.h"

int main(int argc, char **argv) {
    FILE *file = open_input(argc, argv, "REQUESTS");
    rp_context *ctx = rp_context_create();
    size_t cap = 1 << 20;
    char *proof = malloc(cap), *openings = malloc(cap), *again = malloc(cap);
    char reason[256];
    char *line = NULL;
    size_t line_cap = 0, lines = 0;
    int failures = 0;
    ssize_t len;
    while ((len = getline(&line, &line_cap, file)) > 0) {
        lines++;
        if (line[len - 1] == '\n') {
            line[--len] = '\0';
        }
        char *request = strchr(line, ' ') + 1;
        int expected = atoi(line);
        size_t proof_len = cap, openings_len = cap;
        int got = rp_prove_document(ctx, request, strlen(request), proof, &proof_len, openings,
                                    &openings_len, reason, sizeof reason);
        if (got != expected) {
            fprintf(stderr, "line %zu: rp_prove_document gave %d (%s)\n", lines, got, reason);
            failures++;
            continue;
        }
        if (got != 1) {
            if (reason[0] == '\0') {
                fprintf(stderr, "line %zu: refused without a reason\n", lines);
                failures++;
            }
            continue;
        }
        if (strlen(proof) != proof_len || strlen(openings) != openings_len) {
            fprintf(stderr, "line %zu: lengths do not match the text\n", lines);
            failures++;
        }
        if (rp_verify_document(ctx, proof, proof_len, reason, sizeof reason) != 1) {
            fprintf(stderr, "line %zu: the proof made does not verify (%s)\n", lines, reason);
            failures++;
        }
        /* The openings as a request: the same commitments, proved again. */
        size_t again_len = cap;
        if (rp_prove_document(ctx, openings, openings_len, again, &again_len, NULL, NULL, reason,
                              sizeof reason) != 1 ||
            rp_verify_document(ctx, again, again_len, reason, sizeof reason) != 1) {
            fprintf(stderr, "line %zu: the openings do not prove again (%s)\n", lines, reason);
            failures++;
        }
        /* A buffer too short: refused, with the length needed. */
        size_t short_len = 10, short_openings = cap;
        if (rp_prove_document(ctx, request, strlen(request), again, &short_len, openings,
                              &short_openings, reason, sizeof reason) != -1 ||
            short_len < 10 || short_len >= cap) {
            fprintf(stderr, "line %zu: a short buffer was not refused as it should\n", lines);
            failures++;
        }
    }
    /* No openings buffer: refused when the blindings are drawn here (they would be lost), made
     * when the request says "discard_openings": true (which an openings buffer contradicts). */
    const char *fresh = "{\"bits\": 8, \"values\": [5]}";
    const char *discard = "{\"bits\": 8, \"values\": [5], \"discard_openings\": true}";
    size_t m = cap, o = cap;
    if (rp_prove_document(ctx, fresh, strlen(fresh), proof, &m, NULL, NULL, reason,
                          sizeof reason) != -1 ||
        strstr(reason, "discard_openings") == NULL) {
        fprintf(stderr, "fresh blindings were dropped without consent (%s)\n", reason);
        failures++;
    }
    m = cap;
    if (rp_prove_document(ctx, discard, strlen(discard), proof, &m, NULL, NULL, reason,
                          sizeof reason) != 1 ||
        rp_verify_document(ctx, proof, m, reason, sizeof reason) != 1) {
        fprintf(stderr, "an explicit discard did not prove (%s)\n", reason);
        failures++;
    }
    m = cap;
    if (rp_prove_document(ctx, discard, strlen(discard), proof, &m, openings, &o, reason,
                          sizeof reason) != -1) {
        fprintf(stderr, "discard_openings with an openings buffer was taken\n");
        failures++;
    }
    /* NULLs. */
    size_t n = cap;
    if (rp_prove_document(NULL, "{}", 2, proof, &n, NULL, NULL, NULL, 0) != -1 ||
        rp_prove_document(ctx, NULL, 0, proof, &n, NULL, NULL, NULL, 0) != -1 ||
        rp_prove_document(ctx, "{}", 2, NULL, &n, NULL, NULL, NULL, 0) != -1 ||
        rp_prove_document(ctx, "{}", 2, proof, NULL, NULL, NULL, NULL, 0) != -1 ||
        rp_prove_document(ctx, "{}", 2, proof, &n, openings, NULL, NULL, 0) != -1) {
        fprintf(stderr, "NULL arguments were taken\n");
        failures++;
    }
    printf("%zu requests, %d disagreements\n", lines, failures);
    free(proof);
    free(openings);
    free(again);
    free(line);
    fclose(file);
    rp_context_destroy(ctx);
    return failures == 0 ? 0 : 1;
}
