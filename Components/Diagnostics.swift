import Foundation
import StarboardInspector
import StarboardUI

/// Components that misbehave on purpose, registered only when `STARBOARD_DIAGNOSTICS=1`. Tests use
/// them to prove that a trapping or hanging component cannot take the server down; they also show
/// an author what a crash looks like in the page.
let diagnosticComponents: [any Component.Type] = [
    TrapOnValue.self,
    HangOnValue.self,
] + layoutStressComponents

/// Components as big and deep as real ones get, for the bench and the layout tests.
public let layoutStressComponents: [any Component.Type] = [
    NestedStacks.self,
    StackChain.self,
    WideList.self,
    LongText.self,
]

/// Traps (`fatalError`) while rendering when `value` is 7.
struct TrapOnValue: Component {
    @Inspectable(range: 0...10, help: "7 makes the body trap.")
    var value = 0

    static let summary = "Diagnostics: traps while rendering when value is 7."

    var body: some View {
        Text(caption)
    }

    private var caption: String {
        if value == 7 { fatalError("TrapOnValue traps on 7") }
        return "value \(value)"
    }
}

/// Never finishes rendering when `value` is 7.
struct HangOnValue: Component {
    @Inspectable(range: 0...10, help: "7 makes the body hang.")
    var value = 0

    static let summary = "Diagnostics: hangs while rendering when value is 7."

    var body: some View {
        Text(caption)
    }

    private var caption: String {
        // Sleeps rather than spins so the optimizer cannot drop the loop and the CPU stays free.
        while value == 7 { usleep(100_000) }
        return "value \(value)"
    }
}
