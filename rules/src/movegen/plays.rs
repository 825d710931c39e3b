//! Complete turns (R9–R11) under house or standard rules: [`PlayGenerator`] and [`Play`].

use super::{movable, moved_mask, to_move, top, Board, Rules};
use crate::position::{Position, BAR, CHECKERS, OFF};
use crate::types::{Die, Origin, Roll, Side, Step, Target};

/// One distinct complete turn: a sequence of moves that reaches `position`.
///
/// ```
/// use vrhcaby_rules::{plays, Position, Roll, Rules, Side};
/// let all = plays(&Position::start(), Side::White, Roll::from_values(6, 5).unwrap(), Rules::Vrhcaby);
/// let run = all.iter().find(|p| p.moves.len() == 2 && p.moves[0].0.index() == 24
///                               && p.moves[1].1.index() == 13).unwrap();
/// // 24/18 with the 6, then 18/13 with the 5: no hit.
/// let dice: Vec<u8> = run.steps.iter().map(|s| s.die.value()).collect();
/// assert_eq!(dice, vec![6, 5]);
/// assert!(run.steps.iter().all(|s| !s.hit));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// (origin, target) pairs in the mover's numbering.
    pub moves: Vec<(Origin, Target)>,
    /// The same moves, each with its die and whether it hit a blot: the dice are those a
    /// [`crate::Game`] would use for the moves one by one (R15 when bearing off).
    pub steps: Vec<Step>,
    pub position: Position,
}

#[derive(Clone, Copy, Debug)]
struct RawPlay {
    board: Board,
    hash: u64,
    moves: [(u8, u8); 4],
    len: u8,
    uses_high: bool,
    /// The first move uses the high die (a non-double; the second uses the other).
    hi_first: bool,
}

impl RawPlay {
    /// The die of move `k`.
    fn die(&self, k: usize, roll: Roll) -> Die {
        if roll.is_double() || (k == 0) == self.hi_first {
            roll.high()
        } else {
            roll.low()
        }
    }
}

/// Origin and target of a move given as board indices.
fn origin_target(o: u8, t: u8) -> (Origin, Target) {
    let m = to_move(usize::from(o), usize::from(t), Die::ALL[0]);
    (m.from, m.to)
}

/// A leaf of the search: `base` with the last move `(o, t)` still to be made (`None`: base is final).
/// Making the last move only once the play is known to be new keeps wide reads of a board away
/// from its fresh byte writes (a store-forwarding stall that otherwise dominates).
struct Leaf<'a> {
    base: &'a Board,
    last: Option<(usize, usize)>,
    hash: u64,
    moves: [(u8, u8); 4],
    len: u8,
    uses_high: bool,
    hi_first: bool,
}

impl Leaf<'_> {
    /// Ranks sequences reaching one position for the standard filter: more dice, then the higher die.
    fn rank(&self) -> (u8, bool) {
        (self.len, self.uses_high)
    }

    fn board(&self) -> Board {
        let mut b = *self.base;
        if let Some((o, t)) = self.last {
            b.apply(o, t);
        }
        b
    }
}

/// Enumerates distinct complete turns. Reuse one generator to avoid allocating per call.
///
/// ```
/// use vrhcaby_rules::{PlayGenerator, Position, Roll, Rules, Side};
/// let mut gen = PlayGenerator::new();
/// let n = gen.count(&Position::start(), Side::White, Roll::from_values(2, 1).unwrap(), Rules::Standard);
/// assert_eq!(n, 15); // the 15 distinct plays of an opening 2-1
/// ```
#[derive(Clone, Debug)]
pub struct PlayGenerator {
    plays: Vec<RawPlay>,
    /// Open-addressing table: (generation << 32) | index into `plays`.
    table: Vec<u64>,
    /// 64 − log2(table size): the table index is the hash's top bits.
    shift: u32,
    generation: u32,
}

impl Default for PlayGenerator {
    fn default() -> Self {
        PlayGenerator::new()
    }
}

impl PlayGenerator {
    #[must_use]
    pub fn new() -> PlayGenerator {
        PlayGenerator {
            plays: Vec::with_capacity(64),
            table: vec![0; 256],
            shift: 64 - 8,
            generation: 0,
        }
    }

