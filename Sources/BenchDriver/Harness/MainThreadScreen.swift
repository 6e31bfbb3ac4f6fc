import ModelGraph
import StoreInterface

/// A list screen living on the main thread: the notes of its rows, each
/// observed with its author and tags, as a screen observes every model it
/// shows. An observer the store calls on another thread hops to the main
/// queue, as UI code does with main-queue delivery; one called on the main
/// thread runs at once. Either way the swap happens on the main thread.
final class MainThreadScreen<Store: ModelStore>: Sendable {
    let notes: [NoteID]
    let rows: HeldModels<Store.NoteHandle>
    private let tokens: [ObservationToken]

    /// Registers the observers, then looks the rows up (what is there yet).
    init(_ store: Store, showing notes: [NoteID], authors: [UserID?], tags: [[TagID]], mainQueue: MainQueue) {
        self.notes = notes
        rows = HeldModels(count: notes.count)
        let rows = self.rows
        var tokens: [ObservationToken] = []
        for (slot, id) in notes.enumerated() {
            let swap = rows.handler(for: slot)
            tokens.append(store.observe(id) { change in mainQueue.run { swap(change) } })
            // Changes to what a row shows besides the note: the screen
            // redraws every frame anyway, so hearing of them is all it does.
            if let author = authors[slot] {
                tokens.append(store.observe(author) { _ in mainQueue.run {} })
            }
            for tag in tags[slot] {
                tokens.append(store.observe(tag) { _ in mainQueue.run {} })
            }
        }
        self.tokens = tokens
        for (slot, id) in notes.enumerated() { rows.fill(slot, with: store.note(id)) }
    }

    /// Observations registered.
    var observations: Int { tokens.count }
}
