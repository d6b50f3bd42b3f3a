/// Which of the portal's APIs the gallery reads and writes through.
public enum GalleryTransport: String, Sendable, Hashable {
    /// `dlapp` JSON web services: every Liferay version.
    case jsonWebServices = "jsonws"
    /// headless-delivery v1.0 documents (7.2 and later, where the portal answers its probe):
    /// pages of documents, multipart uploads, deletions and Adaptive Media thumbnails.
    case headlessDelivery = "headless-delivery"

    /// headless-delivery when the portal has it, else `dlapp`.
    public static func best(headlessDelivery: Bool) -> GalleryTransport {
        headlessDelivery ? .headlessDelivery : .jsonWebServices
    }
}
