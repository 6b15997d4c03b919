//! A growable buffer of `u32` words that lives on transparent huge pages once it is
//! large: the Green core's per-vertex counts of graphs with millions of vertices.
//!
//! Such a buffer is updated at random. On 4 KiB pages that is a miss of the address
//! translation cache on nearly every access, since a few thousand entries cover only a
//! few MiB, and a page fault per 4 KiB when it is first written. Linux backs a mapping
//! with 2 MiB pages when asked (`madvise(MADV_HUGEPAGE)`, which most distributions
//! require rather than doing it for every allocation), so a buffer of [`MAPPED_FROM`]
//! bytes or more gets an anonymous mapping of its own and the request. Below that, and
//! where the kernel declines, it is an ordinary heap allocation.
//!
//! Not every large buffer gains. On the virtual machine of `docs/performance.md`, the
//! judge's edge list on huge pages took the judge on a 10^7-edge tree from 325 to 445 ms
//! when it ran just after the C++ baseline (4 alternating runs; that machine runs any
//! process slower after a few seconds of busy CPU, but the list on huge pages lost more).
//! The counts are faulted in on the second core while the first core reads the text, so
//! there the cost does not show; the edge list, written by the reader itself, stays on
//! the heap.
//!
//! Without the `parallel` feature (the browser build) every buffer is on the heap.

use std::ops::{Deref, DerefMut};

#[cfg(feature = "parallel")]
use memmap2::MmapMut;

/// Capacities from this many bytes (4 MiB) are mapped on their own: two 2 MiB pages at
/// least, so that a page's rounding costs little, and few enough buffers that the small
/// test cases of judge data never take one.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
const MAPPED_FROM: usize = 1 << 22;

/// Bytes in a huge page, the unit of a mapping's size.
#[cfg(feature = "parallel")]
const HUGE_PAGE: usize = 1 << 21;

/// A `Vec<u32>` in what the Green core asks of it: `reserve`, `resize`, `truncate`,
/// `clear`, and the words as a slice. Below [`MAPPED_FROM`] bytes it is a `Vec<u32>`;
/// above, an anonymous mapping, all zeroed or written, so the words past
/// [`Words::len`] need no `unsafe` to hand out.
#[derive(Debug, Default)]
pub(crate) struct Words(Store);

#[derive(Debug)]
enum Store {
    /// A heap buffer.
    Heap(Vec<u32>),
    /// An anonymous mapping of whole 2 MiB pages, its first `len` words in use.
    #[cfg(feature = "parallel")]
    Mapped { map: MmapMut, len: usize },
}

impl Default for Store {
    fn default() -> Self {
        Store::Heap(Vec::new())
    }
}

impl Words {
    /// How many words it holds.
    pub(crate) fn len(&self) -> usize {
        match &self.0 {
            Store::Heap(v) => v.len(),
            #[cfg(feature = "parallel")]
            Store::Mapped { len, .. } => *len,
        }
    }

    /// How many words it can hold without moving.
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    fn capacity(&self) -> usize {
        match &self.0 {
            Store::Heap(v) => v.capacity(),
            #[cfg(feature = "parallel")]
            Store::Mapped { map, .. } => map.len() / 4,
        }
    }

    /// Drops every word, keeping the memory.
    pub(crate) fn clear(&mut self) {
        self.truncate(0);
    }

    /// Keeps the first `new_len` words (all of them if there are fewer).
    pub(crate) fn truncate(&mut self, new_len: usize) {
        match &mut self.0 {
            Store::Heap(v) => v.truncate(new_len),
            #[cfg(feature = "parallel")]
            Store::Mapped { len, .. } => *len = (*len).min(new_len),
        }
    }

    /// Makes room for `additional` more words: on the heap while they take less than
    /// [`MAPPED_FROM`] bytes, else on a mapping of their own (on the heap always without
    /// the `parallel` feature).
    #[cfg(not(feature = "parallel"))]
    pub(crate) fn reserve(&mut self, additional: usize) {
        let Store::Heap(v) = &mut self.0;
        v.reserve(additional);
    }

