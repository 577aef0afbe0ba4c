//! The JSON record every puzzle command writes, one per puzzle per line,
//! and reads back in `check`: the envelope keys are written here once, each
//! crate adds its own fields by flattening a struct of its own into it.

use std::io::Write;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::{Limit, Status};

/// No fields of a crate's own: the default for [`Record`]'s `F` and for
/// [`Stats`]' `X`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoFields {}

/// One puzzle's JSON record. The envelope is `line` (where a batch has
/// lines), `status`, `solution` (only when solved), `error` (only when
/// invalid) and `stats`; `F` holds the crate's own fields, written beside
/// them at the top level, and `S` is the solution's JSON form.
///
/// ```
/// use cli_kit::{Record, Stats, Status};
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Serialize, Deserialize, Default)]
/// struct Fields {
///     n: u32,
/// }
///
/// let mut record: Record<Fields, Vec<u32>> = Record::new(Status::Solved, Fields { n: 4 });
/// record.solution = Some(vec![1, 3, 0, 2]);
/// record.stats = Stats::new(5, std::time::Duration::from_micros(12));
/// assert_eq!(
///     serde_json::to_string(&record)?,
///     r#"{"status":"solved","solution":[1,3,0,2],"n":4,"stats":{"nodes":5,"micros":12}}"#
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record<F = NoFields, S = String, X = NoFields> {
    /// The 1-based input line where the puzzle starts, in a batch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// How the run ended.
    pub status: Status,
    /// The solution's canonical form, present exactly when solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<S>,
    /// Why the puzzle could not be read, present exactly when invalid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Which limit stopped the search, present exactly when the status is
    /// `limit`: `node`, `time`, `memory`, `frontier` or `depth`.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "limit_name")]
    pub limit: Option<Limit>,
    /// The crate's own fields.
    #[serde(flatten)]
    pub fields: F,
    /// The search effort.
    pub stats: Stats<X>,
}

/// The `stats` object of a [`Record`]: `nodes` (the search states or
/// assignments examined, the root included) and `micros` (wall-clock
/// microseconds), then any counters of the crate's own (`X`, flattened).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats<X = NoFields> {
    /// Search states or assignments examined, the root included.
    pub nodes: u64,
    /// Wall-clock time of the run in microseconds.
    pub micros: u64,
    /// The crate's own counters.
    #[serde(flatten)]
    pub extra: X,
}

/// The fields of a record whose run counted solutions (`--count`): how
/// many were found and whether that is all of them. `complete` is false
/// when the count stopped at `--limit` solutions (status `solved`: there
/// are at least that many) or at a node, time or memory limit (status
/// `limit`): the count is then a lower bound. Flatten an
/// `Option<Count>` into a crate's fields.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Count {
    /// Solutions found.
    pub count: u64,
    /// Whether the search finished, so that `count` is exact.
    #[serde(rename = "count_complete")]
    pub complete: bool,
}

impl Stats {
    /// The statistics of a run that examined `nodes` in `elapsed`.
    pub fn new(nodes: u64, elapsed: Duration) -> Self {
        Stats::with(nodes, elapsed, NoFields {})
    }
}

impl<X> Stats<X> {
    /// The statistics of a run with counters of the crate's own.
    pub fn with(nodes: u64, elapsed: Duration, extra: X) -> Self {
        Stats {
            nodes,
            micros: u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX),
            extra,
        }
    }
}

impl<F, S, X: Default> Record<F, S, X> {
    /// A record with `status` and the crate's `fields`; no solution, error,
    /// line or effort yet.
    pub fn new(status: Status, fields: F) -> Self {
        Record {
            line: None,
            status,
            solution: None,
            error: None,
            limit: None,
            fields,
            stats: Stats::default(),
        }
    }

    /// A record of a search that ended with `status` (a library's
    /// [`puzzle_kit::Status`]): the envelope's status, and its `limit`
    /// when a limit stopped it.
    pub fn ended(status: puzzle_kit::Status, fields: F) -> Self {
        Record {
            limit: status.limit(),
            ..Record::new(status.into(), fields)
        }
    }

    /// The record of a puzzle that could not be read: status `invalid`,
    /// the `error`, no effort.
    pub fn invalid(error: impl ToString, fields: F) -> Self {
        Record {
            error: Some(error.to_string()),
            ..Record::new(Status::Invalid, fields)
        }
    }

    /// Sets [`Record::line`].
    pub fn at_line(mut self, line: Option<usize>) -> Self {
        self.line = line;
        self
    }
}

