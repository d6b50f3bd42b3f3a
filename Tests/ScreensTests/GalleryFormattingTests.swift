import DDM
import Screens
import TermUI
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

    /// Issue 15 "Language": sizes, exact counts and dates in Spanish; the form's upload bar too.
    @Test func spanishSizesCountsAndDates() {
        #expect(GalleryFormatting.size(12_600, locale: .esES) == "12,3 KB")
        #expect(GalleryFormatting.size(512, locale: .esES) == "512 B")
        #expect(GalleryFormatting.count(3_000_000, locale: .esES) == "3.000.000")
        #expect(GalleryFormatting.count(1234, locale: .esES) == "1234")
        #expect(GalleryFormatting.count(3_000_000) == "3000000")
        #expect(GalleryFormatting.date(1_705_309_200_000, locale: .esES) == "15/01/2024")
        #expect(GalleryFormatting.dateTime(1_705_309_200_000, locale: .esES) == "15/01/2024 09:00 UTC")
        #expect(GalleryFormatting.date(nil, locale: .esES) == "—")
        let look = FormCellLook(name: "document", theme: .standard)
        #expect(ProgressBar.text(sent: 1_468_006, total: 3_000_000, width: 60, look: look, locale: .esES).hasSuffix("48% 1,4 MB / 2,9 MB"))
        #expect(ProgressBar.text(sent: 1_468_006, total: 3_000_000, width: 60, look: look).hasSuffix("48% 1.4 MB / 2.9 MB"))
    }
}
