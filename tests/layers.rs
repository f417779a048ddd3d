//! The layer table in the crate doc of `src/lib.rs` (`# Layers`) is data
//! this test checks the library against: every top-level module of the
//! library is in the table, the table names only modules that exist, and no
//! module refers to a module of a higher layer or to the binary (`cli`).
//!
//! A reference is a path from the crate root: `crate::<module>…` (groups
//! such as `use crate::{a, b::c}` included, and `$crate::` in macros), a
//! name `src/lib.rs` re-exports from a module (`crate::find_algorithm` is
//! `solvers`), or a chain of `super::` that climbs out of the top-level
//! module. A small lexer finds them and skips comments (`//`, `//!`, `///`,
//! `/* */`) and string, byte-string, raw-string and character literals.
//! Tests inside a module are checked like the rest of it: they too use only
//! the layers below.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The file holding the layer table and declaring the library's modules.
const LIB_RS: &str = "src/lib.rs";

/// The heading of the crate doc's section whose ```` ```text ```` block is
/// the layer table.
const LAYERS_HEADING: &str = "//! # Layers";

/// The table's name for the binary (`src/main.rs`, `src/cli/`), the top
/// layer; no library module may refer to it.
const BINARY_LAYER: &str = "cli";

/// How to fix a module missing from the table.
const ADD_TO_TABLE: &str = "add it to the layer table in src/lib.rs";

/// Fewer references than this means the scanner is broken, not that the
/// library stopped using itself (it has several hundred).
const MIN_REFERENCES: usize = 100;

/// One row of the layer table: the modules of one layer and what they do.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Layer {
    /// The layer's modules, in the table's order.
    modules: Vec<String>,
    /// The description, its lines joined by one space.
    description: String,
}

/// The layer table, top layer first.
#[derive(Debug)]
struct LayerTable {
    /// The rows, top layer first.
    layers: Vec<Layer>,
}

impl LayerTable {
    /// Parses the table's text (the block's lines without their `//! `):
    /// one line per layer, top first, starting at column 0 with the layer's
    /// module names separated by ", ", then at least two spaces and the
    /// description; the description's further lines are indented. No blank
    /// lines. `first_line` is the number of the text's first line in its
    /// file, for the error messages.
    fn parse(text: &str, first_line: usize) -> Result<Self, String> {
        let mut layers: Vec<Layer> = Vec::new();
        let mut seen = BTreeSet::new();
        for (index, line) in text.lines().enumerate() {
            let line_number = first_line + index;
            if line.trim().is_empty() {
                return Err(format!(
                    "line {line_number}: a blank line (the table has none)"
                ));
            }
            if line.starts_with(char::is_whitespace) {
                let Some(layer) = layers.last_mut() else {
                    return Err(format!(
                        "line {line_number}: an indented line (a description's \
                         continuation) before the first layer"
                    ));
                };
                layer.description.push(' ');
                layer.description.push_str(line.trim());
                continue;
            }
            let Some((names, description)) = line.split_once("  ") else {
                return Err(format!(
                    "line {line_number}: `{line}` is not the layer's modules \
                     (separated by \", \"), at least two spaces, then the description"
                ));
            };
            let description = description.trim();
            if description.is_empty() {
                return Err(format!(
                    "line {line_number}: layer `{names}` has no description"
                ));
            }
            let mut modules = Vec::new();
            for name in names.split(", ") {
                if !is_module_name(name) {
                    return Err(format!(
                        "line {line_number}: `{name}` is not a module name (the \
                         layer's modules are separated by \", \", then come at \
                         least two spaces and the description)"
                    ));
                }
                if !seen.insert(name.to_owned()) {
                    return Err(format!(
                        "line {line_number}: module `{name}` is in the table twice"
                    ));
                }
                modules.push(name.to_owned());
            }
            layers.push(Layer {
                modules,
                description: description.to_owned(),
            });
        }
        if layers.is_empty() {
            return Err("the table has no layers".to_owned());
        }
        Ok(Self { layers })
    }

    /// The layer of `module` counted from the bottom (the bottom layer is
    /// 1, so a higher layer has a larger number), or `None` when the table
    /// does not name it.
    fn level(&self, module: &str) -> Option<usize> {
        let index = self
            .layers
            .iter()
            .position(|layer| layer.modules.iter().any(|name| name == module))?;
        Some(self.layers.len() - index)
    }

    /// Every module the table names, top layer first.
    fn modules(&self) -> impl Iterator<Item = &str> {
        self.layers
            .iter()
            .flat_map(|layer| layer.modules.iter().map(String::as_str))
    }
}

/// Whether `name` is spelled like a module of this crate (snake case).
fn is_module_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|first| first.is_ascii_lowercase() || first == '_')
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The layer table's text as it stands in a crate doc.
#[derive(Debug, PartialEq, Eq)]
struct LayerBlock {
    /// The number (from 1) of the block's first line in the file.
    first_line: usize,
    /// The block's lines, each without its `//!` and the one space after it.
    text: String,
}

