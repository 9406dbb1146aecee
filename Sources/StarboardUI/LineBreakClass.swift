/// The classes of UAX #14 (Unicode line breaking) that decide where Starboard may wrap a line,
/// merged where they break alike: text wraps after spaces and hyphens, before and after CJK
/// ideographs, kana, Hangul and emoji, and never before closing punctuation or after opening
/// punctuation. A character's class is its first scalar's, as marks take their base's (LB9).
enum LineBreakClass: Equatable {
    /// Letters, digits and the rest, between which a line never breaks (AL, NU, QU, …).
    case alphabetic
    /// Digits, which a hyphen before them keeps (LB25: `-5`).
    case numeric
    /// SP: a line breaks after spaces, which hang past its end.
    case space
    /// ZW: a zero-width space, after which a line may break.
    case zeroWidthSpace
    /// GL and WJ: no-break spaces and joiners, which glue what is around them.
    case glue
    /// HY: the hyphen-minus, after which a line may break.
    case hyphen
    /// BA: hyphens, dashes and spaces of other widths after which a line may break.
    case breakAfter
    /// B2: the em dash, with a break on either side.
    case breakBoth
    /// ID (and H2, H3, EB, CJ as CSS's `line-break: normal` treats them): a break on either side.
    case ideographic
    /// CL, CP, EX, IS, NS, SY: closing punctuation, full stops, commas, small marks a line may
    /// not start with.
    case closing
    /// OP: opening punctuation a line may not end with.
    case opening

    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        switch value {
        case 0x20: self = .space
        case 0x200B: self = .zeroWidthSpace
        case 0xA0, 0x202F, 0x2007, 0x2011, 0x2060, 0xFEFF, 0x034F, 0x180E, 0x0F08, 0x0F0C, 0x0F12: self = .glue
        case 0x2D: self = .hyphen
        case 0x30...0x39: self = .numeric
        case 0x09, 0x7C, 0xAD, 0x058A, 0x05BE, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x2010, 0x2012, 0x2013, 0x2027, 0x205F, 0x3000:
            self = .breakAfter
        case 0x2014, 0x2E3A, 0x2E3B: self = .breakBoth
        case 0x21, 0x29, 0x2C, 0x2E, 0x2F, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x203C, 0x2044, 0x2047...0x2049,
             0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F,
             0x303B, 0x309B...0x309E, 0x30A0, 0x30FB, 0x30FD, 0x30FE, 0xFE10...0xFE16, 0xFE50...0xFE57,
             0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64:
            self = .closing
        case 0x28, 0x5B, 0x7B, 0xA1, 0xBF, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
             0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62:
            self = .opening
        case 0x2E80...0x2FFF, 0x3003...0x3004, 0x3006...0x3007, 0x3012...0x3013, 0x3020...0x303A, 0x303C...0x303F,
             0x3040...0x30FF, 0x3100...0x31FF, 0x3200...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F000...0x1FAFF, 0x20000...0x3FFFD:
            self = .ideographic
        default:
            self = scalar.properties.isEmojiPresentation ? .ideographic : .alphabetic
        }
    }

    /// Whether a line may break between a character of class `after` and one of class `before`,
    /// `lastNonSpace` being the class of the last character before the break that is not a
    /// space (the same as `after` when that is not one).
    static func breaks(after: LineBreakClass, lastNonSpace: LineBreakClass, before: LineBreakClass) -> Bool {
        if before == .space { return false }                                // LB7
        if after == .zeroWidthSpace || lastNonSpace == .zeroWidthSpace { return true }  // LB8
        if before == .glue || after == .glue { return false }               // LB11, LB12
        if before == .closing { return false }                              // LB13, LB16
        if lastNonSpace == .opening { return false }                        // LB14
        if after == .space { return true }                                  // LB18
        if before == .hyphen || before == .breakAfter { return false }      // LB21
        if after == .hyphen { return before != .numeric }                   // LB25
        if after == .breakAfter { return true }
        if after == .breakBoth, before == .breakBoth { return false }       // LB17
        if after == .breakBoth || before == .breakBoth { return true }
        return after == .ideographic || before == .ideographic              // LB31 around ID
    }
}
