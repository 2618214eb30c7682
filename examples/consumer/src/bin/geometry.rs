//! citadel-geometry alone: a board as data — cells, names, holes, wrapping files, rays.

use citadel_geometry::{boards, Dir, Geometry};

fn main() {
    let persian: Geometry = boards::persian();
    println!(
        "Persian Chess board: {} cells (9x9 and 4 corner citadels)",
        persian.len()
    );
    let a1 = persian.parse_square("a1").expect("a1 is a citadel");
    let b2 = persian.step(a1, 1, 1).expect("a citadel touches b2");
    println!("the citadel a1 touches {} diagonally", persian.name_of(b2));
    assert_eq!(persian.step(a1, 1, 0), None, "and nothing orthogonally");

    let ring: Geometry<u64> = boards::byzantine();
    let a1 = ring.parse_square("a1").expect("ring cell");
    let west: Vec<&str> = ring
        .ray(a1, Dir::West)
        .iter()
        .take(3)
        .map(|&sq| ring.name_of(sq))
        .collect();
    println!("on the round board, west of a1 come {}", west.join(", "));
    assert_eq!(west[0], "p1", "files wrap round the ring");
}
