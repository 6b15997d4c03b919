//! Terminal colours for the texts the library renders (diagnostics, explanations): ANSI
//! escapes when asked for, nothing otherwise. Whether to ask is the caller's business
//! (`--color`, `NO_COLOR`, `CLICOLOR_FORCE`, a terminal).

/// Paints text with ANSI colours, or leaves it plain.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Paint(pub(crate) bool);

impl Paint {
    fn wrap(self, code: &str, text: &str) -> String {
        if self.0 {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// Bold red: errors, carets, winning cuts.
    pub(crate) fn error(self, text: &str) -> String {
        self.wrap("1;31", text)
    }

    /// Bold yellow: warnings.
    pub(crate) fn warning(self, text: &str) -> String {
        self.wrap("1;33", text)
    }

    /// Bold: headings.
    pub(crate) fn bold(self, text: &str) -> String {
        self.wrap("1", text)
    }

    /// Bold blue: gutters and arrows.
    pub(crate) fn blue(self, text: &str) -> String {
        self.wrap("1;34", text)
    }

    /// Green: values.
    pub(crate) fn value(self, text: &str) -> String {
        self.wrap("32", text)
    }
}
