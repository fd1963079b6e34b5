//! The rules of forcing propagation: what a branch (an assumption followed to its
//! consequences) derives, and how, as one [`Rules`] value per scale. HoDoKu's forcing chains
//! and nets (`forcing`, also under kraken fish) and Sudoku Explainer's chaining producers
//! (`se_chains`) both follow a candidate assumed true or false; they differ in the points
//! named here, and each of these decides which proof is found first.
//!
//! One engine runs both: `forcing::Branch` propagates by any [`Rules`] value and writes
//! what a branch derives in one node table ([`Nodes`]: each fact once, in order, with all
//! its causes, how it was derived and its depth), so a proof is read the same way whichever
//! scale ran (its chain along first causes, its complexity over all causes). The branch is
//! written once over a candidate store ([`Store`]): per-cell digit sets with house counts
//! for any side ([`Sets`], HoDoKu's finders past 32x32 and kraken fish) or box-first bit
//! masks for sides up to 32 ([`Bits`], every SE producer's nets, nested levels included,
//! and HoDoKu's finders). With
//! [`Rules::HODOKU`]'s values it runs HoDoKu's forcing chains and nets; with
//! [`Rules::EXPLAINER`]'s, SE's Nishio, multiple, dynamic, Dynamic (+) and nested forcing
//! chains. A test runs the branch on both stores under both values and compares the tables
//! node for node (causes included).
//!
//! SE's engine values are the hot path of the hardest ratings (hundreds of thousands of
//! nets at the nested levels), so the branch's queue loop is compiled twice: once for any
//! rules, once with SE's engine values as constants (their checks compiled out, a false's
//! singles read in one pass over its houses, a long branch put back by copying the store).
//! The scale (cell links, dynamic, stall) stays a value in both; the same test holds SE's
//! loop to the one for any rules.
//!
//! What is still not shared:
//! - the stall rules are the scale's: SE's basics are one function over masks
//!   ([`basics`](fn@basics); the digit-set store makes masks to call it); HoDoKu's locked candidates
//!   and failing bivalues are the branch's own; at [`Stall::Inner`] (SE's nested levels)
//!   the branch asks a hook (`forcing::branch::InnerStall`), which `se_chains` gives on the masks
//!   store to run its inner producers;
//! - SE's cycles and static forcing chains (`se_chains::cycles`, `links`) are shortest-path
//!   searches over the static links, not propagation, and keep their own BFS.
//!
//! Not rules here, because they are values of one search, not of the scale: the bound
//! (the branch stops at a depth in links, the nets' inner chains at a complexity in
//! potentials).
//!
//! Depends on the geometry (`store`, `basics`) and the digit sets, nothing else in `logic`.

mod basics;
mod store;
mod table;

pub(crate) use basics::{basics, ones, several, two, Masks};
#[cfg(test)]
pub(crate) use store::tests::locking_as_found_cell_by_cell;
pub(crate) use store::{Bits, Left, Sets, Store};
pub(crate) use table::{Cause, InnerRule, Node, Nodes, NO_NODE};

/// How a branch propagates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    /// Cell links: a true candidate makes its cell's others false, and a cell left with one
    /// candidate makes it true. Off when one digit is followed alone (Nishio).
    pub cell_links: bool,
    /// Singles as the branch leaves them (nets, dynamic chains), or only the strong links of
    /// the position as it is (static chains: bivalue cells, conjugate pairs).
    pub dynamic: bool,
    /// What follows when propagation stalls.
    pub stall: Stall,
    /// Which derived fact is followed next.
    pub queue: Queue,
    /// In what order a true candidate's consequences are derived.
    pub peers: PeerOrder,
    /// What ends a branch as a contradiction.
    pub contradiction: Contradiction,
    /// When a false candidate leaves the branch's candidates (which decides when a
    /// dynamic single is seen).
    pub effect: Effect,
}

/// What a branch does when nothing more follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stall {
    /// Nothing: the branch is complete.
    Stop,
    /// Locked candidates (pointing and claiming) inside the branch (HoDoKu's nets plus).
    LockedCandidates,
    /// Locked candidates, then every candidate of a cell with two left whose own
    /// locked-candidates branch fails is made false (HoDoKu's nested nets).
    FailingBivalues,
    /// Locked candidates, hidden and naked pairs and X-Wings inside the branch (SE's
    /// Dynamic (+)).
    Basics,
    /// The basics, then SE's inner producers of this nested level on the branch's
    /// position.
    Inner(u8),
}

/// Which derived fact is followed next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Queue {
    /// The oldest (HoDoKu: one queue, trues and falses alike).
    Fifo,
    /// The oldest true, and only when none is waiting the oldest false (SE: two queues).
    TruesFirst,
}

/// In what order a fact's consequences are derived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PeerOrder {
    /// After a true: the cell's other candidates, then the digit in the peers in the
    /// geometry's peer order; after a false: the cell's single, then the singles of row,
    /// column and box (HoDoKu).
    CellThenPeers,
    /// After a true: the cell's other candidates, then the digit in the box, the row
    /// outside the box and the column outside the box; after a false: the cell's single,
    /// then the singles of box, row and column (SE).
    CellThenBoxRowColumn,
}

/// What ends a branch as a contradiction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Contradiction {
    /// A candidate both true and false, a cell without candidates, or a digit without a
    /// place in a house (HoDoKu).
    AnyClash,
    /// A candidate both true and false (SE: the others show as such one step later).
    BothOnly,
}

/// When a false candidate leaves the branch's candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Effect {
    /// When it is derived (HoDoKu): a single shows as soon as the falses that make it are
    /// known.
    WhenDerived,
    /// When it is followed (SE): a single shows when the last of its falses is followed,
    /// and the falses followed before it are its hidden causes.
    WhenFollowed,
}

impl Rules {
    /// HoDoKu's engine, static chains with cell links (what varies by scale is set with
    /// [`Self::scale`]).
    pub(crate) const HODOKU: Rules = Rules {
        cell_links: true,
        dynamic: false,
        stall: Stall::Stop,
        queue: Queue::Fifo,
        peers: PeerOrder::CellThenPeers,
        contradiction: Contradiction::AnyClash,
        effect: Effect::WhenDerived,
    };
    /// SE's engine, static chains with cell links (what varies by scale is set with
    /// [`Self::scale`]).
    pub(crate) const EXPLAINER: Rules = Rules {
        cell_links: true,
        dynamic: false,
        stall: Stall::Stop,
        queue: Queue::TruesFirst,
        peers: PeerOrder::CellThenBoxRowColumn,
        contradiction: Contradiction::BothOnly,
        effect: Effect::WhenFollowed,
    };

    /// These rules at a scale: cell links or one digit, static or dynamic, the stall rule.
    pub(crate) const fn scale(self, cell_links: bool, dynamic: bool, stall: Stall) -> Rules {
        Rules {
            cell_links,
            dynamic,
            stall,
            ..self
        }
    }
}
