import EventLog
import PlatformKit

/// A line of a driver's ledger: a trip's fare or an incentive's payout.
protocol LedgerLine {
    init(id: String, money: Money, at: Instant)
    /// The trip's or the program's id.
    var lineID: String { get }
    var money: Money { get }
    var at: Instant { get }
}

extension TripLine: LedgerLine {
    init(id: String, money: Money, at: Instant) { self.init(tripID: id, fare: money, at: at) }
    var lineID: String { tripID }
    var money: Money { fare }
}

extension RewardLine: LedgerLine {
    init(id: String, money: Money, at: Instant) { self.init(programID: id, amount: money, at: at) }
    var lineID: String { programID }
    var money: Money { amount }
}

/// Ledger lines as a snapshot stores them: a column per field instead of a keyed container per
/// line, and each amount's currency as its index among the currencies the lines use (no index
/// at all while there is one currency). A trip line takes ~20 bytes instead of ~100, most of which
/// were keys (an amount alone has four), and the lines load without looking a key up.
struct LedgerColumns: Codable, Equatable, BinaryEncodable {
    /// Each line's trip or program id.
    var ids: [String] = []
    var minorUnits: [Int64] = []
    /// The lines' currencies, in the order they first appear.
    var currencies: [Currency] = []
    /// Each line's currency, as its index in `currencies`; empty when there is at most one.
    var currencyIndexes: [Int64] = []
    /// Each line's time in milliseconds after the line before's (the first's after the epoch).
    var timeSteps: [Int64] = []

    init<Line: LedgerLine>(_ lines: [Line]) {
        ids.reserveCapacity(lines.count)
        minorUnits.reserveCapacity(lines.count)
        timeSteps.reserveCapacity(lines.count)
        var previous: Int64 = 0
        for line in lines {
            ids.append(line.lineID)
            minorUnits.append(line.money.minorUnits)
            let time = line.at.millisecondsSinceEpoch
            timeSteps.append(time &- previous)
            previous = time
            let currency = line.money.currency
            let index = currencies.firstIndex(of: currency) ?? currencies.count
            if index == currencies.count {
                currencies.append(currency)
                // A second currency: every line before this one was in the first.
                if index == 1 { currencyIndexes = Array(repeating: 0, count: ids.count - 1) }
            }
            if currencies.count > 1 { currencyIndexes.append(Int64(index)) }
        }
    }

    /// The lines, in order.
    ///
    /// - Throws: `DecodingError.dataCorrupted` if the columns differ in length or an index names no currency.
    func lines<Line: LedgerLine>(_ type: Line.Type = Line.self) throws -> [Line] {
        try Self.lines(
            count: ids.count, minorUnits: minorUnits, currencies: currencies, currencyIndexes: currencyIndexes, timeSteps: timeSteps
        ) { ids[$0] }
    }

    /// `count` lines from the columns, line `n`'s id being `id(n)` (asked for in order).
    private static func lines<Line: LedgerLine>(
        count: Int, minorUnits: [Int64], currencies: [Currency], currencyIndexes: [Int64], timeSteps: [Int64], id: (Int) throws -> String
    ) throws -> [Line] {
        guard minorUnits.count == count, timeSteps.count == count else {
            throw Self.corrupt("\(count) ids, \(minorUnits.count) amounts and \(timeSteps.count) times")
        }
        let indexed = !currencyIndexes.isEmpty
        guard indexed ? currencyIndexes.count == count : count == 0 || currencies.count == 1 else {
            throw Self.corrupt("\(count) lines, \(currencies.count) currencies and \(currencyIndexes.count) currency indexes")
        }
        var lines: [Line] = []
        lines.reserveCapacity(count)
        var time: Int64 = 0
        for line in 0..<count {
            let index = indexed ? Int(truncatingIfNeeded: currencyIndexes[line]) : 0
            guard currencies.indices.contains(index) else { throw Self.corrupt("line \(line) names currency \(index) of \(currencies.count)") }
            time = time &+ timeSteps[line]
            let money = Money(minorUnits: minorUnits[line], currency: currencies[index])
            lines.append(Line(id: try id(line), money: money, at: Instant(millisecondsSinceEpoch: time)))
        }
        return lines
    }

    /// Lines read from their columns in a snapshot as ``LedgerColumns/lines(_:)`` makes them, the
    /// ids straight from the encoded strings: no array of ids in between (a driver's history is
    /// a string a trip, made once and kept by its line).
    struct Lines<Line: LedgerLine>: BinaryDecodable {
        var lines: [Line]

        init(from decoder: any Decoder) throws {
            lines = try LedgerColumns(from: decoder).lines()
        }

        init(from reader: inout BinaryKeyedReader) throws {
            let minorUnits = try reader.decode([Int64].self, forKey: "minorUnits")
            let currencies = try reader.decode([Currency].self, forKey: "currencies")
            let currencyIndexes = try reader.decode([Int64].self, forKey: "currencyIndexes")
            let timeSteps = try reader.decode([Int64].self, forKey: "timeSteps")
            lines = try reader.withEncodedElements(forKey: "ids") { count, ids in
                var position = 0
                let lines: [Line] = try LedgerColumns.lines(
                    count: count, minorUnits: minorUnits, currencies: currencies, currencyIndexes: currencyIndexes, timeSteps: timeSteps
                ) { line in
                    guard let bytes = LEB128.readPrefixed(ids, at: &position) else { throw LedgerColumns.corrupt("id \(line) runs past the end") }
                    guard let id = UTF8Bytes.string(bytes) else { throw LedgerColumns.corrupt("id \(line) is not valid UTF-8") }
                    return id
                }
                guard position == ids.count else { throw LedgerColumns.corrupt("\(ids.count - position) byte(s) after the last id") }
                return lines
            }
        }
    }

    func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(ids, forKey: "ids")
        writer.encode(minorUnits, forKey: "minorUnits")
        writer.encode(currencies, forKey: "currencies")
        writer.encode(currencyIndexes, forKey: "currencyIndexes")
        writer.encode(timeSteps, forKey: "timeSteps")
    }

    private static func corrupt(_ description: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Malformed ledger lines: \(description)."))
    }
}
