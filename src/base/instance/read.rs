//! Readers of the formats N-Queens instances are published in. The format
//! is told from the content, never from the file's name:
//!
//! - **ASP facts**, as the ASP competitions of 2007 and 2009 gave blocked
//!   N-Queens: `board(N).` and `block(R, C).` (from 1), `%` comments.
//! - **Essence′ parameter files**, as CSPLib's generators print them
//!   (problem 079, N-Queens Completion, and problem 080, Blocked
//!   N-Queens): an optional `language ESSENCE' 1.0` first line, `$`
//!   comments, `letting n = 10` (or `letting n be 10`),
//!   `letting blocks = [[1, 2], …]` counted from 1 (prob080's
//!   blocked-gen.py writes r+1, c+1 and its model indexes `blocks` by
//!   int(1..n)), `letting init = [[r, c], …]` counted from 0 (prob079's
//!   completion model indexes `init` over int(0..n-1), and its
//!   queens-gen-fast.py writes 0-based squares), and the optional counts
//!   `letting blocked_squares = k` and `letting given_queens = k`, which
//!   must equal their lists' lengths. CSPLib also gives the ASP
//!   competition's instances in this form.
//! - **Excluded-diagonals files** from prob079's queens-diag-gen.py:
//!   `n = 8`, `numdiags = 10`, `diags = [[d, kind], …]` on a board counted
//!   from 0, kind 1 the sum diagonal `row + column = d`
//!   ([`Diagonal::Sum`]) and kind 0 the difference diagonal
//!   `row − column = d − (n − 1)` ([`Diagonal::Difference`]). Only the
//!   first `numdiags` pairs make the instance (CSPLib: the valid
//!   instances are the list's prefixes, taken by lowering `numdiags`);
//!   without `numdiags`, all of them.
//! - **MiniZinc data** (`.dzn`): `n = 10; m = 3; row = [1, 4, 7];
//!   col = [2, 5, 9];`, the queens placed in advance (completion), counted
//!   from 1 as MiniZinc's arrays are; `%` and `/* … */` comments; `m`, when
//!   given, must equal both lists' lengths.
//!
//! Every assignment form is read by one parser (`key = value`, an optional
//! `letting` before it and `;` after it); its keys tell the format. Every
//! error is a [`ReadError`] naming the file, the 1-based line of the
//! problem, what was found and what is allowed. The instance's origin is
//! the file as named with the SHA-256 of its bytes.

use std::io::Read;
use std::path::Path;

use super::{Diagonal, Instance, InstanceError, MAX_INSTANCE_N, Origin};

/// The largest instance file read: 64 MiB.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Why a file is not an instance: the file, the line, what was found and
/// what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct ReadError {
    /// The file as named.
    pub file: String,
    /// The line (from 1; 0 when the file could not be read at all).
    pub line: usize,
    /// What was found and what was expected.
    pub message: String,
}

/// Reads the instance in the file at `path` (named `name` in messages and
/// in its origin). Files above [`MAX_FILE_BYTES`], directories and text
/// that is not UTF-8 are refused.
pub fn read_file(path: &Path, name: &str) -> Result<Instance, ReadError> {
    let error = |line: usize, message: String| ReadError {
        file: name.to_string(),
        line,
        message,
    };
    let file = std::fs::File::open(path)
        .map_err(|e| error(0, format!("cannot read {}: {e}", path.display())))?;
    let metadata = file
        .metadata()
        .map_err(|e| error(0, format!("cannot read {}: {e}", path.display())))?;
    if metadata.is_dir() {
        return Err(error(
            0,
            format!(
                "{} is a directory: give an instance file (or name the directory with `dir`)",
                path.display()
            ),
        ));
    }
    let too_large = |bytes: u64| {
        error(
            0,
            format!(
                "the file holds {bytes} bytes or more, above the {} MiB an instance file may hold",
                MAX_FILE_BYTES / (1024 * 1024)
            ),
        )
    };
    if metadata.len() > MAX_FILE_BYTES {
        return Err(too_large(metadata.len()));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| error(0, format!("cannot read {}: {e}", path.display())))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    let sha256 = crate::base::records::csv_file::sha256(&bytes);
    let text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        error(
            line,
            format!("byte {at} is not UTF-8 text: an instance file is plain text"),
        )
    })?;
    parse(&text, name, sha256)
}

/// Parses the instance in `text`, read from the file `name` whose bytes
/// have the SHA-256 `sha256` (lower-case hex): what [`read_file`] does
/// once it has the text.
pub fn parse(text: &str, name: &str, sha256: String) -> Result<Instance, ReadError> {
    let statements = Parser::new(text, name).statements()?;
    let spec = match statements {
        Statements::Facts(facts) => facts.spec(name)?,
        Statements::Assignments(assignments) => assignments.spec(name)?,
    };
    spec.build(
        name,
        Origin::File {
            path: name.to_string(),
            sha256,
        },
    )
}

/// One token of an instance file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok<'a> {
    /// A whole number from 0.
    Number(u64),
    /// A name: letters, digits, `_` and `'`, not starting with a digit.
    Ident(&'a str),
    /// One of `=`, `;`, `,`, `[`, `]`, `(`, `)`, `.`, `-`.
    Punct(char),
    /// The end of the text.
    End,
}

impl std::fmt::Display for Tok<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Tok::Number(v) => write!(f, "`{v}`"),
            Tok::Ident(name) => write!(f, "`{name}`"),
            Tok::Punct(c) => write!(f, "`{c}`"),
            Tok::End => write!(f, "the end of the file"),
        }
    }
}

/// A token and the line it starts on.
#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    /// The token.
    tok: Tok<'a>,
    /// Its line, from 1.
    line: usize,
}

