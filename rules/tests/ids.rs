//! GNU Backgammon Position IDs and XGIDs of known positions. The expected Position IDs are GNU
//! Backgammon's own (`gnubg.positionid` of PyPI `gnubg` 1.1.0a16, run once as a reference tool;
//! the start position's ID is also the one in its manual).

use vrhcaby_rules::ids::{position_id, xgid};
use vrhcaby_rules::{Position, Roll, Setup, Side};

fn position(white: [i64; 26], black: [i64; 26]) -> Position {
    Position::from_setup(&Setup {
        white: white.to_vec(),
        black: black.to_vec(),
    })
    .unwrap()
}

const MIDDLE_W: [i64; 26] = [
    0, 1, 0, 0, 2, 0, 4, 1, 2, 0, 0, 0, 0, 3, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1,
];
const MIDDLE_B: [i64; 26] = [
    2, 0, 2, 2, 0, 0, 4, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
];

#[test]
fn position_ids_agree_with_gnu_backgammon() {
    let start = Position::start();
    assert_eq!(position_id(&start, Side::White), "4HPwATDgc/ABMA");
    assert_eq!(position_id(&start, Side::Black), "4HPwATDgc/ABMA");
    let middle = position(MIDDLE_W, MIDDLE_B);
    assert_eq!(position_id(&middle, Side::White), "Np7BAFDMa3AEEA");
    assert_eq!(position_id(&middle, Side::Black), "Ma/BEUA2nsEAEA");
    let mut w = [0; 26];
    w[6] = 15;
    let mut b = [0; 26];
    b[0] = 14;
    b[1] = 1;
    let race = position(w, b);
    assert_eq!(position_id(&race, Side::White), "AQAAgP8/AAAAAA");
    assert_eq!(position_id(&race, Side::Black), "4P8PAAABAAAAAA");
}

#[test]
fn xgids_of_known_positions() {
    let start = Position::start();
    // XG's own start position.
    assert_eq!(
        xgid(&start, Side::White, None),
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    );
    assert_eq!(
        xgid(&start, Side::Black, Roll::from_values(3, 5).ok()),
        "XGID=-b----E-C---eE---c-e----B-:0:0:-1:53:0:0:0:0:10"
    );
    // Both bars and 15 on one point: Black's bar first, White's last; `O` is 15.
    let middle = position(MIDDLE_W, MIDDLE_B);
    assert_eq!(
        xgid(&middle, Side::White, None),
        "XGID=aA--B-DAB---bC--Ab-d--bb-A:0:0:1:00:0:0:0:0:10"
    );
    let mut w = [0; 26];
    w[6] = 15;
    let mut b = [0; 26];
    b[0] = 14;
    b[1] = 1;
    assert!(
        xgid(&position(w, b), Side::White, None).starts_with("XGID=------O-----------------a-:")
    );
}
