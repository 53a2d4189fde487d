import Testing

@testable import DesignPatterns

struct TemplateMethodTests {
    @Test func reubenPerformsItsStepsInOrderWithTheGrillAsTheHook() {
        #expect(
            lines { ReubenSandwich().make(in: $0) } == [
                "Reuben: cut rye bread",
                "Reuben: put bread on a plate",
                "Reuben: add corned beef",
                "Reuben: add sauerkraut, Thousand Island dressing and Swiss cheese",
                "Reuben: grill it",
                "Reuben: serve",
            ])
    }

    @Test func hamburgerHasNoExtraStep() {
        #expect(
            lines { Hamburger().make(in: $0) } == [
                "Hamburger: get a small round bun",
                "Hamburger: put bread on a plate",
                "Hamburger: add a beef patty",
                "Hamburger: add ketchup, mustard and pickles",
                "Hamburger: serve",
            ])
    }

    /// A test twin that names each step, to pin the template's order independently of the recipes.
    struct StepNamer: AnySandwich {
        let name = "T"
        let hooked: Bool
        func prepareBread(in kitchen: any Console) { kitchen.print("bread") }
        func addMeat(in kitchen: any Console) { kitchen.print("meat") }
        func addCondiments(in kitchen: any Console) { kitchen.print("condiments") }
        func extraStep(in kitchen: any Console) {
            if hooked { kitchen.print("hook") }
        }
    }

    /// Relies on the protocol's default hook.
    struct NoHook: AnySandwich {
        let name = "N"
        func prepareBread(in kitchen: any Console) { kitchen.print("bread") }
        func addMeat(in kitchen: any Console) { kitchen.print("meat") }
        func addCondiments(in kitchen: any Console) { kitchen.print("condiments") }
    }

    @Test func templateFixesTheOrderAndCallsTheHookBeforeServing() {
        #expect(
            lines { StepNamer(hooked: true).make(in: $0) } == [
                "bread", "T: put bread on a plate", "meat", "condiments", "hook", "T: serve",
            ])
    }

    @Test func defaultHookDoesNothing() {
        #expect(
            lines { NoHook().make(in: $0) } == [
                "bread", "N: put bread on a plate", "meat", "condiments", "N: serve",
            ])
    }

    @Test func hookOverrideIsReachedThroughTheProtocol() {
        let sandwich: any AnySandwich = ReubenSandwich()
        #expect(lines { sandwich.make(in: $0) }.contains("Reuben: grill it"))
    }
}
