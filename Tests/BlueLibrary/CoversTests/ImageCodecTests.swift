import BlueLibraryCore
import BlueLibraryCovers
import Testing

struct ImageCodecTests {
    @Test func pngRoundTripsThroughLibpng() async throws {
        let bytes = TestImages.orangePNG
        #expect(ImageCodec.format(of: bytes) == .png)
        let image = try ImageCodec.decode(bytes)
        #expect(image.width == 8 && image.height == 8)
        #expect(image.pixel(x: 3, y: 5) == (255, 128, 0, 255))
    }

    @Test func jpegDecodesThroughLibjpeg() async throws {
        let bytes = TestImages.splitJPEG
        #expect(ImageCodec.format(of: bytes) == .jpeg)
        let image = try ImageCodec.decode(bytes)
        #expect(image.width == 16 && image.height == 12)
        let left = image.pixel(x: 2, y: 6)
        let right = image.pixel(x: 13, y: 6)
        #expect(left.red > 180 && left.blue < 80)
        #expect(right.blue > 160 && right.red < 70)
        #expect(left.alpha == 255)
    }

    @Test(
        arguments: [
            ("not an image", Array("<html>hello</html>".utf8)),
            ("empty", []),
        ] as [(String, [UInt8])])
    func nonImagesAreRefusedByTheirSignature(label: String, bytes: [UInt8]) async {
        #expect(throws: LibraryError(.malformedInput, "not a PNG or JPEG image")) {
            try ImageCodec.decode(bytes)
        }
    }

    @Test func truncatedFilesGiveAClearError() async {
        for bytes in [TestImages.orangePNG, TestImages.splitJPEG] {
            let truncated = Array(bytes.prefix(bytes.count / 2))
            #expect {
                try ImageCodec.decode(truncated)
            } throws: { error in
                let message = (error as? LibraryError)?.message ?? ""
                return message.hasPrefix("damaged or truncated")
            }
        }
    }

    @Test func dimensionsAreBounded() async {
        #expect {
            try ImageCodec.decode(TestImages.orangePNG, maximumDimension: 4)
        } throws: { error in
            (error as? LibraryError)?.message
                == "PNG image too large (8x8 pixels; at most 4 a side and 24 megapixels)"
        }
        #expect {
            try ImageCodec.decode(TestImages.splitJPEG, maximumDimension: 10)
        } throws: { error in
            (error as? LibraryError)?.message
                == "JPEG image too large (16x12 pixels; at most 10 a side and 24 megapixels)"
        }
    }

    /// An image within the largest side but over the pixel budget is refused from its header, before
    /// anything is allocated for its pixels (an 8,000-pixel square PNG took 509 MB to decode).
    @Test func pixelsAreBoundedToo() {
        // A PNG's signature and header: 5,000 × 5,000 pixels, RGBA, 8 bits, and no pixels.
        var header: [UInt8] = Array("IHDR".utf8)
        for value in [UInt32(5000), 5000] { header += withUnsafeBytes(of: value.bigEndian, Array.init) }
        header += [8, 6, 0, 0, 0]
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + header
        png += withUnsafeBytes(of: Self.crc32(header).bigEndian, Array.init)
        // An empty IDAT and the end: the header is all the decoder reads before it says how large.
        for chunk in ["IDAT", "IEND"] {
            png += [0, 0, 0, 0] + Array(chunk.utf8)
            png += withUnsafeBytes(of: Self.crc32(Array(chunk.utf8)).bigEndian, Array.init)
        }
        #expect {
            try ImageCodec.decode(png)
        } throws: { error in
            (error as? LibraryError)?.message
                == "PNG image too large (5000x5000 pixels; at most 8000 a side and 24 megapixels)"
        }
    }

    /// The CRC a PNG chunk ends with (ISO 3309), of its type and data.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test func aJPEGNamedLikeAPNGIsStillAJPEG() async throws {
        // The signature decides, whatever the URL or content type said.
        #expect(try ImageCodec.decode(TestImages.splitJPEG).width == 16)
    }
}

struct ScalingTests {
    @Test func areaAveragingBlendsWhatNearestNeighbourWouldDrop() async {
        let scaled = TestImages.checkerboard.scaled(width: 2, height: 2)
        for y in 0..<2 {
            for x in 0..<2 {
                let pixel = scaled.pixel(x: x, y: y)
                #expect((127...128).contains(pixel.red), "(\(x), \(y)) is \(pixel.red)")
                #expect(pixel.red == pixel.green && pixel.green == pixel.blue)
            }
        }
    }

    @Test func downscalingKeepsRegionsApart() async throws {
        let scaled = try ImageCodec.decode(TestImages.splitJPEG).scaled(width: 2, height: 1)
        #expect(scaled.pixel(x: 0, y: 0).red > 150)
        #expect(scaled.pixel(x: 1, y: 0).blue > 150)
    }

    @Test func nonIntegerRatiosWeightByOverlap() async {
        let stripes = TestImages.image(width: 3, height: 1) { x, _ in
            x == 1 ? [255, 255, 255, 255] : [0, 0, 0, 255]
        }
        let scaled = stripes.scaled(width: 2, height: 1)
        // Each half covers 1.5 source pixels: one black and half of the white one.
        #expect((84...86).contains(scaled.pixel(x: 0, y: 0).red))
        #expect((84...86).contains(scaled.pixel(x: 1, y: 0).red))
    }

    @Test func transparentPixelsDoNotDarkenTheAverage() async {
        let image = TestImages.image(width: 2, height: 1) { x, _ in x == 0 ? [200, 0, 0, 255] : [0, 0, 0, 0] }
        let pixel = image.scaled(width: 1, height: 1).pixel(x: 0, y: 0)
        #expect(pixel.red == 200)
        #expect((127...128).contains(pixel.alpha))
    }
}

struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func knownVectors(input: String, digest: String) async throws {
        #expect(try SHA256.hex(input) == digest)
    }

    @Test func aMillionAs() async throws {
        #expect(
            try SHA256.hash(Array(repeatElement(UInt8(ascii: "a"), count: 1_000_000))).prefix(4) == [
                0xcd, 0xc7, 0x6e, 0x5c,
            ])
    }
}
