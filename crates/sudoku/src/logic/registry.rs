//! The registry: which finder implements which techniques. Adding a family is adding its
//! file under `logic/` (with `pub(crate) fn find` and `pub(crate) const TECHNIQUES`) and one
//! line to [`REGISTRY`].
//!
//! Depends on every family file; nothing depends on it but the driver and
//! [`super::Technique::is_implemented`].

use super::step::Step;
use super::technique::Technique;
use super::{als, chains, exclusion, forcing, sue_de_coq};
use super::{coloring, single_digit, uniqueness, wings};
use super::{fish, intersections, kraken, last_resort, singles, subsets, templates, Context};
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

/// One family's entry.
pub(crate) struct Entry {
    pub find: Finder,
    pub techniques: &'static [Technique],
}

/// Every implemented family. One line per family file.
pub(crate) const REGISTRY: &[Entry] = &[
    Entry {
        find: singles::find,
        techniques: singles::TECHNIQUES,
    },
    Entry {
        find: intersections::find,
        techniques: intersections::TECHNIQUES,
    },
    Entry {
        find: subsets::find,
        techniques: subsets::TECHNIQUES,
    },
    Entry {
        find: fish::find,
        techniques: fish::TECHNIQUES,
    },
    Entry {
        find: kraken::find,
        techniques: kraken::TECHNIQUES,
    },
    Entry {
        find: wings::find,
        techniques: wings::TECHNIQUES,
    },
    Entry {
        find: single_digit::find,
        techniques: single_digit::TECHNIQUES,
    },
    Entry {
        find: uniqueness::find,
        techniques: uniqueness::TECHNIQUES,
    },
    Entry {
        find: coloring::find,
        techniques: coloring::TECHNIQUES,
    },
    Entry {
        find: chains::find,
        techniques: chains::TECHNIQUES,
    },
    Entry {
        find: sue_de_coq::find,
        techniques: sue_de_coq::TECHNIQUES,
    },
    Entry {
        find: exclusion::find,
        techniques: exclusion::TECHNIQUES,
    },
    Entry {
        find: als::find,
        techniques: als::TECHNIQUES,
    },
    Entry {
        find: forcing::find,
        techniques: forcing::TECHNIQUES,
    },
    Entry {
        find: templates::find,
        techniques: templates::TECHNIQUES,
    },
    Entry {
        find: last_resort::find,
        techniques: last_resort::TECHNIQUES,
    },
];

/// The finder for `t`, if one is registered.
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
