//! Standard backgammon's decisions for the computer (roll or double, answering a double or a
//! resignation): the standard worker's `decide` request is the rules crate's
//! `decide::Situation`, read from the rules core (`Situation::of`); here, the intent its answer
//! stands for.

use vrhcaby_protocol::Decision;

use super::Intent;

/// The intent for the worker's decision.
#[must_use]
pub fn decision_intent(decision: Decision) -> Intent {
    match decision {
        Decision::Roll => Intent::Roll,
        Decision::Double => Intent::Double,
        Decision::Take => Intent::Take,
        Decision::Drop => Intent::Drop,
        Decision::Beaver => Intent::Beaver,
        Decision::AcceptResign => Intent::AcceptResign,
        Decision::RejectResign => Intent::RejectResign,
    }
}
