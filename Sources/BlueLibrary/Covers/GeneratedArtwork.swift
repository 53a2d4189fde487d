import BlueLibraryCore

/// Artwork made from an album when its cover cannot be had: a diagonal gradient in two colours taken
/// from a hash of the artist and title, with the artist's initials drawn large. The same album always
/// gets the same picture.
package struct GeneratedArtwork: Sendable, Hashable {
    /// The drawing's version: a new one whenever the way artwork is drawn changes, so a tag that names
    /// generated artwork (an ETag) names one picture.
    package static let version = 2
    /// Up to two initials: the first letter or symbol of the artist's first two words, as written and in
    /// capitals ("DB", "!", "아", "ÓA"); the title's first when the artist has none; `?` for neither.
    package let initials: String
    /// The gradient's first colour (top left), as red, green, blue.
    package let startColor: [UInt8]
    /// The gradient's second colour (bottom right).
    package let endColor: [UInt8]

    /// The artwork for an album.
    package init(artist: String, title: String) {
        func firsts(_ text: String) -> [String] {
            text.split(whereSeparator: { $0.isWhitespace || $0 == "-" }).compactMap(\.first)
                .filter { !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } }
                .map { character in
                    let upper = character.uppercased()
                    return upper.count == 1 ? upper : String(character)
                }
        }
        let letters = firsts(artist).prefix(2)
        initials = letters.isEmpty ? firsts(title).first ?? "?" : letters.joined()
        let hash = StableHash.fnv1a("\(artist)\n\(title)")
        let digest = hash ^ (hash >> 32)
        let hue = Double(digest & 0xFFFF) / 65536.0
        let offset = 0.12 + Double((digest >> 16) & 0xFF) / 255.0 * 0.25
        startColor = Self.color(hue: hue, saturation: 0.55, lightness: 0.45)
        endColor = Self.color(
            hue: (hue + offset).truncatingRemainder(dividingBy: 1), saturation: 0.65, lightness: 0.25)
    }

    /// The artwork for `album`.
    package init(album: Album) {
        self.init(artist: album.artist, title: album.title)
    }

    /// The artwork as a square RGBA image of `size` pixels.
    package func image(size: Int = 200) -> RGBAImage {
        let side = max(size, 8)
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let t = Double(x + y) / Double(2 * (side - 1))
                let offset = (y * side + x) * 4
                for channel in 0..<3 {
                    let value = Double(startColor[channel]) * (1 - t) + Double(endColor[channel]) * t
                    pixels[offset + channel] = UInt8(value.rounded())
                }
            }
        }
        // Initials: glyph cells scaled to fill about 60% of the width, centred, in near-white. A picture
        // too small to hold them at one pixel a cell (a tiny tile) keeps only the gradient.
        let count = initials.count
        let columns = count * BitmapFont.width + (count - 1)
        guard columns <= side, BitmapFont.height <= side else {
            return RGBAImage(uncheckedWidth: side, height: side, pixels: pixels)
        }
        let cell = max(1, side * 6 / 10 / columns)
        let originX = (side - columns * cell) / 2
        let originY = (side - BitmapFont.height * cell) / 2
        for (index, written) in initials.enumerated() {
            let character = BitmapFont.drawable(written)
            for gy in 0..<BitmapFont.height {
                for gx in 0..<BitmapFont.width where BitmapFont.isInk(character, x: gx, y: gy) {
                    let left = originX + (index * (BitmapFont.width + 1) + gx) * cell
                    for y in (originY + gy * cell)..<(originY + (gy + 1) * cell) {
                        for x in left..<(left + cell) {
                            let offset = (y * side + x) * 4
                            pixels[offset] = 245
                            pixels[offset + 1] = 245
                            pixels[offset + 2] = 240
                        }
                    }
                }
            }
        }
        return RGBAImage(uncheckedWidth: side, height: side, pixels: pixels)
    }

    /// The artwork as an SVG document (for the web), with the initials as text.
    package func svg(size: Int = 200) -> String {
        func hex(_ color: [UInt8]) -> String {
            "#"
                + color.map {
                    String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
                }.joined()
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(size)" height="\(size)" viewBox="0 0 100 100">\
            <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">\
            <stop offset="0" stop-color="\(hex(startColor))"/><stop offset="1" stop-color="\(hex(endColor))"/>\
            </linearGradient></defs><rect width="100" height="100" fill="url(#g)"/>\
            <text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="bold" \
            font-size="\(initials.count > 1 ? 36 : 48)" fill="#f5f5f0">\(Self.escaped(initials))</text></svg>
            """
    }

    /// Text for XML: an initial may be `&` or `<`.
    private static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    /// HSL to RGB, each channel 0…255.
    private static func color(hue: Double, saturation: Double, lightness: Double) -> [UInt8] {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let section = hue * 6
        let second = chroma * (1 - abs(section.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch Int(section) % 6 {
        case 0: (r, g, b) = (chroma, second, 0)
        case 1: (r, g, b) = (second, chroma, 0)
        case 2: (r, g, b) = (0, chroma, second)
        case 3: (r, g, b) = (0, second, chroma)
        case 4: (r, g, b) = (second, 0, chroma)
        default: (r, g, b) = (chroma, 0, second)
        }
        let match = lightness - chroma / 2
        return [r, g, b].map { UInt8(max(0, min(255, (($0 + match) * 255).rounded()))) }
    }
}
