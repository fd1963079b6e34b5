//! The rules of forcing propagation: what a branch (an assumption followed to its
//! consequences) derives, and how, as one [`Rules`] value per scale. HoDoKu's forcing chains
//! and nets (`forcing`, also under kraken fish) and Sudoku Explainer's chaining producers
//! (`se_chains`) both follow a candidate assumed true or false; they differ in the points
//! named here, and each of these decides which proof is found first.
//!
//! The two engines still walk their own tables (HoDoKu's per-cell candidate sets, SE's
//! box-first potentials with every parent), and each implements one value of the last
//! five fields ([`Rules::HODOKU`], [`Rules::EXPLAINER`]); the first three vary by scale
//! and both engines read them from here.
//!
//! Depends on nothing else in `logic`.

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
    /// How many causes a derived fact keeps.
    pub parents: Parents,
    /// Which derived fact is followed next.
    pub queue: Queue,
    /// In what order a true candidate's consequences are derived.
    pub peers: PeerOrder,
    /// What ends a branch as a contradiction.
    pub contradiction: Contradiction,
    /// What bounds a branch.
    pub limit: Limit,
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

/// How many causes a derived fact keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Parents {
    /// The one fact that made it (HoDoKu): a proof is a chain back to the premise.
    First,
    /// The fact that made it and, for a dynamic single, the falses that left it single
    /// (SE): a proof's complexity counts them all.
    All,
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

/// What bounds a branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Limit {
    /// Facts deeper than a number of links are not followed (HoDoKu).
    Depth,
    /// Inner chains more complex than the best step known are of no use (SE).
    Complexity(usize),
}

impl Rules {
    /// HoDoKu's engine, static chains with cell links (what varies by scale is set with
    /// [`Self::scale`]).
    pub(crate) const HODOKU: Rules = Rules {
        cell_links: true,
        dynamic: false,
        stall: Stall::Stop,
        parents: Parents::First,
        queue: Queue::Fifo,
        peers: PeerOrder::CellThenPeers,
        contradiction: Contradiction::AnyClash,
        limit: Limit::Depth,
    };
    /// SE's engine, static chains with cell links and no bound (what varies by scale is
    /// set with [`Self::scale`], the bound with [`Self::bounded`]).
    pub(crate) const EXPLAINER: Rules = Rules {
        cell_links: true,
        dynamic: false,
        stall: Stall::Stop,
        parents: Parents::All,
        queue: Queue::TruesFirst,
        peers: PeerOrder::CellThenBoxRowColumn,
        contradiction: Contradiction::BothOnly,
        limit: Limit::Complexity(usize::MAX),
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

    /// These rules with a complexity bound (SE's engine).
    pub(crate) const fn bounded(self, complexity: usize) -> Rules {
        Rules {
            limit: Limit::Complexity(complexity),
            ..self
        }
    }

    /// The complexity bound (none: `usize::MAX`).
    pub(crate) fn complexity_limit(self) -> usize {
        match self.limit {
            Limit::Complexity(c) => c,
            Limit::Depth => usize::MAX,
        }
    }
}
