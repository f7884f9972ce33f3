// The worker executable: flags, then the protocol server on stdin/stdout.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OmniScrollProtocol
import OmniScrollTrace

func printError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

switch Result(catching: { () throws(WorkerOptions.UsageError) in try WorkerOptions.parse(Array(CommandLine.arguments.dropFirst())) }) {
case .failure(let error):
    printError("omniscroll: \(error)\n\n\(WorkerOptions.usage)")
    exit(2)
case .success(.help):
    print(WorkerOptions.usage, terminator: "")
    exit(0)
case .success(.version):
    print("omniscroll \(OmniScrollVersion.current)")
    exit(0)
case .success(.trace(let arguments)):
    switch Result(catching: { () throws(TraceCommand.UsageError) in try TraceCommand.parse(arguments) }) {
    case .failure(let error):
        printError("omniscroll trace: \(error)\n\n\(TraceCommand.usage)")
        exit(2)
    case .success(.help):
        print(TraceCommand.usage, terminator: "")
        exit(0)
    case .success(.run(let command)):
        exit(command.run())
    }
case .success(.run(let options)):
    var templates = TemplateCatalogue()
    if let path = options.templatesFile {
        let bytes: [UInt8]
        switch TraceCommand.readAll(path) {
        case .success(let read): bytes = read
        case .failure(let failure):
            printError("omniscroll: --templates \(path): cannot read it: \(failure.reason)\n")
            exit(2)
        }
        do throws(RPCError) {
            templates = try TemplateCatalogue(file: bytes, limits: options.limits)
        } catch {
            printError("omniscroll: --templates \(path): \(error.message)\n")
            exit(2)
        }
    }
    var server = Server(limits: options.limits, logger: Logger(level: options.logLevel), templates: templates,
                        checkingInvariants: options.checkInvariants)
    exit(server.run(input: 0, output: 1))
}
