"""Feeds every case of vectors/elements-surjection-pr369-secp256k1.json to the C harness (its
openings, seed and asset tags) and compares what the C library makes with what the file holds:
the input index chosen, the iterations, every generator and the proof, byte for byte.

    python3 check.py ./harness ../../elements-surjection-pr369-secp256k1.json
"""

import json
import subprocess
import sys


def main() -> int:
    harness, path = sys.argv[1:3]
    cases = json.load(open(path))["cases"]
    lines = []
    for c in cases:
        fields = [str(c["n_inputs"]), str(c["n_to_use"]), str(c["max_iterations"]), c["seed"],
                  c["output_asset"], c["output_blinding_factor"], *c["input_assets"],
                  *c["input_blinding_factors"]]
        lines.append(" ".join(fields))
    made = subprocess.run([harness], input="\n".join(lines) + "\n", capture_output=True,
                          text=True, check=True).stdout.splitlines()
    assert len(made) == len(cases), (len(made), len(cases))
    differ = 0
    for k, (c, line) in enumerate(zip(cases, made)):
        index, iterations, output, *rest = line.split()
        inputs, proof = rest[:-1], rest[-1]
        expected = (int(c["input_index"]), int(c["iterations"]), c["output_generator"],
                    c["input_generators"], c["proof"])
        if (int(index), int(iterations), output, inputs, proof) != expected:
            print(f"case {k} ({c['n_inputs']} inputs, {c['n_to_use']} used): differs")
            differ += 1
    print(f"{len(cases)} cases, {len(cases) - differ} made byte for byte by the C library")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
