//! `PlayGenerator::for_each` and `for_each_after` allocate nothing once warm: a bot's search can enumerate the
//! positions after every roll without touching the allocator. Counted by a global allocator
//! (per thread, so other tests' threads do not count).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use vrhcaby_rules::bench::self_play_sample;
use vrhcaby_rules::{PlayGenerator, Rules, Side, OFF};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is passed on to the system allocator unchanged; only a counter is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above, i.e. from the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

#[test]
fn for_each_allocates_nothing_once_warm() {
    for rules in [Rules::Vrhcaby, Rules::Standard] {
        let sample = self_play_sample(5_000, 7, rules);
        let mut gen = PlayGenerator::new();
        let mut pips = 0u64;
        // Warm-up: the buffers grow to the largest roll of the sample.
        for (pos, side, roll) in &sample {
            gen.for_each(pos, *side, *roll, rules, |after, _| {
                pips += u64::from(after.pip_count(Side::White));
            });
        }
        let before = allocations();
        let mut plays = 0usize;
        for (pos, side, roll) in &sample {
            gen.for_each(pos, *side, *roll, rules, |after, moves| {
                plays += 1;
                pips += u64::from(after.pip_count(*side)) + moves.len() as u64;
            });
            gen.for_each_after(pos, *side, *roll, rules, |after| {
                plays += 1;
                pips += u64::from(after.sides().0[OFF]);
            });
        }
        let allocated = allocations() - before;
        assert_eq!(
            allocated, 0,
            "{rules:?}: {allocated} allocations in {plays} plays"
        );
        assert!(plays > sample.len() * 20 && pips > 0);
    }
}