/// The hand-written tokenizer: numbers, names, punctuation; `%` and `$`
/// comments to the end of the line, `/* … */` comments.
struct Lexer<'a> {
    /// The whole text.
    text: &'a str,
    /// The byte where the next token may start.
    pos: usize,
    /// The line at `pos`.
    line: usize,
    /// The file as named, for errors.
    file: &'a str,
}

/// The characters a tokenizer takes as punctuation.
const PUNCTUATION: &str = "=;,[]().-";

impl<'a> Lexer<'a> {
    /// The error at `line`.
    fn error(&self, line: usize, message: String) -> ReadError {
        ReadError {
            file: self.file.to_string(),
            line,
            message,
        }
    }

    /// Skips whitespace and comments.
    fn skip(&mut self) -> Result<(), ReadError> {
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() {
            match bytes[self.pos] {
                b'\n' => {
                    self.line += 1;
                    self.pos += 1;
                }
                b if b.is_ascii_whitespace() => self.pos += 1,
                b'%' | b'$' => self.skip_line(),
                b'/' if bytes.get(self.pos + 1) == Some(&b'*') => {
                    let start = self.line;
                    let rest = &self.text[self.pos + 2..];
                    let end = rest.find("*/").ok_or_else(|| {
                        self.error(
                            start,
                            "a `/*` comment is never closed: end it with `*/`".to_string(),
                        )
                    })?;
                    self.line += rest[..end].matches('\n').count();
                    self.pos += 2 + end + 2;
                }
                _ => break,
            }
        }
        Ok(())
    }

    /// Moves to the end of the current line (before its newline).
    fn skip_line(&mut self) {
        self.pos = self.text[self.pos..]
            .find('\n')
            .map_or(self.text.len(), |i| self.pos + i);
    }

    /// The next token.
    fn next(&mut self) -> Result<Token<'a>, ReadError> {
        self.skip()?;
        let line = self.line;
        let rest = &self.text[self.pos..];
        let Some(c) = rest.chars().next() else {
            return Ok(Token {
                tok: Tok::End,
                line,
            });
        };
        let tok = if c.is_ascii_digit() {
            let len = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let digits = &rest[..len];
            self.pos += len;
            let value = digits.parse::<u64>().map_err(|_| {
                self.error(
                    line,
                    format!(
                        "the number {digits} is too large: no board size, square or count in an instance comes near it"
                    ),
                )
            })?;
            Tok::Number(value)
        } else if c.is_ascii_alphabetic() || c == '_' {
            let len = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '\''))
                .unwrap_or(rest.len());
            self.pos += len;
            Tok::Ident(&rest[..len])
        } else if PUNCTUATION.contains(c) {
            self.pos += 1;
            Tok::Punct(c)
        } else {
            return Err(self.error(
                line,
                format!(
                    "unexpected character {c:?}: an instance file holds numbers, names, `=`, `;`, `,`, brackets, parentheses, `.` and comments (`%` or `$` to the end of the line, `/* … */`)"
                ),
            ));
        };
        Ok(Token { tok, line })
    }
}

/// A value of an assignment.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    /// A whole number.
    Number(u64),
    /// A list of numbers, each with its line (the empty list too).
    Numbers(Vec<(u64, usize)>),
    /// A list of pairs `[a, b]`, each with the line of its `[`.
    Pairs(Vec<([u64; 2], usize)>),
}

impl Value {
    /// What the value is, for messages.
    fn describe(&self) -> &'static str {
        match self {
            Value::Number(_) => "a number",
            Value::Numbers(_) => "a list of numbers",
            Value::Pairs(_) => "a list of pairs",
        }
    }
}

/// `key = value` (with `letting`, or not), where it is written.
#[derive(Debug)]
struct Assignment<'a> {
    /// The key.
    key: &'a str,
    /// Its value.
    value: Value,
    /// The key's line.
    line: usize,
}

/// The statements of a file: ASP facts or assignments.
enum Statements<'a> {
    /// `board(N).` and `block(R, C).` facts.
    Facts(Facts),
    /// `key = value` assignments.
    Assignments(Assignments<'a>),
}

/// The facts of an ASP instance.
#[derive(Default)]
struct Facts {
    /// `board(N)` and its line.
    board: Option<(u64, usize)>,
    /// `block(R, C)` facts (from 1) and their lines.
    blocks: Vec<([u64; 2], usize)>,
}

/// The assignments of an Essence′, excluded-diagonals or MiniZinc file.
#[derive(Default)]
struct Assignments<'a> {
    /// Each key once, in the order written.
    list: Vec<Assignment<'a>>,
    /// The line of the first `letting` or of the `language ESSENCE'`
    /// header, which make the file an Essence′ one.
    essence: Option<(usize, &'static str)>,
}

/// The recursive-descent parser over [`Lexer`], one token of lookahead.
struct Parser<'a> {
    /// The tokenizer.
    lexer: Lexer<'a>,
    /// The token peeked at, if any.
    peeked: Option<Token<'a>>,
}

impl<'a> Parser<'a> {
    /// A parser of `text` from the file `file`.
    fn new(text: &'a str, file: &'a str) -> Self {
        Parser {
            lexer: Lexer {
                text,
                pos: 0,
                line: 1,
                file,
            },
            peeked: None,
        }
    }

    /// The error at `line`.
    fn error(&self, line: usize, message: String) -> ReadError {
        self.lexer.error(line, message)
    }

