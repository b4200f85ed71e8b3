//! The `kiosk` binary: parses the command line and hands over to the library.

/// mimalloc returns freed pages to the system; glibc malloc kept the Argon2 blocks of a
/// registration burst (~300 MB) for good.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    // Transparent huge pages turned mimalloc's sparse 2 MiB ranges into whole resident pages:
    // the shop started at 49 MB instead of 32 and, after a minute of mixed load, grew from 96
    // to 112 MB while idle as the kernel filled them in (`tests/load/mixed.sh`). The flag is
    // the process's, so it also holds where THP is `always`.
    #[cfg(target_os = "linux")]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
    kiosk::cli::run()
}
