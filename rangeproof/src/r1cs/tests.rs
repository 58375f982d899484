//! Round trips, tampering and transcript binding of constraint-system proofs.
