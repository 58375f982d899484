//! The WebAssembly side of the JavaScript package: the library's shared front-end code
//! (`rangeproof_documents`) behind a byte ABI that `index.js` drives. JSON in, an answer out
//! ([`answer`]): the JavaScript side holds no knowledge of formats.
//!
//! - `rp_alloc(len) -> ptr` / `rp_free(ptr, len)`: buffers the JavaScript side writes into.
//! - Every other export takes `(ptr, len)`, the UTF-8 JSON of its input, and returns an
//!   answer buffer (its layout in [`answer`]) that the caller frees: [`verify`] (documents,
//!   Liquid transactions, MWEB data; Solana's proof data and MWEB outputs as documents), and
//!   with the `prove` feature (the default; the verification-only build leaves it out)
//!   `prove` (prove, commit, recover), `wallet` (Liquid's unblinding, asset generators and
//!   surjection proofs; MWEB's scan) and `circuit` (SHA-256 preimage and shuffle proofs).
//!
//! Secrets: the JavaScript side writes secret inputs (blinding factors, nonces, keys) into the
//! input bytes without making strings of them, and reads secret outputs into `Uint8Array`s
//! the caller can wipe ([`answer::Secrets`]). Inside the module, every freed byte is zeroed
//! ([`ZeroOnFree`]): once a call returns and its buffers are freed, no secret it touched
//! remains in the module's memory.
//!
//! The shadow stack (the part of the module's memory holding the locals that do not fit in
//! WebAssembly's own registers) is not freed memory: a call's stack frames stay in it after the
//! call returns. Between calls nothing lives there — the host calls in from the outermost
//! level — so the host zeroes it whole after each call that handled secrets, from the bounds
//! [`rp_stack_bounds`] gives (the first MiB of memory, as rustc lays this target out).
//!
//! Randomness (blindings, proofs' nonces, batch weights) comes from the host: `env.random(ptr,
//! len)` fills the bytes with `crypto.getRandomValues`.

use std::alloc::{alloc, dealloc, GlobalAlloc, Layout, System};

mod answer;
#[cfg(feature = "prove")]
mod circuit;
#[cfg(feature = "prove")]
mod prove;
mod verify;
#[cfg(feature = "prove")]
mod wallet;

/// The system allocator, zeroing every block before it is freed (and, through `GlobalAlloc`'s
/// default `realloc` — allocate, copy, free — every block a reallocation leaves). Secrets pass
/// through `Vec`s and `String`s that grow and are dropped without wiping (a JSON text being
/// written, a decoded hex string); here no freed block keeps them. It costs a write of each
/// freed byte.
struct ZeroOnFree;

