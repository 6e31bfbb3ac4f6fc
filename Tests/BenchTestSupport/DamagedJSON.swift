import Foundation

/// A results file with one value replaced, as a damaged or hand-edited
/// file would have it: `path` is the JSON path, keys and array indices
/// (`["cases", 0, "stores", 1, "metrics", 0, "summary", "median"]`).
package enum DamagedJSON {
    package static func replacing(_ path: [any Sendable], with value: any Sendable, in data: Data) throws -> Data {
        let document = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        let damaged = try replace(path[...], with: value, in: document)
        return try JSONSerialization.data(withJSONObject: damaged, options: [.fragmentsAllowed])
    }

    private static func replace(_ path: ArraySlice<any Sendable>, with value: any Sendable, in node: Any) throws -> Any
    {
        guard let step = path.first else { return value }
        switch (step, node) {
        case (let key as String, var object as [String: Any]):
            guard let child = object[key] else { throw Missing(step: "\(key)") }
            object[key] = try replace(path.dropFirst(), with: value, in: child)
            return object
        case (let index as Int, var array as [Any]):
            guard array.indices.contains(index) else { throw Missing(step: "[\(index)]") }
            array[index] = try replace(path.dropFirst(), with: value, in: array[index])
            return array
        default:
            throw Missing(step: "\(step)")
        }
    }

    struct Missing: Error { let step: String }
}
