/*
 * Bad arguments: NULL pointers, short and empty reason buffers, text that is not a document,
 * a document larger than allowed. Every call returns -1 (or NULL) and nothing crashes; the
 * reasons are NUL-terminated within the buffer given. Exits 0 when all hold.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rangeproof.h"

static int failures = 0;

#define CHECK(condition)                                                       \
    do {                                                                       \
        if (!(condition)) {                                                    \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #condition);    \
            failures++;                                                        \
        }                                                                      \
    } while (0)

int main(void) {
    const char *garbage = "{\"scheme\": \"bulletproofs\", \"proof\": ";
    char reason[64];

    rp_context *ctx = rp_context_create();
    CHECK(ctx != NULL);

    /* NULL everywhere. */
    CHECK(rp_verify_document(NULL, garbage, strlen(garbage), reason, sizeof reason) == -1);
    CHECK(strlen(reason) > 0 && strlen(reason) < sizeof reason);
    CHECK(rp_verify_document(ctx, NULL, 10, reason, sizeof reason) == -1);
    CHECK(rp_verify_document(ctx, NULL, 0, NULL, 0) == -1);
    CHECK(rp_batch_create(NULL) == NULL);
    CHECK(rp_batch_add_document(NULL, garbage, strlen(garbage), NULL, 0) == -1);
    size_t count = 0;
    CHECK(rp_batch_verify(NULL, NULL, 0, &count) == -1);
    rp_batch_destroy(NULL);
    rp_context_destroy(NULL);

    /* Not a document; not UTF-8; empty. */
    CHECK(rp_verify_document(ctx, garbage, strlen(garbage), reason, sizeof reason) == -1);
    CHECK(strlen(reason) > 0);
    const char not_utf8[] = {'{', (char)0xff, '}'};
    CHECK(rp_verify_document(ctx, not_utf8, sizeof not_utf8, reason, sizeof reason) == -1);
    CHECK(rp_verify_document(ctx, "", 0, reason, sizeof reason) == -1);

    /* Reasons truncated to the buffer, always terminated; a zero-length buffer untouched. */
    char tiny[4] = {'x', 'x', 'x', 'x'};
    CHECK(rp_verify_document(ctx, garbage, strlen(garbage), tiny, sizeof tiny) == -1);
    CHECK(tiny[3] == '\0' && strlen(tiny) == 3);
    char one = 'x';
    CHECK(rp_verify_document(ctx, garbage, strlen(garbage), &one, 1) == -1);
    CHECK(one == '\0');
    char untouched = 'x';
    CHECK(rp_verify_document(ctx, garbage, strlen(garbage), &untouched, 0) == -1);
    CHECK(untouched == 'x');

    /* Larger than a document may be (1 MiB): refused before it is read. */
    size_t big = (1u << 20) + 1;
    char *huge = malloc(big);
    memset(huge, ' ', big);
    CHECK(rp_verify_document(ctx, huge, big, reason, sizeof reason) == -1);
    free(huge);

    /* A batch refuses what is not a document and stays empty; NULL outputs are refused. */
    rp_batch *batch = rp_batch_create(ctx);
    CHECK(batch != NULL);
    CHECK(rp_batch_add_document(batch, garbage, strlen(garbage), reason, sizeof reason) == -1);
    CHECK(rp_batch_add_document(batch, NULL, 3, reason, sizeof reason) == -1);
    CHECK(rp_batch_verify(batch, NULL, 0, NULL) == -1);
    CHECK(rp_batch_verify(batch, NULL, 5, &count) == -1);
    count = 99;
    CHECK(rp_batch_verify(batch, NULL, 0, &count) == 1);
    CHECK(count == 0);

    /* A batch outlives its context. */
    rp_context_destroy(ctx);
    CHECK(rp_batch_verify(batch, NULL, 0, &count) == 1);
    rp_batch_destroy(batch);

    if (failures == 0) {
        printf("bad arguments: all refused\n");
    }
    return failures == 0 ? 0 : 1;
}
