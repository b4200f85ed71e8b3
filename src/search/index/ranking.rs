//! Ranking a query's groups of posting lists into scored documents: the sparse way (per-thread
//! slots touched by the postings) for short lists, the dense way (branch-free passes over
//! every document) once the lists cover a good share of the shop, and a partial sort that
//! brings the best hits to the front.

use super::*;

/// How much a hit in each field counts. A name hit beats any number of description hits for
/// the usual one- or two-word query.
pub const NAME_WEIGHT: u32 = 10;
/// The first word of a name in a language that puts the head noun first (Thai, Malay, Khmer,
/// Indonesian: "โต๊ะอาหาร…" is a table, "เก้าอี้ทานอาหาร…" a chair): what the product *is*.
pub const HEAD_WEIGHT: u32 = 12;
pub const CODE_WEIGHT: u32 = 8;
pub const DESCRIPTION_WEIGHT: u32 = 1;
/// A word of an option value ("Grey", "6 ft"): what the product is sold in, below its name
/// and code, above its description.
pub const OPTION_WEIGHT: u32 = 5;
/// How a match counts by how the word was found: as typed, as a synonym or the start of a
/// longer word, with one typo, with two.
pub(super) const EXACT: u32 = 4;
pub(super) const SYNONYM: u32 = 3;
pub(super) const PREFIX: u32 = 3;
pub(super) const ONE_TYPO: u32 = 2;
pub(super) const TWO_TYPOS: u32 = 1;
/// Added for each further reading of a synonym phrase found in a product's names.
pub(super) const COVER_BONUS: u32 = 2;
/// A prefix expands to at most this many words: enough for typing, bounded for latency.
pub(super) const MAX_PREFIX_TERMS: usize = 200;
/// A misspelt word stands for at most this many spellings.
pub(super) const MAX_TYPO_TERMS: usize = 64;

/// Per-document working memory for one query, kept per thread so a query neither allocates
/// nor zeroes it: only the entries a query touched are reset. One slot per document, so a
/// posting touches one cache line.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) slots: Vec<Slot>,
    pub(super) touched: Vec<u32>,
}

#[derive(Clone, Copy, Default)]
pub(super) struct Slot {
    pub(super) score: u32,
    /// The weight the document counts for the current group (its best list so far).
    pub(super) word_weight: u32,
    /// The last synonym reading counted for the document in the current group.
    pub(super) reading: u8,
    /// How many groups the document has matched.
    pub(super) matched: u8,
}

/// Per-document arrays for a query whose lists cover a good share of the shop: every posting
/// is one branch-free `max` into `best`, and each group is folded into `score` in one pass over
/// the documents, which costs less than chasing slots once the lists are long.
#[derive(Default)]
pub(super) struct Dense {
    /// The sum over the groups so far; 0 once a document missed a group.
    pub(super) score: Vec<u32>,
    /// The current group's best list value per document.
    pub(super) best: Vec<u16>,
    /// Per document in the current group: how many distinct synonym readings its names hold
    /// (high byte) and the last one counted (low byte).
    pub(super) readings: Vec<u16>,
    /// The documents of a list whose posting is in a name (a buffer reused across lists).
    pub(super) in_names: Vec<u32>,
}

impl Dense {
    pub(super) fn prepare(&mut self, documents: usize) {
        if self.score.len() < documents {
            self.score.resize(documents, 0);
            self.best.resize(documents, 0);
            self.readings.resize(documents, 0);
        }
    }
}

impl Scratch {
    pub(super) fn prepare(&mut self, documents: usize) {
        if self.slots.len() < documents {
            self.slots.resize(documents, Slot::default());
        }
    }

    pub(super) fn reset(&mut self) {
        for &doc in &self.touched {
            self.slots[doc as usize] = Slot::default();
        }
        self.touched.clear();
    }
}