/// Finds the ```` ```text ```` block under `//! # Layers` in the crate doc
/// `lib_rs`.
fn layer_block(lib_rs: &str) -> Result<LayerBlock, String> {
    let mut lines = lib_rs.lines().map(str::trim_end).enumerate();
    if !lines.by_ref().any(|(_, line)| line == LAYERS_HEADING) {
        return Err(format!("no `{LAYERS_HEADING}` heading"));
    }
    let mut opened = None;
    for (index, line) in lines.by_ref() {
        if line == "//! ```text" {
            opened = Some(index);
            break;
        }
        if line.starts_with("//! #") || !line.starts_with("//!") {
            break;
        }
    }
    let Some(fence) = opened else {
        return Err(format!(
            "no ```text block in the `{LAYERS_HEADING}` section"
        ));
    };
    let mut text = String::new();
    for (_, line) in lines {
        if line == "//! ```" {
            return Ok(LayerBlock {
                first_line: fence + 2,
                text,
            });
        }
        let Some(doc) = line.strip_prefix("//!") else {
            break;
        };
        text.push_str(doc.strip_prefix(' ').unwrap_or(doc));
        text.push('\n');
    }
    Err("the layer table's ```text block is not closed with a ``` line".to_owned())
}

/// A token of Rust source, as far as this test needs one.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    /// An identifier or keyword (a raw identifier without its `r#`).
    Ident(String),
    /// `::`.
    PathSep,
    /// Any other character that is not part of a comment, a literal or
    /// white space.
    Punct(char),
}

/// A token and the line (from 1) it is on.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Lexeme {
    /// The token.
    token: Token,
    /// Its line, from 1.
    line: usize,
}

/// Splits `source` into identifiers, `::` and punctuation, skipping white
/// space, comments (doc comments included, block comments nested), number
/// literals, and string, byte-string, C-string, raw-string and character
/// literals. Lifetimes and labels lose their `'` and become identifiers.
fn tokenize(source: &str) -> Vec<Lexeme> {
    let chars: Vec<char> = source.chars().collect();
    let at = |index: usize| chars.get(index).copied();
    let mut lexemes = Vec::new();
    let mut line = 1;
    let mut index = 0;
    while let Some(c) = at(index) {
        match c {
            '\n' => {
                line += 1;
                index += 1;
            }
            c if c.is_whitespace() => index += 1,
            '/' if at(index + 1) == Some('/') => {
                while at(index).is_some_and(|c| c != '\n') {
                    index += 1;
                }
            }
            '/' if at(index + 1) == Some('*') => {
                index = skip_block_comment(&chars, index, &mut line);
            }
            '"' => index = skip_quoted(&chars, index + 1, &mut line),
            '\'' => index = skip_char_or_lifetime_quote(&chars, index, &mut line),
            c if c.is_alphabetic() || c == '_' => {
                if let Some(end) = skip_prefixed_literal(&chars, index, &mut line) {
                    index = end;
                    continue;
                }
                let start = if c == 'r' && at(index + 1) == Some('#') {
                    index + 2
                } else {
                    index
                };
                let mut end = start;
                while at(end).is_some_and(is_identifier_char) {
                    end += 1;
                }
                lexemes.push(Lexeme {
                    token: Token::Ident(chars[start..end].iter().collect()),
                    line,
                });
                index = end;
            }
            c if c.is_ascii_digit() => {
                while at(index).is_some_and(is_identifier_char) {
                    index += 1;
                }
            }
            ':' if at(index + 1) == Some(':') => {
                lexemes.push(Lexeme {
                    token: Token::PathSep,
                    line,
                });
                index += 2;
            }
            c => {
                lexemes.push(Lexeme {
                    token: Token::Punct(c),
                    line,
                });
                index += 1;
            }
        }
    }
    lexemes
}

/// Whether `c` can continue an identifier (or a number literal).
fn is_identifier_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The index after the (possibly nested) block comment opening at `start`,
/// counting its newlines into `line`.
fn skip_block_comment(chars: &[char], start: usize, line: &mut usize) -> usize {
    let mut depth = 0usize;
    let mut index = start;
    while index < chars.len() {
        match (chars[index], chars.get(index + 1).copied()) {
            ('/', Some('*')) => {
                depth += 1;
                index += 2;
            }
            ('*', Some('/')) => {
                depth -= 1;
                index += 2;
                if depth == 0 {
                    return index;
                }
            }
            ('\n', _) => {
                *line += 1;
                index += 1;
            }
            _ => index += 1,
        }
    }
    index
}

/// The index after the closing `"` of a string whose text starts at
/// `start` (after its opening `"`), backslash escapes honoured, counting
/// its newlines into `line`.
fn skip_quoted(chars: &[char], start: usize, line: &mut usize) -> usize {
    let mut index = start;
    while let Some(&c) = chars.get(index) {
        match c {
            '\\' => {
                if chars.get(index + 1) == Some(&'\n') {
                    *line += 1;
                }
                index += 2;
            }
            '"' => return index + 1,
            '\n' => {
                *line += 1;
                index += 1;
            }
            _ => index += 1,
        }
    }
    index
}

