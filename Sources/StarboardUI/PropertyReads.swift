#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Which inspectable properties each view read while it was built, noted as a render runs
/// rather than found out afterwards by rendering other values and comparing pictures.
///
/// A property's storage carries a slot (``ValueBox/readSlot``, its place in the component's
/// declaration); reading it while a log is being kept on the thread notes the slot. Views are
/// built inside *windows*: a composite view's `body` and what it makes, and each element of a
/// `ForEach` (whose content closure runs as the element is built, not when the `ForEach` is
/// made). A read belongs to the innermost window open; a window's reads go to every node made
/// while it was open, since what it read flows into the views it made and into what they make
/// of it. A `ForEach` element is a wall: what the views around the `ForEach` read (a stack's
/// spacing, how many elements there are) does not go into each element's views, which it can
/// move but not draw otherwise.
///
/// Reads are bit masks (bit n: slot n), so the first 64 properties of a component are noted;
/// the log keeps its arrays between renders (one lives in each of the renderer's spare
/// engines), so noting allocates nothing once they have grown. Kept only while a component
/// renders (`Renderer.render(…, recordingReads: true)`):
/// while no thread keeps one, every read and every view built costs one load of a global count
/// (``isRecording``), not a thread-local look-up.
public final class PropertyReads {
    private struct Window {
        var reads: UInt64 = 0
        /// The first node made while the window was open.
        var firstNode: Int32
        /// A `ForEach` element: the windows around it do not reach its nodes.
        var isWall: Bool
        /// Where this window's walls (those closed inside it) start in ``walls``.
        var wallsStart: Int
    }

    /// The windows open now, innermost last.
    private var open: [Window] = []
    /// The nodes of the walls closed inside the windows open, in node order: each open window's
    /// from its ``Window/wallsStart`` on.
    private var walls: [Range<Int32>] = []
    /// Each node's reads, by node index.
    private var byNode: [UInt64] = []
    /// Reads made with no window open (a `GeometryReader`'s closure during layout, a custom
    /// shape's path as it is drawn): the root view's.
    private var outside: UInt64 = 0

    init() {}

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// How many logs are kept now, on any thread. Zero (any render not asked to record) lets a
    /// read and a view skip the thread-local look-up: statically initialised, it is one load,
    /// where the key above is a lazy global (`swift_once`) and `pthread_getspecific` a call into
    /// libc, for every property read and every view built.
    @usableFromInline static let recorders = Atomic<Int>(0)

    /// Whether a log may be kept on this thread: false when no thread keeps one.
    @inlinable public static var isRecording: Bool { recorders.load(ordering: .relaxed) != 0 }

