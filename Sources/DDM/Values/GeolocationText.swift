/// The forms of a geolocation: compact JSON for servers, `LAT,LON` on the command line, and
/// locale-formatted numbers for users.
enum GeolocationText {
    /// Reads `{"latitude": …, "longitude": …}` (numbers or numeric strings).
    static func geolocation(server text: String) throws(FieldIssue) -> Geolocation {
        guard let json = try? JSONValue.parse(text) else { throw .invalidGeolocation(text) }
        return try geolocation(json: json, original: text)
    }

    static func geolocation(json: JSONValue, original: String) throws(FieldIssue) -> Geolocation {
        guard let latitude = json["latitude"]?.doubleValue, let longitude = json["longitude"]?.doubleValue,
            latitude.isFinite, longitude.isFinite
        else { throw .invalidGeolocation(original) }
        return Geolocation(latitude: latitude, longitude: longitude)
    }

    /// `{"latitude":43.5,"longitude":-3.8}`: compact JSON.
    static func serverString(_ location: Geolocation) -> String {
        "{\"latitude\":\(JSONValue.format(location.latitude)),\"longitude\":\(JSONValue.format(location.longitude))}"
    }

    /// Reads `LAT,LON` with dots (the command-line form); `;` may separate too.
    static func geolocation(canonical text: String) throws(FieldIssue) -> Geolocation {
        let t = text.trimmingASCIIWhitespace()
        if t.hasPrefix("{") { return try geolocation(server: t) }
        let parts = t.split(separator: t.contains(";") ? ";" : ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let latitude = try? NumberText.decimal(canonical: String(parts[0])),
            let longitude = try? NumberText.decimal(canonical: String(parts[1]))
        else { throw .invalidGeolocation(text) }
        return Geolocation(latitude: NumberText.nearestDouble(latitude), longitude: NumberText.nearestDouble(longitude))
    }

    /// Reads a latitude and a longitude as a user types them in `locale`: separated by `;`, or by
    /// a comma when the locale writes decimals with a dot (or the text has exactly one comma).
    static func geolocation(label text: String, locale: PortalLocale) throws(FieldIssue) -> Geolocation {
        let t = text.trimmingASCIIWhitespace()
        if t.hasPrefix("{") { return try geolocation(server: t) }
        let symbols = NumberText.symbols(for: locale)
        let parts: [Substring]
        if t.contains(";") {
            parts = t.split(separator: ";", omittingEmptySubsequences: false)
        } else if symbols.decimal != "," || t.filter({ $0 == "," }).count == 1 {
            parts = t.split(separator: ",", omittingEmptySubsequences: false)
        } else {
            parts = t.split(separator: " ").map { $0.hasSuffix(",") ? $0.dropLast() : $0 }
        }
        guard parts.count == 2, let latitude = try? NumberText.delocalise(String(parts[0]), locale: locale),
            let longitude = try? NumberText.delocalise(String(parts[1]), locale: locale)
        else { throw .invalidGeolocation(text) }
        return Geolocation(latitude: NumberText.nearestDouble(latitude), longitude: NumberText.nearestDouble(longitude))
    }
}
