import BlueLibraryCore
import CImageCodecs

/// PNG and JPEG decoding (through libpng and libjpeg) and PNG encoding, behind a safe interface.
///
/// The format is decided by the bytes' signature, never by a URL or a Content-Type; dimensions are
/// bounded so a hostile file cannot make us allocate gigabytes.
package enum ImageCodec {
    /// The largest width or height accepted.
    package static let maximumDimension = 8000
    /// The most pixels accepted (the C side's `BL_IMAGE_MAX_PIXELS`): what decoding takes stays under
    /// 200 MB, where an 8,000-pixel square took 509 MB.
    package static let maximumPixels = Int(BL_IMAGE_MAX_PIXELS)

    /// The formats we can decode.
    package enum Format: String, Sendable {
        case png, jpeg
    }

    /// The format the bytes' signature announces, if any.
    package static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// Decodes PNG or JPEG bytes into RGBA pixels.
    /// - Throws: ``LibraryError`` `malformedInput` for bytes that are not an image, truncated or damaged,
    ///   or larger than ``maximumDimension``; `unavailable` when libpng or libjpeg (loaded on first use)
    ///   cannot be loaded.
    package static func decode(_ bytes: [UInt8], maximumDimension: Int = maximumDimension) throws -> RGBAImage
    {
        guard let format = format(of: bytes) else {
            throw LibraryError(.malformedInput, "not a PNG or JPEG image")
        }
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 512)
        let limit = UInt32(clamping: maximumDimension)
        let status = bytes.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer { text in
                switch format {
                case .png:
                    bl_png_decode(
                        data.baseAddress, data.count, limit, &pixels, &width, &height, text.baseAddress,
                        text.count)
                case .jpeg:
                    bl_jpeg_decode(
                        data.baseAddress, data.count, limit, &pixels, &width, &height, text.baseAddress,
                        text.count)
                }
            }
        }
        defer { bl_image_free(pixels) }
        let detail = String(nulTerminated: message)
        switch status {
        case 0:
            guard let pixels else {
                throw LibraryError(.internal, "the \(format.rawValue) decoder returned no pixels")
            }
            let count = Int(width) * Int(height) * 4
            let copy = Array(UnsafeBufferPointer(start: pixels, count: count))
            guard let image = RGBAImage(width: Int(width), height: Int(height), pixels: copy) else {
                throw LibraryError(.internal, "the \(format.rawValue) decoder returned a bad image")
            }
            return image
        case 2:
            throw LibraryError(
                .malformedInput,
                "\(format.rawValue.uppercased()) image too large (\(detail); at most \(maximumDimension) a side and \(maximumPixels / 1_000_000) megapixels)"
            )
        case 3:
            throw LibraryError(.internal, "out of memory decoding a \(format.rawValue.uppercased()) image")
        case 4:
            throw LibraryError(.unavailable, detail)
        default:
            throw LibraryError(
                .malformedInput, "damaged or truncated \(format.rawValue.uppercased()) image (\(detail))")
        }
    }

    /// Encodes an image as PNG bytes.
    /// - Throws: ``LibraryError`` `unavailable` when libpng cannot be loaded.
    package static func encodePNG(_ image: RGBAImage) throws -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            bl_png_encode(pixels.baseAddress, UInt32(image.width), UInt32(image.height), &output, &size)
        }
        defer { bl_image_free(output) }
        var reason = [CChar](repeating: 0, count: 512)
        if status == 4, bl_png_load(&reason, reason.count) != 0 {
            throw LibraryError(.unavailable, String(nulTerminated: reason))
        }
        guard status == 0, let output else { throw LibraryError(.internal, "cannot encode a PNG image") }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
