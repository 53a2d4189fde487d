import BlueLibraryCovers
import Foundation

/// Small images the tests make themselves (and the JPEG the repository ships).
enum TestImages {
    /// A `width × height` image filled by `color(x, y)`.
    static func image(width: Int, height: Int, _ color: (Int, Int) -> [UInt8]) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += color(x, y) }
        }
        guard let image = RGBAImage(width: width, height: height, pixels: pixels) else {
            preconditionFailure("bad test image")
        }
        return image
    }

    /// A 4 × 4 black-and-white checkerboard.
    static let checkerboard = image(width: 4, height: 4) { x, y in
        (x + y) % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255]
    }

    /// PNG bytes of a solid 8 × 8 orange square.
    static var orangePNG: [UInt8] {
        (try? ImageCodec.encodePNG(image(width: 8, height: 8) { _, _ in [255, 128, 0, 255] })) ?? []
    }

    /// The shipped 16 × 12 JPEG: the left half red, the right half blue.
    static var splitJPEG: [UInt8] {
        let path = (#filePath as NSString).deletingLastPathComponent + "/Fixtures/split-16x12.jpg"
        return FileManager.default.contents(atPath: path).map(Array.init) ?? []
    }
}
