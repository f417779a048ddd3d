//! The `queens` command line: parse, call the library, map errors to exit codes.

mod cli;

#[global_allocator]
static ALLOCATOR: queens::bench::alloc::CountingAllocator = queens::bench::alloc::CountingAllocator;

fn main() -> std::process::ExitCode {
    cli::main()
}
