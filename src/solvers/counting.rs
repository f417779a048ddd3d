//! Placeholder: the fast bitboard counter (owned by the counting work).
