import Testing

@testable import DesignPatterns

struct DecoratorTests {
    let photo = Picture(name: "cover")

    @Test func plainComponentJustDraws() {
        #expect(photo.draw() == ["draw image cover"])
    }

    @Test func outermostDecoratorActsFirst() {
        let shadowThenRotate = ImageTransformFilter(
            component: ImageShadowFilter(component: photo, offset: Point(x: 1, y: 2)), transform: "rotate 90")
        let rotateThenShadow = ImageShadowFilter(
            component: ImageTransformFilter(component: photo, transform: "rotate 90"),
            offset: Point(x: 1, y: 2))
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
        let explicit = ImageTransformFilter(
            component: ImageShadowFilter(component: photo, offset: Point(x: 5, y: 5)), transform: "flip")
        #expect(viaExtension.draw() == explicit.draw())
    }

    @Test func bothConcreteDecoratorsShareTheAbstractImageFilter() {
        // Typed as the abstract decorator: compiles only while both filters are ImageFilters.
        let filters: [any ImageFilter] = [
            ImageTransformFilter(component: photo, transform: "flip"),
            ImageShadowFilter(component: photo, offset: Point(x: 1, y: 1)),
        ]
        for filter in filters {
            #expect(filter.apply().count == 1)
            #expect(filter.draw() == filter.apply() + ["draw image cover"], "own effect, then the component")
        }
    }

    /// A third filter, defined only in the test: it supplies its effect, the abstract decorator the rest.
    struct SepiaFilter: ImageFilter {
        let component: any ImageComponent
        func apply() -> [String] { ["tone sepia"] }
    }

    @Test func aNewFilterSuppliesOnlyItsOwnEffect() {
        let image = SepiaFilter(component: photo.shadowed(offset: Point(x: 2, y: 2)))
        #expect(image.draw() == ["tone sepia", "set shadow offset (2, 2)", "draw image cover"])
    }

    @Test func extensionFormAddsBehaviourWithoutWrapping() {
        #expect(photo.fileName == "cover.png")
    }
}
