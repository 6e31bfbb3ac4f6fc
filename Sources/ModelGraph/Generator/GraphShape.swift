/// How many models of each kind a generated graph has, and how they connect.
public struct GraphShape: Hashable, Sendable, Codable {
    public var users: Int
    public var tags: Int
    public var notes: Int
    /// Tags on each note (at most `tags`).
    public var tagsPerNote: Int
    /// Threads: top-level messages, each the root of a reply tree.
    public var threads: Int
    /// Users taking part in each message (at most `users`).
    public var participantsPerMessage: Int
    /// Direct replies of each message above the thread's last level.
    public var repliesPerMessage: Int
    /// Levels of replies below each thread root; 0 means single messages.
    public var threadDepth: Int
    /// When set, every thread has exactly this many messages, filled breadth
    /// first with `repliesPerMessage` replies each (the trees Rocket Data's
    /// performance tests build), and `threadDepth` is ignored.
    public var threadSize: Int?

    public init(
        users: Int, tags: Int, notes: Int, tagsPerNote: Int,
        threads: Int, participantsPerMessage: Int,
        repliesPerMessage: Int = 0, threadDepth: Int = 0, threadSize: Int? = nil
    ) {
        self.users = users
        self.tags = tags
        self.notes = notes
        self.tagsPerNote = tagsPerNote
        self.threads = threads
        self.participantsPerMessage = participantsPerMessage
        self.repliesPerMessage = repliesPerMessage
        self.threadDepth = threadDepth
        self.threadSize = threadSize
    }

    /// About `models` models in the proportions of a notes-and-chat app:
    /// 10% users, 2% tags, 50% notes with 3 tags each, 38% single messages
    /// with 3 participants each.
    public static func app(models: Int) -> GraphShape {
        let users = max(1, models / 10)
        let tags = max(1, models / 50)
        let notes = max(0, models / 2)
        let threads = max(0, models - users - tags - notes)
        return GraphShape(
            users: users, tags: tags, notes: notes, tagsPerNote: min(3, tags),
            threads: threads, participantsPerMessage: min(3, users)
        )
    }

    /// Messages in one thread: the root and every level of replies.
    /// Saturates at `Int.max` rather than overflowing.
    public var messagesPerThread: Int {
        if let threadSize { return threadSize }
        var total = 1
        var level = 1
        for _ in 0..<threadDepth {
            let (nextLevel, levelOverflow) = level.multipliedReportingOverflow(by: repliesPerMessage)
            let (nextTotal, totalOverflow) = total.addingReportingOverflow(nextLevel)
            if levelOverflow || totalOverflow { return .max }
            level = nextLevel
            total = nextTotal
        }
        return total
    }

    /// All messages in the graph.
    public var messages: Int {
        let (product, overflow) = threads.multipliedReportingOverflow(by: messagesPerThread)
        return overflow ? .max : product
    }

    /// All models in the graph.
    public var modelCount: Int {
        let (total, overflow) = (users + tags + notes).addingReportingOverflow(messages)
        return overflow ? .max : total
    }

    /// Throws a one-line reason when the shape cannot be generated.
    public func validate() throws(GraphShapeError) {
        func check(_ condition: Bool, _ reason: String) throws(GraphShapeError) {
            if !condition { throw GraphShapeError(reason: reason) }
        }
        try check(users >= 1, "a graph needs at least 1 user (got \(users))")
        try check(tags >= 0 && notes >= 0 && threads >= 0, "model counts cannot be negative")
        try check(
            (0...tags).contains(tagsPerNote), "tagsPerNote must be between 0 and tags (\(tags)), got \(tagsPerNote)")
        try check(
            (0...users).contains(participantsPerMessage),
            "participantsPerMessage must be between 0 and users (\(users)), got \(participantsPerMessage)")
        try check(repliesPerMessage >= 0 && threadDepth >= 0, "replies and depth cannot be negative")
        try check(
            threadDepth == 0 || repliesPerMessage > 0, "a thread deeper than 0 needs at least 1 reply per message")
        if let threadSize {
            try check(threadSize >= 1, "a thread has at least 1 message (got threadSize \(threadSize))")
            try check(
                threadSize == 1 || repliesPerMessage > 0, "a thread of more than 1 message needs replies per message")
        }
        try check(modelCount <= 50_000_000, "a graph of more than 50,000,000 models does not fit this suite")
    }
}

/// A graph shape that cannot be generated.
public struct GraphShapeError: Error, Hashable, Sendable, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}
