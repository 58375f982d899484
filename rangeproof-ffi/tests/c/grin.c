/*
 * libsecp256k1-zkp's functions as Grin calls them, through the C library, from the header
 * alone. Each line of the input file is one check:
 *
 *   verify <expected> <generators_n> <bits> <proof hex> <commitment hex>[,<commitment hex>...]
 *   rewind <nonce hex> <value> <blinding hex> <proof hex> <commitment hex>
 *   commit <blinding hex> <value> <commitment hex>
 *
 * Every verify line is checked alone; those with 256 generators, 64 bits and one commitment
 * are checked once more together with rp_grin_bulletproof_verify_multi, which must name exactly
 * the invalid ones. A rewind line must give its value and blinding back, and nothing with
 * another nonce. A commit line must make its commitment. Exits 0 when all agree.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rangeproof.h"
#include "hex.h"

#define MAX_MULTI 256

static int failures = 0;

static void parse_commitment(const rp_context *ctx, const char *hex, rp_pedersen_commitment *c) {
    unsigned char bytes[33];
    if (unhex(hex, bytes, sizeof bytes) != 33 || rp_pedersen_commitment_parse(ctx, c, bytes) != 1) {
        fprintf(stderr, "a commitment does not parse: %s\n", hex);
        failures++;
    }
}

int main(int argc, char **argv) {
    FILE *file = open_input(argc, argv, "CHECKS");
    rp_context *ctx = rp_context_create();
    rp_bulletproof_generators *gens256 = rp_bulletproof_generators_create(ctx, 256);
    if (ctx == NULL || gens256 == NULL) {
        return 1;
    }
    if (rp_bulletproof_generators_create(ctx, 1) != NULL ||
        rp_bulletproof_generators_create(NULL, 256) != NULL) {
        fprintf(stderr, "generators of a bad count were made\n");
        failures++;
    }

    unsigned char *multi_proofs[MAX_MULTI];
    rp_pedersen_commitment multi_commits[MAX_MULTI];
    const unsigned char *proof_ptrs[MAX_MULTI];
    const rp_pedersen_commitment *commit_ptrs[MAX_MULTI];
    size_t multi_invalid_expected[MAX_MULTI];
    size_t n_multi = 0, n_multi_invalid = 0, multi_plen = 0;

    char *line = NULL;
    size_t line_cap = 0, lines = 0, checks = 0;
    ssize_t len;
    while ((len = getline(&line, &line_cap, file)) > 0) {
        lines++;
        if (line[len - 1] == '\n') {
            line[len - 1] = '\0';
        }
        char *kind = strtok(line, " ");
        if (kind == NULL) {
            continue;
        }
        checks++;
        if (strcmp(kind, "verify") == 0) {
            int expected = atoi(strtok(NULL, " "));
            size_t n_gens = strtoul(strtok(NULL, " "), NULL, 10);
            size_t bits = strtoul(strtok(NULL, " "), NULL, 10);
            char *proof_hex = strtok(NULL, " ");
            char *commits_hex = strtok(NULL, " ");
            unsigned char *proof = malloc(strlen(proof_hex) / 2 + 1);
            size_t plen = unhex(proof_hex, proof, strlen(proof_hex) / 2 + 1);
            rp_pedersen_commitment commits[64];
            size_t n_commits = 0;
            for (char *c = strtok(commits_hex, ","); c != NULL; c = strtok(NULL, ",")) {
                parse_commitment(ctx, c, &commits[n_commits++]);
            }
            rp_bulletproof_generators *gens =
                n_gens == 256 ? gens256 : rp_bulletproof_generators_create(ctx, n_gens);
            int got = rp_grin_bulletproof_verify(ctx, gens, proof, plen, NULL, commits, n_commits,
                                                 bits, NULL, NULL, 0);
            if (got != expected) {
                fprintf(stderr, "line %zu: verify gave %d, expected %d\n", lines, got, expected);
                failures++;
            }
            if (gens != gens256) {
                rp_bulletproof_generators_destroy(ctx, gens);
            }
            if (n_gens == 256 && bits == 64 && n_commits == 1 && n_multi < MAX_MULTI &&
                (n_multi == 0 || plen == multi_plen)) {
                multi_plen = plen;
                multi_proofs[n_multi] = proof;
                multi_commits[n_multi] = commits[0];
                if (expected != 1) {
                    multi_invalid_expected[n_multi_invalid++] = n_multi;
                }
                n_multi++;
            } else {
                free(proof);
            }
        } else if (strcmp(kind, "rewind") == 0) {
            unsigned char nonce[32], blind[32], proof[2048], got_blind[32], message[20];
            unhex(strtok(NULL, " "), nonce, 32);
            uint64_t value = strtoull(strtok(NULL, " "), NULL, 10);
            unhex(strtok(NULL, " "), blind, 32);
            size_t plen = unhex(strtok(NULL, " "), proof, sizeof proof);
            rp_pedersen_commitment commit;
            parse_commitment(ctx, strtok(NULL, " "), &commit);
            uint64_t got_value = 0;
            int got = rp_grin_bulletproof_rewind(ctx, &got_value, got_blind, proof, plen, 0,
                                                 &commit, NULL, nonce, NULL, 0, message);
            if (got != 1 || got_value != value || memcmp(got_blind, blind, 32) != 0) {
                fprintf(stderr, "line %zu: rewind gave %d, value %llu\n", lines, got,
                        (unsigned long long)got_value);
                failures++;
            }
            nonce[0] ^= 1;
            if (rp_grin_bulletproof_rewind(ctx, &got_value, got_blind, proof, plen, 0, &commit,
                                           NULL, nonce, NULL, 0, NULL) != 0) {
                fprintf(stderr, "line %zu: another nonce rewound the proof\n", lines);
                failures++;
            }
        } else if (strcmp(kind, "commit") == 0) {
            unsigned char blind[32], expected[33], made[33];
            unhex(strtok(NULL, " "), blind, 32);
            uint64_t value = strtoull(strtok(NULL, " "), NULL, 10);
            unhex(strtok(NULL, " "), expected, 33);
            rp_pedersen_commitment commit;
            if (rp_pedersen_commit(ctx, &commit, blind, value, NULL) != 1 ||
                rp_pedersen_commitment_serialize(ctx, made, &commit) != 1 ||
                memcmp(made, expected, 33) != 0) {
                fprintf(stderr, "line %zu: the commitment differs\n", lines);
                failures++;
            }
        } else {
            fprintf(stderr, "line %zu: unknown check %s\n", lines, kind);
            return 2;
        }
    }

    if (n_multi > 0) {
        for (size_t i = 0; i < n_multi; i++) {
            proof_ptrs[i] = multi_proofs[i];
            commit_ptrs[i] = &multi_commits[i];
        }
        size_t invalid[MAX_MULTI], n_invalid = 0;
        int all = rp_grin_bulletproof_verify_multi(ctx, gens256, proof_ptrs, n_multi, multi_plen,
                                                   NULL, commit_ptrs, 1, 64, NULL, NULL, NULL,
                                                   invalid, MAX_MULTI, &n_invalid);
        if (all != (n_multi_invalid == 0) || n_invalid != n_multi_invalid ||
            memcmp(invalid, multi_invalid_expected, n_invalid * sizeof(size_t)) != 0) {
            fprintf(stderr, "verify_multi over %zu proofs named %zu, expected %zu\n", n_multi,
                    n_invalid, n_multi_invalid);
            failures++;
        }
        for (size_t i = 0; i < n_multi; i++) {
            free(multi_proofs[i]);
        }
    }

    /* NULLs and bad encodings. */
    unsigned char zeros[33] = {0};
    rp_pedersen_commitment c;
    rp_generator g;
    if (rp_pedersen_commitment_parse(ctx, &c, zeros) != -1 || rp_generator_parse(ctx, &g, zeros) != -1 ||
        rp_pedersen_commitment_parse(ctx, NULL, zeros) != -1 ||
        rp_grin_bulletproof_verify(ctx, NULL, zeros, 1, NULL, &c, 1, 64, NULL, NULL, 0) != -1 ||
        rp_grin_bulletproof_verify(ctx, gens256, NULL, 0, NULL, &c, 1, 64, NULL, NULL, 0) != -1) {
        fprintf(stderr, "bad arguments were taken\n");
        failures++;
    }

    printf("%zu checks, %zu in one multi-verification, %d disagreements\n", checks, n_multi,
           failures);
    rp_bulletproof_generators_destroy(ctx, gens256);
    rp_context_destroy(ctx);
    free(line);
    fclose(file);
    return failures == 0 ? 0 : 1;
}
