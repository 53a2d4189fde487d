import BlueLibraryCovers
import Foundation
import Testing

struct GeneratedArtworkTests {
    @Test func theSameAlbumAlwaysGetsTheSamePicture() async {
        let first = GeneratedArtwork(artist: "David Bowie", title: "Best of Bowie")
        let second = GeneratedArtwork(artist: "David Bowie", title: "Best of Bowie")
        #expect(first == second)
        #expect(first.image(size: 64) == second.image(size: 64))
        #expect(first.initials == "DB")
    }

    @Test func differentAlbumsGetDifferentColours() async {
        let bowie = GeneratedArtwork(artist: "David Bowie", title: "Best of Bowie")
        let sting = GeneratedArtwork(artist: "Sting", title: "Nothing Like The Sun")
        #expect(bowie.startColor != sting.startColor)
        #expect(sting.initials == "S")
    }

    /// A letter whose capital is two letters (ß, the ﬁ ligature) is drawn with the fall-back glyph
    /// (making a Character of its capital stopped the process).
    @Test(arguments: ["ßlack", "ﬁre", "ŉight"])
    func aLetterWhoseCapitalIsTwoLettersIsDrawnWithTheFallBack(artist: String) async {
        #expect(GeneratedArtwork(artist: artist, title: "Album").image(size: 64).width == 64)
    }

    @Test func initialsAreDrawnLargeInTheMiddle() async {
        let image = GeneratedArtwork(artist: "U2", title: "Staring at the Sun").image(size: 100)
        #expect(image.width == 100 && image.height == 100)
        let light = (0..<100).flatMap { y in (0..<100).map { x in image.pixel(x: x, y: y) } }.filter {
            $0.red > 240 && $0.green > 240
        }
        #expect(light.count > 300, "the initials cover a good part of the picture")
        let corner = image.pixel(x: 0, y: 0)
        #expect(corner.red < 240 || corner.green < 240)
    }

    @Test(arguments: [1, 8, 10, 11, 12, 16])
    func smallPicturesKeepTheGradientAndTheInitialsWhenTheyFit(size: Int) async {
        let artwork = GeneratedArtwork(artist: "David Bowie", title: "Best of Bowie")
        let image = artwork.image(size: size)
        let side = max(size, 8)
        #expect(image.width == side && image.height == side)
        let light = (0..<side).flatMap { y in (0..<side).map { x in image.pixel(x: x, y: y) } }.filter {
            $0.red > 240 && $0.green > 240
        }
        // "DB" is 11 pixels wide at one pixel a cell: a smaller picture has no room for it.
        #expect(light.isEmpty == (side < 11))
    }

    @Test func theInitialsAreTheFirstLetterOrSymbolThatExists() async {
        #expect(GeneratedArtwork(artist: "Ólafur Arnalds", title: "re:member").initials == "ÓA")
        #expect(GeneratedArtwork(artist: "!!!", title: "Thr!!!er").initials == "!")
        #expect(GeneratedArtwork(artist: "아이유", title: "Palette").initials == "아")
        #expect(GeneratedArtwork(artist: "", title: "Untitled").initials == "U")
        #expect(GeneratedArtwork(artist: "", title: "").initials == "?")
        #expect(GeneratedArtwork(artist: "A&B", title: "<x>").svg().contains(">A</text>"))
        #expect(GeneratedArtwork(artist: "& <", title: "x").svg().contains(">&amp;&lt;</text>"))
        // Drawn: a symbol of the font as itself, a letter with an accent as its letter, any other
        // character as the font's box — never a question mark.
        func drawn(_ artist: String) -> RGBAImage {
            GeneratedArtwork(artist: artist, title: "x").image(size: 60)
        }
        func ink(_ image: RGBAImage) -> Int {
            (0..<60).flatMap { y in (0..<60).map { x in image.pixel(x: x, y: y) } }.filter { $0.red > 240 }
                .count
        }
        let question = ink(drawn("?"))
        #expect(ink(drawn("!!!")) != question)
        #expect(ink(drawn("아이유")) != question)
        #expect(ink(drawn("아이유")) == ink(drawn("日本")), "both the box")
        #expect(ink(drawn("Ólafur")) == ink(drawn("Olafur")))
    }

    @Test func svgAndPNGFormsForTheWeb() async throws {
        let artwork = GeneratedArtwork(artist: "Madonna", title: "American Pie")
        let svg = artwork.svg()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">M</text>"))
        let png = try ImageCodec.encodePNG(artwork.image(size: 120))
        #expect(try ImageCodec.decode(png) == artwork.image(size: 120))
        if let directory = ProcessInfo.processInfo.environment["BLUELIBRARY_ARTWORK_DIR"] {
            _ = FileManager.default.createFile(atPath: directory + "/madonna.png", contents: Data(png))
        }
    }
}
