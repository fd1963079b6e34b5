//! The Miscellaneous family: Sue de Coq ([`sue_de_coq`]) and aligned pair and triple
//! exclusion ([`exclusion`]), one finder for the registry.
//!
//! Depends on [`super::Context`] and the step model.

use super::registry::Sink;
use super::technique::Technique;
use super::Context;
use std::ops::ControlFlow;

mod exclusion;
mod sue_de_coq;

pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique::SueDeCoq,
    Technique::AlignedPairExclusion,
    Technique::AlignedTripleExclusion,
];

/// Finds steps of `technique`, a Miscellaneous technique.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    match technique {
        Technique::SueDeCoq => sue_de_coq::find(ctx, technique, sink),
        _ => exclusion::find(ctx, technique, sink),
    }
}
