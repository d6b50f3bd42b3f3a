import Screens
import Testing

@Suite("Gallery formatting")
struct GalleryFormattingTests {
    @Test func sizesInBinaryUnitsWithOneDecimal() {
        #expect(GalleryFormatting.size(512) == "512 B")
        #expect(GalleryFormatting.size(12_595) == "12.3 KB")
        #expect(GalleryFormatting.size(4 * 1024 * 1024) == "4.0 MB")
    }

    @Test func datesInUTCIncludingBeforeTheEpochAndUnknown() {
        #expect(GalleryFormatting.date(1_705_309_200_000) == "2024-01-15")
        #expect(GalleryFormatting.dateTime(1_705_309_200_000) == "2024-01-15 09:00 UTC")
        #expect(GalleryFormatting.dateTime(-60_000) == "1969-12-31 23:59 UTC")
        #expect(GalleryFormatting.date(nil) == "—")
        #expect(GalleryFormatting.date(Int64.max) == "—")
    }
}
