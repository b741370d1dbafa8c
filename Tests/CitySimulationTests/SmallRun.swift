@testable import CitySimulation
import EventLog
import Foundation
import PlatformKit

/// The log of a small city run in memory with the repository's fixtures, snapshotting by
/// `snapshotEvery` in batches of 256 events.
func smallRunLog(riders: Int, drivers: Int, hours: Int, seed: UInt64, snapshotEvery: Int64 = 100_000) throws -> InMemoryEventLog {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let assets = try SimulationAssets.load(fixtures: root.appendingPathComponent("fixtures").path)
    let clock = VirtualClock()
    let log = InMemoryEventLog(clock: .virtual(clock))
    let options = SimulationOptions(riders: riders, drivers: drivers, hours: hours, seed: seed, snapshotEvery: snapshotEvery, batchSize: 256)
    _ = try SimulationRun.run(options, log: log, clock: clock, assets: assets)
    return log
}
