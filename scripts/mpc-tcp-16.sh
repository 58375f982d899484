#!/usr/bin/env bash
# Wall time of a 16-party multi-party run over loopback TCP (one 64-bit value per party
# process, one dealer process), from the dealer's start to its exit; then verifies the
# document. Run from the repository root after `cargo build --release`.
set -euo pipefail
BIN=${BIN:-target/release/rangeproof}
OUT=$(mktemp -d)
start=$(date +%s.%N)
"$BIN" mpc dealer --parties 16 --bits 64 --listen 127.0.0.1:0 --out "$OUT/proof.json" > "$OUT/dealer.out" 2>&1 &
dealer=$!
for _ in $(seq 1 100); do grep -q listening "$OUT/dealer.out" 2>/dev/null && break; sleep 0.02; done
address=$(sed -n 's/listening on //p' "$OUT/dealer.out")
for _ in $(seq 1 16); do "$BIN" mpc party --connect "$address" --values "$RANDOM" > /dev/null 2>&1 & done
wait "$dealer"
end=$(date +%s.%N)
wait
"$BIN" verify "$OUT/proof.json"
echo "wall time: $(echo "$end - $start" | bc) s"
rm -rf "$OUT"
