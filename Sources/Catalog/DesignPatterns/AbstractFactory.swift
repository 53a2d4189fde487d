// Abstract factory — one interface creates a whole family of related products, so the client can
// switch families at once and never mixes products from two families.
//
// Use it when products must match each other (one company's branded view, button and toolbar) and
// the family is chosen in one place, often at launch. Avoid it when there is only one family or the
// products are independent: a factory per product, or plain initializers, are simpler. Adding a new
// kind of product means changing every factory.
//
// BlueLibrary: catalog only — the app has one look per face (terminal, web), chosen by the executable.

protocol BrandedView {
    var look: String { get }
}

protocol BrandedButton {
    var look: String { get }
}

protocol BrandedToolbar {
    var look: String { get }
}

/// Creates one family of matching UI elements (the book's `BrandingFactory`).
protocol BrandingFactory: Sendable {
    var brand: String { get }
    func makeView() -> any BrandedView
    func makeMainButton() -> any BrandedButton
    func makeToolbar() -> any BrandedToolbar
}

private struct AcmeView: BrandedView { let look = "Acme view with a sky-blue background" }
private struct AcmeButton: BrandedButton { let look = "Acme rounded button" }
private struct AcmeToolbar: BrandedToolbar { let look = "Acme toolbar with a logo" }

private struct SierraView: BrandedView { let look = "Sierra view with a mountain backdrop" }
private struct SierraButton: BrandedButton { let look = "Sierra square button" }
private struct SierraToolbar: BrandedToolbar { let look = "Sierra toolbar with a compass" }

struct AcmeBrandingFactory: BrandingFactory {
    let brand = "Acme"
    func makeView() -> any BrandedView { AcmeView() }
    func makeMainButton() -> any BrandedButton { AcmeButton() }
    func makeToolbar() -> any BrandedToolbar { AcmeToolbar() }
}

struct SierraBrandingFactory: BrandingFactory {
    let brand = "Sierra"
    func makeView() -> any BrandedView { SierraView() }
    func makeMainButton() -> any BrandedButton { SierraButton() }
    func makeToolbar() -> any BrandedToolbar { SierraToolbar() }
}

/// The client: builds a screen from whichever family it is given.
struct BrandedScreen {
    let elements: [String]

    init(factory: any BrandingFactory) {
        elements = [factory.makeView().look, factory.makeMainButton().look, factory.makeToolbar().look]
    }
}

/// Builds the same screen with each family.
func runAbstractFactoryDemo(on console: any Console) {
    let factories: [any BrandingFactory] = [AcmeBrandingFactory(), SierraBrandingFactory()]
    for factory in factories {
        console.print("Screen built by the \(factory.brand) factory:")
        for element in BrandedScreen(factory: factory).elements {
            console.print("  \(element)")
        }
    }
}
