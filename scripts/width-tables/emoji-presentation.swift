// Prints the code points with Emoji_Presentation=Yes, one range "lo hi" per line (hex).
var start: UInt32? = nil
var last: UInt32 = 0
for v in UInt32(0)...0x10FFFF {
    guard let s = Unicode.Scalar(v) else { continue }
    if s.properties.isEmojiPresentation {
        if start == nil { start = v }
        last = v
    } else if let lo = start {
        print(String(lo, radix: 16), String(last, radix: 16)); start = nil
    }
}
if let lo = start { print(String(lo, radix: 16), String(last, radix: 16)) }
