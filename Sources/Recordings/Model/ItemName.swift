import Foundation

/// The rule for names, defined once: surrounding white space is dropped, and what is left must not be
/// empty (the original app could save an empty name; this one refuses it).
public enum ItemName {
    /// The longest name kept, in characters.
    public static let maximumLength = 200

    /// The name as it is saved.
    /// - Throws: ``StoreError`` (`invalidName`) when nothing is left or it holds control characters.
    public static func validated(_ text: String) throws(StoreError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw StoreError(.invalidName, "A name can't be empty.") }
        let control = trimmed.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
        guard !control else { throw StoreError(.invalidName, "A name can't contain control characters.") }
        return String(trimmed.prefix(maximumLength))
    }
}
