//! Where an instance comes from, as runs.csv records it and as `queens
//! solve --instance` takes it back: a generator with its parameters and
//! seed, or a file with its SHA-256 ([`Origin`]); and what a config names
//! for a plan ([`InstanceSource`]): a generator whose parameters may list
//! several values (trial `t` takes the value at `t` modulo the list's
//! length), one file, or a directory of files.
//!
//! The seed of a generated instance comes from the experiment's master
//! seed, N and the trial index, never from the label
//! ([`instance_seed`]): every label of a plan meets the same instances,
//! so their results pair up.

use std::fmt;
use std::str::FromStr;

use super::Instance;
use super::generate::{self, GenerateError};
use crate::base::records::seed::SeedChain;

/// One of the paper's three generators with its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generator {
    /// Blocked N-Queens: `blocks` squares blocked at random, keeping at
    /// least `min_free` allowed squares in every row and column.
    Blocked {
        /// Squares to block.
        blocks: u64,
        /// Allowed squares kept in every row and column.
        min_free: u64,
    },
    /// N-Queens Completion: `queens` non-attacking queens placed at random.
    Completion {
        /// Queens given.
        queens: u64,
    },
    /// Excluded diagonals: `diagonals` sum or difference diagonals
    /// excluded at random, keeping at least `min_free` allowed squares in
    /// every row and column.
    Diagonals {
        /// Diagonals excluded.
        diagonals: u64,
        /// Allowed squares kept in every row and column.
        min_free: u64,
    },
}

/// How an instance was made: enough to make it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The plain problem.
    Plain,
    /// A generator's instance from `seed`.
    Generated {
        /// The generator and its parameters.
        generator: Generator,
        /// The generator's seed.
        seed: u64,
    },
    /// An instance read from a file.
    File {
        /// The file as the config or the command line named it.
        path: String,
        /// SHA-256 of its bytes, lower-case hex.
        sha256: String,
    },
}

/// The words the generators are named by, in configs and in runs.csv.
pub const GENERATOR_NAMES: [&str; 3] = ["blocked", "completion", "diagonals"];

impl Generator {
    /// The generator's name (`blocked`, `completion`, `diagonals`).
    pub fn name(&self) -> &'static str {
        match self {
            Generator::Blocked { .. } => "blocked",
            Generator::Completion { .. } => "completion",
            Generator::Diagonals { .. } => "diagonals",
        }
    }

    /// Its parameters in the order they are written.
    pub fn params(&self) -> Vec<(&'static str, u64)> {
        match *self {
            Generator::Blocked { blocks, min_free } => {
                vec![("blocks", blocks), ("min_free", min_free)]
            }
            Generator::Completion { queens } => vec![("queens", queens)],
            Generator::Diagonals {
                diagonals,
                min_free,
            } => vec![("diagonals", diagonals), ("min_free", min_free)],
        }
    }

    /// The generator called `name` with `params` (each key once, all
    /// of its keys given); the message names what is missing or unknown.
    pub fn from_params(name: &str, params: &[(String, u64)]) -> Result<Self, String> {
        let keys: &[&str] = match name {
            "blocked" => &["blocks", "min_free"],
            "completion" => &["queens"],
            "diagonals" => &["diagonals", "min_free"],
            other => {
                return Err(format!(
                    "unknown instance generator `{other}`: use one of {}",
                    GENERATOR_NAMES.join(", ")
                ));
            }
        };
        for (key, _) in params {
            if !keys.contains(&key.as_str()) {
                return Err(format!(
                    "the {name} generator has no parameter `{key}`: it takes {}",
                    keys.join(", ")
                ));
            }
        }
        let value = |key: &str| {
            params
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| *v)
                .ok_or_else(|| {
                    format!(
                        "the {name} generator needs `{key}` (it takes {})",
                        keys.join(", ")
                    )
                })
        };
        Ok(match name {
            "blocked" => Generator::Blocked {
                blocks: value("blocks")?,
                min_free: value("min_free")?,
            },
            "completion" => Generator::Completion {
                queens: value("queens")?,
            },
            _ => Generator::Diagonals {
                diagonals: value("diagonals")?,
                min_free: value("min_free")?,
            },
        })
    }
}

