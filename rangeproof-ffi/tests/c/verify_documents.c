/*
 * Verifies a file of proof documents through the C library, written from the header alone.
 *
 * Each line of the file is "<expected> <json>": the verdict rp_verify_document must give (1
 * valid, 0 invalid, -1 unusable). Every document is verified alone and added to one batch;
 * the batch must name exactly the invalid ones, in order, and refuse the unusable ones —
 * without a blame limit; with one (the default, and 0), the ones not valid must include every
 * invalid one, and the ones not named be among them.
 * Exits 0 when everything agrees, 1 otherwise (each disagreement printed), 2 on a usage error.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rangeproof.h"
#include "hex.h"

int main(int argc, char **argv) {
    FILE *file = open_input(argc, argv, "DOCUMENTS");
    rp_context *ctx = rp_context_create();
    rp_batch *batch = rp_batch_create(ctx);
    if (ctx == NULL || batch == NULL) {
        fprintf(stderr, "could not make a context and a batch\n");
        return 1;
    }

    size_t capacity = 64, n_expected = 0, added = 0, lines = 0, failures = 0;
    size_t *expected_invalid = malloc(capacity * sizeof *expected_invalid);
    char *line = NULL;
    size_t line_cap = 0;
    ssize_t n;
    char reason[256];
    while ((n = getline(&line, &line_cap, file)) > 0) {
        lines++;
        if (line[n - 1] == '\n') {
            line[--n] = '\0';
        }
        char *json = strchr(line, ' ');
        if (json == NULL) {
            fprintf(stderr, "line %zu: no verdict\n", lines);
            return 2;
        }
        *json++ = '\0';
        int expected = atoi(line);
        size_t len = strlen(json);

        int got = rp_verify_document(ctx, json, len, reason, sizeof reason);
        if (got != expected) {
            fprintf(stderr, "line %zu: rp_verify_document gave %d, expected %d (%s)\n", lines,
                    got, expected, reason);
            failures++;
        }
        if (got == 1 && reason[0] != '\0') {
            fprintf(stderr, "line %zu: a reason for a valid proof: %s\n", lines, reason);
            failures++;
        }

        int add = rp_batch_add_document(batch, json, len, reason, sizeof reason);
        if (expected == -1) {
            if (add != -1 || reason[0] == '\0') {
                fprintf(stderr, "line %zu: the batch took an unusable document (%d)\n", lines,
                        add);
                failures++;
            }
            continue;
        }
        if (add != 1) {
            fprintf(stderr, "line %zu: rp_batch_add_document gave %d (%s)\n", lines, add,
                    reason);
            failures++;
            continue;
        }
        if (expected == 0) {
            if (n_expected == capacity) {
                capacity *= 2;
                expected_invalid = realloc(expected_invalid, capacity * sizeof *expected_invalid);
            }
            expected_invalid[n_expected++] = added;
        }
        added++;
    }

    size_t *invalid = malloc((added + 1) * sizeof *invalid);
    size_t *not_named = malloc((added + 1) * sizeof *not_named);
    size_t n_invalid = 0, n_not_named = 0;
    /* Within a blame limit: the default (16), then none named by search. */
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1 && rp_batch_set_blame_limit(batch, 0) != 1) {
            fprintf(stderr, "rp_batch_set_blame_limit refused 0\n");
            failures++;
        }
        int verdict = rp_batch_verify(batch, invalid, added + 1, &n_invalid);
        int listed = rp_batch_not_named(batch, not_named, added + 1, &n_not_named);
        if (verdict != (n_expected == 0 ? 1 : 0) || listed != 1 || n_invalid < n_expected) {
            fprintf(stderr, "limit pass %d: %d with %zu not valid, %zu expected invalid\n", pass,
                    verdict, n_invalid, n_expected);
            failures++;
            continue;
        }
        for (size_t k = 0, at = 0; k < n_expected; k++) {
            while (at < n_invalid && invalid[at] < expected_invalid[k]) at++;
            if (at == n_invalid || invalid[at] != expected_invalid[k]) {
                fprintf(stderr, "limit pass %d: invalid %zu not listed\n", pass,
                        expected_invalid[k]);
                failures++;
            }
        }
        for (size_t k = 0, at = 0; k < n_not_named; k++) {
            while (at < n_invalid && invalid[at] < not_named[k]) at++;
            if (at == n_invalid || invalid[at] != not_named[k]) {
                fprintf(stderr, "limit pass %d: not named %zu not listed\n", pass, not_named[k]);
                failures++;
            }
        }
    }
    if (rp_batch_set_blame_limit(batch, SIZE_MAX) != 1 || rp_batch_set_blame_limit(NULL, 1) != -1) {
        fprintf(stderr, "rp_batch_set_blame_limit misbehaves\n");
        failures++;
    }
    int all_valid = rp_batch_verify(batch, invalid, added + 1, &n_invalid);
    if (all_valid != (n_expected == 0 ? 1 : 0) || n_invalid != n_expected) {
        fprintf(stderr, "the batch gave %d with %zu invalid; expected %zu invalid\n", all_valid,
                n_invalid, n_expected);
        failures++;
    } else {
        for (size_t k = 0; k < n_invalid; k++) {
            if (invalid[k] != expected_invalid[k]) {
                fprintf(stderr, "the batch named position %zu where %zu was expected\n",
                        invalid[k], expected_invalid[k]);
                failures++;
            }
        }
    }
    if (rp_batch_not_named(batch, not_named, added + 1, &n_not_named) != 1 || n_not_named != 0) {
        fprintf(stderr, "without a limit, %zu not named\n", n_not_named);
        failures++;
    }
    /* A short output array: the count is still the full one, and the prefix is written. */
    if (n_expected > 1) {
        size_t first = (size_t)-1, count = 0;
        rp_batch_verify(batch, &first, 1, &count);
        if (count != n_expected || first != expected_invalid[0]) {
            fprintf(stderr, "a one-slot output gave %zu (first %zu)\n", count, first);
            failures++;
        }
    }

    printf("%zu documents, %zu in the batch, %zu invalid named, %zu disagreements\n", lines,
           added, n_invalid, failures);
    rp_batch_destroy(batch);
    rp_context_destroy(ctx);
    free(invalid);
    free(not_named);
    free(expected_invalid);
    free(line);
    fclose(file);
    return failures == 0 ? 0 : 1;
}
