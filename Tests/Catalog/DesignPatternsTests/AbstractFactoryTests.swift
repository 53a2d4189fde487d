import Testing

@testable import DesignPatterns

struct AbstractFactoryTests {
    @Test(arguments: [
        ("Acme", AcmeBrandingFactory() as any BrandingFactory), ("Sierra", SierraBrandingFactory()),
    ])
    func everyProductComesFromTheChosenFamily(brand: String, factory: any BrandingFactory) {
        let screen = BrandedScreen(factory: factory)
        #expect(factory.brand == brand)
        #expect(screen.elements.count == 3)
        #expect(screen.elements.allSatisfy { $0.hasPrefix(brand + " ") }, "no element from another family")
    }

    @Test func switchingTheFactorySwitchesTheWholeFamily() {
        let acme = BrandedScreen(factory: AcmeBrandingFactory()).elements
        let sierra = BrandedScreen(factory: SierraBrandingFactory()).elements
        #expect(
            acme == [
                "Acme view with a sky-blue background", "Acme rounded button", "Acme toolbar with a logo",
            ])
        #expect(
            sierra == [
                "Sierra view with a mountain backdrop", "Sierra square button",
                "Sierra toolbar with a compass",
            ])
    }
}
