//! Vertex ids -> dense numbers, the ground first: the one renumbering of the crate. The
//! model numbers its nodes with it, the [summary](crate::analysis::summary) numbers a
//! declaration's vertices for the [Green core](crate::analysis::green), and the core
//! numbers a christmas tree whose vertex count is a claim far beyond its edges.
//!
//! The ground ids share number 0; every other id gets the next number (1, 2, ...) at its
//! first use. A table of ids at most about twice what was read is a dense array (4 bytes
//! per id), a larger one a hash map, so that a claimed vertex count (`m = 4000000000`)
//! costs nothing: memory follows what was read, never what the input claims.
//!
//! Complexity: O(1) per id (expected, for the hash map); O(ids) to set up a dense table,
//! which is O(read).

use std::collections::HashMap;

/// Dense numbers for the ids of one graph, the one renumbering of the crate: the ground
/// ids share number 0, every other id gets the next number (1, 2, ...) at its first use;
/// a table of ids at most about twice what was read is a dense array, a larger one a hash
/// map, so that a claimed vertex count costs nothing. O(1) per id.
#[derive(Debug)]
pub struct Numbering {
    table: Table,
    /// The next number to give.
    next: u32,
}

#[derive(Debug)]
enum Table {
    /// By id: its number, or [`UNNUMBERED`].
    Dense(Vec<u32>),
    Sparse(HashMap<u32, u32>),
}

const UNNUMBERED: u32 = u32::MAX;

impl Numbering {
    /// A numbering of ids below `ids`, of which `read` were read (edge ends and ground
    /// vertices), reusing the memory of `table` (from [`Numbering::into_table`]) when it is
    /// dense. Number 0 is the ground's, even when no id is.
    pub fn reusing(mut table: Vec<u32>, ids: usize, read: usize) -> Numbering {
        let table = if ids <= read.saturating_mul(2).saturating_add(16) {
            table.clear();
            table.resize(ids, UNNUMBERED);
            Table::Dense(table)
        } else {
            Table::Sparse(HashMap::with_capacity(read.min(1 << 20)))
        };
        Numbering { table, next: 1 }
    }

    /// [`Numbering::reusing`] with no memory to reuse.
    pub fn new(ids: usize, read: usize) -> Numbering {
        Numbering::reusing(Vec::new(), ids, read)
    }

    /// Makes `id` a ground id (number 0); returns whether it was not one yet.
    pub fn ground(&mut self, id: u32) -> bool {
        let slot = self.slot(id);
        let new = *slot == UNNUMBERED;
        *slot = 0;
        new
    }

    /// The number of `id`, and whether it got it just now (its first use).
    #[inline]
    pub fn number(&mut self, id: u32) -> (u32, bool) {
        let next = self.next;
        let slot = self.slot(id);
        if *slot != UNNUMBERED {
            return (*slot, false);
        }
        *slot = next;
        self.next += 1;
        (next, true)
    }

    /// How many numbers are given, the ground's included: the numbers are `0..len`.
    pub fn count(&self) -> u32 {
        self.next
    }

    /// The dense table's memory, for the next [`Numbering::reusing`].
    pub fn into_table(self) -> Vec<u32> {
        match self.table {
            Table::Dense(table) => table,
            Table::Sparse(_) => Vec::new(),
        }
    }

    #[inline]
    fn slot(&mut self, id: u32) -> &mut u32 {
        match &mut self.table {
            Table::Dense(table) => &mut table[id as usize],
            Table::Sparse(map) => map.entry(id).or_insert(UNNUMBERED),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dense and sparse tables give the same numbers: the ground's 0, the others in order
    /// of first use.
    #[test]
    fn dense_and_sparse_tables_agree() {
        let ids = [5, 3, 5, 9, 0, 3, 7];
        for size in [10, 1_000_000] {
            let mut numbering = Numbering::new(size, 4);
            assert!(numbering.ground(9));
            assert!(!numbering.ground(9));
            let got: Vec<(u32, bool)> = ids.iter().map(|&id| numbering.number(id)).collect();
            let expected = [(1, true), (2, true), (1, false), (0, false), (3, true)];
            assert_eq!(got[..5], expected, "a table of {size} ids");
            assert_eq!(got[5..], [(2, false), (4, true)]);
            assert_eq!(numbering.count(), 5);
        }
    }

    /// A claimed table of 4*10^9 ids allocates for what is read only.
    #[test]
    fn claimed_tables_cost_nothing() {
        let mut numbering = Numbering::new(4_000_000_000, 2);
        assert_eq!(numbering.number(3_999_999_999), (1, true));
        assert!(numbering.into_table().capacity() == 0);
    }
}
