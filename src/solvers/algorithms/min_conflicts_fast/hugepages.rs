//! Asks Linux to back the solver's large arrays with transparent huge pages.
//!
//! The initialization and the repairs read the columns and the diagonal
//! counters at random; with 4 KiB pages nearly every such read also misses
//! the TLB. Where transparent huge pages are set to `madvise` (a common
//! default), 2 MiB pages cut those misses and the page faults of a fresh
//! array. The advice is a hint: it changes no result, and where it is
//! refused or unknown (other systems) nothing happens.

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
