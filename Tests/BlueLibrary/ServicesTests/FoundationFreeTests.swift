import BlueLibraryCore
import Foundation
import SystemFiles
import TestSupport
import Testing

@testable import BlueLibraryServices

/// What the command line's modules do by hand, without linking Foundation (which costs every command
/// its start-up): each answer is the one Foundation gives, or the one line the command prints.
struct FoundationFreeTests {
    let directory = TemporaryDirectory("foundation-free")

    @Test func theLibrarysDirectoryIsMadeWithItsMissingParents() throws {
        let path = directory.path + "/a/b/c/library.db"
        try LibraryLocation.createParentDirectory(of: path)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: directory.path + "/a/b/c", isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        // Already there: nothing to do, no error.
        try LibraryLocation.createParentDirectory(of: path)
        try LibraryLocation.createParentDirectory(of: directory.path + "/a/b/c//library.db")
    }

    @Test func aFileInTheWayIsOneErrorNamingTheDirectory() throws {
        let file = directory.write("plain", "not a directory")
        #expect(
            throws: LibraryError(.io, "cannot create directory \(file)/sub: \(file) is not a directory")
        ) {
            try LibraryLocation.createParentDirectory(of: file + "/sub/library.db")
        }
    }

    @Test func aRelativeNameInTheCurrentDirectoryNeedsNoDirectory() throws {
        try LibraryLocation.createParentDirectory(of: "library.db")
    }

    /// Without `HOME` the account's home directory is used, as Foundation's `NSHomeDirectory()` gave it.
    @Test func theHomeDirectoryWithoutHOMEIsTheAccounts() {
        let home = XDGDirectories.userHome([:])
        #expect(home == NSHomeDirectoryForUser(NSUserName()))
        #expect(XDGDirectories.userHome(["HOME": "/elsewhere"]) == "/elsewhere")
    }

    /// A cover's `file:` URL names the path Foundation's `URL.path` gave.
    @Test(arguments: [
        "file:///music/a.png", "file://localhost/music/a.png", "file://host/music/a.png", "file:/music/a.png",
        "file:///music/A%20B/%C3%9F.png", "file:///music/a.png?x=1#y", "FILE:///music/a.png",
        "file:///music/100%25.png", "file:///music/%zz.png", "file:///", "file:///a/b/../c.png",
    ])
    func fileURLsNameWhatFoundationNamed(url: String) throws {
        let foundation = try #require(URL(string: url))
        #expect(CoverLoader.localPath(url) == foundation.path)
    }

    @Test func pathsAndOtherSchemesAreTakenAsTheyAre() {
        #expect(CoverLoader.localPath("/srv/covers/c.png") == "/srv/covers/c.png")
        #expect(CoverLoader.localPath("http://example.com/c.png") == nil)
        #expect(CoverLoader.localPath("cover.png") == nil)
    }
}
