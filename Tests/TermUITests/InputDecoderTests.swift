import Testing
import TermletsTestSupport
import TermUI

@Suite("ANSI input decoder")
struct InputDecoderTests {
    func decode(_ text: String, flush: Bool = true) -> [InputEvent] {
        var decoder = ANSIInputDecoder()
        var events = decoder.decode(Array(text.utf8))
        if flush { events += decoder.flush() }
        return events
    }

    func keys(_ text: String) -> [KeyEvent] {
        decode(text).compactMap { if case .key(let key) = $0 { return key } else { return nil } }
    }

    @Test func utf8CharactersAndControlKeys() {
        #expect(keys("aZ日😀") == [.character("a"), .character("Z"), .character("日"), .character("😀")])
        #expect(keys("\r\t\u{7F}\u{8}") == [.enter, .tab, .backspace, .backspace])
        #expect(keys("\u{13}\u{4}\u{3}") == [.ctrl("s"), .ctrl("d"), .ctrl("c")])
        #expect(keys("\u{0}") == [.ctrl(" ")])
    }

    @Test func csiAndSS3Keys() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OH\u{1B}OF\u{1B}OP") == [.up, .home, .end, .function(1)])
        #expect(keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~") == [.home, .end, .home, .end])
        #expect(keys("\u{1B}[5~\u{1B}[6~\u{1B}[2~\u{1B}[3~") == [.pageUp, .pageDown, .insert, .delete])
        #expect(keys("\u{1B}[Z") == [.backTab])
        #expect(keys("\u{1B}[15~\u{1B}[17~\u{1B}[21~\u{1B}[24~") == [.function(5), .function(6), .function(10), .function(12)])
    }

    @Test func modifiersOnSequences() {
        #expect(keys("\u{1B}[1;5C") == [KeyEvent(.right, modifiers: .control)])
        #expect(keys("\u{1B}[1;2A") == [KeyEvent(.up, modifiers: .shift)])
        #expect(keys("\u{1B}[1;3D") == [KeyEvent(.left, modifiers: .alt)])
        #expect(keys("\u{1B}[3;5~") == [KeyEvent(.delete, modifiers: .control)])
        #expect(keys("\u{1B}[1;2P") == [KeyEvent(.function(1), modifiers: .shift)])
        #expect(keys("\u{1B}[115;5u") == [.ctrl("s")])  // CSI u
        #expect(keys("\u{1B}[13u") == [.enter])
    }

    @Test func altAndLoneEscape() {
        #expect(keys("\u{1B}x") == [.alt("x")])
        #expect(keys("\u{1B}\u{7F}") == [KeyEvent(.backspace, modifiers: .alt)])
        var decoder = ANSIInputDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.isWaitingForMoreInput)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(!decoder.isWaitingForMoreInput)
        // ESC arriving before the rest of a sequence, in separate reads, is still one key.
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.decode(Array("[1;5".utf8)).isEmpty)
        #expect(decoder.decode(Array("A".utf8)) == [.key(KeyEvent(.up, modifiers: .control))])
        #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
        #expect(keys("\u{1B}[") == [.alt("[")])
    }

    @Test func bracketedPasteIsOneEventEvenAcrossReads() {
        #expect(decode("\u{1B}[200~line one\r\nline two\u{1B}[201~x") == [.paste("line one\nline two"), .key(.character("x"))])
        var decoder = ANSIInputDecoder()
        var events = decoder.decode(Array("\u{1B}[200~ab\u{1B}[A".utf8))
        #expect(events.isEmpty && decoder.isInsidePaste)
        #expect(decoder.flush().isEmpty)  // a paste is never cut by the escape timeout
        events = decoder.decode(Array("cd\u{1B}[20".utf8))
        #expect(events.isEmpty)
        events = decoder.decode(Array("1~".utf8))
        #expect(events == [.paste("ab\u{1B}[Acd")])
    }

    @Test func sgrAndX10Mouse() {
        #expect(decode("\u{1B}[<0;10;5M") == [.mouse(MouseEvent(.press(.left), at: Point(x: 9, y: 4)))])
        #expect(decode("\u{1B}[<0;10;5m") == [.mouse(MouseEvent(.release(.left), at: Point(x: 9, y: 4)))])
        #expect(decode("\u{1B}[<64;1;1M") == [.mouse(MouseEvent(.wheelUp, at: .zero))])
        #expect(decode("\u{1B}[<65;3;2M") == [.mouse(MouseEvent(.wheelDown, at: Point(x: 2, y: 1)))])
        #expect(decode("\u{1B}[<18;2;2M") == [.mouse(MouseEvent(.press(.right), at: Point(x: 1, y: 1), modifiers: .control))])
        #expect(decode("\u{1B}[<32;4;4M") == [.mouse(MouseEvent(.drag(.left), at: Point(x: 3, y: 3)))])
        #expect(decode("\u{1B}[M !!") == [.mouse(MouseEvent(.press(.left), at: .zero))])
    }

    @Test func malformedInputIsDroppedOrReplaced() {
        var stray = ANSIInputDecoder()
        #expect(stray.decode([0xFF, 0x61]) == [.key(.character("\u{FFFD}")), .key(.character("a"))])
        #expect(keys(String(decoding: [0xE6, 0x97, 0x41], as: UTF8.self)).last == .character("A"))
        var decoder = ANSIInputDecoder()
        #expect(decoder.decode([0xE6, 0x97, 0x41]) == [.key(.character("\u{FFFD}")), .key(.character("A"))])
        #expect(decoder.decode([0xE6, 0x97]).isEmpty)  // cut character: wait
        #expect(decoder.decode([0xA5]) == [.key(.character("日"))])
        #expect(keys("\u{1B}[?1;2cq") == [.character("q")])  // an unknown report is skipped
        #expect(keys("\u{1B}[99999999999A") == [])
        #expect(keys("\u{1B}[1\u{1}x") == [.ctrl("a"), .character("x")])
    }

    @Test func randomBytesNeverCrashAndAlwaysDrain() {
        var generator = SeededGenerator(seed: 0x5EED)
        let interesting: [UInt8] = [0x1B, 0x5B, 0x4F, 0x3C, 0x3B, 0x7E, 0x4D, 0x6D, 0x32, 0x30, 0x31, 0xE6, 0x97, 0xA5, 0xF0, 0x9F, 0x80, 0xFF, 0x00, 0x7F]
        var total = 0
        for _ in 0..<400 {
            var decoder = ANSIInputDecoder()
            let length = Int.random(in: 0..<300, using: &generator)
            let bytes: [UInt8] = (0..<length).map { _ in
                Bool.random(using: &generator) ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            var offset = 0
            while offset < bytes.count {
                let chunk = Int.random(in: 1...17, using: &generator)
                total += decoder.decode(bytes[offset..<min(bytes.count, offset + chunk)]).count
                offset += chunk
            }
            total += decoder.flush().count
            if !decoder.isInsidePaste { #expect(!decoder.isWaitingForMoreInput) }
        }
        #expect(total > 0)
    }
}