impl fmt::Display for Generator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.name())?;
        for (i, (key, value)) in self.params().into_iter().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{key}={value}")?;
        }
        write!(f, ")")
    }
}

impl fmt::Display for Origin {
    /// `plain`, `blocked(blocks=40,min_free=1,seed=7)`, or
    /// `file(PATH,sha256=HEX)`: runs.csv's `instance` column.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Plain => write!(f, "plain"),
            Origin::Generated { generator, seed } => {
                let text = generator.to_string();
                write!(f, "{},seed={seed})", &text[..text.len() - 1])
            }
            Origin::File { path, sha256 } => write!(f, "file({path},sha256={sha256})"),
        }
    }
}

/// What `queens solve --instance` and runs.csv's `instance` column are
/// told when their text is not an origin.
pub const ORIGIN_FORMS: &str = "plain, blocked(blocks=M,min_free=F,seed=S), completion(queens=Q,seed=S), diagonals(diagonals=D,min_free=F,seed=S), or file(PATH,sha256=HEX)";

impl FromStr for Origin {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text == "plain" {
            return Ok(Origin::Plain);
        }
        let bad = || format!("`{text}` is not an instance: write {ORIGIN_FORMS}");
        let (name, rest) = text.split_once('(').ok_or_else(bad)?;
        let inner = rest.strip_suffix(')').ok_or_else(bad)?;
        if name == "file" {
            let (path, hash) = inner.rsplit_once(",sha256=").ok_or_else(bad)?;
            if hash.len() != 64 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(format!(
                    "`{hash}` is not a SHA-256 in `{text}`: write 64 hex digits"
                ));
            }
            return Ok(Origin::File {
                path: path.to_string(),
                sha256: hash.to_ascii_lowercase(),
            });
        }
        let mut params = Vec::new();
        let mut seed = None;
        for pair in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').ok_or_else(bad)?;
            let value: u64 = value.trim().parse().map_err(|_| {
                format!("`{pair}` in `{text}`: the value must be a whole number from 0")
            })?;
            if key.trim() == "seed" {
                seed = Some(value);
            } else {
                params.push((key.trim().to_string(), value));
            }
        }
        let generator = Generator::from_params(name.trim(), &params)?;
        let seed = seed.ok_or_else(|| format!("`{text}` names no seed: add seed=S"))?;
        Ok(Origin::Generated { generator, seed })
    }
}

/// The seed of the generated instance of trial `trial` at size `n` in an
/// experiment with master seed `master`: the same for every label.
pub fn instance_seed(master: u64, n: u64, trial: u64) -> u64 {
    // The first word tells this chain from a label's (whose first word is
    // the label's length, at most 400 bytes).
    SeedChain::new(master)
        .word(u64::from_le_bytes(*b"instance"))
        .word(n)
        .word(trial)
        .finish()
        >> 11
}

/// An instance read from a file, with its N.
#[derive(Clone, Debug)]
pub struct InstanceFile {
    /// The instance (its origin names the file and its SHA-256).
    pub instance: Instance,
}

/// What a config names as the instances of its trials.
#[derive(Clone, Debug)]
pub enum InstanceSource {
    /// A generator whose trials take the listed settings in turn: trial
    /// `t` takes `settings[t % settings.len()]`.
    Generated {
        /// One generator per value of the swept parameter (one when none
        /// is a list), each with its absolute parameters at every N.
        settings: Vec<GeneratorSetting>,
    },
    /// One file: every trial meets this instance.
    File(InstanceFile),
    /// A directory: the files of each N, sorted by name; trial `t` at N
    /// meets the `t`-th.
    Directory {
        /// The directory as the config named it.
        path: String,
        /// Its instances, sorted by file name.
        files: Vec<InstanceFile>,
    },
}

