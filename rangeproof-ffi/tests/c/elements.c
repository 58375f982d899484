/*
 * Elements' proofs through the C library, from the header alone. Each line of the input:
 *
 *   borromean <expected> <commitment hex> <generator hex> <extra hex or -> <proof hex>
 *   surjection <expected> <output generator hex> <input generator hex>[,...] <proof hex>
 *   rewind <nonce hex> <value> <blinding hex> <message hex or -> <commitment hex>
 *          <generator hex> <extra hex or -> <proof hex>
 *   tx <expected> <transaction hex> <spent asset hex>:<spent value hex>[,...] or -
 *
 * A Borromean proof must verify or not as expected, and when valid its range must match
 * rp_rangeproof_info's; a rewind line must give its value, blinding and message back, and
 * nothing with another nonce; a transaction must get its verdict (1 valid, 0 invalid,
 * 2 incomplete, -1 unusable) and a report that says it. Exits 0 when all agree.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "rangeproof.h"

static int failures = 0;

static void fail(size_t line, const char *what) {
    fprintf(stderr, "line %zu: %s\n", line, what);
    failures++;
}

static size_t optional_hex(const char *text, unsigned char *out, size_t cap) {
    return strcmp(text, "-") == 0 ? 0 : unhex(text, out, cap);
}

int main(int argc, char **argv) {
    FILE *file = open_input(argc, argv, "CHECKS");
    rp_context *ctx = rp_context_create();
    static unsigned char proof[16384], extra[4096], bytes33[33];
    char *line = NULL;
    size_t cap = 0, lines = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, file)) > 0) {
        lines++;
        if (line[len - 1] == '\n') {
            line[len - 1] = '\0';
        }
        const char *kind = strtok(line, " ");
        if (strcmp(kind, "borromean") == 0) {
            int expected = atoi(strtok(NULL, " "));
            rp_pedersen_commitment commit;
            rp_generator gen;
            unhex(strtok(NULL, " "), bytes33, 33);
            if (rp_pedersen_commitment_parse(ctx, &commit, bytes33) != 1) {
                fail(lines, "the commitment does not parse");
                continue;
            }
            unhex(strtok(NULL, " "), bytes33, 33);
            if (rp_generator_parse(ctx, &gen, bytes33) != 1) {
                fail(lines, "the generator does not parse");
                continue;
            }
            size_t extra_len = optional_hex(strtok(NULL, " "), extra, sizeof extra);
            size_t plen = unhex(strtok(NULL, " "), proof, sizeof proof);
            uint64_t min = 0, max = 0;
            int got = rp_rangeproof_verify(ctx, &min, &max, &commit, proof, plen,
                                           extra_len ? extra : NULL, extra_len, &gen);
            if (got != expected) {
                fail(lines, "rp_rangeproof_verify disagrees");
            }
            int exp, mantissa;
            uint64_t info_min, info_max;
            if (got == 1 &&
                (rp_rangeproof_info(ctx, &exp, &mantissa, &info_min, &info_max, proof, plen) != 1 ||
                 info_min != min || info_max != max || min > max)) {
                fail(lines, "the range differs from rp_rangeproof_info's");
            }
        } else if (strcmp(kind, "surjection") == 0) {
            int expected = atoi(strtok(NULL, " "));
            rp_generator output, inputs[256];
            unhex(strtok(NULL, " "), bytes33, 33);
            if (rp_generator_parse(ctx, &output, bytes33) != 1) {
                fail(lines, "the output generator does not parse");
                continue;
            }
            size_t n_inputs = 0;
            char *inputs_hex = strtok(NULL, " ");
            char *proof_hex = strtok(NULL, " ");
            for (char *g = strtok(inputs_hex, ","); g != NULL && n_inputs < 256;
                 g = strtok(NULL, ",")) {
                unhex(g, bytes33, 33);
                if (rp_generator_parse(ctx, &inputs[n_inputs++], bytes33) != 1) {
                    fail(lines, "an input generator does not parse");
                }
            }
            size_t plen = unhex(proof_hex, proof, sizeof proof);
            if (rp_surjectionproof_verify(ctx, proof, plen, inputs, n_inputs, &output) !=
                expected) {
                fail(lines, "rp_surjectionproof_verify disagrees");
            }
        } else if (strcmp(kind, "rewind") == 0) {
            unsigned char nonce[32], blind[32], message[256], got_blind[32], got_message[4096];
            unhex(strtok(NULL, " "), nonce, 32);
            uint64_t value = strtoull(strtok(NULL, " "), NULL, 10);
            unhex(strtok(NULL, " "), blind, 32);
            size_t message_len = optional_hex(strtok(NULL, " "), message, sizeof message);
            rp_pedersen_commitment commit;
            rp_generator gen;
            unhex(strtok(NULL, " "), bytes33, 33);
            rp_pedersen_commitment_parse(ctx, &commit, bytes33);
            unhex(strtok(NULL, " "), bytes33, 33);
            rp_generator_parse(ctx, &gen, bytes33);
            size_t extra_len = optional_hex(strtok(NULL, " "), extra, sizeof extra);
            size_t plen = unhex(strtok(NULL, " "), proof, sizeof proof);
            uint64_t got_value = 0, min = 0, max = 0;
            size_t outlen = sizeof got_message;
            int got = rp_rangeproof_rewind(ctx, got_blind, &got_value, got_message, &outlen, nonce,
                                           &min, &max, &commit, proof, plen,
                                           extra_len ? extra : NULL, extra_len, &gen);
            if (got != 1 || got_value != value || memcmp(got_blind, blind, 32) != 0 ||
                outlen < message_len || memcmp(got_message, message, message_len) != 0 ||
                value < min || value > max) {
                fail(lines, "the rewind does not give the opening back");
            }
            nonce[5] ^= 0x80;
            if (rp_rangeproof_rewind(ctx, got_blind, &got_value, NULL, NULL, nonce, NULL, NULL,
                                     &commit, proof, plen, extra_len ? extra : NULL, extra_len,
                                     &gen) != 0) {
                fail(lines, "another nonce rewound the proof");
            }
        } else if (strcmp(kind, "tx") == 0) {
            static unsigned char tx[1 << 20], spent_bytes[2][64][33];
            static char report[1 << 16];
            const unsigned char *assets[64], *values[64];
            size_t asset_lens[64], value_lens[64], n_spent = 0;
            int expected = atoi(strtok(NULL, " "));
            size_t tx_len = unhex(strtok(NULL, " "), tx, sizeof tx);
            char *spent = strtok(NULL, " ");
            int given = strcmp(spent, "-") != 0;
            for (char *pair = given ? strtok(spent, ",") : NULL; pair != NULL && n_spent < 64;
                 pair = strtok(NULL, ",")) {
                char *colon = strchr(pair, ':');
                *colon = '\0';
                asset_lens[n_spent] = unhex(pair, spent_bytes[0][n_spent], 33);
                value_lens[n_spent] = unhex(colon + 1, spent_bytes[1][n_spent], 33);
                assets[n_spent] = spent_bytes[0][n_spent];
                values[n_spent] = spent_bytes[1][n_spent];
                n_spent++;
            }
            char reason[256];
            size_t report_len = sizeof report;
            int got = rp_liquid_verify_tx(ctx, tx, tx_len, given ? assets : NULL, asset_lens,
                                          values, value_lens, n_spent, report, &report_len,
                                          reason, sizeof reason);
            static const char *words[] = {"\"verdict\":\"invalid\"", "\"verdict\":\"valid\"",
                                          "\"verdict\":\"incomplete\""};
            if (got != expected) {
                fprintf(stderr, "line %zu: rp_liquid_verify_tx gave %d (%s)\n", lines, got, reason);
                failures++;
            } else if (got >= 0 && (strlen(report) != report_len || strstr(report, words[got]) == NULL)) {
                fail(lines, "the report does not say the verdict");
            } else if (got < 0 && reason[0] == '\0') {
                fail(lines, "refused without a reason");
            }
            /* A report buffer too short: refused, with the length needed. */
            size_t short_len = 8;
            if (got >= 0 &&
                (rp_liquid_verify_tx(ctx, tx, tx_len, given ? assets : NULL, asset_lens, values,
                                     value_lens, n_spent, report, &short_len, NULL, 0) != -1 ||
                 short_len != report_len)) {
                fail(lines, "a short report buffer was not refused with the length needed");
            }
        } else {
            fprintf(stderr, "line %zu: unknown check %s\n", lines, kind);
            return 2;
        }
    }

    /* Unusable arguments. */
    rp_pedersen_commitment commit;
    int exp, mantissa;
    uint64_t min, max;
    memset(&commit, 0, sizeof commit);
    if (rp_rangeproof_verify(ctx, NULL, NULL, NULL, proof, 10, NULL, 0, NULL) != -1 ||
        rp_rangeproof_verify(ctx, NULL, NULL, &commit, proof, 10, NULL, 0, NULL) != -1 ||
        rp_rangeproof_verify(ctx, NULL, NULL, &commit, proof, 10, NULL, 5, NULL) != -1 ||
        rp_rangeproof_info(ctx, &exp, &mantissa, &min, &max, proof, 3) != -1 ||
        rp_rangeproof_info(ctx, NULL, &mantissa, &min, &max, proof, 100) != -1 ||
        rp_surjectionproof_verify(ctx, proof, 10, NULL, 1, NULL) != -1 ||
        rp_liquid_verify_tx(NULL, proof, 10, NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, 0) != -1 ||
        rp_liquid_verify_tx(ctx, NULL, 10, NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, 0) != -1 ||
        rp_liquid_verify_tx(ctx, proof, 10, NULL, NULL, NULL, NULL, 1, NULL, NULL, NULL, 0) != -1 ||
        rp_liquid_verify_tx(ctx, proof, 4000001, NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, 0) !=
            -1) {
        fprintf(stderr, "bad arguments were taken\n");
        failures++;
    }

    printf("%zu checks, %d disagreements\n", lines, failures);
    rp_context_destroy(ctx);
    free(line);
    fclose(file);
    return failures == 0 ? 0 : 1;
}
