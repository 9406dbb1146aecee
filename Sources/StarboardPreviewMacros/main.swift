import Foundation

// The `#Preview` macro's plugin: the compiler starts it, sends messages and reads the replies.
// Written against the protocol itself, with Foundation only, because swift-syntax (which
// `CompilerPlugin` would bring) cannot be fetched here.
let connection = PluginConnection(input: .standardInput, output: .standardOutput)
loop: while true {
    switch connection.receive() {
    case .end:
        break loop
    case .broken(let reason):
        FileHandle.standardError.write(Data("starboard preview macros: \(reason)\n".utf8))
        exit(1)
    case .message(let message) where message.isEmpty:
        // The compiler sends empty frames (seen as it finishes with a plugin): nothing to answer.
        continue
    case .message(let message):
        switch PluginMessages.handle(message) {
        case .reply(let reply):
            connection.send(JSONObject.encode(reply))
        case .fail(let reason):
            FileHandle.standardError.write(Data("\(reason)\n".utf8))
            exit(1)
        }
    }
}