/// The index after a character literal opening at `start` (a `'`), or
/// after the `'` alone when it starts a lifetime or a label.
fn skip_char_or_lifetime_quote(chars: &[char], start: usize, line: &mut usize) -> usize {
    match (chars.get(start + 1), chars.get(start + 2)) {
        (Some('\\'), _) => {
            // The escaped character, then anything up to the closing quote
            // (`'\''`, `'\n'`, `'\u{1F600}'`).
            let mut index = start + 3;
            while chars.get(index).is_some_and(|&c| c != '\'') {
                if chars[index] == '\n' {
                    *line += 1;
                }
                index += 1;
            }
            index + 1
        }
        (Some(_), Some('\'')) => start + 3,
        _ => start + 1,
    }
}

/// When an identifier-like prefix at `start` opens a literal (`r"…"`,
/// `r#"…"#`, `b"…"`, `br#"…"#`, `c"…"`, `cr"…"`, `b'…'`), the index after
/// that literal, its newlines counted into `line`; otherwise `None` (a raw
/// identifier `r#name` included).
fn skip_prefixed_literal(chars: &[char], start: usize, line: &mut usize) -> Option<usize> {
    let at = |index: usize| chars.get(index).copied();
    let after_prefix = match at(start) {
        Some('b' | 'c') => start + 1,
        _ => start,
    };
    if at(after_prefix) == Some('r') {
        let mut index = after_prefix + 1;
        let mut hashes = 0;
        while at(index) == Some('#') {
            hashes += 1;
            index += 1;
        }
        if at(index) != Some('"') {
            return None;
        }
        index += 1;
        while let Some(c) = at(index) {
            if c == '\n' {
                *line += 1;
            }
            if c == '"' && (1..=hashes).all(|offset| at(index + offset) == Some('#')) {
                return Some(index + 1 + hashes);
            }
            index += 1;
        }
        return Some(index);
    }
    if after_prefix == start {
        return None;
    }
    match at(after_prefix) {
        Some('"') => Some(skip_quoted(chars, after_prefix + 1, line)),
        Some('\'') if at(start) == Some('b') => {
            Some(skip_char_or_lifetime_quote(chars, after_prefix, line))
        }
        _ => None,
    }
}

/// One path of a use tree or of an expression, as written after its root.
#[derive(Debug, Clone, PartialEq, Eq)]
struct TreePath {
    /// The segments (`*` for a glob), the root (`crate::`) not included.
    segments: Vec<String>,
    /// The name given with `as`, if any.
    alias: Option<String>,
    /// The line of the first segment.
    line: usize,
}

/// Reads the use tree or path that starts at `start` (just after a
/// `crate::`, or after `use`), with `prefix` the segments already read and
/// `prefix_line` the first one's line. Every path of the tree (one per leaf
/// of a `{…}` group) goes to `paths`. Returns the index after the tree: a
/// path ends at anything that is not `::` followed by a name, a `{` group or
/// `*` (so at `(`, `<`, `;`, `{` of a struct literal...).
fn read_tree(
    lexemes: &[Lexeme],
    start: usize,
    prefix: &[String],
    prefix_line: Option<usize>,
    paths: &mut Vec<TreePath>,
) -> usize {
    let Some(first) = lexemes.get(start) else {
        return start;
    };
    let line = prefix_line.unwrap_or(first.line);
    match &first.token {
        Token::Punct('{') => {
            let mut index = start + 1;
            loop {
                if matches!(
                    lexemes.get(index).map(|lexeme| &lexeme.token),
                    Some(Token::Punct('}'))
                ) {
                    return index + 1;
                }
                let after = read_tree(lexemes, index, prefix, prefix_line, paths);
                if after == index {
                    return index;
                }
                index = after;
                match lexemes.get(index).map(|lexeme| &lexeme.token) {
                    Some(Token::Punct(',')) => index += 1,
                    Some(Token::Punct('}')) => return index + 1,
                    _ => return index,
                }
            }
        }
        Token::Punct('*') => {
            let mut segments = prefix.to_vec();
            segments.push("*".to_owned());
            paths.push(TreePath {
                segments,
                alias: None,
                line,
            });
            start + 1
        }
        Token::Ident(name) => {
            let mut segments = prefix.to_vec();
            segments.push(name.clone());
            let next = lexemes.get(start + 1).map(|lexeme| &lexeme.token);
            let after_next = lexemes.get(start + 2).map(|lexeme| &lexeme.token);
            if next == Some(&Token::PathSep)
                && matches!(
                    after_next,
                    Some(Token::Ident(_) | Token::Punct('{') | Token::Punct('*'))
                )
            {
                return read_tree(lexemes, start + 2, &segments, Some(line), paths);
            }
            let mut index = start + 1;
            let mut alias = None;
            if let (Some(Token::Ident(keyword)), Some(Token::Ident(new_name))) = (next, after_next)
                && keyword == "as"
            {
                alias = Some(new_name.clone());
                index += 2;
            }
            paths.push(TreePath {
                segments,
                alias,
                line,
            });
            index
        }
        _ => start,
    }
}

