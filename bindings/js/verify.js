// rangeproof/verify: the package's verification alone, over the verification-only module
// (rangeproof-verify.wasm, smaller: no prover, no wallet's secrets). The same functions, with
// the same results, as the whole package's.

import { loader } from "./lib/wasm.js";
import { verifying } from "./lib/verifying.js";

export {
  InvalidProof,
  OutOfMemory,
  RangeproofError,
  UnusableInput,
  UnusableType,
} from "./lib/errors.js";

export const { verify, verifyOrThrow, suites, liquid, mweb, solana } = verifying(
  loader("rangeproof-verify.wasm").call,
);
