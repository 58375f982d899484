//! Contexts: the generators and tables the suites prove and verify with, in memory the caller
//! owns.
//!
//! Every suite keeps what it derives once and reuses — its Pedersen bases, vector generators,
//! verification tables — in a *state* ([`ProofSuite::new_state`]). A [`SuiteContext`] holds one
//! state per suite: [`SuiteContext::new`] gives each suite fresh state of its own (derived
//! lazily in this context's memory, freed when the context is dropped, shared with nothing
//! else), and [`SuiteContext::global`] is the process-wide convenience whose states use the
//! process caches (what [`Suite`]'s own methods run in). A context does not change after it is
//! made; what its states derive on first use they derive once, behind their own locks, so
//! `&SuiteContext` may be shared across threads.
//!
//! ```
//! use rangeproof::{Suite, SuiteContext, SuiteStatement};
//! use rand::rngs::OsRng;
//!
//! let context = SuiteContext::new();
//! let suite = Suite::BULLETPROOFS_PP;
//! let statement = SuiteStatement { bits: 32, extension_degree: 1, ..Default::default() };
//! let proved = context.prove(suite, &statement, &[7], &mut OsRng).unwrap();
//! context.verify(suite, &statement, &proved.proof, &proved.commitments, &mut OsRng).unwrap();
//! ```

use alloc::{boxed::Box, vec::Vec};
use core::any::Any;
use core::ops::Deref;

#[cfg(doc)]
use super::ProofSuite;
use super::Suite;
use crate::sync::{Mutex, OnceLock};
use crate::ProofError;

/// A suite's state as a context holds it: whatever the suite's [`ProofSuite::new_state`] made,
/// handed back to the suite's methods.
pub type SuiteState = dyn Any + Send + Sync;

/// Whether a new state uses the process-wide caches or derives its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StateSharing {
    /// Use the process-wide generators and tables (the global context).
    Process,
    /// Derive generators and tables in memory of the state's own, freed with it.
    Owned,
}

/// One state per suite: each suite's generators and tables, its own or the process's (see
/// [`SuiteContext::new`] and [`SuiteContext::global`]).
pub struct SuiteContext {
    states: Vec<(Suite, Box<SuiteState>)>,
    /// The process-wide context serves suites outside the registry too ([`Suite::custom`]).
    global: bool,
}

impl core::fmt::Debug for SuiteContext {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list()
            .entries(self.states.iter().map(|(suite, _)| suite))
            .finish()
    }
}

impl Default for SuiteContext {
    fn default() -> Self {
        Self::new()
    }
}

impl SuiteContext {
    /// A context with state of its own for every suite of the registry ([`Suite::ALL`]).
    /// Cheap to make: each suite derives its generators on first use.
    pub fn new() -> Self {
        Self::with_suites(Suite::ALL)
    }

    /// A context with state of its own for these suites (suites defined outside the crate
    /// included).
    pub fn with_suites(suites: &[Suite]) -> Self {
        Self::made(suites, StateSharing::Owned, false)
    }

    /// The process-wide context: the registry's suites over the process caches (derived on
    /// first use and kept; each cache is bounded). [`Suite`]'s own methods run in it.
    pub fn global() -> &'static SuiteContext {
        static GLOBAL: OnceLock<SuiteContext> = OnceLock::new();
        GLOBAL.get_or_init(|| Self::made(Suite::ALL, StateSharing::Process, true))
    }

    fn made(suites: &[Suite], sharing: StateSharing, global: bool) -> Self {
        let mut states: Vec<(Suite, Box<SuiteState>)> = Vec::with_capacity(suites.len());
        for &suite in suites {
            if !states.iter().any(|(s, _)| *s == suite) {
                states.push((suite, suite.0.new_state(sharing)));
            }
        }
        SuiteContext { states, global }
    }

    /// The suites this context holds state for.
    pub fn suites(&self) -> impl Iterator<Item = Suite> + '_ {
        self.states.iter().map(|(suite, _)| *suite)
    }

    /// The state of `suite`. A context made without the suite has none (the suite's methods
    /// then fail with [`ProofError::SuiteNotInContext`], unless it keeps no state), except the
    /// process-wide one, which makes a state for a suite outside the registry on first use.
    pub(crate) fn state(&self, suite: Suite) -> &SuiteState {
        static NONE: () = ();
        match self.states.iter().find(|(s, _)| *s == suite) {
            Some((_, state)) => state.as_ref(),
            None if self.global => custom_state(suite),
            None => &NONE,
        }
    }
}

