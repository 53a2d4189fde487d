import Foundation
import Testing

@testable import BlueLibraryCore

/// Ids are parsed as Foundation's `UUID(uuidString:)` parsed them (the command line no longer links it).
struct UUIDTextTests {
    @Test(arguments: [
        "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "e621E1F8-c36C-495a-93Fc-0c247A3E6E5f", "00000000-0000-0000-0000-000000000000",
        "e621e1f8-c36c-495a-93fc-0c247a3e6e5", "e621e1f8-c36c-495a-93fc-0c247a3e6e5ff",
        "e621e1f8c36c-495a-93fc-0c247a3e6e5f-", "e621e1f8-c36c-495a-93fc_0c247a3e6e5f",
        "g621e1f8-c36c-495a-93fc-0c247a3e6e5f", "{e621e1f8-c36c-495a-93fc-0c247a3e6e5f}",
        " e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "e621e1f8-c36c-495a-93fc-0c247a3e6é5f", "",
        "e621e1f8c36c495a93fc0c247a3e6e5f", "--------------------------------",
    ])
    func parsesWhatFoundationParsed(text: String) {
        let foundation = UUID(uuidString: text).map { $0.uuidString.lowercased() }
        #expect(UUIDText.normalized(text) == foundation)
        #expect(AlbumID(text)?.rawValue == foundation)
    }
}