/// Whether `lexeme` is the identifier `word`.
fn is_ident(lexeme: Option<&Lexeme>, word: &str) -> bool {
    matches!(lexeme, Some(Lexeme { token: Token::Ident(name), .. }) if name == word)
}

/// Whether `lexeme` is `::`.
fn is_path_sep(lexeme: Option<&Lexeme>) -> bool {
    matches!(
        lexeme,
        Some(Lexeme {
            token: Token::PathSep,
            ..
        })
    )
}

/// The paths from the crate root in `source`, a file of the module
/// `file_module` (its path from the crate root: `["plot", "trials"]` for
/// `src/plot/trials.rs`, `["plot"]` for `src/plot/mod.rs`): every
/// `crate::…` (and `$crate::…`), and every chain of `super::` that climbs
/// to the crate root from where it stands (inline `mod name { … }` blocks
/// counted). Comments and literals are skipped.
fn root_references(source: &str, file_module: &[&str]) -> Vec<TreePath> {
    let lexemes = tokenize(source);
    let mut paths = Vec::new();
    let mut brace_depth = 0usize;
    // The brace depth just inside each enclosing inline `mod name {`.
    let mut inline_modules: Vec<usize> = Vec::new();
    let mut index = 0;
    while let Some(lexeme) = lexemes.get(index) {
        let continues_a_path = index > 0 && is_path_sep(lexemes.get(index - 1));
        match &lexeme.token {
            Token::Punct('{') => {
                brace_depth += 1;
                if index >= 2
                    && is_ident(lexemes.get(index - 2), "mod")
                    && matches!(lexemes[index - 1].token, Token::Ident(_))
                {
                    inline_modules.push(brace_depth);
                }
            }
            Token::Punct('}') => {
                if inline_modules.last() == Some(&brace_depth) {
                    inline_modules.pop();
                }
                brace_depth = brace_depth.saturating_sub(1);
            }
            Token::Ident(word)
                if word == "crate" && !continues_a_path && is_path_sep(lexemes.get(index + 1)) =>
            {
                index = read_tree(&lexemes, index + 2, &[], None, &mut paths);
                continue;
            }
            Token::Ident(word) if word == "super" && !continues_a_path => {
                let mut climbs = 0;
                let mut after = index;
                while is_ident(lexemes.get(after), "super") && is_path_sep(lexemes.get(after + 1)) {
                    climbs += 1;
                    after += 2;
                }
                let depth = file_module.len() + inline_modules.len();
                if climbs > 0 && climbs >= depth {
                    index = read_tree(&lexemes, after, &[], None, &mut paths);
                    continue;
                }
            }
            _ => {}
        }
        index += 1;
    }
    paths
}

/// What the crate root (`src/lib.rs`) declares: its modules, and the names
/// it re-exports from them.
#[derive(Debug, Default, PartialEq, Eq)]
struct CrateRoot {
    /// The top-level modules (`mod name;`, `pub mod name;`), in order.
    modules: Vec<String>,
    /// Each name a top-level `use` brings into the crate root from one of
    /// those modules, and that module (`find_algorithm` → `solvers`).
    reexports: BTreeMap<String, String>,
}

impl CrateRoot {
    /// Reads the top-level `mod name;` and `use` items of `lib_rs`.
    fn parse(lib_rs: &str) -> Self {
        let lexemes = tokenize(lib_rs);
        let mut root = Self::default();
        let mut uses = Vec::new();
        let mut brace_depth = 0usize;
        let mut index = 0;
        while let Some(lexeme) = lexemes.get(index) {
            match &lexeme.token {
                Token::Punct('{') => brace_depth += 1,
                Token::Punct('}') => brace_depth = brace_depth.saturating_sub(1),
                Token::Ident(word) if brace_depth == 0 && word == "mod" => {
                    if let (
                        Some(Lexeme {
                            token: Token::Ident(name),
                            ..
                        }),
                        Some(Lexeme {
                            token: Token::Punct(';'),
                            ..
                        }),
                    ) = (lexemes.get(index + 1), lexemes.get(index + 2))
                    {
                        root.modules.push(name.clone());
                    }
                }
                Token::Ident(word) if brace_depth == 0 && word == "use" => {
                    index = read_tree(&lexemes, index + 1, &[], None, &mut uses);
                    continue;
                }
                _ => {}
            }
            index += 1;
        }
        for path in uses {
            let segments: Vec<&str> = path
                .segments
                .iter()
                .map(String::as_str)
                .skip_while(|segment| *segment == "crate" || *segment == "self")
                .collect();
            let [module, .., last] = segments.as_slice() else {
                continue;
            };
            let name = match (&path.alias, *last) {
                (Some(alias), _) => alias.as_str(),
                (None, "self") => segments[segments.len() - 2],
                (None, name) => name,
            };
            if name != "*" && name != "_" && root.modules.iter().any(|m| m == module) {
                root.reexports.insert(name.to_owned(), (*module).to_owned());
            }
        }
        root
    }
}

