//! Fair dice between two devices: each commits to a secret, then both reveal; the dice are a hash
//! of both secrets, so neither device alone can choose them. The derivation lives with the rules
//! (`vrhcaby_rules::proof`), where a record's dice are checked too (the CLI's `verify`).

pub use vrhcaby_rules::proof::{
    commitment, dice_from_secrets, dice_pair_from_secrets, from_hex32, lot_from_secrets, to_hex,
};
