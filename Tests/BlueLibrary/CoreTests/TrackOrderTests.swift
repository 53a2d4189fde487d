import BlueLibraryCore
import Testing

/// Album order: disc, then number, then — for untagged tracks — the file's name as a file manager lists
/// it, ignoring case and accents.
struct TrackOrderTests {
    static func track(_ name: String, number: Int? = nil, disc: Int = 1) -> Track {
        Track(disc: disc, number: number, title: name, artist: "", duration: 1, path: "/music/x/\(name)")
    }

    @Test func untaggedTracksSortByNameIgnoringCaseAndAccents() {
        let tracks = ["C.mp3", "b.mp3", "Élan.mp3", "a.mp3", "d.mp3"].map { Self.track($0) }
        #expect(
            tracks.sorted(by: Track.inAlbumOrder).map(\.title) == [
                "a.mp3", "b.mp3", "C.mp3", "d.mp3", "Élan.mp3",
            ])
    }

    @Test func discAndNumberComeFirstAndUntaggedNumbersLast() {
        let tracks = [
            Self.track("z", number: 1, disc: 2), Self.track("B"), Self.track("y", number: 2),
            Self.track("x", number: 1),
        ]
        #expect(tracks.sorted(by: Track.inAlbumOrder).map(\.title) == ["x", "y", "B", "z"])
    }
}
