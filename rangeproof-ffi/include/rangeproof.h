/*
 * rangeproof: transparent zero-knowledge range proofs (Bulletproofs, Bulletproofs+,
 * Bulletproofs++, Elements' Borromean and surjection proofs) for C and C++.
 * Generated from rangeproof-ffi by cbindgen: edit the Rust side, not this file.
 *
 * Results: 1 success or valid, 0 a well-formed proof that does not verify, -1 unusable input.
 * A reason buffer, where a function takes one, may be NULL; otherwise the reason is written
 * there NUL-terminated, truncated to the buffer's length (empty on success).
 *
 * Threads: an rp_context does not change after rp_context_create and may be used by any
 * number of threads at once; an rp_batch belongs to one thread at a time. Nothing here keeps
 * global state the caller can observe, and no call crashes on bad input.
 *
 * Licence: MIT OR Apache-2.0.
 */

#ifndef RANGEPROOF_H
#define RANGEPROOF_H

#include <stddef.h>
#include <stdint.h>

/*
 A batch of documents: parsed when added, verified together when the batch is
 (`rangeproof_documents::batch`: one multiscalar multiplication per group, on all cores with
 the `parallel` feature).
 */
typedef struct rp_batch rp_batch;

/*
 The Bulletproofs generator list of one count N (`secp256k1_bulletproof_generators`),
 owned by the caller: derived when made, freed when destroyed.
 */
typedef struct rp_bulletproof_generators rp_bulletproof_generators;

/*
 A context: the generators and tables of every proof system, derived in it on first use and
 freed when it is destroyed. It does not change after it is made (what it derives, it derives
 once, behind locks of its own): share one context among any number of threads.
 */
typedef struct rp_context rp_context;

/*
 A Pedersen commitment r G + v A, opaque: fill it with `rp_pedersen_commitment_parse`
 or `rp_pedersen_commit`, read it with `rp_pedersen_commitment_serialize` (33 bytes, `08`/`09`
 then x, as `secp256k1_pedersen_commitment_serialize`).
 */
typedef struct {
  unsigned char data[64];
} rp_pedersen_commitment;

/*
 A value generator (H, or a Confidential-Assets asset generator), opaque: fill it with
 `rp_generator_parse` (33 bytes, `0a`/`0b` then x, as `secp256k1_generator_parse`).
 */
typedef struct {
  unsigned char data[64];
} rp_generator;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/*
 Makes an empty batch checked with `ctx`'s generators (which it keeps alive). Returns NULL
 when `ctx` is NULL or memory runs out.
 */
rp_batch *rp_batch_create(const rp_context *ctx);

/*
 Adds a proof document (JSON text of `json_len` bytes) to the batch.

 Returns 1 when it was added — its position is the number of documents added before it —,
 -1 for unusable input (NULL `batch` or `json`, text that is not a document): the batch is
 then unchanged, and the reason goes to `reason` as in `rp_verify_document`. A document whose
 proof does not decode is added, and counts as invalid.
 */
int rp_batch_add_document(rp_batch *batch,
                          const char *json,
                          size_t json_len,
                          char *reason,
                          size_t reason_len);

/*
 Sets how many invalid documents a failing batch names at most (16 unless set; `SIZE_MAX`:
 all of them, whatever the search costs). Past it the search stops, and the documents it did
 not reach are reported by `rp_batch_verify` among the ones not valid, and by
 `rp_batch_not_named`. The bound keeps a batch of invalid proofs (which anyone can send) from
 costing more than about twice a valid one. Returns 1, or -1 for a NULL `batch`.
 */
int rp_batch_set_blame_limit(rp_batch *batch,
                             size_t limit);

