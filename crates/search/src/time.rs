//! The clock the search reads: the standard library's, or the browser's (`performance.now()`)
//! on WebAssembly without an operating system, where `std::time::Instant` has no clock.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;
