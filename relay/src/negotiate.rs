//! Who says what, and when: the host offers and takes the first answer to its current offer; the
//! guest knocks and answers the newest offer it hears. A relay may drop, delay, duplicate or replay
//! notes: an answer counts only for the offer now on the table and only once, an offer only if it
//! is newer than the last one answered, and a knock only from a page not heard before (or newer
//! from the guest this link is with). Nothing is published once the link is open.

use crate::note::{Note, Role, What};

/// How often the relay worker says the current note again while the link is down (a relay keeps
/// no ephemeral event, so a device that joins later hears the next one).
pub const REPEAT_MS: u64 = 2_000;

/// How long the host waits for a link to open after taking an answer before offering anew.
pub const ACCEPT_WAIT_MS: u64 = 15_000;

/// What the page does for the negotiation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Do {
    /// The host: drop any link and make a new offer, then call [`Negotiator::offer_made`].
    MakeOffer,
    /// The guest: drop any link, answer this offer code, then call [`Negotiator::answer_made`].
    Answer { offer: String, code: String },
    /// The host: take this answer code for the current offer.
    Accept { code: String },
    /// Say this note (again and again, until [`Do::Quiet`] or the next note).
    Publish(Note),
    /// Say nothing more.
    Quiet,
}

/// One side's negotiation. Pure: the page feeds it what happens and carries out what it returns.
#[derive(Clone, Debug)]
pub struct Negotiator {
    role: Role,
    me: String,
    open: bool,
    /// The last `at` this side stamped (kept increasing).
    last_at: u64,
    /// Host: an offer is being made.
    making: bool,
    /// Host: the offer on the table (name, code, stamp).
    offer: Option<(String, String, u64)>,
    /// Host: when an answer to it was taken.
    accepted: Option<u64>,
    /// Host: the guest page this link is with, and the newest stamp heard from it.
    peer: Option<(String, u64)>,
    /// Host: every guest page heard from.
    pages: Vec<String>,
    /// Guest: the stamp of the newest offer answered, and its name.
    answered: Option<(u64, String)>,
    /// Guest: its token. Host: the token of the answer taken.
    token: String,
    /// Host: the guest's token once a link with it has opened (saved with the room).
    pinned: Option<String>,
}

impl Negotiator {
    #[must_use]
    pub fn new(role: Role, me: String) -> Negotiator {
        Negotiator {
            role,
            me,
            open: false,
            last_at: 0,
            making: false,
            offer: None,
            accepted: None,
            peer: None,
            pages: Vec::new(),
            answered: None,
            token: String::new(),
            pinned: None,
        }
    }

    /// The guest's token (sent with each of its notes).
    #[must_use]
    pub fn with_token(mut self, token: String) -> Negotiator {
        self.token = token;
        self
    }

    /// The host: hear only the guest with this token (a game whose link has opened before).
    #[must_use]
    pub fn pinned_to(mut self, token: Option<String>) -> Negotiator {
        self.pinned = token.filter(|t| !t.is_empty());
        self
    }

    /// The host: the token of the guest this room now belongs to, once a link has opened.
    #[must_use]
    pub fn pinned(&self) -> Option<&str> {
        self.pinned.as_deref()
    }

    #[must_use]
    pub fn role(&self) -> Role {
        self.role
    }

    #[must_use]
    pub fn is_open(&self) -> bool {
        self.open
    }

    fn stamp(&mut self, now: u64) -> u64 {
        self.last_at = now.max(self.last_at + 1);
        self.last_at
    }

    fn note(&mut self, what: What, offer: String, code: String, now: u64) -> Note {
        Note {
            from: self.me.clone(),
            role: self.role,
            what,
            offer,
            at: self.stamp(now),
            code,
            token: match self.role {
                Role::Guest => self.token.clone(),
                Role::Host => String::new(),
            },
        }
    }

    fn make_offer(&mut self) -> Vec<Do> {
        if self.making {
            return Vec::new();
        }
        self.making = true;
        self.offer = None;
        self.accepted = None;
        vec![Do::MakeOffer]
    }

    fn knock(&mut self, now: u64) -> Vec<Do> {
        let note = self.note(What::Knock, String::new(), String::new(), now);
        vec![Do::Publish(note)]
    }

    /// The side enters the room (a new page, or a saved game continued).
    pub fn start(&mut self, now: u64) -> Vec<Do> {
        match self.role {
            Role::Host => self.make_offer(),
            Role::Guest => self.knock(now),
        }
    }

