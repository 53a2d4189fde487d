import Testing

@testable import DesignPatterns

struct MediatorTests {
    @Test func screensSwitchOnlyThroughTheCoordinator() {
        let coordinator = CoordinatingController(console: RecordingConsole())
        #expect(coordinator.activeScreen == .canvas)
        coordinator.canvas.paletteButtonTapped()
        #expect(coordinator.activeScreen == .palette)
        coordinator.palette.doneTapped()
        #expect(coordinator.activeScreen == .canvas)
        coordinator.canvas.thumbnailsButtonTapped()
        #expect(coordinator.activeScreen == .thumbnails)
    }

    @Test func colourPickedOnThePaletteReachesTheCanvas() {
        let coordinator = CoordinatingController(console: RecordingConsole())
        coordinator.palette.pick(.green)
        #expect(coordinator.canvas.strokeColor == .green)
    }

    @Test func colleaguesDoNotKeepTheMediatorAlive() {
        var coordinator: CoordinatingController? = CoordinatingController(console: RecordingConsole())
        let palette = coordinator?.palette
        weak let weakCoordinator = coordinator
        coordinator = nil
        #expect(weakCoordinator == nil)
        palette?.pick(.red)  // talks to no one, and does not crash
        #expect(palette?.coordinator == nil)
    }

    @Test func demoOutput() {
        #expect(
            lines(of: runMediatorDemo) == [
                "Canvas: palette button tapped",
                "Coordinator: now showing the palette",
                "Palette: picked rgb(255, 0, 0)",
                "Canvas: stroke colour is now rgb(255, 0, 0)",
                "Palette: done tapped",
                "Coordinator: now showing the canvas",
                "Canvas: thumbnails button tapped",
                "Coordinator: now showing the thumbnails",
                "Coordinator: now showing the canvas",
            ])
    }
}
