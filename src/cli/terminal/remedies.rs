//! The command line's spelling of the library's remedies: each
//! [`Remedy`] a message carries becomes the `queens …` command (or the
//! option) that does it, every path quoted as one shell word
//! ([`shell::path`]), so it can be pasted as printed. [`register`] makes it
//! the process's renderer at startup, before any message is made.

use std::path::Path;

use queens::base::records::replay_line;
use queens::base::remedy::{self, Remedy, RemedyRenderer, Setting};
use queens::base::shell;

/// Renders remedies as `queens …` commands.
struct CommandLine;

/// The one renderer, registered for the process.
static COMMAND_LINE: CommandLine = CommandLine;

/// Registers the command line's renderer: every remedy displayed from now
/// on is a `queens …` command.
pub fn register() {
    remedy::set_renderer(&COMMAND_LINE);
}

impl RemedyRenderer for CommandLine {
    fn render(&self, remedy: &Remedy) -> String {
        render(remedy)
    }
}

/// `remedy` as the command (or option) that does it.
fn render(remedy: &Remedy) -> String {
    let path = |p: &Path| shell::path(p);
    match remedy {
        Remedy::RunConfig { config, data } => {
            let config = config
                .as_deref()
                .map_or("CONFIG".into(), |c| shell::quote(c).into_owned());
            let data = data
                .as_deref()
                .map_or(String::new(), |d| format!(" --data {}", path(d)));
            format!("queens run {config}{data}")
        }
        Remedy::Run { .. } => "queens run".to_string(),
        Remedy::RunFresh { data } => format!(
            "queens run CONFIG --fresh{}",
            data.as_deref()
                .map_or(String::new(), |d| format!(" --data {}", path(d)))
        ),
        Remedy::RunShard { shard: None } => "queens run CONFIG --shard I/K".to_string(),
        Remedy::RunShard { shard: Some(shard) } => format!("queens run … --shard {shard}"),
        Remedy::Summarize { data } => format!(
            "queens summarize {}",
            data.as_deref().map_or("DATA_DIR".into(), path)
        ),
        Remedy::Compare { data } => format!("queens compare {}", path(data)),
        Remedy::CompareInto { data, measure } => format!(
            "queens compare {}{} --output DIR",
            data.as_deref().map_or("DATA_DIR".into(), path),
            measure.map_or(String::new(), |m| format!(" --measure {}", m.name()))
        ),
        Remedy::Plot { data, plots } => format!(
            "queens plot {}{}",
            path(data),
            plots
                .as_deref()
                .map_or(String::new(), |p| format!(" --plots {}", path(p)))
        ),
        Remedy::Report { data, plots, latex } => {
            let mut command = "queens report".to_string();
            if let Some(data) = data {
                command.push(' ');
                command.push_str(&path(data));
            }
            if let Some(plots) = plots {
                command.push_str(" --plots ");
                command.push_str(&path(plots));
            }
            if *latex {
                command.push_str(" --latex");
            }
            command
        }
        Remedy::Export { data, out } => format!(
            "queens export --format ioh {} --out {} --omit-large-sizes --force",
            path(data),
            path(out)
        ),
        Remedy::Merge => "queens merge".to_string(),
        Remedy::Solve => "queens solve".to_string(),
        Remedy::Replay(replay) => replay_line::command(replay),
        Remedy::Count {
            n,
            shard,
            checkpoint,
        } => {
            let mut command = "queens count".to_string();
            if let Some(n) = n {
                command.push_str(&format!(" -n {n}"));
            }
            if let Some((index, count)) = shard {
                command.push_str(&format!(" --shard {index}/{count}"));
            }
            command.push_str(" --checkpoint");
            if let Some(checkpoint) = checkpoint {
                command.push(' ');
                command.push_str(&path(checkpoint));
            }
            command
        }
        Remedy::Set(setting) => option(*setting),
        other => other.describe(),
    }
}

/// `setting` as the option that sets it.
fn option(setting: Setting) -> String {
    match setting {
        Setting::Fresh => "--fresh".to_string(),
        Setting::Data => "--data".to_string(),
        Setting::Plots => "--plots DIR".to_string(),
        Setting::Output => "--output DIR".to_string(),
        Setting::Out => "--out".to_string(),
        Setting::Into => "--into".to_string(),
        Setting::Force => "--force".to_string(),
        Setting::OmitLargeSizes => "--omit-large-sizes".to_string(),
        Setting::Measure(measure) => format!("--measure {}", measure.name()),
        Setting::Size(n) => format!("-n {n}"),
        other => other.describe(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    use queens::base::records::Measure;
    use queens::base::remedy::{Replay, ReplaySolver, Value};

    #[test]
    fn remedies_are_the_commands_the_messages_always_printed() {
        let data = PathBuf::from("data/a b");
        assert_eq!(
            render(&Remedy::Summarize {
                data: Some(data.clone())
            }),
            "queens summarize 'data/a b'"
        );
        assert_eq!(
            render(&Remedy::RunFresh {
                data: Some(data.clone())
            }),
            "queens run CONFIG --fresh --data 'data/a b'"
        );
        assert_eq!(
            render(&Remedy::Report {
                data: Some(data.clone()),
                plots: Some(PathBuf::from("plots/x")),
                latex: true
            }),
            "queens report 'data/a b' --plots plots/x --latex"
        );
        assert_eq!(
            render(&Remedy::RunConfig {
                config: Some("<dict>".into()),
                data: None
            }),
            "queens run '<dict>'"
        );
        assert_eq!(
            render(&Remedy::CompareInto {
                data: None,
                measure: Some(Measure::Seconds)
            }),
            "queens compare DATA_DIR --measure seconds --output DIR"
        );
        assert_eq!(
            render(&Remedy::Count {
                n: Some(17),
                shard: Some((1, 4)),
                checkpoint: Some(PathBuf::from("c.txt"))
            }),
            "queens count -n 17 --shard 1/4 --checkpoint c.txt"
        );
        assert_eq!(render(&Remedy::Set(Setting::Fresh)), "--fresh");
        let replay = Replay {
            solver: ReplaySolver::Algorithm("construction".into()),
            n: Some(8),
            seed: Some(0),
            params: Vec::new(),
            budget: vec![("max_steps", Value::Int(5))],
            start: None,
            instance: None,
        };
        assert_eq!(
            render(&Remedy::Replay(Box::new(replay))),
            "queens solve -a construction -n 8 --seed 0 --max-steps 5"
        );
    }
}