    /// ``recording(_:_:)`` when there is a log, else just `body`; `from` false keeps what the
    /// log noted so far (a tap's render, written after its layout).
    static func recordingIf<R>(_ log: PropertyReads?, from fresh: Bool = true, _ body: () throws -> R) rethrows -> R {
        guard let log else { return try body() }
        if fresh { log.reset() }
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(log).toOpaque())
        recorders.add(1, ordering: .relaxed)
        defer {
            recorders.subtract(1, ordering: .relaxed)
            pthread_setspecific(key, previous)
        }
        return try body()
    }

    /// Runs `body` (a tap's action) with no log: what it reads is no view's.
    static func unnoted<R>(_ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(key)
        guard previous != nil else { return try body() }
        pthread_setspecific(key, nil)
        defer { pthread_setspecific(key, previous) }
        return try body()
    }

    /// The log kept on this thread, if any.
    @inline(__always) static var current: PropertyReads? {
        guard isRecording else { return nil }
        return kept
    }

    private static var kept: PropertyReads? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<PropertyReads>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Notes a read of the property in `slot` (an `@Inspectable`'s getter calls it, when
    /// ``isRecording``: reading the slot from its storage is a checked access of a class's
    /// property, not worth making while no log is kept).
    public static func note(_ slot: Int32) {
        guard slot >= 0, slot < 64, let log = current else { return }
        let bit = UInt64(1) << UInt64(slot)
        // Read and written back rather than changed in place: in a debug build an array
        // element's in-place accessor is an unspecialized coroutine, which allocates its frame.
        if log.open.isEmpty {
            log.outside |= bit
        } else {
            let innermost = log.open.count - 1
            var window = log.open[innermost]
            window.reads |= bit
            log.open[innermost] = window
        }
    }

    /// Forgets every read: a new render, or the view built again after its `onAppear` actions.
    func reset() {
        open.removeAll(keepingCapacity: true)
        walls.removeAll(keepingCapacity: true)
        byNode.removeAll(keepingCapacity: true)
        outside = 0
    }

    /// Opens a window for the view about to be built, whose first node will be `nodeCount`;
    /// `wall` for a `ForEach` element.
    func openWindow(at nodeCount: Int, wall: Bool = false) {
        open.append(Window(firstNode: Int32(nodeCount), isWall: wall, wallsStart: walls.count))
    }

    /// Closes the innermost window, giving its reads to the nodes made since it opened (up to
    /// `nodeCount`), less those behind the walls inside it.
    func closeWindow(at nodeCount: Int) {
        let window = open.removeLast()
        let end = Int32(nodeCount)
        if window.reads != 0 {
            while byNode.count < nodeCount { byNode.append(0) }
            var node = window.firstNode
            var wall = window.wallsStart
            while node < end {
                if wall < walls.count, node >= walls[wall].lowerBound {
                    node = max(node, walls[wall].upperBound)
                    wall += 1
                    continue
                }
                byNode[Int(node)] = byNode[Int(node)] | window.reads
                node += 1
            }
        }
        // A wall's own walls are inside it: the windows around see one range.
        if window.isWall {
            walls.removeLast(walls.count - window.wallsStart)
            if !open.isEmpty { walls.append(window.firstNode..<end) }
        }
    }

    /// For each entry of the outline the records were written in (`slots`, one per record, the
    /// outline's tables once it is written: the entry each record is in), the reads of its views.
    func entries(records: [ViewRecord], slots: [ViewOutline.Slot]) -> [UInt64] {
        var entries: [UInt64] = []
        entries.reserveCapacity(Int(slots.last.map { $0.entry + 1 } ?? 0))
        for (record, slot) in zip(records, slots) where slot.entry >= 0 {
            while entries.count <= Int(slot.entry) { entries.append(0) }
            if Int(record.node) < byNode.count { entries[Int(slot.entry)] = entries[Int(slot.entry)] | byNode[Int(record.node)] }
        }
        if !entries.isEmpty { entries[0] = entries[0] | outside }
        return entries
    }
}

/// Counts the layouts of the renders and taps run on this thread while it is kept
/// (``counting(_:_:)``): a deterministic guard that a tap lays its view out once.
public final class LayoutCount {
    /// Whole-view layouts so far (one per render, one per tap).
    public internal(set) var layouts = 0

    public init() {}

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// How many counts are kept now, on any thread: zero spares each render the look-up.
    private static let counters = Atomic<Int>(0)

    /// Runs `body` counting this thread's layouts in `count`.
    public static func counting<R>(_ count: LayoutCount, _ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(count).toOpaque())
        counters.add(1, ordering: .relaxed)
        defer {
            counters.subtract(1, ordering: .relaxed)
            pthread_setspecific(key, previous)
        }
        return try body()
    }

    static var current: LayoutCount? {
        guard counters.load(ordering: .relaxed) != 0, let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<LayoutCount>.fromOpaque(pointer).takeUnretainedValue()
    }
}

/// A dynamic property that a view's actions cannot change (`@Environment`, `@Namespace`): a
/// component that holds only these besides its `@Inspectable`s draws the same after a tap that
/// changed none of those, so the tap's layout can be its render.
public protocol _UnchangedByActions {}

/// A dynamic property that keeps nothing of its own (`@Environment`, `@Namespace`): reading it
/// reads the render under way. A component that holds only these besides its `@Inspectable`s is
/// the same instance whatever it drew before, so renders may reuse one and refill its values.
public protocol _KeepsNoState: _UnchangedByActions {}

extension Environment: _KeepsNoState {}
extension Namespace: _KeepsNoState {}