    /// The next token.
    fn next(&mut self) -> Result<Token<'a>, ReadError> {
        match self.peeked.take() {
            Some(token) => Ok(token),
            None => self.lexer.next(),
        }
    }

    /// The next token, left to be taken.
    fn peek(&mut self) -> Result<Token<'a>, ReadError> {
        let token = self.next()?;
        self.peeked = Some(token);
        Ok(token)
    }

    /// Takes the next token when it is the punctuation `c`.
    fn eat(&mut self, c: char) -> Result<bool, ReadError> {
        let taken = self.peek()?.tok == Tok::Punct(c);
        if taken {
            self.peeked = None;
        }
        Ok(taken)
    }

    /// A whole number, `what` naming where it stands in messages.
    fn number(&mut self, what: &str) -> Result<(u64, usize), ReadError> {
        let token = self.next()?;
        match token.tok {
            Tok::Number(v) => Ok((v, token.line)),
            Tok::Punct('-') => {
                let shown = match self.peek()?.tok {
                    Tok::Number(v) => format!("-{v}"),
                    _ => "`-`".to_string(),
                };
                Err(self.error(
                    token.line,
                    format!(
                        "found {shown} {what}: numbers in an instance file are whole numbers from 0"
                    ),
                ))
            }
            other => Err(self.error(
                token.line,
                format!("found {other} {what}: expected a whole number"),
            )),
        }
    }

    /// Every statement of the file, checked to be of one kind.
    fn statements(mut self) -> Result<Statements<'a>, ReadError> {
        let mut facts = Facts::default();
        let mut assignments = Assignments::default();
        // The kind of the first statement: true for facts.
        let mut kind: Option<(bool, usize)> = None;
        let first = self.next()?;
        if first.tok == Tok::Ident("language") {
            let language = self.next()?;
            match language.tok {
                Tok::Ident(l) if language.line == first.line => {
                    if !l.to_ascii_uppercase().starts_with("ESSENCE'") {
                        return Err(self.error(
                            first.line,
                            format!(
                                "this is a `language {l}` file: the instance readers take Essence′ parameter files (`language ESSENCE' 1.0`), ASP facts, excluded-diagonals files and MiniZinc data"
                            ),
                        ));
                    }
                    self.lexer.skip_line();
                    assignments.essence = Some((first.line, "the `language ESSENCE'` header"));
                }
                _ => {
                    return Err(self.error(
                        first.line,
                        format!(
                            "found {} after `language`: an Essence′ file starts `language ESSENCE' 1.0`",
                            language.tok
                        ),
                    ));
                }
            }
        } else {
            self.peeked = Some(first);
        }
        loop {
            let token = self.next()?;
            let (is_fact, line) = match token.tok {
                Tok::End => break,
                Tok::Punct(';') => continue,
                Tok::Ident("letting") => {
                    let key = self.next()?;
                    let Tok::Ident(name) = key.tok else {
                        return Err(self.error(
                            key.line,
                            format!(
                                "found {} after `letting`: expected a name, like `letting n = 8`",
                                key.tok
                            ),
                        ));
                    };
                    let sign = self.next()?;
                    if !matches!(sign.tok, Tok::Punct('=') | Tok::Ident("be")) {
                        return Err(self.error(
                            sign.line,
                            format!(
                                "found {} after `letting {name}`: expected `=` or `be`, like `letting {name} = 8`",
                                sign.tok
                            ),
                        ));
                    }
                    assignments.essence.get_or_insert((token.line, "`letting`"));
                    self.assignment(name, token.line, &mut assignments)?;
                    (false, token.line)
                }
                Tok::Ident(name) => {
                    let after = self.next()?;
                    match after.tok {
                        Tok::Punct('=') => {
                            self.assignment(name, token.line, &mut assignments)?;
                            (false, token.line)
                        }
                        Tok::Punct('(') => {
                            self.fact(name, token.line, &mut facts)?;
                            (true, token.line)
                        }
                        other => {
                            return Err(self.error(
                                after.line,
                                format!(
                                    "found {other} after `{name}`: expected `=` (an assignment `{name} = …`) or `(` (an ASP fact `{name}(…).`)"
                                ),
                            ));
                        }
                    }
                }
                other => {
                    return Err(self.error(
                        token.line,
                        format!(
                            "found {other}: expected an assignment like `n = 8` or `letting n = 8`, or an ASP fact like `board(8).`"
                        ),
                    ));
                }
            };
            match kind {
                None => kind = Some((is_fact, line)),
                Some((first_is_fact, first_line)) if first_is_fact != is_fact => {
                    let (this, that) = if is_fact {
                        ("an ASP fact", "assignments")
                    } else {
                        ("an assignment", "ASP facts")
                    };
                    return Err(self.error(
                        line,
                        format!(
                            "found {this}, but the file began with {that} (line {first_line}): a file holds one format"
                        ),
                    ));
                }
                Some(_) => {}
            }
        }
        match kind {
            Some((true, _)) => Ok(Statements::Facts(facts)),
            Some((false, _)) => Ok(Statements::Assignments(assignments)),
            None if assignments.essence.is_some() => Ok(Statements::Assignments(assignments)),
            None => Err(self.error(
                1,
                "the file holds no instance: expected ASP facts (`board(8).`), Essence′ parameters (`letting n = 8`), an excluded-diagonals file (`n = 8`, `diags = […]`) or MiniZinc data (`n = 8;`)".to_string(),
            )),
        }
    }

    /// The value of `key` (on `line`), after its `=`, with an optional `;`.
    fn assignment(
        &mut self,
        key: &'a str,
        line: usize,
        into: &mut Assignments<'a>,
    ) -> Result<(), ReadError> {
        let value = self.value(key)?;
        self.eat(';')?;
        if let Some(first) = into.list.iter().find(|a| a.key == key) {
            return Err(self.error(
                line,
                format!(
                    "`{key}` is given again (first on line {}): give each key once",
                    first.line
                ),
            ));
        }
        into.list.push(Assignment { key, value, line });
        Ok(())
    }

    /// A number or a list of numbers or of pairs.
    fn value(&mut self, key: &str) -> Result<Value, ReadError> {
        let token = self.peek()?;
        match token.tok {
            Tok::Number(_) | Tok::Punct('-') => {
                Ok(Value::Number(self.number(&format!("as `{key}`"))?.0))
            }
            Tok::Punct('[') => {
                self.peeked = None;
                self.list(key, token.line)
            }
            other => Err(self.error(
                token.line,
                format!(
                    "found {other} after `{key} =`: expected a whole number or a list like [1, 2] or [[1, 2], [3, 4]]"
                ),
            )),
        }
    }

    /// A list after its `[` (on line `open`): numbers or pairs.
    fn list(&mut self, key: &str, open: usize) -> Result<Value, ReadError> {
        let mut numbers = Vec::new();
        let mut pairs = Vec::new();
        let within = format!("in the list `{key}`");
        loop {
            let token = self.peek()?;
            match token.tok {
                Tok::Punct(']') => {
                    self.peeked = None;
                    break;
                }
                Tok::Punct('[') => {
                    self.peeked = None;
                    if !numbers.is_empty() {
                        return Err(self.mixed(key, token.line));
                    }
                    pairs.push((self.pair(key, token.line)?, token.line));
                }
                Tok::End => {
                    return Err(self.error(
                        open,
                        format!("the list `{key}` is never closed: end it with `]`"),
                    ));
                }
                _ => {
                    if !pairs.is_empty() {
                        return Err(self.mixed(key, token.line));
                    }
                    numbers.push(self.number(&within)?);
                }
            }
            let after = self.next()?;
            match after.tok {
                Tok::Punct(',') => {}
                Tok::Punct(']') => break,
                Tok::End => {
                    return Err(self.error(
                        open,
                        format!("the list `{key}` is never closed: end it with `]`"),
                    ));
                }
                other => {
                    return Err(self.error(
                        after.line,
                        format!("found {other} {within}: expected `,` or `]`"),
                    ));
                }
            }
        }
        Ok(if pairs.is_empty() {
            Value::Numbers(numbers)
        } else {
            Value::Pairs(pairs)
        })
    }

    /// The error of a list mixing numbers and pairs.
    fn mixed(&self, key: &str, line: usize) -> ReadError {
        self.error(
            line,
            format!(
                "the list `{key}` mixes numbers and pairs: write numbers like [1, 2, 3] or pairs like [[1, 2], [3, 4]]"
            ),
        )
    }

    /// A pair `[a, b]` after its `[` (on line `open`).
    fn pair(&mut self, key: &str, open: usize) -> Result<[u64; 2], ReadError> {
        let mut found = Vec::new();
        let within = format!("in a pair of `{key}`");
        loop {
            let token = self.peek()?;
            match token.tok {
                Tok::Punct(']') => {
                    self.peeked = None;
                    break;
                }
                Tok::Punct('[') => {
                    return Err(self.error(
                        token.line,
                        format!(
                            "found a list inside a pair of `{key}`: lists nest two deep at most, like [[1, 2], [3, 4]]"
                        ),
                    ));
                }
                _ => found.push(self.number(&within)?.0),
            }
            let after = self.next()?;
            match after.tok {
                Tok::Punct(',') => {}
                Tok::Punct(']') => break,
                Tok::End => {
                    return Err(self.error(
                        open,
                        format!("a pair of `{key}` is never closed: end it with `]`"),
                    ));
                }
                other => {
                    return Err(self.error(
                        after.line,
                        format!("found {other} {within}: expected `,` or `]`"),
                    ));
                }
            }
        }
        match found[..] {
            [a, b] => Ok([a, b]),
            _ => Err(self.error(
                open,
                format!(
                    "found [{}] ({} numbers) in `{key}`: expected pairs of two numbers, like [1, 2]",
                    found
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                    found.len()
                ),
            )),
        }
    }

    /// An ASP fact `name(args).` after its `(`.
    fn fact(&mut self, name: &str, line: usize, into: &mut Facts) -> Result<(), ReadError> {
        let mut args = Vec::new();
        let within = format!("in `{name}(…)`");
        if !self.eat(')')? {
            loop {
                args.push(self.number(&within)?.0);
                let after = self.next()?;
                match after.tok {
                    Tok::Punct(',') => {}
                    Tok::Punct(')') => break,
                    other => {
                        return Err(self.error(
                            after.line,
                            format!("found {other} {within}: expected `,` or `)`"),
                        ));
                    }
                }
            }
        }
        let end = self.next()?;
        if end.tok != Tok::Punct('.') {
            return Err(self.error(
                end.line,
                format!(
                    "found {} after `{name}(…)`: expected `.`, which ends an ASP fact",
                    end.tok
                ),
            ));
        }
        let wrong_arity = |expected: &str| {
            self.error(
                line,
                format!(
                    "`{name}` takes {expected}, found {} argument{}",
                    args.len(),
                    if args.len() == 1 { "" } else { "s" }
                ),
            )
        };
        match name {
            "board" => {
                let [n] = args[..] else {
                    return Err(wrong_arity("1 argument (the board size N)"));
                };
                if let Some((_, first)) = into.board {
                    return Err(self.error(
                        line,
                        format!(
                            "`board` is given again (first on line {first}): give the board size once"
                        ),
                    ));
                }
                into.board = Some((n, line));
            }
            "block" => {
                let [r, c] = args[..] else {
                    return Err(wrong_arity("2 arguments (row, column, from 1)"));
                };
                into.blocks.push(([r, c], line));
            }
            other => {
                return Err(self.error(
                    line,
                    format!(
                        "unknown predicate `{other}/{}`: ASP instance facts are `board(N).` (the board size) and `block(R, C).` (a blocked square, rows and columns from 1)",
                        args.len()
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The formats written as assignments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// Essence′ parameters (CSPLib 079 and 080).
    Essence,
    /// Excluded diagonals (CSPLib 079's queens-diag-gen.py).
    Diagonals,
    /// MiniZinc data.
    MiniZinc,
}

impl Format {
    /// Every format written as assignments.
    const ALL: [Format; 3] = [Format::Essence, Format::Diagonals, Format::MiniZinc];

    /// Its keys.
    fn keys(self) -> &'static [&'static str] {
        match self {
            Format::Essence => &["n", "blocks", "init", "blocked_squares", "given_queens"],
            Format::Diagonals => &["n", "numdiags", "diags"],
            Format::MiniZinc => &["n", "m", "row", "col"],
        }
    }

    /// Its name in messages.
    fn name(self) -> &'static str {
        match self {
            Format::Essence => "an Essence′ parameter file (CSPLib problems 079 and 080)",
            Format::Diagonals => "an excluded-diagonals file (CSPLib problem 079)",
            Format::MiniZinc => "MiniZinc data",
        }
    }

    /// What it takes, for messages.
    fn takes(self) -> String {
        format!("{} takes {}", self.name(), self.keys().join(", "))
    }
}

/// The instance a file describes, 0-based, each entry with its line.
struct Spec {
    /// The board size.
    n: usize,
    /// Blocked squares (0-based) and their lines.
    blocked: Vec<((u64, u64), usize)>,
    /// Given queens (0-based) and their lines.
    given: Vec<((u64, u64), usize)>,
    /// Where the given queens are counted from in the file (0 or 1).
    given_base: u64,
    /// Where the blocked squares are counted from in the file.
    blocked_base: u64,
    /// Excluded diagonals and their lines.
    excluded: Vec<(Diagonal, usize)>,
    /// The line of `n`.
    n_line: usize,
}

/// The board size `value` at `line`, checked.
fn board_size(file: &str, what: &str, value: u64, line: usize) -> Result<usize, ReadError> {
    if value == 0 || value > MAX_INSTANCE_N as u64 {
        return Err(ReadError {
            file: file.to_string(),
            line,
            message: format!(
                "{what} {value} is not a board size an instance may have: give N from 1 to {MAX_INSTANCE_N}"
            ),
        });
    }
    Ok(value as usize)
}

/// The 0-based square of the entry `[a, b]` counted from `base` on an
/// n×n board; `what` names it ("block", "given queen"), `note` says why
/// the format counts from `base`.
fn square(
    file: &str,
    what: &str,
    [a, b]: [u64; 2],
    line: usize,
    n: usize,
    base: u64,
    note: &str,
) -> Result<(u64, u64), ReadError> {
    let range = base..base + n as u64;
    if range.contains(&a) && range.contains(&b) {
        Ok((a - base, b - base))
    } else {
        Err(ReadError {
            file: file.to_string(),
            line,
            message: format!(
                "{what} ({a}, {b}) is outside the {n}×{n} board: rows and columns run from {base} to {} in this format{note}",
                base + n as u64 - 1
            ),
        })
    }
}

impl Facts {
    /// The instance the facts describe.
    fn spec(self, file: &str) -> Result<Spec, ReadError> {
        let (n, n_line) = self.board.ok_or_else(|| ReadError {
            file: file.to_string(),
            line: 1,
            message: "no `board(N).` fact: an ASP instance gives its board size, like `board(8).`"
                .to_string(),
        })?;
        let n = board_size(file, "board", n, n_line)?;
        let blocked = self
            .blocks
            .into_iter()
            .map(|(entry, line)| Ok((square(file, "block", entry, line, n, 1, "")?, line)))
            .collect::<Result<_, ReadError>>()?;
        Ok(Spec {
            n,
            blocked,
            given: Vec::new(),
            given_base: 1,
            blocked_base: 1,
            excluded: Vec::new(),
            n_line,
        })
    }
}

/// A list given in a file, each entry with its line, and the line of its
/// key; `None` when the key is absent.
type Listed<'v, T> = Option<(&'v [(T, usize)], usize)>;

impl Assignments<'_> {
    /// The assignment of `key`, if given.
    fn get(&self, key: &str) -> Option<&Assignment<'_>> {
        self.list.iter().find(|a| a.key == key)
    }

    /// The format the keys tell, every key checked to belong to it.
    fn format(&self, file: &str) -> Result<Format, ReadError> {
        let error = |line, message| ReadError {
            file: file.to_string(),
            line,
            message,
        };
        let mut chosen: Option<(Format, String)> = self
            .essence
            .map(|(line, what)| (Format::Essence, format!("{what} on line {line}")));
        for a in &self.list {
            let owners: Vec<Format> = Format::ALL
                .into_iter()
                .filter(|f| f.keys().contains(&a.key))
                .collect();
            if owners.is_empty() {
                let all: Vec<String> = Format::ALL.iter().map(|f| f.takes()).collect();
                return Err(error(
                    a.line,
                    format!("unknown key `{}`: {}", a.key, all.join("; ")),
                ));
            }
            match &chosen {
                Some((format, why)) if !owners.contains(format) => {
                    return Err(error(
                        a.line,
                        format!(
                            "`{}` belongs to {}, but {why} makes this {}, which takes {}",
                            a.key,
                            owners[0].name(),
                            format.name(),
                            format.keys().join(", ")
                        ),
                    ));
                }
                Some(_) => {}
                None if owners.len() == 1 => {
                    chosen = Some((owners[0], format!("`{}` on line {}", a.key, a.line)));
                }
                None => {}
            }
        }
        Ok(chosen.map_or(Format::Essence, |(f, _)| f))
    }

    /// The instance the assignments describe.
    fn spec(self, file: &str) -> Result<Spec, ReadError> {
        let format = self.format(file)?;
        let error = |line, message| ReadError {
            file: file.to_string(),
            line,
            message,
        };
        let n_assignment = self.get("n").ok_or_else(|| {
            let example = match format {
                Format::Essence => "letting n = 8",
                Format::Diagonals => "n = 8",
                Format::MiniZinc => "n = 8;",
            };
            error(
                1,
                format!(
                    "no `n` (the board size): {} gives it, like `{example}`",
                    format.name()
                ),
            )
        })?;
        let n_line = n_assignment.line;
        let n = match n_assignment.value {
            Value::Number(v) => board_size(file, "n =", v, n_line)?,
            ref other => {
                return Err(error(
                    n_line,
                    format!(
                        "`n` is {}: give the board size as a whole number, like `n = 8`",
                        other.describe()
                    ),
                ));
            }
        };
        let number = |key: &str| -> Result<Option<(u64, usize)>, ReadError> {
            match self.get(key) {
                None => Ok(None),
                Some(Assignment {
                    value: Value::Number(v),
                    line,
                    ..
                }) => Ok(Some((*v, *line))),
                Some(a) => Err(error(
                    a.line,
                    format!(
                        "`{key}` is {}: give a whole number, like `{key} = 3`",
                        a.value.describe()
                    ),
                )),
            }
        };
        let pairs = |key: &str| -> Result<Listed<'_, [u64; 2]>, ReadError> {
            match self.get(key) {
                None => Ok(None),
                Some(Assignment {
                    value: Value::Pairs(p),
                    line,
                    ..
                }) => Ok(Some((p, *line))),
                Some(Assignment {
                    value: Value::Numbers(p),
                    line,
                    ..
                }) if p.is_empty() => Ok(Some((&[], *line))),
                Some(a) => Err(error(
                    a.line,
                    format!(
                        "`{key}` is {}: give a list of pairs, like `{key} = [[1, 2], [3, 4]]`",
                        a.value.describe()
                    ),
                )),
            }
        };
        let numbers = |key: &str| -> Result<Listed<'_, u64>, ReadError> {
            match self.get(key) {
                None => Ok(None),
                Some(Assignment {
                    value: Value::Numbers(p),
                    line,
                    ..
                }) => Ok(Some((p, *line))),
                Some(a) => Err(error(
                    a.line,
                    format!(
                        "`{key}` is {}: give a list of numbers, like `{key} = [1, 4, 7]`",
                        a.value.describe()
                    ),
                )),
            }
        };
        // A count `key` checked against the length of the list `of`.
        let count = |key: &str, of: &str, len: Option<usize>| -> Result<(), ReadError> {
            if let Some((k, line)) = number(key)?
                && k != len.unwrap_or(0) as u64
            {
                return Err(error(
                    line,
                    match len {
                        Some(len) => format!(
                            "{key} = {k} but `{of}` lists {len}: the count must equal the list's length"
                        ),
                        None => format!(
                            "{key} = {k} but no `{of}` lists them: give `{of}` or remove `{key}`"
                        ),
                    },
                ));
            }
            Ok(())
        };
        let mut spec = Spec {
            n,
            blocked: Vec::new(),
            given: Vec::new(),
            given_base: 1,
            blocked_base: 1,
            excluded: Vec::new(),
            n_line,
        };
        match format {
            Format::Essence => {
                let blocks = pairs("blocks")?;
                let init = pairs("init")?;
                count("blocked_squares", "blocks", blocks.map(|b| b.0.len()))?;
                count("given_queens", "init", init.map(|i| i.0.len()))?;
                for &(entry, line) in blocks.map_or(&[][..], |b| b.0) {
                    let note = " (Essence′ `blocks` counts from 1, as CSPLib's blocked model and generator do)";
                    spec.blocked
                        .push((square(file, "block", entry, line, n, 1, note)?, line));
                }
                spec.given_base = 0;
                for &(entry, line) in init.map_or(&[][..], |i| i.0) {
                    let note = " (Essence′ `init` counts from 0, as CSPLib's completion model and generator do)";
                    spec.given
                        .push((square(file, "given queen", entry, line, n, 0, note)?, line));
                }
            }
            Format::Diagonals => {
                let diags = pairs("diags")?;
                let listed = diags.map_or(&[][..], |d| d.0);
                let take = match number("numdiags")? {
                    Some((k, line)) if k > listed.len() as u64 => {
                        return Err(error(
                            line,
                            format!(
                                "numdiags = {k} but `diags` lists {}: give numdiags from 0 to {} (an instance is a prefix of the list)",
                                listed.len(),
                                listed.len()
                            ),
                        ));
                    }
                    Some((k, _)) => k as usize,
                    None => listed.len(),
                };
                let max = 2 * n as u64 - 2;
                for &([d, kind], line) in listed {
                    if kind > 1 {
                        return Err(error(
                            line,
                            format!(
                                "diagonal [{d}, {kind}] has kind {kind}: the second number is 1 for the sum diagonal (row + column = d) or 0 for the difference diagonal (row − column = d − (n − 1))"
                            ),
                        ));
                    }
                    if d > max {
                        return Err(error(
                            line,
                            format!(
                                "diagonal [{d}, {kind}] does not exist on the {n}×{n} board: d runs from 0 to {max} (2n − 2)"
                            ),
                        ));
                    }
                }
                spec.excluded = listed[..take]
                    .iter()
                    .map(|&([d, kind], line)| {
                        let d = d as u32;
                        let diagonal = if kind == 1 {
                            Diagonal::Sum(d)
                        } else {
                            Diagonal::Difference(d)
                        };
                        (diagonal, line)
                    })
                    .collect();
            }
            Format::MiniZinc => {
                let rows = numbers("row")?;
                let cols = numbers("col")?;
                let (rows, cols) = match (rows, cols) {
                    (None, None) => (&[][..], &[][..]),
                    (Some((r, _)), Some((c, line))) => {
                        if r.len() != c.len() {
                            return Err(error(
                                line,
                                format!(
                                    "`col` lists {} columns but `row` lists {} rows: give one column per row",
                                    c.len(),
                                    r.len()
                                ),
                            ));
                        }
                        (r, c)
                    }
                    (Some((_, line)), None) | (None, Some((_, line))) => {
                        return Err(error(
                            line,
                            "MiniZinc data gives the queens placed as two lists, `row` and `col`: give both".to_string(),
                        ));
                    }
                };
                if let Some((m, line)) = number("m")?
                    && m != rows.len() as u64
                {
                    return Err(error(
                        line,
                        format!(
                            "m = {m} but `row` and `col` list {} queens: m must equal both lists' lengths",
                            rows.len()
                        ),
                    ));
                }
                for (&(r, line), &(c, _)) in rows.iter().zip(cols) {
                    let note = " (MiniZinc counts from 1)";
                    spec.given
                        .push((square(file, "given queen", [r, c], line, n, 1, note)?, line));
                }
            }
        }
        Ok(spec)
    }
}

