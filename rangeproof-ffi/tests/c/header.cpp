// The header compiles as C++ and declares what C++ callers use, with C linkage.
#include "rangeproof.h"

#include <cstddef>

int main() {
    rp_context *ctx = rp_context_create();
    char reason[32];
    int verdict = rp_verify_document(ctx, "{}", 2, reason, sizeof reason);
    rp_batch *batch = rp_batch_create(ctx);
    std::size_t n_invalid = 0;
    int all = rp_batch_verify(batch, nullptr, 0, &n_invalid);
    rp_batch_destroy(batch);
    rp_context_destroy(ctx);
    return (verdict == -1 && all == 1 && n_invalid == 0) ? 0 : 1;
}
