import Testing

@testable import DesignPatterns

struct AdapterTests {
    @Test func slidersSetTheStrokeColourThroughTheProviderClosure() {
        let console = RecordingConsole()
        let canvas = PaintCanvas(console: console)
        let red = CommandSlider()
        let green = CommandSlider()
        let blue = CommandSlider()
        let command = SetStrokeColorCommand(canvas: canvas) {
            RGBColor(red: red.value, green: green.value, blue: blue.value)
        }
        for slider in [red, green, blue] {
            slider.command = command
        }
        red.value = 10
        #expect(canvas.strokeColor == RGBColor(red: 10, green: 0, blue: 0))
        green.value = 20
        blue.value = 30
        #expect(canvas.strokeColor == RGBColor(red: 10, green: 20, blue: 30))
        #expect(console.lines.count == 3, "each slider change executes the command once")
    }

    @Test func sliderWhoseCommandIsRemovedChangesNothing() {
        let canvas = PaintCanvas(console: RecordingConsole())
        let slider = CommandSlider()
        slider.command = SetStrokeColorCommand(canvas: canvas) { [weak slider] in
            RGBColor(red: slider?.value ?? 0, green: 0, blue: 0)
        }
        slider.value = 10
        #expect(canvas.strokeColor == RGBColor(red: 10, green: 0, blue: 0))
        slider.command = nil
        slider.value = 255
        #expect(canvas.strokeColor == RGBColor(red: 10, green: 0, blue: 0), "no command, no change")
    }

    @Test func conformingTypePlugsInAsAClassAdapter() {
        let canvas = PaintCanvas(console: RecordingConsole())
        let swatch = PaintSwatch(name: "teal", components: (0, 128, 128))
        SetStrokeColorCommand(canvas: canvas, source: swatch).execute()
        #expect(canvas.strokeColor == RGBColor(red: 0, green: 128, blue: 128))
    }

    @Test func demoOutput() {
        #expect(
            lines(of: runAdapterDemo) == [
                "Object adapter: a closure turns three sliders into RGB values",
                "canvas stroke colour is now rgb(200, 0, 0)",
                "canvas stroke colour is now rgb(200, 0, 120)",
                "Class adapter: a swatch conforms to RGBValuesProviding",
                "canvas stroke colour is now rgb(0, 128, 128)",
            ])
    }
}
