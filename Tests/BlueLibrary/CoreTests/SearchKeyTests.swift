import Testing

@testable import BlueLibraryCore

/// What makes two albums the same record: artist and title folded, with runs of white space one space.
struct SearchKeyTests {
    @Test(arguments: [
        ("The  Beatles", "the beatles"), (" Abbey\tRoad \n", "abbey road"), ("a\r\nb", "a b"),
        ("Björk  Début", "bjork debut"), ("Sigur\u{00A0}Rós", "sigur ros"), ("", ""), ("   ", ""),
    ])
    func spacingIsMadeOneSpaceAsWhiteSpaceIsEverywhere(text: String, normal: String) {
        #expect(SearchKey.normalSpacing(SearchKey.fold(text)) == normal)
        // The ASCII path agrees with the Unicode one.
        #expect(
            SearchKey.normalSpacing(SearchKey.fold(text))
                == SearchKey.fold(text).split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }

    @Test func aDuplicateKeyIgnoresCaseAccentsAndSpacing() {
        #expect(
            SearchKey.duplicateKey(artist: "The  Beatles", title: "Abbey Road")
                == SearchKey.duplicateKey(artist: "the beatles ", title: " ABBEY\tROAD"))
        #expect(
            SearchKey.duplicateKey(artist: "Björk", title: "Début")
                == SearchKey.duplicateKey(artist: "bjork", title: "debut"))
        #expect(
            SearchKey.duplicateKey(artist: "A", title: "B C")
                != SearchKey.duplicateKey(artist: "A B", title: "C"))
    }
}
