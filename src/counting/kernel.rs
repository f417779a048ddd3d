//! The instruction sets the completion search runs on, and which of them
//! this processor has.

/// The instruction set the completion search runs on. Every kernel visits
/// the same states and gives the same counts; they differ only in speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Plain Rust, one state at a time: runs on every processor.
    Portable,
    /// 8 states at a time with AVX2 vector instructions: x86-64 processors
    /// with AVX2 and POPCNT (most made since 2013).
    Avx2,
    /// 16 states at a time with AVX-512 vector instructions: x86-64
    /// processors with AVX-512F, CD, BW, VPOPCNTDQ, BITALG and VNNI, and
    /// POPCNT (Intel since Ice Lake, AMD since Zen 4).
    Avx512,
}

impl Kernel {
    /// Every kernel, fastest first.
    pub const ALL: [Kernel; 3] = [Kernel::Avx512, Kernel::Avx2, Kernel::Portable];

    /// The fastest kernel this processor supports.
    pub fn fastest() -> Self {
        Self::ALL
            .into_iter()
            .find(|k| k.is_supported())
            .unwrap_or(Kernel::Portable)
    }

    /// Whether this processor can run the kernel.
    pub fn is_supported(self) -> bool {
        match self {
            Kernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => super::avx2::Avx2::detect().is_some(),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => super::avx512::Avx512::detect().is_some(),
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx2 | Kernel::Avx512 => false,
        }
    }

    /// The instructions the kernel needs, as processor makers name them.
    pub fn instructions(self) -> &'static str {
        match self {
            Kernel::Portable => "none beyond the base instruction set",
            Kernel::Avx2 => "AVX2 and POPCNT",
            Kernel::Avx512 => "AVX-512F, CD, BW, VPOPCNTDQ, BITALG and VNNI, and POPCNT",
        }
    }

    /// The kernel's name as the command line and the reports spell it.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            Kernel::Avx2 => "avx2",
            Kernel::Avx512 => "avx512",
        }
    }
}

impl std::fmt::Display for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