    /// A note heard in the room (already opened: it is from someone who has the secret).
    pub fn heard(&mut self, note: &Note, now: u64) -> Vec<Do> {
        if note.from == self.me || note.role == self.role {
            return Vec::new();
        }
        if self.role == Role::Host && self.pinned.as_ref().is_some_and(|p| *p != note.token) {
            // Someone else with the link, once the game's guest is known.
            return Vec::new();
        }
        match (self.role, note.what) {
            (Role::Host, What::Answer) => {
                let current = self
                    .offer
                    .as_ref()
                    .is_some_and(|(id, ..)| *id == note.offer);
                if !current || self.accepted.is_some() || self.open {
                    return Vec::new();
                }
                self.accepted = Some(now);
                self.token = note.token.clone();
                self.remember(&note.from);
                self.peer = Some((note.from.clone(), note.at));
                vec![Do::Accept {
                    code: note.code.clone(),
                }]
            }
            (Role::Host, What::Knock) => {
                let known = self.pages.contains(&note.from);
                let newer_from_peer = self
                    .peer
                    .as_ref()
                    .is_some_and(|(p, at)| *p == note.from && note.at > *at);
                if let Some((p, at)) = self.peer.as_mut() {
                    if *p == note.from {
                        *at = (*at).max(note.at);
                    }
                }
                if known && !newer_from_peer {
                    // A replay, or a page this link has moved on from.
                    return Vec::new();
                }
                self.remember(&note.from);
                if self.open || self.accepted.is_some() {
                    // The guest has no link (a reload, or its side dropped): this one is stale.
                    self.open = false;
                    return self.make_offer();
                }
                match &self.offer {
                    Some((id, code, at)) => {
                        let note = Note {
                            from: self.me.clone(),
                            role: self.role,
                            what: What::Offer,
                            offer: id.clone(),
                            at: *at,
                            code: code.clone(),
                            token: String::new(),
                        };
                        vec![Do::Publish(note)]
                    }
                    None => self.make_offer(),
                }
            }
            (Role::Guest, What::Offer) => {
                if self.answered.as_ref().is_some_and(|(at, _)| note.at <= *at) {
                    return Vec::new();
                }
                self.answered = Some((note.at, note.offer.clone()));
                self.open = false;
                vec![Do::Answer {
                    offer: note.offer.clone(),
                    code: note.code.clone(),
                }]
            }
            _ => Vec::new(),
        }
    }

    fn remember(&mut self, page: &str) {
        if !self.pages.iter().any(|p| p == page) {
            self.pages.push(page.to_string());
        }
    }

    /// The host's offer is ready.
    pub fn offer_made(&mut self, id: String, code: String, now: u64) -> Vec<Do> {
        if self.role != Role::Host || !self.making {
            return Vec::new();
        }
        self.making = false;
        let note = self.note(What::Offer, id.clone(), code.clone(), now);
        self.offer = Some((id, code, note.at));
        self.accepted = None;
        vec![Do::Publish(note)]
    }

    /// The host could not make an offer (it tries again at the next tick).
    pub fn offer_failed(&mut self) {
        self.making = false;
    }

    /// The guest's answer to `offer` is ready (ignored if a newer offer came meanwhile).
    pub fn answer_made(&mut self, offer: &str, code: String, now: u64) -> Vec<Do> {
        if self.role != Role::Guest || self.answered.as_ref().is_none_or(|(_, id)| id != offer) {
            return Vec::new();
        }
        let note = self.note(What::Answer, offer.to_string(), code, now);
        vec![Do::Publish(note)]
    }

    /// The link is open: publishing stops. The host now hears only this guest.
    pub fn opened(&mut self) -> Vec<Do> {
        self.open = true;
        self.making = false;
        if self.role == Role::Host && self.pinned.is_none() && !self.token.is_empty() {
            self.pinned = Some(self.token.clone());
        }
        vec![Do::Quiet]
    }

    /// The link went down: look for each other again.
    pub fn closed(&mut self, now: u64) -> Vec<Do> {
        self.open = false;
        match self.role {
            Role::Host => {
                // Whoever comes next (this guest reloaded, or a new page of theirs) is welcome.
                self.peer = None;
                self.make_offer()
            }
            Role::Guest => self.knock(now),
        }
    }

    /// Time passes: a host whose taken answer never opened a link, or who has no offer, offers
    /// anew.
    pub fn tick(&mut self, now: u64) -> Vec<Do> {
        if self.role != Role::Host || self.open || self.making {
            return Vec::new();
        }
        match self.accepted {
            Some(t) if now.saturating_sub(t) >= ACCEPT_WAIT_MS => self.make_offer(),
            None if self.offer.is_none() => self.make_offer(),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
