import Testing

@testable import DesignPatterns

struct FactoryMethodTests {
    @Test func eachCreatorMakesItsOwnProduct() {
        #expect(DefaultCanvasViewGenerator().makeCanvasView() is PlainCanvasView)
        #expect(PaperCanvasViewGenerator().makeCanvasView() is PaperCanvasView)
        #expect(ClothCanvasViewGenerator().makeCanvasView() is ClothCanvasView)
    }

    @Test func clientUsesWhicheverProductTheCreatorMakes() {
        #expect(
            CanvasViewController(generator: PaperCanvasViewGenerator()).canvasView.texture
                == "canvas with a paper texture")
        #expect(
            CanvasViewController(generator: ClothCanvasViewGenerator()).canvasView.texture
                == "canvas with a cloth texture")
        #expect(
            CanvasViewController(generator: DefaultCanvasViewGenerator()).canvasView.texture
                == "plain white canvas")
    }

    @Test func numberFactoryMethodsReturnHiddenConcreteTypes() {
        let yes = Number.make(true)
        let answer = Number.make(42)
        #expect(String(describing: type(of: yes)) == "BoolNumber")
        #expect(String(describing: type(of: answer)) == "IntegerNumber")
        #expect(yes.description == "true")
        #expect(yes.doubleValue == 1)
        #expect(Number.make(false).doubleValue == 0)
        #expect(answer.description == "42")
        #expect(answer.doubleValue == 42)
    }
}
