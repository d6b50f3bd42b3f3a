/// A point on Earth. Values outside ±90 / ±180 can be held, and fail validation.
public struct Geolocation: Sendable, Hashable {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
