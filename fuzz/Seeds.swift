// Writes the fuzz seed corpus from protocol/conformance/*.jsonl (built and run
// by fuzz/run; standard library + Foundation only).
// usage: seeds <conformance-dir> <out-dir>
// Per transcript: each `send` alone; all sends as one line-framed input; all
// sends as one Content-Length-framed input.
import Foundation

let args = CommandLine.arguments
let fm = FileManager.default
let inDir = URL(fileURLWithPath: args[1]), outDir = URL(fileURLWithPath: args[2])
try fm.createDirectory(at: outDir, withIntermediateDirectories: true)
var count = 0
func emit(_ name: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: outDir.appendingPathComponent(name))
    count += 1
}
for file in try fm.contentsOfDirectory(atPath: inDir.path).sorted() where file.hasSuffix(".jsonl") {
    let base = String(file.dropLast(6))
    let text = try String(contentsOf: inDir.appendingPathComponent(file), encoding: .utf8)
    var sends: [String] = []
    for line in text.split(separator: "\n") {
        guard let obj = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let send = obj["send"] as? String else { continue }
        sends.append(send)
    }
    for (i, s) in sends.enumerated() { try emit("seed-\(base)-\(i)", Array(s.utf8)) }
    try emit("seed-\(base)-all-lines", Array(sends.map { $0 + "\n" }.joined().utf8))
    try emit("seed-\(base)-all-framed", Array(sends.map { "Content-Length: \($0.utf8.count)\r\n\r\n\($0)" }.joined().utf8))
}
print("\(count) seeds")
