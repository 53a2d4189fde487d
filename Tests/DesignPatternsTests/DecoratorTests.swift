import Testing

@testable import DesignPatterns

struct DecoratorTests {
    let photo = Picture(name: "cover")

    @Test func plainComponentJustDraws() {
        #expect(photo.draw() == ["draw image cover"])
    }

    @Test func outermostDecoratorActsFirst() {
        let shadowThenRotate = TransformedImage(
            component: ShadowedImage(component: photo, offset: Point(x: 1, y: 2)), transform: "rotate 90")
        let rotateThenShadow = ShadowedImage(
            component: TransformedImage(component: photo, transform: "rotate 90"), offset: Point(x: 1, y: 2))
        #expect(
            shadowThenRotate.draw() == [
                "apply transform rotate 90", "set shadow offset (1, 2)", "draw image cover",
            ])
        #expect(
            rotateThenShadow.draw() == [
                "set shadow offset (1, 2)", "apply transform rotate 90", "draw image cover",
            ])
    }

    @Test func decoratorsStackAnyNumberOfTimes() {
        let image = photo.transformed(by: "scale 2").transformed(by: "rotate 45").shadowed()
        #expect(
            image.draw() == [
                "set shadow offset (3, 3)", "apply transform rotate 45", "apply transform scale 2",
                "draw image cover",
            ])
    }

    @Test func extensionMethodsBuildTheSameWrappers() {
        let viaExtension = photo.shadowed(offset: Point(x: 5, y: 5)).transformed(by: "flip")
        let explicit = TransformedImage(
            component: ShadowedImage(component: photo, offset: Point(x: 5, y: 5)), transform: "flip")
        #expect(viaExtension.draw() == explicit.draw())
    }

    @Test func extensionFormAddsBehaviourWithoutWrapping() {
        #expect(photo.fileName == "cover.png")
    }
}
