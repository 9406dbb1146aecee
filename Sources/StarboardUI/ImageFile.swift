import Foundation

/// What an image file's header says: its kind and its size in pixels (a vector file's size in
/// its own units), read without decoding it. A file that is not what it claims is refused.
enum ImageFile {
    struct Info {
        var mediaType: String
        var width: Int
        var height: Int
        var isVector: Bool
    }

    /// The media type of an image file with this extension (lower case, no dot).
    static func mediaType(forExtension ext: String) -> String? {
        switch ext {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "svg": "image/svg+xml"
        default: nil
        }
    }

    static func info(of data: Data, named path: String) throws(AssetError) -> Info {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return try jpeg(bytes) }
        if let text = String(data: data.prefix(4096), encoding: .utf8), text.contains("<svg") { return try svg(data) }
        let ext = (path as NSString).pathExtension.lowercased()
        throw AssetError(reason: mediaType(forExtension: ext).map { "not a valid \($0) file" } ?? "not a PNG, JPEG or SVG file")
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        var value = 0
        for index in offset..<(offset + count) { value = value << 8 | Int(bytes[index]) }
        return value
    }

    /// The IHDR chunk's size; the file must end with an IEND chunk, so a cut-off file is refused.
    private static func png(_ bytes: [UInt8]) throws(AssetError) -> Info {
        guard bytes.count >= 8 + 25, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw AssetError(reason: "not a valid PNG (no IHDR chunk)")
        }
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        guard Array(bytes.suffix(12)) == iend else { throw AssetError(reason: "not a valid PNG (cut off: no IEND chunk at its end)") }
        let width = bigEndian(bytes, 16, 4), height = bigEndian(bytes, 20, 4)
        guard width > 0, height > 0 else { throw AssetError(reason: "not a valid PNG (\(width)×\(height) pixels)") }
        return Info(mediaType: "image/png", width: width, height: height, isVector: false)
    }

    /// The size in the first start-of-frame segment.
    private static func jpeg(_ bytes: [UInt8]) throws(AssetError) -> Info {
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { throw AssetError(reason: "not a valid JPEG (no marker at byte \(offset))") }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            let length = bigEndian(bytes, offset + 2, 2)
            guard length >= 2 else { throw AssetError(reason: "not a valid JPEG (segment length \(length))") }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard offset + 9 <= bytes.count else { break }
                let height = bigEndian(bytes, offset + 5, 2), width = bigEndian(bytes, offset + 7, 2)
                guard width > 0, height > 0 else { throw AssetError(reason: "not a valid JPEG (\(width)×\(height) pixels)") }
                return Info(mediaType: "image/jpeg", width: width, height: height, isVector: false)
            }
            offset += 2 + length
        }
        throw AssetError(reason: "not a valid JPEG (no frame header)")
    }

    /// The root element's `width` and `height` (plain numbers or `px`), else its `viewBox`.
    private static func svg(_ data: Data) throws(AssetError) -> Info {
        guard let text = String(data: data, encoding: .utf8), let start = text.range(of: "<svg") else {
            throw AssetError(reason: "not a valid SVG (not UTF-8)")
        }
        guard let end = text[start.upperBound...].firstIndex(of: ">") else { throw AssetError(reason: "not a valid SVG (its <svg> tag is not closed)") }
        let tag = text[start.upperBound..<end]
        func attribute(_ name: String) -> String? {
            for quote in ["\"", "'"] {
                guard let range = tag.range(of: " " + name + "=" + quote) ?? tag.range(of: "\n" + name + "=" + quote) else { continue }
                guard let close = tag[range.upperBound...].firstIndex(of: Character(quote)) else { return nil }
                return String(tag[range.upperBound..<close])
            }
            return nil
        }
        func length(_ value: String?) -> Double? {
            guard var value = value?.trimmingCharacters(in: .whitespaces) else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            return Double(value)
        }
        var width = length(attribute("width")), height = length(attribute("height"))
        if width == nil || height == nil, let box = attribute("viewBox") {
            let numbers = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if numbers.count == 4 { width = width ?? numbers[2]; height = height ?? numbers[3] }
        }
        guard let width, let height, width > 0, height > 0, width.isFinite, height.isFinite else {
            throw AssetError(reason: "an SVG needs a width and height (or a viewBox) in points")
        }
        return Info(mediaType: "image/svg+xml", width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), isVector: true)
    }
}
