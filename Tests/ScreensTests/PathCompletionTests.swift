import Foundation
import Screens
import TermletsTestSupport
import Testing

@Suite("Path completion")
struct PathCompletionTests {
    @Test func oneMatchCompletesSeveralExtendToTheCommonPrefix() throws {
        let folder = try TemporaryDirectory()
        let root = folder.url.path
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        for name in ["photo-1.png", "photo-2.png", ".hidden.png", "notes.txt"] {
            #expect(FileManager.default.createFile(atPath: root + "/photos/" + name, contents: Data()))
        }
        let single = PathCompletion.complete("pho", directory: root)
        #expect(single.text == "photos/" && single.candidates.isEmpty)
        let several = PathCompletion.complete("photos/ph", directory: root)
        #expect(several.text == "photos/photo-")
        #expect(several.candidates == ["photo-1.png", "photo-2.png"])
        #expect(PathCompletion.complete("photos/n", directory: root).text == "photos/notes.txt")
        let none = PathCompletion.complete("photos/zzz", directory: root)
        #expect(none.text == "photos/zzz" && none.candidates.isEmpty)
        #expect(PathCompletion.completions(of: "photos/", currentDirectory: root) == ["photos/notes.txt", "photos/photo-1.png", "photos/photo-2.png"])
        #expect(PathCompletion.completions(of: "photos/.", currentDirectory: root) == ["photos/.hidden.png"])
    }
}
