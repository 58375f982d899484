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
