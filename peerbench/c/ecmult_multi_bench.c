/* Times libsecp256k1-zkp's secp256k1_ecmult_multi_var (Grin's fork, as grin_secp256k1zkp 0.8
 * vendors and configures it): for each size n given on the command line, `iterations` runs
 * over n random points, each run with fresh random scalars; prints "n microseconds-per-point".
 * Includes the library's sources, so it calls the internal function directly. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "src/secp256k1.c"

typedef struct {
    const secp256k1_scalar *sc;
    const secp256k1_ge *pt;
} bench_data;

static int callback(secp256k1_scalar *sc, secp256k1_ge *pt, size_t idx, void *data) {
    const bench_data *d = (const bench_data *) data;
    *sc = d->sc[idx];
    *pt = d->pt[idx];
    return 1;
}

/* xorshift64*: reproducible inputs without a dependency. */
static uint64_t state = 0x9e3779b97f4a7c15ull;
static uint64_t next(void) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545f4914f6cdd1dull;
}

static void random_scalar(secp256k1_scalar *s) {
    unsigned char b[32];
    int i, overflow;
    for (i = 0; i < 32; i++) {
        b[i] = (unsigned char) next();
    }
    secp256k1_scalar_set_b32(s, b, &overflow);
}

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_VERIFY | SECP256K1_CONTEXT_SIGN);
    int a;
    size_t iterations;
    if (argc < 3) {
        fprintf(stderr, "usage: %s iterations n...\n", argv[0]);
        return 2;
    }
    iterations = (size_t) atol(argv[1]);
    for (a = 2; a < argc; a++) {
        size_t n = (size_t) atol(argv[a]), i, it;
        secp256k1_scalar *sc = malloc(n * sizeof(*sc));
        secp256k1_ge *pt = malloc(n * sizeof(*pt));
        secp256k1_gej *ptj = malloc(n * sizeof(*ptj));
        secp256k1_scratch_space *scratch = secp256k1_scratch_space_create(ctx, 256 * 1024 * 1024);
        secp256k1_gej r;
        bench_data data;
        double start, total = 0;
        for (i = 0; i < n; i++) {
            secp256k1_scalar k;
            random_scalar(&k);
            secp256k1_ecmult_gen(&ctx->ecmult_gen_ctx, &ptj[i], &k);
        }
        secp256k1_ge_set_all_gej_var(pt, ptj, n);
        data.sc = sc;
        data.pt = pt;
        for (it = 0; it <= iterations; it++) {
            for (i = 0; i < n; i++) {
                random_scalar(&sc[i]);
            }
            start = now_us();
            if (!secp256k1_ecmult_multi_var(&ctx->ecmult_ctx, scratch, &r, NULL, callback, &data, n)) {
                fprintf(stderr, "ecmult_multi_var failed\n");
                return 1;
            }
            if (it > 0) { /* the first run warms up */
                total += now_us() - start;
            }
        }
        printf("%zu %.3f\n", n, total / iterations / n);
        secp256k1_scratch_space_destroy(scratch);
        free(sc);
        free(pt);
        free(ptj);
    }
    secp256k1_context_destroy(ctx);
    return 0;
}
