// MARK: - Errors

/// The errors the engine reports. Most engine functions cannot fail; the ones that
/// can say so in their doc comment.
public enum EngineError: Error, Hashable, Sendable {
    /// A checked computation left the 64-bit range of `Money`.
    case overflow
    /// A chart series would have more than `SeriesInterval.maximumBuckets` buckets;
    /// carries the number it would have had.
    case tooManyBuckets(Int)
    /// A period whose first day is after its last day.
    case invalidPeriod
}
