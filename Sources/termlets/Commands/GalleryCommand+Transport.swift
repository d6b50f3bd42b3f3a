import Foundation
import PortalClient
import Screenlets

extension CacheReadingConnection {
    /// The gallery's path on this portal: headless-delivery when its capabilities (stored for the
    /// server, else probed) say it has it, else `dlapp` JSON-WS. Offline, the stored capabilities
    /// decide without a request; none stored means `dlapp`, today's behaviour.
    func galleryTransport() async -> GalleryTransport {
        if let online { return .best(headlessDelivery: await online.capabilities().headlessDelivery) }
        let stored = CapabilitiesCache.load(server: connection.serverDescription, configDirectory: settings.configDirectory)
        return .best(headlessDelivery: stored?.headlessDelivery ?? false)
    }
}
