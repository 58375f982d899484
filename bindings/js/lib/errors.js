// The package's errors: one class per kind, so that callers branch on `instanceof`, never on
// a message's text.

/** Every error the package throws on purpose. */
export class RangeproofError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}

/** Input that cannot be used: text that is not what was asked, a value out of its rules. */
export class UnusableInput extends RangeproofError {}

/** An argument of the wrong JavaScript type (a string where bytes were asked, …). */
export class UnusableType extends UnusableInput {}

/** A proof that does not verify, where the call needs a valid one (`verifyOrThrow`). */
export class InvalidProof extends RangeproofError {}

/** A nonce or key that does not open the proof (a wrong one, or a proof made without one). */
export class RecoveryFailed extends RangeproofError {}

/** The WebAssembly module could not get the memory a call needs. */
export class OutOfMemory extends RangeproofError {}