thread_local! {
    pub(super) static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
    pub(super) static DENSE: std::cell::RefCell<Dense> = std::cell::RefCell::new(Dense::default());
    /// Best weight per document of a phrase word's lists ([`SearchIndex::intersect`]).
    pub(super) static PHRASE: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The dense way pays a pass over every document per group; it is taken when the postings
/// outnumber the documents by this share per group (measured with `cargo bench --bench search`).
pub(super) const DENSE_POSTINGS_PER_DOCUMENT_AND_GROUP: usize = 8;

/// Scores the candidates (documents of the rarest group) against every group: in a group a
/// document counts its best list, plus [`COVER_BONUS`] for each further synonym reading found in
/// its names. Every write lands on a document of the first group, so resetting those restores
/// the scratch for the next query.
pub(super) fn rank(groups: &[Vec<List>], scratch: &mut Scratch) -> Vec<Scored> {
    let Scratch { slots, touched } = scratch;
    for (i, lists) in groups.iter().enumerate() {
        let (before, after) = (i as u8, i as u8 + 1);
        for list in lists {
            let (factor, this_reading) = (list.factor, list.reading);
            for posting in list.postings.iter() {
                let slot = &mut slots[posting.doc() as usize];
                let weight = posting.weight() * factor;
                let in_name = this_reading > 0 && posting.weight() >= NAME_WEIGHT;
                if slot.matched == before {
                    slot.matched = after;
                    slot.score += weight;
                    slot.word_weight = weight;
                    slot.reading = if in_name { this_reading } else { 0 };
                    if i == 0 {
                        touched.push(posting.doc());
                    }
                } else if slot.matched == after {
                    if weight > slot.word_weight {
                        slot.score += weight - slot.word_weight;
                        slot.word_weight = weight;
                    }
                    if in_name && slot.reading != this_reading {
                        if slot.reading != 0 {
                            slot.score += COVER_BONUS;
                        }
                        slot.reading = this_reading;
                    }
                }
            }
        }
    }
    let all = groups.len() as u8;
    touched
        .iter()
        .filter_map(|&doc| {
            let slot = slots[doc as usize];
            (slot.matched == all).then_some(Scored {
                doc,
                score: slot.score,
            })
        })
        .collect()
}

/// What [`rank`] answers, the dense way: hits in document order. A document's group value is
/// its best list's weight × factor, plus [`COVER_BONUS`] for each synonym reading beyond the
/// first found in its names (the lists of one reading are consecutive in a group).
pub(super) fn rank_dense(groups: &[Vec<List>], dense: &mut Dense, documents: usize) -> Vec<Scored> {
    let Dense {
        score,
        best,
        readings,
        in_names,
    } = dense;
    let (score, best) = (&mut score[..documents], &mut best[..documents]);
    let readings = &mut readings[..documents];
    for (i, lists) in groups.iter().enumerate() {
        let mut any_reading = false;
        for list in lists {
            let (factor, reading) = (list.factor, list.reading);
            if reading == 0 {
                for posting in list.postings.iter() {
                    let slot = &mut best[posting.doc() as usize];
                    // weight ≤ 255, factor ≤ 4: fits in 16 bits.
                    *slot = (*slot).max((posting.weight() * factor) as u16);
                }
                continue;
            }
            any_reading = true;
            // The documents whose posting is in a name are gathered without a branch (which
            // ones are follows no pattern), then only they count their readings.
            in_names.resize(list.postings.len() + 1, 0);
            let mut named = 0;
            for posting in list.postings.iter() {
                let slot = &mut best[posting.doc() as usize];
                *slot = (*slot).max((posting.weight() * factor) as u16);
                in_names[named] = posting.doc();
                named += usize::from(posting.weight() >= NAME_WEIGHT);
            }
            let reading = u16::from(reading);
            for &doc in &in_names[..named] {
                let tally = &mut readings[doc as usize];
                let new = u16::from(*tally & 0xff != reading);
                *tally = ((((*tally >> 8) + new).min(255)) << 8) | reading;
            }
        }
        if i == 0 {
            for (score, best) in score.iter_mut().zip(best.iter()) {
                *score = u32::from(*best);
            }
        } else {
            for (score, best) in score.iter_mut().zip(best.iter()) {
                let best = u32::from(*best);
                *score = if best > 0 && *score > 0 {
                    *score + best
                } else {
                    0
                };
            }
        }
        if any_reading {
            for (score, tally) in score.iter_mut().zip(readings.iter_mut()) {
                // Without a branch, so the pass runs as vector instructions.
                let further = u32::from((*tally >> 8).saturating_sub(1)) * u32::from(*score > 0);
                *score += COVER_BONUS * further;
                *tally = 0;
            }
        }
        best.fill(0);
    }
    // Counted first, then written without a branch per document: whether a document matched
    // follows no pattern, and a mispredicted branch per document cost more than the rest.
    let found = score.iter().filter(|&&s| s > 0).count();
    let mut hits = vec![Scored { doc: 0, score: 0 }; found + 1];
    let mut len = 0;
    for (doc, score) in score.iter_mut().enumerate() {
        hits[len] = Scored {
            doc: doc as u32,
            score: *score,
        };
        len += usize::from(*score > 0);
        *score = 0;
    }
    hits.truncate(found);
    hits
}

/// Moves the `top` hits with the highest keys to the front, highest first, keeping the slice a
/// permutation of itself: one pass with a heap of `top` entries.
pub(super) fn best_to_front(hits: &mut [Scored], top: usize, key: impl Fn(&Scored) -> u128) {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut heap: BinaryHeap<Reverse<(u128, usize)>> = BinaryHeap::with_capacity(top + 1);
    // The score is the key's high part: a hit scoring below the page's lowest score is passed
    // over without building its key (most hits, once the page has filled).
    let mut lowest_score = 0;
    for (position, hit) in hits.iter().enumerate() {
        if hit.score < lowest_score {
            continue;
        }
        let k = key(hit);
        if heap.len() < top {
            heap.push(Reverse((k, position)));
        } else if let Some(mut lowest) = heap.peek_mut()
            && k > lowest.0.0
        {
            *lowest = Reverse((k, position));
        }
        if heap.len() == top {
            lowest_score = heap.peek().map_or(0, |lowest| (lowest.0.0 >> 64) as u32);
        }
    }
    let mut chosen: Vec<(u128, usize)> = heap.into_iter().map(|Reverse(entry)| entry).collect();
    chosen.sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
    let mut positions: Vec<usize> = chosen.into_iter().map(|(_, position)| position).collect();
    for rank in 0..top {
        let from = positions[rank];
        if from == rank {
            continue;
        }
        hits.swap(rank, from);
        // A chosen hit that sat at `rank` now sits where the moved one came from.
        if let Some(later) = positions[rank + 1..].iter_mut().find(|p| **p == rank) {
            *later = from;
        }
    }
}