/*
 Verifies every document added, on all cores (rayon's pool; `RAYON_NUM_THREADS` caps it).
 Returns 1 when all are valid (an empty batch included), 0
 when some are not: their positions (in the order they were added, ascending) go to
 `invalid[0..*n_invalid)` — at most `invalid_cap` of them are written, `*n_invalid` is the
 full count either way —, -1 for NULL `batch` or `n_invalid` (or NULL `invalid` with a
 nonzero `invalid_cap`). Past the blame limit (`rp_batch_set_blame_limit`) the positions
 not valid include the ones the search did not name, which may be valid:
 `rp_batch_not_named` tells which.
 */
int rp_batch_verify(rp_batch *batch,
                    size_t *invalid,
                    size_t invalid_cap,
                    size_t *n_invalid);

/*
 The positions (ascending) the last `rp_batch_verify` did not name — its batch failed and the
 search stopped at the blame limit before them; each may be valid or not — into
 `not_named[0..*n_not_named)` (at most `cap` written, `*n_not_named` the full count). None
 before a verification. Returns 1, or -1 for NULL `batch` or `n_not_named` (or NULL
 `not_named` with a nonzero `cap`).
 */
int rp_batch_not_named(const rp_batch *batch,
                       size_t *not_named,
                       size_t cap,
                       size_t *n_not_named);

/*
 Destroys a batch (NULL: nothing happens).
 */
void rp_batch_destroy(rp_batch *batch);

/*
 Makes a context. Cheap: the generators are derived when first used.

 Returns NULL when memory runs out.
 */
rp_context *rp_context_create(void);

/*
 Destroys a context made by `rp_context_create` (NULL: nothing happens). Batches made from
 it stay usable: they hold what they need until they are destroyed.
 */
void rp_context_destroy(rp_context *ctx);

/*
 Verifies one proof document (JSON text of `json_len` bytes, not NUL-terminated) with the
 context's generators: any scheme the library supports (Bulletproofs, Bulletproofs+,
 Bulletproofs++, Borromean and surjection proofs, circuit proofs).

 Returns 1 when the proof is valid, 0 when the document is well-formed but its proof does not
 verify (or does not decode), -1 for unusable input: NULL `ctx` or `json`, text that is not a
 document, a document larger than 1 MiB. When `reason` is not NULL, the reason for 0 or -1
 (empty for 1) is written there, NUL-terminated and truncated to `reason_len` bytes.
 */
int rp_verify_document(const rp_context *ctx,
                       const char *json,
                       size_t json_len,
                       char *reason,
                       size_t reason_len);

/*
 Proves what a JSON request asks (`request_len` bytes): the suite (`scheme`, `group`,
 `flavor`), the statement (`bits`, `transcript_label`, `extension_degree`, `minimum_values`,
 `generators_n`, `value_generator`, `extra_data`, the suite's `parameters`), the `values`,
 and optionally the openings to prove for (`blindings`, the `commitments` they must make, a
 `rewind_nonce`) — an openings file is such a request. The proof document (the JSON
 `rp_verify_document` takes) goes to `proof_out`, the openings document (secret: values and
 blindings) to `openings_out`. `openings_out` may be NULL only when the request gives the
 blindings, or says `"discard_openings": true`: blindings drawn here and not written out
 would make commitments nobody can open, so that is refused unless asked for. Each buffer's capacity is `*..._len` on
 entry; on return `*..._len` is the JSON's length (NUL not counted), or the length needed
 when the buffer is too short (the result is then -1 and no proof was made public).

 Returns 1 made, -1 unusable input (with the reason in `reason`, as `rp_verify_document`).
 */
int rp_prove_document(const rp_context *ctx,
                      const char *request,
                      size_t request_len,
                      char *proof_out,
                      size_t *proof_len,
                      char *openings_out,
                      size_t *openings_len,
                      char *reason,
                      size_t reason_len);

/*
 Verifies a Borromean range proof (`secp256k1_rangeproof_verify`): `proof` of `plen` bytes
 for `commit` on the value generator `gen` (NULL: H), binding `extra_commit`. On success
 the range it proves goes to `*min_value` and `*max_value` (either may be NULL).

 Returns 1 valid, 0 invalid (including bytes that are not a proof), -1 for NULL inputs or a
 commitment or generator not made by this library.
 */
