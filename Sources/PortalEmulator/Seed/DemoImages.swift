import Foundation

/// One generated demo image and its thumbnail, both PNG.
struct DemoImage: Sendable {
    let index: Int
    let title: String
    let description: String
    let width: Int
    let height: Int
    let png: [UInt8]
    let thumbnail: [UInt8]
}

/// Deterministic, colourful demo pictures: gradients, stripes, rings and checkerboards in several
/// sizes. Generated once per process and reused by every emulator started in it.
enum DemoImages {
    static let sizes: [(Int, Int)] = [(64, 48), (120, 90), (160, 120), (96, 96), (200, 150), (90, 160), (240, 180)]
    static let patterns = ["Gradient", "Stripes", "Rings", "Checkerboard", "Bands"]

    static let all: [DemoImage] = (0..<DemoIDs.imageCount).map(make)

    static func make(_ index: Int) -> DemoImage {
        let (width, height) = sizes[index % sizes.count]
        let pattern = patterns[index % patterns.count]
        let hue = Double((index * 37) % 360) / 360
        let title = String(format: "%@ %03d", pattern, index + 1)
        let png = PNGEncoder.encode(width: width, height: height, rgb: pixels(width, height, pattern, hue))
        let scale = min(1, 48 / Double(max(width, height)))
        let thumbWidth = max(1, Int(Double(width) * scale))
        let thumbHeight = max(1, Int(Double(height) * scale))
        let thumbnail = PNGEncoder.encode(width: thumbWidth, height: thumbHeight, rgb: pixels(thumbWidth, thumbHeight, pattern, hue))
        return DemoImage(
            index: index, title: title, description: "A \(width)×\(height) \(pattern.lowercased()) picture",
            width: width, height: height, png: png, thumbnail: thumbnail)
    }

    /// RGB pixels; coordinates are normalised so a thumbnail shows the same picture. Colours come
    /// from a small precomputed palette (hue steps × lightness levels), so the pixel loop is
    /// integer work only.
    static func pixels(_ width: Int, _ height: Int, _ pattern: String, _ hue: Double) -> [UInt8] {
        let hueSteps = 64
        let lightLevels = 8
        let saturation: Double = pattern == "Checkerboard" ? 0.7 : 0.8
        var palette = [UInt8](repeating: 0, count: hueSteps * lightLevels * 3)
        for h in 0..<hueSteps {
            for l in 0..<lightLevels {
                let (r, g, b) = hslToRGB(hue + Double(h) / Double(hueSteps), saturation, 0.2 + 0.6 * Double(l) / Double(lightLevels - 1))
                let offset = (h * lightLevels + l) * 3
                palette[offset] = r
                palette[offset + 1] = g
                palette[offset + 2] = b
            }
        }
        let kind = patterns.firstIndex(of: pattern) ?? 0
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            palette.withUnsafeBufferPointer { colours in
                for y in 0..<height {
                    let v = (y * 256 + 128) / height  // 0..<256
                    for x in 0..<width {
                        let u = (x * 256 + 128) / width  // 0..<256
                        var hueIndex: Int
                        var light: Int
                        switch kind {
                        case 0:  // gradient: hue across, lightness down
                            hueIndex = u * 32 / 256
                            light = 1 + v * 6 / 256
                        case 1:  // stripes
                            hueIndex = (u * 8 / 256) % 2 == 0 ? 0 : 32
                            light = 4
                        case 2:  // rings
                            let du = u - 128
                            let dv = v - 128
                            let d2 = du * du + dv * dv  // up to 32768
                            let ring = d2 / 1024
                            hueIndex = ring * 2 % hueSteps
                            light = ring % 2 == 0 ? 5 : 2
                        case 3:  // checkerboard
                            hueIndex = 0
                            light = (u * 6 / 256 + v * 6 / 256) % 2 == 0 ? 1 : 6
                        default:  // diagonal bands
                            hueIndex = ((u + v) / 8) % hueSteps
                            light = 3 + ((u / 32) ^ (v / 32)) % 3
                        }
                        let colour = (hueIndex * lightLevels + light) * 3
                        let offset = (y * width + x) * 3
                        out[offset] = colours[colour]
                        out[offset + 1] = colours[colour + 1]
                        out[offset + 2] = colours[colour + 2]
                    }
                }
            }
        }
        return rgb
    }

    static func hslToRGB(_ hue: Double, _ saturation: Double, _ lightness: Double) -> (UInt8, UInt8, UInt8) {
        let h = hue - hue.rounded(.down)
        let c = (1 - abs(2 * lightness - 1)) * saturation
        let x = c * (1 - abs((h * 6).truncatingRemainder(dividingBy: 2) - 1))
        let m = lightness - c / 2
        let (r, g, b): (Double, Double, Double)
        switch Int(h * 6) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, ((value + m) * 255).rounded()))) }
        return (byte(r), byte(g), byte(b))
    }
}