impl<F, S, X> Record<F, S, X> {
    /// Whether the envelope agrees with itself: a solution exactly when
    /// solved, an error exactly when invalid. `check` tests this on every
    /// record before the crate's own checker looks at it.
    pub fn consistent(&self) -> Result<(), String> {
        let status = self.status;
        match (status, self.solution.is_some()) {
            (Status::Solved, false) => return Err("status \"solved\" but no solution".into()),
            (Status::Solved, true) | (_, false) => {}
            (_, true) => return Err(format!("status \"{status}\" with a solution")),
        }
        match (status, self.error.is_some()) {
            (Status::Invalid, false) => return Err("status \"invalid\" but no error".into()),
            (Status::Invalid, true) | (_, false) => {}
            (_, true) => return Err(format!("status \"{status}\" with an error")),
        }
        match (status, self.limit) {
            (Status::Limit, None) => {
                Err("status \"limit\" but no \"limit\" saying which limit".into())
            }
            (Status::Limit, Some(_)) | (_, None) => Ok(()),
            (_, Some(limit)) => Err(format!("status \"{status}\" with a {limit} limit")),
        }
    }
}

impl<F, S, X> Record<F, S, X> {
    /// The same record with its solution in another JSON form (a borrowed
    /// slice made owned, for one).
    pub fn map_solution<T>(self, convert: impl FnOnce(S) -> T) -> Record<F, T, X> {
        Record {
            line: self.line,
            status: self.status,
            solution: self.solution.map(convert),
            error: self.error,
            limit: self.limit,
            fields: self.fields,
            stats: self.stats,
        }
    }
}

impl<F: Serialize, S: Serialize, X: Serialize> Record<F, S, X> {
    /// Writes the record as one JSON line. serde_json makes a call per
    /// token, so they go through a buffer of their own, one per thread and
    /// kept from record to record (a batch allocates nothing per line): a
    /// dynamic `out` then costs one call per 64 KiB, even for a solution of
    /// 10^8 numbers, which is never held whole.
    pub fn write_line(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        LINE.with_borrow_mut(|buffer| {
            buffer.clear();
            let mut chunked = Chunked { buffer, out };
            serde_json::to_writer(&mut chunked, self)?;
            chunked.write_all(b"\n")?;
            chunked.flush()?;
            Ok(())
        })
    }
}

/// The capacity of [`Record::write_line`]'s buffer.
const CHUNK: usize = 1 << 16;

std::thread_local! {
    /// [`Record::write_line`]'s buffer: one per thread, never over [`CHUNK`].
    static LINE: std::cell::RefCell<Vec<u8>> = std::cell::RefCell::new(Vec::with_capacity(CHUNK));
}

/// A writer that gathers small writes in `buffer` and hands `out` a chunk
/// of at most [`CHUNK`] bytes at a time: `BufWriter` on a buffer that
/// outlives it.
struct Chunked<'a, 'o> {
    buffer: &'a mut Vec<u8>,
    out: &'o mut dyn Write,
}

impl Write for Chunked<'_, '_> {
    #[inline]
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.write_all(data)?;
        Ok(data.len())
    }

    /// serde_json writes every token with `write_all`: the common case, a
    /// token that fits, is one copy.
    #[inline]
    fn write_all(&mut self, data: &[u8]) -> std::io::Result<()> {
        if self.buffer.len() + data.len() <= CHUNK {
            self.buffer.extend_from_slice(data);
            return Ok(());
        }
        self.out.write_all(self.buffer)?;
        self.buffer.clear();
        if data.len() > CHUNK {
            self.out.write_all(data)
        } else {
            self.buffer.extend_from_slice(data);
            Ok(())
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.write_all(self.buffer)?;
        self.buffer.clear();
        self.out.flush()
    }
}

/// The `limit` field as its name, read back through [`Limit`]'s `FromStr`
/// (puzzle-kit has no serde of its own).
mod limit_name {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use crate::Limit;