int rp_rangeproof_verify(const rp_context *ctx,
                         uint64_t *min_value,
                         uint64_t *max_value,
                         const rp_pedersen_commitment *commit,
                         const unsigned char *proof,
                         size_t plen,
                         const unsigned char *extra_commit,
                         size_t extra_commit_len,
                         const rp_generator *gen);

/*
 Verifies a Borromean range proof and, with the 32-byte `nonce` it was made with, recovers
 the blinding factor (32 bytes to `blind_out`), the value (`*value_out`) and the message
 (`secp256k1_rangeproof_rewind`): `message_out` may be NULL; otherwise `*outlen` holds its
 capacity on entry and the message's length on return (at most 4096 bytes; truncated to the
 capacity). The range goes to `*min_value` and `*max_value` (either may be NULL).

 Returns 1 recovered, 0 when the proof does not verify or the nonce does not open the
 commitment, -1 for unusable input.
 */
int rp_rangeproof_rewind(const rp_context *ctx,
                         unsigned char *blind_out,
                         uint64_t *value_out,
                         unsigned char *message_out,
                         size_t *outlen,
                         const unsigned char *nonce,
                         uint64_t *min_value,
                         uint64_t *max_value,
                         const rp_pedersen_commitment *commit,
                         const unsigned char *proof,
                         size_t plen,
                         const unsigned char *extra_commit,
                         size_t extra_commit_len,
                         const rp_generator *gen);

/*
 What a Borromean proof's header says (`secp256k1_rangeproof_info`): the decimal exponent
 (`*exp`, -1 for an exact-value proof), the mantissa's bits (`*mantissa`) and the range. No
 verification. Returns 1, or -1 when the bytes have no proof header or a pointer is NULL.
 */
int rp_rangeproof_info(const rp_context *ctx,
                       int *exp,
                       int *mantissa,
                       uint64_t *min_value,
                       uint64_t *max_value,
                       const unsigned char *proof,
                       size_t plen);

/*
 Verifies an asset surjection proof (`secp256k1_surjectionproof_verify`, from the proof's
 serialization): that `output_tag` re-blinds one of the `n_inputs` generators at
 `input_tags`.

 Returns 1 valid, 0 invalid (including bytes that are not a proof, or a proof for another
 number of inputs), -1 for NULL pointers or generators not made by this library.
 */
int rp_surjectionproof_verify(const rp_context *ctx,
                              const unsigned char *proof,
                              size_t plen,
                              const rp_generator *input_tags,
                              size_t n_inputs,
                              const rp_generator *output_tag);

/*
 Parses a 33-byte commitment (`08`/`09`, x on the curve). Returns 1, or -1 when `input` is not
 a commitment's encoding or a pointer is NULL (`*commit` is then zeroed).
 */
int rp_pedersen_commitment_parse(const rp_context *ctx,
                                 rp_pedersen_commitment *commit,
                                 const unsigned char *input);

/*
 Writes a commitment's 33-byte encoding to `output`. Returns 1, or -1 for NULL pointers or a
 commitment not made by this library.
 */
int rp_pedersen_commitment_serialize(const rp_context *ctx,
                                     unsigned char *output,
                                     const rp_pedersen_commitment *commit);

/*
 Parses a 33-byte value generator (`0a`/`0b`, x on the curve). Returns 1, or -1 (with
 `*gen` zeroed) when `input` is not a generator's encoding or a pointer is NULL.
 */
int rp_generator_parse(const rp_context *ctx,
                       rp_generator *gen,
                       const unsigned char *input);

/*
 Commits to `value` with the 32-byte blinding factor `blind` on `value_gen` (NULL: H):
 r G + v A, in constant time in the opening. Returns 1, or -1 for NULL pointers, a
 blinding factor that is not below the group order, or a commitment that would be the
 identity.
 */
