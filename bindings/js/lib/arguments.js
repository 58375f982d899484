// Argument checks, types only (an `UnusableType` names the argument); every other rule is the
// library's, which gives the same reasons as the CLI, Python and C.

import { UnusableInput, UnusableType } from "./errors.js";

const U64_MAX = (1n << 64n) - 1n;

export function describe(x) {
  return x === null ? "null" : Array.isArray(x) ? "an array" : `a ${typeof x}`;
}

export function bytes(name, x) {
  if (!(x instanceof Uint8Array)) {
    throw new UnusableType(`${name} must be a Uint8Array, not ${describe(x)}`);
  }
  return x;
}

export function optionalBytes(name, x) {
  return x === undefined ? undefined : bytes(name, x);
}

/** Public data as hex text or bytes (bytes are written as hex by the input writer). */
export function hexOrBytes(name, x) {
  if (typeof x !== "string" && !(x instanceof Uint8Array)) {
    throw new UnusableType(`${name} must be hex text or a Uint8Array, not ${describe(x)}`);
  }
  return x;
}

export function text(name, x) {
  if (typeof x !== "string") {
    throw new UnusableType(`${name} must be a string, not ${describe(x)}`);
  }
  return x;
}

export function optionalText(name, x) {
  return x === undefined ? undefined : text(name, x);
}

/**
 * A count or size: a non-negative safe integer. The number refused is not shown (an argument's
 * number is never shown: amounts are secrets), only what is wrong with it.
 */
export function count(name, x) {
  if (!Number.isSafeInteger(x) || x < 0) {
    const why =
      typeof x !== "number" || !Number.isInteger(x)
        ? describe(x)
        : x < 0
          ? "a negative number"
          : "a number out of range (past 2^53 - 1)";
    throw new UnusableType(`${name} must be a non-negative integer, not ${why}`);
  }
  return x;
}

export function optionalCount(name, x) {
  return x === undefined ? undefined : count(name, x);
}

/** An amount: a non-negative safe integer or a BigInt below 2^64, as a BigInt. */
export function amount(name, x) {
  if (typeof x === "number" && Number.isSafeInteger(x) && x >= 0) {
    return BigInt(x);
  }
  if (typeof x === "bigint" && x >= 0n && x <= U64_MAX) {
    return x;
  }
  throw new UnusableType(
    `${name} must be an integer in 0 .. 2^64 - 1 (a BigInt past 2^53), not ${describe(x)}`,
  );
}

export function list(name, xs, each) {
  if (!Array.isArray(xs)) {
    throw new UnusableType(`${name} must be an array, not ${describe(xs)}`);
  }
  return xs.map((x, i) => each(`${name}[${i}]`, x));
}

export function optionalList(name, xs, each) {
  return xs === undefined ? undefined : list(name, xs, each);
}

/** Options: a plain object (or nothing) with no names but `known`. */
export function options(name, given, known) {
  if (given === undefined) {
    return {};
  }
  if (given === null || typeof given !== "object" || Array.isArray(given)) {
    throw new UnusableType(`${name} must be an object, not ${describe(given)}`);
  }
  const unknown = Object.keys(given).filter((k) => !known.includes(k));
  if (unknown.length > 0) {
    throw new UnusableInput(
      `${name}: unknown ${unknown.map((k) => JSON.stringify(k)).join(", ")} (known: ${known.join(", ")})`,
    );
  }
  return given;
}

export function fromHex(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    out[i] = parseInt(hex.substr(2 * i, 2), 16);
  }
  return out;
}
