import Foundation

/// The nearest double to a decimal (for geolocations, which are doubles by nature).
func nearestDouble(_ decimal: Decimal) -> Double {
    Double(NumberText.plainString(decimal)) ?? (decimal as NSDecimalNumber).doubleValue
}
