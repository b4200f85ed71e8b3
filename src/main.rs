//! The `kiosk` binary: parses the command line and hands over to the library.

/// mimalloc returns freed pages to the system; glibc malloc kept the Argon2 blocks of a
/// registration burst (~300 MB) for good.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    kiosk::cli::run()
}