    pub fn serialize<S: Serializer>(limit: &Option<Limit>, out: S) -> Result<S::Ok, S::Error> {
        match limit {
            Some(limit) => out.serialize_str(limit.name()),
            None => out.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Option<Limit>, D::Error> {
        Option::<String>::deserialize(input)?
            .map(|name| name.parse().map_err(D::Error::custom))
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
    struct Fields {
        puzzle: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        count: Option<u64>,
    }

    /// Lines shorter and longer than the buffer come out whole and in
    /// order, in a few calls.
    #[test]
    fn a_line_longer_than_its_buffer_is_written_whole() {
        #[derive(Default)]
        struct Calls(Vec<usize>, Vec<u8>);
        impl Write for Calls {
            fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
                self.0.push(data.len());
                self.1.extend_from_slice(data);
                Ok(data.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut calls = Calls::default();
        for length in [3, 3 * CHUNK + 5, 7] {
            let mut record: Record = Record::new(Status::Solved, NoFields {});
            record.solution = Some("x".repeat(length));
            record.write_line(&mut calls).unwrap();
        }
        let text = String::from_utf8(calls.1).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        for (line, length) in lines.iter().zip([3, 3 * CHUNK + 5, 7]) {
            let read: Record = serde_json::from_str(line).unwrap();
            assert_eq!(read.solution.map(|s| s.len()), Some(length));
        }
        // A call per line, and one for the token longer than the buffer
        // (serde_json writes a string's text at once), not one per token.
        assert!(calls.0.len() <= 6, "{:?}", calls.0);
    }

    #[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
    struct Counters {
        backtracks: u64,
    }

    type Full = Record<Fields, String, Counters>;

    #[test]
    fn the_envelope_keys_are_written_once_with_the_crate_fields_beside_them() {
        let mut record: Full = Record::new(
            Status::Solved,
            Fields {
                puzzle: "1.".into(),
                count: Some(1),
            },
        )
        .at_line(Some(3));
        record.solution = Some("12".into());
        record.stats = Stats::with(7, Duration::from_micros(40), Counters { backtracks: 2 });
        let text = serde_json::to_string(&record).unwrap();
        assert_eq!(
            text,
            r#"{"line":3,"status":"solved","solution":"12","puzzle":"1.","count":1,"stats":{"nodes":7,"micros":40,"backtracks":2}}"#
        );
        assert_eq!(serde_json::from_str::<Full>(&text).unwrap(), record);
    }

    #[test]
    fn a_count_flattens_to_two_keys_or_none() {
        #[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
        struct Counted {
            #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
            count: Option<Count>,
        }
        let mut record: Record<Counted> =
            Record::ended(puzzle_kit::Status::Limit(Limit::Node), Counted::default());
        record.fields.count = Some(Count {
            count: 92,
            complete: false,
        });
        let text = serde_json::to_string(&record).unwrap();
        assert_eq!(
            text,
            r#"{"status":"limit","limit":"node","count":92,"count_complete":false,"stats":{"nodes":0,"micros":0}}"#
        );
        assert_eq!(
            serde_json::from_str::<Record<Counted>>(&text).unwrap(),
            record
        );
        record.fields.count = None;
        let text = serde_json::to_string(&record).unwrap();
        assert_eq!(
            text,
            r#"{"status":"limit","limit":"node","stats":{"nodes":0,"micros":0}}"#
        );
        assert_eq!(
            serde_json::from_str::<Record<Counted>>(&text).unwrap(),
            record
        );
    }

    #[test]
    fn an_invalid_record_has_its_error_and_no_effort() {
        let record: Record = Record::invalid("line 2, column 5: expected a digit", NoFields {});
        assert_eq!(
            serde_json::to_string(&record).unwrap(),
            r#"{"status":"invalid","error":"line 2, column 5: expected a digit","stats":{"nodes":0,"micros":0}}"#
        );
        assert_eq!(record.consistent(), Ok(()));
    }

    #[test]
    fn consistency_of_status_solution_error_and_limit() {
        let read = |text: &str| serde_json::from_str::<Record>(text).unwrap().consistent();
        let stats = r#""stats":{"nodes":1,"micros":1}"#;
        assert!(read(&format!(r#"{{"status":"solved","solution":"x",{stats}}}"#)).is_ok());
        for limit in Limit::ALL {
            let text = format!(r#"{{"status":"limit","limit":"{limit}",{stats}}}"#);
            assert!(read(&text).is_ok(), "{text}");
        }
        for bad in [
            r#"{"status":"solved","#,
            r#"{"status":"limit","#,
            r#"{"status":"limit","limit":"depth","solution":"x","#,
            r#"{"status":"unsolvable","limit":"time","#,
            r#"{"status":"solved","solution":"x","limit":"node","#,
            r#"{"status":"invalid","#,
            r#"{"status":"unsolvable","error":"e","#,
        ] {
            assert!(read(&format!("{bad}{stats}}}")).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_record_without_stats_or_with_an_unknown_status_or_limit_is_not_read() {
        assert!(serde_json::from_str::<Record>(r#"{"status":"solved"}"#).is_err());
        let unknown = r#"{"status":"limit","limit":"nodes","stats":{"nodes":0,"micros":0}}"#;
        let error = serde_json::from_str::<Record>(unknown).unwrap_err();
        assert!(
            error.to_string().contains("unknown limit 'nodes'"),
            "{error}"
        );
        assert!(
            serde_json::from_str::<Record>(r#"{"status":"done","stats":{"nodes":0,"micros":0}}"#)
                .is_err()
        );
    }
}
