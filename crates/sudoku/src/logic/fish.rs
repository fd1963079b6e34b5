//! Fish (in progress).
use super::registry::Sink;
use super::technique::Technique;
use super::Context;
use std::ops::ControlFlow;

pub(crate) const TECHNIQUES: &[Technique] = &[];

pub(crate) fn find(
    _ctx: &Context<'_>,
    _technique: Technique,
    _sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    ControlFlow::Continue(())
}
