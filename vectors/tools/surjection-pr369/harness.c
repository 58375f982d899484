/*
 * Makes asset surjection proofs with libsecp256k1-zkp's own prover, as it stands after
 * BlockstreamResearch/secp256k1-zkp PR #369 (upstream commit a2b001cc): the C code that made
 * vectors/elements-surjection-pr369-secp256k1.json. Built against the sources that
 * mllwchrry/rust-secp256k1-zkp vendors at commit 0241680e (secp256k1-zkp-sys/depend/secp256k1,
 * symbols prefixed rustsecp256k1zkp_v0_11_0_); `make.sh` fetches nothing, it takes a checkout.
 *
 * Each line of standard input is one case, hex fields separated by spaces:
 *   n_inputs n_to_use max_iterations seed output_asset output_blinding asset_1 .. asset_n
 *   blinding_1 .. blinding_n
 * Each line of standard output answers it:
 *   input_index iterations output_generator input_generator_1 .. input_generator_n proof
 * after secp256k1_surjectionproof_initialize(assets, n_to_use, output_asset, max_iterations,
 * seed), secp256k1_generator_generate_blinded for every generator,
 * secp256k1_surjectionproof_generate(..., input_index, its blinding, the output's) and
 * secp256k1_surjectionproof_verify (which must accept), the proof serialized.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "secp256k1.h"
#include "secp256k1_preallocated.h"
#include "secp256k1_generator.h"
#include "secp256k1_surjectionproof.h"

#define P(name) rustsecp256k1zkp_v0_11_0_##name

/* The vendored library calls these instead of its own default callbacks. */
void P(default_illegal_callback_fn)(const char *message, void *data) {
    (void)data;
    fprintf(stderr, "illegal argument: %s\n", message);
    abort();
}
void P(default_error_callback_fn)(const char *message, void *data) {
    (void)data;
    fprintf(stderr, "internal error: %s\n", message);
    abort();
}

static int read_hex(unsigned char *out, size_t len) {
    for (size_t i = 0; i < len; i++) {
        unsigned int byte;
        if (scanf("%2x", &byte) != 1) return 0;
        out[i] = (unsigned char)byte;
    }
    return 1;
}

static void print_hex(const unsigned char *bytes, size_t len) {
    for (size_t i = 0; i < len; i++) printf("%02x", bytes[i]);
}

int main(void) {
    /* The crate builds context_create in Rust; the C library's preallocated form is its own. */
    void *memory = malloc(P(context_preallocated_size)(SECP256K1_CONTEXT_NONE));
    P(context) *ctx = P(context_preallocated_create)(memory, SECP256K1_CONTEXT_NONE);
    size_t n, n_to_use, max_iterations;
    while (scanf("%zu %zu %zu", &n, &n_to_use, &max_iterations) == 3) {
        unsigned char seed[32], output_blinding[32];
        P(fixed_asset_tag) output_asset, *assets = calloc(n, sizeof *assets);
        unsigned char (*blindings)[32] = calloc(n, 32);
        P(generator) output_generator, *generators = calloc(n, sizeof *generators);
        int ok = read_hex(seed, 32) && read_hex(output_asset.data, 32) &&
                 read_hex(output_blinding, 32);
        for (size_t i = 0; ok && i < n; i++) ok = read_hex(assets[i].data, 32);
        for (size_t i = 0; ok && i < n; i++) ok = read_hex(blindings[i], 32);
        if (!ok) {
            fprintf(stderr, "a line that is not a case\n");
            return 2;
        }
        P(surjectionproof) proof;
        size_t input_index;
        int iterations = P(surjectionproof_initialize)(ctx, &proof, &input_index, assets, n,
                                                       n_to_use, &output_asset,
                                                       max_iterations, seed);
        ok = iterations > 0 &&
             P(generator_generate_blinded)(ctx, &output_generator, output_asset.data,
                                           output_blinding);
        for (size_t i = 0; ok && i < n; i++) {
            ok = P(generator_generate_blinded)(ctx, &generators[i], assets[i].data, blindings[i]);
        }
        ok = ok && P(surjectionproof_generate)(ctx, &proof, generators, n, &output_generator,
                                                input_index, blindings[input_index],
                                                output_blinding);
        ok = ok && P(surjectionproof_verify)(ctx, &proof, generators, n, &output_generator);
        unsigned char serialized[SECP256K1_SURJECTIONPROOF_SERIALIZATION_BYTES_MAX];
        size_t len = sizeof serialized;
        ok = ok && P(surjectionproof_serialize)(ctx, serialized, &len, &proof);
        if (!ok) {
            fprintf(stderr, "the library refused a case (n = %zu)\n", n);
            return 1;
        }
        unsigned char point[33];
        printf("%zu %d ", input_index, iterations);
        P(generator_serialize)(ctx, point, &output_generator);
        print_hex(point, 33);
        for (size_t i = 0; i < n; i++) {
            printf(" ");
            P(generator_serialize)(ctx, point, &generators[i]);
            print_hex(point, 33);
        }
        printf(" ");
        print_hex(serialized, len);
        printf("\n");
        free(assets);
        free(blindings);
        free(generators);
    }
    P(context_preallocated_destroy)(ctx);
    free(memory);
    return 0;
}