/// What checking files against the table found.
#[derive(Debug, Default)]
struct Findings {
    /// How many references from the crate root were checked.
    references: usize,
    /// One message per reference that breaks the layering.
    violations: Vec<String>,
    /// The modules the table does not name, met as an importer or as what
    /// is imported; references from or to them are not checked.
    unplaced: BTreeSet<String>,
}

impl Findings {
    /// Every problem found: the violations, then one line per module
    /// missing from the table.
    fn problems(&self) -> Vec<String> {
        let unplaced = self.unplaced.iter().map(|module| {
            format!(
                "module `{module}` is not in the layer table: {ADD_TO_TABLE} \
                 (until then, its imports and the imports of it are not checked)"
            )
        });
        self.violations.iter().cloned().chain(unplaced).collect()
    }
}

/// Checks every reference from the crate root in `source` (the file
/// `file`, of module `file_module`, whose first segment is the importing
/// top-level module) against `table`, adding to `findings`.
fn check_file(
    table: &LayerTable,
    root: &CrateRoot,
    file: &str,
    file_module: &[&str],
    source: &str,
    findings: &mut Findings,
) {
    let Some(&importer) = file_module.first() else {
        return;
    };
    let Some(importer_level) = table.level(importer) else {
        findings.unplaced.insert(importer.to_owned());
        return;
    };
    for path in root_references(source, file_module) {
        let Some(first) = path.segments.first().map(String::as_str) else {
            continue;
        };
        if first == "self" {
            continue;
        }
        let line = path.line;
        let shown = path.segments.join("::");
        let here = format!("{file}:{line}: {importer} (layer {importer_level})");
        let violation = if first == "*" {
            Some(format!(
                "{here} imports everything at the crate root (`crate::*`), which \
                 the layers cannot check: name the modules"
            ))
        } else if first == BINARY_LAYER {
            Some(format!(
                "{here} imports {shown} (the binary): the library never uses the binary"
            ))
        } else {
            let (module, via) = if root.modules.iter().any(|module| module == first) {
                (first, String::new())
            } else if let Some(module) = root.reexports.get(first) {
                (module.as_str(), format!("re-exported from {module}, "))
            } else {
                findings.references += 1;
                findings.violations.push(format!(
                    "{here} imports {shown}, which is neither a module src/lib.rs \
                     declares nor a name it re-exports from one, so its layer is unknown"
                ));
                continue;
            };
            let Some(level) = table.level(module) else {
                findings.unplaced.insert(module.to_owned());
                continue;
            };
            (level > importer_level).then(|| format!("{here} imports {shown} ({via}layer {level})"))
        };
        findings.references += 1;
        findings.violations.extend(violation);
    }
}

/// The module path from the crate root of the file `relative` (a path
/// under `src/`): `plot/trials.rs` is `["plot", "trials"]`, `plot/mod.rs`
/// and `plot.rs` are `["plot"]`.
fn module_path_of(relative: &Path) -> Vec<String> {
    let mut segments: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|component| component.as_os_str().to_string_lossy().into_owned())
        .collect();
    if segments.last().is_some_and(|last| last == "mod") {
        segments.pop();
    }
    segments
}

/// The library as this test reads it from the working tree.
struct Library {
    /// The crate's directory (`CARGO_MANIFEST_DIR`).
    root_dir: PathBuf,
    /// The layer table of `src/lib.rs`.
    table: LayerTable,
    /// The modules and re-exports `src/lib.rs` declares.
    crate_root: CrateRoot,
}

impl Library {
    /// Reads `src/lib.rs`: its layer table and its crate root.
    fn read() -> Self {
        let root_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let lib_rs = fs::read_to_string(root_dir.join(LIB_RS))
            .unwrap_or_else(|error| panic!("cannot read {LIB_RS}: {error}"));
        let block = layer_block(&lib_rs)
            .unwrap_or_else(|error| panic!("{LIB_RS}: cannot find the layer table: {error}"));
        let table = LayerTable::parse(&block.text, block.first_line)
            .unwrap_or_else(|error| panic!("{LIB_RS}: the layer table does not parse, {error}"));
        Self {
            root_dir,
            table,
            crate_root: CrateRoot::parse(&lib_rs),
        }
    }

    /// The source files of the top-level module `module`: `src/<module>.rs`
    /// and every `.rs` file under `src/<module>/`, sorted.
    fn module_files(&self, module: &str) -> Vec<PathBuf> {
        let src = self.root_dir.join("src");
        let mut files = Vec::new();
        let file = src.join(format!("{module}.rs"));
        if file.is_file() {
            files.push(file);
        }
        let folder = src.join(module);
        if folder.is_dir() {
            collect_rust_files(&folder, &mut files);
        }
        files.sort();
        files
    }

