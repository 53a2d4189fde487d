/// An image as 8-bit RGBA pixels, row by row: what decoders produce and the terminal draws.
package struct RGBAImage: Sendable, Hashable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha for each pixel, rows top to bottom.
    package let pixels: [UInt8]

    /// Creates an image; `pixels` must hold exactly `width × height × 4` bytes.
    package init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at `(x, y)` as (red, green, blue, alpha).
    package func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let offset = (y * width + x) * 4
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }

    /// The image resized to `newWidth × newHeight` by area averaging: each target pixel is the mean of
    /// the source area it covers, weighted by overlap (no aliasing when shrinking, unlike
    /// nearest-neighbour). Enlarging repeats pixels smoothly the same way.
    package func scaled(width newWidth: Int, height newHeight: Int) -> RGBAImage {
        let targetWidth = max(newWidth, 1)
        let targetHeight = max(newHeight, 1)
        let xSpans = Self.spans(source: width, target: targetWidth)
        let ySpans = Self.spans(source: height, target: targetHeight)
        var output = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
        for (ty, ySpan) in ySpans.enumerated() {
            for (tx, xSpan) in xSpans.enumerated() {
                var sums = (0.0, 0.0, 0.0, 0.0)
                var total = 0.0
                for (sy, yWeight) in ySpan {
                    for (sx, xWeight) in xSpan {
                        let weight = xWeight * yWeight
                        let offset = (sy * width + sx) * 4
                        let alpha = Double(pixels[offset + 3]) * weight
                        // Weight colour by alpha so transparent pixels do not darken edges.
                        sums.0 += Double(pixels[offset]) * alpha
                        sums.1 += Double(pixels[offset + 1]) * alpha
                        sums.2 += Double(pixels[offset + 2]) * alpha
                        sums.3 += alpha
                        total += weight
                    }
                }
                let offset = (ty * targetWidth + tx) * 4
                if sums.3 > 0 {
                    output[offset] = Self.clamp(sums.0 / sums.3)
                    output[offset + 1] = Self.clamp(sums.1 / sums.3)
                    output[offset + 2] = Self.clamp(sums.2 / sums.3)
                }
                output[offset + 3] = Self.clamp(sums.3 / max(total, .leastNonzeroMagnitude))
            }
        }
        return RGBAImage(uncheckedWidth: targetWidth, height: targetHeight, pixels: output)
    }

    init(uncheckedWidth width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// For each target index, the source indexes it covers and how much of each (overlap length).
    private static func spans(source: Int, target: Int) -> [[(Int, Double)]] {
        let scale = Double(source) / Double(target)
        return (0..<target).map { index in
            let start = Double(index) * scale
            let end = start + scale
            var span: [(Int, Double)] = []
            var position = Int(start)
            while Double(position) < end && position < source {
                let overlap = min(end, Double(position + 1)) - max(start, Double(position))
                if overlap > 1e-9 { span.append((position, overlap)) }
                position += 1
            }
            return span
        }
    }

    private static func clamp(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}
