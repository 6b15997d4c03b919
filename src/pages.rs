//! A growable buffer of plain values that lives on transparent huge pages once it is
//! large: the lean search's per-vertex counts of graphs with millions of vertices.
//!
//! Such a buffer is updated at random. On 4 KiB pages that is a miss of the address
//! translation cache on nearly every access, since a few thousand entries cover only a
//! few MiB, and a page fault per 4 KiB when it is first written. Linux backs a mapping
//! with 2 MiB pages when asked (`madvise(MADV_HUGEPAGE)`, which most distributions
//! require rather than doing it for every allocation), so a buffer of [`MAPPED_FROM`]
//! bytes or more gets an anonymous mapping of its own and the request. Below that, and
//! where the kernel declines, it is an ordinary heap allocation.
//!
//! Not every large buffer gains. On the virtual machine of `docs/performance.md`, fresh
//! huge pages right after another process freed hundreds of MiB cost more than the
//! faults they save: the judge's edge list on huge pages took the judge on a 10^7-edge
//! tree from 325 to 445 ms when it ran just after the C++ baseline (471 MiB). The counts
//! are faulted in on the second core while the first core reads the text, so there it
//! does not show; the edge list, written by the reader itself, stays on the heap.
//!
//! ```
//! use hackenbush::pages::Pages;
//!
//! let mut counts = Pages::<u32>::default();
//! counts.extend_from_slice(&[0, 1, 1, 2]);
//! counts.push(7);
//! assert_eq!(&counts[..], [0, 1, 1, 2, 7]);
//! counts.resize(2, 0);
//! assert_eq!(counts.len(), 2);
//! ```

use std::ops::{Deref, DerefMut};

use bytemuck::Pod;
use memmap2::MmapMut;

/// Capacities from this many bytes (4 MiB) are mapped on their own: two 2 MiB pages at
/// least, so that a page's rounding costs little, and few enough buffers that the small
/// test cases of judge data never take one.
pub const MAPPED_FROM: usize = 1 << 22;

/// A `Vec<T>` in all that its users need: `push`, `extend_from_slice`, `extend`,
/// `resize`, `reserve`, `truncate`, `clear`, and the values as a slice. Below
/// [`MAPPED_FROM`] bytes it is a `Vec<T>`; above, an anonymous mapping, whose memory is
/// all zeroed or written, and every bit pattern is a `T` (`Pod`), so the room past
/// [`Pages::len`] needs no `unsafe` to hand out.
#[derive(Debug)]
pub struct Pages<T: Pod>(Store<T>);

#[derive(Debug)]
enum Store<T: Pod> {
    /// A heap buffer.
    Heap(Vec<T>),
    /// An anonymous mapping of whole 2 MiB pages, its first `len` values in use.
    Mapped { map: MmapMut, len: usize },
}

impl<T: Pod> Default for Pages<T> {
    fn default() -> Self {
        Pages(Store::Heap(Vec::new()))
    }
}

/// Bytes in a huge page, the unit of a mapping's size.
const HUGE_PAGE: usize = 1 << 21;

/// The values a mapping holds (whole values only).
#[inline(always)]
fn values<T: Pod>(map: &MmapMut) -> &[T] {
    let whole = map.len() / size_of::<T>() * size_of::<T>();
    bytemuck::cast_slice(&map[..whole])
}

#[inline(always)]
fn values_mut<T: Pod>(map: &mut MmapMut) -> &mut [T] {
    let whole = map.len() / size_of::<T>() * size_of::<T>();
    bytemuck::cast_slice_mut(&mut map[..whole])
}

impl<T: Pod> Pages<T> {
    /// An empty buffer with room for `capacity` values.
    pub fn with_capacity(capacity: usize) -> Pages<T> {
        let mut pages = Pages::default();
        pages.reserve(capacity);
        pages
    }

    /// How many values it holds.
    #[inline(always)]
    pub fn len(&self) -> usize {
        match &self.0 {
            Store::Heap(v) => v.len(),
            Store::Mapped { len, .. } => *len,
        }
    }

    /// Whether it holds no value.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many values it can hold without moving.
    #[inline(always)]
    pub fn capacity(&self) -> usize {
        match &self.0 {
            Store::Heap(v) => v.capacity(),
            Store::Mapped { map, .. } => map.len() / size_of::<T>(),
        }
    }

    /// Drops every value, keeping the memory.
    pub fn clear(&mut self) {
        self.truncate(0);
    }

    /// Keeps the first `len` values (all of them if there are fewer).
    pub fn truncate(&mut self, new_len: usize) {
        match &mut self.0 {
            Store::Heap(v) => v.truncate(new_len),
            Store::Mapped { len, .. } => *len = (*len).min(new_len),
        }
    }

    /// Makes room for `additional` more values: on the heap while they take less than
    /// [`MAPPED_FROM`] bytes, else on a mapping of their own.
    #[inline(always)]
    pub fn reserve(&mut self, additional: usize) {
        let needed = self.len().saturating_add(additional);
        if needed > self.capacity() {
            self.grow(needed);
        }
    }