// SAFETY: every method forwards to `System` with the caller's pointer and layout, which meet
// `System`'s contract because they meet `GlobalAlloc`'s; `dealloc` first writes `layout.size()`
// zero bytes at `ptr`, a block this allocator handed out with that layout, so the writes stay
// inside memory the caller owns until the forwarded `dealloc`.
unsafe impl GlobalAlloc for ZeroOnFree {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded (see above).
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded (see above).
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` is a live block of `layout.size()` bytes (the caller's contract).
        unsafe {
            core::ptr::write_bytes(ptr, 0, layout.size());
        }
        // The block is read by nothing after this: without an observer the compiler could
        // drop the zeroing as dead stores. `black_box` is that observer.
        core::hint::black_box(ptr);
        // SAFETY: forwarded (see above).
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: ZeroOnFree = ZeroOnFree;

#[link(wasm_import_module = "env")]
extern "C" {
    /// Fills `len` bytes at `ptr` from the host's cryptographic random source.
    fn random(ptr: *mut u8, len: usize);
}

fn host_random(buf: &mut [u8]) -> Result<(), getrandom::Error> {
    // SAFETY: `buf` is `buf.len()` writable bytes of this module's memory; the host writes
    // exactly that many (index.js: `crypto.getRandomValues` on a view of that range).
    unsafe { random(buf.as_mut_ptr(), buf.len()) };
    Ok(())
}
getrandom::register_custom_getrandom!(host_random);

/// The layout of a host buffer of `len` bytes (one byte at least: a zero-sized allocation is
/// not allowed).
fn layout(len: usize) -> Option<Layout> {
    Layout::array::<u8>(len.max(1)).ok()
}

/// A buffer of `len` bytes for the host to write into (freed with [`rp_free`]); null when the
/// memory cannot grow that far.
#[no_mangle]
pub extern "C" fn rp_alloc(len: usize) -> *mut u8 {
    match layout(len) {
        // SAFETY: the layout has a non-zero size.
        Some(layout) => unsafe { alloc(layout) },
        None => core::ptr::null_mut(),
    }
}

/// Frees (and so zeroes) a buffer of [`rp_alloc`] of `len` bytes, or an answer (its length
/// prefix plus four).
///
/// # Safety
/// `ptr` came from [`rp_alloc`] with this `len` and is freed once.
#[no_mangle]
pub unsafe extern "C" fn rp_free(ptr: *mut u8, len: usize) {
    if let (false, Some(layout)) = (ptr.is_null(), layout(len)) {
        // SAFETY: the caller's contract: `ptr` was allocated with this same layout.
        unsafe { dealloc(ptr, layout) };
    }
}

extern "C" {
    // wasm-ld's symbol for the end of the static data (always defined).
    static __data_end: u8;
}

/// The shadow stack's size: rustc links this target with `-z stack-size=1048576
/// --stack-first`, so the stack is the first MiB of memory, below the static data, and its
/// pointer rests at the top between calls.
const STACK_SIZE: usize = 1 << 20;

/// The shadow stack's bounds, `low` in the low 32 bits and `high` in the high 32: the host
/// zeroes `[low, high)` between calls (nothing lives there then). Both zero when the layout is
/// not the one [`STACK_SIZE`] describes (this frame not inside it, or data below its top):
/// nothing is wiped then, which the package's test of the wipe catches.
#[no_mangle]
pub extern "C" fn rp_stack_bounds() -> u64 {
    let here = 0u8;
    let here = core::hint::black_box(core::ptr::addr_of!(here)) as usize;
    // Only the symbol's address is taken, never its contents.
    let data_end = core::ptr::addr_of!(__data_end) as usize;
    if here < STACK_SIZE && STACK_SIZE < data_end {
        (STACK_SIZE as u64) << 32
    } else {
        0
    }
}

/// Defines an export `rp_<name>(ptr, len) -> answer` over `fn(&[u8]) -> answer::Answer`.
macro_rules! export {
    ($($(#[$attribute:meta])* $name:ident => $function:path),* $(,)?) => {$(
        /// See the function it calls.
        ///
        /// # Safety
        /// `ptr` points to `len` readable bytes.
        $(#[$attribute])*
        #[no_mangle]
        pub unsafe extern "C" fn $name(ptr: *const u8, len: usize) -> *mut u8 {
            // SAFETY: the caller's contract.
            let input = unsafe { core::slice::from_raw_parts(ptr, len) };
            answer::write($function(input))
        }
    )*};
}

// Verification: in every build.
export! {
    rp_verify => verify::documents,
    rp_liquid_verify => verify::liquid,
    rp_mweb_verify => verify::mweb,
    rp_mweb_documents => verify::mweb_documents,
    rp_solana_document => verify::solana_document,
    rp_suites => verify::suites,
}

// Proving and a wallet's secrets: the `prove` feature (default; off in the verification-only
// build, `rangeproof-verify.wasm`).
export! {
    #[cfg(feature = "prove")] rp_prove => prove::prove,
    #[cfg(feature = "prove")] rp_commit => prove::commit,
    #[cfg(feature = "prove")] rp_recover => prove::recover,
    #[cfg(feature = "prove")] rp_liquid_unblind => wallet::liquid_unblind,
    #[cfg(feature = "prove")] rp_liquid_asset_generator => wallet::liquid_asset_generator,
    #[cfg(feature = "prove")] rp_liquid_prove_surjection => wallet::liquid_prove_surjection,
    #[cfg(feature = "prove")] rp_mweb_scan => wallet::mweb_scan,
    #[cfg(feature = "prove")] rp_circuit_prove_sha256 => circuit::prove_sha256,
    #[cfg(feature = "prove")] rp_circuit_prove_shuffle => circuit::prove_shuffle,
}
