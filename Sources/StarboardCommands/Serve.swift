extension StarboardCommand {
    /// Runs the server until interrupted; returns the exit status.
    public static func serve(_ options: ServeOptions) -> Int32 {
        FileHandleOutput.error("starboard: the server is not built yet\n")
        return 1
    }
}

import Foundation

enum FileHandleOutput {
    static func error(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
    static func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
}
