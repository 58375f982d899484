/*
 * Solana's batched range proofs through the C library, from the header alone. Each line of
 * the input is one of
 *
 *   prove <expected> <values,...> <bit lengths,...> <blindings hex, 32 bytes each>
 *   verify <expected> <proof data hex>
 *
 * `prove` lines are proved (the result must be <expected>: 1 made, -1 refused), and what is
 * made is verified (1), verified with one byte altered (0) and added to the batch below.
 * `verify` lines must verify alone as <expected>; all proof data, made and given, is verified
 * in one call that must name exactly the invalid ones. Exits 0 when all agree.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "rangeproof.h"

#define MAX_DATA 64
#define MAX_VALUES 9

static const unsigned char *data[MAX_DATA];
static size_t data_lens[MAX_DATA];
static size_t expected_invalid[MAX_DATA];
static size_t n_data, n_expected_invalid;
static int disagreements;

/* Keeps `bytes` (owned) for the batch, with the verdict it must get. */
static void keep(unsigned char *bytes, size_t len, int valid) {
    if (n_data == MAX_DATA) {
        free(bytes);
        return;
    }
    if (!valid) {
        expected_invalid[n_expected_invalid++] = n_data;
    }
    data[n_data] = bytes;
    data_lens[n_data++] = len;
}

static int verify_one(const rp_context *ctx, const unsigned char *bytes, size_t len) {
    return rp_solana_batched_range_proof_verify(ctx, &bytes, &len, 1, NULL, 0, NULL);
}

/* Parses up to MAX_VALUES comma-separated unsigned integers. */
static size_t numbers(char *text, uint64_t *out) {
    size_t n = 0;
    for (char *item = strtok(text, ","); item != NULL && n < MAX_VALUES; item = strtok(NULL, ",")) {
        out[n++] = strtoull(item, NULL, 10);
    }
    return n;
}

static void prove_line(const rp_context *ctx, int expected, char *values_text, char *lengths_text,
                       char *blindings_hex) {
    uint64_t values[MAX_VALUES], lengths64[MAX_VALUES];
    size_t lengths[MAX_VALUES];
    /* strtok is not reentrant: the two lists are split one after the other. */
    char *lengths_copy = strdup(lengths_text);
    size_t n = numbers(values_text, values);
    size_t n_lengths = numbers(lengths_copy, lengths64);
    free(lengths_copy);
    for (size_t i = 0; i < n_lengths; i++) {
        lengths[i] = (size_t)lengths64[i];
    }
    unsigned char blindings[32 * MAX_VALUES];
    size_t blinding_bytes = unhex(blindings_hex, blindings, sizeof blindings);
    if (n != n_lengths || blinding_bytes != 32 * n) {
        fprintf(stderr, "a prove line with %zu values, %zu lengths, %zu blinding bytes\n", n,
                n_lengths, blinding_bytes);
        exit(2);
    }
    unsigned char *out = malloc(1064);
    size_t out_len = 1064;
    char reason[256];
    int made = rp_solana_batched_range_proof_prove(ctx, values, lengths, blindings, n, out,
                                                   &out_len, reason, sizeof reason);
    if (made != expected) {
        fprintf(stderr, "prove gave %d (%s), expected %d\n", made, reason, expected);
        disagreements++;
    }
    if (made != 1) {
        free(out);
        return;
    }
    /* A buffer one byte short is refused, with the length needed. */
    size_t short_len = out_len - 1;
    unsigned char *short_out = malloc(short_len);
    if (rp_solana_batched_range_proof_prove(ctx, values, lengths, blindings, n, short_out,
                                            &short_len, NULL, 0) != -1 ||
        short_len != out_len) {
        fprintf(stderr, "a short buffer was not refused with the length needed\n");
        disagreements++;
    }
    free(short_out);
    if (verify_one(ctx, out, out_len) != 1) {
        fprintf(stderr, "proof data made here does not verify\n");
        disagreements++;
    }
    unsigned char *altered = malloc(out_len);
    memcpy(altered, out, out_len);
    altered[out_len - 40] ^= 0x01;
    if (verify_one(ctx, altered, out_len) != 0) {
        fprintf(stderr, "altered proof data verifies\n");
        disagreements++;
    }
    keep(out, out_len, 1);
    keep(altered, out_len, 0);
}

int main(int argc, char **argv) {
    FILE *file = open_input(argc, argv, "LINES");
    rp_context *ctx = rp_context_create();
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, file)) > 0) {
        if (line[len - 1] == '\n') {
            line[len - 1] = '\0';
        }
        char *what = strtok(line, " ");
        int expected = atoi(strtok(NULL, " "));
        if (strcmp(what, "prove") == 0) {
            char *values = strtok(NULL, " ");
            char *lengths = strtok(NULL, " ");
            char *blindings = strtok(NULL, " ");
            prove_line(ctx, expected, values, lengths, blindings);
        } else {
            char *hex = strtok(NULL, " ");
            unsigned char *bytes = malloc(strlen(hex) / 2 + 1);
            size_t n = unhex(hex, bytes, strlen(hex) / 2 + 1);
            int alone = verify_one(ctx, bytes, n);
            if (alone != expected) {
                fprintf(stderr, "proof data of %zu bytes gave %d alone, expected %d\n", n, alone,
                        expected);
                disagreements++;
            }
            keep(bytes, n, expected == 1);
        }
    }
    free(line);
    fclose(file);
    size_t invalid[MAX_DATA], n_invalid = 0;
    int all = rp_solana_batched_range_proof_verify(ctx, data, data_lens, n_data, invalid,
                                                   MAX_DATA, &n_invalid);
    if (all != (n_expected_invalid == 0) || n_invalid != n_expected_invalid ||
        memcmp(invalid, expected_invalid, n_invalid * sizeof(size_t)) != 0) {
        fprintf(stderr, "the batch of %zu named %zu invalid, expected %zu\n", n_data, n_invalid,
                n_expected_invalid);
        disagreements++;
    }
    /* NULL arguments are unusable input. */
    if (rp_solana_batched_range_proof_verify(ctx, NULL, data_lens, 1, NULL, 0, NULL) != -1 ||
        rp_solana_batched_range_proof_verify(NULL, data, data_lens, 1, NULL, 0, NULL) != -1) {
        fprintf(stderr, "NULL arguments were not refused\n");
        disagreements++;
    }
    for (size_t i = 0; i < n_data; i++) {
        free((void *)data[i]);
    }
    rp_context_destroy(ctx);
    printf("%zu proof data, %d disagreements\n", n_data, disagreements);
    return disagreements != 0;
}