    /// `path` relative to the crate's directory, with `/` between its parts.
    fn shown(&self, path: &Path) -> String {
        let relative = path.strip_prefix(&self.root_dir).unwrap_or(path);
        relative
            .components()
            .map(|component| component.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// Adds every `.rs` file under `folder` (recursively) to `files`.
fn collect_rust_files(folder: &Path, files: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(folder)
        .unwrap_or_else(|error| panic!("cannot list {}: {error}", folder.display()));
    for entry in entries {
        let path = entry
            .unwrap_or_else(|error| panic!("cannot list {}: {error}", folder.display()))
            .path();
        if path.is_dir() {
            collect_rust_files(&path, files);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
}

/// The table names every module of the library and nothing else, and the
/// binary is its top layer.
#[test]
fn the_layer_table_names_every_module_and_only_those() {
    let library = Library::read();
    let table = &library.table;
    let mut problems = Vec::new();
    for module in &library.crate_root.modules {
        if table.level(module).is_none() {
            problems.push(format!(
                "module `{module}` (declared in {LIB_RS}) is not in the layer table: \
                 {ADD_TO_TABLE}, at or above the layers of the modules it uses"
            ));
        }
    }
    for module in table.modules() {
        if module == BINARY_LAYER {
            continue;
        }
        if !library.crate_root.modules.iter().any(|name| name == module) {
            problems.push(format!(
                "the layer table in {LIB_RS} names `{module}`, which is not a module \
                 of the library (no `pub mod {module};` in {LIB_RS}): remove it from \
                 the table, or declare the module"
            ));
        } else if library.module_files(module).is_empty() {
            problems.push(format!(
                "the layer table in {LIB_RS} names `{module}`, which has no source \
                 (neither src/{module}.rs nor src/{module}/)"
            ));
        }
    }
    let binary_is_top = table
        .layers
        .first()
        .is_some_and(|top| top.modules.iter().any(|name| name == BINARY_LAYER));
    if !binary_is_top {
        problems.push(format!(
            "the binary `{BINARY_LAYER}` is not the top layer (the first line) of \
             the layer table in {LIB_RS}"
        ));
    }
    if !library.root_dir.join("src").join(BINARY_LAYER).is_dir() {
        problems.push(format!(
            "the layer table names the binary `{BINARY_LAYER}`, but src/{BINARY_LAYER}/ \
             does not exist"
        ));
    }
    assert!(
        problems.is_empty(),
        "the layer table in {LIB_RS} does not match the library:\n  {}",
        problems.join("\n  ")
    );
}

/// No module of the library refers to a module of a higher layer, nor to
/// the binary.
#[test]
fn no_module_imports_from_a_higher_layer() {
    let library = Library::read();
    let src = library.root_dir.join("src");
    let mut findings = Findings::default();
    let mut files = 0;
    for module in &library.crate_root.modules {
        for file in library.module_files(module) {
            let source = fs::read_to_string(&file)
                .unwrap_or_else(|error| panic!("cannot read {}: {error}", file.display()));
            let relative = file
                .strip_prefix(&src)
                .expect("every module file is under src/");
            let file_module = module_path_of(relative);
            let file_module: Vec<&str> = file_module.iter().map(String::as_str).collect();
            check_file(
                &library.table,
                &library.crate_root,
                &library.shown(&file),
                &file_module,
                &source,
                &mut findings,
            );
            files += 1;
        }
    }
    println!(
        "checked {} references from the crate root (one per name imported) in {files} files of {} modules",
        findings.references,
        library.crate_root.modules.len()
    );
    let problems = findings.problems();
    assert!(
        problems.is_empty(),
        "{} problem(s) with the layer table in {LIB_RS} (layer 1 is the bottom; \
         a module uses only its own layer and those below it):\n  {}\n\
         move what is used down, or change the table if the layering changed",
        problems.len(),
        problems.join("\n  ")
    );
    assert!(
        findings.references > MIN_REFERENCES,
        "only {} references from the crate root found in {files} files: the scanner is broken",
        findings.references
    );
}

/// The parser and the checker on made-up tables and sources, so the real
/// check cannot pass by finding nothing.
mod self_test {
    use super::*;

    /// A three-layer table: `top`; `mid` and `peer`; `low`.
    const TABLE: &str = "\
top         the top,
            over two lines
mid, peer   the middle
low         the bottom
";

    /// [`TABLE`], parsed.
    fn table() -> LayerTable {
        LayerTable::parse(TABLE, 1).expect("the made-up table is well formed")
    }

    /// A crate root declaring the table's modules, re-exporting `Thing`
    /// from `top` and `Base` from `low`.
    fn crate_root() -> CrateRoot {
        CrateRoot::parse(
            "//! Doc.\npub mod low;\npub mod mid;\nmod peer;\npub mod top;\n\
             pub use top::things::Thing;\npub use low::{Base, other::Other as Renamed};\n",
        )
    }

    /// The paths `source` (a file of `file_module`) refers to from the
    /// crate root, as `line:a::b`.
    fn references(source: &str, file_module: &[&str]) -> Vec<String> {
        root_references(source, file_module)
            .iter()
            .map(|path| format!("{}:{}", path.line, path.segments.join("::")))
            .collect()
    }

    /// Layers come top first, with their modules, joined descriptions and levels.
    #[test]
    fn parses_layers_top_first_with_their_descriptions() {
        let table = table();
        assert_eq!(
            table.layers,
            vec![
                Layer {
                    modules: vec!["top".to_owned()],
                    description: "the top, over two lines".to_owned(),
                },
                Layer {
                    modules: vec!["mid".to_owned(), "peer".to_owned()],
                    description: "the middle".to_owned(),
                },
                Layer {
                    modules: vec!["low".to_owned()],
                    description: "the bottom".to_owned(),
                },
            ]
        );
        assert_eq!(table.level("top"), Some(3));
        assert_eq!(table.level("peer"), Some(2));
        assert_eq!(table.level("low"), Some(1));
        assert_eq!(table.level("other"), None);
        assert_eq!(
            table.modules().collect::<Vec<_>>(),
            ["top", "mid", "peer", "low"]
        );
    }

    /// Every break of the format is refused, naming the line.
    #[test]
    fn refuses_malformed_tables_saying_which_line() {
        for (text, expected) in [
            ("top the top\n", "line 10: `top the top` is not"),
            ("a,b  two\n", "line 10: `a,b` is not a module name"),
            ("a,  b  two\n", "line 10: `a,` is not a module name"),
            (
                "a  one\nb  two\na  three\n",
                "line 12: module `a` is in the table twice",
            ),
            ("  the description\n", "line 10: an indented line"),
            ("a  one\n\nb  two\n", "line 11: a blank line"),
            ("a   \n", "line 10: layer `a` has no description"),
            ("", "the table has no layers"),
        ] {
            let error = LayerTable::parse(text, 10).expect_err(text);
            assert!(error.starts_with(expected), "{text:?}: {error}");
        }
    }

    /// The block under `# Layers` is found, not an earlier ```text block.
    #[test]
    fn finds_the_block_under_the_layers_heading() {
        let lib_rs = "//! Intro.\n//!\n//! ```text\n//! not this\n//! ```\n\
                      //!\n//! # Layers\n//!\n//! Prose.\n//!\n//! ```text\n\
                      //! top  the top\n//!      more\n//! low  the bottom\n//! ```\n\
                      //!\n//! # Next\n\npub mod low;\n";
        assert_eq!(
            layer_block(lib_rs),
            Ok(LayerBlock {
                first_line: 12,
                text: "top  the top\n     more\nlow  the bottom\n".to_owned(),
            })
        );
        assert!(layer_block("//! # Layers\n//!\n//! # Next\n").is_err());
        assert!(layer_block("//! # Layers\n//! ```text\n//! a  b\npub mod a;\n").is_err());
        assert!(layer_block("//! # Other\n").is_err());
    }

    /// Top-level `mod name;` items and re-exports are read; comments and nested modules are not.
    #[test]
    fn reads_the_modules_and_reexports_of_a_crate_root() {
        let root = CrateRoot::parse(
            "//! pub mod not_this;\npub mod a;\nmod b;\n#[cfg(test)]\nmod tests {\n    mod inner;\n}\n\
             pub use a::{X, y::Z as W, y::{self}};\npub use b::*;\npub use std::fmt;\n",
        );
        assert_eq!(root.modules, ["a", "b"].map(String::from).to_vec());
        assert_eq!(
            root.reexports,
            [("W", "a"), ("X", "a"), ("y", "a")]
                .map(|(name, module)| (name.to_owned(), module.to_owned()))
                .into_iter()
                .collect()
        );
    }

    /// Paths inside comments and literals are not references; lifetimes do not open literals.
    #[test]
    fn skips_comments_and_literals() {
        let source = r####"// crate::top
/// crate::top
//! crate::top
/* crate::top /* nested */ crate::top */
fn f<'a>(x: &'a str) -> char {
    let _ = "crate::top \" crate::top";
    let _ = r#"crate::top " crate::top"#;
    let _ = b"crate::top";
    let _ = br##"crate::top"# crate::top"##;
    let _ = c"crate::top";
    let _ = ('"', '\'', b'"', '\u{7b}', '{');
    'outer: loop { break 'outer; }
    crate::low::f(r#type)
}
"####;
        assert_eq!(references(source, &["mid"]), ["13:low::f"]);
    }

    /// Every leaf of a `use` group is a reference, and so is a path in code.
    #[test]
    fn reads_groups_nested_groups_and_paths_in_code() {
        let source = "use crate::{\n    low::a,\n    peer::{b, c as d},\n    self,\n};\n\
                      pub(in crate::mid) fn f() -> crate::low::T<u8> {\n    \
                      crate::top::Thing { x: 1 };\n    crate::low::g::<u8>();\n    \
                      $crate::top::m!();\n    other::crate_like::x()\n}\n";
        assert_eq!(
            references(source, &["mid"]),
            [
                "2:low::a",
                "3:peer::b",
                "3:peer::c",
                "4:self",
                "6:mid",
                "6:low::T",
                "7:top::Thing",
                "8:low::g",
                "9:top::m",
            ]
        );
    }

    /// A `super::` chain is a reference only when it climbs to the crate root.
    #[test]
    fn super_chains_that_climb_to_the_crate_root_are_references() {
        let source = "use super::sibling;\nuse super::super::top::X;\n\
                      mod tests {\n    use super::super::low::Y;\n    \
                      use super::super::super::top::Z;\n}\nuse super::super::peer;\n";
        assert_eq!(
            references(source, &["mid", "inner"]),
            ["2:top::X", "5:top::Z", "7:peer"]
        );
        assert_eq!(references("use super::top;\n", &["mid"]), ["1:top"]);
    }

    /// An import from a higher layer is caught; one from the same layer or below is not.
    #[test]
    fn catches_upward_imports_and_allows_same_layer_and_downward_ones() {
        let source = "use crate::low::Base;\nuse crate::peer::P;\nuse crate::mid::M;\n\
                      use crate::{low::x, top::{a, b}};\nfn f() { crate::top::g() }\n";
        let mut findings = Findings::default();
        check_file(
            &table(),
            &crate_root(),
            "src/mid/file.rs",
            &["mid", "file"],
            source,
            &mut findings,
        );
        assert_eq!(findings.references, 7);
        assert_eq!(
            findings.violations,
            [
                "src/mid/file.rs:4: mid (layer 2) imports top::a (layer 3)",
                "src/mid/file.rs:4: mid (layer 2) imports top::b (layer 3)",
                "src/mid/file.rs:5: mid (layer 2) imports top::g (layer 3)",
            ]
        );
    }

    /// A re-export from a higher layer, the binary, an unknown name and a glob are caught.
    #[test]
    fn catches_reexports_from_above_the_binary_and_unknown_names() {
        let source = "use crate::Thing;\nuse crate::Base;\nuse crate::Renamed;\n\
                      use crate::cli::run;\nuse crate::Nowhere;\nuse crate::*;\n";
        let mut findings = Findings::default();
        check_file(
            &table(),
            &crate_root(),
            "src/low.rs",
            &["low"],
            source,
            &mut findings,
        );
        assert_eq!(findings.references, 6);
        assert_eq!(
            findings.violations,
            [
                "src/low.rs:1: low (layer 1) imports Thing (re-exported from top, layer 3)",
                "src/low.rs:4: low (layer 1) imports cli::run (the binary): the library never \
                 uses the binary",
                "src/low.rs:5: low (layer 1) imports Nowhere, which is neither a module \
                 src/lib.rs declares nor a name it re-exports from one, so its layer is unknown",
                "src/low.rs:6: low (layer 1) imports everything at the crate root \
                 (`crate::*`), which the layers cannot check: name the modules",
            ]
        );
    }

    /// A module missing from the table is named once, with the fix, and not checked.
    #[test]
    fn a_module_missing_from_the_table_is_named_once_with_the_fix() {
        let mut findings = Findings::default();
        let root = CrateRoot::parse("pub mod low;\npub mod run;\npub mod store;\n");
        for (file, file_module, source) in [
            (
                "src/low.rs",
                ["low"],
                "use crate::store::Store;\nuse crate::run::Run;\n",
            ),
            (
                "src/mid.rs",
                ["mid"],
                "use crate::store::{A, B};\nuse crate::low::C;\n",
            ),
            ("src/store.rs", ["store"], "use crate::top::Thing;\n"),
        ] {
            check_file(&table(), &root, file, &file_module, source, &mut findings);
        }
        assert_eq!(findings.references, 1);
        assert_eq!(
            findings.problems(),
            [
                "module `run` is not in the layer table: add it to the layer table in \
                 src/lib.rs (until then, its imports and the imports of it are not checked)",
                "module `store` is not in the layer table: add it to the layer table in \
                 src/lib.rs (until then, its imports and the imports of it are not checked)",
            ]
        );
    }

    /// A file's module path follows the `mod.rs` and `name.rs` layouts.
    #[test]
    fn module_paths_of_files() {
        assert_eq!(
            module_path_of(Path::new("plot/trials.rs")),
            ["plot", "trials"]
        );
        assert_eq!(module_path_of(Path::new("plot/mod.rs")), ["plot"]);
        assert_eq!(module_path_of(Path::new("finish.rs")), ["finish"]);
        assert_eq!(
            module_path_of(Path::new("base/records/mod.rs")),
            ["base", "records"]
        );
    }
}
