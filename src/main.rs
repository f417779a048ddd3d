//! The `queens` command line: parse, call the library, map errors to exit codes.

mod cli;

/// Counts live and peak heap bytes for the heap figures of `queens bench`.
/// Installed in every run because its cost is below measurement: an atomic
/// addition per allocation and per free (tens of nanoseconds, more when two
/// threads allocate at the same moment), while the default `queens run`
/// makes about 240,000 allocations in 16 CPU seconds.
#[global_allocator]
static ALLOCATOR: queens::bench::alloc::CountingAllocator = queens::bench::alloc::CountingAllocator;

fn main() -> std::process::ExitCode {
    cli::main()
}
