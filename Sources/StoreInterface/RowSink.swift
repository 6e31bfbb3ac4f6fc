import ModelGraph

/// Receives the fields a list row displays, in the order of `RowLayout`.
///
/// A screen hands the store a sink instead of asking for a row value, so
/// displaying a row allocates nothing: the sink sees each field once, as a
/// cell would when it sets its labels. `Sendable`, so that a store which
/// reads on another thread can take the sink there and hand it back.
public protocol RowSink: Sendable {
    mutating func text(_ value: String)
    mutating func number(_ value: Int64)
    mutating func flag(_ value: Bool)
}

/// The fields each kind of row displays, in order, read from values.
///
/// This is the contract every store's `display` follows:
/// - user: name, username, avatar URL, online flag;
/// - tag: name;
/// - note: title, author's name, each tag's name, pinned flag, updated-at;
/// - message: author's name, text, participant count, reply count, sent-at.
public enum RowLayout {
    @inlinable
    public static func display<Sink: RowSink>(_ user: User, into sink: inout Sink) {
        sink.text(user.attributes.name)
        sink.text(user.attributes.username)
        sink.text(user.attributes.avatarURL)
        sink.flag(user.attributes.isOnline)
    }

    @inlinable
    public static func display<Sink: RowSink>(_ tag: Tag, into sink: inout Sink) {
        sink.text(tag.attributes.name)
    }

    @inlinable
    public static func display<Sink: RowSink>(_ note: Note, into sink: inout Sink) {
        sink.text(note.attributes.title)
        sink.text(note.author.attributes.name)
        for tag in note.tags { sink.text(tag.attributes.name) }
        sink.flag(note.attributes.isPinned)
        sink.number(note.attributes.updatedAt)
    }

    @inlinable
    public static func display<Sink: RowSink>(_ message: Message, into sink: inout Sink) {
        sink.text(message.author.attributes.name)
        sink.text(message.attributes.text)
        sink.number(Int64(message.participants.count))
        sink.number(Int64(message.replies.count))
        sink.number(message.attributes.sentAt)
    }

    /// A conversation: the message's row, then each reply's thread in order,
    /// depth first (iteratively, so no thread is too deep to display).
    @inlinable
    public static func display<Sink: RowSink>(thread message: Message, into sink: inout Sink) {
        var pending = [message]
        while let next = pending.popLast() {
            display(next, into: &sink)
            pending.append(contentsOf: next.replies.reversed())
        }
    }
}
