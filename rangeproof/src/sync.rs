//! The locks the caches use: the standard library's with `std`, `spin`'s without it (a
//! `no_std` build has no operating system to park threads on; the caches' critical sections
//! are short and a contended first initialization only spins).

pub(crate) use alloc::sync::Arc;

#[cfg(feature = "std")]
pub(crate) use std::sync::OnceLock;

/// `std::sync::OnceLock`'s interface (`new`, `get`, `get_or_init`) over `spin::Once`.
#[cfg(not(feature = "std"))]
pub(crate) struct OnceLock<T>(spin::Once<T>);

#[cfg(not(feature = "std"))]
impl<T> OnceLock<T> {
    pub(crate) const fn new() -> Self {
        OnceLock(spin::Once::new())
    }

    pub(crate) fn get(&self) -> Option<&T> {
        self.0.get()
    }

    pub(crate) fn get_or_init(&self, init: impl FnOnce() -> T) -> &T {
        self.0.call_once(init)
    }
}

#[cfg(not(feature = "std"))]
impl<T: Clone> Clone for OnceLock<T> {
    fn clone(&self) -> Self {
        let copy = Self::new();
        if let Some(value) = self.get() {
            copy.get_or_init(|| value.clone());
        }
        copy
    }
}

#[cfg(not(feature = "std"))]
impl<T> Default for OnceLock<T> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(not(feature = "std"))]
impl<T: core::fmt::Debug> core::fmt::Debug for OnceLock<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("OnceLock").field(&self.0.get()).finish()
    }
}

/// A mutex whose `lock` never fails: a cache poisoned by a panicking thread is still a valid
/// cache (every entry is inserted whole), so the poison is ignored.
pub(crate) struct Mutex<T> {
    #[cfg(feature = "std")]
    inner: std::sync::Mutex<T>,
    #[cfg(not(feature = "std"))]
    inner: spin::Mutex<T>,
}

impl<T> Mutex<T> {
    pub(crate) const fn new(value: T) -> Self {
        Mutex {
            #[cfg(feature = "std")]
            inner: std::sync::Mutex::new(value),
            #[cfg(not(feature = "std"))]
            inner: spin::Mutex::new(value),
        }
    }

    pub(crate) fn lock(&self) -> impl core::ops::DerefMut<Target = T> + '_ {
        #[cfg(feature = "std")]
        {
            self.inner.lock().unwrap_or_else(|e| e.into_inner())
        }
        #[cfg(not(feature = "std"))]
        {
            self.inner.lock()
        }
    }
}
