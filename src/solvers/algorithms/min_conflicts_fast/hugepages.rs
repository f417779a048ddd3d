//! Asks Linux to back the initialization's occupancy bits with transparent
//! huge pages.
//!
//! The initialization reads and marks the occupancy bits at random, two
//! words per candidate square, within a window of `n/4` bytes (25 MB at
//! N = 10⁸); with 4 KiB pages nearly every such read also misses the TLB.
//! Where transparent huge pages are set to `madvise` (a common default),
//! 2 MiB pages cut those misses. The advice is a hint: it changes no
//! result, and where it is refused or unknown (other systems) nothing
//! happens.
//!
//! Huge pages are not free everywhere: on a virtual machine whose balloon
//! reports freed memory to its host, a fresh 2 MiB page is backed anew by
//! the host when first touched. On the benchmark machine, touching 400 MB
//! of fresh memory took 1.2 s of CPU with huge pages and 0.18 s with 4 KiB
//! ones (seconds after another process freed it; 0.06 s with huge pages
//! when the memory had been freed just before). So the columns (400 MB at
//! N = 10⁸), read at random only once per run of candidates, stay on small
//! pages: advising them cost more in faults than it saved in TLB misses
//! (10⁸ queens, eight alternated runs each of one build without link-time
//! optimization: 5.21–5.60 s CPU advised, median 5.41 s; 4.83–5.47 s not,
//! median 4.91 s; the process's kernel time fell from 1.27–1.38 s to
//! 0.26–0.28 s). The TLB misses this costs are mostly hidden by looking
//! the pool's pages up ahead of use (see `placer.rs`).

/// Advises huge pages for the whole 4 KiB pages inside `buffer`, if those
/// pages cover at least 2 MiB (one huge page's size).
pub(super) fn advise<T>(buffer: &mut [T]) {
    #[cfg(target_os = "linux")]
    {
        const MADV_HUGEPAGE: i32 = 14;
        const PAGE: usize = 4096;
        const HUGE_PAGE: usize = 2 << 20;
        unsafe extern "C" {
            fn madvise(addr: *mut core::ffi::c_void, length: usize, advice: i32) -> i32;
        }
        let start = buffer.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(buffer);
        let (first, last) = (start.next_multiple_of(PAGE), end / PAGE * PAGE);
        if last >= first + HUGE_PAGE {
            // SAFETY: the range lies inside `buffer`, which this call borrows
            // mutably; MADV_HUGEPAGE changes how pages are backed, never
            // their contents. A failure (an old kernel, THP disabled) leaves
            // the pages as they were, so its result is ignored.
            unsafe { madvise(first as *mut core::ffi::c_void, last - first, MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = buffer;
}
