import Foundation

/// The typed value of a field. Each kind of field holds one case; see ``DDMField`` for the
/// conversions between this and the server string and label forms.
///
/// Indirect: each value is one reference to an immutable box. Screens copy values (and optional
/// values) into every row and frame; as a plain multi-payload enum, a copy went through the
/// runtime's generic value witnesses (a metadata lookup and an indirect call), as one reference
/// it is one retain.
public indirect enum FieldValue: Sendable, Hashable {
    case boolean(Bool)
    /// Text and text-box fields.
    case string(String)
    /// The values (not labels) of the selected options, in selection order.
    case options([String])
    /// A calendar date: no time, no time zone.
    case date(CalendarDate)
    case integer(Int64)
    /// An exact decimal; never converted through binary floating point.
    case decimal(Decimal)
    case document(DocumentValue)
    case geolocation(Geolocation)
    /// Image and unsupported fields, and a server value that could not be read for its kind: the
    /// text exactly as the portal sent it, sent back unchanged.
    case raw(String)
}
