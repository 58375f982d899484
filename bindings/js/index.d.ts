/** One document's verdict. */
export interface Verdict {
  /** Whether the proof verifies. */
  valid: boolean;
  /** Why it does not (absent when valid). */
  error?: string;
  /** Present (true) when the text is not a usable document. */
  unusable?: true;
}

/** Input that could not be used at all (a wrong type). */
export class UnusableInput extends TypeError {}

/**
 * Verifies one proof document's JSON text, or an array of them together (one batch per group,
 * the invalid ones named): one verdict per document, in order.
 */
export function verify(docs: string | string[]): Promise<Verdict[]>;

/** A transaction's report, as the CLI, Python and C write it. */
export interface TransactionReport {
  verdict: "valid" | "invalid" | "incomplete";
  [field: string]: unknown;
}

/**
 * Verifies a Liquid transaction (hex or bytes); `spent`: each spent output's asset and value
 * fields, in input order, for the surjection proofs' domain and the balance.
 */
export function verifyLiquidTransaction(
  tx: string | Uint8Array,
  options?: { spent?: [string | Uint8Array, string | Uint8Array][] },
): Promise<TransactionReport>;

/** Verifies a Litecoin MWEB transaction or block (hex or bytes). */
export function verifyMweb(
  data: string | Uint8Array,
  options?: { kind?: "block" | "transaction"; previousKernelOffset?: string },
): Promise<TransactionReport>;
