import Foundation

/// The rule for names, defined once: surrounding white space is dropped, and what is left must not be
/// empty (the original app could save an empty name; this one refuses it).
package enum ItemName {
    /// The longest name kept, in characters.
    package static let maximumLength = 200

    /// The name as it is saved.
    /// - Throws: ``StoreError`` (`invalidName`) when nothing is left or it holds control characters.
    package static func validated(_ text: String) throws(StoreError) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhiteSpace($0) }),
            let last = scalars.lastIndex(where: { !isWhiteSpace($0) })
        else {
            throw StoreError(.invalidName, "A name can't be empty.")
        }
        let trimmed = scalars[first...last]
        let control = trimmed.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
        guard !control else { throw StoreError(.invalidName, "A name can't contain control characters.") }
        let untouched = first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex
        let name = untouched ? text : String(trimmed)
        return name.utf8.count <= maximumLength ? name : String(name.prefix(maximumLength))
    }

    /// Foundation's `whitespacesAndNewlines`, asked only about what is not a printable ASCII character:
    /// a store is read in one pass over its names, and most of them start and end in a letter.
    private static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value > 0x20 && scalar.value < 0x7F { return false }
        return whiteSpace.contains(scalar)
    }

    private static let whiteSpace = CharacterSet.whitespacesAndNewlines
}
