//! The two hot loops of inference, written once over fixed-width rows and compiled twice:
//! for the build's baseline (SSE2 on x86-64, plain code elsewhere) and, on x86-64, for
//! AVX2, chosen at run time by [`Kernel::detect`]. The loops are shaped for the compiler's
//! vectoriser (fixed lengths, no early exits), so each copy is vector code for its
//! instruction set without hand-written intrinsics.
//!
//! The only `unsafe` of the workspace is here: calling a function compiled for AVX2, which
//! is sound once the processor has said it has AVX2 (`is_x86_feature_detected!`), the one
//! way a [`Kernel::Avx2`] is made.
#![allow(unsafe_code)]

use crate::layout::HIDDEN;

/// An accumulator row: one perspective's first-layer outputs.
pub type Row = [i16; HIDDEN];

/// The instruction set the loops run with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// The build's baseline.
    Portable,
    /// AVX2 (x86-64 only; made only when the processor has it).
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2Token),
}

/// Proof that the processor has AVX2: made only by [`Kernel::detect`].
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx2Token(());

impl Kernel {
    /// The best the processor running this offers.
    pub fn detect() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Kernel::Avx2(Avx2Token(()));
        }
        Kernel::Portable
    }

    /// Its name, for reports (`avx2`, `portable`).
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2(_) => "avx2",
        }
    }

    /// `dst = src + Σ adds − Σ subs`, row by row.
    #[inline]
    pub fn update(self, dst: &mut Row, src: &Row, adds: &[&Row], subs: &[&Row]) {
        match self {
            Kernel::Portable => update(dst, src, adds, subs),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: an `Avx2Token` exists only where the processor has AVX2.
            Kernel::Avx2(_) => unsafe { update_avx2(dst, src, adds, subs) },
        }
    }

    /// The output layer's sum: `Σ clamp(us, 0, qa) · w[..HIDDEN] + Σ clamp(them, 0, qa) ·
    /// w[HIDDEN..]`.
    #[inline]
    pub fn output(self, us: &Row, them: &Row, w: &[i16; 2 * HIDDEN], qa: i16) -> i32 {
        match self {
            Kernel::Portable => output(us, them, w, qa),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            Kernel::Avx2(_) => unsafe { output_avx2(us, them, w, qa) },
        }
    }
}

#[inline(always)]
fn update(dst: &mut Row, src: &Row, adds: &[&Row], subs: &[&Row]) {
    *dst = *src;
    for a in adds {
        for (d, x) in dst.iter_mut().zip(a.iter()) {
            *d = d.wrapping_add(*x);
        }
    }
    for s in subs {
        for (d, x) in dst.iter_mut().zip(s.iter()) {
            *d = d.wrapping_sub(*x);
        }
    }
}

#[inline(always)]
fn half(acc: &Row, w: &[i16], qa: i16) -> i32 {
    // 16 lanes of i32 sums: the shape of a widening multiply-add
    let mut sums = [0i32; 16];
    for (a, w) in acc.chunks_exact(16).zip(w.chunks_exact(16)) {
        for i in 0..16 {
            sums[i] += i32::from(a[i].clamp(0, qa)) * i32::from(w[i]);
        }
    }
    sums.iter().sum()
}

#[inline(always)]
fn output(us: &Row, them: &Row, w: &[i16; 2 * HIDDEN], qa: i16) -> i32 {
    half(us, &w[..HIDDEN], qa) + half(them, &w[HIDDEN..], qa)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn update_avx2(dst: &mut Row, src: &Row, adds: &[&Row], subs: &[&Row]) {
    update(dst, src, adds, subs)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn output_avx2(us: &Row, them: &Row, w: &[i16; 2 * HIDDEN], qa: i16) -> i32 {
    output(us, them, w, qa)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn row(rng: &mut impl Rng) -> Row {
        std::array::from_fn(|_| rng.gen_range(-600..600))
    }

    #[test]
    fn every_kernel_computes_the_plain_sums() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..50 {
            let (src, a, b, s) = (row(&mut rng), row(&mut rng), row(&mut rng), row(&mut rng));
            let w: [i16; 2 * HIDDEN] = std::array::from_fn(|_| rng.gen_range(-127..128));
            let want: Row = std::array::from_fn(|i| src[i] + a[i] + b[i] - s[i]);
            let dot = |r: &Row, w: &[i16]| -> i32 {
                r.iter()
                    .zip(w)
                    .map(|(&x, &w)| i32::from(x.clamp(0, 255)) * i32::from(w))
                    .sum()
            };
            for k in [Kernel::Portable, Kernel::detect()] {
                let mut dst = [0; HIDDEN];
                k.update(&mut dst, &src, &[&a, &b], &[&s]);
                assert_eq!(dst, want, "{}", k.name());
                let o = k.output(&a, &b, &w, 255);
                assert_eq!(
                    o,
                    dot(&a, &w[..HIDDEN]) + dot(&b, &w[HIDDEN..]),
                    "{}",
                    k.name()
                );
            }
        }
    }
}