    #[cold]
    fn grow(&mut self, needed: usize) {
        let bytes = needed.saturating_mul(size_of::<T>());
        if let Store::Heap(v) = &mut self.0 {
            // (A mapping is page-aligned, enough for any T the crate keeps.)
            if bytes < MAPPED_FROM || align_of::<T>() > 4096 {
                v.reserve(needed - v.len());
                return;
            }
        }
        // At least twice the old room, so that pushes cost constant time on average.
        let bytes = bytes.max(2 * self.capacity() * size_of::<T>());
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
        values_mut(&mut map)[..len].copy_from_slice(self);
        self.0 = Store::Mapped { map, len };
    }

    /// Appends `value`.
    #[inline(always)]
    pub fn push(&mut self, value: T) {
        match &mut self.0 {
            Store::Heap(v) if v.len() < v.capacity() => v.push(value),
            _ => self.extend_from_slice(&[value]),
        }
    }

    /// Appends `values`.
    #[inline(always)]
    pub fn extend_from_slice(&mut self, more: &[T]) {
        self.reserve(more.len());
        match &mut self.0 {
            Store::Heap(v) => v.extend_from_slice(more),
            Store::Mapped { map, len } => {
                values_mut(map)[*len..*len + more.len()].copy_from_slice(more);
                *len += more.len();
            }
        }
    }

    /// Makes it `new_len` values long, new values set to `value`.
    pub fn resize(&mut self, new_len: usize, value: T) {
        let len = self.len();
        if new_len > len {
            self.reserve(new_len - len);
        }
        match &mut self.0 {
            Store::Heap(v) => v.resize(new_len, value),
            Store::Mapped { map, len } => {
                if new_len > *len {
                    values_mut(map)[*len..new_len].fill(value);
                }
                *len = new_len;
            }
        }
    }
}

impl<T: Pod> Extend<T> for Pages<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, more: I) {
        let more = more.into_iter();
        self.reserve(more.size_hint().0);
        for value in more {
            self.push(value);
        }
    }
}

impl<T: Pod> Deref for Pages<T> {
    type Target = [T];

    #[inline(always)]
    fn deref(&self) -> &[T] {
        match &self.0 {
            Store::Heap(v) => v,
            Store::Mapped { map, len } => &values(map)[..*len],
        }
    }
}

impl<T: Pod> DerefMut for Pages<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        match &mut self.0 {
            Store::Heap(v) => v,
            Store::Mapped { map, len } => &mut values_mut(map)[..*len],
        }
    }
}

impl<'a, T: Pod> IntoIterator for &'a Pages<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Pod> Clone for Pages<T> {
    fn clone(&self) -> Pages<T> {
        let mut copy = Pages::with_capacity(self.len());
        copy.extend_from_slice(self);
        copy
    }
}

impl<T: Pod + PartialEq> PartialEq<Vec<T>> for Pages<T> {
    fn eq(&self, other: &Vec<T>) -> bool {
        **self == **other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values pushed one by one, past the size where the buffer is mapped, and cut back.
    #[test]
    fn grows_onto_a_mapping_and_keeps_every_value() {
        let mut words = Pages::<u32>::default();
        let n = (MAPPED_FROM / 4) as u32 + 5;
        for x in 0..n {
            words.push(x.wrapping_mul(2_654_435_761));
        }
        assert!(matches!(words.0, Store::Mapped { .. }));
        assert_eq!(words.len(), n as usize);
        assert!((0..n).all(|x| words[x as usize] == x.wrapping_mul(2_654_435_761)));
        words.truncate(3);
        words.resize(6, 9);
        assert_eq!(&words[..], [0, 2_654_435_761, 1_013_904_226, 9, 9, 9]);
        words.clear();
        words.resize(4, 0);
        assert_eq!(&words[..], [0; 4]);
    }

    #[test]
    fn small_buffers_stay_on_the_heap() {
        let mut words = Pages::<u32>::with_capacity(10);
        words.extend_from_slice(&[1, 2, 3]);
        words.reserve(100);
        assert!(matches!(words.0, Store::Heap(_)));
        assert!(words.capacity() >= 103);
        assert_eq!(words, vec![1, 2, 3]);
        assert!(!words.is_empty());
    }

    /// Records of three words, on a mapping whose size is no multiple of theirs.
    #[test]
    fn records_fill_a_mapping_by_whole_records() {
        let n = MAPPED_FROM / 12 + 1;
        let mut records = Pages::<[u32; 3]>::with_capacity(n);
        assert!(matches!(records.0, Store::Mapped { .. }));
        records.extend((0..n as u32).map(|i| [i, i + 1, i + 2]));
        assert!(
            records
                .iter()
                .enumerate()
                .all(|(i, r)| r[0] == i as u32 && r[2] == r[0] + 2)
        );
        let copy = records.clone();
        assert_eq!(copy.len(), n);
        assert_eq!(copy[n - 1], [n as u32 - 1, n as u32, n as u32 + 1]);
    }
}
