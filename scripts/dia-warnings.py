#!/usr/bin/env python3
"""Prints the warnings kept in the Swift compiler's serialized diagnostics.

    scripts/dia-warnings.py .build/debug

Every Swift file SwiftPM compiles leaves a FILE.dia beside its object file, rewritten only when
the file is compiled again. So the .dia files under a build folder hold the diagnostics of every
file as it was last compiled, also after an incremental build that compiled only a few:
scripts/check-warnings reads them, so a warning in a file the last build did not recompile is
not missed. Diagnostics of files that no longer exist (a .dia left by a deleted or renamed
source) are skipped.

A .dia is an LLVM bitstream ("DIAG", then blocks of records); this reads the parts it needs:
the file names (FILENAME records) and the diagnostics (DIAG records: severity, location,
message) of each DIAG block. Output: one "path:line:column: warning: message" line each.
"""
import os
import sys

# clang's serialized levels: 1 note, 2 warning, 3 error, 4 fatal, 5 remark. An error fails the
# build that made it, and the file is compiled again by the next one: only warnings are kept.
SEVERITIES = {2: "warning"}
BLOCKINFO, META, DIAG = 0, 8, 9
RECORD_DIAG, RECORD_FILENAME = 2, 6


class Bits:
    def __init__(self, data):
        self.data, self.position = data, 0

    def read(self, width):
        value = 0
        for index in range(width):
            byte = self.data[self.position >> 3]
            value |= ((byte >> (self.position & 7)) & 1) << index
            self.position += 1
        return value

    def vbr(self, width):
        value, shift = 0, 0
        high = 1 << (width - 1)
        while True:
            piece = self.read(width)
            value |= (piece & (high - 1)) << shift
            shift += width - 1
            if not piece & high:
                return value

    def align32(self):
        self.position = (self.position + 31) & ~31

    def at_end(self):
        return self.position + 32 > len(self.data) * 8


def read_abbreviation(bits):
    operands = []
    for _ in range(bits.vbr(5)):
        if bits.read(1):
            operands.append(("literal", bits.vbr(8)))
        else:
            encoding = bits.read(3)
            if encoding in (1, 2):
                operands.append(("fixed" if encoding == 1 else "vbr", bits.vbr(5)))
            else:
                operands.append(({3: "array", 4: "char6", 5: "blob"}[encoding], None))
    return operands


def read_scalar(bits, kind, width):
    if kind == "literal":
        return width
    if kind == "fixed":
        return bits.read(width)
    if kind == "vbr":
        return bits.vbr(width)
    if kind == "char6":
        return "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._"[bits.read(6)]
    raise ValueError(f"unexpected operand {kind}")


def read_abbreviated(bits, operands):
    values = []
    index = 0
    while index < len(operands):
        kind, width = operands[index]
        if kind == "array":
            element_kind, element_width = operands[index + 1]
            values.extend(read_scalar(bits, element_kind, element_width) for _ in range(bits.vbr(6)))
            index += 2
            continue
        if kind == "blob":
            length = bits.vbr(6)
            bits.align32()
            start = bits.position >> 3
            values.append(bytes(bits.data[start:start + length]))
            bits.position += length * 8
            bits.align32()
        else:
            values.append(read_scalar(bits, kind, width))
        index += 1
    return values[0], values[1:]


def diagnostics(data):
    """(severity, file, line, column, message) of every diagnostic in one .dia."""
    if data[:4] != b"DIAG":
        raise ValueError("not a serialized diagnostics file")
    bits = Bits(data[4:])
    shared = {}  # block id -> abbreviations from BLOCKINFO
    stack = [(2, [], None)]  # (abbreviation width, abbreviations, block id)
    info_target = None
    files, found = {}, []
    while stack and not bits.at_end():
        width, abbreviations, block = stack[-1]
        code = bits.read(width)
        if code == 0:  # END_BLOCK
            bits.align32()
            stack.pop()
        elif code == 1:  # ENTER_SUBBLOCK
            new_block, new_width = bits.vbr(8), bits.vbr(4)
            bits.align32()
            bits.read(32)  # length in words
            stack.append((new_width, list(shared.get(new_block, [])), new_block))
        elif code == 2:  # DEFINE_ABBREV
            operands = read_abbreviation(bits)
            if block == BLOCKINFO:
                shared.setdefault(info_target, []).append(operands)
            else:
                abbreviations.append(operands)
        else:
            if code == 3:  # UNABBREV_RECORD
                record = bits.vbr(6)
                fields = [bits.vbr(6) for _ in range(bits.vbr(6))]
                blob = None
            else:
                record, fields = read_abbreviated(bits, abbreviations[code - 4])
                blob = fields[-1] if fields and isinstance(fields[-1], bytes) else None
            if block == BLOCKINFO and record == 1:  # SETBID
                info_target = fields[0]
            elif record == RECORD_FILENAME:
                # id, size, modification time, name length, name
                files[fields[0]] = (blob or b"").decode("utf-8", "replace")
            elif record == RECORD_DIAG and block == DIAG:
                # severity, file id, line, column, offset, category, flag, message length, message
                severity, file_id, line, column = fields[0], fields[1], fields[2], fields[3]
                found.append((severity, file_id, line, column, (blob or b"").decode("utf-8", "replace")))
    return [(severity, files.get(file_id, ""), line, column, message) for severity, file_id, line, column, message in found]


def main():
    if len(sys.argv) != 2:
        print("usage: scripts/dia-warnings.py BUILD-FOLDER", file=sys.stderr)
        return 2
    lines = set()
    for folder, _, names in os.walk(sys.argv[1]):
        for name in names:
            if not name.endswith(".dia"):
                continue
            path = os.path.join(folder, name)
            if os.path.getsize(path) == 0:  # a compile that was stopped: it runs again next build
                continue
            try:
                with open(path, "rb") as file:
                    found = diagnostics(file.read())
            except (ValueError, IndexError, KeyError) as error:
                print(f"dia-warnings: cannot read {path}: {error}", file=sys.stderr)
                return 1
            for severity, source, line, column, message in found:
                if severity in SEVERITIES and (not source or os.path.exists(source)):
                    lines.add(f"{source or path}:{line}:{column}: {SEVERITIES[severity]}: {message}")
    for line in sorted(lines):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
