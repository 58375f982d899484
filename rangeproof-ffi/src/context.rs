//! `rp_context`: every generator and table the functions derive, owned by the caller.

use std::ffi::c_int;
use std::panic::catch_unwind;
use std::sync::Arc;

use rangeproof::SuiteContext;

use crate::status::{guarded, Failure};

/// A context: the generators and tables of every proof system, derived in it on first use and
/// freed when it is destroyed. It does not change after it is made (what it derives, it derives
/// once, behind locks of its own): share one context among any number of threads.
#[allow(non_camel_case_types)]
pub struct rp_context {
    /// Shared with the batches made from it, which keep it alive until they are destroyed.
    pub(crate) suites: Arc<SuiteContext>,
}

/// Makes a context. Cheap: the generators are derived when first used.
///
/// Returns NULL when memory runs out.
#[no_mangle]
pub extern "C" fn rp_context_create() -> *mut rp_context {
    catch_unwind(|| {
        Box::into_raw(Box::new(rp_context {
            suites: Arc::new(SuiteContext::new()),
        }))
    })
    .unwrap_or(std::ptr::null_mut())
}

/// Destroys a context made by `rp_context_create` (NULL: nothing happens). Batches made from
/// it stay usable: they hold what they need until they are destroyed.
#[no_mangle]
pub unsafe extern "C" fn rp_context_destroy(ctx: *mut rp_context) {
    if ctx.is_null() {
        return;
    }
    // SAFETY: a non-NULL `ctx` came from `rp_context_create` (`Box::into_raw`) and is destroyed
    // once (the caller's contract); dropping it cannot panic (an `Arc` decrement and, at zero,
    // the derived vectors' deallocation).
    drop(unsafe { Box::from_raw(ctx) });
}

/// The context behind a caller's pointer.
///
/// # Safety
/// `ctx` is NULL or a live context.
pub(crate) unsafe fn context<'a>(ctx: *const rp_context) -> Option<&'a rp_context> {
    // SAFETY: the caller's contract.
    unsafe { ctx.as_ref() }
}

/// The byte-level functions' frame (they have no reason buffer): [`guarded`] against panics,
/// a NULL context refused, then `body` with the context.
///
/// # Safety
/// `ctx` is NULL or a live context; `body`'s own pointer contracts are its caller's.
pub(crate) unsafe fn with_context(
    ctx: *const rp_context,
    body: impl FnOnce(&rp_context) -> Result<c_int, Failure>,
) -> c_int {
    // SAFETY: no reason buffer; the context's contract is the caller's.
    unsafe {
        guarded(std::ptr::null_mut(), 0, || {
            let ctx = context(ctx).ok_or_else(|| Failure::unusable("NULL context"))?;
            body(ctx)
        })
    }
}