    fn reset(&mut self) {
        self.plays.clear();
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.table.fill(0);
            self.generation = 1;
        }
    }

    #[inline(always)]
    fn insert(&mut self, leaf: Leaf<'_>) {
        if (self.plays.len() + 1) * 2 > self.table.len() {
            self.grow();
        }
        let mask = self.table.len() - 1;
        let gen = u64::from(self.generation) << 32;
        let mut i = (leaf.hash >> self.shift) as usize;
        let mut board = None;
        loop {
            let slot = self.table[i];
            if slot & !0xFFFF_FFFF != gen {
                self.table[i] = gen | self.plays.len() as u64;
                self.plays.push(RawPlay {
                    board: *leaf.base,
                    hash: leaf.hash,
                    moves: leaf.moves,
                    len: leaf.len,
                    uses_high: leaf.uses_high,
                    hi_first: leaf.hi_first,
                });
                if let (Some((o, t)), Some(new)) = (leaf.last, self.plays.last_mut()) {
                    new.board.apply(o, t);
                }
                return;
            }
            let old = &mut self.plays[(slot & 0xFFFF_FFFF) as usize];
            if old.hash == leaf.hash && old.board == *board.get_or_insert_with(|| leaf.board()) {
                if leaf.rank() > (old.len, old.uses_high) {
                    old.moves = leaf.moves;
                    old.len = leaf.len;
                    old.uses_high = leaf.uses_high;
                    old.hi_first = leaf.hi_first;
                }
                return;
            }
            i = (i + 1) & mask;
        }
    }

    #[cold]
    fn grow(&mut self) {
        let size = self.table.len() * 2;
        self.table = vec![0; size];
        self.shift -= 1;
        let mask = size - 1;
        let gen = u64::from(self.generation) << 32;
        for (idx, p) in self.plays.iter().enumerate() {
            let mut i = (p.hash >> self.shift) as usize;
            while self.table[i] & !0xFFFF_FFFF == gen {
                i = (i + 1) & mask;
            }
            self.table[i] = gen | idx as u64;
        }
    }

    fn generate(&mut self, b: &Board, roll: Roll, rules: Rules) {
        self.reset();
        let hi = usize::from(roll.high().value());
        let lo = usize::from(roll.low().value());
        if hi == lo {
            let mut moves = [(0u8, 0u8); 4];
            self.double(b, b.hash(), b.mask(), hi, 0, BAR, &mut moves);
        } else {
            self.mixed(b, hi, lo, rules == Rules::Vrhcaby);
        }
        if rules == Rules::Standard {
            let best = self.plays.iter().map(|p| (p.len, p.uses_high)).max();
            if let Some((len, high)) = best {
                // Maximum number of dice; with one die of a non-double, the higher if it can be played.
                let need_high = len == 1 && hi != lo && high;
                self.plays
                    .retain(|p| p.len == len && (!need_high || p.uses_high));
            }
        }
    }

    fn mixed(&mut self, b: &Board, hi: usize, lo: usize, r15: bool) {
        let mut any = false;
        let m0 = b.mask();
        let h = top(m0);
        let hash0 = b.hash();
        // Whether the high-die-first pass plays `o → t` as its first move.
        let first_pass = |o: usize, t: usize| {
            movable(m0) & (1 << o) != 0
                && b.target(o, hi, h) == Some(t)
                && !(r15 && t == OFF && b.target(o, lo, h) == Some(OFF))
        };
        for (first, second) in [(hi, lo), (lo, hi)] {
            let mut origins = movable(m0);
            while origins != 0 {
                let o = top(origins);
                origins &= !(1 << o);
                let Some(t) = b.target(o, first, h) else {
                    continue;
                };
                // R15: a checker that the smaller die bears off is borne off by the smaller die.
                if r15 && t == OFF && first == hi && b.target(o, lo, h) == Some(OFF) {
                    continue;
                }
                any = true;
                let hash1 = hash0.wrapping_add(b.hash_delta(o, t));
                let mut b1 = *b;
                b1.apply(o, t);
                let m1 = moved_mask(m0, &b1, o, t);
                let h1 = top(m1);
                let m1st = (o as u8, t as u8);
                let mut any2 = false;
                let mut origins2 = movable(m1);
                while origins2 != 0 {
                    let o2 = top(origins2);
                    origins2 &= !(1 << o2);
                    if let Some(t2) = b1.target(o2, second, h1) {
                        any2 = true;
                        // Low die first, then the high die from a point the first pass could
                        // already move from: the first pass reached this position the other way.
                        if first == lo && first_pass(o2, t2) {
                            continue;
                        }
                        self.insert(Leaf {
                            base: &b1,
                            last: Some((o2, t2)),
                            hash: hash1.wrapping_add(b1.hash_delta(o2, t2)),
                            moves: [m1st, (o2 as u8, t2 as u8), (0, 0), (0, 0)],
                            len: 2,
                            uses_high: true,
                            hi_first: first == hi,
                        });
                    }
                }
                if !any2 {
                    self.insert(Leaf {
                        base: b,
                        last: Some((o, t)),
                        hash: hash1,
                        moves: [m1st, (0, 0), (0, 0), (0, 0)],
                        len: 1,
                        uses_high: first == hi,
                        hi_first: first == hi,
                    });
                }
            }
        }
        if !any {
            self.insert(Leaf {
                base: b,
                last: None,
                hash: hash0,
                moves: [(0, 0); 4],
                len: 0,
                uses_high: false,
                hi_first: true,
            });
        }
    }

    /// Doubles: moves of one value commute, so only sequences with non-increasing origins are
    /// followed; a node with no such move is a complete turn only if no move at all is left.
    #[allow(clippy::too_many_arguments)]
    fn double(
        &mut self,
        b: &Board,
        hash: u64,
        mask: u32,
        d: usize,
        depth: usize,
        max_origin: usize,
        moves: &mut [(u8, u8); 4],
    ) {
        let h = top(mask);
        let mut moved = false;
        // Only origins at or below the previous one (bits 0..=max_origin).
        let mut origins = movable(mask) & (u32::MAX >> (31 - max_origin));
        while origins != 0 {
            let o = top(origins);
            origins &= !(1 << o);
            let Some(t) = b.target(o, d, h) else {
                continue;
            };
            moved = true;
            moves[depth] = (o as u8, t as u8);
            let hash1 = hash.wrapping_add(b.hash_delta(o, t));
            let finished = t == OFF && b.p[OFF] + 1 == CHECKERS as i8;
            if depth == 3 || finished {
                self.insert(Leaf {
                    base: b,
                    last: Some((o, t)),
                    hash: hash1,
                    moves: *moves,
                    len: depth as u8 + 1,
                    uses_high: true,
                    hi_first: true,
                });
            } else {
                let mut b1 = *b;
                b1.apply(o, t);
                let m1 = moved_mask(mask, &b1, o, t);
                self.double(&b1, hash1, m1, d, depth + 1, o, moves);
            }
        }
        if !moved && (depth == 0 || !b.any_move(d, h)) {
            let mut m = *moves;
            m[depth..].fill((0, 0));
            self.insert(Leaf {
                base: b,
                last: None,
                hash,
                moves: m,
                len: depth as u8,
                uses_high: depth > 0,
                hi_first: true,
            });
        }
    }

    /// The number of distinct complete turns (the benchmark's measure).
    pub fn count(&mut self, pos: &Position, side: Side, roll: Roll, rules: Rules) -> usize {
        self.generate(&Board::new(pos, side), roll, rules);
        self.plays.len()
    }

    /// Every distinct complete turn, each with one move sequence that reaches it. A roll with no
    /// legal move gives one play with no moves.
    pub fn plays(&mut self, pos: &Position, side: Side, roll: Roll, rules: Rules) -> Vec<Play> {
        let start = Board::new(pos, side);
        self.generate(&start, roll, rules);
        self.plays
            .iter()
            .map(|p| {
                let mut board = start;
                let steps = p.moves[..usize::from(p.len)]
                    .iter()
                    .enumerate()
                    .map(|(k, &(o, t))| {
                        let hit = board.apply(usize::from(o), usize::from(t));
                        let (from, to) = origin_target(o, t);
                        Step {
                            from,
                            to,
                            die: p.die(k, roll),
                            hit,
                        }
                    })
                    .collect::<Vec<Step>>();
                Play {
                    moves: steps.iter().map(|s| (s.from, s.to)).collect(),
                    steps,
                    position: p.board.to_position(pos, side),
                }
            })
            .collect()
    }

    /// Calls `f` with the position after each distinct complete turn and one move sequence that
    /// reaches it, in the order of [`PlayGenerator::plays`], without allocating once the
    /// generator's buffers have grown to the largest roll seen: the loop of a bot's search.
    ///
    /// ```
    /// use vrhcaby_rules::{PlayGenerator, Position, Roll, Rules, Side};
    /// let mut gen = PlayGenerator::new();
    /// let (pos, roll) = (Position::start(), Roll::from_values(2, 1).unwrap());
    /// let mut n = 0;
    /// gen.for_each(&pos, Side::White, roll, Rules::Standard, |after, moves| {
    ///     assert_eq!(moves.len(), 2);
    ///     assert_eq!(after.pip_count(Side::White), 167 - 3);
    ///     n += 1;
    /// });
    /// assert_eq!(n, 15);
    /// ```
    pub fn for_each(
        &mut self,
        pos: &Position,
        side: Side,
        roll: Roll,
        rules: Rules,
        mut f: impl FnMut(&Position, &[(Origin, Target)]),
    ) {
        self.generate(&Board::new(pos, side), roll, rules);
        for p in &self.plays {
            let mut moves = [(Origin::Bar, Target::Off); 4];
            let len = usize::from(p.len);
            for (slot, &(o, t)) in moves.iter_mut().zip(&p.moves[..len]) {
                *slot = origin_target(o, t);
            }
            f(&p.board.to_position(pos, side), &moves[..len]);
        }
    }

    /// Calls `f` with each distinct complete turn's resulting position as the generator holds it
    /// ([`After`]: nothing built, no move list), in the order of [`PlayGenerator::plays`]: the
    /// loop of a bot's search, which reads the two sides' checkers and builds a [`Position`] only
    /// for the play it keeps.
    ///
    /// ```
    /// use vrhcaby_rules::{PlayGenerator, Position, Roll, Rules, Side, OFF};
    /// let mut gen = PlayGenerator::new();
    /// let (pos, roll) = (Position::start(), Roll::from_values(2, 1).unwrap());
    /// let mut n = 0;
    /// gen.for_each_after(&pos, Side::White, roll, Rules::Standard, |after| {
    ///     let (mover, opponent) = after.sides();
    ///     assert_eq!(mover.iter().map(|&c| u32::from(c)).sum::<u32>(), 15);
    ///     assert_eq!(&opponent, pos.side(Side::Black)); // 2-1 hits nothing at the start
    ///     assert_eq!(after.to_position().side(Side::White), &mover);
    ///     n += 1;
    /// });
    /// assert_eq!(n, 15);
    /// ```
    pub fn for_each_after(
        &mut self,
        pos: &Position,
        side: Side,
        roll: Roll,
        rules: Rules,
        mut f: impl FnMut(After<'_>),
    ) {
        self.generate(&Board::new(pos, side), roll, rules);
        for p in &self.plays {
            f(After {
                board: &p.board,
                before: pos,
                side,
            });
        }
    }

    /// The resulting position of the `i`-th play of the last generation (for self-play sampling).
    pub(crate) fn nth_position(&self, i: usize, pos: &Position, side: Side) -> Option<Position> {
        self.plays.get(i).map(|p| p.board.to_position(pos, side))
    }
}

