import DDM
import Screens
import Testing

@Suite("Gallery formatting")
struct GalleryFormattingTests {
    @Test func sizesInBinaryUnitsWithOneDecimal() {
        #expect(GalleryFormatting.size(512) == "512 B")
        #expect(GalleryFormatting.size(12_595) == "12.3 KB")
        #expect(GalleryFormatting.size(4 * 1024 * 1024) == "4.0 MB")
    }

    @Test func oneByteFormatterNeverRoundsDownToAWholeUnit() {
        #expect(ByteSize.text(3_000_000) == "2.9 MB")  // was "2 MB" in the form's upload bar
        #expect(ByteSize.progress(sent: 1_500_000, total: 3_000_000) == "1.4 MB / 2.9 MB")
        #expect(ByteSize.text(1_048_575) == "1.0 MB")  // not "1024.0 KB"
        #expect(GalleryFormatting.size(3_000_000) == ByteSize.text(3_000_000))
    }

    @Test func datesInUTCIncludingBeforeTheEpochAndUnknown() {
        #expect(GalleryFormatting.date(1_705_309_200_000) == "2024-01-15")
        #expect(GalleryFormatting.dateTime(1_705_309_200_000) == "2024-01-15 09:00 UTC")
        #expect(GalleryFormatting.dateTime(-60_000) == "1969-12-31 23:59 UTC")
        #expect(GalleryFormatting.date(nil) == "—")
        #expect(GalleryFormatting.date(Int64.max) == "—")
    }
}
