/// Deterministic, plausible text: names, words, sentences and URLs of
/// realistic lengths, so most strings are heap-allocated as real ones are
/// (Swift keeps strings of up to 15 UTF-8 bytes inline).
struct TextSource {
    private static let firstNames = [
        "Ada", "Grace", "Linus", "Barbara", "Dennis", "Margaret", "Ken", "Frances",
        "Alan", "Radia", "Edsger", "Katherine", "Donald", "Hedy", "Niklaus", "Sophie",
    ]
    private static let lastNames = [
        "Lovelace", "Hopper", "Torvalds", "Liskov", "Ritchie", "Hamilton", "Thompson",
        "Allen", "Turing", "Perlman", "Dijkstra", "Johnson", "Knuth", "Lamarr", "Wirth",
        "Wilson",
    ]
    private static let words = [
        "model", "cache", "thread", "render", "merge", "snapshot", "observer", "payload",
        "weak", "table", "value", "graph", "propagate", "consistent", "latency", "frame",
        "server", "partial", "notify", "holder", "identity", "unique", "memory", "swift",
        "screen", "list", "update", "draft", "meeting", "travel", "budget", "recipe",
    ]

    static func name(_ random: inout SeededRandom) -> String {
        "\(firstNames[random.below(firstNames.count)]) \(lastNames[random.below(lastNames.count)])"
    }

    static func username(for name: String, id: Int) -> String {
        name.lowercased().replacingSpaces(with: ".") + String(id)
    }

    static func avatarURL(id: Int, version: Int) -> String {
        "https://cdn.example.com/avatars/\(id)/v\(version)/large.png"
    }

    static func words(_ count: Int, _ random: inout SeededRandom) -> String {
        var text = ""
        for index in 0..<count {
            if index > 0 { text += " " }
            text += words[random.below(words.count)]
        }
        return text
    }

    static func sentence(_ random: inout SeededRandom) -> String {
        let text = words(6 + random.below(8), &random)
        return text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    static func paragraph(_ random: inout SeededRandom) -> String {
        (0..<(2 + random.below(3))).map { _ in sentence(&random) }.joined(separator: " ")
    }

    static func color(_ random: inout SeededRandom) -> String {
        let value = random.below(0x100_0000)
        let hex = String(value, radix: 16)
        return "#" + String(repeating: "0", count: 6 - hex.count) + hex
    }
}

extension String {
    fileprivate func replacingSpaces(with separator: String) -> String {
        split(separator: " ").joined(separator: separator)
    }
}
