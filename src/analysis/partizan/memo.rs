//! The memory of the searches of parts with cycles: what is known of a piece of a position
//! (a block, or a part at the ground), keyed exactly by its class (its shape up to
//! relabelling, [`shape`](super::shape)) and the values hanging at its vertices, listed as
//! the class lists them.
//!
//! Most values hanging are zero, so a key is its class, which of the values are not zero
//! (a 64-bit set: a piece of at most 64 edges has at most 64 vertices besides its root),
//! and those values only. One hash table of fixed-size entries and one array of the values
//! that are not zero, both dropped at once with the search: no allocation per entry.
//!
//! Used by the block search ([`blocks`](super::blocks), an exact value per entry) and the
//! search by comparisons ([`bounds`](super::bounds), two bounds per entry).

use std::hash::{BuildHasher, Hash};

/// A value that may hang at a vertex: compared and hashed exactly, and zero for most
/// vertices.
pub(super) trait Hanging: Clone + Eq + Hash {
    fn is_zero(&self) -> bool;
}

/// The key of a piece: its class, which of the values hanging on it (as the class lists
/// them) are not zero, and those values in that order
/// ([`Shapes::key_values`](super::shape::Shapes::key_values)).
pub(super) struct Key<'a, V> {
    pub(super) class: u32,
    pub(super) nonzero: u64,
    pub(super) values: &'a [V],
}

// A key borrows its values: copied whatever they are.
impl<V> Clone for Key<'_, V> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<V> Copy for Key<'_, V> {}

/// One piece remembered; its values that are not zero are a run of the arena.
struct Entry<T> {
    class: u32,
    start: u32,
    nonzero: u64,
    data: T,
}

/// The memo is full: its values no longer fit 32-bit places in the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Full;

/// What a search knows of each piece met, by [`Key`].
pub(super) struct Memo<V, T> {
    table: hashbrown::HashTable<Entry<T>>,
    arena: Vec<V>,
    hasher: hashbrown::DefaultHashBuilder,
}

impl<V: Hanging, T> Memo<V, T> {
    pub(super) fn new() -> Memo<V, T> {
        Memo {
            table: hashbrown::HashTable::new(),
            arena: Vec::new(),
            hasher: hashbrown::DefaultHashBuilder::default(),
        }
    }

    /// How many pieces it holds.
    pub(super) fn len(&self) -> usize {
        self.table.len()
    }

    /// The hash of a key, for [`Memo::get`], [`Memo::get_mut`] and [`Memo::insert`].
    pub(super) fn hash(&self, key: Key<'_, V>) -> u64 {
        self.hasher.hash_one((key.class, key.nonzero, key.values))
    }

    /// Whether the entry `e` is the piece `key` (compared exactly, not by hash).
    fn same<'k>(arena: &'k [V], key: Key<'k, V>) -> impl Fn(&Entry<T>) -> bool + 'k {
        move |e: &Entry<T>| {
            e.class == key.class
                && e.nonzero == key.nonzero
                && arena[e.start as usize..][..key.values.len()] == *key.values
        }
    }

    /// What is known of the piece `key` of hash `hash`, if it was met.
    pub(super) fn get(&self, hash: u64, key: Key<'_, V>) -> Option<&T> {
        let same = Self::same(&self.arena, key);
        self.table.find(hash, same).map(|e| &e.data)
    }

    /// [`Memo::get`], to change it.
    pub(super) fn get_mut(&mut self, hash: u64, key: Key<'_, V>) -> Option<&mut T> {
        let same = Self::same(&self.arena, key);
        self.table.find_mut(hash, same).map(|e| &mut e.data)
    }

    /// Remembers `data` of the piece `key` (not yet met) of hash `hash`.
    pub(super) fn insert(&mut self, hash: u64, key: Key<'_, V>, data: T) -> Result<(), Full> {
        let start = u32::try_from(self.arena.len()).map_err(|_| Full)?;
        self.arena.extend_from_slice(key.values);
        let hasher = &self.hasher;
        let arena = &self.arena;
        self.table.insert_unique(
            hash,
            Entry {
                class: key.class,
                start,
                nonzero: key.nonzero,
                data,
            },
            |e| {
                let len = e.nonzero.count_ones() as usize;
                let values = &arena[e.start as usize..][..len];
                hasher.hash_one((e.class, e.nonzero, values))
            },
        );
        Ok(())
    }
}