/// The position after one play, as [`PlayGenerator::for_each_after`] hands it over: the
/// generator's own board, read without building a [`Position`].
#[derive(Clone, Copy, Debug)]
pub struct After<'a> {
    board: &'a Board,
    before: &'a Position,
    side: Side,
}

impl After<'_> {
    /// The side that played.
    #[must_use]
    pub fn mover(&self) -> Side {
        self.side
    }

    /// Both sides' checkers, each in its own numbering as [`Position::side`] gives them: the
    /// mover's, then the opponent's.
    #[must_use]
    pub fn sides(&self) -> ([u8; 26], [u8; 26]) {
        self.board.sides(self.before.side(!self.side)[OFF])
    }

    /// [`After::sides`] read out without SIMD in every build: what a build with the `simd`
    /// feature tests its SIMD read-out against.
    #[doc(hidden)]
    #[must_use]
    pub fn sides_scalar(&self) -> ([u8; 26], [u8; 26]) {
        self.board.sides_scalar(self.before.side(!self.side)[OFF])
    }

    /// The position.
    #[must_use]
    pub fn to_position(&self) -> Position {
        self.board.to_position(self.before, self.side)
    }
}

/// Every distinct complete turn for one roll (see [`PlayGenerator`]).
#[must_use]
pub fn plays(pos: &Position, side: Side, roll: Roll, rules: Rules) -> Vec<Play> {
    PlayGenerator::new().plays(pos, side, roll, rules)
}