impl Spec {
    /// The instance, its errors placed at the line of the offending entry.
    fn build(self, file: &str, origin: Origin) -> Result<Instance, ReadError> {
        let blocked: Vec<(u64, u64)> = self.blocked.iter().map(|e| e.0).collect();
        let given: Vec<(u64, u64)> = self.given.iter().map(|e| e.0).collect();
        let excluded: Vec<Diagonal> = self.excluded.iter().map(|e| e.0).collect();
        Instance::build(self.n, &blocked, &given, &excluded, origin).map_err(|e| {
            let (line, message) = self.explain(e);
            ReadError {
                file: file.to_string(),
                line,
                message,
            }
        })
    }

    /// A given queen as the file writes it.
    fn shown_given(&self, r: u32, c: u32) -> String {
        let base = self.given_base;
        format!("({}, {})", u64::from(r) + base, u64::from(c) + base)
    }

    /// The lines of the given queen on (r, c), in the file's order.
    fn given_lines(&self, r: u32, c: u32) -> Vec<usize> {
        let square = (u64::from(r), u64::from(c));
        self.given
            .iter()
            .filter(|e| e.0 == square)
            .map(|e| e.1)
            .collect()
    }

    /// The line and the message of an error of [`Instance::build`].
    fn explain(&self, error: InstanceError) -> (usize, String) {
        let first_line = |lines: Vec<usize>| lines.first().copied().unwrap_or(self.n_line);
        match error {
            InstanceError::GivenAttack { r1, c1, r2, c2 } => (
                first_line(self.given_lines(r2, c2)),
                format!(
                    "the given queen {} attacks the given queen {} (line {}), so the instance has no solution: give non-attacking queens",
                    self.shown_given(r2, c2),
                    self.shown_given(r1, c1),
                    first_line(self.given_lines(r1, c1))
                ),
            ),
            InstanceError::GivenBlocked { row, column } => {
                let square = (u64::from(row), u64::from(column));
                let why = if let Some(&(_, line)) = self.blocked.iter().find(|e| e.0 == square) {
                    let base = self.blocked_base;
                    format!(
                        "the block ({}, {}) on line {line}",
                        square.0 + base,
                        square.1 + base
                    )
                } else if let Some(&(d, line)) = self
                    .excluded
                    .iter()
                    .find(|(d, _)| d.column_in_row(row, self.n) == Some(column))
                {
                    format!("the excluded diagonal {d:?} on line {line}")
                } else {
                    "the instance".to_string()
                };
                (
                    first_line(self.given_lines(row, column)),
                    format!(
                        "the given queen {} stands on a square blocked by {why}: a queen may stand only on an allowed square",
                        self.shown_given(row, column)
                    ),
                )
            }
            InstanceError::SameRow { row, first, second } if first == second => {
                let lines = self.given_lines(row, second);
                (
                    lines.get(1).copied().unwrap_or(self.n_line),
                    format!(
                        "the given queen {} is given twice (first on line {}): give each queen once",
                        self.shown_given(row, second),
                        first_line(lines.clone())
                    ),
                )
            }
            InstanceError::SameRow { row, first, second } => (
                first_line(self.given_lines(row, second)),
                format!(
                    "the given queen {} shares its row with the given queen {} (line {}): give at most one queen per row",
                    self.shown_given(row, second),
                    self.shown_given(row, first),
                    first_line(self.given_lines(row, first))
                ),
            ),
            other => (self.n_line, other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` parsed as the file `t.param`.
    fn read(text: &str) -> Result<Instance, ReadError> {
        parse(text, "t.param", "00".repeat(32))
    }

    /// The error of `text`: its line and message.
    fn error(text: &str) -> (usize, String) {
        let e = read(text).expect_err(text);
        assert_eq!(e.file, "t.param");
        (e.line, e.message)
    }

    #[test]
    fn the_tokenizer_skips_every_comment_and_counts_lines() {
        let text =
            "% asp\n$ essence\n/* a\nblock\ncomment */ n = 4; % end\nm = 1 row = [2]\n col=[4]";
        let i = read(text).expect("dzn with comments");
        assert_eq!(i.n(), 4);
        assert_eq!(i.given_queens().collect::<Vec<_>>(), [(1, 3)]);
        assert_eq!(error("n = 4\n\n/* open\n").0, 3);
        let (line, message) = error("n = 4\nm = #");
        assert_eq!(line, 2);
        assert!(message.contains("unexpected character '#'"), "{message}");
        let (line, message) = error("n = 99999999999999999999999");
        assert_eq!(line, 1);
        assert!(message.contains("too large"), "{message}");
    }

    #[test]
    fn each_format_reads_its_squares() {
        let asp = read("board(4).\nblock(1,2). block(4,4).").expect("asp");
        assert_eq!(asp.blocked_squares().collect::<Vec<_>>(), [(0, 1), (3, 3)]);
        let essence = read(
            "language ESSENCE' 1.0\n$ c\nletting n be 5\nletting init = [[0, 0],\n [1, 2]]\nletting given_queens = 2\nletting blocks = [[5, 5]]",
        )
        .expect("essence");
        assert_eq!(essence.given_queens().collect::<Vec<_>>(), [(0, 0), (1, 2)]);
        assert_eq!(essence.blocked_squares().collect::<Vec<_>>(), [(4, 4)]);
        let diags = read("n =  4\nnumdiags =  1\ndiags =  [[1, 1], [6, 0]]").expect("diagonals");
        assert_eq!(
            diags.blocked_squares().collect::<Vec<_>>(),
            [(0, 1), (1, 0)]
        );
        let all = read("n = 4\ndiags = [[1, 1], [6, 0]]").expect("every diagonal");
        assert_eq!(
            all.blocked_squares().collect::<Vec<_>>(),
            [(0, 1), (1, 0), (3, 0)]
        );
        let plain = read("letting n = 6").expect("plain");
        assert!(plain.is_plain());
    }

    #[test]
    fn syntax_errors_name_the_line_and_what_was_expected() {
        let cases: &[(&str, usize, &str)] = &[
            ("n = 4\nrow = [1, 2\n", 2, "never closed"),
            ("n = 4\nrow = [1; 2]", 2, "found `;` in the list `row`"),
            ("n = 4\nrow = [1, [2, 3]]", 2, "mixes numbers and pairs"),
            (
                "letting n = 4\nletting blocks = [[1, 2, 3]]",
                2,
                "(3 numbers)",
            ),
            (
                "letting n = 4\nletting blocks = [[[1]]]",
                2,
                "two deep at most",
            ),
            ("n = -3", 1, "found -3 as `n`"),
            ("n 4", 1, "expected `=`"),
            ("board(4)\nblock(1, 1).", 2, "expected `.`"),
            ("board(4).\nblock(1).", 2, "`block` takes 2 arguments"),
            ("board(4).\nqueen(1, 1).", 2, "unknown predicate `queen/2`"),
            ("board(4).\nn = 4", 2, "a file holds one format"),
            ("n = 4\nn = 5", 2, "given again (first on line 1)"),
            ("letting n = 4\nletting foo = 1", 2, "unknown key `foo`"),
            ("language MiniZinc 2\n", 1, "language MiniZinc"),
            ("", 1, "holds no instance"),
            ("letting n = 4\ndiags = [[1, 1]]", 2, "`letting` on line 1"),
            (
                "n = 4\nblocks = [[1, 1]]\nrow = [1]",
                3,
                "belongs to MiniZinc data",
            ),
        ];
        for &(text, line, part) in cases {
            let (found, message) = error(text);
            assert_eq!(found, line, "{text:?}: {message}");
            assert!(message.contains(part), "{text:?}: {message}");
        }
    }

    #[test]
    fn instance_errors_name_the_offending_entry() {
        let cases: &[(&str, usize, &str)] = &[
            (
                "letting n = 10\nletting blocks = [[1, 2],\n[11, 2]]",
                3,
                "block (11, 2) is outside the 10×10 board: rows and columns run from 1 to 10 in this format",
            ),
            (
                "letting n = 4\nletting init = [[0, 0],\n[4, 0]]",
                3,
                "run from 0 to 3",
            ),
            (
                "letting n = 8\nletting init = [[0, 0],\n[1, 5],\n[3, 3]]",
                4,
                "the given queen (3, 3) attacks the given queen (0, 0) (line 2)",
            ),
            (
                "letting n = 8\nletting blocks = [[2, 6]]\nletting init = [[1, 5]]",
                3,
                "blocked by the block (2, 6) on line 2",
            ),
            ("n = 8; row = [1, 1]; col = [1,\n5];", 1, "shares its row"),
            (
                "n = 8; row = [1,\n1]; col = [1, 1];",
                2,
                "given twice (first on line 1)",
            ),
            ("n = 8; m = 2; row = [1]; col = [3];", 1, "m = 2 but"),
            ("n = 8; row = [1, 2]; col = [3];", 1, "`col` lists 1"),
            ("n = 8; row = [1];", 1, "give both"),
            (
                "n = 8\nnumdiags = 3\ndiags = [[1, 1]]",
                2,
                "numdiags = 3 but",
            ),
            (
                "n = 8\ndiags = [[1, 1],\n[15, 0]]",
                3,
                "d runs from 0 to 14",
            ),
            ("n = 8\ndiags = [[1, 2]]", 2, "has kind 2"),
            (
                "letting n = 4\nletting blocked_squares = 2\nletting blocks = [[1, 1]]",
                2,
                "blocked_squares = 2 but",
            ),
            (
                "letting given_queens = 1\nletting n = 4",
                1,
                "no `init` lists them",
            ),
            ("letting blocks = []", 1, "no `n`"),
            ("board(5000).", 1, "from 1 to 4096"),
            ("n = 0", 1, "from 1 to 4096"),
            ("n = [1]", 1, "`n` is a list of numbers"),
            ("block(1, 1).", 1, "no `board(N).`"),
        ];
        for &(text, line, part) in cases {
            let (found, message) = error(text);
            assert_eq!(found, line, "{text:?}: {message}");
            assert!(message.contains(part), "{text:?}: {message}");
        }
    }

    #[test]
    fn a_given_queen_on_an_excluded_diagonal_names_it() {
        // Not a published combination, but one parser reads both keys of
        // one format only: an Essence′ file cannot exclude diagonals, so
        // this goes through the spec directly.
        let spec = Spec {
            n: 4,
            blocked: Vec::new(),
            given: vec![((0, 1), 3)],
            given_base: 0,
            blocked_base: 1,
            excluded: vec![(Diagonal::Sum(1), 2)],
            n_line: 1,
        };
        let e = spec.build("x", Origin::Plain).expect_err("blocked");
        assert_eq!(e.line, 3);
        assert!(e.message.contains("Sum(1) on line 2"), "{}", e.message);
    }
}
