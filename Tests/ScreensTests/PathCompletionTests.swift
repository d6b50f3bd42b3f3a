import Foundation
import OfflineStore
import Screens
import TermletsTestSupport
import Testing

/// Tab completion: the pure step in Screens over the entries the program lists
/// (`OfflineStore.LocalPaths`, the only code here that reads the file system).
@Suite("Path completion")
struct PathCompletionTests {
    @Test func oneMatchCompletesSeveralExtendToTheCommonPrefix() throws {
        let folder = try TemporaryDirectory()
        let root = folder.url.path
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        for name in ["photo-1.png", "photo-2.png", ".hidden.png", "notes.txt"] {
            #expect(FileManager.default.createFile(atPath: root + "/photos/" + name, contents: Data()))
        }
        func complete(_ text: String) -> PathCompletion.Result {
            PathCompletion.complete(text, matches: LocalPaths.completions(of: text, limit: 1_000, currentDirectory: root))
        }
        let single = complete("pho")
        #expect(single.text == "photos/" && single.candidates.isEmpty)
        let several = complete("photos/ph")
        #expect(several.text == "photos/photo-")
        #expect(several.candidates == ["photo-1.png", "photo-2.png"])
        #expect(complete("photos/n").text == "photos/notes.txt")
        let none = complete("photos/zzz")
        #expect(none.text == "photos/zzz" && none.candidates.isEmpty)
        #expect(LocalPaths.completions(of: "photos/", currentDirectory: root) == ["photos/notes.txt", "photos/photo-1.png", "photos/photo-2.png"])
        #expect(LocalPaths.completions(of: "photos/.", currentDirectory: root) == ["photos/.hidden.png"])
    }

    @Test func theCompletionStepItselfIsPure() {
        let none = PathCompletion.complete("a/b", matches: [])
        #expect(none.text == "a/b" && none.candidates.isEmpty)
        let one = PathCompletion.complete("a/b", matches: ["a/bc/"])
        #expect(one.text == "a/bc/" && one.candidates.isEmpty)
        let two = PathCompletion.complete("a/b", matches: ["a/bcd", "a/bce/"])
        #expect(two.text == "a/bc" && two.candidates == ["bcd", "bce"])
    }
}
