/// The live coding path of an encode or decode: the keys of the nested `encode(to:)` /
/// `init(from:)` calls in progress.
///
/// The first levels are stored inline so that shallow values (the common event) push and
/// pop without allocating; paths are only materialized as arrays when asked for.
struct _PathStack {
    private(set) var count = 0
    private var key0: (any CodingKey)?
    private var key1: (any CodingKey)?
    private var overflow: [any CodingKey] = []

    init() {}

    init(_ keys: [any CodingKey]) {
        for key in keys { push(key) }
    }

    @inline(__always)
    mutating func push(_ key: some CodingKey) {
        switch count {
        case 0: key0 = key
        case 1: key1 = key
        default: overflow.append(key)
        }
        count &+= 1
    }

    @inline(__always)
    mutating func pop() {
        count &-= 1
        if count >= 2 { overflow.removeLast() }
    }

    /// The first `length` keys.
    func prefix(_ length: Int) -> [any CodingKey] {
        let length = Swift.min(length, count)
        var keys: [any CodingKey] = []
        keys.reserveCapacity(length)
        if length > 0, let key0 { keys.append(key0) }
        if length > 1, let key1 { keys.append(key1) }
        if length > 2 { keys += overflow.prefix(length &- 2) }
        return keys
    }

    var keys: [any CodingKey] { prefix(count) }
}

/// A coding path relative to the live path: its first `prefix` keys, then `tail`.
struct _PathRef {
    var prefix: Int
    var tail: [any CodingKey]

    static let root = _PathRef(prefix: 0, tail: [])

    /// Whether this is exactly the live path of depth `count` (the common case).
    @inline(__always)
    func isLive(depth count: Int) -> Bool {
        prefix == count && tail.isEmpty
    }

    func resolve(_ live: _PathStack) -> [any CodingKey] {
        live.prefix(prefix) + tail
    }

    func appending(_ key: any CodingKey) -> _PathRef {
        _PathRef(prefix: prefix, tail: tail + [key])
    }
}

// MARK: - Path tracking

/// An encoder's or decoder's state that tracks the live coding path.
protocol _PathTracking: AnyObject {
    var path: _PathStack { get set }
}

extension _PathTracking {
    /// Runs `body` with the live path set to `ref` + `key`.
    @inline(__always)
    func nested<R, K: CodingKey>(_ ref: _PathRef, _ key: K, _ body: () throws -> R) rethrows -> R {
        if _fastPath(ref.isLive(depth: path.count)) {
            path.push(key)
            defer { path.pop() }
            return try body()
        }
        return try nestedSlow(ref, key, body)
    }

    /// Runs `body` with the live path set to `ref`.
    @inline(__always)
    func nested<R>(_ ref: _PathRef, _ body: () throws -> R) rethrows -> R {
        if _fastPath(ref.isLive(depth: path.count)) { return try body() }
        return try nestedSlow(ref, nil, body)
    }

    func nestedSlow<R>(_ ref: _PathRef, _ key: (any CodingKey)?, _ body: () throws -> R) rethrows -> R {
        let saved = path
        path = _PathStack(ref.resolve(saved))
        if let key { path.push(key) }
        defer { path = saved }
        return try body()
    }
}
