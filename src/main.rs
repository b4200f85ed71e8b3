//! The `kiosk` binary: parses the command line and hands over to the library.

/// mimalloc returns freed pages to the system; glibc malloc kept the Argon2 blocks of a
/// registration burst (~300 MB) for good.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `purge_delay` option (its `mi_option_t` number in mimalloc 2 and 3; the sys
/// crate names only the older options).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

fn main() -> std::process::ExitCode {
    allocator_defaults();
    // Transparent huge pages turned mimalloc's sparse 2 MiB ranges into whole resident pages:
    // the shop started at 49 MB instead of 32 and, after a minute of mixed load, grew from 96
    // to 112 MB while idle as the kernel filled them in (`tests/load/mixed.sh`). The flag is
    // the process's, so it also holds where THP is `always`.
    #[cfg(target_os = "linux")]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
    kiosk::cli::run()
}

/// The allocator settings the shop was measured with are the binary's own, so `kiosk serve`
/// started by hand, by systemd or in a container behaves the same (issue 38).
///
/// `purge_delay = 0`: freed pages go back to the system at once instead of after 10 ms
/// (370 → 290 MB at 100 000 products, docs/PERFORMANCE.md). mimalloc read its options from
/// the environment when the process loaded, so `MIMALLOC_PURGE_DELAY` (or its old name
/// `MIMALLOC_RESET_DELAY`) set there still wins: it is only set here when absent.
fn allocator_defaults() {
    let given = ["PURGE_DELAY", "RESET_DELAY"].iter().any(|name| {
        std::env::var_os(format!("MIMALLOC_{name}")).is_some()
            || std::env::var_os(format!("mimalloc_{}", name.to_lowercase())).is_some()
    });
    if !given {
        #[allow(unsafe_code)]
        // SAFETY: sets one integer option; called first thing in main, before any other
        // thread exists (mimalloc's option setters are not thread safe).
        unsafe {
            libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0)
        };
    }
}
