import Foundation
import StarboardInspector
import StarboardSystem
#if canImport(Glibc)
import Glibc
#endif

/// The worker side (`starboard worker`): reads framed requests on stdin and answers each with the
/// workbench on stdout, until the server closes the pipe.
public enum WorkerLoop {
    public static func run(registry: Registry) -> Int32 {
        let workbench = Workbench(registry: registry)
        // Frames go to a private copy of stdout; whatever component code prints goes to stderr
        // instead of corrupting the protocol.
        let frames = dup(1)
        dup2(2, 1)
        var reader = WorkerFraming.Reader()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let body: WorkerFraming.Body
            do {
                guard let next = try reader.next() else {
                    let count = try chunk.withUnsafeMutableBytes { raw in
                        Result { () throws(SystemError) in try SystemCall.readSome(0, into: raw, "read a request") }
                    }.get()
                    // End of stdin: the server is done with this worker.
                    guard let count, count > 0 else { return 0 }
                    chunk.withUnsafeBytes { reader.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                    continue
                }
                body = next
            } catch {
                // A corrupt stream cannot be resynchronised: the server starts a fresh worker.
                FileHandle.standardError.write(Data("starboard worker: \(error)\n".utf8))
                return 1
            }
            let reply: WorkerReply
            do {
                reply = workbench.handle(try WorkerCodec.decodeRequest(body))
            } catch {
                reply = .refused("the worker could not read the request: \(error)")
            }
            let bytes = WorkerCodec.encode(reply)
            do {
                try bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try SystemCall.writeAll(frames, raw, "write a reply") } }.get()
            } catch {
                FileHandle.standardError.write(Data("starboard worker: \(error)\n".utf8))
                return 1
            }
        }
    }
}
