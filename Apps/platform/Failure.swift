import ArgumentParser
import Foundation

/// Runs `body`; any error becomes one line on stderr ("platform: …") and exit status 1.
func failingWithOneLine(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let exit as ExitCode {
        throw exit
    } catch let error as ValidationError {
        throw error
    } catch {
        FileHandle.standardError.write(Data("platform: \(error)\n".utf8))
        throw ExitCode.failure
    }
}

extension Duration {
    /// Whole seconds, for progress.
    var wholeSeconds: Int64 { components.seconds }
    /// Seconds as a `Double`, for rates.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
