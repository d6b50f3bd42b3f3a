extension Theme {
    /// The default theme (`Themes/default`, from the copy compiled in): 16 standard colours plus a
    /// 256-colour accent; adapt it to the terminal.
    public static let standard: Theme = ThemeLibrary.builtIn.load(ThemeLibrary.defaultThemeName).theme

    /// The theme for terminals without colour and `NO_COLOR` (`Themes/mono`, from the copy
    /// compiled in): attributes only.
    public static let monochrome: Theme = ThemeLibrary.builtIn.load(ThemeLibrary.monochromeThemeName).theme
}
