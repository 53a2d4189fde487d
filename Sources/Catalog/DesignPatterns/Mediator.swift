// Mediator — colleagues talk only to a mediator, which coordinates them; they never reference each
// other.
//
// The book's drawing app has a coordinating controller that owns the canvas, palette and thumbnail
// screens: a button on one screen asks the coordinator to switch screens, and a colour picked on the
// palette reaches the canvas through it. Use it when many objects interact in ways that would
// otherwise become a web of references (n² links become n). Don't let the mediator absorb the
// colleagues' own logic, or it becomes the god object it was meant to avoid.
//
// BlueLibrary: catalog only — the presentation controller plays this role between the scroller and
// the album view, but not as a separate type.

/// The screens the coordinator can show.
enum Screen: String, Sendable {
    case canvas, palette, thumbnails
}

/// What a colleague can ask the coordinator for.
enum ViewChangeRequest: Sendable {
    case showPalette
    case showThumbnails
    case done
}

/// The drawing screen: knows the coordinator, not the palette.
final class CanvasScreen {
    weak var coordinator: CoordinatingController?
    private let console: any Console
    private(set) var strokeColor = RGBColor.black

    init(console: any Console) {
        self.console = console
    }

    func paletteButtonTapped() {
        console.print("Canvas: palette button tapped")
        coordinator?.requestViewChange(.showPalette)
    }

    func thumbnailsButtonTapped() {
        console.print("Canvas: thumbnails button tapped")
        coordinator?.requestViewChange(.showThumbnails)
    }

    func useStrokeColor(_ color: RGBColor) {
        strokeColor = color
        console.print("Canvas: stroke colour is now \(color)")
    }
}

/// The palette screen: knows the coordinator, not the canvas.
final class PaletteScreen {
    weak var coordinator: CoordinatingController?
    private let console: any Console

    init(console: any Console) {
        self.console = console
    }

    func pick(_ color: RGBColor) {
        console.print("Palette: picked \(color)")
        coordinator?.paletteDidPick(color)
    }

    func doneTapped() {
        console.print("Palette: done tapped")
        coordinator?.requestViewChange(.done)
    }
}

/// The mediator: owns the screens (they hold it weakly) and routes every request between them.
final class CoordinatingController {
    let canvas: CanvasScreen
    let palette: PaletteScreen
    private let console: any Console
    private(set) var activeScreen = Screen.canvas

    init(console: any Console) {
        self.console = console
        canvas = CanvasScreen(console: console)
        palette = PaletteScreen(console: console)
        canvas.coordinator = self
        palette.coordinator = self
    }

    func requestViewChange(_ request: ViewChangeRequest) {
        switch request {
        case .showPalette: activeScreen = .palette
        case .showThumbnails: activeScreen = .thumbnails
        case .done: activeScreen = .canvas
        }
        console.print("Coordinator: now showing the \(activeScreen.rawValue)")
    }

    func paletteDidPick(_ color: RGBColor) {
        canvas.useStrokeColor(color)
    }
}

/// The screens switch and share a colour without knowing each other.
func runMediatorDemo(on console: any Console) {
    let coordinator = CoordinatingController(console: console)
    coordinator.canvas.paletteButtonTapped()
    coordinator.palette.pick(.red)
    coordinator.palette.doneTapped()
    coordinator.canvas.thumbnailsButtonTapped()
    coordinator.requestViewChange(.done)
}
