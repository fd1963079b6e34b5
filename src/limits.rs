//! Limits every command shares: `--max-time` parsed into a `Duration` (out-of-range values
//! are usage errors, never panics), and `--jobs` capped at the number of cores.

use clap::Args;
use std::time::Duration;

/// `--jobs` and `--max-time` of the commands that work puzzle by puzzle on several cores
/// (`rate`, `print`, `solve`, `generate`): one declaration, flattened into each. The help
/// says a per-puzzle limit; a command whose limit is for the whole run says so with
/// `#[command(mut_arg("max_time", …))]`.
#[derive(Debug, Args, Clone, Default)]
pub struct BatchArgs {
    /// Worker threads (0 = every core).
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// Give up on a puzzle after this many seconds: its answer is then marked as cut
    /// short (`timeout`; a rating is then only a lower bound).
    #[arg(long, value_name = "SECS", value_parser = parse_max_time)]
    pub max_time: Option<Duration>,
}

/// The longest `--max-time` taken: about 115 days. Longer is no limit in practice, and
/// adding much more to an `Instant` overflows.
pub const MAX_TIME_SECS: f64 = 1e7;

/// The clap value parser of `--max-time SECS`: a positive number of seconds (fractions
/// allowed), at most [`MAX_TIME_SECS`].
pub fn parse_max_time(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a number of seconds"))?;
    if secs.is_nan() || secs <= 0.0 {
        return Err(format!("{s:?} is not a positive number of seconds"));
    }
    // `1e400` parses as infinity: too large, as `1e20` is, not "not positive".
    if secs > MAX_TIME_SECS {
        return Err(format!(
            "{s} seconds is out of range (at most {MAX_TIME_SECS} seconds)"
        ));
    }
    // Below a microsecond no work is done at all, and messages would say `--max-time 0`.
    if secs < 1e-6 {
        return Err(format!(
            "{s} seconds is out of range (at least a microsecond, 1e-6)"
        ));
    }
    Duration::try_from_secs_f64(secs).map_err(|e| format!("{s:?}: {e}"))
}

/// The clap value parser of a count of things asked for (`--count N`): a whole number of
/// at least 1. A count of 0 would silently do nothing, or the default.
pub fn parse_count<T>(s: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + From<u8>,
{
    match s.trim().parse::<T>() {
        Ok(n) if n >= T::from(1) => Ok(n),
        Ok(_) => Err("a count is at least 1".into()),
        Err(_) => Err(format!("{s:?} is not a whole number")),
    }
}

/// The number of cores.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Worker threads for `--jobs N`: every core for 0, and never more than the cores (more
/// threads than cores only cost: `generate --jobs 2000` spent 26 s of CPU on 4 puzzles);
/// a cap is said in a note on stderr.
pub fn jobs(requested: usize) -> usize {
    jobs_on(requested, cores(), |n, c| {
        warn!("sudoku: note: --jobs {n} is more than the {c} cores; using {c}")
    })
}

fn jobs_on(requested: usize, cores: usize, note: impl FnOnce(usize, usize)) -> usize {
    match requested {
        0 => cores,
        n if n > cores => {
            note(n, cores);
            cores
        }
        n => n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_time_takes_positive_seconds_and_refuses_the_rest() {
        assert_eq!(parse_max_time("2"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_max_time("0.25"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_max_time("1e7"), Ok(Duration::from_secs(10_000_000)));
        for bad in [
            "1e20", "-1", "0", "NaN", "inf", "-inf", "", "abc", "1e400", "1e-20",
        ] {
            assert!(parse_max_time(bad).is_err(), "{bad} taken");
        }
        // Too large is said as such, however it is written.
        for big in ["1e20", "1e400", "inf"] {
            assert!(
                parse_max_time(big).unwrap_err().contains("out of range"),
                "{big}"
            );
        }
        assert_eq!(parse_max_time("1e-6"), Ok(Duration::from_micros(1)));
    }

    #[test]
    fn counts_are_whole_numbers_from_one() {
        assert_eq!(parse_count::<u64>("3"), Ok(3));
        assert_eq!(parse_count::<usize>("1"), Ok(1));
        for bad in ["0", "-1", "1.5", "", "x"] {
            assert!(parse_count::<usize>(bad).is_err(), "{bad} taken");
        }
    }

    #[test]
    fn jobs_are_capped_at_the_cores_with_a_note() {
        let mut told = None;
        assert_eq!(jobs_on(3000, 2, |n, c| told = Some((n, c))), 2);
        assert_eq!(told, Some((3000, 2)));
        let mut told = false;
        assert_eq!(jobs_on(0, 8, |_, _| told = true), 8);
        assert_eq!(jobs_on(3, 8, |_, _| told = true), 3);
        assert!(!told);
    }
}