/// The process-wide state of a suite outside the registry, made on first use and kept for the
/// process (one per distinct suite: suites are `'static` items of the program, so this stays as
/// small as the program's list of them).
fn custom_state(suite: Suite) -> &'static SuiteState {
    static CUSTOM: Mutex<Vec<(Suite, &'static SuiteState)>> = Mutex::new(Vec::new());
    let mut custom = CUSTOM.lock();
    if let Some((_, state)) = custom.iter().find(|(s, _)| *s == suite) {
        return *state;
    }
    let state: &'static SuiteState = Box::leak(suite.0.new_state(StateSharing::Process));
    custom.push((suite, state));
    state
}

/// What a suite's state holds of something derived once: the process-wide value (the global
/// context) or one of its own.
pub(crate) enum Held<T: 'static> {
    Process(&'static T),
    Owned(T),
}

impl<T: 'static> Held<T> {
    /// The process-wide value or a fresh one, as `sharing` asks.
    pub(crate) fn new(
        sharing: StateSharing,
        process: impl FnOnce() -> &'static T,
        owned: impl FnOnce() -> T,
    ) -> Self {
        match sharing {
            StateSharing::Process => Held::Process(process()),
            StateSharing::Owned => Held::Owned(owned()),
        }
    }
}

impl<T: 'static> Deref for Held<T> {
    type Target = T;

    fn deref(&self) -> &T {
        match self {
            Held::Process(value) => value,
            Held::Owned(value) => value,
        }
    }
}

/// A suite's own state, as its `new_state` made it. Only a state of another kind — a suite
/// asked with a context that holds none for it — fails.
pub(crate) fn state_of<T: 'static>(state: &SuiteState) -> Result<&T, ProofError> {
    state
        .downcast_ref::<T>()
        .ok_or(ProofError::SuiteNotInContext)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deployments::{dalek, Dalek, Generators};

    /// The dalek generators in a context's state for the dalek suite.
    fn generators_in(state: &SuiteState) -> Result<&Generators<Dalek>, ProofError> {
        state_of::<Held<Generators<Dalek>>>(state).map(|held| &**held)
    }

    /// The global context's states are the process caches; a context's own are its own (and
    /// another context's are others again), down to the lazily derived vector generators.
    #[test]
    fn owned_states_are_their_contexts_own() {
        let suite = Suite::DALEK_BULLETPROOFS;
        let global = generators_in(SuiteContext::global().state(suite)).unwrap();
        assert!(core::ptr::eq(global, dalek::generators()));
        // Contexts made with the suites checked (the feature-reduced builds' `Suite::ALL` may
        // not hold them).
        #[cfg(feature = "secp256k1-zkp")]
        let suites = [suite, Suite::GRIN_BULLETPROOFS];
        #[cfg(not(feature = "secp256k1-zkp"))]
        let suites = [suite];
        let (a, b) = (
            SuiteContext::with_suites(&suites),
            SuiteContext::with_suites(&suites),
        );
        let own_a = generators_in(a.state(suite)).unwrap();
        let own_b = generators_in(b.state(suite)).unwrap();
        assert!(!core::ptr::eq(own_a, own_b) && !core::ptr::eq(own_a, global));
        assert!(!core::ptr::eq(own_a.vector(), global.vector()));
        assert_eq!(
            own_a.vector().party_gens(3, 64),
            global.vector().party_gens(3, 64)
        );

        #[cfg(feature = "secp256k1-zkp")]
        {
            use crate::secp256k1_zkp::bulletproofs::GrinGeneratorCache;
            let grin = Suite::GRIN_BULLETPROOFS;
            let cache = |c: &SuiteContext| -> *const GrinGeneratorCache {
                &**state_of::<Held<GrinGeneratorCache>>(c.state(grin)).unwrap()
            };
            assert!(core::ptr::eq(
                cache(SuiteContext::global()),
                GrinGeneratorCache::process()
            ));
            assert!(!core::ptr::eq(cache(&a), cache(&b)));
            assert!(!core::ptr::eq(cache(&a), GrinGeneratorCache::process()));
        }
    }
}