    /// Makes room for `additional` more words: on the heap while they take less than
    /// [`MAPPED_FROM`] bytes, else on a mapping of their own.
    #[cfg(feature = "parallel")]
    pub(crate) fn reserve(&mut self, additional: usize) {
        let needed = self.len().saturating_add(additional);
        if needed <= self.capacity() {
            return;
        }
        let bytes = needed.saturating_mul(4);
        if let Store::Heap(v) = &mut self.0
            && bytes < MAPPED_FROM
        {
            v.reserve(needed - v.len());
            return;
        }
        // At least twice the old room, so that growing costs constant time a word.
        let bytes = bytes.max(8 * self.capacity());
        let Ok(mut map) = MmapMut::map_anon(bytes.next_multiple_of(HUGE_PAGE)) else {
            // No mapping to be had: the heap it is.
            let mut v = self.to_vec();
            v.reserve(needed - v.len());
            self.0 = Store::Heap(v);
            return;
        };
        // A hint: where the kernel has no huge pages to give, it is 4 KiB pages.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        let len = self.len();
        bytemuck::cast_slice_mut(&mut map[..])[..len].copy_from_slice(self);
        self.0 = Store::Mapped { map, len };
    }

    /// Makes it `new_len` words long, new words set to `value`.
    pub(crate) fn resize(&mut self, new_len: usize, value: u32) {
        self.reserve(new_len.saturating_sub(self.len()));
        match &mut self.0 {
            Store::Heap(v) => v.resize(new_len, value),
            #[cfg(feature = "parallel")]
            Store::Mapped { map, len } => {
                if new_len > *len {
                    bytemuck::cast_slice_mut(&mut map[..])[*len..new_len].fill(value);
                }
                *len = new_len;
            }
        }
    }
}

impl Deref for Words {
    type Target = [u32];

    fn deref(&self) -> &[u32] {
        match &self.0 {
            Store::Heap(v) => v,
            #[cfg(feature = "parallel")]
            Store::Mapped { map, len } => &bytemuck::cast_slice(&map[..])[..*len],
        }
    }
}

impl DerefMut for Words {
    fn deref_mut(&mut self) -> &mut [u32] {
        match &mut self.0 {
            Store::Heap(v) => v,
            #[cfg(feature = "parallel")]
            Store::Mapped { map, len } => &mut bytemuck::cast_slice_mut(&mut map[..])[..*len],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words grown past the size where the buffer is mapped keep their values, and the
    /// mapping is cut back, cleared and grown as a vector would be.
    #[cfg(feature = "parallel")]
    #[test]
    fn grows_onto_a_mapping_and_keeps_every_word() {
        let mut words = Words::default();
        words.resize(3, 7);
        assert!(matches!(words.0, Store::Heap(_)));
        let n = MAPPED_FROM / 4 + 5;
        words.resize(n, 9);
        assert!(matches!(words.0, Store::Mapped { .. }));
        assert_eq!(words.len(), n);
        assert_eq!(&words[..4], [7, 7, 7, 9]);
        assert_eq!(words[n - 1], 9);
        words[5] = 11;
        words.truncate(6);
        words.resize(8, 2);
        assert_eq!(&words[..], [7, 7, 7, 9, 9, 11, 2, 2]);
        words.clear();
        words.resize(4, 0);
        assert_eq!(&words[..], [0; 4]);
        // Reserving more moves the words to a larger mapping.
        let room = words.capacity();
        words.reserve(room);
        assert!(words.capacity() >= room + 4);
        assert_eq!(&words[..], [0; 4]);
    }

    #[test]
    fn small_buffers_stay_on_the_heap() {
        let mut words = Words::default();
        words.resize(3, 1);
        words.reserve(100);
        assert!(matches!(words.0, Store::Heap(_)));
        assert!(words.capacity() >= 103);
        assert_eq!(&words[..], [1, 1, 1]);
    }
}
