import StarboardCommands
import StarboardComponents

extension StarboardCommand {
    /// The command line as the `starboard` executable runs it: with the shipped components.
    static func parse(_ arguments: [String]) -> Action {
        parse(arguments, registry: makeRegistry)
    }
}
