import ModelGraph
import StoreInterface
import StoreTestSupport
import Testing

@testable import StoreSupport

@Suite("Records shared by every store: finding, replying, removing, upserting")
struct ModelTablesTests {
    private func records() throws -> NormalizedRecords {
        var records = NormalizedRecords()
        var changes = RecordChanges()
        records.merge(Fixtures.graph().fullBatch, into: &changes)
        return records
    }

    @Test("a merged graph is found model by model, its replies in order")
    func findsWhatWasMerged() throws {
        let graph = Fixtures.graph()
        let records = try records()
        #expect(records.modelCount == graph.shape.modelCount)
        for id in graph.noteIDs { #expect(records.contains(.note(id))) }
        #expect(!records.contains(.note(NoteID(999_999))))
        for (id, message) in graph.state.messages {
            #expect(records.replies(of: id) == message.replies.map(\.id))
        }
    }

    @Test("removing a note drops it and its links from the index, nothing else")
    func removeUnlinks() throws {
        var records = try records()
        let graph = Fixtures.graph()
        let note = graph.noteIDs[0]
        let author = try #require(graph.state.notes[note]).author.id
        #expect(records.index.notesByAuthor[author, default: []].contains(note))
        records.removeRecord(.note(note))
        #expect(!records.contains(.note(note)))
        #expect(!records.index.notesByAuthor[author, default: []].contains(note))
        #expect(records.modelCount == graph.shape.modelCount - 1)
    }

    @Test("upsert counts an insert, an update and an unchanged value, and says which changed")
    func upsertCounts() {
        var table: [Int: Int] = [:]
        var summary = ChangeSummary()
        func setting(_ value: Int) -> (inout Int) -> Bool {
            { current in
                guard current != value else { return false }
                current = value
                return true
            }
        }
        #expect(table.upsert(1, counting: &summary, merge: setting(5), insert: { 5 }))
        #expect(table.upsert(1, counting: &summary, merge: setting(6), insert: { 0 }))
        #expect(!table.upsert(1, counting: &summary, merge: setting(6), insert: { 0 }))
        #expect(table == [1: 6])
        #expect(summary.inserted == 1 && summary.updated == 1 && summary.unchanged == 1)
    }
}

@Suite("The weak table")
struct WeakTableTests {
    final class Object {}

    @Test("an entry does not keep its object; a sweep removes the dead and counts them")
    func deadEntriesAreSwept() {
        var table = WeakTable<Int, Object>(policy: .manual)
        var kept: [Object] = []
        for key in 0..<10 {
            let object = Object()
            table.insert(object, for: key)
            if key.isMultiple(of: 2) { kept.append(object) }
        }
        #expect(table.count == 10)
        #expect(table.liveCount == 5)
        #expect(table.object(for: 1) == nil)
        #expect(table.object(for: 2) === kept[1])
        #expect(table.sweep() == 5)
        #expect(table.count == 5 && table.purged == 5)
        withExtendedLifetime(kept) {}
    }
}
