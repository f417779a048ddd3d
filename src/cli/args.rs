//! Argument parsers shared by several subcommands, with messages that name
//! the bad value and what is allowed.

/// Parses a board size: a whole number N ≥ 1.
pub fn board_size(text: &str) -> Result<usize, String> {
    let cleaned = text.trim().replace('_', "");
    match cleaned.parse::<i128>() {
        Ok(n) if n >= 1 && n <= u32::MAX as i128 => Ok(n as usize),
        Ok(n) if n < 1 => Err(format!("board size must be at least 1, got {n}")),
        Ok(n) => Err(format!(
            "board size {n} is too large (at most {})",
            u32::MAX
        )),
        Err(_) => Err(format!(
            "'{text}' is not a board size: write a whole number N >= 1, like 8 or 1000000"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_sizes() {
        assert_eq!(board_size("8"), Ok(8));
        assert_eq!(board_size("1_000_000"), Ok(1_000_000));
        assert!(board_size("0").unwrap_err().contains("at least 1"));
        assert!(board_size("-3").unwrap_err().contains("at least 1"));
        assert!(board_size("abc").unwrap_err().contains("'abc'"));
    }
}