/// One setting of a generator: its parameters, the blocked squares given
/// either as a count or as the paper's mean free squares per line (then
/// the count at N is N·(N − free), rounded).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GeneratorSetting {
    /// Absolute parameters at every N.
    Fixed(Generator),
    /// Blocked N-Queens at a mean of `free` allowed squares per row and
    /// column: N·(N − free) blocks at N, rounded to the nearest.
    BlockedFree {
        /// Mean allowed squares per row and column (the paper's x axis).
        free: f64,
        /// Allowed squares kept in every row and column.
        min_free: u64,
    },
}

impl GeneratorSetting {
    /// The generator's absolute parameters at size `n`.
    pub fn at(&self, n: u64) -> Generator {
        match *self {
            GeneratorSetting::Fixed(generator) => generator,
            GeneratorSetting::BlockedFree { free, min_free } => Generator::Blocked {
                blocks: (n as f64 * (n as f64 - free)).round().max(0.0) as u64,
                min_free,
            },
        }
    }
}

impl InstanceSource {
    /// The instance of trial `trial` at size `n` under master seed
    /// `master`: generated afresh (the same every time), or the file's.
    pub fn instance(&self, master: u64, n: u64, trial: u64) -> Result<Instance, GenerateError> {
        match self {
            InstanceSource::Generated { settings } => {
                let setting = settings[(trial % settings.len() as u64) as usize];
                generate::generate(n, setting.at(n), instance_seed(master, n, trial))
            }
            InstanceSource::File(file) => Ok(file.instance.clone()),
            InstanceSource::Directory { files, .. } => {
                let of_n: Vec<_> = files
                    .iter()
                    .filter(|f| f.instance.n() as u64 == n)
                    .collect();
                of_n.get(trial as usize)
                    .map(|f| f.instance.clone())
                    .ok_or(GenerateError::NoFile { n, trial })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_read_back_what_they_write() {
        let origins = [
            Origin::Plain,
            Origin::Generated {
                generator: Generator::Blocked {
                    blocks: 40,
                    min_free: 1,
                },
                seed: 7,
            },
            Origin::Generated {
                generator: Generator::Completion { queens: 3 },
                seed: 0,
            },
            Origin::Generated {
                generator: Generator::Diagonals {
                    diagonals: 9,
                    min_free: 4,
                },
                seed: 1,
            },
            Origin::File {
                path: "dir,with comma/x.param".into(),
                sha256: "ab".repeat(32),
            },
        ];
        for origin in origins {
            let text = origin.to_string();
            assert_eq!(text.parse::<Origin>(), Ok(origin), "{text}");
        }
        assert_eq!(
            Origin::Generated {
                generator: Generator::Blocked {
                    blocks: 40,
                    min_free: 1
                },
                seed: 7
            }
            .to_string(),
            "blocked(blocks=40,min_free=1,seed=7)"
        );
    }

    #[test]
    fn bad_origins_say_what_is_wrong() {
        let error = |t: &str| t.parse::<Origin>().expect_err(t);
        assert!(error("blocked(blocks=4,seed=1)").contains("needs `min_free`"));
        assert!(error("blocked(blocks=4,min_free=1)").contains("add seed=S"));
        assert!(error("square(x=1,seed=1)").contains("unknown instance generator"));
        assert!(error("completion(queens=-1,seed=1)").contains("whole number"));
        assert!(error("file(x,sha256=12)").contains("64 hex digits"));
        assert!(error("nonsense").contains("plain, blocked("));
    }

    #[test]
    fn instance_seeds_do_not_depend_on_a_label_and_differ_by_trial() {
        let seed = instance_seed(2017, 10, 0);
        assert_eq!(seed, instance_seed(2017, 10, 0));
        assert_ne!(seed, instance_seed(2017, 10, 1));
        assert_ne!(seed, instance_seed(2017, 11, 0));
        assert!(seed < crate::base::records::seed::SEED_BOUND);
    }

    #[test]
    fn a_free_setting_blocks_n_times_n_minus_free_squares() {
        let setting = GeneratorSetting::BlockedFree {
            free: 7.5,
            min_free: 1,
        };
        assert_eq!(
            setting.at(10),
            Generator::Blocked {
                blocks: 25,
                min_free: 1
            }
        );
        assert_eq!(
            setting.at(12),
            Generator::Blocked {
                blocks: 54,
                min_free: 1
            }
        );
    }
}