int rp_pedersen_commit(const rp_context *ctx,
                       rp_pedersen_commitment *commit,
                       const unsigned char *blind,
                       uint64_t value,
                       const rp_generator *value_gen);

/*
 The generator list of `n` generators (`secp256k1_bulletproof_generators_create` with
 G): Grin uses 256. Returns NULL for a NULL context or `n` outside 2..=32768.
 */
rp_bulletproof_generators *rp_bulletproof_generators_create(const rp_context *ctx,
                                                            size_t n);

/*
 Destroys a generator list (NULL: nothing happens).
 */
void rp_bulletproof_generators_destroy(const rp_context *ctx,
                                       rp_bulletproof_generators *gens);

/*
 Verifies a Bulletproof (`secp256k1_bulletproof_rangeproof_verify`, without the scratch
 space): `proof` of `plen` bytes for the `n_commits` commitments `commit` of `nbits`-bit
 values, with minimum values `min_value` (NULL: none; one value only), on `value_gen` (NULL:
 H), binding `extra_commit` (NULL with length 0: none).

 Returns 1 valid, 0 invalid (including a proof that does not decode or was made with another
 generator count), -1 unusable input (NULL pointers, an unsupported bit size or count).
 */
int rp_grin_bulletproof_verify(const rp_context *ctx,
                               const rp_bulletproof_generators *gens,
                               const unsigned char *proof,
                               size_t plen,
                               const uint64_t *min_value,
                               const rp_pedersen_commitment *commit,
                               size_t n_commits,
                               size_t nbits,
                               const rp_generator *value_gen,
                               const unsigned char *extra_commit,
                               size_t extra_commit_len);

/*
 Verifies `n_proofs` Bulletproofs together (`secp256k1_bulletproof_rangeproof_verify_multi`,
 one multiscalar multiplication): each `proofs[i]` of `plen` bytes over its own
 `commits[i][0..n_commits)`, `min_values[i]` (NULL array, or NULL entries: none),
 `extra_commit[i]` of `extra_commit_len[i]` bytes (NULL arrays: none); one `nbits` and
 `value_gen` (NULL: H) for all.

 Returns 1 when all are valid, 0 when some are not — their indices, ascending, go to
 `invalid[0..*n_invalid)` (at most `invalid_cap` written; `*n_invalid` is the full count;
 `n_invalid` may be NULL when the caller does not want them) —, -1 for unusable input.
 */
int rp_grin_bulletproof_verify_multi(const rp_context *ctx,
                                     const rp_bulletproof_generators *gens,
                                     const unsigned char *const *proofs,
                                     size_t n_proofs,
                                     size_t plen,
                                     const uint64_t *const *min_values,
                                     const rp_pedersen_commitment *const *commits,
                                     size_t n_commits,
                                     size_t nbits,
                                     const rp_generator *value_gen,
                                     const unsigned char *const *extra_commit,
                                     const size_t *extra_commit_len,
                                     size_t *invalid,
                                     size_t invalid_cap,
                                     size_t *n_invalid);

/*
 Rewinds a single-value Bulletproof (`secp256k1_bulletproof_rangeproof_rewind`, Grin's
 argument order): with the 32-byte `nonce` it was made with, recovers the value to `*value`,
 the blinding factor to `blind` (32 bytes) and the 20-byte message to `message` (may be
 NULL). The opening is checked against `commit` before anything is written.

 Returns 1 recovered, 0 when the nonce does not rewind this proof (or the proof does not
 decode), -1 for unusable input (NULL pointers, an unsupported shape).
 */
int rp_grin_bulletproof_rewind(const rp_context *ctx,
                               uint64_t *value,
                               unsigned char *blind,
                               const unsigned char *proof,
                               size_t plen,
                               uint64_t min_value,
                               const rp_pedersen_commitment *commit,
                               const rp_generator *value_gen,
                               const unsigned char *nonce,
                               const unsigned char *extra_commit,
                               size_t extra_commit_len,
                               unsigned char *message);

