//! The memory budget of searches that hold states (frontiers, closed
//! sets, BFS boards): a default from what the machine can actually give
//! this process, and `--memory-limit` sizes such as `512M` or `4G`, so a
//! search ends with status `limit` before an allocation can fail.

use std::fs;

/// The share of the memory available that a search may use by default:
/// the rest is left for the program itself, the allocator's slack and a
/// buffer's doubling while it grows.
const DEFAULT_SHARE: f64 = 0.5;

/// The default budget in bytes: half of the least of what the machine has
/// available (`MemAvailable`), what the process's cgroup still allows, and
/// the address-space limit (`ulimit -v`). Where none can be read (not
/// Linux), 4 GiB.
pub fn default_memory_budget() -> usize {
    let candidates = [available_memory(), cgroup_room(), address_space_limit()];
    let least = candidates.into_iter().flatten().min().unwrap_or(8 << 30);
    (least as f64 * DEFAULT_SHARE) as usize
}

/// `MemAvailable` from /proc/meminfo.
fn available_memory() -> Option<u64> {
    let text = fs::read_to_string("/proc/meminfo").ok()?;
    let line = text
        .lines()
        .find(|line| line.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The cgroup v2 limit minus what the group already uses.
fn cgroup_room() -> Option<u64> {
    let max: u64 = fs::read_to_string("/sys/fs/cgroup/memory.max")
        .ok()?
        .trim()
        .parse()
        .ok()?;
    let current: u64 = fs::read_to_string("/sys/fs/cgroup/memory.current")
        .ok()
        .and_then(|text| text.trim().parse().ok())
        .unwrap_or(0);
    Some(max.saturating_sub(current))
}

/// The soft address-space limit (`ulimit -v`) from /proc/self/limits.
fn address_space_limit() -> Option<u64> {
    let text = fs::read_to_string("/proc/self/limits").ok()?;
    let line = text
        .lines()
        .find(|line| line.starts_with("Max address space"))?;
    line.trim_start_matches("Max address space")
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Reads a size in bytes: a whole number, optionally with a `K`, `M`, `G`
/// or `T` suffix (powers of 1024; a trailing `B` or `iB` is allowed), as
/// a clap `value_parser` for `--memory-limit`.
///
/// ```
/// use cli_kit::parse_bytes;
///
/// assert_eq!(parse_bytes("4G"), Ok(4 << 30));
/// assert_eq!(parse_bytes("512MiB"), Ok(512 << 20));
/// assert_eq!(parse_bytes("1000"), Ok(1000));
/// assert!(parse_bytes("4X").is_err());
/// assert!(parse_bytes("0").is_err());
/// ```
pub fn parse_bytes(text: &str) -> Result<usize, String> {
    let expected = || format!("expected a size such as 512M or 4G, found '{text}'");
    let upper = text.trim().to_ascii_uppercase();
    let body = upper
        .strip_suffix("IB")
        .or_else(|| upper.strip_suffix('B'))
        .unwrap_or(&upper);
    let (digits, shift) = match body.chars().last() {
        Some('K') => (&body[..body.len() - 1], 10),
        Some('M') => (&body[..body.len() - 1], 20),
        Some('G') => (&body[..body.len() - 1], 30),
        Some('T') => (&body[..body.len() - 1], 40),
        _ => (body, 0),
    };
    let count: usize = digits.parse().map_err(|_| expected())?;
    if count == 0 {
        return Err(format!("a memory limit must be above zero, found '{text}'"));
    }
    count
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("'{text}' is more bytes than this machine can address"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_budget_is_below_what_the_machine_has() {
        let budget = default_memory_budget() as u64;
        assert!(budget > 0);
        if let Some(available) = available_memory() {
            assert!(budget <= available);
        }
    }

    #[test]
    fn sizes_with_and_without_units() {
        assert_eq!(parse_bytes("2k"), Ok(2048));
        assert_eq!(parse_bytes(" 3M "), Ok(3 << 20));
        assert_eq!(parse_bytes("1TB"), Ok(1 << 40));
        for bad in ["", "G", "-1G", "1.5G", "99999999999999999999T"] {
            assert!(parse_bytes(bad).is_err(), "{bad}");
        }
    }
}
