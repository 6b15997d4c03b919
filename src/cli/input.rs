//! Reading the inputs named on the command line, and choosing their format.

use std::io::Read;
use std::path::{Path, PathBuf};

use hackenbush::source::Source;
use hackenbush::syntax::Format;

/// One input named on the command line.
pub enum Input {
    /// Standard input (`-`, or no FILE at all).
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// The inputs for a list of FILE arguments: stdin when the list is empty.
    pub fn list(files: &[PathBuf]) -> Vec<Input> {
        if files.is_empty() {
            return vec![Input::Stdin];
        }
        files.iter().map(|f| Input::from_arg(Some(f))).collect()
    }

    /// The input for an optional FILE argument.
    pub fn from_arg(file: Option<&PathBuf>) -> Input {
        match file {
            Some(f) if f.as_os_str() != "-" => Input::File(f.clone()),
            _ => Input::Stdin,
        }
    }

    /// The name shown in messages and reports.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(path) => path.display().to_string(),
        }
    }

    /// The format: the one asked for, else the one the extension implies.
    pub fn format(&self, asked: Option<Format>) -> Result<Format, String> {
        if let Some(format) = asked {
            return Ok(format);
        }
        match self {
            Input::Stdin => {
                Err("reading stdin needs --format hb, --format christmas or --format json".into())
            }
            Input::File(path) => Format::from_path(path).ok_or_else(|| unknown_extension(path)),
        }
    }

    /// Reads the whole input.
    pub fn read(&self) -> Result<Source, String> {
        let name = self.name();
        let mut bytes = Vec::new();
        let result = match self {
            Input::Stdin => std::io::stdin().lock().read_to_end(&mut bytes).map(|_| ()),
            Input::File(path) => std::fs::read(path).map(|b| bytes = b),
        };
        result.map_err(|e| format!("cannot read {name}: {}", io_reason(&e)))?;
        Source::new(name, bytes)
    }
}

fn unknown_extension(path: &Path) -> String {
    format!(
        "cannot tell the format of {} from its extension; use --format hb, --format christmas \
         or --format json (.hb is hb, .json is json, .in and .txt are christmas)",
        path.display()
    )
}

/// An I/O error's reason without Rust's "(os error N)" noise, lowercase.
fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::IsADirectory => "it is a directory".into(),
        _ => {
            let text = e.to_string();
            let text = text.split(" (os error").next().unwrap_or(&text).to_string();
            let mut chars = text.chars();
            match chars.next() {
                Some(c) => c.to_lowercase().chain(chars).collect(),
                None => text,
            }
        }
    }
}