/*
 Verifies a Liquid transaction (`tx`, `tx_len` bytes: as serialized, or its hex; at most
 Elements' 4 000 000 bytes, 8 000 000 as hex):
 every confidential output's and issuance's range proof in one batch and — when the spent
 outputs are given (`n_spent` of them, one per input in order: `spent_assets[i]` and
 `spent_values[i]` are the asset and amount fields as the transaction that made the output
 serializes them, with their lengths) — the surjection proofs and the balance. With
 `spent_assets` NULL (and `n_spent` 0) the spent outputs are not given.

 When `report` is not NULL, the report's JSON (per output and issuance its verdicts, the
 balance, the verdict) is written there with a NUL; its capacity is `*report_len` on entry
 and its length (NUL not counted) on return — or the length needed when it is too short
 (the result is then -1).

 Returns 1 valid (every check ran and holds), 0 invalid (something fails), 2 incomplete
 (nothing fails, but without the spent outputs the surjection proofs and the balance were
 not checked), -1 unusable input (the transaction does not parse or is too large, a spent
 field does not parse, their count is not the inputs', a NULL pointer), with the reason in
 `reason` (as `rp_verify_document`).
 */
int rp_liquid_verify_tx(const rp_context *ctx,
                        const unsigned char *tx,
                        size_t tx_len,
                        const unsigned char *const *spent_assets,
                        const size_t *spent_asset_lens,
                        const unsigned char *const *spent_values,
                        const size_t *spent_value_lens,
                        size_t n_spent,
                        char *report,
                        size_t *report_len,
                        char *reason,
                        size_t reason_len);

/*
 Verifies `n_proofs` Monero Bulletproofs+ (RCT type 6) in one batch: `proofs[i]` is
 `proof_lens[i]` bytes in Monero's serialization (`A, A1, B, r1, s1, d1`, then the counted
 `L` and `R` vectors; no `V`), for the `n_outputs[i]` commitments at `masks[i]` (the
 outputs' `outPk` masks, 32 bytes each, in output order; 1 to 16).

 Returns 1 when all are valid, 0 when some are not (or do not decode) — their indices,
 ascending, go to `invalid[0..*n_invalid)` (at most `invalid_cap` written; `*n_invalid` is
 the full count; `n_invalid` may be NULL) —, -1 for unusable input (NULL pointers, an output
 count out of range).
 */
int rp_monero_bulletproof_plus_verify(const rp_context *ctx,
                                      const unsigned char *const *proofs,
                                      const size_t *proof_lens,
                                      const unsigned char *const *masks,
                                      const size_t *n_outputs,
                                      size_t n_proofs,
                                      size_t *invalid,
                                      size_t invalid_cap,
                                      size_t *n_invalid);

/*
 Verifies `n_proofs` Monero original Bulletproofs (RCT types 3 to 5) in one batch, as
 `rp_monero_bulletproof_plus_verify` does Bulletproofs+: Monero's serialization (`A, S, T1,
 T2, taux, mu`, the counted `L` and `R` vectors, `a, b, t`; no `V`).
 */
int rp_monero_bulletproof_verify(const rp_context *ctx,
                                 const unsigned char *const *proofs,
                                 const size_t *proof_lens,
                                 const unsigned char *const *masks,
                                 const size_t *n_outputs,
                                 size_t n_proofs,
                                 size_t *invalid,
                                 size_t invalid_cap,
                                 size_t *n_invalid);

