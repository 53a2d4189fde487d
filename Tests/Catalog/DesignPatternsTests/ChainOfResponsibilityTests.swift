import Testing

@testable import DesignPatterns

struct ChainOfResponsibilityTests {
    /// The six lines of the catalog spec. Line 3 follows the book's code ("No damage from a magic fire
    /// attack"), not the book's printed output, which ends it at "magic fire".
    @Test func demoPrintsTheSixLinesWithLineThreeAsTheBooksCodeHasIt() {
        #expect(
            lines(of: runChainOfResponsibilityDemo) == [
                "I don't know this attack: CrystalShield",
                "No damage from a sword attack",
                "No damage from a magic fire attack",
                "I don't know this attack: CrystalShield",
                "I don't know this attack: MetalArmor",
                "Oh! I'm hit with a LightningAttack",
            ])
    }

    @Test(arguments: [
        (Attack.sword, ["I don't know this attack: CrystalShield", "No damage from a sword attack"]),
        (.magicFire, ["No damage from a magic fire attack"]),
        (
            .lightning,
            [
                "I don't know this attack: CrystalShield", "I don't know this attack: MetalArmor",
                "Oh! I'm hit with a LightningAttack",
            ]
        ),
    ])
    func eachAttackStopsAtTheFirstHandlerThatKnowsIt(attack: Attack, expected: [String]) {
        let avatar = CrystalShield(next: MetalArmor(next: Avatar()))
        #expect(lines { avatar.handle(attack, log: $0) } == expected)
    }

    @Test func reorderingTheChainChangesWhoAnswers() {
        let armourFirst = MetalArmor(next: CrystalShield(next: Avatar()))
        #expect(
            lines { armourFirst.handle(.magicFire, log: $0) } == [
                "I don't know this attack: MetalArmor", "No damage from a magic fire attack",
            ])
    }

    @Test func anUnprotectedAvatarIsHitByEverything() {
        let avatar = Avatar()
        #expect(lines { avatar.handle(.sword, log: $0) } == ["Oh! I'm hit with a SwordAttack"])
    }
}
