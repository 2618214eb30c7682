//! The ring's east and west rays come back round past the seam: the bit-scan slides and
//! nearest-blocker look-ups must agree with walking the ray cell by cell. So must the
//! line look-ups of `slides` (obstruction difference) on every board of the project, over
//! both bitboard words for the boards that fit a `u64`.

use citadel_geometry::{boards, BitWord, Bitboard, Dir, Geometry, GeometryBuilder, Square};

/// Every empty cell up to and including the first occupied one, walking the ray.
fn walk<W: BitWord>(
    g: &Geometry<W>,
    sq: Square,
    d: Dir,
    occ: Bitboard<W>,
) -> (Bitboard<W>, Option<Square>) {
    let mut out = Bitboard::EMPTY;
    for &c in g.ray(sq, d) {
        out.insert(c);
        if occ.contains(c) {
            return (out, Some(c));
        }
    }
    (out, None)
}

fn check<W: BitWord>(g: &Geometry<W>, occupancies: &[Bitboard<W>]) -> usize {
    let mut n = 0;
    for (k, &occ) in occupancies.iter().enumerate() {
        for sq in g.all() {
            for d in Dir::ALL {
                let (slide, first) = walk(g, sq, d, occ);
                assert_eq!(
                    g.slide(sq, d, occ),
                    slide,
                    "{} {d:?} {occ:?}",
                    g.name_of(sq)
                );
                assert_eq!(
                    g.first_on_ray(sq, d, occ),
                    first,
                    "{} {d:?} {occ:?}",
                    g.name_of(sq)
                );
                n += 1;
            }
            // every subset of directions (for one occupancy in five, to stay quick): the
            // line look-ups agree with the walks
            for dirs in (0..=255u8).filter(|_| k % 5 == 0) {
                let walked = Dir::ALL
                    .into_iter()
                    .filter(|&d| dirs >> d as u8 & 1 != 0)
                    .fold(Bitboard::EMPTY, |b, d| b | walk(g, sq, d, occ).0);
                assert_eq!(
                    g.slides(sq, dirs, occ),
                    walked,
                    "{} dirs {dirs:#010b} {occ:?}",
                    g.name_of(sq)
                );
            }
        }
    }
    n
}

fn occupancies<W: BitWord>(g: &Geometry<W>) -> Vec<Bitboard<W>> {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut out = vec![Bitboard::EMPTY, g.all()];
    for density in [2u64, 4, 8, 16] {
        // one cell in `density` occupied (powers of two)
        for _ in 0..40 {
            let mut b = Bitboard::EMPTY;
            for sq in g.all() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if seed & (density - 1) == 0 {
                    b.insert(sq);
                }
            }
            out.push(b);
        }
    }
    // a single blocker on every cell
    out.extend(g.all().iter().map(Bitboard::from_square));
    out
}

#[test]
fn byzantine_slides_match_the_ray_walk() {
    let g: Geometry<u64> = boards::byzantine();
    assert!(check(&g, &occupancies(&g)) > 0);
    let g: Geometry<u128> = boards::byzantine();
    assert!(check(&g, &occupancies(&g)) > 0);
}

#[test]
fn wrapping_board_with_holes_and_128_cells() {
    // a ring board with holes (rays stop at them) and one filling all 128 indices
    let holed = GeometryBuilder::new("holed-ring", 12, 5)
        .wrap_files()
        .keep(|f, r| (f + r) % 7 != 3)
        .build::<u64>();
    assert!(check(&holed, &occupancies(&holed)) > 0);
    let full: Geometry = GeometryBuilder::new("big-ring", 16, 8).wrap_files().build();
    assert_eq!(full.len(), 128);
    assert!(check(&full, &occupancies(&full)) > 0);
    let full: Geometry<u64> = GeometryBuilder::new("ring-64", 16, 4).wrap_files().build();
    assert_eq!(full.len(), 64);
    assert!(check(&full, &occupancies(&full)) > 0);
}

#[test]
fn every_board_s_line_lookups_match_the_ray_walk() {
    let g: Geometry<u64> = boards::standard();
    assert!(check(&g, &occupancies(&g)) > 0, "{}", g.name());
    for g in [
        boards::standard::<u128>(),
        boards::persian(),
        boards::mini_citadel(),
        boards::tamerlane(),
    ] {
        assert!(check(&g, &occupancies(&g)) > 0, "{}", g.name());
    }
}