/*
 Verifies the MWEB data of a Litecoin transaction or block (`data`, `data_len` bytes: raw,
 or hex text): every output's range proof (all in one batch, each with its message as extra
 data) and signature, every input's and kernel's signature, the weight, the sort orders,
 the kernel and stealth sums, and for a block its header, kernels, HogEx, peg-ins and
 peg-outs. A block's kernel sum needs `previous_kernel_offset` (the previous block's MWEB
 header's 32-byte kernel offset; NULL: not checked).

 When `report` is not NULL, the report's JSON (`{"kind", "outputs": [{"id", "range_proof",
 "signature"}], "inputs", "kernels", "checks", "findings": [{"check", "rule", "kernel"}],
 "verdict"}`: a finding per failing check, with Litecoin Core's reject reason) is written there
 with a NUL; its capacity is `*report_len` on entry and its length (NUL not counted) on
 return — or the length needed when it is too short (the result is then -1).

 Returns 1 valid, 0 invalid (something fails), 2 incomplete (nothing fails, but a check could
 not run: a block's kernel sum without the previous offset, the inputs of what can only be a
 network's first HogEx), -1 unusable input (neither a transaction nor a block with MWEB
 data, too large, a NULL pointer), with the reason in `reason`.
 */
int rp_mweb_verify(const rp_context *ctx,
                   const unsigned char *data_ptr,
                   size_t data_len,
                   const unsigned char *previous_kernel_offset,
                   char *report,
                   size_t *report_len,
                   char *reason,
                   size_t reason_len);

/*
 Finds the outputs of a Litecoin transaction or block (`data`, raw or hex) that the wallet
 of `scan_key` (32 bytes, secret) and `spend_pubkey` (33 bytes, compressed) owns at address
 indices `0 .. addresses - 1`, and writes them to `found` as JSON with a NUL:
 `[{"output", "id", "address", "value", "blinding", "nonce"}, …]` (blinding factor and
 nonce in hex: secret — the caller wipes the buffer). `found`'s capacity is `*found_len` on
 entry and the text's length on return, or the length needed when it is too short (the
 result is then -1).

 Returns 1 (the list written, empty when nothing is the wallet's), -1 unusable input (the
 data does not parse, a key is not a key, a NULL pointer), with the reason in `reason`.
 */
int rp_mweb_scan(const rp_context *ctx,
                 const unsigned char *data_ptr,
                 size_t data_len,
                 const unsigned char *scan_key,
                 const unsigned char *spend_pubkey,
                 uint32_t addresses,
                 char *found,
                 size_t *found_len,
                 char *reason,
                 size_t reason_len);

/*
 Proves that each of the `n` values lies in `[0, 2^bit_lengths[i])` for the commitments
 `values[i]·G + blindings[i]·H` (Solana's Pedersen bases; `blindings` is `n` canonical
 32-byte scalars, one after another: the openings a wallet holds), and writes the
 instruction's proof data to `proof_data` — whose capacity is `*proof_data_len` on entry
 (1064 bytes always suffice), and its length on return (or the length needed when the
 buffer is too short; the result is then -1). `n` is 1 to 8, each bit length 1 to 64, and
 their sum 64, 128 or 256 (the instruction's kind).

 Returns 1 made, -1 unusable input (the reason in `reason`, as `rp_verify_document`).
 */
int rp_solana_batched_range_proof_prove(const rp_context *ctx,
                                        const uint64_t *values,
                                        const size_t *bit_lengths,
                                        const unsigned char *blindings,
                                        size_t n,
                                        unsigned char *proof_data,
                                        size_t *proof_data_len,
                                        char *reason,
                                        size_t reason_len);

/*
 Verifies `n` instructions' proof data in one batch, as the program verifies each:
 `proof_data[i]` is `proof_data_lens[i]` bytes, the context then the proof. Proof data whose
 context the program refuses (its length, the unused slots, the bit lengths) is invalid.

 Returns 1 when all are valid, 0 when some are not — their indices, ascending, go to
 `invalid[0..*n_invalid)` (at most `invalid_cap` written; `*n_invalid` is the full count;
 `n_invalid` may be NULL) —, -1 for unusable input (NULL pointers).
 */
int rp_solana_batched_range_proof_verify(const rp_context *ctx,
                                         const unsigned char *const *proof_data,
                                         const size_t *proof_data_lens,
                                         size_t n,
                                         size_t *invalid,
                                         size_t invalid_cap,
                                         size_t *n_invalid);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* RANGEPROOF_H */
