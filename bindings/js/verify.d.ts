// rangeproof/verify: the package's verification alone, over the smaller verification-only
// module; the same functions and results as the whole package's.
export {
  Verdict,
  VerifyOptions,
  TransactionReport,
  HexOrBytes,
  RangeproofError,
  UnusableInput,
  UnusableType,
  InvalidProof,
  OutOfMemory,
  verify,
  verifyOrThrow,
  suites,
  solana,
} from "./index.js";
import type { HexOrBytes, TransactionReport } from "./index.js";

export const liquid: {
  verifyTransaction(
    tx: HexOrBytes,
    options?: { spent?: [HexOrBytes, HexOrBytes][] },
  ): Promise<TransactionReport>;
};

export const mweb: {
  verify(
    data: HexOrBytes,
    options?: { kind?: "block" | "transaction"; previousKernelOffset?: string; fullReport?: boolean },
  ): Promise<TransactionReport>;
  documents(data: HexOrBytes): Promise<string[]>;
};
