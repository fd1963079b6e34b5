//! The registry: which finder implements which techniques, and which runs for a technique
//! in each order ([`finder_in`]: the family's, or in the Explainer order the SE producer
//! the catalogue names, [`PRODUCERS`]). Adding a family is adding its file under `logic/`
//! (with `pub(crate) fn find` and `pub(crate) const TECHNIQUES`) and one line to
//! [`REGISTRY`].
//!
//! Depends on every family file; nothing depends on it but the driver and
//! [`super::Technique::is_implemented`].

use super::step::Step;
use super::technique::{ExplainerProducer, Family, Technique};
use super::{als, chains, forcing, misc, se_chains, Order};
use super::{coloring, single_digit, uniqueness, wings};
use super::{fish, intersections, last_resort, singles, subsets, Context};
use std::ops::ControlFlow;

/// Where a finder sends the steps it finds. Returning [`ControlFlow::Break`] stops the
/// search (the driver breaks on the first step; "all steps" continues).
pub type Sink<'s> = dyn FnMut(Step) -> ControlFlow<()> + 's;

/// A family's finder: searches `ctx` for steps of `technique` (a technique of its family)
/// and hands each to `sink`, stopping as soon as the sink breaks. It never changes the
/// board, and every step it yields has at least one placement or elimination of a
/// current candidate.
pub type Finder =
    fn(ctx: &Context<'_>, technique: Technique, sink: &mut Sink<'_>) -> ControlFlow<()>;

/// One family's entry: its module's finder and techniques.
pub(crate) struct Entry {
    /// The family (read by the test that holds family = module).
    #[cfg_attr(not(test), allow(dead_code))]
    pub family: Family,
    pub find: Finder,
    pub techniques: &'static [Technique],
}

/// Every implemented family. One entry per family, one family per module (family = file
/// or folder; `tests::family_is_module` holds it).
pub(crate) const REGISTRY: &[Entry] = &[
    Entry {
        family: Family::Singles,
        find: singles::find,
        techniques: singles::TECHNIQUES,
    },
    Entry {
        family: Family::Intersections,
        find: intersections::find,
        techniques: intersections::TECHNIQUES,
    },
    Entry {
        family: Family::Subsets,
        find: subsets::find,
        techniques: subsets::TECHNIQUES,
    },
    Entry {
        family: Family::Fish,
        find: fish::find,
        techniques: fish::TECHNIQUES,
    },
    Entry {
        family: Family::Wings,
        find: wings::find,
        techniques: wings::TECHNIQUES,
    },
    Entry {
        family: Family::SingleDigitPatterns,
        find: single_digit::find,
        techniques: single_digit::TECHNIQUES,
    },
    Entry {
        family: Family::Uniqueness,
        find: uniqueness::find,
        techniques: uniqueness::TECHNIQUES,
    },
    Entry {
        family: Family::Coloring,
        find: coloring::find,
        techniques: coloring::TECHNIQUES,
    },
    Entry {
        family: Family::Chains,
        find: chains::find,
        techniques: chains::TECHNIQUES,
    },
    Entry {
        family: Family::Miscellaneous,
        find: misc::find,
        techniques: misc::TECHNIQUES,
    },
    Entry {
        family: Family::Als,
        find: als::find,
        techniques: als::TECHNIQUES,
    },
    Entry {
        family: Family::Forcing,
        find: forcing::find,
        techniques: forcing::TECHNIQUES,
    },
    Entry {
        family: Family::LastResort,
        find: last_resort::find,
        techniques: last_resort::TECHNIQUES,
    },
];

/// One of Sudoku Explainer's chaining producers as a finder: in the Explainer order it
/// finds every technique the catalogue gives it ([`super::ExplainerInfo::producer`]),
/// instead of their family's finder.
pub(crate) struct ProducerEntry {
    pub producer: ExplainerProducer,
    pub find: Finder,
}

/// Every SE producer's finder (`se_chains`).
pub(crate) const PRODUCERS: &[ProducerEntry] = &[
    ProducerEntry {
        producer: ExplainerProducer::Cycles,
        find: se_chains::find_cycles,
    },
    ProducerEntry {
        producer: ExplainerProducer::Nishio,
        find: se_chains::find_nishio,
    },
    ProducerEntry {
        producer: ExplainerProducer::Multiple,
        find: se_chains::find_multiple,
    },
    ProducerEntry {
        producer: ExplainerProducer::Dynamic,
        find: se_chains::find_dynamic,
    },
    ProducerEntry {
        producer: ExplainerProducer::Plus,
        find: se_chains::find_plus,
    },
    ProducerEntry {
        producer: ExplainerProducer::Nested,
        find: se_chains::find_nested,
    },
];

/// The finder that runs for `t` in `order`: its SE producer's where the order has one
/// for it ([`Order::producer`]), its family's otherwise.
pub(crate) fn finder_in(order: Order, t: Technique) -> Option<Finder> {
    match order.producer(t) {
        Some(p) => PRODUCERS.iter().find(|e| e.producer == p).map(|e| e.find),
        None => finder(t),
    }
}

/// The finder of `t`'s family, if one is registered.
pub(crate) fn finder(t: Technique) -> Option<Finder> {
    REGISTRY
        .iter()
        .find(|e| e.techniques.contains(&t))
        .map(|e| e.find)
}

/// Whether a finder implements `t`.
pub(crate) fn supports(t: Technique) -> bool {
    finder(t).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Family = module: each entry's techniques are of its family, each family has one
    /// entry, and the entry serves every implemented technique of the family.
    #[test]
    fn family_is_module() {
        for e in REGISTRY {
            for &t in e.techniques {
                assert_eq!(t.family(), e.family, "{t:?} is served by another family");
            }
            let entries = REGISTRY.iter().filter(|x| x.family == e.family).count();
            assert_eq!(entries, 1, "{:?} has {entries} entries", e.family);
        }
        for &t in Technique::ALL {
            let entry = REGISTRY.iter().find(|e| e.techniques.contains(&t));
            if let Some(e) = entry {
                assert_eq!(
                    REGISTRY
                        .iter()
                        .filter(|e| e.techniques.contains(&t))
                        .count(),
                    1
                );
                assert_eq!(e.family, t.family());
            }
        }
        assert_eq!(
            REGISTRY.len(),
            Family::ALL.len(),
            "every family has its module"
        );
    }

    /// Every SE producer has one finder, and in each order every implemented technique
    /// has a finder (its producer's or its family's).
    #[test]
    fn producers_are_registered() {
        for &p in ExplainerProducer::ALL {
            let n = PRODUCERS.iter().filter(|e| e.producer == p).count();
            assert_eq!(n, 1, "{p:?} has {n} finders");
        }
        assert_eq!(PRODUCERS.len(), ExplainerProducer::ALL.len());
        for &t in Technique::ALL.iter().filter(|t| supports(**t)) {
            for order in [Order::Hodoku, Order::Explainer] {
                assert!(finder_in(order, t).is_some(), "{order:?} {t:?}");
            }
        }
    }
}
