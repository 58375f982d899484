/*
 * Monero's range proofs through the C library, from the header alone. Each line of the input:
 *
 *   <bp|bpplus> <expected> <proof hex> <mask hex>[,<mask hex>...]
 *
 * with the verdict the proof must get. All proofs of a kind are verified in one call, which
 * must name exactly the invalid ones; each is verified alone too. Exits 0 when all agree.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "rangeproof.h"

#define MAX_PROOFS 128

struct kind {
    const unsigned char *proofs[MAX_PROOFS];
    size_t proof_lens[MAX_PROOFS];
    const unsigned char *masks[MAX_PROOFS];
    size_t n_outputs[MAX_PROOFS];
    size_t expected_invalid[MAX_PROOFS];
    size_t n, n_expected_invalid;
};

typedef int (*verify_fn)(const rp_context *, const unsigned char *const *, const size_t *,
                         const unsigned char *const *, const size_t *, size_t, size_t *, size_t,
                         size_t *);

static int check(const rp_context *ctx, const char *name, struct kind *k, verify_fn verify) {
    int failures = 0;
    size_t invalid[MAX_PROOFS], n_invalid = 0;
    int all = verify(ctx, k->proofs, k->proof_lens, k->masks, k->n_outputs, k->n, invalid,
                     MAX_PROOFS, &n_invalid);
    if (all != (k->n_expected_invalid == 0) || n_invalid != k->n_expected_invalid ||
        memcmp(invalid, k->expected_invalid, n_invalid * sizeof(size_t)) != 0) {
        fprintf(stderr, "%s: the batch of %zu named %zu invalid, expected %zu\n", name, k->n,
                n_invalid, k->n_expected_invalid);
        failures++;
    }
    for (size_t i = 0; i < k->n; i++) {
        int alone = verify(ctx, &k->proofs[i], &k->proof_lens[i], &k->masks[i],
                           &k->n_outputs[i], 1, NULL, 0, NULL);
        int bad = 0;
        for (size_t j = 0; j < k->n_expected_invalid; j++) {
            bad |= k->expected_invalid[j] == i;
        }
        if (alone != !bad) {
            fprintf(stderr, "%s: proof %zu alone gave %d\n", name, i, alone);
            failures++;
        }
    }
    return failures;
}

int main(int argc, char **argv) {
    FILE *file = open_input(argc, argv, "PROOFS");
    rp_context *ctx = rp_context_create();
    static struct kind bp, bpplus;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, file)) > 0) {
        if (line[len - 1] == '\n') {
            line[len - 1] = '\0';
        }
        struct kind *k = strcmp(strtok(line, " "), "bp") == 0 ? &bp : &bpplus;
        int expected = atoi(strtok(NULL, " "));
        char *proof_hex = strtok(NULL, " ");
        char *masks_hex = strtok(NULL, " ");
        if (k->n == MAX_PROOFS) {
            continue;
        }
        unsigned char *proof = malloc(strlen(proof_hex) / 2 + 1);
        k->proof_lens[k->n] = unhex(proof_hex, proof, strlen(proof_hex) / 2 + 1);
        k->proofs[k->n] = proof;
        unsigned char *masks = malloc(strlen(masks_hex) / 2 + 32);
        size_t outputs = 0;
        for (char *m = strtok(masks_hex, ","); m != NULL; m = strtok(NULL, ",")) {
            unhex(m, masks + 32 * outputs, 32);
            outputs++;
        }
        k->masks[k->n] = masks;
        k->n_outputs[k->n] = outputs;
        if (expected != 1) {
            k->expected_invalid[k->n_expected_invalid++] = k->n;
        }
        k->n++;
    }
    int failures = check(ctx, "bulletproofs", &bp, rp_monero_bulletproof_verify) +
                   check(ctx, "bulletproofs+", &bpplus, rp_monero_bulletproof_plus_verify);

    /* Unusable: NULL arrays, an output count out of range. */
    size_t zero = 0, seventeen = 17, one = 1;
    const unsigned char *none = NULL;
    if (rp_monero_bulletproof_plus_verify(ctx, NULL, &one, &none, &one, 1, NULL, 0, NULL) != -1 ||
        (bpplus.n > 0 &&
         (rp_monero_bulletproof_plus_verify(ctx, bpplus.proofs, bpplus.proof_lens, bpplus.masks,
                                            &zero, 1, NULL, 0, NULL) != -1 ||
          rp_monero_bulletproof_plus_verify(ctx, bpplus.proofs, bpplus.proof_lens, bpplus.masks,
                                            &seventeen, 1, NULL, 0, NULL) != -1))) {
        fprintf(stderr, "bad arguments were taken\n");
        failures++;
    }

    printf("%zu bulletproofs, %zu bulletproofs+, %d disagreements\n", bp.n, bpplus.n, failures);
    for (size_t i = 0; i < bp.n; i++) {
        free((void *)bp.proofs[i]);
        free((void *)bp.masks[i]);
    }
    for (size_t i = 0; i < bpplus.n; i++) {
        free((void *)bpplus.proofs[i]);
        free((void *)bpplus.masks[i]);
    }
    rp_context_destroy(ctx);
    free(line);
    fclose(file);
    return failures == 0 ? 0 : 1;
}
