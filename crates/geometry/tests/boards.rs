//! Every board of the project: cells, names, links, steps and rays.

use citadel_geometry::{boards, Bitboard, Dir, Geometry};

fn sq(g: &Geometry, n: &str) -> citadel_geometry::Square {
    g.parse_square(n)
        .unwrap_or_else(|| panic!("{n} should exist"))
}

#[test]
fn persian_cells() {
    let g: Geometry = boards::persian();
    assert_eq!(g.len(), 85);
    for n in ["a1", "k1", "a11", "k11", "b2", "j10", "f6"] {
        assert!(g.parse_square(n).is_some(), "{n}");
    }
    for n in ["a2", "b1", "k10", "j11", "l1", "a12"] {
        assert!(g.parse_square(n).is_none(), "{n}");
    }
    let a1 = sq(&g, "a1");
    assert!(g.info(a1).dark);
    assert_eq!(g.info(a1).dark, g.info(sq(&g, "b2")).dark);
    // a citadel touches the board diagonally and by knight leaps only
    assert_eq!(g.step(a1, 1, 1), Some(sq(&g, "b2")));
    assert_eq!(g.step(a1, 1, 2), Some(sq(&g, "b3")));
    assert_eq!(g.step(a1, 2, 1), Some(sq(&g, "c2")));
    assert_eq!(g.step(a1, 1, 0), None);
    assert_eq!(g.step(a1, 0, 1), None);
    // the long diagonal runs from a1 to k11
    assert_eq!(g.ray(a1, Dir::NorthEast).len(), 10);
    assert_eq!(g.ray(sq(&g, "b2"), Dir::West).len(), 0);
    assert_eq!(g.ray(sq(&g, "b2"), Dir::North).len(), 8);
}

#[test]
fn mini_citadel_cells() {
    let g: Geometry = boards::mini_citadel();
    assert_eq!(g.len(), 68);
    for n in ["a1", "j1", "a10", "j10", "b2", "i9"] {
        assert!(g.parse_square(n).is_some(), "{n}");
    }
    for n in ["a2", "j9", "b10", "i1"] {
        assert!(g.parse_square(n).is_none(), "{n}");
    }
}

#[test]
fn tamerlane_cells_and_citadels() {
    let g: Geometry = boards::tamerlane();
    assert_eq!(g.len(), 112);
    let x1 = sq(&g, "x1");
    let x2 = sq(&g, "x2");
    assert_eq!(
        g.detached(),
        Bitboard::from_square(x1) | Bitboard::from_square(x2)
    );
    let want: Bitboard = ["k1", "k2", "k3"].iter().map(|n| sq(&g, n)).collect();
    assert_eq!(g.links(x1), want);
    let want: Bitboard = ["a8", "a9", "a10"].iter().map(|n| sq(&g, n)).collect();
    assert_eq!(g.links(x2), want);
    // nothing steps, leaps or slides into a citadel
    assert_eq!(g.step(sq(&g, "k2"), 1, 0), None);
    assert_eq!(g.step(sq(&g, "j3"), 2, -1), None);
    assert_eq!(g.step(x1, -1, 0), None);
    assert!(!g.ray_mask(sq(&g, "a2"), Dir::East).contains(x1));
    // FEN rows: rank 2 has twelve cells ending with x1, rank 9 twelve starting with x2
    let rows = g.fen_rows();
    assert_eq!(rows.len(), 10);
    assert_eq!(rows[8].len(), 12);
    assert_eq!(rows[8][11], Some(x1));
    assert_eq!(rows[1].len(), 12);
    assert_eq!(rows[1][0], Some(x2));
    assert_eq!(rows[0].len(), 11);
}

#[test]
fn byzantine_ring_wraps() {
    let g: Geometry = boards::byzantine();
    assert_eq!(g.len(), 64);
    let p1 = sq(&g, "p1");
    assert_eq!(g.step(p1, 1, 0), Some(sq(&g, "a1")));
    assert_eq!(g.step(sq(&g, "a4"), -1, 0), Some(sq(&g, "p4")));
    // rings do not cross the centre or leave ring 4
    assert_eq!(g.step(sq(&g, "a1"), 0, -1), None);
    assert_eq!(g.step(sq(&g, "a4"), 0, 1), None);
    // a ring ray covers the other 15 cells of the ring
    assert_eq!(g.ray(p1, Dir::East).len(), 15);
    assert_eq!(g.ray(p1, Dir::East)[0], sq(&g, "a1"));
    let occ = Bitboard::from_square(sq(&g, "c1"));
    let s = g.slide(p1, Dir::East, occ);
    assert_eq!(s.count(), 3); // a1, b1 and the blocker c1
}

#[test]
fn standard_rays_and_slides() {
    let g: Geometry = boards::standard();
    assert_eq!(g.len(), 64);
    let a1 = sq(&g, "a1");
    let occ: Bitboard = ["a4", "d4"].iter().map(|n| sq(&g, n)).collect();
    assert_eq!(g.slide(a1, Dir::North, occ).count(), 3);
    assert_eq!(g.slide(a1, Dir::NorthEast, occ).count(), 3); // b2 c3 d4
    assert_eq!(g.slide(sq(&g, "h4"), Dir::West, occ).count(), 4);
    assert_eq!(
        g.first_on_ray(sq(&g, "h4"), Dir::West, occ),
        Some(sq(&g, "d4"))
    );
}

#[test]
fn small_boards_fit_a_u64_and_large_ones_do_not() {
    let g: Geometry<u64> = boards::standard();
    assert_eq!(g.all().count(), 64);
    assert_eq!(g.all().last(), g.parse_square("h8"));
    let g: Geometry<u64> = boards::byzantine();
    assert_eq!(g.all().count(), 64);
    // Mini Citadel's 68 cells need a u128
    let big = std::panic::catch_unwind(boards::mini_citadel::<u64>);
    assert!(big.is_err());
    let g: Geometry<u128> = boards::mini_citadel();
    assert_eq!(g.len(), 68);
}
